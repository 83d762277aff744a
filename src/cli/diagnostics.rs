//! How a run's diagnostics are printed on stderr: errors only with `-q`; without `-v`, the
//! first note of each code in full and a count of the others, since a crate can have dozens of
//! one kind (a `runtime-condition` for each tool a router adds behind an `if`).

use std::collections::{HashMap, HashSet};
use std::fmt::Write;
use std::sync::Mutex;

use mcp_schema::diagnostics::{Code, Diagnostic, Diagnostics, Severity};
use mcp_schema::escape;

/// One entry of what is printed.
enum Shown<'a> {
    /// A diagnostic, rendered by miette.
    Full(&'a Diagnostic),
    /// The notes of `code` left out after the first one.
    More { code: Code, count: usize },
}

/// The server whose diagnostics are printed next, in a run over several (`[[servers]]`): said
/// once, before the first one shown.
static SERVER: Mutex<Option<String>> = Mutex::new(None);

/// Say `server NAME (PATH):` before the next diagnostic printed, if any (`None`: a single crate).
pub fn set_server(heading: Option<String>) {
    *SERVER.lock().unwrap_or_else(|e| e.into_inner()) = heading;
}

/// What this process has printed already, by code, message and location: a command that reads
/// several crates (`init` at a workspace root, `[[servers]]`) meets the same diagnostic of a shared
/// Cargo.toml or lock once per crate, and says it once.
static PRINTED: Mutex<Option<HashSet<String>>> = Mutex::new(None);

/// The diagnostics of `diagnostics` not printed before in this process, marked printed.
fn not_printed_before(diagnostics: &Diagnostics) -> Diagnostics {
    let mut printed = PRINTED.lock().unwrap_or_else(|e| e.into_inner());
    let printed = printed.get_or_insert_with(HashSet::new);
    let fresh =
        diagnostics.iter().filter(|d| printed.insert(format!("{}\0{}\0{:?}", d.code.id(), d.message, d.location)));
    Diagnostics(fresh.cloned().collect())
}

/// Print `diagnostics` as `-q` and `-v` ask. `-q` hides warnings, but not that the manifest
/// lacks part of a tool: that is one count line.
pub fn print_diagnostics(diagnostics: &Diagnostics) {
    let diagnostics = &not_printed_before(diagnostics);
    let mut err = String::new();
    let shown = fold(diagnostics, super::quiet(), super::verbose());
    let left_out = if super::quiet() { left_out_line(diagnostics) } else { None };
    if !shown.is_empty() || left_out.is_some() {
        if let Some(heading) = SERVER.lock().unwrap_or_else(|e| e.into_inner()).take() {
            let _ = writeln!(err, "server {}:", escape::terminal(&heading));
        }
    }
    for shown in shown {
        let _ = match shown {
            Shown::Full(d) => writeln!(err, "{:?}", miette::Report::new(escaped(d).to_miette())),
            Shown::More { code, count } => writeln!(err, "{}", more_line(code, count)),
        };
    }
    if let Some(line) = left_out {
        let _ = writeln!(err, "{line}");
    }
    if let Some(line) = count_line(diagnostics, super::quiet()) {
        let _ = writeln!(err, "{line}");
    }
    // The snippets quote the crate's source, and a line of it must not become a workflow command.
    super::eprint_text(&err);
}

/// More warnings than this get a count line after them.
const MANY: usize = 10;

/// After many warnings, how many of each code, so that a flood of lint warnings ends with what
/// it was: `warning: 173 warnings: undescribed-parameter 120, undescribed-variants 53 (`-A CODE`
/// turns one off)`.
fn count_line(diagnostics: &Diagnostics, quiet: bool) -> Option<String> {
    let warnings: Vec<&Diagnostic> = diagnostics.iter().filter(|d| d.severity == Severity::Warning).collect();
    if quiet || warnings.len() <= MANY {
        return None;
    }
    let mut by_code: Vec<(Code, usize)> = Vec::new();
    for d in &warnings {
        match by_code.iter_mut().find(|(c, _)| *c == d.code) {
            Some((_, n)) => *n += 1,
            None => by_code.push((d.code, 1)),
        }
    }
    by_code.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.id().cmp(b.0.id())));
    let counts: Vec<String> = by_code.iter().map(|(c, n)| format!("{} {n}", c.id())).collect();
    Some(format!("warning: {} warnings: {} (`-A CODE` turns one off)", warnings.len(), counts.join(", ")))
}

/// `d` with the crate text it quotes (message, help, label) escaped for a terminal: its own line
/// breaks kept, every other control character written as an escape.
fn escaped(d: &Diagnostic) -> Diagnostic {
    let mut d = d.clone();
    d.message = escape::terminal_block(&d.message);
    d.help = d.help.as_deref().map(escape::terminal_block);
    d.label = d.label.as_deref().map(escape::terminal_block);
    d
}

/// An error that ends the command: printed, exit status 2.
pub fn fail(d: Diagnostic) -> u8 {
    print_diagnostics(&Diagnostics(vec![d]));
    2
}

/// The warnings that say a tool's manifest entry lacks something the server publishes (a schema,
/// a key, a parameter) or has a schema that accepts anything.
const LEFT_OUT: &[Code] = &[Code::Opaque, Code::RegistryType, Code::UnknownType, Code::UnsupportedParameter];

