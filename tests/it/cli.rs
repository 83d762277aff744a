//! The command line: exit statuses, diagnostics on stderr (never stdout), and `-o FILE`. What a
//! run prints is a transcript (exit status, stdout, stderr; the temp dir written `[DIR]`),
//! compared whole with its insta snapshot.

use crate::support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_mcp-schema"));
    c.env("NO_COLOR", "1");
    c
}

fn run(args: &[&str], dir: &Path) -> Output {
    bin().args(args).current_dir(dir).output().expect("the binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The run as one transcript, the temp dir written `[DIR]`.
fn transcript(o: &Output, dir: &Path) -> String {
    support::transcript_in(o, dir)
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

const GOOD: &str = "/// Add.\n#[tool]\nfn add(a: i64, b: i64) -> i64 { a + b }\n";

#[test]
fn generate_prints_the_manifest_and_exits_0() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "tools.rs", GOOD);
    let out = run(&["generate", "tools.rs"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    assert!(text.starts_with("{\n  \"tools\": [\n"), "2-space pretty JSON: {text}");
    assert!(text.ends_with("}\n"));
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(doc["tools"][0]["name"], "add");
    assert_eq!(stderr(&out), "1 tool listed with profile python-sdk\n", "no warnings expected");
}

#[test]
fn the_default_path_is_the_current_directory() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("src")).unwrap();
    write(dir.path(), "Cargo.toml", "[package]\nname = \"demo\"\nversion = \"0.1.0\"\nedition = \"2021\"\n");
    write(&dir.path().join("src"), "lib.rs", "mod tools;\n");
    write(&dir.path().join("src"), "tools.rs", GOOD);
    let out = run(&["generate"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["tools"][0]["name"], "add");
}

#[test]
fn a_syntax_error_is_a_diagnostic_with_file_line_and_snippet() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "broken.rs", "#[tool]\nfn broken(p: Point) -> i64 { 0 }\npub struct Point { x: f64, y }\n");
    let out = run(&["generate", "broken.rs"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "nothing on stdout after an error");
    insta::assert_snapshot!(transcript(&out, dir.path()));
}

#[test]
fn syntax_errors_inside_function_bodies_are_errors_on_both_parses() {
    // The fast path lexes every body on the threads that read the files (a half-edited body is an
    // error, as on the full parse) and parses the grammar of the bodies it reads; a body it never
    // reads changes no schema, and only `--full-parse` checks its grammar.
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "body.rs", "#[tool]\nfn broken(x: i64) -> i64 {\n    let y = ;\n}\n");
    let full = run(&["generate", "--full-parse", "body.rs"], dir.path());
    assert_eq!(full.status.code(), Some(2));
    insta::assert_snapshot!(transcript(&full, dir.path()));
    let grammar = run(&["generate", "body.rs"], dir.path());
    assert_eq!(grammar.status.code(), Some(0), "{}", transcript(&grammar, dir.path()));
    write(dir.path(), "lexed.rs", "#[tool]\nfn broken(x: i64) -> i64 {\n    let y = \"unclosed;\n}\n");
    let lexed = run(&["generate", "lexed.rs"], dir.path());
    let lexed_full = run(&["generate", "--full-parse", "lexed.rs"], dir.path());
    assert_eq!(lexed.status.code(), Some(2));
    assert_eq!(transcript(&lexed, dir.path()), transcript(&lexed_full, dir.path()));
}

#[test]
fn unknown_types_warn_and_strict_makes_them_errors() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "t.rs", "#[tool]\nfn fetch(url: url::Url) -> i64 { 0 }\n");
    let out = run(&["generate", "t.rs"], dir.path());
    assert_eq!(out.status.code(), Some(0));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["tools"][0]["inputSchema"]["properties"]["url"], serde_json::json!({"title": "Url"}));
    insta::assert_snapshot!("unknown_type_warns", transcript(&out, dir.path()));

    let strict = run(&["generate", "--strict", "t.rs"], dir.path());
    assert_eq!(strict.status.code(), Some(2));
    assert!(strict.stdout.is_empty());
    insta::assert_snapshot!("unknown_type_strict", transcript(&strict, dir.path()));
}

