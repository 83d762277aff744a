//! Tests of the schemars flavour: Rust sources loaded through the real pipeline (source → IR →
//! schema; here, as `src/schema/` itself names neither syn nor the sources), compared with
//! what rmcp 3.11 published (`testdata/rmcp/v3_11/tools.json`) and with what schemars 1.x derives for
//! each rule, one test per area.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use crate::model::{Lowerer, Scope};
use crate::schema::schemars::*;
use crate::source::ModuleId;

const PARAMS: Settings =
    Settings { contract: Contract::Deserialize, dialect: Dialect::Draft2020_12, nullable: false, schemars08: None };
const OUTPUT: Settings =
    Settings { contract: Contract::Serialize, dialect: Dialect::Draft2020_12, nullable: false, schemars08: None };
const LEGACY: Settings =
    Settings { contract: Contract::Deserialize, dialect: Dialect::Draft07, nullable: true, schemars08: None };

fn generate_at(path: &Path, ty: &str, settings: Settings, parameters: bool) -> RootSchema {
    let ws = crate::source::load(&[path.to_path_buf()], &[]).expect("sources load");
    let rs = crate::model::Resolver::new(&ws);
    let mut lowerer = Lowerer::new(&rs);
    let scope = Scope::without_generics(0, ModuleId(0));
    let syn_ty: syn::Type = syn::parse_str(ty).expect("a type");
    let lowered = lowerer.lower_reachable(&syn_ty, &scope);
    if parameters {
        parameters_root_schema(&lowerer.model, &lowered, &settings, &lowerer.type_overrides, &lowerer.code())
    } else {
        root_schema(&lowerer.model, &lowered, &settings, &lowerer.type_overrides, &lowerer.code())
    }
}

fn generate(src: &str, ty: &str, settings: Settings, parameters: bool) -> RootSchema {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("lib.rs");
    std::fs::write(&path, src).expect("write source");
    generate_at(&path, ty, settings, parameters)
}

/// rmcp's stripping of the root title and description.
fn strip(mut v: Value) -> Value {
    if let Value::Object(m) = &mut v {
        m.remove("title");
        m.remove("description");
    }
    v
}

/// `Parameters<T>` as rmcp 3.11 publishes it.
fn input(src: &str, ty: &str) -> Value {
    let r = generate(src, ty, PARAMS, true);
    assert!(r.opaque.is_empty(), "opaque: {:?}", r.opaque);
    strip(r.schema)
}

/// `Json<T>` as rmcp 3.11 publishes it.
fn output(src: &str, ty: &str) -> Value {
    let r = generate(src, ty, OUTPUT, false);
    assert!(r.opaque.is_empty(), "opaque: {:?}", r.opaque);
    strip(r.schema)
}

const S: &str = "https://json-schema.org/draft/2020-12/schema";

fn with_schema(mut v: Value) -> Value {
    v["$schema"] = json!(S);
    v
}

/// The rmcp conformance data in the repository (`testdata/rmcp`, copied from the shared ground
/// truth): a test reading it fails when it is not there, rather than passing on nothing.
fn conformance_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/rmcp")
}

/// `file`, read, or a failure naming it.
fn read_fixture(file: &Path) -> String {
    std::fs::read_to_string(file)
        .unwrap_or_else(|e| panic!("{}: {e} (the rmcp conformance data moved?)", file.display()))
}

/// Every `Parameters<T>` and `Json<T>` of the v3_11 conformance crate, against `tools.json`.
#[test]
fn v3_11_conformance_schemas() {
    let dir = conformance_dir().join("v3_11");
    let text = read_fixture(&dir.join("tools.json"));
    let tools: Value = serde_json::from_str(&text).unwrap();
    let tools = tools.get("tools").cloned().unwrap_or(tools);
    let find = |name: &str| tools.as_array().unwrap().iter().find(|t| t["name"] == name).cloned().unwrap();
    let main = dir.join("src/main.rs");
    let inputs = [
        ("add", "AddArgs"),
        ("serde_renames", "RenameArgs"),
        ("optional_fields", "OptionalArgs"),
        ("nested", "NestedArgs"),
        ("collections", "CollectionArgs"),
        ("generic_params", "Paged<Filter>"),
        ("recursive", "RecursiveArgs"),
        ("newtypes", "NewtypeArgs"),
        ("empty_struct", "EmptyArgs"),
        ("json_object_params", "JsonObject"),
        ("extra.tool", "Filter"),
        ("trait_tool", "TraitToolInput"),
        ("out_struct", "AddArgs"),
    ];
    for (tool, ty) in inputs {
        let r = generate_at(&main, ty, PARAMS, true);
        assert!(r.opaque.is_empty() && r.unknown.is_empty(), "{tool}: {:?} {:?}", r.opaque, r.unknown);
        assert_eq!(strip(r.schema), find(tool)["inputSchema"], "inputSchema of {tool}");
    }
    let outputs = [
        ("out_struct", "SumOutput"),
        ("out_vec", "Vec<Item>"),
        ("out_hashmap", "HashMap<String, f64>"),
        ("out_i32", "i32"),
        ("out_string", "String"),
        ("out_tagged_enum", "Shape"),
        ("out_unit_enum", "SortOrder"),
        ("out_recursive", "TreeNode"),
        ("out_newtype", "UserId"),
        ("out_result_json", "SumOutput"),
        ("trait_tool", "TraitToolOutput"),
    ];
    for (tool, ty) in outputs {
        let r = generate_at(&main, ty, OUTPUT, false);
        assert!(r.opaque.is_empty() && r.unknown.is_empty(), "{tool}: {:?} {:?}", r.opaque, r.unknown);
        assert_eq!(strip(r.schema), find(tool)["outputSchema"], "outputSchema of {tool}");
    }
}

