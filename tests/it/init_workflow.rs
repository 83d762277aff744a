//! What `init` writes for CI and pre-commit is what docs/ci.md and docs/pre-commit.md show (one
//! source: src/views/init.rs; `MCP_SCHEMA_BLESS=1 cargo test --test it init_workflow::` rewrites
//! the docs' blocks), and the workflow does its job: its steps, run here as GitHub Actions would
//! run them, fail a pull request and a push whose manifest is stale, and pass once it is
//! regenerated. Transcripts are snapshots (tests/it/snapshots/it__init_workflow__*.snap).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::check_rules::generated;
use crate::support::workflow::{self, Job, Workflow};
use crate::support::{run_in, testdata};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git")
        .args(["-c", "user.name=Init", "-c", "user.email=init@example.com", "-c", "commit.gpgsign=false"])
        .args(args)
        .current_dir(dir)
        // Fixed dates: the same commits every run, so the same `GITHUB_SHA`.
        .env("GIT_AUTHOR_DATE", "2026-01-01T00:00:00Z")
        .env("GIT_COMMITTER_DATE", "2026-01-01T00:00:00Z")
        .output()
        .unwrap();
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

/// A git repository holding the forecast example at `crate_dir` (empty: the root), set up by
/// `mcp-schema init` and committed on `main`, with `origin/main` at that commit (as the
/// workflow's checkout has it).
fn initialised_repository(crate_dir: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let server = dir.path().join(crate_dir);
    std::fs::create_dir_all(server.join("src")).unwrap();
    for file in ["Cargo.toml", "Cargo.lock", "src/main.rs"] {
        std::fs::copy(testdata("forecast").join(file), server.join(file)).unwrap();
    }
    git(dir.path(), &["init", "-q", "-b", "main"]);
    let init =
        if crate_dir.is_empty() { run_in(dir.path(), &["init"]) } else { run_in(dir.path(), &["init", crate_dir]) };
    assert_eq!(init.code, Some(0), "{}", init.transcript());
    git(dir.path(), &["add", "-A"]);
    git(dir.path(), &["commit", "-q", "-m", "mcp-schema init"]);
    git(dir.path(), &["update-ref", "refs/remotes/origin/main", "HEAD"]);
    dir
}

/// On a new branch, change the description of the forecast crate's `get_forecast` tool and commit
/// it without regenerating the manifest.
fn describe_the_forecast_tool(repo: &Path, crate_dir: &str) {
    git(repo, &["checkout", "-q", "-b", "describe"]);
    let main_rs = repo.join(crate_dir).join("src/main.rs");
    let source = read(&main_rs);
    assert!(source.contains("/// Daily forecast for a city.\n"));
    let described = source.replace("/// Daily forecast for a city.\n", "/// The forecast of a city, day by day.\n");
    std::fs::write(&main_rs, described).unwrap();
    git(repo, &["commit", "-q", "-am", "describe the forecast tool"]);
}

// ----- the docs show what init writes ----------------------------------------------------------

/// `text` with the fenced block after the line `marker` holding `body`; `None` without the marker.
fn with_block(text: &str, marker: &str, body: &str) -> Option<String> {
    let at = text.find(marker)?;
    let open = at + text[at..].find("```")?;
    let start = open + text[open..].find('\n')? + 1;
    let end = start + text[start..].find("```")?;
    Some(format!("{}{body}{}", &text[..start], &text[end..]))
}

#[test]
fn the_docs_show_the_files_init_writes() {
    let repo = initialised_repository("");
    let mut stale = Vec::new();
    for (doc, file) in
        [("docs/ci.md", ".github/workflows/mcp-schema.yml"), ("docs/pre-commit.md", ".pre-commit-config.yaml")]
    {
        let marker = format!("<!-- init writes {file} -->");
        let page = root().join(doc);
        let want = with_block(&read(&page), &marker, &read(&repo.path().join(file)))
            .unwrap_or_else(|| panic!("{doc} has no `{marker}` line before a fenced block"));
        generated(&page, &want, &mut stale);
    }
    assert!(
        stale.is_empty(),
        "what `mcp-schema init` writes (src/views/init.rs) differs from what {} show\n\
         run `MCP_SCHEMA_BLESS=1 cargo test --test it init_workflow::` to rewrite them",
        stale.join(", ")
    );
}

