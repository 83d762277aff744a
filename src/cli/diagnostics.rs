//! How a run's diagnostics are printed on stderr: errors only with `-q`; without `-v`, the
//! first note of each code in full and a count of the others, since a crate can have dozens of
//! one kind (a `runtime-condition` for each tool a router adds behind an `if`), and a long run of
//! tool warnings that differ only in the tool folded into one line naming the tools (39
//! `mcp-output-schema` warnings with one help on a real server).

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
    /// The warnings of `code` with the help of the ones shown before, left out: their tools.
    SameWarnings { code: Code, tools: Vec<&'a str> },
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
            Shown::SameWarnings { code, tools } => writeln!(err, "{}", same_warnings_line(code, &tools)),
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
    let mut same = SameWarnings::of(&kept);
    for d in kept {
        if d.severity != Severity::Note {
            same.show(d, &mut shown);
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

/// A run of tool warnings longer than this, of one code and one help, is folded.
const SAME_MANY: usize = 5;

/// How many of such a run are shown in full before the fold line.
const SAME_SHOWN: usize = 2;

/// How many of the folded tools the fold line names.
const SAME_NAMED: usize = 12;

/// The tool warnings that say one thing of many tools: grouped by code and help.
struct SameWarnings<'a> {
    /// Per group, how many there are and how many were shown.
    groups: HashMap<(Code, Option<&'a str>), (usize, usize)>,
    /// Where each group's fold line is in what is shown.
    lines: HashMap<(Code, Option<&'a str>), usize>,
}

impl<'a> SameWarnings<'a> {
    /// The groups of `kept`'s tool warnings.
    fn of(kept: &[&'a Diagnostic]) -> Self {
        let mut groups: HashMap<_, (usize, usize)> = HashMap::new();
        for d in kept.iter().filter_map(|d| Self::key(d)) {
            groups.entry(d).or_default().0 += 1;
        }
        SameWarnings { groups, lines: HashMap::new() }
    }

    /// The group of a warning about one tool; errors and warnings naming no tool fold with none.
    fn key(d: &'a Diagnostic) -> Option<(Code, Option<&'a str>)> {
        (d.severity == Severity::Warning && d.tool.is_some()).then_some((d.code, d.help.as_deref()))
    }

    /// Show `d` in full, or add its tool to its group's fold line.
    fn show(&mut self, d: &'a Diagnostic, shown: &mut Vec<Shown<'a>>) {
        let Some(key) = Self::key(d) else { return shown.push(Shown::Full(d)) };
        let (total, seen) = self.groups.get_mut(&key).expect("every tool warning was grouped");
        *seen += 1;
        if *total <= SAME_MANY || *seen <= SAME_SHOWN {
            return shown.push(Shown::Full(d));
        }
        let tool = d.tool.as_deref().unwrap_or_default();
        match self.lines.get(&key) {
            Some(&at) => match &mut shown[at] {
                Shown::SameWarnings { tools, .. } => tools.push(tool),
                _ => unreachable!("a fold line's index holds a fold line"),
            },
            None => {
                self.lines.insert(key, shown.len());
                shown.push(Shown::SameWarnings { code: d.code, tools: vec![tool] });
            }
        }
    }
}

/// `warning: 37 more mcp-output-schema warnings like the ones above, on tools a, b, … and 25
/// others (-v shows each)`.
fn same_warnings_line(code: Code, tools: &[&str]) -> String {
    let named: Vec<String> = tools.iter().take(SAME_NAMED).map(|t| format!("`{}`", escape::terminal(t))).collect();
    let others = match tools.len().saturating_sub(SAME_NAMED) {
        0 => String::new(),
        1 => " and 1 other".to_owned(),
        n => format!(" and {n} others"),
    };
    let (n, plural, tool) =
        (tools.len(), if tools.len() == 1 { "" } else { "s" }, if tools.len() == 1 { "tool" } else { "tools" });
    format!(
        "warning: {n} more {} warning{plural} like the ones above, on {tool} {}{others} (-v shows each)\n",
        code.id(),
        named.join(", ")
    )
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
            Shown::SameWarnings { code, tools } => format!("{} on {}", code.id(), tools.join(",")),
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
    fn tool_warnings_with_one_help_fold_past_a_few() {
        let on = |tool: &str, help: &str| Diagnostic {
            tool: Some(tool.into()),
            help: Some(help.into()),
            ..Diagnostic::warning(Code::Opaque, tool)
        };
        let run: Vec<Diagnostic> = (1..=7).map(|i| on(&format!("t{i}"), "h")).collect();
        let mut all = run.clone();
        all.insert(3, on("odd", "another help"));
        all.push(Diagnostic::warning(Code::Opaque, "no tool"));
        assert_eq!(
            folded(&Diagnostics(all.clone()), false, false),
            ["t1", "t2", "opaque on t3,t4,t5,t6,t7", "odd", "no tool"],
            "the fold line stands where the first folded warning was"
        );
        assert_eq!(folded(&Diagnostics(all), false, true).len(), 9, "-v shows each");
        let few = Diagnostics(run[..5].to_vec());
        assert_eq!(folded(&few, false, false), ["t1", "t2", "t3", "t4", "t5"], "five are shown, not folded");
    }

    #[test]
    fn the_fold_line_names_a_dozen_tools_and_counts_the_rest() {
        let tools: Vec<String> = (1..=14).map(|i| format!("t{i}")).collect();
        let tools: Vec<&str> = tools.iter().map(String::as_str).collect();
        assert_eq!(
            same_warnings_line(Code::Opaque, &tools),
            "warning: 14 more opaque warnings like the ones above, on tools `t1`, `t2`, `t3`, `t4`, `t5`, \
             `t6`, `t7`, `t8`, `t9`, `t10`, `t11`, `t12` and 2 others (-v shows each)\n"
        );
        assert_eq!(
            same_warnings_line(Code::Opaque, &["a\u{1b}[31m"]),
            "warning: 1 more opaque warning like the ones above, on tool `a\\u{1b}[31m` (-v shows each)\n"
        );
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
