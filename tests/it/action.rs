//! The composite GitHub Action of `action.yml`, run here as GitHub runs it: its inputs and
//! their defaults, each step's `if:`, `env:`, `working-directory:` and `${{ }}` expressions, its
//! `bash` steps with `GITHUB_OUTPUT`, `GITHUB_PATH`, `GITHUB_ACTION_PATH` and `RUNNER_TOOL_CACHE`,
//! `cargo` a stub that records its arguments and "installs" the built binary, and the cache
//! step standing in (a second run finds the binary the first installed). The workflow `init`
//! writes uses the action (tests/it/init_workflow.rs runs it through [`run`]).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::workflow::{self, Action};

const BIN: &str = env!("CARGO_BIN_EXE_mcp-schema");

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `text` with each `${{ expression }}` replaced by `lookup`'s value of it.
fn expand(text: &str, lookup: &dyn Fn(&str) -> String) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("${{") {
        let end = rest[at..].find("}}").map(|e| at + e).unwrap_or_else(|| panic!("unclosed: {text}"));
        out.push_str(&rest[..at]);
        out.push_str(&lookup(rest[at + 3..end].trim()));
        rest = &rest[end + 2..];
    }
    out + rest
}

/// Where the action runs: the workflow's variables (`GITHUB_WORKSPACE`, …), the directories its
/// steps have on `PATH`, and the runner's tool cache, which outlives a run (as the cache step
/// would restore it).
pub struct Runner<'a> {
    pub repo: &'a Path,
    pub set_env: &'a dyn Fn(&mut Command),
    pub path: &'a mut Vec<PathBuf>,
    pub tool_cache: &'a Path,
    pub stubs: &'a Path,
}

/// A directory with the stub `cargo`: it prints its arguments and, for `install … --root DIR`,
/// puts the built `mcp-schema` in `DIR/bin`.
pub fn stubs() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let cargo = dir.path().join("cargo");
    let script = format!(
        "#!/bin/sh\necho \"cargo $*\"\nroot=''\nprev=''\nfor a in \"$@\"; do\n  [ \"$prev\" = --root ] && root=\"$a\"\n  prev=\"$a\"\ndone\n\
         [ \"$1\" = install ] && [ -n \"$root\" ] && mkdir -p \"$root/bin\" && ln -s '{BIN}' \"$root/bin/mcp-schema\"\n"
    );
    std::fs::write(&cargo, script).unwrap();
    std::fs::set_permissions(&cargo, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    dir
}

/// The PATH of a step: the stubs, what earlier steps added through `GITHUB_PATH`, then the
/// system's directories (not the user's `~/.cargo/bin`, which may hold an installed mcp-schema).
pub fn step_path(stubs: &Path, added: &[PathBuf]) -> std::ffi::OsString {
    let system = ["/usr/local/bin", "/usr/bin", "/bin"].map(PathBuf::from);
    std::env::join_paths(std::iter::once(stubs.to_path_buf()).chain(added.iter().cloned()).chain(system)).unwrap()
}

