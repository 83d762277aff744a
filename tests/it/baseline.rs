//! `check --baseline REV` against real git repositories made in temp dirs: the base commit is
//! `testdata/pull-request/shop` with its manifest, `origin/main` points at it, and each test makes a
//! pull request on top (edit the sources, regenerate the manifest, commit), as CI sees it.
//!
//! Also the source map, one test per kind of origin (field, variant, type, attribute, fn): each
//! change points at the Rust line that caused it.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_mcp-schema");

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/pull-request/shop")
}

fn git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .args(["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"])
        .args(args)
        .current_dir(dir)
        .env_remove("GIT_DIR")
        .env_remove("GIT_WORK_TREE")
        .output()
        .expect("git runs");
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// A repository whose `main` (and `origin/main`) is the fixture, manifest included unless
/// `without_manifest`.
fn repo(without_manifest: bool) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for rel in ["Cargo.toml", "Cargo.lock", "src/lib.rs", "mcp-tools.json"] {
        let to = dir.path().join(rel);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(fixture().join(rel), to).unwrap();
    }
    if without_manifest {
        std::fs::remove_file(dir.path().join("mcp-tools.json")).unwrap();
    }
    git(dir.path(), &["init", "-q", "-b", "main"]);
    git(dir.path(), &["add", "-A"]);
    git(dir.path(), &["commit", "-q", "-m", "base"]);
    git(dir.path(), &["update-ref", "refs/remotes/origin/main", "HEAD"]);
    git(dir.path(), &["checkout", "-q", "-b", "pr"]);
    dir
}

