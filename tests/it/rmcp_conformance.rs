//! The rmcp conformance data (`testdata/rmcp/`, copied from `shared/conformance/rmcp/`), checked
//! the way `shared/conformance/run.py` checks it: the built binary is run on each crate and what
//! it prints is compared with the expected listing as JSON values (objects unordered, arrays in
//! order), with the `opaque.json` rule for tools whose schemas only exist at runtime.

use crate::{meta_schema, support};

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
    // tools.json is what a stateless 2026-07-28 request gets; an `initialize` client (the default
    // view) gets tools.legacy.json.
    for (file, extra) in [("tools.json", vec!["--protocol", "2026-07-28"]), ("tools.legacy.json", vec![])] {
        let expected = read_json(&dir.join(file));
        let exp = match &expected {
            Value::Array(a) => a.clone(),
            other => other["tools"].as_array().unwrap().clone(),
        };
        let run = generate(&dir, &extra);
        match tools_of(&run, file) {
            Ok(got) => {
                problems.extend(compare(&exp, &got, &opaque, &run.stderr, file));
                let checked = meta_schema::check_manifest(file, &got, &mut problems);
                assert!(checked >= 40, "{file}: only {checked} schemas were checked");
            }
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
            // Each listing names the protocol it was captured at (as run.py reads it).
            let at: Vec<String> = match expected["protocol"].as_str() {
                Some(p) => vec!["--protocol".into(), p.into()],
                None => vec![],
            };
            if entry.get("panic").is_some() {
                runs.push(("panic", at));
            } else {
                runs.push(("tools", at));
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

/// The differences one check finds, and how many schemas of what it listed are valid in their
/// dialect (`meta_schema::check_manifest`; a schema that is not is one more difference).
fn run_check(check: &Check) -> (Vec<String>, usize) {
    let args: Vec<&str> = check.args.iter().map(String::as_str).collect();
    let run = generate(&check.release, &args);
    let label = &check.label;
    if check.key == "panic" {
        let tool = check.entry["tool"].as_str().unwrap();
        let problems = if run.code != Some(2) {
            vec![format!("{label}: expected exit status 2 naming {tool}, got {:?}", run.code)]
        } else if !run.stderr.contains(tool) {
            vec![format!("{label}: the diagnostic does not name {tool}: {}", run.stderr)]
        } else {
            vec![]
        };
        return (problems, 0);
    }
    let exp = check.entry[check.key].as_array().unwrap();
    match tools_of(&run, label) {
        Ok(got) => {
            let mut problems = compare(exp, &got, &[], &run.stderr, label);
            let checked = meta_schema::check_manifest(label, &got, &mut problems);
            (problems, checked)
        }
        Err(e) => (vec![e], 0),
    }
}

/// Runs the checks side by side (each is a process of its own) and reports them in order.
fn run_checks(checks: &[Check]) -> (Vec<String>, usize) {
    let results: Vec<(Vec<String>, usize)> = checks.par_iter().map(run_check).collect();
    let schemas = results.iter().map(|r| r.1).sum();
    (results.into_iter().flat_map(|r| r.0).collect(), schemas)
}

/// A release folder's name as a version: `0.8.5` is `(0, 8, 5)`.
fn version_of(name: &str) -> (u64, u64, u64) {
    let parts: Vec<u64> =
        name.split('.').map(|p| p.parse().unwrap_or_else(|_| panic!("{name}: not a version"))).collect();
    assert_eq!(parts.len(), 3, "{name}: not a version");
    (parts[0], parts[1], parts[2])
}

/// The rows of the rmcp release table, by the release each starts at: the names in
/// `const RELEASES: &[Row] = &[V0_2_0, …]`, read from the one source file that holds it (the test
/// cannot reach the private table; reading it keeps this test in step with a row added).
fn release_table_rows() -> Vec<(u64, u64, u64)> {
    let mut files = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    let mut tables = Vec::new();
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            if let Some((_, rest)) = text.split_once("const RELEASES: &[Row] = &[") {
                tables.push((path.clone(), rest.split_once("];").expect("the table ends").0.to_owned()));
            }
        }
    }
    assert_eq!(
        tables.len(),
        1,
        "one rmcp release table in src/, found in {:?}",
        tables.iter().map(|t| &t.0).collect::<Vec<_>>()
    );
    let rows: Vec<(u64, u64, u64)> = tables[0]
        .1
        .split(',')
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .map(|r| version_of(&r.strip_prefix('V').unwrap_or_else(|| panic!("{r}: not a row name")).replace('_', ".")))
        .collect();
    assert!(rows.len() >= 17, "only {} rows read from {}", rows.len(), tables[0].0.display());
    rows
}

/// Rows of the release table with no release folder in `testdata/rmcp/versions`, and why: what
/// the row changes does not show on this catalogue (its release would list what the row before
/// lists).
const ROWS_WITHOUT_A_FOLDER: &[((u64, u64, u64), &str)] =
    [((3, 3, 0), "an empty `#[tool_router]` is an error: the catalogue has no empty router")].as_slice();

/// The oldest release folder of each row of the release table.
fn one_release_per_row() -> Vec<String> {
    let rows = release_table_rows();
    let mut folders: Vec<String> = std::fs::read_dir(data("versions"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("expected.json").is_file())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    folders.sort_by_key(|f| version_of(f));
    let mut chosen = Vec::new();
    for (i, first) in rows.iter().enumerate() {
        let end = rows.get(i + 1).copied().unwrap_or((u64::MAX, 0, 0));
        // The first row also covers the releases before it (0.1, read apart from the table).
        let start = if i == 0 { (0, 0, 0) } else { *first };
        let without = ROWS_WITHOUT_A_FOLDER.iter().any(|(row, _)| row == first);
        match folders.iter().find(|f| (start..end).contains(&version_of(f))) {
            Some(f) => {
                assert!(!without, "row {first:?} has the folder {f}: take it out of ROWS_WITHOUT_A_FOLDER");
                chosen.push(f.clone());
            }
            None => assert!(
                without,
                "the release table's row {first:?} has no release folder in testdata/rmcp/versions: record one, \
                 or name the row in ROWS_WITHOUT_A_FOLDER with the reason"
            ),
        }
    }
    chosen
}

fn assert_none(problems: Vec<String>) {
    assert!(problems.is_empty(), "{} differences:\n{}", problems.len(), problems.join("\n"));
}

/// run.py's `rmcp` comparison of the v3_11 crate.
#[test]
fn v3_11_matches_rmcp() {
    assert_none(v3_11());
}

/// run.py's `rmcp-versions` comparison: 250 checks over 22 releases, and every schema they list
/// valid in its dialect. A sweep (about 250 runs of the CLI): the release step runs it, the debug
/// run checks one release per row of the release table (below).
#[test]
#[ignore = "a sweep of every release: .ci/run runs it with `cargo test --release --test it -- --ignored`"]
fn versions_match_rmcp() {
    let checks = version_checks();
    assert_eq!(checks.len(), 250);
    let (problems, schemas) = run_checks(&checks);
    assert_none(problems);
    assert!(schemas > 300, "only {schemas} schemas were checked");
}

/// The same checks on the oldest release folder of each row of the release table, so that every
/// row keeps a check in the debug run: each release's `Catalog` (25 tools), one output server and
/// one parameter server, the small servers taken in turn so that every server type runs on some
/// row (every server of every release: `versions_match_rmcp`, in the release step).
#[test]
fn one_release_per_row_matches_rmcp() {
    let releases = one_release_per_row();
    assert!(releases.len() >= 16, "only {} releases chosen: {releases:?}", releases.len());
    let mut every = version_checks();
    let mut checks = Vec::new();
    let mut servers_run = std::collections::BTreeSet::new();
    for (i, release) in releases.iter().enumerate() {
        let all: Vec<Check>;
        (all, every) = every.into_iter().partition(|c| c.release.ends_with(release));
        let server = |c: &Check| c.args.last().unwrap().clone();
        let mut names: Vec<String> = all.iter().map(server).collect();
        names.dedup();
        let outputs: Vec<&String> = names.iter().filter(|n| n.starts_with("Out")).collect();
        let params: Vec<&String> = names.iter().filter(|n| n.ends_with("ParamsServer")).collect();
        assert_eq!((names.len(), outputs.len(), params.len()), (11, 7, 3), "{release}: {names:?}");
        let chosen = ["Catalog", outputs[i % outputs.len()], params[i % params.len()]];
        servers_run.extend(chosen.map(str::to_owned));
        checks.extend(all.into_iter().filter(|c| chosen.contains(&server(c).as_str())));
    }
    assert_eq!(servers_run.len(), 11, "every server type runs on some row: {servers_run:?}");
    // Three servers per release, and 3.11.0's legacy listings of those that list.
    assert!(checks.len() >= releases.len() * 3 + 2, "only {} checks", checks.len());
    let (problems, schemas) = run_checks(&checks);
    assert_none(problems);
    assert!(schemas > 200, "only {schemas} schemas were checked");
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
