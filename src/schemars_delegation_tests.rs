//! Hand-written `impl JsonSchema` blocks that hand the question to another type
//! (`Other::json_schema(generator)`, `generator.subschema_for::<T>()`,
//! `<T as JsonSchema>::schema_name()`), each written once: compiled here against the real
//! schemars 1.2.3 (the ground truth) and read by the pipeline as sources, the two root schemas
//! compared whole, `$defs` names included.

use serde_json::Value;

use crate::model::{Lowerer, Scope};
use crate::schema::schemars::{root_schema, Contract, Dialect, Settings};
use crate::source::ModuleId;

const SETTINGS: Settings =
    Settings { contract: Contract::Deserialize, dialect: Dialect::Draft2020_12, nullable: false, schemars08: None };

/// The root schema of `ty` as the pipeline makes it from `src`, and what it could not follow.
fn ours(src: &str, ty: &str) -> (Value, Vec<String>) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("lib.rs");
    std::fs::write(&path, src).expect("write source");
    let ws = crate::source::load(&[path], &[]).expect("sources load");
    let rs = crate::model::Resolver::new(&ws);
    let mut lowerer = Lowerer::new(&rs);
    let scope = Scope::without_generics(0, ModuleId(0));
    let lowered = lowerer.lower_reachable(&syn::parse_str(ty).expect("a type"), &scope);
    let r = root_schema(&lowerer.model, &lowered, &SETTINGS, &lowerer.type_overrides, &lowerer.code());
    (r.schema, r.opaque.into_iter().map(|o| o.reason).collect())
}

/// What schemars 1.2.3 generates for `T` with rmcp's settings (draft 2020-12, deserialize).
fn real<T: schemars::JsonSchema>() -> Value {
    let schema = schemars::generate::SchemaSettings::draft2020_12().into_generator().into_root_schema_for::<T>();
    schema.to_value()
}

/// The items once as Rust (module `real`) and once as text (`SRC`), so that each case is
/// exactly the program schemars ran.
macro_rules! case {
    ($name:ident { $($items:tt)* }) => {
        mod $name {
            // Written as servers write them.
            #![allow(dead_code, clippy::needless_return, clippy::let_and_return)]
            use std::borrow::Cow;
            use schemars::{JsonSchema, Schema, SchemaGenerator};
            $($items)*
            pub const SRC: &str = stringify!($($items)*);
        }
    };
}

/// Both schemas of `$ty` of case `$case`, and nothing left opaque.
macro_rules! same {
    ($case:ident :: $ty:ident) => {{
        let (got, opaque) = ours($case::SRC, stringify!($ty));
        assert!(opaque.is_empty(), "{}: opaque: {opaque:?}", stringify!($case));
        assert_eq!(got, real::<$case::$ty>(), "{}::{}", stringify!($case), stringify!($ty));
    }};
}

case!(subschema_of_a_leaf {
    pub struct Tally(u64);
    impl JsonSchema for Tally {
        fn schema_name() -> Cow<'static, str> { "Tally".into() }
        fn json_schema(generator: &mut SchemaGenerator) -> Schema { generator.subschema_for::<u64>() }
    }
    #[derive(JsonSchema)]
    pub struct P { pub t: Tally, pub maybe: Option<Tally>, pub many: Vec<Tally> }
});

case!(json_schema_of_a_struct {
    #[derive(JsonSchema)]
    pub struct Inner { pub x: u8 }
    pub struct Wrapper(Inner);
    impl JsonSchema for Wrapper {
        fn schema_name() -> Cow<'static, str> { "Wrapper".into() }
        fn json_schema(g: &mut SchemaGenerator) -> Schema { Inner::json_schema(g) }
    }
    #[derive(JsonSchema)]
    pub struct P { pub w: Wrapper, pub i: Inner }
});

