//! Every schema mcp-schema emits is a valid JSON Schema 2020-12 document: it validates against
//! the meta-schema, and a validator can be built from it (so every `$ref` resolves).

use std::path::Path;

use mcp_schema::{generate, GenerateOptions, ProfileChoice};
use serde_json::Value;

fn check_manifest(label: &str, tools: &[Value], failures: &mut Vec<String>) -> usize {
    let mut checked = 0;
    for tool in tools {
        for key in ["inputSchema", "outputSchema"] {
            let Some(schema) = tool.get(key) else { continue };
            checked += 1;
            if let Err(e) = jsonschema::draft202012::meta::validate(schema) {
                failures.push(format!("{label} {} {key}: not a 2020-12 schema: {e}", tool["name"]));
            } else if let Err(e) = jsonschema::draft202012::new(schema) {
                failures.push(format!("{label} {} {key}: cannot build a validator: {e}", tool["name"]));
            }
        }
    }
    checked
}

#[test]
fn every_python_sdk_schema_is_valid_2020_12() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata");
    let mut inputs: Vec<std::path::PathBuf> = std::fs::read_dir(root.join("python-sdk/cases"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    inputs.sort();
    inputs.extend(["crates/resolution", "crates/workspace", "weather"].map(|c| root.join(c)));
    let mut failures = Vec::new();
    let mut checked = 0;
    for input in &inputs {
        let outcome = generate(&GenerateOptions {
            paths: vec![input.clone()],
            profile: ProfileChoice::PythonSdk,
            ..Default::default()
        });
        if let Some(m) = outcome.manifest {
            checked += check_manifest(&input.display().to_string(), &m.tools, &mut failures);
        }
    }
    assert!(checked > 120, "only {checked} schemas were checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
