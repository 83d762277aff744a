//! What each rmcp release does: the release table, and the [`Behaviour`] the rest of the profile
//! asks instead of comparing versions itself.
//!
//! rmcp decides the schema side (dialect, nullable style, contracts, validation, stripping, legacy
//! peers); rmcp-macros decides the syntactic side (discovery, docs, accepted keys, the empty-input
//! form, the default router), so a [`Behaviour`] is put together from the rows of both crates'
//! versions. Each row names only what changed from the row before it.

use super::Version;
use crate::schema::schemars::{Contract, Dialect, Schemars08};

/// What a tool without a `Parameters<T>` argument gets as `inputSchema`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EmptyInput {
    /// rmcp's `EmptyObject` schema, draft-07, with its title and doc.
    EmptyObjectSchema,
    /// `{}`.
    Empty,
    /// `{"type": "object", "properties": {}}`.
    ObjectNoProperties,
}

/// The router a bare `#[tool_handler]` serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DefaultRouter {
    /// `self.tool_router`.
    Field,
    /// `Self::tool_router()`.
    AssociatedFn,
}

/// What rmcp does with schemas (decided by the rmcp crate's version).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SchemaSide {
    /// rmcp 0.1 – 0.2 drive schemars 0.8 (with these settings), later releases schemars 1.x.
    pub schemars08: Option<Schemars08>,
    pub dialect: Dialect,
    /// schemars' `AddNullable` transform over the whole document.
    pub nullable: bool,
    /// Remove the root `title` and `description` (a documented type's name and doc) of
    /// parameters and outputs, as rmcp 1.8's `schema_for_input` / `schema_for_output` do. A
    /// schema the server builds itself (`schema_for_type`, `input_schema = …`) keeps them; an
    /// output root that is not an object is stripped only where it is listed at all (3.0 on).
    pub strip_root_meta: bool,
    /// A parameters root that is not `"type": "object"` makes rmcp panic.
    pub input_must_be_object: bool,
    /// An output root that is not `"type": "object"` makes rmcp panic.
    pub output_must_be_object: bool,
    pub output_contract: Contract,
    /// Peers on a protocol older than [`crate::profile::protocol::LATEST_PROTOCOL`] get no non-object `outputSchema`.
    pub legacy_peers_lose_non_object_output: bool,
    /// `ToolBase` / `with_sync_tool` / `with_async_tool`.
    pub trait_tools: bool,
    /// The `Tool` model has an `execution` field.
    pub execution: bool,
}

/// What rmcp-macros accepts and generates (decided by the rmcp-macros version).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MacroSide {
    /// A `Json<T>` return gives an `outputSchema`, and `output_schema = …` is accepted (before:
    /// rmcp's `Tool` has no output schema).
    pub output_schema: bool,
    pub empty_input: EmptyInput,
    pub default_router: DefaultRouter,
    /// `#[tool_router(server_handler)]`.
    pub server_handler_flag: bool,
    /// An empty `#[tool_router]` block without `allow_empty` does not compile.
    pub empty_router_is_error: bool,
    /// `description = <expr>` (const paths, `concat!`), not only literals.
    pub description_expressions: bool,
    /// `#[doc = macro!(…)]` values are kept (before: they reset the doc accumulator).
    pub doc_macros: bool,
    /// Tool-level `title` and `icons` keys.
    pub title_and_icons: bool,
    /// The `meta` key.
    pub meta: bool,
    /// `execution(task_support = …)`.
    pub execution: bool,
}

/// The behaviour of one rmcp + rmcp-macros pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Behaviour {
    pub schema: SchemaSide,
    pub macros: MacroSide,
}

impl Behaviour {
    /// The behaviour of rmcp `rmcp` driven by rmcp-macros `macros`.
    pub fn of(rmcp: Version, macros: Version) -> Behaviour {
        Behaviour { schema: row(rmcp).schema, macros: row(macros).macros }
    }
}

/// One range of releases: from `first` up to the next row's `first`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Row {
    pub first: Version,
    pub schema: SchemaSide,
    pub macros: MacroSide,
}

fn row(v: Version) -> &'static Row {
    RELEASES.iter().rev().find(|r| r.first <= v).unwrap_or(&RELEASES[0])
}

/// The schemars 0.8 settings of rmcp 0.1.4 – 0.1.5 (`SchemaGenerator::default()`, that is
/// `SchemaSettings::draft07()`: `null` added to an `Option`'s `type`, `$ref` siblings moved into
/// an `allOf`). Those releases' `tool_box` servers are read apart from the table
/// (`profile::rmcp::tool_box_tools`).
pub const TOOL_BOX_SCHEMARS: Schemars08 = Schemars08 {
    option_nullable: false,
    option_add_null_type: true,
    remove_ref_siblings: true,
    inline_subschemas: false,
};

