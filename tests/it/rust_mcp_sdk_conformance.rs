//! The rust-mcp-sdk conformance data (`testdata/rust-mcp-sdk/`, copied from
//! `shared/conformance/rust-mcp-sdk/`), checked the way `shared/conformance/run.py` checks it:
//! the built binary is run on each release's catalogue crate and the `tools` it prints must equal
//! the recorded `tools/list` answer as JSON values and in key order; and every snippet the SDK's
//! macros reject must be an error (exit status 2) that names the item.

use crate::support;

use std::path::{Path, PathBuf};

use serde_json::Value;
use support::{read_json, Run};

const RELEASES: &[&str] = &["0.8.3", "0.10.0", "1.0.1", "1.1.0", "2.0.0"];

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/rust-mcp-sdk").join(rel)
}

fn generate(crate_dir: &Path, extra: &[&str]) -> Run {
    support::generate_at(crate_dir, extra)
}

/// The tool's text with key order kept; for 0.8.3 the top-level `properties` map (a `HashMap`
/// in that release, in another order on every run) is sorted first.
fn ordered_text(tool: &Value, release: &str) -> String {
    let mut tool = tool.clone();
    if release == "0.8.3" {
        if let Some(Value::Object(props)) = tool.pointer_mut("/inputSchema/properties") {
            let mut entries: Vec<(String, Value)> = std::mem::take(props).into_iter().collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            props.extend(entries);
        }
    }
    serde_json::to_string(&tool).unwrap()
}

/// The 2.0.0 and 1.1.0 catalogues built with serde_json's `preserve_order` (the feature graph
/// turns it on): what the compiled server answered, byte for byte (the derive's insertion order
/// in every map).
#[test]
fn preserve_order_matches_rust_mcp_sdk_in_bytes() {
    for release in ["2.0.0", "1.1.0"] {
        let dir = data(&format!("releases/{release}-preserve-order"));
        let run = generate(&dir, &["--profile", "rust-mcp-sdk"]);
        assert_eq!(run.code, Some(0), "{release}: {}", run.stderr);
        let expected = std::fs::read_to_string(dir.join("expected.json")).unwrap();
        if run.stdout != expected {
            let line = run.stdout.lines().zip(expected.lines()).position(|(a, b)| a != b);
            panic!("{release}: generate differs from the compiled server from line {:?}", line.map(|l| l + 1));
        }
    }
}

