//! Several servers in one repository (`[[servers]]`, docs/config.md): `generate` writes every
//! server's manifest or none, and `init` at a workspace root finds the server crates. The
//! fixture is testdata/rmcp/patterns/workspace-servers (whose `check` and `list` runs are pattern
//! transcripts), copied so that it can be written to. Transcripts are snapshots
//! (tests/it/snapshots/it__servers__*.snap).

use std::path::Path;

use crate::support::{run_in, testdata, Run};

/// The fixture in a temporary directory, without its transcripts, and with desk/back.json stale:
/// it lacks the tool `reopen`.
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&testdata("rmcp/patterns/workspace-servers"), dir.path());
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "transcript") || path.ends_with("cmd.toml") {
            std::fs::remove_file(path).unwrap();
        }
    }
    let back = dir.path().join("desk/back.json");
    let mut manifest: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&back).unwrap()).unwrap();
    manifest["tools"].as_array_mut().unwrap().retain(|t| t["name"] != "reopen");
    std::fs::write(&back, serde_json::to_string_pretty(&manifest).unwrap() + "\n").unwrap();
    dir
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// A run's transcript with the temporary directory written `[TMP]`.
fn transcript(run: &Run, dir: &Path) -> String {
    let tmp = dir.canonicalize().unwrap();
    run.transcript().replace(tmp.to_str().unwrap(), "[TMP]").replace(dir.to_str().unwrap(), "[TMP]")
}

fn read(dir: &Path, rel: &str) -> String {
    std::fs::read_to_string(dir.join(rel)).unwrap()
}

/// Each format names the server of every part of the report; one server has drifted.
#[test]
fn check_names_the_server_in_every_format() {
    let ws = workspace();
    for format in ["human", "json", "github", "markdown", "sarif"] {
        let run = run_in(ws.path(), &["check", "--format", format]);
        assert_eq!(run.code, Some(1), "{format}: {}", run.stderr);
        insta::assert_snapshot!(format!("check_{format}"), transcript(&run, ws.path()));
        if format == "sarif" {
            let schema = crate::support::read_json(&testdata("sarif/sarif-schema-2.1.0.json"));
            let validator = jsonschema::draft4::new(&schema).expect("the SARIF schema compiles");
            let log: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
            let errors: Vec<String> =
                validator.iter_errors(&log).map(|e| format!("{} at {}", e, e.instance_path)).collect();
            assert!(errors.is_empty(), "not SARIF 2.1.0: {errors:?}");
            assert_eq!(log["runs"].as_array().unwrap().len(), 4, "a run per server");
        }
    }
    let from_below = run_in(&ws.path().join("desk/src"), &["check"]);
    assert_eq!(from_below.code, Some(1));
    insta::assert_snapshot!("check_from_a_server_crate", transcript(&from_below, ws.path()));
}

