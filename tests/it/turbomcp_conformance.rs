//! The turbomcp catalogue (`testdata/turbomcp/`): hand-written tools whose `tools/list` was
//! recorded from the compiled server (see `testdata/turbomcp/README.md`): `catalogue/tools.json`
//! for the locked release, `catalogue/releases/X.json` for older ones (built from the source
//! `releases/sources.toml` names where that release needs another), and `catalogue/protocol/P.json`
//! for a peer of protocol `P`. Each must come out equal, tool by tool, in values and key order,
//! but for the groups turbomcp keeps in a std `HashMap` (their order changes from run to run of
//! the server): the input schema's keywords after `additionalProperties`, the output schema's
//! after its four fields, and `_meta`'s keys, which are compared as sets.

use crate::support::listing;

use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

fn dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/turbomcp").join(name)
}

/// `map` with the keys after the first `fixed` ones (those of `fixed` it has) sorted.
fn sort_after(map: &mut Map<String, Value>, fixed: &[&str]) {
    let old = std::mem::take(map);
    let (mut head, mut tail): (Vec<_>, Vec<_>) = old.into_iter().partition(|(k, _)| fixed.contains(&k.as_str()));
    head.sort_by_key(|(k, _)| fixed.iter().position(|f| f == k));
    tail.sort_by(|a, b| a.0.cmp(&b.0));
    map.extend(head);
    map.extend(tail);
}

/// A tool with its `HashMap`-backed groups in one order.
fn normalized(mut tool: Value) -> Value {
    let schema_fields = ["type", "properties", "required", "additionalProperties"];
    for key in ["inputSchema", "outputSchema"] {
        if let Some(Value::Object(s)) = tool.get_mut(key) {
            sort_after(s, &schema_fields);
        }
    }
    if let Some(Value::Object(m)) = tool.get_mut("_meta") {
        sort_after(m, &[]);
    }
    tool
}

/// What differs between the recorded listing and ours, one line per tool.
fn problems(crate_dir: &Path, expected_file: &Path, args: &[&str]) -> Vec<String> {
    listing::problems(crate_dir, expected_file, args, normalized)
}

#[test]
fn the_locked_release_lists_the_catalogue_with_auto() {
    let found = problems(&dir("catalogue"), &dir("catalogue").join("tools.json"), &["-q"]);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn a_2025_06_18_peer_gets_the_tools_without_the_newer_keys() {
    let expected = dir("catalogue").join("protocol/2025-06-18.json");
    let found = problems(&dir("catalogue"), &expected, &["-q", "--protocol", "2025-06-18"]);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// Every recorded older release, each from the source it was built from: the catalogue's, or
/// the one `releases/sources.toml` names, in a copy of the crate.
#[test]
fn every_recorded_release_lists_the_catalogue() {
    let releases = dir("catalogue").join("releases");
    let sources: toml::Table = std::fs::read_to_string(releases.join("sources.toml")).unwrap().parse().unwrap();
    let mut found = Vec::new();
    for (release, path) in listing::recorded_releases(&releases, 3) {
        let path = &path;
        let args = ["-q", "-A", "mcp-unresolved-ref", "--sdk-version", &release];
        if let Some(variant) = sources.get(&release).and_then(|v| v.as_str()).map(|v| releases.join(v)) {
            let copy = tempfile::tempdir().unwrap();
            for file in ["Cargo.toml", "Cargo.lock"] {
                std::fs::copy(dir("catalogue").join(file), copy.path().join(file)).unwrap();
            }
            std::fs::create_dir(copy.path().join("src")).unwrap();
            std::fs::copy(&variant, copy.path().join("src/main.rs")).unwrap();
            found.extend(problems(copy.path(), path, &args));
        } else {
            found.extend(problems(&dir("catalogue"), path, &args));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// Real servers (`testdata/turbomcp/realworld/<server>/`): what each listed when built and run
/// at a pinned commit, against mcp-schema on that commit's sources, read from the repository's
/// snapshot beside the checkout (`../.mirror/<owner>+<repo>/repo`, named by `source.toml`; the
/// sources are never in this repository). Without the snapshots the test says so and checks
/// nothing else.
#[test]
fn real_servers_list_what_they_serve() {
    let (servers, total) = listing::real_servers(&dir("realworld"));
    assert!(total >= 2, "only {total} real servers in {}", dir("realworld").display());
    if servers.is_empty() {
        eprintln!("no snapshot of any real server beside the checkout: nothing compared");
    }
    let found: Vec<String> = servers.iter().flat_map(|s| problems(&s.package, &s.tools, &["-q"])).collect();
    assert!(found.is_empty(), "{}", found.join("\n"));
}
