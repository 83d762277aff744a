//! What each release does. rust-mcp-macros decides the derive and the `#[mcp_tool]` keys,
//! rust-mcp-schema the `Tool` type; a rust-mcp-sdk release names the two it comes with. Each row
//! names only what changed from the row before it.

use super::Version;
use crate::schema::rust_mcp_sdk::{OptionStyle, Rules, UnknownStyle};

/// The order of `inputSchema`'s keys (the fields of rust-mcp-schema's `ToolInputSchema`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputKeyOrder {
    /// `properties`, `required`, `type`.
    PropertiesRequiredType,
    /// `type`, `properties`, `required`.
    TypePropertiesRequired,
}

/// What rust-mcp-macros does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MacroSide {
    pub rules: Rules,
    /// `execution(task_support = …)` is read (and its value checked); else it is passed over.
    pub execution: bool,
}

/// What rust-mcp-schema's `Tool` type has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SchemaSide {
    pub input_key_order: InputKeyOrder,
    /// `Tool` has an `execution` field.
    pub execution: bool,
    /// The top-level `properties` map is a `HashMap`: its order changes from run to run.
    pub hashed_properties: bool,
}

/// The behaviour of one rust-mcp-macros + rust-mcp-schema pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Behaviour {
    pub macros: MacroSide,
    pub schema: SchemaSide,
}

impl Behaviour {
    pub fn of(macros: Version, schema: Version) -> Behaviour {
        Behaviour { macros: row(MACROS, macros).1, schema: row(SCHEMA, schema).1 }
    }
}

fn row<T>(rows: &'static [(Version, T)], v: Version) -> &'static (Version, T) {
    rows.iter().rev().find(|r| r.0 <= v).unwrap_or(&rows[0])
}

/// rust-mcp-macros, oldest first.
pub const MACROS: &[(Version, MacroSide)] =
    &[(Version(0, 8, 0), M0_8_0), (Version(1, 0, 0), M1_0_0), (Version(2, 0, 0), M2_0_0)];

const M0_8_0: MacroSide = MacroSide {
    rules: Rules {
        option: OptionStyle::Nullable,
        unknown: UnknownStyle::TypeUnknown,
        single_segment_value: false,
        mcp_header: false,
    },
    execution: true,
};

const M1_0_0: MacroSide = MacroSide {
    rules: Rules {
        option: OptionStyle::TypeUnion,
        unknown: UnknownStyle::Empty,
        single_segment_value: true,
        ..M0_8_0.rules
    },
    ..M0_8_0
};

const M2_0_0: MacroSide = MacroSide { rules: Rules { mcp_header: true, ..M1_0_0.rules }, execution: false };

/// rust-mcp-schema, oldest first.
pub const SCHEMA: &[(Version, SchemaSide)] =
    &[(Version(0, 9, 0), S0_9_0), (Version(0, 10, 0), S0_10_0), (Version(2, 0, 0), S2_0_0)];

const S0_9_0: SchemaSide =
    SchemaSide { input_key_order: InputKeyOrder::PropertiesRequiredType, execution: true, hashed_properties: true };

const S0_10_0: SchemaSide = SchemaSide { hashed_properties: false, ..S0_9_0 };

const S2_0_0: SchemaSide =
    SchemaSide { input_key_order: InputKeyOrder::TypePropertiesRequired, execution: false, ..S0_10_0 };

/// rust-mcp-sdk releases (oldest first) with the rust-mcp-macros and rust-mcp-schema releases a
/// fresh resolve gives them: what is assumed when the Cargo.lock does not name those two.
pub const SDK_RELEASES: &[(Version, Version, Version)] = &[
    (Version(0, 8, 0), Version(0, 8, 0), Version(0, 9, 6)),
    (Version(0, 8, 1), Version(0, 8, 1), Version(0, 9, 6)),
    (Version(0, 8, 2), Version(0, 8, 1), Version(0, 9, 6)),
    (Version(0, 8, 3), Version(0, 8, 1), Version(0, 9, 6)),
    (Version(0, 9, 0), Version(0, 9, 0), Version(0, 10, 3)),
    (Version(0, 10, 0), Version(0, 9, 1), Version(0, 10, 3)),
    (Version(1, 0, 0), Version(1, 0, 0), Version(0, 10, 3)),
    (Version(1, 0, 1), Version(1, 1, 0), Version(0, 10, 3)),
    (Version(1, 1, 0), Version(1, 1, 0), Version(1, 0, 0)),
    (Version(2, 0, 0), Version(2, 0, 0), Version(2, 0, 0)),
];

/// The rust-mcp-sdk releases of [`SDK_RELEASES`], oldest first: what a requirement resolves against.
pub const KNOWN_RELEASES: [Version; SDK_RELEASES.len()] = {
    let mut out = [Version(0, 0, 0); SDK_RELEASES.len()];
    let mut i = 0;
    while i < SDK_RELEASES.len() {
        out[i] = SDK_RELEASES[i].0;
        i += 1;
    }
    out
};

/// The macros and schema releases of an SDK release (the row at or below it).
pub fn companions(sdk: Version) -> (Version, Version) {
    let r = SDK_RELEASES.iter().rev().find(|r| r.0 <= sdk).unwrap_or(&SDK_RELEASES[0]);
    (r.1, r.2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_ordered_and_every_row_changes_something() {
        assert!(MACROS.windows(2).all(|w| w[0].0 < w[1].0 && w[0].1 != w[1].1));
        assert!(SCHEMA.windows(2).all(|w| w[0].0 < w[1].0 && w[0].1 != w[1].1));
        assert!(SDK_RELEASES.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn behaviours_follow_the_releases() {
        let b = |sdk: Version| {
            let (m, s) = companions(sdk);
            Behaviour::of(m, s)
        };
        let old = b(Version(0, 8, 3));
        assert_eq!(old.macros.rules.option, OptionStyle::Nullable);
        assert!(old.schema.hashed_properties && old.schema.execution);
        assert!(!b(Version(0, 10, 0)).schema.hashed_properties);
        assert_eq!(b(Version(0, 10, 0)).macros.rules.unknown, UnknownStyle::TypeUnknown);
        assert_eq!(b(Version(1, 0, 1)).macros.rules.unknown, UnknownStyle::Empty);
        assert_eq!(b(Version(1, 1, 0)).schema.input_key_order, InputKeyOrder::PropertiesRequiredType);
        let new = b(Version(2, 0, 0));
        assert_eq!(new.schema.input_key_order, InputKeyOrder::TypePropertiesRequired);
        assert!(new.macros.rules.mcp_header && !new.macros.execution && !new.schema.execution);
    }
}