#[test]
fn generate_writes_every_servers_manifest() {
    let ws = workspace();
    let run = run_in(ws.path(), &["generate"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    insta::assert_snapshot!(transcript(&run, ws.path()));
    // desk/back.json was stale: it now lists `reopen`, and `check` passes.
    assert!(read(ws.path(), "desk/back.json").contains("\"reopen\""));
    assert_eq!(run_in(ws.path(), &["check", "-q"]).code, Some(0));
    // From a server crate's directory: that crate's servers only.
    let below = run_in(&ws.path().join("desk/src"), &["generate"]);
    insta::assert_snapshot!("generate_from_a_server_crate", transcript(&below, ws.path()));
}

/// A failure in one server leaves every manifest as it was: none is written.
#[test]
fn a_failing_server_leaves_every_manifest_as_it_was() {
    let ws = workspace();
    std::fs::write(ws.path().join("notes/src/lib.rs"), "#[tool]\npub fn add_note(_text: String) {}\n").unwrap();
    let stale = read(ws.path(), "desk/back.json");
    let run = run_in(ws.path(), &["generate"]);
    assert_eq!(run.code, Some(2));
    insta::assert_snapshot!(transcript(&run, ws.path()));
    assert_eq!(read(ws.path(), "desk/back.json"), stale, "desk-back's manifest is untouched");
    // `check` goes on to the other servers, and exits with the worst status.
    let check = run_in(ws.path(), &["check", "--format", "github"]);
    assert_eq!(check.code, Some(2));
    insta::assert_snapshot!("a_failing_server_in_check", transcript(&check, ws.path()));
}

#[test]
fn init_at_a_workspace_root_lists_every_server_crate() {
    let ws = workspace();
    for file in
        ["mcp-schema.toml", "forecast/mcp-tools.json", "notes/mcp-tools.json", "desk/front.json", "desk/back.json"]
    {
        std::fs::remove_file(ws.path().join(file)).unwrap();
    }
    std::fs::create_dir(ws.path().join(".git")).unwrap();
    let run = run_in(ws.path(), &["init"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    insta::assert_snapshot!(transcript(&run, ws.path()));
    insta::assert_snapshot!("init_servers_config", read(ws.path(), "mcp-schema.toml"));
    // The workflow's command, run where it runs, covers every server it set up.
    let check = run_in(ws.path(), &["check", "--format", "github"]);
    assert_eq!(check.code, Some(0), "{}", check.stderr);
    insta::assert_snapshot!("init_servers_then_check", transcript(&check, ws.path()));
    // A second run keeps the configuration and every manifest.
    let again = run_in(ws.path(), &["init", "--dry-run"]);
    assert_eq!(again.code, Some(0), "{}", again.stderr);
    assert!(
        again.stdout.contains("forecast/mcp-tools.json: 1 tool, ")
            && again.stdout.contains("(exists: it would be kept)")
    );
}

/// docs/config.md shows where a server's settings come from as the code has them.
#[test]
fn the_docs_show_the_layers_of_a_servers_settings() {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/config.md")).unwrap();
    let table = mcp_schema::config::layers_table();
    assert!(
        doc.contains(&format!("<!-- generated from mcp_schema::config::LAYERS -->\n{table}")),
        "docs/config.md:\n{table}"
    );
}

/// What the servers of a workspace share (issue 33, point 4): a warning about the one Cargo.lock
/// (schemars 1.0.4 locked, which the three rmcp servers read) is one annotation naming them, after
/// the servers' own, not one per server; the pull-request comment starts with a headline that
/// counts the servers.
#[test]
fn a_shared_warning_is_said_once_and_the_comment_counts_the_servers() {
    let ws = workspace();
    let lock = ws.path().join("Cargo.lock");
    let text = read(ws.path(), "Cargo.lock")
        .replace("name = \"schemars\"\nversion = \"1.2.3\"", "name = \"schemars\"\nversion = \"1.0.4\"");
    std::fs::write(&lock, text).unwrap();
    let github = run_in(ws.path(), &["check", "--format", "github"]);
    let shared = github.stdout.lines().filter(|l| l.contains("schemars-version")).count();
    assert_eq!(shared, 1, "{}", github.stdout);
    let markdown = run_in(ws.path(), &["check", "--format", "markdown"]);
    let head: Vec<&str> = markdown.stdout.lines().take(3).collect();
    insta::assert_snapshot!(format!("{}\n=== markdown\n{}", transcript(&github, ws.path()), head.join("\n")));
}

/// `init` at a workspace root where a crate runs the server of another (issue 33, point 5): the
/// workspace above plus `forecast-bin`, a binary that depends on `forecast` and so lists its tools
/// too. It is that server, set up once (not a second `[[servers]]` entry with the same manifest),
/// and the run says it reads the crates before it does.
#[test]
fn init_at_a_workspace_root_sets_up_a_server_once() {
    let ws = workspace();
    for file in
        ["mcp-schema.toml", "forecast/mcp-tools.json", "notes/mcp-tools.json", "desk/front.json", "desk/back.json"]
    {
        std::fs::remove_file(ws.path().join(file)).unwrap();
    }
    std::fs::create_dir(ws.path().join(".git")).unwrap();
    let root = read(ws.path(), "Cargo.toml").replace(
        "members = [\"forecast\", \"notes\", \"desk\"]",
        "members = [\"forecast\", \"notes\", \"desk\", \"forecast-bin\"]",
    );
    std::fs::write(ws.path().join("Cargo.toml"), root).unwrap();
    std::fs::create_dir_all(ws.path().join("forecast-bin/src")).unwrap();
    std::fs::write(
        ws.path().join("forecast-bin/Cargo.toml"),
        "[package]\nname = \"forecast-bin\"\nversion = \"0.1.0\"\nedition = \"2021\"\npublish = false\n\n\
         [dependencies]\nforecast = { path = \"../forecast\" }\n",
    )
    .unwrap();
    std::fs::write(
        ws.path().join("forecast-bin/src/main.rs"),
        "fn main() {\n    let _ = forecast::Forecast::new();\n}\n",
    )
    .unwrap();
    let run = run_in(ws.path(), &["init", "--dry-run"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let config = run.stdout.split("==> ").find(|f| f.starts_with("mcp-schema.toml")).unwrap_or_default();
    assert_eq!(config.matches("[[servers]]").count(), 4, "{config}");
    insta::assert_snapshot!(transcript(&Run { stdout: config.to_owned(), ..run }, ws.path()));
}

fn git(dir: &Path, args: &[&str]) {
    let out = std::process::Command::new("git")
        .args(["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"])
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

/// A pull request that removes a tool of one server of `[[servers]]` (issue 33, point 4): the
/// annotation says where the tool was at the base, as for a single crate, read from that
/// server's crate and server type in the base's tree.
#[test]
fn a_removed_tool_of_a_server_says_where_it_was() {
    let ws = workspace();
    let generate = run_in(ws.path(), &["generate"]);
    assert_eq!(generate.code, Some(0), "{}", generate.stderr);
    git(ws.path(), &["init", "-q", "-b", "main"]);
    git(ws.path(), &["add", "-A"]);
    git(ws.path(), &["commit", "-q", "-m", "base"]);
    let lib = ws.path().join("desk/src/lib.rs");
    let reopen = "    /// Reopen a ticket.\n    #[tool]\n    async fn reopen(&self, Parameters(t): Parameters<Ticket>) -> String {\n        t.title\n    }\n";
    let source = read(ws.path(), "desk/src/lib.rs");
    assert!(source.contains(reopen));
    std::fs::write(&lib, source.replace(reopen, "")).unwrap();
    assert_eq!(run_in(ws.path(), &["generate"]).code, Some(0));
    git(ws.path(), &["commit", "-q", "-am", "remove reopen"]);
    let run = run_in(ws.path(), &["check", "--baseline", "HEAD~1", "--format", "github"]);
    let removed: Vec<&str> = run.stdout.lines().filter(|l| l.contains("tool-removed")).collect();
    insta::assert_snapshot!(removed.join("\n"));
}
