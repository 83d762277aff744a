//! How a run's diagnostics are printed on stderr: errors only with `-q`; without `-v`, the
//! first note of each code in full and a count of the others, since a crate can have dozens of
//! one kind (a `runtime-condition` for each tool a router adds behind an `if`).

use std::collections::HashMap;
use std::io::Write;

use mcp_schema::diagnostics::{Code, Diagnostic, Diagnostics, Severity};

/// One entry of what is printed.
enum Shown<'a> {
    /// A diagnostic, rendered by miette.
    Full(&'a Diagnostic),
    /// The notes of `code` left out after the first one.
    More { code: Code, count: usize },
}

/// Print `diagnostics` as `-q` and `-v` ask.
pub fn print_diagnostics(diagnostics: &Diagnostics) {
    let stderr = std::io::stderr();
    let mut err = stderr.lock();
    for shown in fold(diagnostics, super::quiet(), super::verbose()) {
        let _ = match shown {
            Shown::Full(d) => writeln!(err, "{:?}", miette::Report::new(d.to_miette())),
            Shown::More { code, count } => writeln!(err, "{}", more_line(code, count)),
        };
    }
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
    fn the_count_line_says_one_or_many() {
        assert_eq!(more_line(Code::RuntimeCondition, 1), "note: 1 more runtime-condition note (-v shows it)\n");
        assert_eq!(more_line(Code::RuntimeCondition, 3), "note: 3 more runtime-condition notes (-v shows them)\n");
    }
}
