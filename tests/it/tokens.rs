//! Token counts equal the reference tiktoken's on every manifest in testdata/ and the shared
//! conformance suites, in both encodings. The reference counts are data
//! (`tests/data/token_counts.json`, written by `scripts/token_counts.py`), so that the test needs
//! neither Python nor the network.

use std::path::{Path, PathBuf};

use crate::support::{run_in, testdata};
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
        // Both ways of counting: one text alone, and a list with the pieces' counts remembered.
        let listed: Vec<Vec<usize>> = encodings.iter().map(|e| e.count_tools(tools)).collect();
        for (i, (tool, counts)) in tools.iter().zip(expected).enumerate() {
            for (e, encoding) in encodings.iter().enumerate() {
                let ours = encoding.count_json(tool);
                assert_eq!(ours, listed[e][i], "{name}{pointer}/{i}: counted alone and in a list");
                let theirs = counts[e].as_u64().expect("a count") as usize;
                if ours != theirs {
                    wrong.push(format!("{name}{pointer}/{i} {}: {ours}, tiktoken {theirs}", encoding.name()));
                }
            }
        }
    }
    wrong
}

/// Our counts against tiktoken's for every file of the data that `keep` keeps; how many files
/// were compared. A file of `../shared` that is not beside the repository is skipped, and said.
fn compare_with_tiktoken(keep: impl Fn(&str) -> bool) -> usize {
    // Counted here, not read from a cache a run before this one filled.
    mcp_schema::tokens::cache::disable();
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
    for (name, lists) in data["files"].as_object().unwrap().iter().filter(|(name, _)| keep(name)) {
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
    assert!(wrong.is_empty(), "{} counts differ from tiktoken:\n{}", wrong.len(), wrong.join("\n"));
    files
}

/// The manifests of testdata/ (small ones: drift fixtures, patterns, the conformance releases).
#[test]
fn counts_equal_tiktoken_on_the_testdata_manifests() {
    let files = compare_with_tiktoken(|name| name.starts_with("testdata/"));
    assert!(files >= 100, "only {files} manifests compared");
}

/// Every manifest of the data, with the shared suites' (real servers with tools of thousands of
/// tokens): a sweep, in the release step.
#[test]
#[ignore = "a sweep of every manifest: .ci/run runs it with `cargo test --release --test it -- --ignored`"]
fn counts_equal_tiktoken_on_every_manifest() {
    let files = compare_with_tiktoken(|_| true);
    assert!(files >= 100, "only {files} manifests compared");
}

/// The budgets of testdata/tokens (`tool`, `total`, `description`) are all exceeded: warnings on
/// the tool's `#[tool]`, naming the dearest parts.
#[test]
fn budgets_warn_on_the_tool_with_the_dearest_parts() {
    insta::assert_snapshot!(run_in(&testdata("tokens"), &["check"]).transcript());
}

#[test]
fn budgets_fail_check_strict() {
    let run = run_in(&testdata("tokens"), &["check", "--strict", "--format", "json"]);
    assert_eq!(run.code, Some(2), "{}", run.transcript());
    insta::assert_snapshot!(run.transcript());
}

#[test]
fn a_budget_that_is_not_a_count_is_a_config_error() {
    let dir = tempfile::tempdir().unwrap();
    let toml = "[package]\nname = \"x\"\nversion = \"0.1.0\"\n\n[package.metadata.mcp-schema]\nbudget = { tool = \"a lot\" }\n";
    std::fs::write(dir.path().join("Cargo.toml"), toml).unwrap();
    std::fs::create_dir(dir.path().join("src")).unwrap();
    std::fs::write(dir.path().join("src/main.rs"), "fn main() {}\n").unwrap();
    let run = run_in(dir.path(), &["list"]);
    assert_eq!(run.code, Some(2), "{}", run.transcript());
    insta::assert_snapshot!(run.transcript());
}

#[test]
fn repeated_subschema_is_off_until_its_level_is_set() {
    let quiet = run_in(
        &testdata("tokens"),
        &["check", "-A", "tool-over-budget", "-A", "total-over-budget", "-A", "description-over-budget"],
    );
    insta::assert_snapshot!("repeated_subschema_off", quiet.transcript());
    let on = run_in(
        &testdata("tokens"),
        &[
            "check",
            "-W",
            "repeated-subschema",
            "-A",
            "tool-over-budget",
            "-A",
            "total-over-budget",
            "-A",
            "description-over-budget",
        ],
    );
    insta::assert_snapshot!("repeated_subschema_on", on.transcript());
}

#[test]
fn list_counts_in_cl100k_base_on_request() {
    insta::assert_snapshot!(run_in(&testdata("forecast"), &["list", "--encoding", "cl100k_base"]).transcript());
}

#[test]
fn docs_shows_each_tools_cost_with_tokens() {
    insta::assert_snapshot!(run_in(&testdata("forecast"), &["docs", "--tokens"]).transcript());
}

/// `mcp-schema.toml` takes the same table at its top level, and the budget's own encoding.
#[test]
fn a_budget_in_mcp_schema_toml_counts_in_its_encoding() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("Cargo.toml"), "[package]\nname = \"x\"\nversion = \"0.1.0\"\n").unwrap();
    std::fs::write(dir.path().join("mcp-schema.toml"), "[budget]\ntool = 40\nencoding = \"cl100k_base\"\n").unwrap();
    std::fs::create_dir(dir.path().join("src")).unwrap();
    let tools = "pub struct S;\n\nimpl S {\n    /// Say hello to someone, by name, in the language they speak.\n    #[tool]\n    pub fn greet(&self, name: String, language: String) -> String {\n        name\n    }\n\n    /// Ping.\n    #[tool]\n    pub fn ping(&self) {}\n}\n";
    std::fs::write(dir.path().join("src/main.rs"), tools).unwrap();
    let run = run_in(dir.path(), &["list"]);
    assert_eq!(run.code, Some(0), "{}", run.transcript());
    insta::assert_snapshot!(run.transcript());
}