/// The hooks shipped in `.pre-commit-hooks.yaml` and every hook docs/pre-commit.md shows run on
/// the same files as the one `init` writes.
#[test]
fn every_pre_commit_hook_runs_on_the_same_files() {
    let want = format!("files: {}", mcp_schema::views::init::PRECOMMIT_FILES);
    for file in [".pre-commit-hooks.yaml", "docs/pre-commit.md"] {
        let lines: Vec<String> = read(&root().join(file))
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with("files:"))
            .map(str::to_owned)
            .collect();
        assert!(!lines.is_empty() && lines.iter().all(|l| *l == want), "{file}: {lines:?}, not `{want}`");
    }
}

/// pre-commit runs a hook when its `files` pattern matches a path of the commit (Python's
/// `re.search`, whose syntax this pattern shares with the regex crate's).
#[test]
fn the_pre_commit_hook_runs_on_sources_cargo_files_the_configuration_and_the_manifest() {
    let pattern = mcp_schema::views::init::PRECOMMIT_FILES.trim_matches('\'');
    let files = regex::Regex::new(pattern).unwrap();
    for path in [
        "src/main.rs",
        "Cargo.toml",
        "Cargo.lock",
        "crates/server/Cargo.lock",
        "mcp-schema.toml",
        "crates/server/mcp-schema.toml",
        "mcp-tools.json",
        "desk/mcp-tools.back.json",
    ] {
        assert!(files.is_match(path), "{path} does not run the hook");
    }
    for path in [
        "README.md",
        "NotCargo.lock",
        "my-mcp-schema.toml",
        "Cargo.toml.orig",
        "old-mcp-tools.json",
        "mcp-tools.json.bak",
    ] {
        assert!(!files.is_match(path), "{path} runs the hook");
    }
}

// ----- the workflow, run ------------------------------------------------------------------------

/// What the stubbed GitHub knows: the contexts `${{ }}` and `if:` read.
struct Event {
    contexts: BTreeMap<&'static str, &'static str>,
}

impl Event {
    fn pull_request() -> Event {
        Event {
            contexts: BTreeMap::from([
                ("github.event_name", "pull_request"),
                ("github.base_ref", "main"),
                ("github.token", "stub-token"),
                ("github.repository", "octo/forecast"),
                ("github.event.pull_request.number", "7"),
                ("github.event.pull_request.head.repo.full_name", "octo/forecast"),
                ("runner.os", "Linux"),
            ]),
        }
    }

    fn push() -> Event {
        Event {
            contexts: BTreeMap::from([
                ("github.event_name", "push"),
                ("github.repository", "octo/forecast"),
                ("runner.os", "Linux"),
            ]),
        }
    }

    fn value(&self, operand: &str) -> String {
        if let Some(literal) = operand.strip_prefix('\'').and_then(|o| o.strip_suffix('\'')) {
            return literal.to_owned();
        }
        let value = self.contexts.get(operand).unwrap_or_else(|| panic!("the stub has no `{operand}`"));
        (*value).to_owned()
    }

