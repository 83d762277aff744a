//! `init`, and the CLI conventions every command shares: `-q`, `--color`, completions, the man
//! page, `--help`, option values checked at parse time, and the line that names the profile.
//! Transcripts are snapshots (tests/it/snapshots/it__init_cli__*.snap).

use crate::support;

use std::path::Path;

use support::{run_in, testdata};

/// A git repository (a `.git` directory is enough) holding the rmcp example at `crates/server`.
fn repository() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join(".git")).unwrap();
    let server = dir.path().join("crates/server");
    std::fs::create_dir_all(server.join("src")).unwrap();
    for file in ["Cargo.toml", "Cargo.lock", "src/main.rs"] {
        std::fs::copy(testdata("forecast").join(file), server.join(file)).unwrap();
    }
    dir
}

fn read(dir: &Path, file: &str) -> String {
    std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

#[test]
fn init_sets_a_crate_up() {
    let repo = repository();
    let run = run_in(repo.path(), &["init", "crates/server"]);
    insta::assert_snapshot!(run.transcript());
    insta::assert_snapshot!("init_config", read(repo.path(), "crates/server/mcp-schema.toml"));
    insta::assert_snapshot!("init_precommit", read(repo.path(), ".pre-commit-config.yaml"));
    insta::assert_snapshot!("init_workflow", read(repo.path(), ".github/workflows/mcp-schema.yml"));
    let manifest = read(repo.path(), "crates/server/mcp-tools.json");
    assert_eq!(manifest, run_in(repo.path(), &["generate", "crates/server"]).stdout);
    // What init wrote is what `check` reads: the manifest is up to date.
    let check = run_in(repo.path(), &["check", "crates/server"]);
    assert_eq!(check.code, Some(0), "{}", check.transcript());
}

#[test]
fn init_never_overwrites_a_file() {
    let repo = repository();
    std::fs::write(repo.path().join(".pre-commit-config.yaml"), "repos: []\n").unwrap();
    std::fs::write(repo.path().join("crates/server/mcp-tools.json"), "{\"tools\": []}\n").unwrap();
    let run = run_in(repo.path(), &["init", "crates/server"]);
    assert_eq!(run.code, Some(0), "{}", run.transcript());
    assert_eq!(read(repo.path(), ".pre-commit-config.yaml"), "repos: []\n");
    assert_eq!(read(repo.path(), "crates/server/mcp-tools.json"), "{\"tools\": []}\n");
    assert!(run.stderr.contains("kept .pre-commit-config.yaml (it exists); add this entry to it:"), "{}", run.stderr);
    assert!(run.stdout.contains("  - repo: local\n"), "the entry is printed: {}", run.stdout);
    // The kept manifest is summarised, not printed: the sources' manifest is `generate`'s output.
    assert!(!run.stdout.contains("\"tools\""), "{}", run.stdout);
    assert!(
        run.stderr.contains("kept crates/server/mcp-tools.json (it exists); the sources now make 4 tools, 4 KB\n"),
        "{}",
        run.stderr
    );
    // A second run keeps everything the first one wrote, and ends with the next steps.
    let again = run_in(repo.path(), &["init", "crates/server"]);
    assert_eq!(again.code, Some(0));
    assert!(!again.stderr.contains("created"), "{}", again.stderr);
    insta::assert_snapshot!("init_again", again.transcript());
}

#[test]
fn init_dry_run_shows_every_file_and_writes_none() {
    let repo = repository();
    let run = run_in(repo.path(), &["init", "crates/server", "--dry-run"]);
    insta::assert_snapshot!(run.transcript());
    assert!(!repo.path().join("crates/server/mcp-schema.toml").exists());
    assert!(!repo.path().join(".github").exists());
}

#[test]
fn init_outside_a_crate_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let run = run_in(dir.path(), &["init"]);
    assert_eq!(run.code, Some(2), "{}", run.transcript());
}

// ----- the CLI conventions ---------------------------------------------------------------------

#[test]
fn help_shows_examples_and_exit_codes() {
    insta::assert_snapshot!(run_in(&testdata("forecast"), &["--help"]).transcript());
}

/// The subcommands `mcp-schema --help` lists (`help` aside): a new command is covered at once.
fn subcommands() -> Vec<String> {
    let help = run_in(&testdata("forecast"), &["--help"]).stdout;
    let listed = help.split("Commands:\n").nth(1).expect("--help lists the commands");
    let names: Vec<String> = listed
        .lines()
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_owned)
        .collect();
    assert!(names.len() >= 10, "{names:?}");
    names
}

/// Every command's `--help` ends with examples and what its exit statuses mean. The texts that
/// were added for them are snapshots (`generate`'s and `check`'s in cli_config.rs).
#[test]
fn every_command_has_examples_and_exit_status_in_its_help() {
    for name in subcommands() {
        let run = run_in(&testdata("forecast"), &[&name, "--help"]);
        assert_eq!(run.code, Some(0), "{name}: {}", run.stderr);
        let examples = run.stdout.find("\nExamples:\n  ").unwrap_or_else(|| panic!("{name}: no examples"));
        let exit = run.stdout.find("\nExit status: ").unwrap_or_else(|| panic!("{name}: no exit status"));
        assert!(examples < exit, "{name}: the examples come first");
        assert!(run.stdout[examples..].contains(&format!("mcp-schema {name}")), "{name}: an example runs it");
        if ["diff", "completions", "man", "validate", "record"].contains(&name.as_str()) {
            insta::assert_snapshot!(format!("help_{name}"), run.stdout);
        }
    }
}

