//! Accepted drift: `[[drift.accept]]` entries and `-A/-W/-D RULE` let an intentional change
//! through `--fail-on`, and the report still shows it, marked accepted, in every format; one
//! edit gives one entry (`Option<T>` with a default made required).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use mcp_schema::check::{compare, FailOn, RenderOptions, Report};
use mcp_schema::config::Config;
use mcp_schema::Manifest;

const BIN: &str = env!("CARGO_BIN_EXE_mcp-schema");

fn case(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/drift").join(name)
}

fn compared(dir: &Path) -> Report {
    let read = |f: &str| Manifest::read(&dir.join(f)).unwrap();
    compare(&read("before.json"), &read("after.json"))
}

/// The fixture's report with its `mcp-schema.toml` applied.
fn accepted_report() -> Report {
    let dir = case("property-removed/accepted");
    let mut report = compared(&dir);
    let config = Config::discover(Some(&dir)).unwrap();
    config.acceptance(&Default::default()).apply(&mut report);
    report
}

fn opts() -> RenderOptions {
    RenderOptions {
        manifest: "mcp-tools.json".into(),
        color: false,
        update_hint: None,
        blob_base: None,
        ..RenderOptions::default()
    }
}

#[test]
fn an_accepted_change_is_shown_in_every_format_and_fails_nothing() {
    let report = accepted_report();
    assert_eq!((report.breaking_count(), report.accepted_count()), (1, 1));
    insta::assert_snapshot!("accepted_human", report.render_human(&opts()));
    insta::assert_snapshot!("accepted_json", report.render_json());
    insta::assert_snapshot!("accepted_github", report.render_github(&opts()));
    insta::assert_snapshot!("accepted_markdown", report.render_markdown(&opts()));
}

#[test]
fn fail_on_counts_only_what_is_not_accepted() {
    let mut report = accepted_report();
    assert!(FailOn::Breaking.fails(&report) && FailOn::Any.fails(&report));
    // Accept the other removal too: nothing is left to fail on.
    let dir = case("property-removed/accepted");
    let mut acceptance = Config::discover(Some(&dir)).unwrap().acceptance(&Default::default());
    acceptance.accepts[0].tool = None;
    acceptance.accepts[0].pointer = None;
    acceptance.apply(&mut report);
    assert!(!FailOn::Breaking.fails(&report) && !FailOn::Any.fails(&report));
    assert_eq!(report.changes.len(), 2, "accepted changes are still reported");
}

fn diff(args: &[&str]) -> Output {
    let dir = case("property-removed/accepted");
    Command::new(BIN)
        .args(["diff", "before.json", "after.json", "--fail-on", "breaking"])
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

#[test]
fn diff_takes_levels_for_rules() {
    assert_eq!(diff(&[]).status.code(), Some(1));
    let allowed = diff(&["-A", "property-removed", "--format", "json"]);
    assert_eq!(allowed.status.code(), Some(0), "{}", String::from_utf8_lossy(&allowed.stderr));
    let doc: serde_json::Value = serde_json::from_slice(&allowed.stdout).unwrap();
    assert_eq!(doc["changes"][0]["accepted"], "rule `property-removed` allowed");
    // `-D` makes a compatible change breaking.
    let old = case("description-changed").join("before.json");
    let new = case("description-changed").join("after.json");
    let o = Command::new(BIN)
        .args(["diff", "--fail-on", "breaking", "-D", "description-changed"])
        .args([&old, &new])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn an_unknown_rule_gets_the_nearest_one() {
    let o = diff(&["-A", "property-remove"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("unknown drift rule `property-remove`: did you mean `property-removed`?"), "{err}");
    let o = Command::new(BIN).args(["check", "-A", "enum-widend"]).output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("did you mean `enum-widened`?"), "{err}");
}

#[test]
fn option_with_a_default_made_required_is_one_entry() {
    let report = compared(&case("property-made-required/option-with-default"));
    insta::assert_snapshot!("option_with_default_made_required", report.render_human(&opts()));
    assert_eq!(report.changes.len(), 1);
}
