//! The classes the python-sdk differential harness (`tests/differential/python_sdk/run.py`) found,
//! one fixture each in `testdata/python-sdk/differential`: `<name>.rs`, its Python equivalent
//! `<name>.py` by the profile's mapping, and `<name>.json`, what the real SDK published for that
//! Python (written by `tests/differential/python_sdk/expect.py`). The CLI's output must equal it
//! as a value and in key order, and is snapshotted.

use crate::support;

use std::path::PathBuf;

use serde_json::Value;
use support::{run_in, testdata};

fn fixtures() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(testdata("python-sdk/differential"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    out.sort();
    assert!(out.len() >= 12, "only {} fixtures in testdata/python-sdk/differential", out.len());
    out
}

/// The first place where two values differ in keys, key order, or value; `None` when identical.
fn first_difference(ours: &Value, sdk: &Value, path: &str) -> Option<String> {
    match (ours, sdk) {
        (Value::Object(a), Value::Object(b)) => {
            let (ka, kb): (Vec<&String>, Vec<&String>) = (a.keys().collect(), b.keys().collect());
            if ka != kb {
                return Some(format!("{path}: keys {ka:?}, the SDK has {kb:?}"));
            }
            a.iter().find_map(|(k, v)| first_difference(v, &b[k], &format!("{path}/{k}")))
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            a.iter().zip(b).enumerate().find_map(|(i, (x, y))| first_difference(x, y, &format!("{path}/{i}")))
        }
        // `0` and `0.0` differ, as they do in JSON Schema's eyes and in Python's `json`.
        (Value::Number(a), Value::Number(b)) if a.is_f64() == b.is_f64() && a == b => None,
        _ if ours == sdk && !ours.is_number() => None,
        _ => Some(format!("{path}: {ours}, the SDK has {sdk}")),
    }
}

fn check(name: &str) {
    let dir = testdata("python-sdk/differential");
    let run = run_in(&dir, &["generate", "--profile", "python-sdk", &format!("{name}.rs")]);
    insta::assert_snapshot!(format!("python_sdk_differential_{name}"), run.transcript());
    let expected: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join(format!("{name}.json"))).unwrap()).unwrap();
    if expected.get("error") == Some(&Value::Bool(true)) {
        assert_eq!(run.code, Some(2), "{name}: the SDK refuses this tool");
        return;
    }
    assert_eq!(run.code, Some(0), "{name}: {}", run.stderr);
    let ours: Value = serde_json::from_str(&run.stdout).unwrap();
    let tools = ours["tools"].as_array().unwrap();
    assert_eq!(tools.len(), 1, "{name}");
    if let Some(diff) = first_difference(&tools[0], &expected["tool"], "") {
        panic!("{name}: {diff}");
    }
}

#[test]
fn every_fixture_has_its_expected_entry_and_a_test() {
    let names: Vec<String> = fixtures().iter().map(|p| p.file_stem().unwrap().to_string_lossy().into_owned()).collect();
    let source = include_str!("python_sdk_differential.rs");
    for name in &names {
        assert!(testdata(&format!("python-sdk/differential/{name}.json")).exists(), "{name}.json is missing");
        assert!(testdata(&format!("python-sdk/differential/{name}.py")).exists(), "{name}.py is missing");
        assert!(source.contains(&format!("fn {name}()")), "no test for the fixture {name}");
    }
}

#[test]
fn title_final_sigma() {
    check("title_final_sigma");
}

#[test]
fn keyword_property_order() {
    check("keyword_property_order");
}

#[test]
fn underscore_field_is_private() {
    check("underscore_field_is_private");
}

#[test]
fn blank_docs() {
    check("blank_docs");
}

#[test]
fn nullable_flattening() {
    check("nullable_flattening");
}

#[test]
fn map_of_any_newtype() {
    check("map_of_any_newtype");
}

#[test]
fn field_doc_same_as_type_doc() {
    check("field_doc_same_as_type_doc");
}

#[test]
fn title_case_exceptions() {
    check("title_case_exceptions");
}

#[test]
fn dict_output_newtype_key() {
    check("dict_output_newtype_key");
}

#[test]
fn duplicate_key_unused_def() {
    check("duplicate_key_unused_def");
}

/// Found by the harness's generator: serde's own derive panics on this input, and so did we.
#[test]
fn a_camel_case_rule_serde_panics_on_is_an_error_at_the_field() {
    let run =
        run_in(&testdata("python-sdk/errors"), &["generate", "--profile", "python-sdk", "serde_camel_case_panic.rs"]);
    insta::assert_snapshot!(run.transcript());
    assert_eq!(run.code, Some(2));
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
}

#[test]
fn recursive_root_ref_property() {
    check("recursive_root_ref_property");
}

#[test]
fn doc_same_as_type_in_cycle() {
    check("doc_same_as_type_in_cycle");
}

/// A struct flattened into itself made the run overflow its stack.
#[test]
fn a_struct_flattened_into_itself_is_an_error_at_the_field() {
    let run = run_in(&testdata("python-sdk/errors"), &["generate", "--profile", "python-sdk", "recursive_flatten.rs"]);
    insta::assert_snapshot!(run.transcript());
    assert_eq!(run.code, Some(2));
}