/// Run the action with the inputs `with` (the workflow's, already expanded). Gives whether it
/// succeeded and a transcript: every step, whether it ran, its status and output, with the
/// machine's paths named.
pub fn run(action: &Action, with: &BTreeMap<String, String>, runner: &mut Runner) -> (bool, String) {
    assert_eq!(action.runs.using, "composite");
    for name in with.keys() {
        assert!(action.inputs.contains_key(name), "the action has no input `{name}`");
    }
    let mut inputs = action.defaults();
    inputs.extend(with.iter().map(|(k, v)| (k.clone(), v.clone())));
    let mut outputs: BTreeMap<String, String> = BTreeMap::new();
    let mut transcript = String::new();
    let mut failed = false;
    let scratch = tempfile::tempdir().unwrap();
    for step in &action.runs.steps {
        let lookup = |e: &str| -> String {
            if let Some(name) = e.strip_prefix("inputs.") {
                return inputs.get(name).unwrap_or_else(|| panic!("no input `{name}`")).clone();
            }
            if e == "runner.os" {
                return "Linux".into();
            }
            if let Some(literal) = e.strip_prefix('\'').and_then(|e| e.strip_suffix('\'')) {
                return literal.to_owned();
            }
            outputs.get(e).unwrap_or_else(|| panic!("the runner has no `{e}`")).clone()
        };
        let runs = match step.condition.as_deref() {
            None => !failed,
            Some(c) => {
                let (a, b, equal) = match c.split_once("!=") {
                    Some((a, b)) => (a, b, false),
                    None => {
                        c.split_once("==").map(|(a, b)| (a, b, true)).unwrap_or_else(|| panic!("cannot read `{c}`"))
                    }
                };
                !failed && ((lookup(a.trim()) == lookup(b.trim())) == equal)
            }
        };
        let title = step.uses.clone().unwrap_or_else(|| step.name.clone());
        if !runs {
            transcript.push_str(&format!("  --- {title}: skipped\n"));
            continue;
        }
        let Some(run) = &step.run else {
            // The cache: the tool cache of this runner outlives the run, as a restored cache would.
            assert_eq!(step.uses.as_deref(), Some("actions/cache@v4"), "a step the runner cannot run");
            for key in ["path", "key"] {
                let value = expand(&step.with[key], &lookup);
                assert!(!value.is_empty(), "the cache's {key} is empty");
            }
            transcript.push_str(&format!("  --- {title}: stands in\n"));
            continue;
        };
        assert_eq!(step.shell.as_deref(), Some("bash"), "a composite action's run step names its shell");
        let output = scratch.path().join("output");
        let added = scratch.path().join("path");
        std::fs::write(&output, "").unwrap();
        std::fs::write(&added, "").unwrap();
        let dir = runner.repo.join(step.working_directory.as_deref().map(|d| expand(d, &lookup)).unwrap_or_default());
        // GitHub's `shell: bash`: `bash --noprofile --norc -eo pipefail {0}`.
        let mut command = Command::new("bash");
        command.args(["--noprofile", "--norc", "-eo", "pipefail", "-c"]).arg(expand(run, &lookup)).current_dir(dir);
        (runner.set_env)(&mut command);
        command
            .env("PATH", step_path(runner.stubs, runner.path))
            .env("NO_COLOR", "1")
            .env("GITHUB_ACTION_PATH", root())
            .env("GITHUB_OUTPUT", &output)
            .env("GITHUB_PATH", &added)
            .env("RUNNER_OS", "Linux")
            .env("RUNNER_TOOL_CACHE", runner.tool_cache);
        for (k, v) in &step.env {
            command.env(k, expand(v, &lookup));
        }
        let out = command.output().unwrap();
        failed |= !out.status.success();
        transcript.push_str(&format!(
            "  --- {title}: exit {:?}\n{}{}",
            out.status.code(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
        if let Some(id) = &step.id {
            for line in std::fs::read_to_string(&output).unwrap().lines() {
                let (k, v) = line.split_once('=').unwrap_or_else(|| panic!("not an output: {line}"));
                outputs.insert(format!("steps.{id}.outputs.{k}"), v.to_owned());
            }
        }
        runner.path.extend(std::fs::read_to_string(&added).unwrap().lines().map(PathBuf::from));
    }
    // The key of a build from the action's sources changes with every commit of them.
    let key = outputs.get("steps.where.outputs.key").and_then(|k| k.rsplit('-').next()).unwrap_or("").to_owned();
    let mut clean = transcript
        .replace(runner.tool_cache.to_str().unwrap(), "[TOOL_CACHE]")
        .replace(root().to_str().unwrap(), "[ACTION]")
        .replace(runner.repo.to_str().unwrap(), "[REPO]")
        .replace(BIN, "[BIN]");
    if key.len() == 16 {
        clean = clean.replace(&key, "[SOURCES]");
    }
    (!failed, clean)
}

/// The action at the root of this repository.
pub fn this_action() -> Action {
    workflow::parse("action.yml", &std::fs::read_to_string(root().join("action.yml")).unwrap())
}

/// Run the action in `repo` with `with`, on a runner whose tool cache is `tool_cache`.
fn run_in(repo: &Path, tool_cache: &Path, with: &[(&str, &str)]) -> (bool, String, Vec<PathBuf>) {
    let stubs = stubs();
    let mut path = Vec::new();
    let set_env = |c: &mut Command| {
        for (name, _) in std::env::vars_os() {
            if name.to_str().is_some_and(|n| n.starts_with("GITHUB_") || n.starts_with("RUNNER_")) {
                c.env_remove(name);
            }
        }
        c.env("GITHUB_ACTIONS", "true").env("GITHUB_WORKSPACE", repo);
    };
    let with = with.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let mut runner = Runner { repo, set_env: &set_env, path: &mut path, tool_cache, stubs: stubs.path() };
    let (ok, transcript) = run(&this_action(), &with, &mut runner);
    (ok, transcript, path)
}

/// A repository holding the forecast example and its committed manifest.
fn forecast_repository() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("src")).unwrap();
    for file in ["Cargo.toml", "Cargo.lock", "src/main.rs", "mcp-tools.json"] {
        std::fs::copy(crate::support::testdata("forecast").join(file), dir.path().join(file)).unwrap();
    }
    dir
}

/// With no inputs, the action builds mcp-schema from its own sources into the tool cache, puts
/// it on `PATH` for the later steps and runs `check --format github`; a second run finds the
/// cached binary and installs nothing.
#[test]
fn the_action_builds_mcp_schema_from_its_sources_caches_it_and_runs_check() {
    let repo = forecast_repository();
    let cache = tempfile::tempdir().unwrap();
    let (ok, first, path) = run_in(repo.path(), cache.path(), &[]);
    let (ok_again, second, _) = run_in(repo.path(), cache.path(), &[]);
    insta::assert_snapshot!("action_first_and_second_run", format!("{first}=== again\n{second}"));
    assert!(ok && ok_again, "{first}{second}");
    assert_eq!(path.len(), 1, "one directory added to PATH: {path:?}");
    assert!(path[0].join("mcp-schema").exists(), "{path:?}");
}

/// `version` installs that release from crates.io; `args` runs another command, in
/// `working-directory`, and its failure fails the action; empty `args` only installs.
#[test]
fn the_action_installs_a_release_and_runs_what_it_is_given() {
    let repo = forecast_repository();
    std::fs::create_dir_all(repo.path().join("server")).unwrap();
    for file in ["Cargo.toml", "Cargo.lock", "src", "mcp-tools.json"] {
        std::fs::rename(repo.path().join(file), repo.path().join("server").join(file)).unwrap();
    }
    let main_rs = repo.path().join("server/src/main.rs");
    let source = std::fs::read_to_string(&main_rs).unwrap();
    std::fs::write(&main_rs, source.replace("/// Daily forecast for a city.\n", "/// The forecast of a city.\n"))
        .unwrap();
    let cache = tempfile::tempdir().unwrap();
    let (ok, stale, _) = run_in(
        repo.path(),
        cache.path(),
        &[("version", "0.1.0"), ("working-directory", "server"), ("args", "check -q --format github")],
    );
    let (installed, install_only, _) = run_in(repo.path(), cache.path(), &[("version", "0.1.0"), ("args", "")]);
    insta::assert_snapshot!("action_release_and_args", format!("{stale}=== install only\n{install_only}"));
    assert!(!ok, "a stale manifest passed: {stale}");
    assert!(installed, "{install_only}");
}

/// Every install line of the docs names the package that exists, `cargo-mcp-schema` (the
/// registry's `mcp-schema` is another project's crate), and every repository URL is Cargo.toml's.
#[test]
fn the_docs_install_what_exists() {
    let repository = mcp_schema::views::init::REPOSITORY;
    let mut pages = vec![root().join("README.md")];
    pages.extend(std::fs::read_dir(root().join("docs")).unwrap().map(|e| e.unwrap().path()));
    let mut wrong = Vec::new();
    for page in pages.iter().filter(|p| p.extension().is_some_and(|e| e == "md")) {
        let text = std::fs::read_to_string(page).unwrap();
        for line in text.lines() {
            if line.contains("cargo install") && line.contains("mcp-schema") && !line.contains("cargo-mcp-schema") {
                wrong.push(format!("{}: {line}", page.display()));
            }
            if line.contains("--git ") && !line.contains(&format!("--git {repository}")) {
                wrong.push(format!("{}: {line}", page.display()));
            }
        }
    }
    assert!(wrong.is_empty(), "install lines that name what does not exist:\n{}", wrong.join("\n"));
}

/// `cargo mcp-schema …`: cargo finds `cargo-mcp-schema` on `PATH` and runs it with `mcp-schema`
/// first; it runs as `mcp-schema` does, and its usage lines say `cargo mcp-schema`.
#[test]
fn cargo_runs_mcp_schema_as_a_subcommand() {
    let bin = Path::new(env!("CARGO_BIN_EXE_cargo-mcp-schema"));
    let path = std::env::join_paths(
        std::iter::once(bin.parent().unwrap().to_path_buf())
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .unwrap();
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let run = |args: &[&str]| {
        let out = Command::new(&cargo)
            .args(args)
            .current_dir(crate::support::testdata("forecast"))
            .env("PATH", &path)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        format!(
            "$ cargo {}\nexit: {:?}\n{}{}",
            args.join(" "),
            out.status.code(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    };
    let direct = Command::new(BIN).args(["check", "-q"]).current_dir(crate::support::testdata("forecast")).output();
    insta::assert_snapshot!(
        "cargo_subcommand",
        [run(&["mcp-schema", "check", "-q"]), run(&["mcp-schema", "--version"]), run(&["mcp-schema", "chek"])].concat()
    );
    assert_eq!(direct.unwrap().status.code(), Some(0));
}
