//! The fast path (function bodies skipped, files read in parallel) gives exactly what the
//! straightforward path (every file parsed in full, on one thread) gives, on every fixture:
//! the same manifest bytes and the same diagnostics.

use std::path::{Path, PathBuf};

use mcp_schema::ParseMode;
use mcp_schema::{generate, GenerateOptions, ProfileChoice, ProfileOptions};

fn render(opts: &GenerateOptions) -> (Option<String>, Vec<String>) {
    let outcome = generate(opts);
    (outcome.manifest.map(|m| m.to_pretty_string()), outcome.diagnostics.iter().map(|d| d.to_string()).collect())
}

fn inputs() -> Vec<(PathBuf, ProfileChoice, Option<&'static str>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata");
    let mut out = Vec::new();
    let mut cases: Vec<PathBuf> = std::fs::read_dir(root.join("python-sdk/cases"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    cases.sort();
    out.extend(cases.into_iter().map(|c| (c, ProfileChoice::PythonSdk, None)));
    for dir in ["crates/resolution", "crates/workspace", "weather"] {
        out.push((root.join(dir), ProfileChoice::Auto, None));
    }
    out.push((root.join("rmcp/v3_11"), ProfileChoice::Rmcp, None));
    out.push((root.join("rmcp/v3_11"), ProfileChoice::Rmcp, Some("2025-11-25")));
    let mut releases: Vec<PathBuf> = std::fs::read_dir(root.join("rmcp/versions"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    releases.sort();
    out.extend(releases.into_iter().map(|r| (r, ProfileChoice::Rmcp, None)));
    out
}

/// Every fixture twice (about 150 runs of the library): half a minute of a debug build, so it runs
/// in release mode in its own CI step. The mutation test compares the two paths on mutants in the
/// fast suite.
#[test]
#[ignore = "release mode: .ci/run runs it with `cargo test --release --test it -- --ignored`"]
fn skipping_bodies_changes_nothing() {
    let mut compared = 0;
    for (path, profile, protocol) in inputs() {
        let mut opts = GenerateOptions {
            paths: vec![path.clone()],
            profile,
            profile_options: ProfileOptions { protocol: protocol.map(str::to_owned), ..Default::default() },
            ..Default::default()
        };
        // Several servers: compare each one.
        let servers: Vec<Option<String>> = match std::fs::read_to_string(path.join("expected.json")) {
            Ok(text) => {
                let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
                doc["servers"].as_object().map(|m| m.keys().map(|k| Some(k.clone())).collect()).unwrap_or(vec![None])
            }
            Err(_) => vec![None],
        };
        for server in servers {
            opts.profile_options.server = server.clone();
            opts.parse_mode = ParseMode::Skeleton;
            let fast = render(&opts);
            opts.parse_mode = ParseMode::Full;
            let full = render(&opts);
            assert_eq!(fast, full, "{} (server {server:?}, protocol {protocol:?})", path.display());
            compared += 1;
        }
    }
    assert!(compared > 100, "only {compared} runs compared");
}

/// A scan for the places that build the server visits the same fns on both paths: a free fn
/// whose body never names the field was visited only when bodies were parsed with the file, and
/// its `if`s printed `runtime-condition` notes the fast path never prints (found by the file
/// mutation test: a constructor whose struct literal names another type than the server's).
#[test]
fn a_body_parsed_with_the_file_is_tested_on_its_text_too() {
    let source = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/rmcp/patterns/router-statements/src/main.rs"),
    )
    .unwrap();
    let mutant =
        source.replace("Self { tool_router: routers(&options) }", "Options { tool_router: routers(&options) }");
    assert_ne!(mutant, source, "the pattern still builds its server that way");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("main.rs");
    std::fs::write(&file, mutant).unwrap();
    let opts = GenerateOptions { paths: vec![file], profile: ProfileChoice::Rmcp, ..Default::default() };
    let fast = render(&opts);
    let full = render(&GenerateOptions { parse_mode: ParseMode::Full, ..opts });
    assert_eq!(fast, full);
    assert!(fast.1.iter().any(|d| d.contains("no constructor of `Notebook`")), "{:?}", fast.1);
}