/// Old releases (draft-07, nullable, root title kept): the `Catalog` of `versions/0.6.4`.
#[test]
fn legacy_release_conformance_schemas() {
    let dir = conformance_dir().join("versions/0.6.4");
    let text = read_fixture(&dir.join("expected.json"));
    let expected: Value = serde_json::from_str(&text).unwrap();
    let tools = expected["servers"]["Catalog"]["tools"].as_array().unwrap().clone();
    let find = |name: &str| tools.iter().find(|t| t["name"] == name).cloned().unwrap();
    let main = dir.join("src/main.rs");
    for (tool, ty) in [
        ("add", "AddArgs"),
        ("collections", "CollectionArgs"),
        ("generic_params", "Paged<Filter>"),
        ("nested", "NestedArgs"),
        ("optional_fields", "OptionalArgs"),
        ("recursive", "RecursiveArgs"),
        ("newtypes", "NewtypeArgs"),
        ("empty_struct", "EmptyArgs"),
    ] {
        let r = generate_at(&main, ty, LEGACY, true);
        assert!(r.opaque.is_empty(), "{tool}: {:?}", r.opaque);
        assert_eq!(r.schema, find(tool)["inputSchema"], "inputSchema of {tool}");
    }
    for (tool, ty) in [("out_struct", "SumOutput"), ("out_recursive", "TreeNode")] {
        let r = generate_at(&main, ty, LEGACY, false);
        assert_eq!(r.schema, find(tool)["outputSchema"], "outputSchema of {tool}");
    }
}

/// The composite built-ins mirrored here match what schemars generates for the same types.
#[test]
fn builtins_match_schemars() {
    use schemars::generate::SchemaSettings;
    fn real<T: schemars::JsonSchema>() -> Value {
        let mut v = SchemaSettings::draft2020_12().into_generator().into_root_schema_for::<T>().to_value();
        crate::schema::order::sort_all_keys(&mut v);
        v
    }
    let src = "pub struct Unused;";
    let cases: Vec<(&str, Value)> = vec![
        ("Vec<u8>", real::<Vec<u8>>()),
        ("std::collections::HashMap<u32, String>", real::<std::collections::HashMap<u32, String>>()),
        ("std::collections::BTreeMap<i16, bool>", real::<std::collections::BTreeMap<i16, bool>>()),
        ("std::collections::HashMap<char, f32>", real::<std::collections::HashMap<char, f32>>()),
        ("(i8, bool, char)", real::<(i8, bool, char)>()),
        ("Option<Option<u16>>", real::<Option<Option<u16>>>()),
        ("[u64; 4]", real::<[u64; 4]>()),
        ("[u64; 0]", real::<[u64; 0]>()),
        ("std::collections::BTreeSet<isize>", real::<std::collections::BTreeSet<isize>>()),
        ("Vec<std::time::Duration>", real::<Vec<std::time::Duration>>()),
        ("Option<std::time::SystemTime>", real::<Option<std::time::SystemTime>>()),
        ("Option<serde_json::Value>", real::<Option<serde_json::Value>>()),
        ("serde_json::Map<String, serde_json::Value>", real::<serde_json::Map<String, serde_json::Value>>()),
        ("Box<std::num::NonZeroI64>", real::<Box<std::num::NonZeroI64>>()),
        ("Vec<chrono::NaiveTime>", real::<Vec<chrono::NaiveTime>>()),
        ("Option<uuid::Uuid>", real::<Option<uuid::Uuid>>()),
        ("std::net::Ipv6Addr", real::<std::net::Ipv6Addr>()),
        ("()", real::<()>()),
        (
            "std::collections::HashMap<String, Vec<(u8, String)>>",
            real::<std::collections::HashMap<String, Vec<(u8, String)>>>(),
        ),
    ];
    for (ty, want) in cases {
        assert_eq!(generate(src, ty, PARAMS, false).schema, want, "{ty}");
    }
}

