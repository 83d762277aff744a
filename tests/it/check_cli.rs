//! `mcp-schema check` from the outside: every exit status and every format, in temp dirs.
//!
//! The crates here have no tool fns, so the regenerated manifest is `{"tools": []}` whatever the
//! profile; the committed manifests are written by hand around that. Their configuration names
//! the profile: under `auto`, a crate with no SDK and no tool is a `no-sdk` warning. What a run
//! prints is a transcript (exit status, stdout, stderr; the temp dir written `[DIR]`), compared
//! whole with its insta snapshot.

use crate::support;

use std::path::Path;
use std::process::{Command, Output};

use serde_json::{json, Value};

const BIN: &str = env!("CARGO_BIN_EXE_mcp-schema");

const CARGO_TOML: &str = "[package]\nname = \"demo\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
const LIB_RS: &str = "//! No tools here.\npub fn helper() -> u32 { 1 }\n";

fn krate(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "Cargo.toml", CARGO_TOML);
    write(dir.path(), "src/lib.rs", LIB_RS);
    write(dir.path(), "mcp-schema.toml", "profile = \"python-sdk\"\n");
    for (name, text) in files {
        write(dir.path(), name, text);
    }
    dir
}

fn write(dir: &Path, name: &str, text: &str) {
    let p = dir.join(name);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

fn check(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("check")
        .args(args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .output()
        .expect("run mcp-schema")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The run as one transcript, the temp dir written `[DIR]`.
fn transcript(o: &Output, dir: &Path) -> String {
    support::transcript_in(o, dir)
}

fn status(o: &Output) -> i32 {
    o.status.code().expect("exited, not killed by a signal")
}

const ONE_TOOL: &str = r#"{"tools": [{"name": "search", "description": "Search.", "inputSchema": {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}}]}"#;

#[test]
fn equal_manifest_exits_0_in_every_format() {
    let d = krate(&[("mcp-tools.json", "{\"tools\": []}\n")]);
    let o = check(d.path(), &[]);
    assert_eq!(status(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o), "mcp-tools.json is up to date (0 tools)\n");

    let o = check(d.path(), &["--format", "json"]);
    assert_eq!(status(&o), 0);
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v, json!({"drift": false, "changes": [], "diagnostics": [], "profile": "python-sdk"}));

    let o = check(d.path(), &["--format", "github"]);
    assert_eq!(status(&o), 0);
    insta::assert_snapshot!(transcript(&o, d.path()));
}

#[test]
fn key_order_and_whitespace_are_not_drift() {
    let d = krate(&[("mcp-tools.json", "{ \"tools\" : [ ] }")]);
    assert_eq!(status(&check(d.path(), &[])), 0);
}

#[test]
fn drift_exits_1_human() {
    let d = krate(&[("mcp-tools.json", ONE_TOOL)]);
    let o = check(d.path(), &[]);
    assert_eq!(status(&o), 1, "{}", stderr(&o));
    assert!(!stdout(&o).contains('\x1b'), "no colour when stdout is not a terminal: {:?}", stdout(&o));
    insta::assert_snapshot!(transcript(&o, d.path()));
}

#[test]
fn drift_exits_1_json() {
    let d = krate(&[("mcp-tools.json", ONE_TOOL)]);
    let o = check(d.path(), &["--format", "json"]);
    assert_eq!(status(&o), 1);
    let v: Value = serde_json::from_str(&stdout(&o)).expect("stdout is one JSON document");
    assert_eq!(
        v,
        json!({"drift": true, "changes": [{"tool": "search", "pointer": "", "rule": "tool-removed", "breaking": true}],
               "tokens": {"encoding": "o200k_base", "old": 30, "new": 0, "change": -30,
                          "tools": [{"tool": "search", "old": 30, "new": null, "change": -30}]},
               "diagnostics": [], "profile": "python-sdk"})
    );
}

#[test]
fn drift_exits_1_github() {
    let d = krate(&[("mcp-tools.json", ONE_TOOL)]);
    let o = check(d.path(), &["--format", "github"]);
    assert_eq!(status(&o), 1);
    insta::assert_snapshot!(transcript(&o, d.path()));
}

#[test]
fn missing_manifest_exits_2() {
    let d = krate(&[]);
    let o = check(d.path(), &[]);
    assert_eq!(status(&o), 2);
    // The help says how to create it.
    insta::assert_snapshot!(transcript(&o, d.path()));
}

#[test]
fn manifest_that_is_not_json_exits_2() {
    let d = krate(&[("mcp-tools.json", "tools: []\n")]);
    let o = check(d.path(), &[]);
    assert_eq!(status(&o), 2);
    insta::assert_snapshot!(transcript(&o, d.path()));
}

#[test]
fn manifest_that_is_not_a_tools_list_exits_2_in_every_format() {
    // Every run's transcript, one after another, each under the manifest and format it ran with.
    let mut all = String::new();
    for text in ["[1, 2]", "{\"tools\": {}}", "{\"tools\": [{\"title\": \"x\"}]}"] {
        let d = krate(&[("mcp-tools.json", text)]);
        for format in ["human", "json", "github"] {
            let o = check(d.path(), &["--format", format]);
            assert_eq!(status(&o), 2, "{text} / {format}");
            if format == "json" {
                // A JSON consumer always gets one document, with the error inside.
                let v: Value = serde_json::from_str(&stdout(&o)).expect("stdout is one JSON document");
                assert_eq!((&v["drift"], &v["diagnostics"][0]["code"]), (&Value::Null, &json!("bad-manifest")), "{v}");
            }
            all.push_str(&format!("=== mcp-tools.json: {text}, --format {format}\n{}", transcript(&o, d.path())));
        }
    }
    insta::assert_snapshot!(all);
}

#[test]
fn sources_that_do_not_parse_exit_2() {
    let d = krate(&[("mcp-tools.json", "{\"tools\": []}"), ("src/lib.rs", "pub fn broken( {\n")]);
    let o = check(d.path(), &[]);
    assert_eq!(status(&o), 2, "stdout: {}\nstderr: {}", stdout(&o), stderr(&o));
    insta::assert_snapshot!(transcript(&o, d.path()));
}

#[test]
fn a_path_that_is_not_a_crate_exits_2() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "mcp-tools.json", "{\"tools\": []}");
    let o = check(d.path(), &[]);
    assert_eq!(status(&o), 2, "{}", stdout(&o));
}

