//! What `-q` and `-v` leave on stderr: `-q` errors only (no warnings, notes or progress),
//! the default one note of each code in full and a count of the others, `-v` every note.

use crate::support::{run_in, testdata};

/// A crate with two `runtime-condition` notes (tools a router adds behind an `if` and a `match`).
fn router_statements() -> std::path::PathBuf {
    testdata("rmcp/patterns/router-statements")
}

/// A python-sdk crate whose run has a warning (a `mod` without a file), and its manifest.
fn warning_crate() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("src")).unwrap();
    std::fs::write(dir.path().join("Cargo.toml"), "[package]\nname = \"w\"\nversion = \"0.1.0\"\n").unwrap();
    std::fs::write(dir.path().join("src/lib.rs"), "//! No tools.\nmod gone;\n").unwrap();
    std::fs::write(dir.path().join("mcp-tools.json"), "{\"tools\": []}\n").unwrap();
    dir
}

#[test]
fn repeated_notes_fold_into_the_first_and_a_count() {
    let run = run_in(&router_statements(), &["generate", "--profile", "rmcp"]);
    assert_eq!(run.code, Some(0));
    insta::assert_snapshot!(run.stderr);
}

#[test]
fn verbose_shows_every_note() {
    let run = run_in(&router_statements(), &["generate", "--profile", "rmcp", "-v"]);
    assert_eq!(run.code, Some(0));
    insta::assert_snapshot!(run.stderr);
}

#[test]
fn generate_quiet_prints_no_notes() {
    let run = run_in(&router_statements(), &["generate", "--profile", "rmcp", "-q"]);
    assert_eq!((run.code, run.stderr.as_str()), (Some(0), ""));
    assert!(run.stdout.contains("\"rebuild_index\""), "the manifest is still printed");
}

#[test]
fn check_quiet_prints_the_report_only() {
    insta::assert_snapshot!(run_in(&testdata("forecast"), &["check", "-q"]).transcript());
}

#[test]
fn quiet_drops_warnings() {
    let dir = warning_crate();
    let shown = run_in(dir.path(), &["check"]);
    assert!(shown.stderr.contains("missing-module"), "{}", shown.transcript());
    insta::assert_snapshot!(run_in(dir.path(), &["check", "-q"]).transcript());
    insta::assert_snapshot!(run_in(dir.path(), &["list", "-q"]).transcript());
}

#[test]
fn quiet_keeps_errors() {
    let dir = warning_crate();
    std::fs::write(dir.path().join("src/lib.rs"), "fn broken( {\n").unwrap();
    let run = run_in(dir.path(), &["generate", "-q"]);
    assert_eq!(run.code, Some(2));
    insta::assert_snapshot!(run.stderr);
}

#[test]
fn quiet_and_verbose_are_refused_together() {
    for args in [&["generate", "-q", "-v"][..], &["-q", "list", "-v"]] {
        let run = run_in(&testdata("forecast"), args);
        assert_eq!(run.code, Some(2), "{}", run.transcript());
        assert!(run.stderr.starts_with("error: `-q` and `-v` cannot be used together"), "{}", run.transcript());
    }
}
