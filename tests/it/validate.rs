//! `mcp-schema validate` as a user meets it: recordings of a real server (made with `record`,
//! testdata/recordings/README.md) and hand-written ones for every kind of finding, each held
//! against the server's committed manifest; the manifest's own checks against MCP, and the same
//! checks as warnings of `generate` and `check`. Transcripts are snapshots
//! (tests/it/snapshots/it__validate__*.snap).

use crate::support;

use std::path::{Path, PathBuf};

use support::{run_in, testdata, Run};

const MANIFEST: &str = "server/mcp-tools.json";

fn recordings() -> PathBuf {
    testdata("recordings")
}

fn validate(args: &[&str]) -> Run {
    let mut all = vec!["validate", "--manifest", MANIFEST];
    all.extend_from_slice(args);
    run_in(&recordings(), &all)
}

/// The files of `testdata/recordings/<dir>`, sorted; at least three.
fn files_in(dir: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(recordings().join(dir))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(names.len() >= 3, "only {} recordings in testdata/recordings/{dir}", names.len());
    names
}

#[test]
fn a_real_session_holds_to_its_manifest() {
    let run = validate(&["calculator-session.jsonl"]);
    assert_eq!(run.code, Some(0), "{}", run.transcript());
    insta::assert_snapshot!(run.transcript());
}

#[test]
fn a_real_client_sending_what_the_schema_refuses_is_caught_at_the_field() {
    let run = validate(&["calculator-bad-client.jsonl"]);
    assert_eq!(run.code, Some(1), "{}", run.transcript());
    insta::assert_snapshot!(run.transcript());
}

#[test]
fn every_kind_of_finding_has_a_recording_and_a_snapshot() {
    let files = files_in("violations");
    for kind in mcp_schema::validate::kinds::ALL {
        let file = format!("{kind}.jsonl");
        let checked = if *kind == "not-json" { "not-json-text.jsonl".to_owned() } else { file };
        assert!(files.contains(&checked), "no recording for `{kind}` in testdata/recordings/violations");
    }
    for file in files {
        let run = validate(&[&format!("violations/{file}")]);
        let notes_only = ["undeclared-structured-content.jsonl", "unanswered-call.jsonl", "not-json-text.jsonl"];
        let expected = if notes_only.contains(&file.as_str()) { 0 } else { 1 };
        assert_eq!(run.code, Some(expected), "{file}: {}", run.transcript());
        insta::assert_snapshot!(format!("violation_{}", file.trim_end_matches(".jsonl")), run.transcript());
    }
}

#[test]
fn every_kind_of_finding_is_documented() {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/validate.md")).unwrap();
    for kind in mcp_schema::validate::kinds::ALL {
        assert!(doc.contains(&format!("`{kind}`")), "docs/validate.md does not name `{kind}`");
    }
}

#[test]
fn every_accepted_shape_is_read() {
    for file in files_in("shapes") {
        let run = validate(&[&format!("shapes/{file}")]);
        assert!(run.code == Some(0) || run.code == Some(1), "{file}: {}", run.transcript());
        insta::assert_snapshot!(format!("shape_{}", file.replace('.', "_")), run.transcript());
    }
}

#[test]
fn what_is_not_a_recording_is_an_error_with_its_line() {
    for file in files_in("unreadable") {
        let run = validate(&[&format!("unreadable/{file}")]);
        assert_eq!(run.code, Some(2), "{file}: {}", run.transcript());
        insta::assert_snapshot!(format!("unreadable_{}", file.replace('.', "_")), run.transcript());
    }
    let missing = validate(&["nowhere.jsonl"]);
    assert_eq!(missing.code, Some(2));
    assert!(missing.stderr.contains("bad-recording"), "{}", missing.stderr);
    let no_manifest = run_in(&recordings(), &["validate", "--manifest", "none.json", "calculator-session.jsonl"]);
    assert_eq!(no_manifest.code, Some(2));
    assert!(no_manifest.stderr.contains("manifest-unreadable"), "{}", no_manifest.stderr);
}