    /// `text` with each `${{ context }}` replaced by its value.
    fn expand(&self, text: &str) -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(at) = rest.find("${{") {
            let end = rest[at..].find("}}").map(|e| at + e).unwrap_or_else(|| panic!("unclosed: {text}"));
            out.push_str(&rest[..at]);
            out.push_str(&self.value(rest[at + 3..end].trim()));
            rest = &rest[end + 2..];
        }
        out + rest
    }

    /// Whether a step (or job) with `condition` runs after steps that `failed` (or not): GitHub's
    /// rules for the `&&` of status functions and `==` comparisons the workflow uses; without a
    /// status function, `success()` is implied.
    fn runs(&self, condition: Option<&str>, failed: bool) -> bool {
        let condition = condition.unwrap_or("success()");
        let mut status_named = false;
        let mut all = true;
        for term in condition.split("&&").map(str::trim) {
            all &= match term {
                "always()" => {
                    status_named = true;
                    true
                }
                "success()" => {
                    status_named = true;
                    !failed
                }
                "failure()" => {
                    status_named = true;
                    failed
                }
                _ => {
                    let (a, b) = term.split_once("==").unwrap_or_else(|| panic!("the runner cannot read `{term}`"));
                    self.value(a.trim()) == self.value(b.trim())
                }
            };
        }
        all && (status_named || !failed)
    }
}

/// The variables GitHub Actions sets for every step, for `event` at the commit `repo` has checked
/// out; those of a real run the tests may be in are taken out.
fn github_env(command: &mut Command, repo: &Path, event: &Event) {
    for (name, _) in std::env::vars_os() {
        if name.to_str().is_some_and(|n| n.starts_with("GITHUB_") || n.starts_with("RUNNER_")) {
            command.env_remove(name);
        }
    }
    let head = Command::new("git").args(["rev-parse", "HEAD"]).current_dir(repo).output().unwrap();
    let sha = String::from_utf8_lossy(&head.stdout).trim().to_owned();
    command.env("CI", "true").env("GITHUB_ACTIONS", "true").env("GITHUB_SERVER_URL", "https://github.com");
    command.env("GITHUB_SHA", sha).env("GITHUB_WORKSPACE", repo);
    command.env("GITHUB_EVENT_NAME", event.contexts["github.event_name"]);
    command.env("GITHUB_REPOSITORY", event.contexts["github.repository"]);
    if let Some(base) = event.contexts.get("github.base_ref") {
        command.env("GITHUB_BASE_REF", base);
    }
}

