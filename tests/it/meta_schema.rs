//! Every schema mcp-schema emits is a valid JSON Schema 2020-12 document: it validates against
//! the meta-schema, and a validator can be built from it (so every `$ref` resolves). Old rmcp
//! releases publish draft-07 documents, checked against draft-07's.

use std::path::Path;

use mcp_schema::{generate, GenerateOptions, ProfileChoice};
use serde_json::Value;

/// Checks every `inputSchema` and `outputSchema` of `tools`; a failure names `label` and the tool.
/// The rmcp schemas are checked where they are listed: `rmcp_conformance` runs this on what
/// each release check prints (one release per row of the release table in the debug run, every
/// release in the release step).
pub(crate) fn check_manifest(label: &str, tools: &[Value], failures: &mut Vec<String>) -> usize {
    let mut checked = 0;
    for tool in tools {
        for key in ["inputSchema", "outputSchema"] {
            let Some(schema) = tool.get(key) else { continue };
            checked += 1;
            // Old rmcp releases publish draft-07 documents, and say so in `$schema`.
            let draft07 = schema.get("$schema").and_then(Value::as_str).is_some_and(|s| s.contains("draft-07"));
            let (meta, build) = if draft07 {
                (
                    jsonschema::draft7::meta::validate(schema).map_err(|e| e.to_string()),
                    jsonschema::draft7::new(schema).err(),
                )
            } else {
                (
                    jsonschema::draft202012::meta::validate(schema).map_err(|e| e.to_string()),
                    jsonschema::draft202012::new(schema).err(),
                )
            };
            if let Err(e) = meta {
                failures.push(format!("{label} {} {key}: not a valid schema of its dialect: {e}", tool["name"]));
            } else if let Some(e) = build {
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
            checked += check_manifest(&input.display().to_string(), &m.tool_values(), &mut failures);
        }
    }
    assert!(checked > 120, "only {checked} schemas were checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
