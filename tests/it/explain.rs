//! `mcp-schema explain ID`: the page of a diagnostic code or a drift rule, for a user who has no
//! `docs/`; and the help lines that send users to it. Transcripts are snapshots
//! (tests/it/snapshots/it__explain__*.snap).

use crate::support;

use std::path::Path;

use support::{run_in, testdata};

#[test]
fn explain_prints_a_diagnostic_codes_page() {
    let run = run_in(&testdata("forecast"), &["explain", "opaque"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    insta::assert_snapshot!(run.transcript());
}

#[test]
fn explain_prints_a_drift_rules_page() {
    let run = run_in(&testdata("forecast"), &["explain", "enum-narrowed"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    // The page docs/rules/enum-narrowed.md is rendered from, word for word.
    let page =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules/enum-narrowed.md")).unwrap();
    assert_eq!(run.stdout, page);
    insta::assert_snapshot!(run.transcript());
}

/// SARIF's rule help for a `validate` finding sends the reader here: the page must exist.
#[test]
fn explain_prints_a_validate_findings_page() {
    let run = run_in(&testdata("forecast"), &["explain", "unknown-tool"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    insta::assert_snapshot!(run.transcript());
}

#[test]
fn explain_of_an_unknown_id_fails_with_the_nearest_one() {
    let run = run_in(&testdata("forecast"), &["explain", "enum-narowed"]);
    assert_eq!(run.code, Some(2));
    insta::assert_snapshot!(run.transcript());
    let none = run_in(&testdata("forecast"), &["explain", "zzzzzzzzzz"]);
    assert_eq!(none.code, Some(2));
    assert!(none.stderr.contains("`mcp-schema explain --list`"), "{}", none.stderr);
}

#[test]
fn explain_lists_every_code_and_rule() {
    let run = run_in(&testdata("forecast"), &["explain", "--list"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    for id in ["opaque", "bad-recording", "enum-narrowed", "tool-removed"] {
        assert!(run.stdout.contains(&format!("\n  {id}\n")), "{id}: {}", run.stdout);
    }
}

/// An installed user has no `docs/`: no help text of the CLI sends them there.
#[test]
fn no_help_text_points_at_docs() {
    for args in [&["generate", "--help"][..], &["check", "--help"], &["diff", "--help"]] {
        let run = run_in(&testdata("forecast"), args);
        assert!(!run.stdout.contains("docs/diagnostics.md") && !run.stdout.contains("docs/check.md"), "{args:?}");
    }
    let unknown = run_in(&testdata("forecast"), &["generate", "-A", "zzzzzzzzzz"]);
    assert!(unknown.stderr.contains("mcp-schema explain --list"), "{}", unknown.stderr);
}
