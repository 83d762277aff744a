//! Every python-sdk conformance case in `testdata/python-sdk/cases`: the entry must equal the
//! one the Python SDK published, as a JSON value and in its exact key order; error cases must
//! fail with a diagnostic that names the tool.

use std::path::{Path, PathBuf};

use mcp_schema::{generate, GenerateOptions, ProfileChoice};
use serde_json::Value;

fn cases() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/python-sdk/cases");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    cases.sort();
    assert!(cases.len() >= 74, "the conformance cases are missing from {}", dir.display());
    cases
}

/// Same keys in the same order everywhere (values are compared separately).
fn same_order(a: &Value, b: &Value, path: &str) -> Result<(), String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let kx: Vec<&String> = x.keys().collect();
            let ky: Vec<&String> = y.keys().collect();
            if kx != ky {
                return Err(format!("{path}: keys {kx:?} vs {ky:?}"));
            }
            for (k, v) in x {
                same_order(v, &y[k], &format!("{path}/{k}"))?;
            }
            Ok(())
        }
        (Value::Array(x), Value::Array(y)) => {
            for (i, (v, w)) in x.iter().zip(y).enumerate() {
                same_order(v, w, &format!("{path}/{i}"))?;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

#[test]
fn every_case_matches_the_python_sdk() {
    let mut failures = Vec::new();
    let (mut equal, mut exact, mut errors) = (0, 0, 0);
    for case in cases() {
        let id = case.file_stem().unwrap().to_string_lossy().into_owned();
        let expected: Value =
            serde_json::from_str(&std::fs::read_to_string(case.with_extension("json")).unwrap()).unwrap();
        let outcome = generate(&GenerateOptions {
            paths: vec![case.clone()],
            profile: ProfileChoice::PythonSdk,
            ..Default::default()
        });
        if expected.get("error") == Some(&Value::Bool(true)) {
            let text = std::fs::read_to_string(&case).unwrap();
            let fn_name =
                text.split("fn ").nth(1).and_then(|s| s.split('(').next()).unwrap_or_default().trim().to_owned();
            let named = outcome.diagnostics.iter().any(|d| d.is_error() && d.message.contains(&fn_name));
            if outcome.failed() && named {
                errors += 1;
            } else {
                failures.push(format!("{id}: expected an error diagnostic naming `{fn_name}`"));
            }
            continue;
        }
        let Some(manifest) = outcome.manifest else {
            failures.push(format!(
                "{id}: no manifest: {:?}",
                outcome.diagnostics.iter().map(|d| d.to_string()).collect::<Vec<_>>()
            ));
            continue;
        };
        let tools = manifest.tool_values();
        if tools.len() != 1 {
            failures.push(format!("{id}: expected one tool, got {}", tools.len()));
            continue;
        }
        let got = &tools[0];
        if got != &expected["tool"] {
            failures.push(format!("{id}: differs\n  expected {}\n  got      {}", expected["tool"], got));
            continue;
        }
        equal += 1;
        match same_order(&expected["tool"], got, "") {
            Ok(()) => exact += 1,
            Err(e) => failures.push(format!("{id}: key order differs at {e}")),
        }
    }
    assert!(failures.is_empty(), "{} case(s) failed:\n{}", failures.len(), failures.join("\n"));
    eprintln!("python-sdk conformance: {equal} equal, {exact} in exact key order, {errors} error cases");
}