case!(subschema_of_a_struct {
    #[derive(JsonSchema)]
    pub struct Inner { pub x: u8 }
    pub struct Wrapper(Inner);
    impl JsonSchema for Wrapper {
        fn schema_name() -> Cow<'static, str> { "Wrapper".into() }
        fn json_schema(g: &mut SchemaGenerator) -> Schema { g.subschema_for::<Inner>() }
    }
    #[derive(JsonSchema)]
    pub struct P { pub w: Wrapper }
});

case!(qualified_and_inline {
    #[derive(JsonSchema)]
    pub struct Inner { pub x: u8 }
    pub struct Wrapper(Inner);
    impl schemars::JsonSchema for Wrapper {
        fn inline_schema() -> bool { true }
        fn schema_name() -> Cow<'static, str> { "Wrapper".into() }
        fn json_schema(g: &mut SchemaGenerator) -> Schema { return <Inner as schemars::JsonSchema>::json_schema(g); }
    }
    #[derive(JsonSchema)]
    pub struct P { pub w: Wrapper, pub again: Option<Wrapper> }
});

case!(everything_delegated {
    #[derive(JsonSchema)]
    pub struct Inner { pub x: u8 }
    pub struct Same(Inner);
    impl JsonSchema for Same {
        fn inline_schema() -> bool { Inner::inline_schema() }
        fn schema_name() -> Cow<'static, str> { <Inner as JsonSchema>::schema_name() }
        fn schema_id() -> Cow<'static, str> { Inner::schema_id() }
        fn json_schema(g: &mut SchemaGenerator) -> Schema { <Inner>::json_schema(g) }
    }
    #[derive(JsonSchema)]
    pub struct P { pub s: Same, pub i: Inner }
});

case!(name_delegated_id_not {
    #[derive(JsonSchema)]
    pub struct Inner { pub x: u8 }
    pub struct Lookalike(Inner);
    impl JsonSchema for Lookalike {
        fn schema_name() -> Cow<'static, str> { Inner::schema_name() }
        fn json_schema(g: &mut SchemaGenerator) -> Schema { Inner::json_schema(g) }
    }
    #[derive(JsonSchema)]
    pub struct P { pub i: Inner, pub l: Lookalike, pub again: Vec<Lookalike> }
});

case!(std_types {
    pub struct Name(String);
    impl JsonSchema for Name {
        fn schema_name() -> Cow<'static, str> { String::schema_name() }
        fn json_schema(g: &mut SchemaGenerator) -> Schema { String::json_schema(g) }
    }
    pub struct Pairs(Vec<(u8, bool)>);
    impl JsonSchema for Pairs {
        fn schema_name() -> Cow<'static, str> { "Pairs".into() }
        fn json_schema(g: &mut SchemaGenerator) -> Schema { Vec::<(u8, bool)>::json_schema(g) }
    }
    #[derive(JsonSchema)]
    pub struct P { pub n: Name, pub p: Pairs, pub o: Option<Name> }
});

case!(chained {
    #[derive(JsonSchema)]
    pub enum Mode { Fast, Slow }
    pub struct First(Mode);
    impl JsonSchema for First {
        fn schema_name() -> Cow<'static, str> { "First".into() }
        fn json_schema(g: &mut SchemaGenerator) -> Schema { Second::json_schema(g) }
    }
    pub struct Second(Mode);
    impl JsonSchema for Second {
        fn schema_name() -> Cow<'static, str> { "Second".into() }
        fn json_schema(g: &mut SchemaGenerator) -> Schema { g.subschema_for::<Mode>() }
    }
    #[derive(JsonSchema)]
    pub struct P { pub first: First, pub second: Second }
});