/// `mcp-schema ARGS` in testdata/forecast with `XDG_CACHE_HOME` set to `cache` and `ENV`.
fn list_with_cache(cache: &Path, args: &[&str], env: &[(&str, &str)]) -> crate::support::Run {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mcp-schema"))
        .args(args)
        .current_dir(testdata("forecast"))
        .env("NO_COLOR", "1")
        .env_remove("MCP_SCHEMA_NO_CACHE")
        .env("XDG_CACHE_HOME", cache)
        .envs(env.iter().copied())
        .output()
        .expect("the binary runs");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    crate::support::Run { code: out.status.code(), stdout: text(&out.stdout), stderr: text(&out.stderr) }
}

/// The per-user cache of counts: a first run writes each tool's count, a later run reads them
/// (here made wrong on purpose, to show they are read), `--no-cache` and `MCP_SCHEMA_NO_CACHE`
/// count afresh, and a cache that cannot be written changes nothing.
#[test]
fn counts_are_cached_per_user_unless_turned_off() {
    let home = tempfile::tempdir().unwrap();
    let counted = list_with_cache(home.path(), &["list"], &[]);
    let dir = home.path().join("mcp-schema/tokens");
    let files: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let name = files[0].file_name().unwrap().to_str().unwrap().to_owned();
    let lines = std::fs::read_to_string(&files[0]).unwrap();
    // Every count made 7: a run that reads them shows 7 for every tool.
    let doctored: String = lines.lines().map(|l| format!("{} 7\n", l.split_once(' ').unwrap().0)).collect();
    std::fs::write(&files[0], doctored).unwrap();
    let cached = list_with_cache(home.path(), &["list"], &[]);
    let flag = list_with_cache(home.path(), &["list", "--no-cache"], &[]);
    let env = list_with_cache(home.path(), &["list"], &[("MCP_SCHEMA_NO_CACHE", "1")]);
    assert_eq!(flag, counted, "--no-cache counts afresh");
    assert_eq!(env, counted, "MCP_SCHEMA_NO_CACHE=1 counts afresh");
    // A cache directory that is a file: nothing is cached, nothing is said.
    let blocked = tempfile::NamedTempFile::new().unwrap();
    assert_eq!(list_with_cache(blocked.path(), &["list"], &[]), counted, "an unwritable cache changes nothing");
    let cache_file = format!("{name} ({} lines)", lines.lines().count());
    insta::assert_snapshot!(format!(
        "{cache_file}\n=== counted\n{}\n=== read from the doctored cache\n{}",
        counted.transcript(),
        cached.transcript()
    ));
}