#[test]
fn path_argument_and_manifest_flag() {
    let d = krate(&[("schema/tools.json", ONE_TOOL), ("mcp-tools.json", "{\"tools\": []}")]);
    let parent = d.path().parent().unwrap();
    let name = d.path().file_name().unwrap().to_str().unwrap();
    // PATH: the default manifest is in the crate root, not the current directory.
    assert_eq!(status(&check(parent, &[name])), 0);
    // --manifest beats the default.
    let o = check(d.path(), &["--manifest", "schema/tools.json"]);
    assert_eq!(status(&o), 1);
    insta::assert_snapshot!(transcript(&o, d.path()));
}

#[test]
fn configured_manifest_is_the_default_and_the_flag_beats_it() {
    let d = krate(&[
        ("mcp-schema.toml", "manifest = \"schema/tools.json\"\n"),
        ("schema/tools.json", ONE_TOOL),
        ("mcp-tools.json", "{\"tools\": []}"),
    ]);
    let o = check(d.path(), &["--format", "json"]);
    assert_eq!(status(&o), 1, "{}", stderr(&o));
    assert_eq!(status(&check(d.path(), &["--manifest", "mcp-tools.json"])), 0);

    let d = krate(&[("mcp-tools.json", ONE_TOOL)]);
    // The configuration in Cargo.toml alone: two places would conflict.
    std::fs::remove_file(d.path().join("mcp-schema.toml")).unwrap();
    write(d.path(), "Cargo.toml", &format!("{CARGO_TOML}\n[package.metadata.mcp-schema]\nmanifest = \"empty.json\"\n"));
    write(d.path(), "empty.json", "{\"tools\": []}");
    assert_eq!(status(&check(d.path(), &[])), 0);
}

#[test]
fn bad_configuration_exits_2_with_the_file() {
    let d = krate(&[("mcp-tools.json", "{\"tools\": []}"), ("mcp-schema.toml", "profil = \"rmcp\"\n")]);
    let o = check(d.path(), &["--format", "github"]);
    assert_eq!(status(&o), 2);
    insta::assert_snapshot!(transcript(&o, d.path()));
}

#[test]
fn no_color_is_respected_and_a_bad_format_is_a_usage_error() {
    let d = krate(&[("mcp-tools.json", ONE_TOOL)]);
    let o = Command::new(BIN).args(["check"]).current_dir(d.path()).env("NO_COLOR", "1").output().unwrap();
    assert_eq!(status(&o), 1);
    assert!(!stdout(&o).contains('\x1b'));
    // `check --help` is a snapshot of cli_config (`check_help`).
    let bad = Command::new(BIN)
        .args(["check", "--format", "xml"])
        .current_dir(d.path())
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(status(&bad), 2, "clap usage errors exit 2");
    insta::assert_snapshot!("check_format_xml", transcript(&bad, d.path()));
}
