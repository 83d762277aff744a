//! The schemas a user supplies for what exists only at runtime (a config's `schemas` table),
//! through the library. The CLI's runs of the schema fixtures (schema fns whose bodies are
//! literals, hand-written `impl JsonSchema`, types that cannot be found or live in a registry
//! crate) are transcripts of their cases (`cmd.toml`, tests/it/patterns.rs).

use crate::support;

use std::path::Path;

use mcp_schema::{GenerateOptions, ProfileChoice, SchemaOverrides, ToolSchemaOverride};
use serde_json::Value;
use support::{run_in, testdata};

fn pattern(name: &str) -> std::path::PathBuf {
    testdata(&format!("rmcp/patterns/{name}"))
}

fn schema_file(dir: &Path, name: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(dir.join("schemas").join(name)).unwrap()).unwrap()
}

/// Runs the library with the overrides a config's `schemas` table would give; the manifest and
/// the diagnostics (one line each, paths relative to the fixture).
fn generate_with(dir: &Path, overrides: SchemaOverrides) -> String {
    let opts = GenerateOptions {
        paths: vec![dir.to_path_buf()],
        profile: ProfileChoice::Rmcp,
        profile_options: mcp_schema::ProfileOptions { overrides, ..Default::default() },
        // What is left out is a warning here (an error by default), so the manifest shows.
        lints: mcp_schema::diagnostics::Lints {
            levels: [(
                mcp_schema::diagnostics::LintName::from_id("left-out").unwrap(),
                mcp_schema::diagnostics::Level::Warn,
            )]
            .into(),
            ..Default::default()
        },
        ..Default::default()
    };
    let outcome = mcp_schema::generate(&opts);
    let mut out = String::new();
    for d in outcome.diagnostics.iter() {
        out.push_str(&d.to_string().replace(&format!("{}/", dir.display()), ""));
        out.push('\n');
    }
    out.push_str("---\n");
    if let Some(m) = &outcome.manifest {
        out.push_str(&m.to_pretty_string());
    }
    out
}

#[test]
fn overrides_supply_tool_keys_and_type_schemas() {
    let dir = pattern("schema-overrides");
    let mut overrides = SchemaOverrides::default();
    overrides.tools.insert(
        "query".into(),
        ToolSchemaOverride { input_schema: Some(schema_file(&dir, "query-input.json")), output_schema: None },
    );
    overrides.types.insert("url::Url".into(), schema_file(&dir, "url.json"));
    overrides.types.insert("schema_overrides::money::Amount".into(), schema_file(&dir, "amount.json"));
    // Typos: said, not ignored.
    overrides.tools.insert("qeury".into(), ToolSchemaOverride::default());
    overrides.types.insert("url::Uri".into(), Value::Bool(true));
    insta::assert_snapshot!(generate_with(&dir, overrides));
}

#[test]
fn overrides_match_the_crate_relative_path_too() {
    let dir = pattern("schema-overrides");
    let mut overrides = SchemaOverrides::default();
    overrides.types.insert("url::Url".into(), schema_file(&dir, "url.json"));
    overrides.types.insert("crate::money::Amount".into(), schema_file(&dir, "amount.json"));
    let out = generate_with(&dir, overrides);
    assert!(out.contains("\"Amount\": {"), "{out}");
    assert!(!out.contains("tool `pay`"), "{out}");
}

#[test]
fn without_overrides_the_runtime_only_keys_are_left_out_with_warnings() {
    let dir = pattern("schema-overrides");
    insta::assert_snapshot!(generate_with(&dir, SchemaOverrides::default()));
}

#[test]
fn the_keys_the_help_names_supply_the_missing_types() {
    let dir = pattern("unresolved-types");
    let mut overrides = SchemaOverrides::default();
    for key in ["Optinal", "kinds::Unknown", "sibling_kit::Shape"] {
        overrides.types.insert(key.into(), serde_json::json!({"type": "string"}));
    }
    let out = generate_with(&dir, overrides);
    let (diagnostics, _) = out.split_once("---\n").expect("the separator");
    // Only the loader's word on the path dependency that is not checked out remains.
    let lines: Vec<&str> = diagnostics.lines().collect();
    assert!(lines.len() == 1 && lines[0].contains("[missing-path-dependency]"), "{out}");
    // Three output types are supplied; one of them is not an object, and rmcp 3.11 drops it for
    // an `initialize` client (the default peer).
    assert_eq!(out.matches("\"outputSchema\"").count(), 2, "{out}");
}

#[test]
fn python_sdk_takes_the_configs_tool_and_type_schemas() {
    insta::assert_snapshot!(run_in(&testdata("python-sdk/config-schemas"), &["generate"]).transcript());
}