/// `--protocol` is checked as `generate` checks it: a non-version is an error with the same
/// message, an unknown date a warning, before any file is read.
#[test]
fn a_protocol_that_is_not_a_version_is_refused_as_generate_refuses_it() {
    let run = validate(&["--protocol", "foo"]);
    assert_eq!(run.code, Some(2), "{}", run.transcript());
    let generate = run_in(&testdata("forecast"), &["generate", "--protocol", "foo"]);
    let message = "--protocol `foo` is not an MCP protocol version";
    assert!(run.stderr.contains(message) && generate.stderr.contains(message), "{}", generate.transcript());
    insta::assert_snapshot!("protocol_not_a_version", run.transcript());
    let unknown = validate(&["--protocol", "2030-01-01"]);
    assert_eq!(unknown.code, Some(0), "{}", unknown.transcript());
    assert!(unknown.stderr.contains("unknown-protocol"), "{}", unknown.transcript());
}

#[test]
fn several_recordings_are_one_report() {
    let run = validate(&["calculator-session.jsonl", "violations/unknown-tool.jsonl", "shapes/batch.jsonl"]);
    assert_eq!(run.code, Some(1));
    insta::assert_snapshot!(run.transcript());
}

#[test]
fn json_and_github_formats() {
    let json = validate(&["--format", "json", "violations/invalid-structured-content.jsonl"]);
    assert_eq!(json.code, Some(1));
    let doc: serde_json::Value = serde_json::from_str(&json.stdout).expect("one JSON document");
    assert_eq!(doc["summary"]["violations"], 4);
    insta::assert_snapshot!("format_json", json.stdout);
    let github = validate(&["--format", "github", "violations/invalid-structured-content.jsonl"]);
    assert_eq!(github.code, Some(1));
    insta::assert_snapshot!("format_github", github.stdout);
    let clean = validate(&["--format", "json", "calculator-session.jsonl"]);
    let doc: serde_json::Value = serde_json::from_str(&clean.stdout).unwrap();
    assert_eq!((doc["findings"].as_array().map(Vec::len), doc["summary"]["ok"].clone()), (Some(0), true.into()));
}

#[test]
fn recordings_are_read_from_stdin() {
    let text = std::fs::read(recordings().join("violations/unknown-tool.jsonl")).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mcp-schema"))
        .args(["validate", "--manifest", MANIFEST, "-"])
        .current_dir(recordings())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(&text)?;
            child.wait_with_output()
        })
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("<stdin>:1: error[unknown-tool]"));
}

// ----- the manifest against MCP ----------------------------------------------------------------

#[test]
fn a_manifest_alone_is_checked_against_mcp() {
    let run = run_in(&recordings(), &["validate", "--manifest", "bad-manifest.json"]);
    assert_eq!(run.code, Some(1));
    insta::assert_snapshot!(run.transcript());
    let legacy = run_in(
        &recordings(),
        &["validate", "--manifest", "bad-manifest.json", "--protocol", "2025-06-18", "--format", "json"],
    );
    assert_eq!(legacy.code, Some(1));
    assert!(legacy.stdout.contains("\"kind\":\"mcp-output-schema\""), "{}", legacy.stdout);
    let good = run_in(&recordings(), &["validate", "--manifest", MANIFEST, "--protocol", "2024-11-05"]);
    assert_eq!((good.code, good.stdout.as_str()), (Some(0), "ok: 4 tools checked against MCP; 0 violations\n"));
}

#[test]
fn generate_and_check_warn_and_generate_validate_fails() {
    let dir = recordings().join("breaks-mcp");
    let generate = run_in(&dir, &["generate"]);
    assert_eq!(generate.code, Some(0), "{}", generate.stderr);
    insta::assert_snapshot!("generate_warns", generate.stderr);
    let strict = run_in(&dir, &["generate", "--validate"]);
    assert_eq!(strict.code, Some(2));
    assert!(strict.stdout.is_empty(), "no manifest is written");
    insta::assert_snapshot!("generate_validate", strict.transcript());
    let allowed = run_in(&dir, &["generate", "-q", "-A", "mcp-unresolved-ref", "-A", "mcp-invalid-schema"]);
    assert_eq!((allowed.code, allowed.stderr.as_str()), (Some(0), ""));

    // `check` warns the same way, and its verdict is about drift only.
    let tmp = tempfile::tempdir().unwrap();
    let committed = tmp.path().join("mcp-tools.json");
    std::fs::write(&committed, &generate.stdout).unwrap();
    let check = run_in(&dir, &["check", "--manifest", committed.to_str().unwrap()]);
    assert_eq!(check.code, Some(0), "{}", check.transcript());
    assert_eq!(check.stderr.matches("mcp_schema::mcp-").count(), 2, "{}", check.stderr);
}