/// `$defs` names in first-reference order, numeric suffixes, `rename` with `{T}`, the
/// root's name free for a nested type, and `$ref` escaping.
#[test]
fn defs_names_and_refs() {
    let src = r#"
        pub struct Filter { pub field: String }
        pub struct Page<T> { pub item: T }
        pub struct Root { pub a: Page<Filter>, pub b: Page<String>, pub c: Vec<Page<u8>>, pub d: Page<Filter> }
        #[schemars(rename = "Box_{T}")]
        pub struct Boxed<T> { pub v: T }
        pub struct UsesBoxed { pub b: Boxed<u8> }
        pub mod inner { pub struct Root { pub x: bool } }
        pub struct Outer { pub r: inner::Root }
        #[serde(rename = "a/b~c d")]
        pub struct Odd { pub x: bool }
        pub struct HasOdd { pub o: Odd }
    "#;
    let s = input(src, "Root");
    assert_eq!(s["properties"]["a"], json!({"$ref": "#/$defs/Page"}));
    assert_eq!(s["properties"]["b"], json!({"$ref": "#/$defs/Page2"}));
    assert_eq!(s["properties"]["c"], json!({"type": "array", "items": {"$ref": "#/$defs/Page3"}}));
    assert_eq!(s["properties"]["d"], json!({"$ref": "#/$defs/Page"}));
    let keys: Vec<&String> = s["$defs"].as_object().unwrap().keys().collect();
    assert_eq!(keys, ["Filter", "Page", "Page2", "Page3"]);
    assert_eq!(s["$defs"]["Page"]["properties"]["item"], json!({"$ref": "#/$defs/Filter"}));
    assert_eq!(s["$defs"]["Page3"]["properties"]["item"]["format"], json!("uint8"));

    let s = input(src, "UsesBoxed");
    assert_eq!(s["properties"]["b"], json!({"$ref": "#/$defs/Box_uint8"}));
    let s = input(src, "Outer");
    assert_eq!(s["properties"]["r"], json!({"$ref": "#/$defs/Root"}));
    let s = input(src, "HasOdd");
    assert_eq!(s["properties"]["o"], json!({"$ref": "#/$defs/a~1b~0c%20d"}));
    assert!(s["$defs"].get("a/b~c d").is_some());
    // The generic root is inlined, its argument named.
    let s = input(src, "Page<Filter>");
    assert_eq!(s["properties"]["item"], json!({"$ref": "#/$defs/Filter"}));
}

/// Numbers, char, strings, net and time types.
#[test]
fn primitives_and_leaves() {
    let src = r#"
        pub struct N {
            pub a: i8, pub b: i16, pub c: i32, pub d: i64, pub e: i128, pub f: isize,
            pub g: u8, pub h: u16, pub i: u32, pub j: u64, pub k: u128, pub l: usize,
            pub m: f32, pub n: f64, pub o: bool, pub p: char, pub q: String,
            pub r: std::num::NonZeroU8, pub s: std::num::NonZeroI32,
            pub t: std::net::IpAddr, pub u: std::net::Ipv4Addr, pub v: std::path::PathBuf,
            pub w: chrono::NaiveDateTime, pub x: chrono::NaiveTime, pub y: std::time::Duration,
            pub z: (), pub aa: std::sync::atomic::AtomicU32, pub bb: std::net::SocketAddr,
        }
    "#;
    let s = input(src, "N");
    let p = &s["properties"];
    assert_eq!(p["a"], json!({"type": "integer", "format": "int8", "minimum": -128, "maximum": 127}));
    assert_eq!(p["b"], json!({"type": "integer", "format": "int16", "minimum": -32768, "maximum": 32767}));
    assert_eq!(p["c"], json!({"type": "integer", "format": "int32"}));
    assert_eq!(p["e"], json!({"type": "integer", "format": "int128"}));
    assert_eq!(p["f"], json!({"type": "integer", "format": "int"}));
    assert_eq!(p["g"], json!({"type": "integer", "format": "uint8", "minimum": 0, "maximum": 255}));
    assert_eq!(p["h"], json!({"type": "integer", "format": "uint16", "minimum": 0, "maximum": 65535}));
    assert_eq!(p["l"], json!({"type": "integer", "format": "uint", "minimum": 0}));
    assert_eq!(p["m"], json!({"type": "number", "format": "float"}));
    assert_eq!(p["o"], json!({"type": "boolean"}));
    assert_eq!(p["p"], json!({"type": "string", "minLength": 1, "maxLength": 1}));
    assert_eq!(p["r"], json!({"type": "integer", "format": "uint8", "minimum": 1, "maximum": 255}));
    assert_eq!(p["s"], json!({"type": "integer", "format": "int32", "not": {"const": 0}}));
    assert_eq!(p["t"], json!({"type": "string", "format": "ip"}));
    assert_eq!(p["u"], json!({"type": "string", "format": "ipv4"}));
    assert_eq!(p["v"], json!({"type": "string"}));
    assert_eq!(p["w"], json!({"type": "string", "format": "partial-date-time"}));
    assert_eq!(p["x"], json!({"type": "string", "format": "partial-time"}));
    assert_eq!(p["y"], json!({"$ref": "#/$defs/Duration"}));
    assert_eq!(p["z"], json!({"type": "null"}));
    assert_eq!(p["aa"], json!({"type": "integer", "format": "uint32", "minimum": 0}));
    assert_eq!(p["bb"], json!({"type": "string"}));
    assert_eq!(
        s["$defs"]["Duration"],
        json!({"type": "object", "properties": {
            "secs": {"type": "integer", "format": "uint64", "minimum": 0},
            "nanos": {"type": "integer", "format": "uint32", "minimum": 0}}, "required": ["secs", "nanos"]})
    );
}

