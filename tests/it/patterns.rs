//! The pattern cases (`testdata/<sdk>/patterns/<case>/`), each a crate (or workspace) carrying
//! its own commands and what they print: `cmd.toml` lists runs of the binary,
//!
//! ```toml
//! [[run]]
//! args = ["generate", "--profile", "rmcp", "--server", "Paged"]
//! cwd = "servers"                  # optional: a folder of the case to run from (default: the case)
//! transcript = "paged.transcript"  # a file of the case: exit status, stdout and stderr
//! ```
//!
//! and every run must print exactly its transcript (the testdata path written `[TESTDATA]/`).
//! Runs may share a transcript when they must print the same (a workspace member and its root).
//! A case without `cmd.toml`, a run without its transcript and a transcript no run names are
//! failures too. `MCP_SCHEMA_BLESS=1 cargo test --test it patterns::` rewrites the transcripts
//! from what the runs print; review them with `git diff`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::Deserialize;

use crate::support::{run_in, testdata};

/// `cmd.toml`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Commands {
    run: Vec<Command>,
}

/// One `[[run]]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Command {
    args: Vec<String>,
    #[serde(default)]
    cwd: Option<String>,
    transcript: String,
}

/// What one run printed, and the transcript file it is held to.
struct Outcome {
    case: PathBuf,
    command: Command,
    printed: String,
}

fn blessing() -> bool {
    std::env::var_os("MCP_SCHEMA_BLESS").is_some_and(|v| v == "1")
}

/// Every folder of `testdata/*/patterns/`, sorted.
fn cases() -> Vec<PathBuf> {
    let mut cases = Vec::new();
    for sdk in std::fs::read_dir(testdata("")).unwrap() {
        let patterns = sdk.unwrap().path().join("patterns");
        if patterns.is_dir() {
            cases.extend(std::fs::read_dir(patterns).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_dir()));
        }
    }
    cases.sort();
    assert!(cases.len() >= 50, "only {} pattern cases under testdata/*/patterns", cases.len());
    cases
}

/// `testdata/...` for messages.
fn shown(path: &Path) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    path.strip_prefix(root).unwrap_or(path).display().to_string()
}

/// The case's commands, or why there are none.
fn commands(case: &Path) -> Result<Vec<Command>, String> {
    let file = case.join("cmd.toml");
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e} (every case carries one)", shown(&file)))?;
    let commands: Commands = toml::from_str(&text).map_err(|e| format!("{}: {e}", shown(&file)))?;
    if commands.run.is_empty() {
        return Err(format!("{}: no [[run]]", shown(&file)));
    }
    // A transcript is a file of the case itself: no path, so that blessing writes nowhere else.
    if let Some(c) =
        commands.run.iter().find(|c| c.transcript.contains(['/', '\\']) || !c.transcript.ends_with(".transcript"))
    {
        return Err(format!("{}: transcript {:?} is not a `NAME.transcript` of the case", shown(&file), c.transcript));
    }
    if let Some(c) = commands.run.iter().find(|c| c.cwd.as_ref().is_some_and(|d| !case.join(d).is_dir())) {
        return Err(format!("{}: cwd {:?} is not a folder of the case", shown(&file), c.cwd));
    }
    Ok(commands.run)
}

/// The `*.transcript` files of a case.
fn transcript_files(case: &Path) -> BTreeSet<String> {
    std::fs::read_dir(case)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".transcript"))
        .collect()
}

fn run(case: &Path, command: Command) -> Outcome {
    let dir = match &command.cwd {
        Some(cwd) => case.join(cwd),
        None => case.to_path_buf(),
    };
    let args: Vec<&str> = command.args.iter().map(String::as_str).collect();
    let printed = run_in(&dir, &args).transcript();
    Outcome { case: case.to_path_buf(), command, printed }
}

/// Where a transcript and what was printed part, as a message with both lines and where the
/// whole of what was printed is kept.
fn difference(expected: &str, outcome: &Outcome, file: &Path) -> String {
    let (mut e, mut p) = (expected.lines(), outcome.printed.lines());
    let mut line = 1;
    loop {
        match (e.next(), p.next()) {
            (Some(a), Some(b)) if a == b => line += 1,
            (a, b) => {
                let kept = Path::new(env!("CARGO_TARGET_TMPDIR")).join("patterns").join(shown(file));
                std::fs::create_dir_all(kept.parent().unwrap()).unwrap();
                std::fs::write(&kept, &outcome.printed).unwrap();
                let trailing = if a.is_none() && b.is_none() { " (line ends differ)" } else { "" };
                return format!(
                    "{}: `mcp-schema {}` (in {}) printed something else{trailing}, from line {line}:\n  expected: {}\n  printed:  {}\n  all it printed: {}",
                    shown(file),
                    outcome.command.args.join(" "),
                    outcome.command.cwd.as_deref().unwrap_or("."),
                    a.unwrap_or("(end)"),
                    b.unwrap_or("(end)"),
                    kept.display()
                );
            }
        }
    }
}

/// Held to its transcript, or (blessing) the transcript rewritten; the problems.
fn check(case: &Path, outcomes: &[&Outcome]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut by_file: BTreeMap<&str, Vec<&Outcome>> = BTreeMap::new();
    for o in outcomes {
        by_file.entry(o.command.transcript.as_str()).or_default().push(o);
    }
    for (name, runs) in &by_file {
        let file = case.join(name);
        if blessing() {
            if runs.iter().any(|o| o.printed != runs[0].printed) {
                problems.push(format!("{}: the runs that share it print different things", shown(&file)));
            } else {
                std::fs::write(&file, &runs[0].printed).unwrap();
            }
            continue;
        }
        let expected = match std::fs::read_to_string(&file) {
            Ok(text) => text,
            Err(e) => {
                problems.push(format!("{}: {e}", shown(&file)));
                continue;
            }
        };
        problems.extend(runs.iter().filter(|o| o.printed != expected).map(|o| difference(&expected, o, &file)));
    }
    let named: BTreeSet<String> = by_file.keys().map(|k| k.to_string()).collect();
    for orphan in transcript_files(case).difference(&named) {
        problems.push(format!("{}: no run of cmd.toml names it", shown(&case.join(orphan))));
    }
    problems
}

#[test]
fn every_pattern_case_prints_its_transcripts() {
    let cases = cases();
    assert!(cases.len() >= 39, "only {} pattern cases found", cases.len());
    let mut problems = Vec::new();
    let mut runs = Vec::new();
    for case in &cases {
        match commands(case) {
            Ok(commands) => runs.extend(commands.into_iter().map(|c| (case.clone(), c))),
            Err(e) => problems.push(e),
        }
    }
    // One run is a process of its own: run them side by side.
    let outcomes: Vec<Outcome> = runs.into_par_iter().map(|(case, command)| run(&case, command)).collect();
    for case in &cases {
        let of_case: Vec<&Outcome> = outcomes.iter().filter(|o| &o.case == case).collect();
        if !of_case.is_empty() {
            problems.extend(check(case, &of_case));
        }
    }
    assert!(
        problems.is_empty(),
        "{} problems with the pattern cases:\n\n{}\n\nIf the new output is right: MCP_SCHEMA_BLESS=1 cargo test --test it patterns:: \
         rewrites the transcripts (then review them with git diff).",
        problems.len(),
        problems.join("\n\n")
    );
}
