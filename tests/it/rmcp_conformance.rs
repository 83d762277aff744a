//! The rmcp conformance data (`testdata/rmcp/`, copied from `shared/conformance/rmcp/`), checked
//! the way `shared/conformance/run.py` checks it: the built binary is run on each crate and what
//! it prints is compared with the expected listing as JSON values (objects unordered, arrays in
//! order), with the `opaque.json` rule for tools whose schemas only exist at runtime.

use crate::support;

use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde_json::Value;
use support::{read_json, Run};

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/rmcp").join(rel)
}

/// `generate --profile rmcp EXTRA... DIR`.
fn generate(crate_dir: &Path, extra: &[&str]) -> Run {
    support::generate_at(crate_dir, &[&["--profile", "rmcp"], extra].concat())
}

fn tools_of(run: &Run, label: &str) -> Result<Vec<Value>, String> {
    if run.code == Some(101) || run.stderr.contains("panicked at") {
        return Err(format!("{label}: the CLI panicked: {}", run.stderr));
    }
    if run.code != Some(0) {
        return Err(format!("{label}: exit status {:?}: {}", run.code, run.stderr));
    }
    let doc: Value = serde_json::from_str(&run.stdout).map_err(|e| format!("{label}: unreadable stdout: {e}"))?;
    match doc.get("tools") {
        Some(Value::Array(t)) => Ok(t.clone()),
        _ => Err(format!("{label}: stdout has no tools array")),
    }
}

/// The differences between two tool lists; `opaque` tools may leave schema keys out when
/// stderr names them. Each difference names the keys of the tool that differ, so a failure says
/// at once whether only generated schemas differ or the tool list, names, titles, descriptions
/// and annotations too (what separate `*_everything_but_generated_schemas` tests used to say, at
/// the cost of running every crate twice).
fn compare(exp: &[Value], got: &[Value], opaque: &[String], stderr: &str, label: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let name = |t: &Value| t["name"].as_str().unwrap_or_default().to_owned();
    let exp_names: Vec<String> = exp.iter().map(name).collect();
    let got_names: Vec<String> = got.iter().map(name).collect();
    if exp_names != got_names {
        problems.push(format!("{label}: tools {got_names:?}, expected {exp_names:?}"));
        return problems;
    }
    for (e, g) in exp.iter().zip(got) {
        let n = name(e);
        let mut e = e.clone();
        let left_out: Vec<&str> = ["inputSchema", "outputSchema"]
            .into_iter()
            .filter(|k| g.get(*k).is_none() && e.get(*k).is_some())
            .collect();
        if opaque.contains(&n) && !left_out.is_empty() {
            if !stderr.contains(&n) {
                problems.push(format!("{label}: {n}: {left_out:?} left out without a diagnostic naming the tool"));
                continue;
            }
            for k in &left_out {
                e.as_object_mut().unwrap().remove(*k);
            }
        }
        if &e != g {
            let keys = differing_keys(&e, g);
            problems.push(format!("{label}: {n}: {keys:?} differ: expected {e}\n  got {g}"));
        }
    }
    problems
}

/// The top-level keys of a tool entry whose values differ (or that only one side has).
fn differing_keys<'a>(e: &'a Value, g: &'a Value) -> Vec<&'a str> {
    let (Some(e), Some(g)) = (e.as_object(), g.as_object()) else { return vec!["(not an object)"] };
    let mut keys: Vec<&str> = e.keys().chain(g.keys()).map(String::as_str).filter(|k| e.get(*k) != g.get(*k)).collect();
    keys.sort();
    keys.dedup();
    keys
}

fn v3_11() -> Vec<String> {
    let dir = data("v3_11");
    let opaque: Vec<String> = serde_json::from_value(read_json(&dir.join("opaque.json"))).unwrap();
    let mut problems = Vec::new();
    for (file, extra) in [("tools.json", vec![]), ("tools.legacy.json", vec!["--protocol", "2025-11-25"])] {
        let expected = read_json(&dir.join(file));
        let exp = match &expected {
            Value::Array(a) => a.clone(),
            other => other["tools"].as_array().unwrap().clone(),
        };
        let run = generate(&dir, &extra);
        match tools_of(&run, file) {
            Ok(got) => problems.extend(compare(&exp, &got, &opaque, &run.stderr, file)),
            Err(e) => problems.push(e),
        }
    }
    problems
}

