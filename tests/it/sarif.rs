//! `--format sarif` of `check`, `diff` and `validate`: every log is valid against the SARIF 2.1.0
//! schema (testdata/sarif/sarif-schema-2.1.0.json) and names its rules, levels and places as
//! code scanning reads them. Logs are snapshots (tests/it/snapshots/it__sarif__*.snap).

use crate::support;

use serde_json::Value;
use support::{run_in, testdata, Run};

/// The log a run printed, after checking it against the SARIF 2.1.0 schema.
fn valid_log(run: &Run) -> Value {
    let log: Value = serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("{e}\n{}", run.transcript()));
    let schema = support::read_json(&testdata("sarif/sarif-schema-2.1.0.json"));
    let validator = jsonschema::draft4::new(&schema).expect("the SARIF schema compiles");
    let errors: Vec<String> = validator.iter_errors(&log).map(|e| format!("{} at {}", e, e.instance_path)).collect();
    assert!(errors.is_empty(), "not valid SARIF 2.1.0:\n{}\n{}", errors.join("\n"), run.stdout);
    log
}

fn results(log: &Value) -> &Vec<Value> {
    log["runs"][0]["results"].as_array().expect("results")
}

#[test]
fn the_schema_rejects_what_is_not_sarif() {
    let schema = support::read_json(&testdata("sarif/sarif-schema-2.1.0.json"));
    let validator = jsonschema::draft4::new(&schema).unwrap();
    assert!(!validator.is_valid(&serde_json::json!({"version": "2.1.0", "runs": [{"results": []}]})));
}

#[test]
fn diff_of_a_drift_fixture() {
    let run = run_in(
        &testdata(""),
        &["diff", "drift/property-removed/before.json", "drift/property-removed/after.json", "--format", "sarif"],
    );
    let log = valid_log(&run);
    let levels: Vec<&str> = results(&log).iter().map(|r| r["level"].as_str().unwrap()).collect();
    assert!(levels.contains(&"error") && levels.contains(&"warning"), "{levels:?}");
    insta::assert_snapshot!(run.transcript());
}

#[test]
fn check_puts_changes_on_their_rust_lines() {
    let run =
        run_in(&testdata(""), &["check", "forecast", "--manifest", "sarif/forecast-stale.json", "--format", "sarif"]);
    assert_eq!(run.code, Some(1), "{}", run.transcript());
    let log = valid_log(&run);
    for r in results(&log) {
        let place = &r["locations"][0]["physicalLocation"];
        assert_eq!(place["artifactLocation"]["uri"], "testdata/forecast/src/main.rs", "{r}");
        assert!(place["region"]["startLine"].as_u64() > Some(1), "{r}");
    }
    let rules = log["runs"][0]["tool"]["driver"]["rules"].as_array().unwrap();
    assert!(rules.iter().all(|r| r["defaultConfiguration"]["level"].is_string() && r["help"]["text"].is_string()));
    insta::assert_snapshot!(run.transcript());
}

#[test]
fn a_run_that_cannot_compare_is_a_log_of_its_diagnostics() {
    let run = run_in(&testdata(""), &["check", "forecast", "--manifest", "sarif/missing.json", "--format", "sarif"]);
    assert_eq!(run.code, Some(2), "{}", run.transcript());
    let log = valid_log(&run);
    assert_eq!(results(&log)[0]["ruleId"], "manifest-unreadable");
    assert_eq!(log["runs"][0]["tool"]["driver"]["rules"][0]["defaultConfiguration"]["level"], "error");
    insta::assert_snapshot!(run.stdout);
}