case!(changed_after_delegating {
    #[derive(JsonSchema)]
    pub struct Inner { pub x: u8 }
    pub struct Described(Inner);
    impl JsonSchema for Described {
        fn schema_name() -> Cow<'static, str> { "Described".into() }
        fn json_schema(g: &mut SchemaGenerator) -> Schema {
            let mut schema = Inner::json_schema(g);
            schema.insert("description".into(), "An inner value.".into());
            schema.ensure_object().insert("examples".to_owned(), serde_json::json!([{"x": 1}]));
            schema.remove("required");
            schema
        }
    }
    pub struct Referenced(Inner);
    impl JsonSchema for Referenced {
        fn inline_schema() -> bool { true }
        fn schema_name() -> Cow<'static, str> { "Referenced".into() }
        fn json_schema(generator: &mut SchemaGenerator) -> Schema {
            let mut s: Schema = generator.subschema_for::<Inner>();
            s.insert("description".to_owned(), serde_json::Value::from("Points at Inner."));
            s
        }
    }
    pub struct Bound;
    impl JsonSchema for Bound {
        fn schema_name() -> Cow<'static, str> { "Bound".into() }
        fn json_schema(g: &mut SchemaGenerator) -> Schema { let s = g.subschema_for::<u8>(); s }
    }
    pub struct Flagged;
    impl JsonSchema for Flagged {
        fn schema_name() -> Cow<'static, str> { "Flagged".into() }
        fn json_schema(g: &mut SchemaGenerator) -> Schema {
            let mut s = g.subschema_for::<serde_json::Value>();
            s.insert("deprecated".into(), true.into());
            s
        }
    }
    #[derive(JsonSchema)]
    pub struct P { pub d: Described, pub r: Referenced, pub f: Flagged, pub b: Bound }
});

#[test]
fn delegating_impls_are_followed_as_schemars_follows_them() {
    same!(changed_after_delegating::P);
    same!(subschema_of_a_leaf::P);
    same!(subschema_of_a_leaf::Tally);
    same!(json_schema_of_a_struct::P);
    same!(json_schema_of_a_struct::Wrapper);
    same!(subschema_of_a_struct::P);
    same!(subschema_of_a_struct::Wrapper);
    same!(qualified_and_inline::P);
    same!(everything_delegated::P);
    same!(name_delegated_id_not::P);
    same!(std_types::P);
    same!(chained::P);
}

case!(not_followed {
    pub struct Generic<T>(T);
    impl<T: JsonSchema> JsonSchema for Generic<T> {
        fn schema_name() -> Cow<'static, str> { "Generic".into() }
        fn json_schema(g: &mut SchemaGenerator) -> Schema { T::json_schema(g) }
    }
    pub struct Keyed;
    impl JsonSchema for Keyed {
        fn schema_name() -> Cow<'static, str> { "Keyed".into() }
        fn json_schema(g: &mut SchemaGenerator) -> Schema {
            let mut s = g.subschema_for::<u8>();
            s.insert(std::env::var("KEY").unwrap_or_default(), true.into());
            s
        }
    }
    #[derive(JsonSchema)]
    pub struct P { pub g: Generic<u8> }
    pub struct Itself;
    impl JsonSchema for Itself {
        fn schema_name() -> Cow<'static, str> { "Itself".into() }
        #[allow(unconditional_recursion, clippy::only_used_in_recursion)]
        fn json_schema(g: &mut SchemaGenerator) -> Schema { Self::json_schema(g) }
    }
    #[derive(JsonSchema)]
    pub struct Q { pub k: Keyed }
    #[derive(JsonSchema)]
    pub struct R { pub i: Itself }
});

/// What is still runtime-only: a generic impl (what it hands to `T` depends on the
/// instantiation), a body that does more than hand the question on, and `Self` asking itself.
#[test]
fn other_bodies_stay_runtime_only() {
    let (_, opaque) = ours(not_followed::SRC, "P");
    assert_eq!(opaque, ["`Generic` has a hand-written `impl JsonSchema`: uses its generator"]);
    let (_, opaque) = ours(not_followed::SRC, "Q");
    assert_eq!(opaque, ["`Keyed` has a hand-written `impl JsonSchema`: uses its generator"]);
    let (_, opaque) = ours(not_followed::SRC, "R");
    assert_eq!(opaque, ["`Itself` has a hand-written `impl JsonSchema`: uses its generator"]);
}