/// The job of `workflow` that `event` starts, run in `repo`: each step's command with `bash -e`
/// as GitHub runs it, mcp-schema's action (`action.yml`) run step by step (tests/it/action.rs:
/// it installs the built binary and puts it on `PATH` for the later steps), and `gh` a stub that
/// prints its arguments. Gives the job's success and a transcript: every step, whether it ran,
/// its status and output.
fn run_job(repo: &Path, workflow: &str, event: &Event) -> (bool, String) {
    let stubs = crate::action::stubs();
    let gh = stubs.path().join("gh");
    std::fs::write(&gh, "#!/bin/sh\necho \"gh $*\" >&2\n").unwrap();
    std::fs::set_permissions(&gh, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let tool_cache = tempfile::tempdir().unwrap();
    let mut added = Vec::new();
    let action = crate::action::this_action();
    let action_ref = mcp_schema::views::init::REPOSITORY.trim_start_matches("https://github.com/").to_owned() + "@";
    let all = workflow::parse::<Workflow>("the workflow init writes", workflow).jobs;
    let started: Vec<(&String, &Job)> =
        all.iter().filter(|(_, job)| event.runs(job.condition.as_deref(), false)).collect();
    assert_eq!(started.len(), 1, "one job runs on {:?}", event.contexts["github.event_name"]);
    let (name, job) = started[0];
    let mut transcript = format!("job {name}\n");
    let mut failed = false;
    for step in &job.steps {
        let title = step.uses.clone().unwrap_or_else(|| step.name.clone());
        if !event.runs(step.condition.as_deref(), failed) {
            transcript.push_str(&format!("--- {title}: skipped\n"));
            continue;
        }
        if step.uses.as_deref().is_some_and(|u| u.starts_with(&action_ref)) {
            let with = step.with.iter().map(|(k, v)| (k.clone(), event.expand(v))).collect();
            let set_env = |c: &mut Command| github_env(c, repo, event);
            let mut runner = crate::action::Runner {
                repo,
                set_env: &set_env,
                path: &mut added,
                tool_cache: tool_cache.path(),
                stubs: stubs.path(),
            };
            let (ok, steps) = crate::action::run(&action, &with, &mut runner);
            failed |= !ok;
            transcript.push_str(&format!("--- {}: {title}: {}\n{steps}", step.name, if ok { "ok" } else { "failed" }));
            continue;
        }
        let Some(run) = &step.run else {
            // The checkout is the test's repository.
            transcript.push_str(&format!("--- {title}: stands in\n"));
            continue;
        };
        // GitHub's shell for a `run:` without `shell:` on Linux: `bash -e {0}`.
        let mut command = Command::new("bash");
        command.args(["--noprofile", "--norc", "-e", "-c"]).arg(event.expand(run)).current_dir(repo);
        github_env(&mut command, repo, event);
        command.env("PATH", crate::action::step_path(stubs.path(), &added)).env("NO_COLOR", "1");
        for (k, v) in &step.env {
            command.env(k, event.expand(v));
        }
        let out = command.output().unwrap();
        failed |= !out.status.success();
        transcript.push_str(&format!(
            "--- {title}: exit {:?}\n{}{}",
            out.status.code(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    // The comment's body, as the stub `gh` was given it.
    if let Ok(report) = std::fs::read_to_string(repo.join("drift.md")) {
        transcript.push_str(&format!("--- drift.md\n{report}"));
        std::fs::remove_file(repo.join("drift.md")).unwrap();
    }
    (!failed, transcript.replace(repo.to_str().unwrap(), "[REPO]"))
}

/// A pull request that changes a tool's description and does not regenerate the manifest: the
/// workflow `init` wrote fails it (the committed manifest is stale), and fails the push too;
/// once the manifest is regenerated, both pass.
#[test]
fn the_written_workflow_fails_a_stale_manifest_and_passes_a_regenerated_one() {
    let repo = initialised_repository("");
    let workflow = read(&repo.path().join(".github/workflows/mcp-schema.yml"));
    describe_the_forecast_tool(repo.path(), "");

    let (passed, transcript) = run_job(repo.path(), &workflow, &Event::pull_request());
    insta::assert_snapshot!("stale_pull_request", transcript);
    assert!(!passed, "the pull request passed with a stale manifest");
    let (passed, transcript) = run_job(repo.path(), &workflow, &Event::push());
    insta::assert_snapshot!("stale_push", transcript);
    assert!(!passed, "the push passed with a stale manifest");

    let regenerated = run_in(repo.path(), &["generate", "-o", "mcp-tools.json"]);
    assert_eq!(regenerated.code, Some(0), "{}", regenerated.transcript());
    git(repo.path(), &["commit", "-q", "-am", "regenerate the manifest"]);
    let (passed, transcript) = run_job(repo.path(), &workflow, &Event::pull_request());
    insta::assert_snapshot!("regenerated_pull_request", transcript);
    assert!(passed, "{transcript}");
    let (passed, transcript) = run_job(repo.path(), &workflow, &Event::push());
    assert!(passed, "{transcript}");
}

/// The same for a crate below the repository root: the steps, run from the root, check that crate.
#[test]
fn the_written_workflow_checks_a_crate_below_the_repository_root() {
    let repo = initialised_repository("crates/server");
    let workflow = read(&repo.path().join(".github/workflows/mcp-schema.yml"));
    describe_the_forecast_tool(repo.path(), "crates/server");
    // A `run:` step on a pull request, the action on a push.
    let stale = |line: &str| {
        line.starts_with("--- The committed manifest is up to date: ")
            && (line.ends_with(": exit Some(1)") || line.ends_with(": failed"))
    };
    for event in [Event::pull_request(), Event::push()] {
        let (passed, transcript) = run_job(repo.path(), &workflow, &event);
        assert!(!passed && transcript.lines().any(stale), "{transcript}");
        assert!(transcript.contains("get_forecast"), "the change is reported: {transcript}");
    }

    let regenerated = run_in(repo.path(), &["generate", "crates/server", "-o", "crates/server/mcp-tools.json"]);
    assert_eq!(regenerated.code, Some(0), "{}", regenerated.transcript());
    git(repo.path(), &["commit", "-q", "-am", "regenerate the manifest"]);
    for event in [Event::pull_request(), Event::push()] {
        let (passed, transcript) = run_job(repo.path(), &workflow, &event);
        assert!(passed, "{transcript}");
    }
}

#[test]
fn the_runner_reads_conditions_as_github_does() {
    let event = Event::pull_request();
    assert!(event.runs(None, false) && !event.runs(None, true));
    assert!(event.runs(Some("always()"), true));
    assert!(event.runs(Some("github.event_name == 'pull_request'"), false));
    assert!(!event.runs(Some("github.event_name == 'pull_request'"), true));
    assert!(!Event::push().runs(Some("github.event_name == 'pull_request'"), false));
    assert!(event.runs(Some("always() && github.event.pull_request.head.repo.full_name == github.repository"), true));
    assert_eq!(event.expand("origin/${{ github.base_ref }} x"), "origin/main x");
}

/// A workspace of several servers (testdata/rmcp/patterns/workspace-servers without its
/// configuration): `init` lists them in `[[servers]]`, and the workflow it wrote checks every
/// one. A pull request that changes one server's tool without regenerating fails, names that
/// server, and passes once `generate` has rewritten the manifests.
#[test]
fn the_written_workflow_checks_every_server_of_a_workspace() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = testdata("rmcp/patterns/workspace-servers");
    for file in ["Cargo.toml", "Cargo.lock", "forecast/Cargo.toml", "forecast/src/lib.rs", "notes/Cargo.toml"] {
        copy_into(&fixture, dir.path(), file);
    }
    for file in ["notes/src/lib.rs", "desk/Cargo.toml", "desk/src/lib.rs"] {
        copy_into(&fixture, dir.path(), file);
    }
    let repo = dir.path();
    git(repo, &["init", "-q", "-b", "main"]);
    let init = run_in(repo, &["init"]);
    assert_eq!(init.code, Some(0), "{}", init.transcript());
    git(repo, &["add", "-A"]);
    git(repo, &["commit", "-q", "-m", "mcp-schema init"]);
    git(repo, &["update-ref", "refs/remotes/origin/main", "HEAD"]);
    let workflow = read(&repo.join(".github/workflows/mcp-schema.yml"));

    git(repo, &["checkout", "-q", "-b", "describe"]);
    let lib = repo.join("desk/src/lib.rs");
    std::fs::write(&lib, read(&lib).replace("/// Reopen a ticket.\n", "/// Reopen a closed ticket.\n")).unwrap();
    git(repo, &["commit", "-q", "-am", "describe reopen"]);
    let (passed, transcript) = run_job(repo, &workflow, &Event::pull_request());
    insta::assert_snapshot!("servers_stale_pull_request", transcript);
    assert!(!passed, "the pull request passed with a stale manifest");

    let regenerated = run_in(repo, &["generate"]);
    assert_eq!(regenerated.code, Some(0), "{}", regenerated.transcript());
    git(repo, &["commit", "-q", "-am", "regenerate the manifests"]);
    for event in [Event::pull_request(), Event::push()] {
        let (passed, transcript) = run_job(repo, &workflow, &event);
        assert!(passed, "{transcript}");
    }
}

fn copy_into(from: &Path, to: &Path, file: &str) {
    std::fs::create_dir_all(to.join(file).parent().unwrap()).unwrap();
    std::fs::copy(from.join(file), to.join(file)).unwrap();
}
