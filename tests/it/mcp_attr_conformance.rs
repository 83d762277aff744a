//! The mcp-attr catalogue (`testdata/mcp-attr/`): 25 hand-written tools whose `tools/list` was
//! recorded from the compiled server (see `testdata/mcp-attr/README.md`): `catalogue/tools.json`
//! for the locked release 0.0.7, `catalogue/releases/X.json` for older ones, and
//! `catalogue-preserve-order/tools.json` for 0.0.7 built with serde_json's `preserve_order`.
//! Each must come out equal, tool by tool, in values and key order; so must the real servers of
//! `realworld/`, read from their snapshots.

use crate::support::listing;

use std::path::{Path, PathBuf};

fn dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/mcp-attr").join(name)
}

fn problems(crate_dir: &Path, expected_file: &Path, args: &[&str]) -> Vec<String> {
    listing::problems(crate_dir, expected_file, args, listing::as_served)
}

#[test]
fn the_locked_release_lists_the_catalogue_with_auto() {
    let found = problems(&dir("catalogue"), &dir("catalogue").join("tools.json"), &["-q"]);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// 0.0.1 and 0.0.6 (which refer to named types instead of inlining them, as 0.0.7 does).
#[test]
fn every_recorded_release_lists_the_catalogue() {
    let mut found = Vec::new();
    for (release, path) in listing::recorded_releases(&dir("catalogue").join("releases"), 2) {
        found.extend(problems(
            &dir("catalogue"),
            &path,
            &["-q", "-A", "mcp-unresolved-ref", "--sdk-version", &release],
        ));
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

/// Real servers (`testdata/mcp-attr/realworld/<server>/`): what each listed when built and run
/// at a pinned commit, against mcp-schema on that commit's sources, read from the repository's
/// snapshot beside the checkout (`../.mirror/<owner>+<repo>/repo`, named by `source.toml`, with
/// the capture's lock where the repository commits none; the sources are never in this
/// repository). Without the snapshots the test says so and checks nothing else.
#[test]
fn real_servers_list_what_they_serve() {
    let (servers, total) = listing::real_servers(&dir("realworld"));
    assert!(total >= 1, "no real servers in {}", dir("realworld").display());
    if servers.is_empty() {
        eprintln!("no snapshot of any real server beside the checkout: nothing compared");
    }
    let found: Vec<String> = servers.iter().flat_map(|s| problems(&s.package, &s.tools, &["-q"])).collect();
    assert!(found.is_empty(), "{}", found.join("\n"));
}
