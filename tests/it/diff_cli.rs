//! `mcp-schema diff OLD NEW` from the outside (every format and exit status, `-` for standard
//! input, `--fail-on`), and the small things a CI user hits at once with `check` and `generate`:
//! warnings as annotations, valid JSON on failure, the crate root from a subdirectory, a missing
//! PATH, the accept hint, `-o -`, the manifest's mode, write errors, merge-conflict markers.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::{json, Value};

const BIN: &str = env!("CARGO_BIN_EXE_mcp-schema");

fn diff_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/pull-request/diff")
}

fn run(dir: &Path, args: &[&str]) -> Output {
    run_with_stdin(dir, args, None)
}

fn run_with_stdin(dir: &Path, args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("GITHUB_WORKSPACE")
        // The Markdown report would link sources into this commit.
        .env_remove("GITHUB_SERVER_URL")
        .env_remove("GITHUB_REPOSITORY")
        .env_remove("GITHUB_SHA")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.unwrap_or_default().as_bytes()).unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

fn transcript(o: &Output) -> String {
    let s = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    format!("exit: {:?}\n--- stdout\n{}--- stderr\n{}", o.status.code(), s(&o.stdout), s(&o.stderr))
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr_words(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).split_whitespace().filter(|w| *w != "|").collect::<Vec<_>>().join(" ")
}

fn json(o: &Output) -> Value {
    serde_json::from_str(&stdout(o)).expect("stdout is one JSON document")
}

#[test]
fn diff_reports_in_every_format() {
    for format in ["human", "json", "github", "markdown"] {
        let o = run(&diff_dir(), &["diff", "old.json", "new.json", "--format", format]);
        assert_eq!(o.status.code(), Some(1), "{format}");
        insta::assert_snapshot!(format!("diff_{format}"), transcript(&o));
    }
}

#[test]
fn diff_exit_status_follows_fail_on() {
    let status = |args: &[&str]| run(&diff_dir(), &[&["diff", "old.json", "new.json"], args].concat()).status.code();
    assert_eq!(status(&[]), Some(1), "any drift fails by default");
    assert_eq!(status(&["--fail-on", "breaking"]), Some(1));
    assert_eq!(status(&["--fail-on", "none"]), Some(0));
    let same = |args: &[&str]| run(&diff_dir(), &[&["diff", "old.json", "old.json"], args].concat());
    assert_eq!(same(&[]).status.code(), Some(0));
    assert_eq!(json(&same(&["--format", "json"])), json!({"drift": false, "changes": [], "diagnostics": []}));
    assert_eq!(stdout(&same(&["--format", "github"])), "old.json is up to date (2 tools)\n");
}

#[test]
fn compatible_drift_passes_with_fail_on_breaking() {
    let dir = tempfile::tempdir().unwrap();
    let one = |description: &str| json!({"tools": [{"name": "a", "description": description, "inputSchema": {"type": "object"}}]});
    std::fs::write(dir.path().join("a.json"), one("A").to_string()).unwrap();
    std::fs::write(dir.path().join("b.json"), one("B").to_string()).unwrap();
    let o = run(dir.path(), &["diff", "a.json", "b.json", "--fail-on", "breaking", "--format", "github"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).starts_with("::warning file=b.json,"), "{}", stdout(&o));
}

#[test]
fn diff_reads_standard_input_for_dash() {
    let old = std::fs::read_to_string(diff_dir().join("old.json")).unwrap();
    let o = run_with_stdin(&diff_dir(), &["diff", "-", "new.json", "--format", "json"], Some(&old));
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(json(&o)["changes"].as_array().unwrap().len(), 3);
    let o = run_with_stdin(&diff_dir(), &["diff", "old.json", "-"], Some(&old));
    assert_eq!(o.status.code(), Some(0), "{}", transcript(&o));
    assert_eq!(stdout(&o), "<stdin> is up to date (2 tools)\n");
    let o = run(&diff_dir(), &["diff", "-", "-", "--format", "json"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(json(&o)["diagnostics"][0]["code"], "bad-path");
}

#[test]
fn diff_of_a_missing_file_is_an_error_with_json_on_stdout() {
    let o = run(&diff_dir(), &["diff", "old.json", "nope.json", "--format", "json"]);
    assert_eq!(o.status.code(), Some(2));
    let v = json(&o);
    assert_eq!((&v["drift"], &v["diagnostics"][0]["code"]), (&Value::Null, &json!("manifest-unreadable")));
}

/// The hint names what `diff` takes (a file, or `-`), not `check`'s `--manifest`.
#[test]
fn diff_of_a_missing_file_says_what_diff_takes() {
    let o = run(&diff_dir(), &["diff", "old.json", "nope.json"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!stderr_words(&o).contains("--manifest"), "{}", transcript(&o));
    insta::assert_snapshot!("diff_missing_file", transcript(&o));
}

#[test]
fn a_manifest_with_merge_conflict_markers_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let text = "{\n  \"tools\": [\n<<<<<<< HEAD\n    {\"name\": \"a\"}\n=======\n    {\"name\": \"b\"}\n>>>>>>> feature\n  ]\n}\n";
    std::fs::write(dir.path().join("m.json"), text).unwrap();
    std::fs::write(dir.path().join("ok.json"), "{\"tools\": []}").unwrap();
    let o = run(dir.path(), &["diff", "ok.json", "m.json"]);
    assert_eq!(o.status.code(), Some(2));
    insta::assert_snapshot!("diff_conflict_markers", transcript(&o));
}

// ----- check and generate: the small things ----------------------------------------------------

const CARGO_TOML: &str =
    "[package]\nname = \"demo\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[features]\na = []\nb = []\n";

fn krate(lib: &str, manifest: Option<&str>) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("src/deep")).unwrap();
    std::fs::write(dir.path().join("Cargo.toml"), CARGO_TOML).unwrap();
    std::fs::write(dir.path().join("src/lib.rs"), lib).unwrap();
    if let Some(m) = manifest {
        std::fs::write(dir.path().join("mcp-tools.json"), m).unwrap();
    }
    dir
}

