//! `#[schemars(transform = …)]` against schemars 1.2.3 compiled into the tests: each case is
//! Rust code compiled here (its `schema_for!` is the truth) and the same code as text, read by
//! the real pipeline (source → model → schema, the transforms' code run by the interpreter).
//! One test per row of schemars' own transforms, and the forms user code takes (fn paths,
//! `RecursiveTransform(f)`, closures, several in order, on containers, fields and variants).

use crate::model::{Lowerer, Scope};
use crate::schema::schemars::{root_schema, Contract, Dialect, RootSchema, Settings};
use crate::source::ModuleId;

/// `schema_for!`'s settings: schemars 1's defaults.
const DEFAULTS: Settings =
    Settings { contract: Contract::Deserialize, dialect: Dialect::Draft2020_12, nullable: false, schemars08: None };

/// The root schema of `ty` in `src`, made by our pipeline.
fn ours(src: &str, ty: &str) -> RootSchema {
    ours_with(src, ty, DEFAULTS)
}

fn ours_with(src: &str, ty: &str, settings: Settings) -> RootSchema {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("lib.rs");
    std::fs::write(&path, src).expect("write source");
    let ws = crate::source::load(&[path], &[]).expect("sources load");
    let rs = crate::model::Resolver::new(&ws);
    let mut lowerer = Lowerer::new(&rs);
    let scope = Scope::without_generics(0, ModuleId(0));
    let syn_ty: syn::Type = syn::parse_str(ty).expect("a type");
    let lowered = lowerer.lower_reachable(&syn_ty, &scope);
    root_schema(&lowerer.model, &lowered, &settings, &lowerer.type_overrides, &lowerer.code())
}

/// A case: the items, compiled (`schema_for!` of the type) and read as text (our schema), and
/// the same items with every `transform = …` taken out, compiled, which must differ (the row
/// is seen to do something).
macro_rules! case {
    ($test:ident, $ty:ident, { $($src:tt)* }) => {
        #[test]
        fn $test() {
            #[allow(dead_code, unused_imports, clippy::all)]
            mod compiled {
                use schemars::transform::*;
                use schemars::{JsonSchema, Schema};
                use serde::{Deserialize, Serialize};
                use serde_json::Value;
                $($src)*
            }
            let expected = serde_json::to_value(schemars::schema_for!(compiled::$ty)).expect("a schema");
            let src = format!(
                "use schemars::transform::*;\nuse schemars::{{JsonSchema, Schema}};\nuse serde::{{Deserialize, Serialize}};\nuse serde_json::Value;\n{}",
                stringify!($($src)*)
            );
            let r = ours(&src, stringify!($ty));
            assert!(r.opaque.is_empty() && r.unknown.is_empty(), "opaque: {:?}, unknown: {:?}", r.opaque, r.unknown);
            assert_eq!(r.schema, expected);
            let untransformed = ours(&strip_transforms(&src), stringify!($ty));
            assert_ne!(untransformed.schema, expected, "the transform changes nothing here");
        }
    };
}