/// One run of a release's crate: its label, the arguments, and the expected entry's key.
struct Check {
    release: PathBuf,
    label: String,
    args: Vec<String>,
    key: &'static str,
    entry: Value,
}

/// Every run run.py's `rmcp-versions` makes: each server of each release, at the current
/// protocol (or the expected panic) and at the legacy one when it was recorded.
fn version_checks() -> Vec<Check> {
    let root = data("versions");
    let mut releases: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.join("expected.json").is_file())
        .collect();
    releases.sort();
    let mut checks = Vec::new();
    for rel in releases {
        let expected = read_json(&rel.join("expected.json"));
        let name = rel.file_name().unwrap().to_string_lossy().into_owned();
        for (server, entry) in expected["servers"].as_object().unwrap() {
            let mut runs: Vec<(&'static str, Vec<String>)> = Vec::new();
            if entry.get("panic").is_some() {
                runs.push(("panic", vec![]));
            } else {
                runs.push(("tools", vec![]));
            }
            if entry.get("tools_legacy").is_some() {
                let p = expected["legacy_protocol"].as_str().unwrap_or("2025-11-25").to_owned();
                runs.push(("tools_legacy", vec!["--protocol".into(), p]));
            }
            for (key, mut args) in runs {
                let label = format!("{name} {server} {}", args.join(" "));
                args.extend(["--server".to_owned(), server.clone()]);
                checks.push(Check { release: rel.clone(), label, args, key, entry: entry.clone() });
            }
        }
    }
    checks
}

/// The differences one check finds.
fn run_check(check: &Check) -> Vec<String> {
    let args: Vec<&str> = check.args.iter().map(String::as_str).collect();
    let run = generate(&check.release, &args);
    let label = &check.label;
    if check.key == "panic" {
        let tool = check.entry["tool"].as_str().unwrap();
        return if run.code != Some(2) {
            vec![format!("{label}: expected exit status 2 naming {tool}, got {:?}", run.code)]
        } else if !run.stderr.contains(tool) {
            vec![format!("{label}: the diagnostic does not name {tool}: {}", run.stderr)]
        } else {
            vec![]
        };
    }
    let exp = check.entry[check.key].as_array().unwrap();
    match tools_of(&run, label) {
        Ok(got) => compare(exp, &got, &[], &run.stderr, label),
        Err(e) => vec![e],
    }
}

fn assert_none(problems: Vec<String>) {
    assert!(problems.is_empty(), "{} differences:\n{}", problems.len(), problems.join("\n"));
}

/// run.py's `rmcp` comparison of the v3_11 crate.
#[test]
fn v3_11_matches_rmcp() {
    assert_none(v3_11());
}

/// run.py's `rmcp-versions` comparison: 250 checks over 22 releases.
#[test]
fn versions_match_rmcp() {
    let checks = version_checks();
    assert_eq!(checks.len(), 250);
    // Each check is a process of its own: run them side by side, report them in order.
    let problems: Vec<Vec<String>> = checks.par_iter().map(run_check).collect();
    assert_none(problems.concat());
}

/// Several server types and no `--server`: an error that lists them, and no manifest.
#[test]
fn several_servers_need_a_choice() {
    let run = generate(&data("versions/3.11.0"), &[]);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("OutVecServer") && run.stderr.contains("Catalog"), "{}", run.stderr);
    assert!(run.stdout.is_empty());
    let run = generate(&data("versions/3.11.0"), &["--server", "NoSuchServer"]);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("NoSuchServer"));
}

/// `--verbose` says which rmcp release was read and from where; `--rmcp-version` overrides it.
#[test]
fn verbose_names_the_release_and_its_origin() {
    let run = generate(&data("versions/0.8.5"), &["--verbose", "--server", "Catalog"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stderr.contains("rmcp 0.8.5") && run.stderr.contains("Cargo.lock"), "{}", run.stderr);
    let run = generate(&data("versions/0.8.5"), &["--verbose", "--server", "Catalog", "--rmcp-version", "0.6.4"]);
    assert!(run.stderr.contains("rmcp 0.6.4") && run.stderr.contains("--rmcp-version"), "{}", run.stderr);
    let doc: Value = serde_json::from_str(&run.stdout).unwrap();
    let no_params = doc["tools"].as_array().unwrap().iter().find(|t| t["name"] == "no_params").unwrap();
    assert_eq!(no_params["inputSchema"], serde_json::json!({}));
}