/// What `-q` still says of the warnings it hides that left part of a tool out:
/// `warning: 3 tools have a schema or key left out (opaque, registry-type); run without -q to see why`.
fn left_out_line(diagnostics: &Diagnostics) -> Option<String> {
    let hidden: Vec<&Diagnostic> =
        diagnostics.iter().filter(|d| d.severity == Severity::Warning && LEFT_OUT.contains(&d.code)).collect();
    if hidden.is_empty() {
        return None;
    }
    // A warning that names no tool counts as one of its own.
    let mut tools: Vec<Option<&str>> = hidden.iter().map(|d| d.tool.as_deref()).collect();
    tools.sort();
    tools.dedup_by(|a, b| a.is_some() && a == b);
    let mut codes: Vec<&str> = hidden.iter().map(|d| d.code.id()).collect();
    codes.sort();
    codes.dedup();
    let (n, has) =
        if tools.len() == 1 { ("1 tool".to_owned(), "has") } else { (format!("{} tools", tools.len()), "have") };
    Some(format!("warning: {n} {has} a schema or key left out ({}); run without -q to see why", codes.join(", ")))
}

/// What to print of `diagnostics`, in their order.
fn fold(diagnostics: &Diagnostics, quiet: bool, verbose: bool) -> Vec<Shown<'_>> {
    let kept: Vec<&Diagnostic> = diagnostics.iter().filter(|d| !quiet || d.is_error()).collect();
    if verbose {
        return kept.into_iter().map(Shown::Full).collect();
    }
    let mut notes: HashMap<Code, usize> = HashMap::new();
    for d in kept.iter().filter(|d| d.severity == Severity::Note) {
        *notes.entry(d.code).or_default() += 1;
    }
    let mut shown = Vec::new();
    for d in kept {
        if d.severity != Severity::Note {
            shown.push(Shown::Full(d));
            continue;
        }
        // The first note of a code takes the count of the others, which are then skipped.
        match notes.insert(d.code, 0) {
            Some(0) => {}
            Some(count) => {
                shown.push(Shown::Full(d));
                if count > 1 {
                    shown.push(Shown::More { code: d.code, count: count - 1 });
                }
            }
            None => unreachable!("every note was counted"),
        }
    }
    shown
}

/// `note: 36 more runtime-condition notes (-v shows them)`.
fn more_line(code: Code, count: usize) -> String {
    let (plural, them) = if count == 1 { ("", "it") } else { ("s", "them") };
    format!("note: {count} more {} note{plural} (-v shows {them})\n", code.id())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each entry as the message it shows, or `+N code` for a count.
    fn folded(all: &Diagnostics, quiet: bool, verbose: bool) -> Vec<String> {
        let entry = |shown: Shown| match shown {
            Shown::Full(d) => d.message.clone(),
            Shown::More { code, count } => format!("+{count} {}", code.id()),
        };
        fold(all, quiet, verbose).into_iter().map(entry).collect()
    }

    #[test]
    fn notes_of_one_code_fold_into_the_first_and_a_count() {
        let (a, b) = (Code::RuntimeCondition, Code::NoToolBox);
        let all = Diagnostics(vec![
            Diagnostic::note(a, "n1"),
            Diagnostic::warning(Code::UnknownType, "w"),
            Diagnostic::note(a, "n2"),
            Diagnostic::note(a, "n3"),
            Diagnostic::note(b, "other"),
        ]);
        assert_eq!(folded(&all, false, false), ["n1", "+2 runtime-condition", "w", "other"]);
        assert_eq!(folded(&all, false, true), ["n1", "w", "n2", "n3", "other"], "-v shows every note");
    }

    #[test]
    fn quiet_leaves_errors_only() {
        let all = Diagnostics(vec![
            Diagnostic::note(Code::RuntimeCondition, "n"),
            Diagnostic::warning(Code::UnknownType, "w"),
            Diagnostic::error(Code::BadPath, "e"),
        ]);
        assert_eq!(folded(&all, true, false), ["e"]);
        assert_eq!(folded(&all, true, true), ["e"]);
    }

    #[test]
    fn quiet_still_counts_the_tools_with_something_left_out() {
        let on = |tool: &str, code| Diagnostic { tool: Some(tool.into()), ..Diagnostic::warning(code, "w") };
        let all = Diagnostics(vec![
            on("a", Code::Opaque),
            on("a", Code::RegistryType),
            on("b", Code::Opaque),
            Diagnostic::warning(Code::DuplicateTool, "not a gap"),
        ]);
        assert_eq!(
            left_out_line(&all).unwrap(),
            "warning: 2 tools have a schema or key left out (opaque, registry-type); run without -q to see why"
        );
        let one = Diagnostics(vec![on("a", Code::Opaque), Diagnostic::error(Code::BadPath, "e")]);
        assert!(left_out_line(&one).unwrap().starts_with("warning: 1 tool has a schema or key left out (opaque)"));
        assert_eq!(left_out_line(&Diagnostics(vec![Diagnostic::note(Code::RuntimeCondition, "n")])), None);
    }

    #[test]
    fn the_count_line_says_one_or_many() {
        assert_eq!(more_line(Code::RuntimeCondition, 1), "note: 1 more runtime-condition note (-v shows it)\n");
        assert_eq!(more_line(Code::RuntimeCondition, 3), "note: 3 more runtime-condition notes (-v shows them)\n");
    }
}