/// The pull request: `edit` the sources, regenerate the manifest, commit.
fn pull_request(dir: &Path, edits: &[(&str, &str)]) {
    let lib = dir.join("src/lib.rs");
    let mut text = std::fs::read_to_string(&lib).unwrap();
    for (from, to) in edits {
        assert!(text.contains(from), "the fixture has {from:?}");
        text = text.replacen(from, to, 1);
    }
    std::fs::write(&lib, text).unwrap();
    let out = run(dir, &["generate", "-o", "mcp-tools.json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    git(dir, &["add", "-A"]);
    git(dir, &["commit", "-q", "-m", "pr"]);
}

fn run(dir: &Path, args: &[&str]) -> Output {
    run_with(dir, args, &[])
}

/// The variables that make the Markdown report link sources into the head commit.
const LINK_VARS: [&str; 3] = ["GITHUB_SERVER_URL", "GITHUB_REPOSITORY", "GITHUB_SHA"];

/// `run` with `vars` set; GitHub Actions' own variables of a real run are taken out.
fn run_with(dir: &Path, args: &[&str], vars: &[(&str, &str)]) -> Output {
    let mut command = Command::new(BIN);
    command.args(args).current_dir(dir).env("NO_COLOR", "1").env_remove("GITHUB_WORKSPACE");
    for var in LINK_VARS {
        command.env_remove(var);
    }
    command.envs(vars.iter().copied());
    command.output().expect("the binary runs")
}

/// The link variables as GitHub Actions sets them (a fixed commit, for the snapshots).
const ON_ACTIONS: [(&str, &str); 3] = [
    ("GITHUB_SERVER_URL", "https://github.com"),
    ("GITHUB_REPOSITORY", "octo/shop"),
    ("GITHUB_SHA", "0123456789abcdef0123456789abcdef01234567"),
];

/// Status, stdout and stderr, with the temp dir's path taken out.
fn transcript(dir: &Path, o: &Output) -> String {
    let clean = |b: &[u8]| {
        let text = String::from_utf8_lossy(b).into_owned();
        let real = dir.canonicalize().unwrap();
        text.replace(&real.display().to_string(), "[REPO]").replace(&dir.display().to_string(), "[REPO]")
    };
    format!("exit: {:?}\n--- stdout\n{}--- stderr\n{}", o.status.code(), clean(&o.stdout), clean(&o.stderr))
}

fn json(o: &Output) -> Value {
    serde_json::from_str(&String::from_utf8_lossy(&o.stdout)).expect("stdout is one JSON document")
}

const BREAK_LIMIT: (&str, &str) = ("pub limit: u64,", "pub limit: String,");

/// The done-when of issue 14: a pull request that regenerates the manifest and breaks a tool
/// fails `check --baseline origin/main --fail-on breaking`, annotated on the Rust line.
#[test]
fn a_pull_request_that_breaks_a_tool_fails_in_every_format() {
    let d = repo(false);
    pull_request(d.path(), &[BREAK_LIMIT]);
    // A plain `check` is green: the manifest was regenerated.
    assert_eq!(run(d.path(), &["check"]).status.code(), Some(0));
    let base = ["check", "--baseline", "origin/main", "--fail-on", "breaking", "--format"];
    for format in ["human", "json", "github", "markdown"] {
        let o = run(d.path(), &[&base[..], &[format]].concat());
        assert_eq!(o.status.code(), Some(1), "{format}: {}", transcript(d.path(), &o));
        insta::assert_snapshot!(format!("baseline_breaking_{format}"), transcript(d.path(), &o));
    }
    // On GitHub Actions, the Markdown comment links each source to the head commit's line.
    let o = run_with(d.path(), &[&base[..], &["markdown"]].concat(), &ON_ACTIONS);
    insta::assert_snapshot!("baseline_breaking_markdown_on_actions", transcript(d.path(), &o));
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let link =
        "[src/lib.rs:13](https://github.com/octo/shop/blob/0123456789abcdef0123456789abcdef01234567/src/lib.rs#L13)";
    assert!(out.contains(&format!("| type integer -> string | {link} | `type-changed` |")), "{out}");
    let o = run(d.path(), &[&base[..], &["github"]].concat());
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    // Line 13 of src/lib.rs is `    pub limit: String,`.
    assert!(out.starts_with("::error file=src/lib.rs,line=13,col=9,title=mcp-schema type-changed"), "{out}");
    let lines: Vec<&str> = out.lines().filter(|l| !l.starts_with("::notice ")).collect();
    assert_eq!(lines.len(), 2, "one entry for the change of the shared `Page`, then the summary: {out}");
}

#[test]
fn on_github_actions_annotations_name_files_from_the_repository_root() {
    let d = repo(false);
    pull_request(d.path(), &[BREAK_LIMIT]);
    // Run from `src/`, as a workflow step with `working-directory: src` would.
    let o = Command::new(BIN)
        .args(["check", "--baseline", "origin/main", "--format", "github"])
        .current_dir(d.path().join("src"))
        .env("GITHUB_WORKSPACE", d.path())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", transcript(d.path(), &o));
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(out.starts_with("::error file=src/lib.rs,line=13,col=9,"), "{out}");
}

#[test]
fn compatible_changes_pass_with_fail_on_breaking_and_fail_with_any() {
    let d = repo(false);
    pull_request(d.path(), &[("Search the catalogue.", "Search the whole catalogue.")]);
    let with = |fail_on: &str| run(d.path(), &["check", "--baseline", "origin/main", "--fail-on", fail_on]);
    assert_eq!(with("breaking").status.code(), Some(0));
    assert_eq!(with("any").status.code(), Some(1));
    assert_eq!(with("none").status.code(), Some(0));
    let o = run(d.path(), &["check", "--baseline", "origin/main", "--format", "github", "--fail-on", "breaking"]);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(out.starts_with("::warning file=src/lib.rs,line=53,col=5,"), "on the #[tool] attribute: {out}");
}

#[test]
fn a_revision_without_the_manifest_is_an_empty_manifest() {
    let d = repo(true);
    pull_request(d.path(), &[]);
    let o = run(d.path(), &["check", "--baseline", "origin/main", "--format", "json", "--fail-on", "breaking"]);
    assert_eq!(o.status.code(), Some(0), "{}", transcript(d.path(), &o));
    let v = json(&o);
    let rules: Vec<(&str, &str)> = v["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["tool"].as_str().unwrap(), c["rule"].as_str().unwrap()))
        .collect();
    assert_eq!(rules, [("list", "tool-added"), ("search", "tool-added")]);
    insta::assert_snapshot!(
        "baseline_without_manifest_human",
        transcript(d.path(), &run(d.path(), &["check", "--baseline", "origin/main"]))
    );
}

#[test]
fn an_unknown_revision_is_an_error_in_every_format() {
    let d = repo(false);
    for format in ["human", "json", "github", "markdown"] {
        let o = run(d.path(), &["check", "--baseline", "origin/nope", "--format", format]);
        assert_eq!(o.status.code(), Some(2), "{format}");
        insta::assert_snapshot!(format!("baseline_unknown_revision_{format}"), transcript(d.path(), &o));
    }
    let v = json(&run(d.path(), &["check", "--baseline", "origin/nope", "--format", "json"]));
    assert_eq!(v["diagnostics"][0]["code"], "unknown-revision");
    assert_eq!(v["drift"], Value::Null);
}

#[test]
fn a_directory_outside_git_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    for rel in ["Cargo.toml", "Cargo.lock", "src/lib.rs", "mcp-tools.json"] {
        let to = dir.path().join(rel);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(fixture().join(rel), to).unwrap();
    }
    let o = Command::new(BIN)
        .args(["check", "--baseline", "main", "--format", "json"])
        .current_dir(dir.path())
        .env("GIT_CEILING_DIRECTORIES", dir.path().parent().unwrap())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(json(&o)["diagnostics"][0]["code"], "baseline-unreadable");
}

// ----- the source map: one test per kind of origin ---------------------------------------------

/// The changes of a pull request, each as (tool, pointer, rule, line of its source, the source
/// line's text).
fn sources(edits: &[(&str, &str)]) -> Vec<(String, String, String, usize, String)> {
    let d = repo(false);
    pull_request(d.path(), edits);
    let o = run(d.path(), &["check", "--baseline", "origin/main", "--format", "json", "--fail-on", "none"]);
    assert_eq!(o.status.code(), Some(0), "{}", transcript(d.path(), &o));
    let lib = std::fs::read_to_string(d.path().join("src/lib.rs")).unwrap();
    let base_lib = git(d.path(), &["show", "origin/main:src/lib.rs"]);
    json(&o)["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let line = c["source"]["line"].as_u64().expect("every change has a source") as usize;
            // A removed item points into the baseline's text.
            let text = if c.get("new").is_none() && c.get("old").is_some() { &base_lib } else { &lib };
            let at = text.lines().nth(line - 1).unwrap().trim().to_owned();
            let s = |k: &str| c[k].as_str().unwrap().to_owned();
            (s("tool"), s("pointer"), s("rule"), line, at)
        })
        .collect()
}

#[test]
fn a_field_change_points_at_the_field() {
    let got = sources(&[BREAK_LIMIT]);
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!((got[0].2.as_str(), got[0].4.as_str()), ("type-changed", "pub limit: String,"));
}

#[test]
fn a_removed_field_points_where_it_was() {
    let removal = [("    /// What to look for.\n    pub query: String,\n", "")];
    let got = sources(&removal);
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!((got[0].2.as_str(), got[0].4.as_str()), ("property-removed", "pub query: String,"));
    // On GitHub, a line of the baseline is no line of the file now: the annotation goes on the
    // head revision's line of the struct that lost the field, and says where the field was.
    let d = repo(false);
    pull_request(d.path(), &removal);
    let o = run(d.path(), &["check", "--baseline", "origin/main", "--format", "github"]);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let lib = std::fs::read_to_string(d.path().join("src/lib.rs")).unwrap();
    let line = 1 + lib.lines().position(|l| l == "pub struct SearchArgs {").unwrap();
    // Column 12 is the struct's name.
    let head = format!("::warning file=src/lib.rs,line={line},col=12,title=mcp-schema property-removed");
    assert!(out.starts_with(&head), "{out}");
    assert!(out.lines().next().unwrap().ends_with("%0Awas at src/lib.rs:35:9 at origin/main"), "{out}");
    insta::assert_snapshot!("baseline_removed_field_github", transcript(d.path(), &o));
    let o = run(d.path(), &["check", "--baseline", "origin/main", "--format", "human"]);
    insta::assert_snapshot!("baseline_removed_field_human", transcript(d.path(), &o));
    let markdown = ["check", "--baseline", "origin/main", "--format", "markdown"];
    let o = run(d.path(), &markdown);
    insta::assert_snapshot!("baseline_removed_field_markdown", transcript(d.path(), &o));
    let o = run_with(d.path(), &markdown, &ON_ACTIONS);
    insta::assert_snapshot!("baseline_removed_field_markdown_on_actions", transcript(d.path(), &o));
}

#[test]
fn a_variant_change_points_at_the_variant() {
    let got =
        sources(&[("    Brand { name: String },\n", "    Brand { name: String },\n    Color { hex: String },\n")]);
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!((got[0].2.as_str(), got[0].4.as_str()), ("variant-added", "Color { hex: String },"));
}

#[test]
fn an_enum_value_change_points_at_the_type() {
    let got = sources(&[("    Oldest,\n", "    Oldest,\n    Cheapest,\n")]);
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!((got[0].1.as_str(), got[0].2.as_str()), ("/inputSchema/properties/order/enum", "enum-widened"));
    assert_eq!(got[0].4, "pub enum Order {");
}

#[test]
fn a_description_change_points_at_the_tool_attribute() {
    let got = sources(&[("Search the catalogue.", "Search the whole catalogue.")]);
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(
        (got[0].2.as_str(), got[0].4.as_str()),
        ("description-changed", "#[tool(description = \"Search the whole catalogue.\")]")
    );
}

#[test]
fn an_added_tool_points_at_its_fn() {
    let got = sources(&[(
        "    /// List the catalogue.\n",
        "    /// Count the catalogue.\n    #[tool]\n    async fn count(&self) -> String {\n        String::new()\n    }\n\n    /// List the catalogue.\n",
    )]);
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!((got[0].0.as_str(), got[0].2.as_str()), ("count", "tool-added"));
    assert_eq!(got[0].4, "async fn count(&self) -> String {");
}

#[test]
fn a_parameter_change_points_at_the_parameter() {
    // python-sdk: the input schema is made of the fn's parameters.
    let dir = tempfile::tempdir().unwrap();
    let tools = dir.path().join("tools.rs");
    std::fs::write(&tools, "/// Add.\n#[tool]\nfn add(a: i64, b: i64) -> i64 { a + b }\n").unwrap();
    assert_eq!(run(dir.path(), &["generate", "tools.rs", "-o", "mcp-tools.json"]).status.code(), Some(0));
    std::fs::write(&tools, "/// Add.\n#[tool]\nfn add(a: i64, b: String) -> i64 { a }\n").unwrap();
    let o = run(dir.path(), &["check", "tools.rs", "--format", "json"]);
    assert_eq!(o.status.code(), Some(1));
    let v = json(&o);
    assert_eq!(v["changes"][0]["rule"], "type-changed");
    assert_eq!(v["changes"][0]["source"], serde_json::json!({"file": "tools.rs", "line": 3, "column": 16}));
}

/// With `--baseline`, the manifest's label (`mcp-tools.json since origin/main`) is what the
/// reports say, never a file: every `file=` of the GitHub annotations and every SARIF `uri` names
/// a file of the repository (issue 33, point 3). The pull request removes a tool and changes
/// another's type, so annotations go on the manifest (token notices), on the fn that was and on
/// a field.
#[test]
fn the_baseline_s_label_is_never_a_file() {
    let d = repo(false);
    let list = "    /// List the catalogue.\n    #[tool]\n    async fn list(&self, Parameters(args): Parameters<ListArgs>) -> String {\n        let _ = args;\n        String::new()\n    }\n";
    pull_request(d.path(), &[BREAK_LIMIT, (list, "")]);
    let base = ["check", "--baseline", "origin/main", "--fail-on", "none", "--format"];
    let github = run(d.path(), &[&base[..], &["github"]].concat());
    let sarif = run(d.path(), &[&base[..], &["sarif"]].concat());
    let mut files: Vec<String> = String::from_utf8_lossy(&github.stdout)
        .lines()
        .filter_map(|l| l.split_once(" file=").map(|(_, rest)| rest.split([',', ':']).next().unwrap_or("").to_owned()))
        .map(|f| format!("github: {f}"))
        .collect();
    let log = json(&sarif);
    for result in log["runs"][0]["results"].as_array().unwrap() {
        let uri = &result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"];
        files.push(format!("sarif {}: {}", result["ruleId"], uri.as_str().unwrap()));
    }
    for f in &files {
        let path = f.rsplit(": ").next().unwrap();
        assert!(d.path().join(path).is_file(), "{f} is not a file of the repository");
    }
    crate::support::code_scanning::assert_accepted(&String::from_utf8_lossy(&sarif.stdout));
    insta::assert_snapshot!(files.join("\n"));
}

/// `[[drift.accept]]` against the base branch (issue 33, point 7): an entry's pointer takes the
/// changes at it and below it (the entry names the property, the change is at its `type`), and an
/// entry that accepts no change is warned about (its pull request has merged, or its change is
/// gone), in the human report and as an annotation on the configuration.
#[test]
fn an_accept_entry_takes_the_changes_below_its_pointer_and_an_unused_one_is_warned() {
    let d = repo(false);
    let config = "[drift]\n\n[[drift.accept]]\nrule = \"type-changed\"\ntool = \"search\"\npointer = \"/inputSchema/properties/page/properties/limit\"\nreason = \"limits are strings now\"\n\n\
                  [[drift.accept]]\nrule = \"property-removed\"\ntool = \"list\"\nreason = \"merged long ago\"\n";
    std::fs::write(d.path().join("mcp-schema.toml"), config).unwrap();
    pull_request(d.path(), &[BREAK_LIMIT]);
    let base = ["check", "--baseline", "origin/main", "--fail-on", "breaking", "--format"];
    let mut out = String::new();
    for format in ["human", "github"] {
        let o = run(d.path(), &[&base[..], &[format]].concat());
        assert_eq!(o.status.code(), Some(0), "{format}: the break is accepted: {}", transcript(d.path(), &o));
        out.push_str(&format!("=== {format}\n{}", transcript(d.path(), &o)));
    }
    // Without `--baseline` no entry is judged: the committed manifest is up to date, no change.
    let plain = run(d.path(), &["check"]);
    assert!(!String::from_utf8_lossy(&plain.stderr).contains("unused-accept"), "{}", transcript(d.path(), &plain));
    insta::assert_snapshot!(out);
}