#[test]
fn validate_puts_findings_on_their_recording_lines() {
    let recordings = testdata("recordings");
    let args = ["validate", "--manifest", "server/mcp-tools.json", "--format", "sarif"];
    let files =
        ["violations/invalid-arguments.jsonl", "violations/tools-list-drift.jsonl", "violations/unanswered-call.jsonl"];
    let run = run_in(&recordings, &[&args[..], &files[..]].concat());
    assert_eq!(run.code, Some(1), "{}", run.transcript());
    let log = valid_log(&run);
    for r in results(&log) {
        let place = &r["locations"][0]["physicalLocation"];
        assert!(
            place["artifactLocation"]["uri"].as_str().unwrap().starts_with("testdata/recordings/violations/"),
            "{r}"
        );
        assert!(place["region"]["startLine"].as_u64() >= Some(1), "{r}");
    }
    let levels: Vec<&str> = results(&log).iter().map(|r| r["level"].as_str().unwrap()).collect();
    assert!(levels.contains(&"error") && levels.contains(&"note"), "{levels:?}");
    assert_eq!(log["runs"][0]["invocations"][0]["executionSuccessful"], true);
    insta::assert_snapshot!(run.transcript());
}

#[test]
fn validate_of_a_manifest_alone_is_a_log_too() {
    let run =
        run_in(&testdata("recordings"), &["validate", "--manifest", "server/mcp-tools.json", "--format", "sarif"]);
    assert_eq!(run.code, Some(0), "{}", run.transcript());
    assert!(results(&valid_log(&run)).is_empty(), "{}", run.stdout);
}

/// `generate`'s diagnostics as code scanning sees them: `check` regenerates the manifest, and its
/// log holds every diagnostic of the generation, on its Rust line, with the code's metadata.
#[test]
fn generation_diagnostics_are_on_their_rust_lines() {
    let crate_dir = "rmcp/patterns/unresolved-types";
    let run =
        run_in(&testdata(""), &["check", crate_dir, "--manifest", "sarif/forecast-stale.json", "--format", "sarif"]);
    assert_eq!(run.code, Some(2), "{}", run.transcript());
    let log = valid_log(&run);
    let on_lines: Vec<&Value> = results(&log).iter().filter(|r| r["ruleId"] == "unresolved-type").collect();
    assert!(!on_lines.is_empty(), "{}", run.stdout);
    for r in on_lines {
        let place = &r["locations"][0]["physicalLocation"];
        assert_eq!(place["artifactLocation"]["uri"], format!("testdata/{crate_dir}/src/lib.rs"), "{r}");
        assert!(place["region"]["startColumn"].as_u64() > Some(1), "{r}");
    }
    let rules = log["runs"][0]["tool"]["driver"]["rules"].as_array().unwrap();
    let unresolved = rules.iter().find(|r| r["id"] == "unresolved-type").unwrap();
    assert!(unresolved["help"]["text"].as_str().unwrap().starts_with("Fix: "), "{unresolved}");
    insta::assert_snapshot!(run.stdout);
}

#[test]
fn a_validate_run_that_stops_is_still_a_log_and_says_so() {
    let files = ["violations/invalid-arguments.jsonl", "unreadable/bad-direction.jsonl"];
    let args = ["validate", "--manifest", "server/mcp-tools.json", "--format", "sarif"];
    let run = run_in(&testdata("recordings"), &[&args[..], &files[..]].concat());
    assert_eq!(run.code, Some(2), "{}", run.transcript());
    let log = valid_log(&run);
    assert!(!results(&log).is_empty(), "{}", run.stdout);
    assert_eq!(log["runs"][0]["invocations"][0]["executionSuccessful"], false);
}

#[test]
fn an_accepted_change_is_a_suppressed_result_with_its_reason() {
    let run = run_in(
        &testdata(""),
        &[
            "diff",
            "drift/property-removed/before.json",
            "drift/property-removed/after.json",
            "-A",
            "property-removed",
            "--format",
            "sarif",
        ],
    );
    let log = valid_log(&run);
    let removed: Vec<&Value> = results(&log).iter().filter(|r| r["ruleId"] == "property-removed").collect();
    assert!(!removed.is_empty(), "{}", run.stdout);
    for r in removed {
        assert_eq!(
            r["suppressions"],
            serde_json::json!([{"kind": "external", "justification": "rule `property-removed` allowed"}])
        );
    }
    let others = results(&log).iter().filter(|r| r["ruleId"] != "property-removed");
    assert!(others.into_iter().all(|r| r.get("suppressions").is_none()));
}

