//! Every schema mcp-schema emits is a valid JSON Schema 2020-12 document: it validates against
//! the meta-schema, and a validator can be built from it (so every `$ref` resolves).

use std::path::Path;

use mcp_schema::{generate, GenerateOptions, ProfileChoice, ProfileOptions};
use rayon::prelude::*;
use serde_json::Value;

fn check_manifest(label: &str, tools: &[Value], failures: &mut Vec<String>) -> usize {
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
fn every_rmcp_schema_is_valid_in_its_dialect() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/rmcp");
    let mut crates = vec![root.join("v3_11")];
    let mut releases: Vec<_> =
        std::fs::read_dir(root.join("versions")).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_dir()).collect();
    releases.sort();
    crates.extend(releases);
    let mut runs = Vec::new();
    for krate in crates {
        let expected = std::fs::read_to_string(krate.join("expected.json")).ok();
        let servers: Vec<Option<String>> = match expected {
            Some(text) => {
                let doc: Value = serde_json::from_str(&text).unwrap();
                doc["servers"].as_object().unwrap().keys().map(|k| Some(k.clone())).collect()
            }
            None => vec![None],
        };
        runs.extend(servers.into_iter().map(|server| (krate.clone(), server)));
    }
    // Independent runs of the library: side by side, reported in order.
    let results: Vec<(usize, Vec<String>)> = runs
        .into_par_iter()
        .map(|(krate, server)| {
            let opts = GenerateOptions {
                paths: vec![krate.clone()],
                profile: ProfileChoice::Rmcp,
                profile_options: ProfileOptions { server, ..Default::default() },
                ..Default::default()
            };
            let mut failures = Vec::new();
            let checked = match generate(&opts).manifest {
                Some(m) => check_manifest(&krate.display().to_string(), &m.tool_values(), &mut failures),
                None => 0,
            };
            (checked, failures)
        })
        .collect();
    let checked: usize = results.iter().map(|r| r.0).sum();
    let failures: Vec<String> = results.into_iter().flat_map(|r| r.1).collect();
    assert!(checked > 300, "only {checked} schemas were checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
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