/// The release table, oldest first.
pub const RELEASES: &[Row] = &[
    V0_2_0, V0_3_0, V0_4_0, V0_6_4, V0_7_0, V0_8_0, V0_9_0, V0_11_0, V0_15_0, V0_17_0, V1_4_0, V1_8_0, V3_0_0, V3_3_0,
    V3_4_1, V3_9_0, V3_11_0,
];

/// The oldest reproduced release, stated in full; every later row names only what changed.
/// rmcp 0.2 drives schemars 0.8 (`draft07()` with `option_nullable`, without
/// `option_add_null_type` and without visitors); rmcp-macros 0.2 is the same as 0.3.
const V0_2_0: Row = Row {
    first: Version(0, 2, 0),
    schema: SchemaSide {
        schemars08: Some(Schemars08 {
            option_nullable: true,
            option_add_null_type: false,
            remove_ref_siblings: false,
            inline_subschemas: false,
        }),
        dialect: Dialect::Draft07,
        // schemars 0.8 writes `nullable` itself (`option_nullable`), not by a transform.
        nullable: false,
        strip_root_meta: false,
        input_must_be_object: false,
        output_must_be_object: false,
        output_contract: Contract::Deserialize,
        legacy_peers_lose_non_object_output: false,
        trait_tools: false,
        execution: false,
    },
    macros: MacroSide {
        output_schema: false,
        empty_input: EmptyInput::EmptyObjectSchema,
        default_router: DefaultRouter::Field,
        server_handler_flag: false,
        empty_router_is_error: false,
        description_expressions: false,
        doc_macros: false,
        title_and_icons: false,
        meta: false,
        execution: false,
    },
};

/// Structured output (`Json<T>`, `output_schema`); 0.4.0 – 0.6.3 list the same.
/// rmcp 0.3 drives schemars 1.x and lists what 0.6.0 lists, without output schemas.
const V0_3_0: Row =
    Row { first: Version(0, 3, 0), schema: SchemaSide { schemars08: None, nullable: true, ..V0_2_0.schema }, ..V0_2_0 };

const V0_4_0: Row =
    Row { first: Version(0, 4, 0), macros: MacroSide { output_schema: true, ..V0_3_0.macros }, ..V0_3_0 };

const V0_6_4: Row = Row {
    first: Version(0, 6, 4),
    macros: MacroSide { empty_input: EmptyInput::Empty, title_and_icons: true, ..V0_4_0.macros },
    ..V0_4_0
};

const V0_7_0: Row = Row { first: Version(0, 7, 0), macros: MacroSide { doc_macros: true, ..V0_6_4.macros }, ..V0_6_4 };

const V0_8_0: Row = Row {
    first: Version(0, 8, 0),
    macros: MacroSide { empty_input: EmptyInput::ObjectNoProperties, ..V0_7_0.macros },
    ..V0_7_0
};

const V0_9_0: Row = Row {
    first: Version(0, 9, 0),
    schema: SchemaSide { dialect: Dialect::Draft2020_12, ..V0_8_0.schema },
    macros: MacroSide { meta: true, ..V0_8_0.macros },
};

const V0_11_0: Row =
    Row { first: Version(0, 11, 0), schema: SchemaSide { output_must_be_object: true, ..V0_9_0.schema }, ..V0_9_0 };

const V0_15_0: Row = Row {
    first: Version(0, 15, 0),
    schema: SchemaSide { execution: true, ..V0_11_0.schema },
    macros: MacroSide { execution: true, ..V0_11_0.macros },
};

const V0_17_0: Row = Row {
    first: Version(0, 17, 0),
    schema: SchemaSide { nullable: false, trait_tools: true, ..V0_15_0.schema },
    ..V0_15_0
};

const V1_4_0: Row = Row {
    first: Version(1, 4, 0),
    macros: MacroSide { default_router: DefaultRouter::AssociatedFn, server_handler_flag: true, ..V0_17_0.macros },
    ..V0_17_0
};

const V1_8_0: Row = Row {
    first: Version(1, 8, 0),
    schema: SchemaSide { strip_root_meta: true, input_must_be_object: true, ..V1_4_0.schema },
    ..V1_4_0
};

const V3_0_0: Row = Row {
    first: Version(3, 0, 0),
    schema: SchemaSide { output_must_be_object: false, execution: false, ..V1_8_0.schema },
    macros: MacroSide { execution: false, ..V1_8_0.macros },
};