/// Findings about the Cargo.lock have no span of their own (`schemars-version`,
/// `rmcp-version`): code scanning refuses a whole log when one result has no location, so each
/// goes on the lock's entry of the package it names (testdata/sarif/lock-warnings: the forecast
/// crate with schemars 1.0.4 and rmcp 3.12.0 locked).
#[test]
fn lock_level_findings_are_on_their_cargo_lock_entries() {
    let run = run_in(&testdata(""), &["check", "sarif/lock-warnings", "--format", "sarif"]);
    assert_eq!(run.code, Some(0), "{}", run.transcript());
    let log = valid_log(&run);
    let places: Vec<String> = results(&log)
        .iter()
        .map(|r| {
            let place = &r["locations"][0]["physicalLocation"];
            let line = place["region"]["startLine"].as_u64().unwrap() as usize;
            let uri = place["artifactLocation"]["uri"].as_str().unwrap();
            let file = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(uri)).unwrap();
            format!("{}: {uri}:{line}: {}", r["ruleId"], file.lines().nth(line - 1).unwrap())
        })
        .collect();
    insta::assert_snapshot!(places.join("\n"));
}

/// Without a Cargo.lock entry to name, a finding goes on the crate's Cargo.toml: the line of
/// the dependency it names, else the first (the same crate without its Cargo.lock).
#[test]
fn other_findings_without_a_place_are_on_the_crate_s_cargo_toml() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = testdata("sarif/lock-warnings");
    std::fs::create_dir_all(dir.path().join("src")).unwrap();
    for file in ["Cargo.toml", "src/main.rs", "mcp-tools.json"] {
        std::fs::copy(fixture.join(file), dir.path().join(file)).unwrap();
    }
    let run = run_in(dir.path(), &["check", "--format", "sarif"]);
    let log = valid_log(&run);
    let places: Vec<String> = results(&log)
        .iter()
        .map(|r| {
            let place = &r["locations"][0]["physicalLocation"];
            format!("{}: {}:{}", r["ruleId"], place["artifactLocation"]["uri"], place["region"]["startLine"])
        })
        .collect();
    insta::assert_snapshot!(places.join("\n"));
}

/// The rules of code scanning the logs are held to refuse what GitHub refuses.
#[test]
fn the_code_scanning_rules_refuse_what_github_refuses() {
    use crate::support::code_scanning::refusals;
    let rule = serde_json::json!({"id": "r", "shortDescription": {"text": "s"}, "fullDescription": {"text": "f"}, "help": {"text": "h"}});
    let located = |uri: &str| serde_json::json!([{"physicalLocation": {"artifactLocation": {"uri": uri}, "region": {"startLine": 1}}}]);
    let log = |result: Value| serde_json::json!({"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "mcp-schema", "rules": [rule]}}, "results": [result]}]});
    let result = |locations: Value| serde_json::json!({"ruleId": "r", "ruleIndex": 0, "message": {"text": "m"}, "locations": locations});
    assert!(refusals(&log(result(located("src/lib.rs")))).is_empty());
    for refused in [
        result(serde_json::json!([])),
        result(located("/abs/src/lib.rs")),
        result(located("file:///src/lib.rs")),
        result(located("../src/lib.rs")),
        result(located("mcp-tools.json since main")),
        serde_json::json!({"ruleId": "r", "ruleIndex": 1, "message": {"text": "m"}, "locations": located("a.rs")}),
        serde_json::json!({"ruleId": "r", "message": {"text": ""}, "locations": located("a.rs")}),
    ] {
        assert!(!refusals(&log(refused.clone())).is_empty(), "{refused}");
    }
    let two_runs = serde_json::json!({"version": "2.1.0", "runs": [
        {"tool": {"driver": {"name": "mcp-schema"}}, "results": []},
        {"tool": {"driver": {"name": "mcp-schema"}}, "results": []},
    ]});
    assert!(!refusals(&two_runs).is_empty(), "two runs in one category");
    let no_full = serde_json::json!({"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "m", "rules": [{"id": "r", "shortDescription": {"text": "s"}, "help": {"text": "h"}}]}}, "results": []}]});
    assert!(!refusals(&no_full).is_empty(), "a rule without fullDescription");
}