/// `Option<T>`.
#[test]
fn options() {
    let src = r#"
        pub struct A { pub x: bool }
        pub enum E { X, Y }
        pub struct O {
            /// Documented.
            pub r: Option<A>,
            pub s: Option<Vec<String>>,
            pub e: Option<E>,
            pub v: Option<serde_json::Value>,
            pub oo: Option<Option<A>>,
            pub ot: Option<(u8, bool)>,
        }
    "#;
    let s = input(src, "O");
    let p = &s["properties"];
    assert_eq!(p["r"], json!({"anyOf": [{"$ref": "#/$defs/A"}, {"type": "null"}], "description": "Documented."}));
    assert_eq!(p["s"], json!({"type": ["array", "null"], "items": {"type": "string"}}));
    assert_eq!(p["e"], json!({"anyOf": [{"$ref": "#/$defs/E"}, {"type": "null"}]}));
    assert_eq!(p["v"], json!(true));
    assert_eq!(p["oo"], json!({"anyOf": [{"$ref": "#/$defs/A"}, {"type": "null"}]}));
    assert_eq!(p["ot"]["type"], json!(["array", "null"]));
    assert!(s.get("required").is_none());
    let s = output(src, "O");
    assert_eq!(s["required"], json!(["r", "s", "e", "v", "oo", "ot"]));
    // A const becomes an enum with null.
    let src = r#"
        #[serde(tag = "k")]
        pub enum T { #[schemars(inline)] V }
        pub struct W { pub c: Option<char>, #[schemars(extend("const" = 1))] pub k: Option<u8> }
    "#;
    let s = input(src, "W");
    assert_eq!(s["properties"]["c"], json!({"type": ["string", "null"], "minLength": 1, "maxLength": 1}));
    assert_eq!(s["properties"]["k"]["const"], json!(1));
}

/// `required` per contract, defaults, deny_unknown_fields, unit and tuple structs.
#[test]
fn structs_required_and_defaults() {
    let src = r#"
        fn default_limit() -> u32 { 20 }
        fn default_name() -> String { "anon".to_string() }
        fn default_ratio() -> f64 { 1 }
        #[derive(Serialize, Deserialize)]
        pub struct Out {
            pub a: String,
            pub b: Option<String>,
            #[serde(skip_serializing_if = "Option::is_none")]
            pub c: Option<String>,
            #[serde(default)]
            pub d: Vec<String>,
        }
        #[derive(Serialize, Deserialize)]
        pub struct Defaults {
            #[serde(default)] pub flag: bool,
            #[serde(default = "default_limit")] pub limit: u32,
            #[serde(default = "default_name")] pub name: String,
            #[serde(default = "default_ratio")] pub ratio: f64,
            #[serde(default)] pub opt: Option<String>,
            #[serde(default, skip_serializing_if = "Vec::is_empty")] pub tags: Vec<String>,
            #[serde(default, skip_serializing_if = "Option::is_none")] pub gone: Option<u8>,
            #[schemars(required)] pub must: Option<u8>,
        }
        #[derive(Deserialize, JsonSchema)]
        #[serde(deny_unknown_fields)]
        pub struct Closed { pub x: u8 }
        #[derive(Deserialize, JsonSchema)]
        pub struct Unit;
        #[derive(Deserialize, JsonSchema)]
        pub struct Pair(pub u8, pub String);
        #[derive(Deserialize, JsonSchema)]
        pub struct HasThem { pub u: Unit, pub p: Pair, pub c: Closed }
    "#;
    assert_eq!(input(src, "Out")["required"], json!(["a"]));
    assert_eq!(output(src, "Out")["required"], json!(["a", "b", "d"]));
    assert_eq!(
        input(src, "Out")["properties"]["d"],
        json!({"type": "array", "items": {"type": "string"}, "default": []})
    );

    let s = input(src, "Defaults");
    let p = &s["properties"];
    assert_eq!(p["flag"], json!({"type": "boolean", "default": false}));
    assert_eq!(p["limit"]["default"], json!(20));
    assert_eq!(p["name"]["default"], json!("anon"));
    assert_eq!(p["ratio"]["default"], json!(1.0));
    assert_eq!(p["opt"], json!({"type": ["string", "null"], "default": null}));
    assert!(p["tags"].get("default").is_none());
    assert!(p["gone"].get("default").is_none());
    assert_eq!(p["must"], json!({"type": "integer", "format": "uint8", "minimum": 0, "maximum": 255}));
    assert_eq!(s["required"], json!(["must"]));
    let s = output(src, "Defaults");
    assert_eq!(s["required"], json!(["flag", "limit", "name", "ratio", "opt", "must"]));

    let s = input(src, "HasThem");
    assert_eq!(s["$defs"]["Unit"], json!({"type": "null"}));
    assert_eq!(
        s["$defs"]["Pair"],
        json!({"type": "array", "prefixItems": [{"type": "integer", "format": "uint8", "minimum": 0, "maximum": 255}, {"type": "string"}], "minItems": 2, "maxItems": 2})
    );
    assert_eq!(s["$defs"]["Closed"]["additionalProperties"], json!(false));
}

/// Container `#[serde(default)]` with a derived or hand-written `Default`; a `Default`
/// that reads the running program's world is opaque; a type that is not `Serialize` shows no
/// default.
#[test]
fn container_defaults() {
    let src = r#"
        #[derive(Deserialize, Serialize, Default)]
        #[serde(rename_all = "lowercase")]
        pub enum Mode { #[default] Fast, Slow }
        #[derive(Deserialize, Serialize, Default)]
        #[serde(default)]
        pub struct Derived { pub n: u32, pub mode: Mode, pub s: String }
        #[derive(Deserialize, Serialize)]
        #[serde(default)]
        pub struct Manual { pub n: u32, pub label: String, pub mode: Mode }
        impl Default for Manual {
            fn default() -> Self { Self { n: 7, label: "x".into(), ..Self::base() } }
        }
        impl Manual { fn base() -> Self { Manual { n: 0, label: String::new(), mode: Mode::Slow } } }
        #[derive(Deserialize, Serialize)]
        #[serde(default)]
        pub struct Bound { pub n: u32 }
        impl Default for Bound { fn default() -> Self { let n = 3; Self { n } } }
        #[derive(Deserialize, Serialize)]
        #[serde(default)]
        pub struct Opaque { pub n: u32 }
        impl Default for Opaque { fn default() -> Self { Self { n: std::process::id() } } }
        #[derive(Deserialize, Default)]
        pub struct NoSer { pub n: u32 }
        #[derive(Deserialize)]
        pub struct UsesNoSer { #[serde(default)] pub x: NoSer, #[serde(default)] pub m: Mode }
    "#;
    let s = input(src, "Derived");
    assert_eq!(s["properties"]["n"]["default"], json!(0));
    assert_eq!(s["properties"]["mode"], json!({"$ref": "#/$defs/Mode", "default": "fast"}));
    assert_eq!(s["properties"]["s"]["default"], json!(""));
    assert!(s.get("required").is_none());
    let s = generate(src, "Manual", PARAMS, true).schema;
    assert_eq!(s["properties"]["n"]["default"], json!(7));
    assert_eq!(s["properties"]["label"]["default"], json!("x"));
    let s = input(src, "Bound");
    assert_eq!(s["properties"]["n"]["default"], json!(3));
    let r = generate(src, "Opaque", PARAMS, true);
    assert!(r.opaque.iter().any(|o| o.reason.contains("std::process::id")), "{:?}", r.opaque);
    let s = input(src, "UsesNoSer");
    assert!(s["properties"]["x"].get("default").is_none());
    assert_eq!(s["properties"]["m"]["default"], json!("fast"));
}

/// Field and variant names per contract; skip attributes.
#[test]
fn names_and_skips() {
    let src = r#"
        #[derive(Serialize, Deserialize)]
        #[serde(rename_all(serialize = "camelCase", deserialize = "SCREAMING_SNAKE_CASE"))]
        pub struct R {
            pub user_name: String,
            #[serde(rename(serialize = "out", deserialize = "in"))] pub both: u8,
            #[serde(skip_deserializing)] pub computed: u32,
            #[serde(skip_serializing)] pub secret: String,
            #[serde(skip)] pub never: u8,
        }
        #[derive(Serialize, Deserialize)]
        #[serde(rename_all = "kebab-case", rename_all_fields = "camelCase")]
        pub enum E { FirstOne { some_field: u8 }, #[serde(skip_deserializing)] OutOnly(u8), #[serde(skip_serializing)] InOnly }
    "#;
    let s = input(src, "R");
    assert_eq!(s["required"], json!(["USER_NAME", "in", "SECRET"]));
    assert_eq!(s["properties"]["SECRET"], json!({"type": "string", "writeOnly": true}));
    assert!(s["properties"].get("COMPUTED").is_none());
    let s = output(src, "R");
    assert_eq!(s["required"], json!(["userName", "out", "computed"]));
    assert_eq!(
        s["properties"]["computed"],
        json!({"type": "integer", "format": "uint32", "minimum": 0, "readOnly": true, "default": 0})
    );
    assert!(s["properties"].get("secret").is_none());
    let s = input(src, "E");
    assert_eq!(
        s,
        with_schema(json!({"oneOf": [
            {"type": "string", "enum": ["in-only"]},
            {"type": "object", "properties": {"first-one": {"type": "object", "properties": {"someField": {"type": "integer", "format": "uint8", "minimum": 0, "maximum": 255}}, "required": ["someField"]}}, "required": ["first-one"], "additionalProperties": false}
        ]}))
    );
    let s = output(src, "E");
    let one_of = s["oneOf"].as_array().unwrap();
    assert_eq!(one_of[0], json!({"type": "string", "enum": []}));
    assert_eq!(one_of[2]["required"], json!(["out-only"]));
}

/// `#[serde(flatten)]`.
#[test]
fn flatten() {
    let src = r#"
        pub struct Pagination { pub x: u8, pub y: u8 }
        pub struct After { pub q: String, #[serde(flatten)] pub p: Pagination }
        pub struct Before { #[serde(flatten)] pub p: Pagination, pub q: String }
        pub struct Opt { pub q: String, #[serde(flatten)] pub p: Option<Pagination> }
        pub struct WithMap { pub q: String, #[serde(flatten)] pub extra: std::collections::HashMap<String, serde_json::Value> }
        pub enum Choice { A, B, Data(u8) }
        #[serde(deny_unknown_fields)]
        pub struct Inner { pub z: u8 }
        pub struct WithEnum { pub q: String, #[serde(flatten)] pub c: Choice, #[serde(flatten)] pub i: Inner }
    "#;
    assert_eq!(input(src, "After")["required"], json!(["q", "x", "y"]));
    assert_eq!(input(src, "Before")["required"], json!(["x", "y", "q"]));
    let s = input(src, "Opt");
    assert_eq!(s["required"], json!(["q"]));
    assert!(s["properties"].get("x").is_some());
    assert!(s.get("$defs").is_none());
    assert_eq!(input(src, "WithMap")["additionalProperties"], json!(true));
    let s = input(src, "WithEnum");
    assert_eq!(s["type"], json!("object"));
    assert!(s.get("additionalProperties").is_none());
    assert_eq!(
        s["oneOf"],
        json!([
            {"type": "object", "properties": {"Data": {"type": "integer", "format": "uint8", "minimum": 0, "maximum": 255}}, "required": ["Data"]},
            {"type": "object", "properties": {"A": {"type": "null"}}, "required": ["A"]},
            {"type": "object", "properties": {"B": {"type": "null"}}, "required": ["B"]}
        ])
    );
    assert_eq!(s["required"], json!(["q", "z"]));
}

/// Every enum representation.
#[test]
fn enums() {
    let src = r#"
        #[serde(rename_all = "lowercase")]
        pub enum Color {
            /// The colour red
            Red,
            /// The colour green
            Green,
            Blue,
        }
        pub enum External { Unit, Newtype(String), Tuple(i32, i32), Struct { x: i32 } }
        #[serde(tag = "t", content = "c")]
        pub enum Adjacent { A(String), B { n: u8 }, C }
        #[serde(untagged)]
        pub enum StringOrNumber { S(String), N(f64) }
        pub enum Mixed { A(u8), #[serde(untagged)] Other(String) }
        pub enum Never {}
        pub struct Circle { pub r: f64 }
        #[serde(deny_unknown_fields)]
        pub struct Strict { pub r: f64 }
        /// Shapes.
        #[serde(tag = "kind")]
        pub enum Shape { C(Circle), S(Strict), U(()), Nothing }
    "#;
    assert_eq!(
        input(src, "Color"),
        with_schema(json!({"oneOf": [
            {"type": "string", "enum": ["blue"]},
            {"type": "string", "const": "red", "description": "The colour red"},
            {"type": "string", "const": "green", "description": "The colour green"}
        ]}))
    );
    assert_eq!(
        input(src, "External"),
        with_schema(json!({"oneOf": [
            {"type": "string", "enum": ["Unit"]},
            {"type": "object", "properties": {"Newtype": {"type": "string"}}, "required": ["Newtype"], "additionalProperties": false},
            {"type": "object", "properties": {"Tuple": {"type": "array", "prefixItems": [{"type": "integer", "format": "int32"}, {"type": "integer", "format": "int32"}], "minItems": 2, "maxItems": 2}}, "required": ["Tuple"], "additionalProperties": false},
            {"type": "object", "properties": {"Struct": {"type": "object", "properties": {"x": {"type": "integer", "format": "int32"}}, "required": ["x"]}}, "required": ["Struct"], "additionalProperties": false}
        ]}))
    );
    assert_eq!(
        input(src, "Adjacent")["oneOf"],
        json!([
            {"type": "object", "properties": {"t": {"type": "string", "const": "A"}, "c": {"type": "string"}}, "required": ["t", "c"]},
            {"type": "object", "properties": {"t": {"type": "string", "const": "B"}, "c": {"type": "object", "properties": {"n": {"type": "integer", "format": "uint8", "minimum": 0, "maximum": 255}}, "required": ["n"]}}, "required": ["t", "c"]},
            {"type": "object", "properties": {"t": {"type": "string", "const": "C"}}, "required": ["t"]}
        ])
    );
    assert_eq!(
        input(src, "StringOrNumber"),
        with_schema(json!({"anyOf": [{"type": "string"}, {"type": "number", "format": "double"}]}))
    );
    assert_eq!(
        input(src, "Mixed"),
        with_schema(json!({"anyOf": [
            {"type": "object", "properties": {"A": {"type": "integer", "format": "uint8", "minimum": 0, "maximum": 255}}, "required": ["A"], "additionalProperties": false},
            {"type": "string"}
        ]}))
    );
    assert_eq!(generate(src, "Never", PARAMS, false).schema, json!({"$schema": S, "not": {}, "title": "Never"}));
    let s = generate(src, "Shape", PARAMS, false).schema;
    assert_eq!(s["description"], json!("Shapes."));
    assert_eq!(
        s["oneOf"],
        json!([
            {"$ref": "#/$defs/Circle", "type": "object", "properties": {"kind": {"type": "string", "const": "C"}}, "required": ["kind"]},
            {"type": "object", "properties": {"kind": {"type": "string", "const": "S"}, "r": {"type": "number", "format": "double"}}, "required": ["kind", "r"], "additionalProperties": false},
            {"type": "object", "properties": {"kind": {"type": "string", "const": "U"}}, "required": ["kind"]},
            {"type": "object", "properties": {"kind": {"type": "string", "const": "Nothing"}}, "required": ["kind"]}
        ])
    );
    assert_eq!(s["$defs"].as_object().unwrap().keys().collect::<Vec<_>>(), ["Circle"]);
}

/// Transparency, newtypes, from/into.
#[test]
fn newtypes_and_conversions() {
    let src = r#"
        #[serde(transparent)]
        pub struct UserId(pub String);
        /// A documented id.
        #[serde(transparent)]
        pub struct DocId(pub String);
        pub struct Meters(pub f64);
        #[serde(transparent)]
        pub struct MaybeId(pub Option<u8>);
        pub struct Wire { pub v: u8 }
        #[serde(from = "Wire", into = "String")]
        pub struct Conv { pub inner: u8 }
        pub struct Holder { pub u: UserId, pub d: DocId, pub m: Meters, pub o: MaybeId, pub c: Conv }
    "#;
    let s = input(src, "Holder");
    assert_eq!(s["properties"]["u"], json!({"type": "string"}));
    assert_eq!(s["properties"]["d"], json!({"$ref": "#/$defs/DocId"}));
    assert_eq!(s["$defs"]["DocId"], json!({"type": "string", "description": "A documented id."}));
    assert_eq!(s["$defs"]["Meters"], json!({"type": "number", "format": "double"}));
    assert_eq!(
        s["properties"]["o"],
        json!({"type": ["integer", "null"], "format": "uint8", "minimum": 0, "maximum": 255})
    );
    assert_eq!(s["required"], json!(["u", "d", "m", "c"]));
    assert_eq!(s["$defs"]["Conv"]["properties"]["v"]["format"], json!("uint8"));
    let s = output(src, "Holder");
    assert_eq!(s["$defs"]["Conv"], json!({"type": "string"}));
}

/// Maps with non-string keys, sets, arrays.
#[test]
fn maps_and_collections() {
    let src = r#"
        pub enum Key { Alpha, Beta }
        pub struct M {
            pub by_u: std::collections::HashMap<u32, String>,
            pub by_i: std::collections::BTreeMap<i64, bool>,
            pub by_enum: std::collections::BTreeMap<Key, u8>,
            pub obj: serde_json::Map<String, serde_json::Value>,
            pub n: serde_json::Number,
            pub empty: [u8; 0],
        }
    "#;
    let s = input(src, "M");
    let p = &s["properties"];
    assert_eq!(
        p["by_u"],
        json!({"type": "object", "patternProperties": {"^\\d+$": {"type": "string"}}, "additionalProperties": false})
    );
    assert_eq!(
        p["by_i"],
        json!({"type": "object", "patternProperties": {"^-?\\d+$": {"type": "boolean"}}, "additionalProperties": false})
    );
    let u8s = json!({"type": "integer", "format": "uint8", "minimum": 0, "maximum": 255});
    assert_eq!(
        p["by_enum"],
        json!({"type": "object", "properties": {"Alpha": u8s, "Beta": u8s}, "additionalProperties": false})
    );
    assert_eq!(p["obj"], json!({"type": "object", "additionalProperties": true}));
    assert_eq!(p["n"], json!({"type": "number"}));
    assert_eq!(p["empty"], json!({"type": "array", "maxItems": 0}));
    assert!(s.get("$defs").is_none());
}

/// Recursion below the root (a `$ref` into `$defs`), at a `Parameters` root (`T` inline and in
/// `$defs`), at a `Json` root (`{"$ref": "#"}`).
#[test]
fn recursion() {
    let src = r#"
        /// A node.
        pub struct Node { pub name: String, pub children: Vec<Node> }
    "#;
    let s = input(src, "Node");
    assert_eq!(s["properties"]["children"], json!({"type": "array", "items": {"$ref": "#/$defs/Node"}}));
    assert_eq!(s["$defs"]["Node"]["description"], json!("A node."));
    assert_eq!(s["$defs"]["Node"]["properties"]["children"]["items"], json!({"$ref": "#/$defs/Node"}));
    assert!(s.get("description").is_none());
    let s = output(src, "Node");
    assert_eq!(s["properties"]["children"], json!({"type": "array", "items": {"$ref": "#"}}));
    assert!(s.get("$defs").is_none());
}

/// Doc comments to title/description.
#[test]
fn docs() {
    let src = r#"
        /// # The Title
        ///
        /// First paragraph.
        ///
        ///     indented code
        pub struct D {
            /// Line one
            /// line two
            pub a: u8,
            /// # Only a title
            pub b: u8,
            ///
            pub c: u8,
        }
    "#;
    let s = generate(src, "D", PARAMS, true).schema;
    assert_eq!(s["title"], json!("The Title"));
    assert_eq!(s["description"], json!("First paragraph.\n\n    indented code"));
    assert_eq!(s["properties"]["a"]["description"], json!("Line one\nline two"));
    assert_eq!(s["properties"]["b"]["title"], json!("Only a title"));
    assert!(s["properties"]["b"].get("description").is_none());
    assert!(s["properties"]["c"].get("description").is_none());
    // Without a title, the root takes the schema name.
    assert_eq!(
        generate(src, "Vec<std::collections::HashMap<String, u8>>", PARAMS, true).schema["title"],
        json!("Array_of_Map_of_uint8")
    );
}

/// schemars, validate and garde attributes.
#[test]
fn schemars_attributes() {
    let src = r#"
        #[derive(Debug, Deserialize, JsonSchema)]
        #[serde(deny_unknown_fields)]
        pub struct SchemarsAttrArgs {
            #[schemars(description = "Description from schemars attribute")]
            pub described: String,
            #[schemars(title = "A Title")]
            pub titled: String,
            #[schemars(range(min = 1, max = 100))]
            pub ranged: u32,
            #[schemars(length(min = 1, max = 64))]
            pub bounded: String,
            #[schemars(regex(pattern = r"^[a-z]+$"))]
            pub patterned: String,
            #[schemars(email)]
            pub email: String,
            #[schemars(url)]
            pub url: String,
            #[schemars(with = "String")]
            pub as_string: u64,
            #[schemars(extend("x-custom" = "yes", "examples" = ["a", "b"]))]
            pub extended: String,
            #[deprecated]
            pub old_field: Option<String>,
            /// doc comment and schemars description together
            #[schemars(description = "schemars description wins?")]
            pub doc_and_desc: String,
            #[schemars(range(min = 0.5))]
            pub ratio: f64,
            #[schemars(range(min = 1))]
            pub not_a_number: String,
            #[schemars(length(equal = 2), inner(length(min = 3)))]
            pub list: Vec<String>,
            #[schemars(contains(pattern = "a.b"))]
            pub needle: String,
            #[validate(length(min = 5), email)]
            pub validated: String,
            #[garde(range(max = 9))]
            pub garded: i32,
            #[schemars(example = 5, example = "five".to_string())]
            pub sample: u8,
        }
        #[schemars(inline)]
        pub struct Inlined { pub x: u8 }
        #[schemars(title = "Custom", description = "Custom description")]
        pub struct Titled { pub i: Inlined }
    "#;
    let s = input(src, "SchemarsAttrArgs");
    let p = &s["properties"];
    assert_eq!(s["additionalProperties"], json!(false));
    assert_eq!(p["described"], json!({"type": "string", "description": "Description from schemars attribute"}));
    assert_eq!(p["titled"], json!({"type": "string", "title": "A Title"}));
    assert_eq!(p["ranged"], json!({"type": "integer", "format": "uint32", "minimum": 1, "maximum": 100}));
    assert_eq!(p["bounded"], json!({"type": "string", "minLength": 1, "maxLength": 64}));
    assert_eq!(p["patterned"], json!({"type": "string", "pattern": "^[a-z]+$"}));
    assert_eq!(p["email"], json!({"type": "string", "format": "email"}));
    assert_eq!(p["url"], json!({"type": "string", "format": "uri"}));
    assert_eq!(p["as_string"], json!({"type": "string"}));
    assert_eq!(p["extended"], json!({"type": "string", "x-custom": "yes", "examples": ["a", "b"]}));
    assert_eq!(p["old_field"], json!({"type": ["string", "null"], "deprecated": true}));
    assert_eq!(p["doc_and_desc"], json!({"type": "string", "description": "schemars description wins?"}));
    assert_eq!(p["ratio"], json!({"type": "number", "format": "double", "minimum": 0.5}));
    assert_eq!(p["not_a_number"], json!({"type": "string"}));
    assert_eq!(
        p["list"],
        json!({"type": "array", "items": {"type": "string", "minLength": 3}, "minItems": 2, "maxItems": 2})
    );
    assert_eq!(p["needle"], json!({"type": "string", "pattern": "a\\.b"}));
    assert_eq!(p["validated"], json!({"type": "string", "minLength": 5, "format": "email"}));
    assert_eq!(p["garded"], json!({"type": "integer", "format": "int32", "maximum": 9}));
    assert_eq!(p["sample"]["examples"], json!([5, "five"]));
    let r = generate(src, "Titled", PARAMS, true);
    assert_eq!(r.schema["title"], json!("Custom"));
    assert_eq!(r.schema["description"], json!("Custom description"));
    assert_eq!(r.schema["properties"]["i"]["properties"]["x"]["format"], json!("uint8"));
    assert!(r.schema.get("$defs").is_none());
}

/// Custom code is opaque, other crates' types unknown.
#[test]
fn opaque_and_unknown() {
    let src = r#"
        fn custom(_: &mut schemars::SchemaGenerator) -> schemars::Schema { todo!() }
        pub struct Hand;
        impl schemars::JsonSchema for Hand { fn schema_name() -> std::borrow::Cow<'static, str> { "Hand".into() } }
        #[derive(JsonSchema)]
        pub struct A { #[schemars(schema_with = "custom")] pub x: u8 }
        #[derive(JsonSchema)]
        pub struct B { pub h: Hand }
        #[derive(JsonSchema)]
        pub struct C { pub g: geo::Point, pub u: url::Url, pub p: std::marker::PhantomData<u8> }
    "#;
    assert!(!generate(src, "A", PARAMS, true).opaque.is_empty());
    assert!(!generate(src, "B", PARAMS, true).opaque.is_empty());
    let r = generate(src, "C", PARAMS, true);
    assert!(r.opaque.is_empty());
    assert_eq!(r.unknown.len(), 1);
    assert_eq!(r.schema["properties"]["p"], json!({"type": "null"}));
    // schemars' own impl (feature `url2`).
    assert_eq!(r.schema["properties"]["u"], json!({"type": "string", "format": "uri"}));
}

/// Draft-07 (rmcp before 0.9) and the AddNullable transform (rmcp before 0.17).
#[test]
fn nullable_draft07() {
    let src = r#"
        pub struct Address { pub city: String }
        pub struct U;
        pub struct P { pub a: Option<String>, pub b: Option<Address>, pub u: U }
    "#;
    let s = generate(src, "P", LEGACY, true).schema;
    assert_eq!(s["$schema"], json!("http://json-schema.org/draft-07/schema#"));
    assert_eq!(s["title"], json!("P"));
    assert_eq!(s["properties"]["a"], json!({"type": "string", "nullable": true}));
    assert_eq!(
        s["properties"]["b"],
        json!({"anyOf": [{"$ref": "#/definitions/Address"}, {"const": null, "nullable": true}]})
    );
    assert_eq!(s["definitions"]["U"], json!({"const": null, "nullable": true}));
    assert_eq!(
        generate(src, "()", LEGACY, false).schema,
        json!({"$schema": "http://json-schema.org/draft-07/schema#", "const": null, "nullable": true, "title": "null"})
    );
}

/// `#[derive(JsonSchema_repr)]`: a C-like enum as its integer discriminants.
#[test]
fn repr_enum() {
    let src = r#"
        #[derive(Serialize_repr, JsonSchema_repr)]
        #[repr(u8)]
        pub enum Level { Low = 1, Mid, High = 10 }
    "#;
    assert_eq!(output(src, "Level"), with_schema(json!({"type": "integer", "enum": [1, 2, 10]})));
}