#[test]
fn tool_errors_name_the_tool_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "t.rs", "enum Mode { A, B }\n#[tool(structured_output = true)]\nfn mode() -> Mode { Mode::A }\n");
    let out = run(&["generate", "t.rs"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    insta::assert_snapshot!("structured_output_of_a_unit_enum", transcript(&out, dir.path()));

    write(dir.path(), "u.rs", "#[tool]\nfn add(a: i64, _b: i64) -> i64 { a }\n");
    let out = run(&["generate", "u.rs"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    insta::assert_snapshot!("underscore_parameter", transcript(&out, dir.path()));
}

#[test]
fn a_duplicate_tool_name_keeps_the_first() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "t.rs",
        "#[tool]\nfn a() -> i64 { 1 }\n#[tool(name = \"a\")]\nfn b() -> String { String::new() }\n",
    );
    let out = run(&["generate", "t.rs"], dir.path());
    assert_eq!(out.status.code(), Some(0));
    insta::assert_snapshot!(transcript(&out, dir.path()));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let tools = doc["tools"].as_array().unwrap();
    assert_eq!(tools.len(), 1);
    assert_eq!(tools[0]["inputSchema"]["title"], "aArguments", "the first one wins");
}

#[test]
fn a_missing_path_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(&["generate", "nope"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    insta::assert_snapshot!(transcript(&out, dir.path()));
}

#[test]
fn diagnostics_have_no_colour_off_a_terminal() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "t.rs", "#[tool]\nfn f(x: Foo) {}\n");
    let out = bin()
        .args(["generate", "t.rs"])
        .current_dir(dir.path())
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .output()
        .unwrap();
    assert!(!stderr(&out).contains('\u{1b}'), "ANSI escapes in {:?}", stderr(&out));
    insta::assert_snapshot!(transcript(&out, dir.path()));
}

fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect()
}

#[test]
fn output_file_is_written_atomically_and_only_when_it_changes() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "t.rs", GOOD);
    let out = run(&["generate", "t.rs", "-o", "mcp-tools.json"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(out.stdout.is_empty(), "-o writes the file, not stdout");
    let manifest = dir.path().join("mcp-tools.json");
    let first = std::fs::read(&manifest).unwrap();
    let printed = run(&["generate", "t.rs"], dir.path()).stdout;
    assert_eq!(first, printed, "the file holds exactly what stdout would");

    // Unchanged content: the file is not rewritten (its modification time stays put).
    let old = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000);
    std::fs::File::options().write(true).open(&manifest).unwrap().set_modified(old).unwrap();
    let out = run(&["generate", "t.rs", "-o", "mcp-tools.json"], dir.path());
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(std::fs::metadata(&manifest).unwrap().modified().unwrap(), old);

    // Changed content: rewritten.
    write(dir.path(), "t.rs", &GOOD.replace("add", "sum"));
    run(&["generate", "t.rs", "-o", "mcp-tools.json"], dir.path());
    assert_eq!(std::fs::read(&manifest).unwrap(), run(&["generate", "t.rs"], dir.path()).stdout);
    assert_ne!(std::fs::read(&manifest).unwrap(), first);
    assert!(leftovers(dir.path()).is_empty());
}

#[test]
fn a_failed_run_leaves_the_manifest_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "t.rs", GOOD);
    assert_eq!(run(&["generate", "t.rs", "-o", "mcp-tools.json"], dir.path()).status.code(), Some(0));
    let manifest = dir.path().join("mcp-tools.json");
    let before = std::fs::read(&manifest).unwrap();
    for broken in ["#[tool]\nfn add(a: i64 -> i64 {}\n", "#[tool]\nfn add(_a: i64) -> i64 { 0 }\n", "\u{0}\u{1}garbage"]
    {
        write(dir.path(), "t.rs", broken);
        let out = run(&["generate", "t.rs", "-o", "mcp-tools.json"], dir.path());
        assert_eq!(out.status.code(), Some(2), "{broken:?}");
        assert_eq!(std::fs::read(&manifest).unwrap(), before, "manifest changed after a failed run on {broken:?}");
    }
    assert!(leftovers(dir.path()).is_empty());
}

#[test]
fn an_unwritable_output_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "t.rs", GOOD);
    let out = run(&["generate", "t.rs", "-o", "missing-dir/mcp-tools.json"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    insta::assert_snapshot!(transcript(&out, dir.path()));
}