#[test]
fn releases_match_rust_mcp_sdk_in_values_and_key_order() {
    let mut problems = Vec::new();
    let mut total = 0;
    for release in RELEASES {
        let dir = data(&format!("releases/{release}"));
        let run = generate(&dir, &["--profile", "rust-mcp-sdk"]);
        assert_eq!(run.code, Some(0), "{release}: {}", run.stderr);
        let got: Value = serde_json::from_str(&run.stdout).unwrap();
        let expected = read_json(&dir.join("expected.json"));
        let (got, expected) = (got["tools"].as_array().unwrap(), expected["tools"].as_array().unwrap());
        total += expected.len();
        assert_eq!(got.len(), expected.len(), "{release}: tool count");
        for (g, e) in got.iter().zip(expected) {
            let name = e["name"].as_str().unwrap_or_default();
            if g != e {
                problems.push(format!("{release} {name}: value\n  got      {g}\n  expected {e}"));
            } else if ordered_text(g, release) != ordered_text(e, release) {
                problems.push(format!("{release} {name}: key order\n  got      {g}\n  expected {e}"));
            }
        }
    }
    assert_eq!(total, 188);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn auto_picks_the_profile_from_the_dependency() {
    let dir = data("releases/1.1.0");
    let auto = generate(&dir, &["--verbose"]);
    assert_eq!(auto.code, Some(0), "{}", auto.stderr);
    assert!(auto.stderr.contains("profile: rust-mcp-sdk (auto: the crate depends on rust-mcp-sdk)"), "{}", auto.stderr);
    assert!(
        auto.stderr.contains("rust-mcp-sdk 1.1.0 (rust-mcp-macros 1.1.0, rust-mcp-schema 1.0.0)"),
        "{}",
        auto.stderr
    );
    assert_eq!(auto.stdout, generate(&dir, &["--profile", "rust-mcp-sdk"]).stdout);
}

/// The crate of one compile-fail case: the release's Cargo.toml and Cargo.lock, and
/// `header + snippet + fn main() {}` as src/main.rs.
fn case_crate(release: &str, header: &str, snippet: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let from = data(&format!("releases/{release}"));
    for f in ["Cargo.toml", "Cargo.lock"] {
        std::fs::copy(from.join(f), dir.path().join(f)).unwrap();
    }
    std::fs::create_dir(dir.path().join("src")).unwrap();
    std::fs::write(dir.path().join("src/main.rs"), format!("{header}{snippet}\nfn main() {{}}\n")).unwrap();
    dir
}

/// The name of the item carrying `#[mcp_tool]` in a snippet (the last one declared).
fn tool_item_name(snippet: &str) -> String {
    let mut name = None;
    let mut after_attr = false;
    for line in snippet.lines().map(str::trim) {
        if line.starts_with("#[mcp_tool") {
            after_attr = true;
        } else if after_attr && !line.starts_with("#[") {
            let words: Vec<&str> =
                line.split(|c: char| !c.is_alphanumeric() && c != '_').filter(|w| !w.is_empty()).collect();
            if let Some(i) = words.iter().position(|w| matches!(*w, "struct" | "enum" | "type" | "fn")) {
                name = words.get(i + 1).map(|w| (*w).to_owned());
            }
            after_attr = false;
        }
    }
    name.expect("a #[mcp_tool] item")
}

/// One compile-fail case on one release: what the SDK's macros did with it.
struct CompileCase {
    case: String,
    release: String,
    snippet: String,
    item: String,
    compiles: bool,
}

/// Every case of `compile-fail.json` on every release it was compiled against.
fn compile_cases() -> (String, Vec<CompileCase>) {
    let cases = read_json(&data("compile-fail.json"));
    let header = cases["header"].as_str().unwrap().to_owned();
    let mut out = Vec::new();
    for (case, c) in cases["cases"].as_object().unwrap() {
        let snippet = c["snippet"].as_str().unwrap();
        let item = tool_item_name(snippet);
        for (release, result) in c["results"].as_object().unwrap() {
            let compiles = result["compiles"].as_bool().unwrap();
            out.push(CompileCase {
                case: case.clone(),
                release: release.clone(),
                snippet: snippet.to_owned(),
                item: item.clone(),
                compiles,
            });
        }
    }
    (header, out)
}

/// What differs from the recording: a case that compiled must list (exit 0), one the macros
/// rejected must be an error (exit 2) naming the item, with nothing on stdout.
fn run_compile_cases(header: &str, cases: &[&CompileCase]) -> Vec<String> {
    let mut problems = Vec::new();
    for c in cases {
        let dir = case_crate(&c.release, header, &c.snippet);
        let run = generate(dir.path(), &["--profile", "rust-mcp-sdk"]);
        let ok = if c.compiles {
            run.code == Some(0)
        } else {
            run.code == Some(2) && run.stdout.is_empty() && run.stderr.contains(&format!("`{}`", c.item))
        };
        if !ok {
            problems.push(format!(
                "{} on {} (compiles: {}): exit {:?}\n{}",
                c.case, c.release, c.compiles, run.code, run.stderr
            ));
        }
    }
    problems
}

/// Every case on every release (160 runs of the CLI): a sweep, in the release step.
#[test]
#[ignore = "a sweep of every release: .ci/run runs it with `cargo test --release --test it -- --ignored`"]
fn every_compile_fail_case_is_an_error_naming_the_item() {
    let (header, cases) = compile_cases();
    assert_eq!(cases.len(), 32 * 5);
    let problems = run_compile_cases(&header, &cases.iter().collect::<Vec<_>>());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Each case on one release, the releases taken in turn, and on every release where the
/// recording says otherwise than on that one (a case that compiles from some release on).
#[test]
fn every_compile_fail_case_on_one_release_and_where_it_changes() {
    let (header, cases) = compile_cases();
    let mut names: Vec<&str> = cases.iter().map(|c| c.case.as_str()).collect();
    names.dedup();
    assert_eq!(names.len(), 32, "the compile-fail cases");
    let mut chosen: Vec<&CompileCase> = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let of_case: Vec<&CompileCase> = cases.iter().filter(|c| c.case == *name).collect();
        let one = of_case.iter().find(|c| c.release == RELEASES[i % RELEASES.len()]).expect("every release recorded");
        chosen.extend(of_case.iter().filter(|c| c.release == one.release || c.compiles != one.compiles));
    }
    let releases: std::collections::BTreeSet<&str> = chosen.iter().map(|c| c.release.as_str()).collect();
    assert_eq!(releases.len(), RELEASES.len(), "every release runs some case");
    assert!(chosen.iter().any(|c| c.compiles), "a case that compiles on some release runs there");
    let problems = run_compile_cases(&header, &chosen);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
