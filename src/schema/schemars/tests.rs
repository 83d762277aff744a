//! Tests: Rust sources loaded through the real pipeline (source → IR → schema), compared with
//! what rmcp 3.11 published (conformance `tools.json`) and with the examples of spec §6.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use super::*;
use crate::model::{Lowerer, Scope};
use crate::source::ModuleId;

const PARAMS: Settings = Settings { contract: Contract::Deserialize, dialect: Dialect::Draft2020_12, nullable: false };
const OUTPUT: Settings = Settings { contract: Contract::Serialize, dialect: Dialect::Draft2020_12, nullable: false };
const LEGACY: Settings = Settings { contract: Contract::Deserialize, dialect: Dialect::Draft07, nullable: true };

fn generate_at(path: &Path, ty: &str, settings: Settings, parameters: bool) -> RootSchema {
    let ws = crate::source::load(&[path.to_path_buf()], &[]).expect("sources load");
    let mut lowerer = Lowerer::new(&ws);
    let scope = Scope { krate: 0, module: ModuleId(0), generics: vec![] };
    let syn_ty: syn::Type = syn::parse_str(ty).expect("a type");
    let lowered = lowerer.lower(&syn_ty, &scope);
    if parameters {
        parameters_root_schema(&mut lowerer, &lowered, &settings)
    } else {
        root_schema(&mut lowerer, &lowered, &settings)
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

fn conformance_dir() -> PathBuf {
    PathBuf::from("/work/shared/conformance/rmcp")
}

/// Every `Parameters<T>` and `Json<T>` of the v3_11 conformance crate, against `tools.json`.
#[test]
fn v3_11_conformance_schemas() {
    let dir = conformance_dir().join("v3_11");
    let Ok(text) = std::fs::read_to_string(dir.join("tools.json")) else { return };
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
    let Ok(text) = std::fs::read_to_string(dir.join("expected.json")) else { return };
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
