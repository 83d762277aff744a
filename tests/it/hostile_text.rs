//! Crate text written to do harm where it is shown (`testdata/rmcp/patterns/hostile-text`), run
//! through every command and format, also with colour: no line of stdout or stderr reads as a
//! GitHub workflow command (but `--format github`'s own annotations on stdout), and no control
//! character reaches a terminal but the line break and our colours. Its transcripts are the
//! pattern case's; this holds the rule over every run, with and without colour.

use crate::support::{run_in, testdata};

/// Each command of the case, and the formats of `check`.
const RUNS: &[&[&str]] = &[
    &["generate", "--profile", "rmcp", "-o", "-"],
    &["list", "--profile", "rmcp"],
    &["docs", "--profile", "rmcp"],
    &["check", "--profile", "rmcp"],
    &["check", "--profile", "rmcp", "-v"],
    &["check", "--profile", "rmcp", "--format", "github"],
    &["check", "--profile", "rmcp", "--format", "markdown"],
    &["check", "--profile", "rmcp", "--format", "json"],
    &["check", "--profile", "rmcp", "--format", "sarif"],
    &["diff", "mcp-tools.json", "mcp-tools.json", "--format", "github"],
];

/// The lines of `text` that a GitHub runner would read as a workflow command (it ends a line at
/// CR as well as LF, and trims blanks before `::`).
fn commands(text: &str) -> Vec<String> {
    text.split(['\n', '\r'])
        .filter(|l| l.trim_start().starts_with("::") || l.contains("##["))
        .map(str::to_owned)
        .collect()
}

/// The control characters of `text` but the line break, and ESC opening a colour (`ESC [ … m`).
fn controls(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let colour = c == '\x1b'
            && chars.get(i + 1) == Some(&'[')
            && chars[i + 2..].iter().find(|c| !(c.is_ascii_digit() || **c == ';')) == Some(&'m');
        if c.is_control() && c != '\n' && !colour {
            found.push(format!("{c:?} at {i}"));
        }
    }
    found
}

#[test]
fn no_run_prints_a_workflow_command_or_a_control_character() {
    let dir = testdata("rmcp/patterns/hostile-text");
    let mut checked = 0;
    for colour in ["never", "always"] {
        for args in RUNS {
            let mut args = args.to_vec();
            args.extend(["--color", colour]);
            let run = run_in(&dir, &args);
            let github = args.contains(&"github");
            // `--format github` prints its own commands on stdout, each titled `mcp-schema …`, its
            // crate text escaped as data: a forged one has no such title.
            let ours = |l: &str| {
                github
                    && ["::error ", "::warning ", "::notice "].iter().any(|p| l.starts_with(p))
                    && l.split("::").nth(1).is_some_and(|props| props.contains("title=mcp-schema"))
            };
            let stdout_commands: Vec<String> = commands(&run.stdout).into_iter().filter(|l| !ours(l)).collect();
            assert_eq!(stdout_commands, Vec::<String>::new(), "stdout of {args:?}:\n{}", run.stdout);
            assert_eq!(commands(&run.stderr), Vec::<String>::new(), "stderr of {args:?}:\n{}", run.stderr);
            assert_eq!(controls(&run.stdout), Vec::<String>::new(), "stdout of {args:?}");
            assert_eq!(controls(&run.stderr), Vec::<String>::new(), "stderr of {args:?}");
            checked += 1;
        }
    }
    assert_eq!(checked, 2 * RUNS.len());
}