/// `man` is one page with a section for every command: its synopsis, options, examples and exit
/// status.
#[test]
fn the_man_page_covers_every_command() {
    let man = run_in(&testdata("forecast"), &["man"]);
    assert_eq!(man.code, Some(0), "{}", man.stderr);
    assert_eq!(man.stdout.matches(".TH ").count(), 1, "one page");
    let sections: Vec<&str> = man.stdout.split("\n.SH ").collect();
    for name in subcommands() {
        let heading = format!("\"mcp\\-schema {}\"\n", name.replace('-', "\\-"));
        let section =
            sections.iter().find(|s| s.starts_with(&heading)).unwrap_or_else(|| panic!("no section {heading}"));
        for part in [".SS SYNOPSIS", ".SS DESCRIPTION", ".SS OPTIONS", ".SS \"EXAMPLES AND EXIT STATUS\""] {
            assert!(section.contains(part), "{name}: no {part}");
        }
    }
    assert!(!man.stdout.contains("(1)"), "no reference to a page of a subcommand: there is one page");
}

#[test]
fn an_rmcp_version_that_is_not_one_is_an_error() {
    let run = run_in(&testdata("forecast"), &["generate", "--rmcp-version", "banana"]);
    insta::assert_snapshot!(run.transcript());
    // A requirement is a version too: the newest release it allows.
    assert_eq!(run_in(&testdata("forecast"), &["list", "--rmcp-version", "0.8"]).code, Some(0));
}

#[test]
fn a_color_choice_that_is_not_one_is_an_error() {
    let run = run_in(&testdata("forecast"), &["list", "--color", "sometimes"]);
    assert_eq!(run.code, Some(2), "{}", run.transcript());
}

#[test]
fn color_always_colours_a_pipe_and_never_does_not() {
    let always = run_in(&testdata("forecast"), &["--color", "always", "list"]);
    assert!(always.stdout.contains("\x1b[1m"), "{}", always.stdout);
    let never = run_in(&testdata("forecast"), &["list", "--color=never"]);
    assert!(!never.stdout.contains('\x1b'));
}

#[test]
fn generate_names_the_profile_on_stderr_when_piped_and_quiet_drops_it() {
    let run = run_in(&testdata("forecast"), &["generate"]);
    assert_eq!(run.stderr, "4 tools listed with profile rmcp (rmcp 3.11.0)\n");
    let quiet = run_in(&testdata("forecast"), &["-q", "generate"]);
    assert_eq!((quiet.stderr.as_str(), &quiet.stdout), ("", &run.stdout));
}

#[test]
fn completions_and_man_page() {
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let run = run_in(&testdata("forecast"), &["completions", shell]);
        assert_eq!(run.code, Some(0), "{shell}: {}", run.stderr);
        assert!(run.stdout.contains("mcp-schema") && run.stdout.contains("list"), "{shell}");
    }
    assert_eq!(run_in(&testdata("forecast"), &["completions", "tcsh"]).code, Some(2));
    let man = run_in(&testdata("forecast"), &["man"]);
    assert!(man.stdout.starts_with(".ie") || man.stdout.contains(".TH mcp-schema"), "{}", &man.stdout[..200]);
}

/// A server in a file that does not parse: the syntax error, and no `no-server` warning after it.
#[test]
fn a_syntax_error_has_no_follow_on_no_server_warning() {
    let dir = tempfile::tempdir().unwrap();
    let cargo = "[package]\nname = \"s\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nrmcp = \"3.11\"\n";
    std::fs::write(dir.path().join("Cargo.toml"), cargo).unwrap();
    std::fs::create_dir(dir.path().join("src")).unwrap();
    std::fs::write(dir.path().join("src/main.rs"), "mod server;\nfn main() {}\n").unwrap();
    let server = "use rmcp::{tool_handler, ServerHandler};\npub struct S;\n#[tool_handler]\nimpl ServerHandler for S {}\nstruct Broken {\n";
    std::fs::write(dir.path().join("src/server.rs"), server).unwrap();
    let run = run_in(dir.path(), &["generate"]);
    assert_eq!(run.code, Some(2), "{}", run.transcript());
    assert!(run.stderr.contains("syntax-error"), "{}", run.stderr);
    assert!(!run.stderr.contains("no-server"), "{}", run.stderr);
}

/// A crate configured in its Cargo.toml keeps that configuration: no mcp-schema.toml beside it
/// (two configurations are an error), and the configured manifest path is the one written.
#[test]
fn init_keeps_a_configuration_in_cargo_toml() {
    let repo = repository();
    let cargo = repo.path().join("crates/server/Cargo.toml");
    let mut text = std::fs::read_to_string(&cargo).unwrap();
    text.push_str("\n[package.metadata.mcp-schema]\nmanifest = \"schema/tools.json\"\n");
    std::fs::write(&cargo, text).unwrap();
    std::fs::create_dir(repo.path().join("crates/server/schema")).unwrap();
    let run = run_in(repo.path(), &["-q", "init", "crates/server"]);
    assert_eq!((run.code, run.stderr.as_str()), (Some(0), ""), "{}", run.transcript());
    assert!(!repo.path().join("crates/server/mcp-schema.toml").exists());
    assert!(repo.path().join("crates/server/schema/tools.json").is_file());
    assert_eq!(run_in(repo.path(), &["check", "crates/server"]).code, Some(0));
}
