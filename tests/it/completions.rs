//! The completion scripts, run by the shells they are for: each must complete a subcommand's
//! flags and an option's values after the subcommand, not only the subcommand names. A shell that
//! is not installed fails its test (`.ci/run` installs fish and zsh), unless it is named in
//! `MCP_SCHEMA_TEST_SKIP_SHELLS` (comma-separated, e.g. `fish,zsh`): then the test says on stderr
//! that it skipped the shell and passes.

use crate::support;

use std::path::Path;
use std::process::Command;

use support::{run_in, testdata};

/// The script `mcp-schema completions SHELL` prints, in a file the shell can source.
fn script(shell: &str) -> tempfile::NamedTempFile {
    let run = run_in(&testdata("forecast"), &["completions", shell]);
    assert_eq!(run.code, Some(0), "{shell}: {}", run.stderr);
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), run.stdout).unwrap();
    file
}

/// Whether `shell` runs here. A shell that does not run fails the test, unless
/// `MCP_SCHEMA_TEST_SKIP_SHELLS` names it: then the skip is said on stderr (as
/// `cargo test -- --nocapture` shows) and the test passes without running the script.
fn installed(shell: &str) -> bool {
    let found = Command::new(shell).arg("-c").arg("exit 0").output().is_ok_and(|o| o.status.success());
    let skip = std::env::var("MCP_SCHEMA_TEST_SKIP_SHELLS").unwrap_or_default();
    if !found && skip.split(',').any(|s| s.trim() == shell) {
        eprintln!("completions: SKIPPED {shell}: not installed here, and MCP_SCHEMA_TEST_SKIP_SHELLS names it");
        return false;
    }
    assert!(
        found,
        "{shell} is not installed here: install it (`apt-get install {shell}`; .ci/run does), \
         or skip it with MCP_SCHEMA_TEST_SKIP_SHELLS={shell}"
    );
    true
}

/// Run `program` in `shell` (`-c`); its stdout.
fn shell_output(shell: &str, args: &[&str], program: &str) -> String {
    let out = Command::new(shell).args(args).arg("-c").arg(program).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{shell}: {}\n{stdout}", String::from_utf8_lossy(&out.stderr));
    stdout
}

/// Bash: `COMPREPLY` after the completion function runs on `words`, completing the last one.
fn bash_completions(script: &Path, words: &[&str]) -> Vec<String> {
    let cword = words.len() - 1;
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let program = format!(
        "source '{}'\nCOMP_WORDS=({})\nCOMP_CWORD={cword}\n\
         _mcp__schema mcp-schema '{}' '{}'\nprintf '%s\\n' \"${{COMPREPLY[@]}}\"",
        script.display(),
        quoted.join(" "),
        words[cword],
        words[cword - 1],
    );
    shell_output("bash", &[], &program).lines().map(str::to_owned).collect()
}

#[test]
fn bash_completes_after_a_subcommand() {
    if !installed("bash") {
        return;
    }
    let script = script("bash");
    let registered =
        shell_output("bash", &[], &format!("source '{}'\ncomplete -p mcp-schema", script.path().display()));
    assert!(registered.contains("-F _mcp__schema") && registered.trim_end().ends_with(" mcp-schema"), "{registered}");
    let top = bash_completions(script.path(), &["mcp-schema", "ge"]);
    assert_eq!(top, ["generate"]);
    let generate = bash_completions(script.path(), &["mcp-schema", "generate", "--"]);
    for flag in ["--output", "--validate", "--profile", "--protocol"] {
        assert!(generate.iter().any(|f| f == flag), "`generate --` completes {flag}: {generate:?}");
    }
    let formats = bash_completions(script.path(), &["mcp-schema", "check", "--format", ""]);
    assert_eq!(formats, ["human", "json", "github", "markdown", "sarif"]);
    let shells = bash_completions(script.path(), &["mcp-schema", "completions", "f"]);
    assert_eq!(shells, ["fish"]);
}

#[test]
fn fish_completes_after_a_subcommand() {
    if !installed("fish") {
        return;
    }
    let script = script("fish");
    let complete = |line: &str| {
        let program = format!("source '{}'; complete -C '{line}'", script.path().display());
        let out = shell_output("fish", &["--no-config"], &program);
        out.lines().map(|l| l.split('\t').next().unwrap_or("").to_owned()).collect::<Vec<_>>()
    };
    let generate = complete("mcp-schema generate --");
    for flag in ["--output", "--validate", "--profile", "--protocol"] {
        assert!(generate.iter().any(|f| f == flag), "`generate --` completes {flag}: {generate:?}");
    }
    let formats = complete("mcp-schema check --format ");
    for format in ["human", "json", "github", "markdown"] {
        assert!(formats.iter().any(|f| f == format), "{formats:?}");
    }
}

/// zsh completes only in an interactive shell's line editor: the test types the line into one
/// on a pseudo-terminal (`zpty`) and records what the completion system offers (`compadd`).
#[test]
fn zsh_completes_after_a_subcommand() {
    if !installed("zsh") {
        return;
    }
    let script = script("zsh");
    let program = format!(
        r#"zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z 'PROMPT=""; autoload -U compinit; compinit -u; source {script}; compdef _mcp-schema mcp-schema'
zpty -w z 'compadd () {{ builtin compadd -O __hits "$@"; print -l -- "<hit>"$^__hits }}'
zpty -w -n z $'mcp-schema generate --\t'
out=""
for i in {{1..100}}; do
  while zpty -r -t z line; do out+="$line"; done
  [[ $out == *'<hit>--output'* ]] && break
  sleep 0.1
done
zpty -d z
print -r -- "$out""#,
        script = script.path().display()
    );
    let out = shell_output("zsh", &["-f"], &program);
    let offered: Vec<&str> = out.split(['\r', '\n']).filter_map(|l| l.strip_prefix("<hit>")).collect();
    for flag in ["--output", "--validate", "--profile", "--protocol"] {
        assert!(offered.contains(&flag), "`generate --` completes {flag}: {offered:?}");
    }
}