/// The source without its `transform = …` keys (a transform's value is one token tree or a
/// path followed by one: `f`, `RecursiveTransform (f)`, `X :: default ()`, `| s | { … }`).
fn strip_transforms(src: &str) -> String {
    let mut file: syn::File = syn::parse_str(src).expect("the case parses");
    fn strip(attrs: &mut Vec<syn::Attribute>) {
        attrs.retain(|a| {
            !(a.path().is_ident("schemars")
                && crate::model::attr_args(a).iter().all(|m| m.path().is_ident("transform")))
        });
    }
    for item in &mut file.items {
        match item {
            syn::Item::Struct(s) => {
                strip(&mut s.attrs);
                s.fields.iter_mut().for_each(|f| strip(&mut f.attrs));
            }
            syn::Item::Enum(e) => {
                strip(&mut e.attrs);
                for v in e.variants.iter_mut() {
                    strip(&mut v.attrs);
                    v.fields.iter_mut().for_each(|f| strip(&mut f.attrs));
                }
            }
            _ => {}
        }
    }
    quote::quote!(#file).to_string()
}

// schemars' own transforms, one row each, on a container.

case!(own_replace_bool_schemas, Any, {
    #[derive(Deserialize, JsonSchema)]
    #[schemars(transform = ReplaceBoolSchemas::default())]
    pub struct Any {
        pub anything: Value,
        pub list: Vec<Value>,
    }
});

case!(own_remove_ref_siblings, Outer, {
    #[derive(Deserialize, JsonSchema)]
    pub struct Inner {
        pub n: u8,
    }
    #[derive(Deserialize, JsonSchema)]
    #[schemars(transform = RemoveRefSiblings::default())]
    pub struct Outer {
        /// The inner part.
        pub inner: Inner,
    }
});

case!(own_set_single_example, Example, {
    #[derive(Deserialize, JsonSchema)]
    #[schemars(transform = SetSingleExample::default())]
    pub struct Example {
        #[schemars(example = 5, example = 6)]
        pub n: u8,
    }
});

case!(own_replace_const_value, Tagged, {
    #[derive(Deserialize, JsonSchema)]
    #[serde(tag = "kind")]
    #[schemars(transform = ReplaceConstValue::default())]
    pub enum Tagged {
        A { x: u8 },
        B,
    }
});

case!(own_replace_prefix_items, Pair, {
    #[derive(Deserialize, JsonSchema)]
    #[schemars(transform = ReplacePrefixItems::default())]
    pub struct Pair {
        pub both: (u8, String),
    }
});

case!(own_replace_unevaluated_properties, Flat, {
    #[derive(Deserialize, JsonSchema)]
    pub enum Kind {
        A { a: u8 },
        B { b: String },
    }
    #[derive(Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    #[schemars(transform = ReplaceUnevaluatedProperties::default())]
    pub struct Flat {
        #[serde(flatten)]
        pub kind: Kind,
        pub c: u8,
    }
});

case!(own_restrict_formats, Formats, {
    #[derive(Deserialize, JsonSchema)]
    #[schemars(transform = RestrictFormats::default())]
    pub struct Formats {
        pub n: u32,
        #[schemars(email)]
        pub mail: String,
    }
});

case!(own_add_nullable, Nullable, {
    #[derive(Deserialize, JsonSchema)]
    #[schemars(transform = AddNullable::default())]
    pub struct Nullable {
        pub n: Option<u8>,
        pub s: Option<String>,
    }
});

// Code of the workspace.

case!(recursive_user_fn_on_a_container, Params, {
    /// Unsigned formats are not in the JSON Schema vocabulary some clients check.
    fn drop_unsigned_formats(schema: &mut Schema) {
        if let Some(obj) = schema.as_object_mut() {
            let unsigned = obj
                .get("format")
                .and_then(Value::as_str)
                .is_some_and(|f| matches!(f, "uint8" | "uint16" | "uint32" | "uint64" | "uint"));
            if unsigned {
                obj.remove("format");
            }
        }
    }
    #[derive(Deserialize, JsonSchema)]
    pub struct Inner {
        pub small: u8,
    }
    #[derive(Deserialize, JsonSchema)]
    #[schemars(transform = RecursiveTransform(drop_unsigned_formats))]
    pub struct Params {
        pub count: u32,
        pub limit: Option<u64>,
        pub sizes: Vec<u16>,
        pub offset: i64,
        pub inner: Inner,
    }
});

case!(recursive_user_fn_by_full_path_with_a_const_list, Params, {
    const UNSIGNED: &[&str] = &["uint8", "uint16", "uint32", "uint64", "uint"];
    fn drop_unsigned(schema: &mut Schema) {
        let format = schema.get("format").and_then(|f| f.as_str()).map(str::to_owned);
        if let Some(format) = format {
            if UNSIGNED.contains(&format.as_str()) {
                schema.remove("format");
            }
        }
    }
    #[derive(Deserialize, JsonSchema)]
    #[schemars(transform = schemars::transform::RecursiveTransform(drop_unsigned))]
    pub enum Params {
        Count(u32),
        Pair { a: u8, b: Option<u16> },
    }
});

case!(user_fn_on_a_field, Tagged, {
    fn mark(schema: &mut Schema) {
        schema.insert("x-marked".to_owned(), Value::Bool(true));
        if let Some(t) = schema.get_mut("type") {
            *t = Value::String("number".into());
        }
    }
    #[derive(Deserialize, JsonSchema)]
    pub struct Tagged {
        #[schemars(transform = mark)]
        pub n: u8,
        pub m: u8,
    }
});

case!(closure_on_a_variant, Kind, {
    #[derive(Deserialize, JsonSchema)]
    pub enum Kind {
        #[schemars(transform = |s: &mut Schema| { s.insert("title".into(), "The first".into()); })]
        First,
        Second(u8),
    }
});

case!(several_transforms_in_order, Ordered, {
    fn add(schema: &mut Schema) {
        schema.ensure_object().insert("x-step".into(), Value::from(1));
    }
    fn bump(schema: &mut Schema) {
        let n = schema.get("x-step").and_then(Value::as_i64).unwrap_or(0);
        schema.insert("x-step".into(), Value::from(n * 10 + 2));
    }
    #[derive(Deserialize, JsonSchema)]
    #[schemars(transform = add, transform = bump)]
    pub struct Ordered {
        #[schemars(transform = bump, transform = add)]
        pub n: bool,
    }
});

case!(transform_on_a_bool_schema, Loose, {
    fn describe(schema: &mut Schema) {
        schema.insert("description".into(), "anything".into());
    }
    #[derive(Deserialize, JsonSchema)]
    pub struct Loose {
        #[schemars(transform = describe)]
        pub any: Value,
    }
});

case!(recursive_and_plain_on_a_container_and_a_field, Struct, {
    fn capitalize_type(schema: &mut Schema) {
        if let Some(obj) = schema.as_object_mut() {
            if let Some(Value::String(ty)) = obj.get_mut("type") {
                *ty = ty.to_uppercase();
            }
        }
    }
    fn insert_property_count(schema: &mut Schema) {
        let count = schema.get("properties").and_then(Value::as_object).map_or(0, serde_json::Map::len);
        schema.insert("x-propertyCount".to_owned(), count.into());
    }
    #[derive(Deserialize, JsonSchema)]
    #[schemars(transform = RecursiveTransform(capitalize_type), transform = insert_property_count)]
    pub struct Struct {
        pub value: Value,
        #[schemars(transform = insert_property_count)]
        pub int: i32,
    }
});

/// Code the interpreter cannot follow costs that schema alone: opaque where it stopped, with the
/// fn's name and the type whose schema the config may give.
#[test]
fn code_not_followed_is_opaque_at_its_span() {
    let src = "use schemars::{JsonSchema, Schema};\n\
        fn unknown(schema: &mut Schema) { schema.frobnicate(); }\n\
        #[derive(JsonSchema)]\n\
        #[schemars(transform = unknown)]\n\
        pub struct Params { pub n: u8 }\n";
    let r = ours(src, "Params");
    let found: Vec<(String, Option<(usize, usize)>, Option<String>)> = r
        .opaque
        .iter()
        .map(|o| (o.reason.clone(), o.location.as_ref().map(|l| l.line_col()), o.type_path.clone()))
        .collect();
    assert_eq!(
        found,
        vec![(
            "`Params`: the CLI cannot follow `#[schemars(transform = unknown)]` (the method `.frobnicate()` on a JSON value)"
                .to_owned(),
            Some((2, 35)),
            Some("lib::Params".to_owned())
        )]
    );
}

/// The types of the `schemars-transforms` pattern, compiled.
#[allow(dead_code)]
mod fixture {
    include!(concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/rmcp/patterns/schemars-transforms/src/types.rs"));
}

/// The pattern's schemas are schemars 1.2.3's: its parameters (deserialized) and its output
/// (serialized); the one whose transform reads the environment is opaque.
#[test]
fn the_pattern_types_are_what_schemars_derives() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/rmcp/patterns/schemars-transforms/src/types.rs");
    let src = std::fs::read_to_string(path).expect("the pattern's types");
    let page = serde_json::to_value(schemars::schema_for!(fixture::Page)).expect("a schema");
    let r = ours(&src, "Page");
    assert!(r.opaque.is_empty(), "{:?}", r.opaque);
    assert_eq!(r.schema, page);
    let generator = schemars::generate::SchemaSettings::default().for_serialize().into_generator();
    let listing = serde_json::to_value(generator.into_root_schema_for::<fixture::Listing>()).expect("a schema");
    let r = ours_with(&src, "Listing", Settings { contract: Contract::Serialize, ..DEFAULTS });
    assert!(r.opaque.is_empty(), "{:?}", r.opaque);
    assert_eq!(r.schema, listing);
    let reasons: Vec<String> = ours(&src, "Query").opaque.into_iter().map(|o| o.reason).collect();
    assert_eq!(
        reasons,
        ["`Query`: the CLI cannot follow `#[schemars(transform = from_env)]` (`std::env::var()` is only known at runtime)"]
    );
}

/// The value of `expr` in `src` evaluated by the interpreter, schemars' schema fns answered by
/// our pipeline with the settings the code builds (as the rmcp profile's `schema_source` does).
fn evaluated(src: &str, expr: &str) -> serde_json::Value {
    use crate::model::eval::{Frame, SchemaCall, Val};
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("lib.rs");
    std::fs::write(&path, src).expect("write source");
    let ws = crate::source::load(&[path], &[]).expect("sources load");
    let rs = crate::model::Resolver::new(&ws);
    let mut lowerer = Lowerer::new(&rs);
    lowerer.schema_source = Some(std::rc::Rc::new(|lw: &mut Lowerer, ty: &syn::Type, scope: &Scope, call| {
        let SchemaCall::Schemars(g) = call else { return Err("not schemars".into()) };
        let settings = Settings {
            contract: if g.serialize { Contract::Serialize } else { Contract::Deserialize },
            dialect: if g.draft07 { Dialect::Draft07 } else { Dialect::Draft2020_12 },
            ..DEFAULTS
        };
        let lowered = lw.lower_reachable(ty, scope);
        Ok(root_schema(&lw.model, &lowered, &settings, &lw.type_overrides, &lw.code()).schema)
    }));
    let e: syn::Expr = syn::parse_str(expr).expect("an expression");
    match lowerer.evaluator().eval(&e, None, &Frame::new(Scope::without_generics(0, ModuleId(0)))) {
        Ok(Val::Json(v)) => v,
        other => panic!("`{expr}`: {other:?}"),
    }
}

/// A case of code that builds a generator with transforms: `$f()` compiled and evaluated, and
/// what the compiled value shows of the transforms (`$shows`).
macro_rules! generator_case {
    ($test:ident, $f:ident, $shows:expr, { $($src:tt)* }) => {
        #[test]
        fn $test() {
            #[allow(dead_code, unused_imports, unused_mut, clippy::all)]
            mod compiled {
                use schemars::generate::{SchemaGenerator, SchemaSettings};
                use schemars::transform::*;
                use schemars::{JsonSchema, Schema};
                use serde::{Deserialize, Serialize};
                use serde_json::Value;
                $($src)*
            }
            let src = format!(
                "use schemars::generate::{{SchemaGenerator, SchemaSettings}};\nuse schemars::transform::*;\nuse schemars::{{JsonSchema, Schema}};\nuse serde::{{Deserialize, Serialize}};\nuse serde_json::Value;\n{}",
                stringify!($($src)*)
            );
            let expected = compiled::$f();
            let shows: fn(&serde_json::Value) -> bool = $shows;
            assert!(shows(&expected), "the transforms show in {expected}");
            assert_eq!(evaluated(&src, concat!(stringify!($f), "()")), expected);
        }
    };
}

generator_case!(
    generator_with_transform,
    made,
    |v| v.pointer("/properties/n/format").is_none() && v.pointer("/$defs/Inner/properties/m/format").is_none(),
    {
        fn drop_unsigned(schema: &mut Schema) {
            let unsigned = schema.get("format").and_then(Value::as_str).is_some_and(|f| f.starts_with("uint"));
            if unsigned {
                schema.remove("format");
            }
        }
        #[derive(Deserialize, JsonSchema)]
        pub struct Params {
            pub n: u32,
            pub inner: Option<Inner>,
        }
        #[derive(Deserialize, JsonSchema)]
        pub struct Inner {
            pub m: u8,
        }
        pub fn made() -> Value {
            let settings = SchemaSettings::draft2020_12().with_transform(RecursiveTransform(drop_unsigned));
            let generator = settings.into_generator();
            serde_json::to_value(generator.into_root_schema_for::<Params>()).unwrap()
        }
    }
);

generator_case!(
    generator_settings_transforms_pushed,
    pushed,
    |v| v.get("title").is_none() && v.pointer("/properties/n/nullable").is_some(),
    {
        #[derive(Serialize, JsonSchema)]
        /// The output.
        pub struct Out {
            pub n: Option<u8>,
            pub tags: Vec<String>,
        }
        pub fn pushed() -> Value {
            let mut settings = SchemaSettings::draft07().for_serialize();
            settings.transforms.push(Box::new(AddNullable::default()));
            settings.transforms.push(Box::new(|s: &mut Schema| {
                s.remove("title");
            }));
            let generator = SchemaGenerator::new(settings);
            serde_json::to_value(generator.into_root_schema_for::<Out>()).unwrap()
        }
    }
);
