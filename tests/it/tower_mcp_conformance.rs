//! The tower-mcp catalogue (`testdata/tower-mcp/catalogue`): hand-written tools whose listing was
//! recorded from the real tower-mcp by `tests/differential/tower_mcp/catalogue.py`, `tools.json`
//! for the locked release and `releases/X.json` for others. Each must come out equal, tool by
//! tool, in values and key order; the locked one is listed with `auto` (the crate depends on
//! tower-mcp).

use crate::support::{self, listing};

use std::path::{Path, PathBuf};

use serde_json::Value;

fn catalogue() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/tower-mcp/catalogue")
}

fn check(expected_file: &Path, extra: &[&str]) -> Vec<String> {
    let label = expected_file.display().to_string();
    let text = std::fs::read_to_string(expected_file).unwrap();
    let doc: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{label}: unreadable JSON: {e}"));
    // A release recorded without some of the catalogue's features: the same ones here.
    let features: Vec<&str> =
        doc["features"].as_array().map_or(Vec::new(), |f| f.iter().filter_map(Value::as_str).collect());
    let joined = features.join(",");
    let mut args: Vec<&str> = extra.to_vec();
    if !features.is_empty() {
        args.extend(["--no-default-features", "--features", &joined]);
    }
    let run = support::generate_at(&catalogue(), &args);
    assert_eq!(run.code, Some(0), "{label}: {}", run.stderr);
    listing::differences(&label, &text, &run.stdout, listing::as_served)
}

#[test]
fn the_locked_release_lists_the_catalogue_with_auto() {
    let problems = check(&catalogue().join("tools.json"), &["-q"]);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every `releases/X.json` (ten releases, 0.8.0 to 0.24.0; 0.25.0 is `tools.json`, above).
#[test]
fn every_recorded_release_lists_the_catalogue() {
    let mut problems = Vec::new();
    for (release, path) in listing::recorded_releases(&catalogue().join("releases"), 10) {
        problems.extend(check(&path, &["-q", "--profile", "tower-mcp", "--sdk-version", &release]));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