const V3_3_0: Row =
    Row { first: Version(3, 3, 0), macros: MacroSide { empty_router_is_error: true, ..V3_0_0.macros }, ..V3_0_0 };

const V3_4_1: Row =
    Row { first: Version(3, 4, 1), macros: MacroSide { description_expressions: true, ..V3_3_0.macros }, ..V3_3_0 };

const V3_9_0: Row = Row {
    first: Version(3, 9, 0),
    schema: SchemaSide { output_contract: Contract::Serialize, ..V3_4_1.schema },
    ..V3_4_1
};

const V3_11_0: Row = Row {
    first: Version(3, 11, 0),
    schema: SchemaSide { legacy_peers_lose_non_object_output: true, ..V3_9_0.schema },
    ..V3_9_0
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_ordered_starts_at_0_2_and_every_row_changes_something() {
        // rmcp 0.1's `tool_box` servers are read apart from the table.
        assert_eq!(RELEASES[0].first, Version(0, 2, 0));
        for pair in RELEASES.windows(2) {
            assert!(pair[0].first < pair[1].first, "{} before {}", pair[0].first, pair[1].first);
            let same = pair[0].schema == pair[1].schema && pair[0].macros == pair[1].macros;
            assert!(!same, "row {} repeats the row before it", pair[1].first);
        }
    }

    #[test]
    fn behaviours_follow_the_release_notes() {
        let b = |v: &str| {
            let v = Version::parse(v).unwrap();
            Behaviour::of(v, v)
        };
        assert!(!b("0.3.2").macros.output_schema && b("0.4.0").macros.output_schema);
        assert_eq!(b("0.3.0").schema, b("0.6.3").schema);
        assert!(b("0.2.1").schema.schemars08.is_some() && b("0.3.0").schema.schemars08.is_none());
        assert_eq!(b("0.6.0").macros.empty_input, EmptyInput::EmptyObjectSchema);
        assert_eq!(b("0.6.3").macros.empty_input, EmptyInput::EmptyObjectSchema);
        assert_eq!(b("0.6.4").macros.empty_input, EmptyInput::Empty);
        assert_eq!(b("0.7.0").macros.empty_input, EmptyInput::Empty);
        assert_eq!(b("0.8.5").macros.empty_input, EmptyInput::ObjectNoProperties);
        assert_eq!(b("0.8.5").schema.dialect, Dialect::Draft07);
        assert_eq!(b("0.9.1").schema.dialect, Dialect::Draft2020_12);
        assert!(b("0.16.0").schema.nullable);
        assert!(!b("0.17.0").schema.nullable);
        assert!(!b("0.10.0").schema.output_must_be_object);
        assert!(b("0.11.0").schema.output_must_be_object);
        assert!(b("2.2.0").schema.output_must_be_object);
        assert!(!b("3.0.0").schema.output_must_be_object);
        assert!(!b("1.7.0").schema.input_must_be_object && !b("1.7.0").schema.strip_root_meta);
        assert!(b("1.8.0").schema.input_must_be_object && b("1.8.0").schema.strip_root_meta);
        assert!(!b("0.12.0").schema.strip_root_meta && b("2.2.0").schema.strip_root_meta);
        assert!(b("3.11.0").schema.strip_root_meta);
        assert_eq!(b("1.3.0").macros.default_router, DefaultRouter::Field);
        assert_eq!(b("1.4.0").macros.default_router, DefaultRouter::AssociatedFn);
        assert_eq!(b("3.8.0").schema.output_contract, Contract::Deserialize);
        assert_eq!(b("3.9.0").schema.output_contract, Contract::Serialize);
        assert!(!b("3.10.0").schema.legacy_peers_lose_non_object_output);
        assert!(b("3.11.0").schema.legacy_peers_lose_non_object_output);
        assert!(!b("3.4.0").macros.description_expressions && b("3.4.1").macros.description_expressions);
        assert!(!b("3.2.0").macros.empty_router_is_error && b("3.3.0").macros.empty_router_is_error);
        assert!(!b("0.6.0").macros.doc_macros && b("0.7.0").macros.doc_macros);
        assert!(b("0.15.0").macros.execution && b("2.2.0").macros.execution && !b("3.0.0").macros.execution);
        assert!(!b("0.16.0").schema.trait_tools && b("0.17.0").schema.trait_tools);
    }

    #[test]
    fn the_two_crates_decide_their_own_rules() {
        let b = Behaviour::of(Version(3, 11, 0), Version(1, 3, 0));
        assert_eq!(b.schema.output_contract, Contract::Serialize);
        assert_eq!(b.macros.default_router, DefaultRouter::Field);
    }
}