/// A crate whose run has a warning (a `mod` without a file) and no tools.
fn warning_crate() -> tempfile::TempDir {
    krate("//! No tools.\nmod gone;\n", Some("{\"tools\": []}\n"))
}

#[test]
fn warnings_become_annotations_on_a_successful_github_run() {
    let d = warning_crate();
    let o = run(d.path(), &["check", "--format", "github"]);
    assert_eq!(o.status.code(), Some(0), "{}", transcript(&o));
    let out = stdout(&o);
    assert!(out.starts_with("::warning file=src/lib.rs,line=2,col=5,title=mcp-schema missing-module::"), "{out}");
    assert!(out.ends_with("mcp-tools.json is up to date (0 tools)\n"), "{out}");
}

#[test]
fn json_carries_the_warnings_of_the_run() {
    let d = warning_crate();
    let o = run(d.path(), &["check", "--format", "json"]);
    assert_eq!(o.status.code(), Some(0));
    let v = json(&o);
    assert_eq!(v["diagnostics"][0]["code"], "missing-module");
    assert_eq!((&v["diagnostics"][0]["line"], &v["diagnostics"][0]["severity"]), (&json!(2), &json!("warning")));
    assert_eq!(v["profile"], "python-sdk");
}

#[test]
fn json_is_valid_when_the_sources_do_not_parse() {
    let d = krate("pub fn broken( {\n", Some("{\"tools\": []}\n"));
    let o = run(d.path(), &["check", "--format", "json"]);
    assert_eq!(o.status.code(), Some(2));
    let v = json(&o);
    assert_eq!((&v["drift"], &v["diagnostics"][0]["code"]), (&Value::Null, &json!("syntax-error")));
}

#[test]
fn check_finds_the_crate_root_from_a_subdirectory() {
    let d = krate("//! No tools.\n", Some("{\"tools\": []}\n"));
    let o = run(&d.path().join("src/deep"), &["check"]);
    assert_eq!(o.status.code(), Some(0), "{}", transcript(&o));
    assert_eq!(stdout(&o), "../../mcp-tools.json is up to date (0 tools)\n");
}

#[test]
fn a_missing_path_is_reported_as_missing() {
    let d = krate("//! No tools.\n", Some("{\"tools\": []}\n"));
    let o = run(d.path(), &["check", "nope"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr_words(&o).contains("nope does not exist"), "{}", transcript(&o));
}

#[test]
fn check_takes_a_single_file_as_generate_does() {
    let d = krate("//! No tools.\n", Some("{\"tools\": []}\n"));
    let o = run(d.path(), &["check", "src/lib.rs"]);
    assert_eq!(o.status.code(), Some(0), "{}", transcript(&o));
}

#[test]
fn the_accept_hint_repeats_the_options_of_the_run() {
    let d = krate("//! No tools.\n", Some("{\"tools\": [{\"name\": \"gone\", \"inputSchema\": {}}]}\n"));
    let o = run(
        d.path(),
        &[
            "check",
            ".",
            "--profile",
            "python-sdk",
            "--features",
            "a, b",
            "--no-default-features",
            "--protocol",
            "2025-06-18",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    let last = stdout(&o).lines().last().unwrap().to_owned();
    assert!(
        last.ends_with(
            "to accept them run `mcp-schema generate . --profile python-sdk --protocol 2025-06-18 --features a,b \
             --no-default-features -o mcp-tools.json`"
        ),
        "{last}"
    );
    assert!(stderr_words(&o).contains("note: made with profile python-sdk"), "{}", transcript(&o));
}

#[test]
fn generate_dash_o_dash_writes_to_stdout() {
    let d = krate("//! No tools.\n", None);
    let o = run(d.path(), &["generate", "-o", "-"]);
    assert_eq!((o.status.code(), stdout(&o).as_str()), (Some(0), "{\n  \"tools\": []\n}\n"));
    assert!(!d.path().join("-").exists());
}

#[test]
fn writing_into_a_missing_directory_is_a_clear_error() {
    let d = krate("//! No tools.\n", None);
    let o = run(d.path(), &["generate", "-o", "out/mcp-tools.json"]);
    assert_eq!(o.status.code(), Some(2));
    let words = stderr_words(&o);
    assert!(words.contains("cannot write out/mcp-tools.json: the directory out does not exist"), "{words}");
    assert!(words.contains("manifest-unwritable") && !words.contains(".mcp-schema-"), "{words}");
}

#[cfg(unix)]
#[test]
fn the_manifest_gets_the_usual_mode_and_keeps_an_existing_one() {
    use std::os::unix::fs::PermissionsExt;
    let d = krate("//! No tools.\n", None);
    let path = d.path().join("mcp-tools.json");
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    // The umask of this process (and so of the child): set, read back, restored.
    let umask = unsafe {
        let m = libc::umask(0o022);
        libc::umask(m);
        m as u32
    };
    assert_eq!(run(d.path(), &["generate", "-o", "mcp-tools.json"]).status.code(), Some(0));
    assert_eq!(mode(&path), 0o666 & !umask, "a new file: 0666 minus the umask");
    std::fs::write(&path, "stale").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
    assert_eq!(run(d.path(), &["generate", "-o", "mcp-tools.json"]).status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "{\n  \"tools\": []\n}\n");
    assert_eq!(mode(&path), 0o640, "an existing file keeps its mode");
}
