//! The mcp-attr catalogue (`testdata/mcp-attr/`): 25 hand-written tools whose `tools/list` was
//! recorded from the compiled server (see `testdata/mcp-attr/README.md`): `catalogue/tools.json`
//! for the locked release 0.0.7, `catalogue/releases/X.json` for older ones, and
//! `catalogue-preserve-order/tools.json` for 0.0.7 built with serde_json's `preserve_order`.
//! Each must come out equal, tool by tool, in values and key order.

use crate::support;

use std::path::{Path, PathBuf};

use serde_json::Value;

fn dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/mcp-attr").join(name)
}

/// Each tool as compact JSON in its key order, by name.
fn tools(text: &str, label: &str) -> Vec<(String, String)> {
    let doc: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{label}: unreadable JSON: {e}"));
    doc["tools"]
        .as_array()
        .unwrap_or_else(|| panic!("{label}: no tools array"))
        .iter()
        .map(|t| (t["name"].as_str().unwrap_or_default().to_owned(), serde_json::to_string(t).unwrap()))
        .collect()
}

/// What differs between the recorded listing and ours, one line per tool.
fn problems(crate_dir: &Path, expected_file: &Path, args: &[&str]) -> Vec<String> {
    let label = expected_file.display().to_string();
    let text = std::fs::read_to_string(expected_file).unwrap();
    let run = support::generate_at(crate_dir, args);
    assert_eq!(run.code, Some(0), "{label}: {}", run.stderr);
    let expected = tools(&text, &label);
    let got = tools(&run.stdout, "mcp-schema");
    let names = |v: &[(String, String)]| v.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
    if names(&expected) != names(&got) {
        return vec![format!("{label}: tools {:?}, expected {:?}", names(&got), names(&expected))];
    }
    expected
        .iter()
        .zip(&got)
        .filter(|(e, g)| e.1 != g.1)
        .map(|(e, g)| format!("{label}: {}:\n  expected {}\n  got      {}", e.0, e.1, g.1))
        .collect()
}

#[test]
fn the_locked_release_lists_the_catalogue_with_auto() {
    let found = problems(&dir("catalogue"), &dir("catalogue").join("tools.json"), &["-q"]);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// 0.0.1 and 0.0.6 (which refer to named types instead of inlining them, as 0.0.7 does).
#[test]
fn every_recorded_release_lists_the_catalogue() {
    let releases = dir("catalogue").join("releases");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&releases)
        .unwrap_or_else(|e| panic!("{}: {e}", releases.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 2, "only {} recorded releases in {}", files.len(), releases.display());
    let mut found = Vec::new();
    for path in &files {
        let release = path.file_stem().and_then(|s| s.to_str()).unwrap().to_owned();
        found.extend(problems(&dir("catalogue"), path, &["-q", "-A", "mcp-unresolved-ref", "--sdk-version", &release]));
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The same crate built with serde_json's `preserve_order`: each schema's keys in the order
/// schemars 0.8 serializes a `SchemaObject`.
#[test]
fn preserve_order_lists_schemas_in_schemars_field_order() {
    let crate_dir = dir("catalogue-preserve-order");
    let found = problems(&crate_dir, &crate_dir.join("tools.json"), &["-q"]);
    assert!(found.is_empty(), "{}", found.join("\n"));
}
