//! Token counts equal the reference tiktoken's on every manifest in testdata/ and the shared
//! conformance suites, in both encodings. The reference counts are data
//! (`tests/data/token_counts.json`, written by `scripts/token_counts.py`), so that the test needs
//! neither Python nor the network.

use std::path::{Path, PathBuf};

use mcp_schema::choice::Choice;
use mcp_schema::tokens::Encoding;
use serde_json::Value;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Where a file the data names is: `testdata/...` in the repository, `shared/...` beside it.
fn resolve(name: &str) -> PathBuf {
    match name.strip_prefix("testdata/") {
        Some(_) => repo().join(name),
        None => repo().join("..").join(name),
    }
}

/// The mismatches between our counts and the reference's for the tools of one file.
fn mismatches(name: &str, path: &Path, lists: &serde_json::Map<String, Value>, encodings: &[Encoding]) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{name}: {e}"));
    let document: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut wrong = Vec::new();
    for (pointer, expected) in lists {
        let tools = document.pointer(pointer).and_then(Value::as_array).unwrap_or_else(|| panic!("{name}{pointer}"));
        let expected = expected.as_array().expect("a list of counts per tool");
        assert_eq!(tools.len(), expected.len(), "{name}{pointer}: the data is stale (scripts/token_counts.py)");
        for (i, (tool, counts)) in tools.iter().zip(expected).enumerate() {
            for (e, encoding) in encodings.iter().enumerate() {
                let ours = encoding.count_json(tool);
                let theirs = counts[e].as_u64().expect("a count") as usize;
                if ours != theirs {
                    wrong.push(format!("{name}{pointer}/{i} {}: {ours}, tiktoken {theirs}", encoding.name()));
                }
            }
        }
    }
    wrong
}

#[test]
fn counts_equal_tiktoken_on_every_manifest() {
    let data: Value =
        serde_json::from_str(&std::fs::read_to_string(repo().join("tests/data/token_counts.json")).unwrap()).unwrap();
    let encodings: Vec<Encoding> = data["encodings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| Encoding::from_name(e.as_str().unwrap()).expect("an encoding we have"))
        .collect();
    assert_eq!(encodings, Encoding::ALL, "the data counts every encoding --encoding offers");
    let (mut files, mut skipped, mut wrong) = (0, 0, Vec::new());
    for (name, lists) in data["files"].as_object().unwrap() {
        let path = resolve(name);
        if !path.is_file() {
            assert!(!name.starts_with("testdata/"), "{name} is gone: the data is stale (scripts/token_counts.py)");
            skipped += 1;
            continue;
        }
        files += 1;
        wrong.extend(mismatches(name, &path, lists.as_object().unwrap(), &encodings));
    }
    if skipped > 0 {
        eprintln!("{skipped} manifests of ../shared/conformance skipped: ../shared is not beside the repository");
    }
    assert!(files > 50, "only {files} manifests compared");
    assert!(wrong.is_empty(), "{} counts differ from tiktoken:\n{}", wrong.len(), wrong.join("\n"));
}
