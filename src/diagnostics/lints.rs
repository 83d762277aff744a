//! Levels per diagnostic code, as clippy has them for lints: `allow` drops a warning, `warn`
//! leaves it, `deny` makes it an error; `--strict` denies every warning left. An error is never
//! lowered: it means the manifest would be wrong.
//!
//! The codes, and whether each is an error or a warning, are those of the registry
//! ([`super::codes`]).

use std::collections::BTreeMap;

use super::codes::{Code, Kind};
use super::{Diagnostics, Severity};

/// What to do with the warnings of one code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Drop them.
    Allow,
    /// Show them (the default).
    Warn,
    /// Make them errors: no manifest is written.
    Deny,
}

impl Level {
    /// The level named `allow`, `warn` or `deny`.
    pub fn parse(s: &str) -> Option<Level> {
        match s {
            "allow" => Some(Level::Allow),
            "warn" => Some(Level::Warn),
            "deny" => Some(Level::Deny),
            _ => None,
        }
    }
}

/// The levels of a run: by code, then `strict` for every warning left.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lints {
    /// Levels by diagnostic code (`opaque`, `unknown-type`…).
    pub levels: BTreeMap<String, Level>,
    /// Deny every warning that is not allowed (`--strict`).
    pub strict: bool,
    /// Levels by crate name (`[lints.crates.NAME]`), then by code: they beat `levels` for the
    /// diagnostics about that crate's sources (code the user may not own, such as a path
    /// dependency whose files a build script writes).
    pub crates: BTreeMap<String, BTreeMap<String, Level>>,
}

impl Lints {
    /// The level of `d`'s code: its crate's, else the run's.
    fn level_of(&self, d: &super::Diagnostic) -> Option<Level> {
        let of_crate = d.krate.as_deref().and_then(|k| self.crates.get(&crate_key(k)));
        of_crate.and_then(|levels| levels.get(d.code.id())).or_else(|| self.levels.get(d.code.id())).copied()
    }
}

/// A crate name as per-crate levels are keyed: `-` and `_` are one (a package `gen-kit` is the
/// crate `gen_kit`).
pub fn crate_key(name: &str) -> String {
    name.replace('-', "_")
}

/// Why a level cannot be given to a code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelError {
    /// Why, in a sentence.
    pub message: String,
    /// What is wrong with the code, in a few words (under the caret).
    pub label: &'static str,
    /// What to do instead, if anything.
    pub help: Option<String>,
}

impl std::fmt::Display for LevelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)?;
        match &self.help {
            Some(help) => write!(f, ": {help}"),
            None => Ok(()),
        }
    }
}

/// Check that `code` may be given `level`: it must be a known code (else the error names the
/// nearest one), and only a code that can be a warning can be allowed or warned.
pub fn check_level(code: &str, level: Level) -> Result<&'static str, LevelError> {
    let Some(known) = Code::from_id(code) else {
        return Err(unknown_code(code));
    };
    if known.kind() == Kind::Error && level != Level::Deny {
        return Err(LevelError {
            message: format!("`{code}` is always an error"),
            label: "not a warning",
            help: Some("only the codes of warnings can be set to \"allow\" or \"warn\"".into()),
        });
    }
    Ok(known.id())
}

/// The error for a code that does not exist, with the nearest one when there is one.
fn unknown_code(code: &str) -> LevelError {
    let help = if code == "warnings" {
        "to deny every warning, use --strict (or `strict = true`)".to_owned()
    } else {
        match nearest_code(code) {
            Some(near) => format!("did you mean `{near}`?"),
            None => "`mcp-schema explain --list` lists the codes".to_owned(),
        }
    };
    LevelError { message: format!("unknown diagnostic code `{code}`"), label: "unknown code", help: Some(help) }
}

/// The code nearest to `code` by edit distance, if near enough to be a typo of it.
pub(crate) fn nearest_code(code: &str) -> Option<&'static str> {
    nearest_name(code, Code::ALL.iter().map(|c| c.id()))
}

/// The name of `names` nearest to `wanted` by edit distance, if near enough to be a typo of it
/// (drift rule ids are looked up the same way).
pub(crate) fn nearest_name(wanted: &str, names: impl Iterator<Item = &'static str>) -> Option<&'static str> {
    let wanted = wanted.to_lowercase().replace('_', "-");
    names
        .map(|name| (edit_distance(&wanted, name), name))
        .filter(|&(d, name)| {
            d <= (name.len() / 3).max(1) || (wanted.len() > 3 && (name.contains(&*wanted) || wanted.contains(name)))
        })
        .min()
        .map(|(_, name)| name)
}

/// Levenshtein distance, in chars.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1).min(row[j] + 1).min(diagonal + usize::from(ca != cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

impl Diagnostics {
    /// Apply the levels: allowed warnings and notes are dropped, denied ones become errors, and
    /// with `strict` so does every warning left (notes stay notes). Errors stay errors.
    pub fn apply_lints(&mut self, lints: &Lints) {
        self.0.retain_mut(|d| {
            if d.severity == Severity::Note {
                // Notes never fail a run unless asked by code; `strict` leaves them alone.
                match lints.level_of(d) {
                    Some(Level::Allow) => return false,
                    Some(Level::Deny) => d.severity = Severity::Error,
                    Some(Level::Warn) => d.severity = Severity::Warning,
                    None => {}
                }
                return true;
            }
            if d.severity != Severity::Warning {
                return true;
            }
            match lints.level_of(d) {
                Some(Level::Allow) => return false,
                Some(Level::Deny) => d.severity = Severity::Error,
                Some(Level::Warn) | None if lints.strict => d.severity = Severity::Error,
                Some(Level::Warn) | None => {}
            }
            true
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::Diagnostic;

    fn run(lints: &Lints) -> Vec<String> {
        let mut ds = Diagnostics(vec![
            Diagnostic::warning(Code::Opaque, "a"),
            Diagnostic::warning(Code::UnknownType, "b"),
            Diagnostic::error(Code::SyntaxError, "c"),
        ]);
        ds.apply_lints(lints);
        ds.iter().map(|d| format!("{d}")).collect()
    }

    fn levels(entries: &[(&str, Level)]) -> BTreeMap<String, Level> {
        entries.iter().map(|(c, l)| (c.to_string(), *l)).collect()
    }

    #[test]
    fn notes_survive_strict_and_follow_their_own_level() {
        let notes = || Diagnostics(vec![Diagnostic::note(Code::RuntimeCondition, "n")]);
        let severity = |lints: &Lints| {
            let mut ds = notes();
            ds.apply_lints(lints);
            ds.iter().map(|d| d.severity).collect::<Vec<_>>()
        };
        assert_eq!(severity(&Lints { strict: true, ..Lints::default() }), [Severity::Note]);
        let with = |level| Lints { levels: levels(&[("runtime-condition", level)]), strict: false, ..Lints::default() };
        assert_eq!(severity(&with(Level::Allow)), []);
        assert_eq!(severity(&with(Level::Deny)), [Severity::Error]);
        assert_eq!(severity(&with(Level::Warn)), [Severity::Warning]);
    }

    #[test]
    fn allow_drops_deny_promotes_and_strict_denies_the_rest() {
        assert_eq!(
            run(&Lints::default()),
            ["warning[opaque]: a", "warning[unknown-type]: b", "error[syntax-error]: c"]
        );
        let lints = Lints {
            levels: levels(&[("opaque", Level::Allow), ("unknown-type", Level::Deny)]),
            strict: false,
            ..Lints::default()
        };
        assert_eq!(run(&lints), ["error[unknown-type]: b", "error[syntax-error]: c"]);
        let lints = Lints { levels: levels(&[("opaque", Level::Allow)]), strict: true, ..Lints::default() };
        assert_eq!(
            run(&lints),
            ["error[unknown-type]: b", "error[syntax-error]: c"],
            "an allowed warning stays allowed"
        );
        let lints = Lints { levels: levels(&[("syntax-error", Level::Allow)]), strict: false, ..Lints::default() };
        assert_eq!(run(&lints).len(), 3, "an error is never dropped");
    }

    #[test]
    fn codes_are_checked_with_a_suggestion() {
        assert_eq!(check_level("opaque", Level::Allow), Ok("opaque"));
        assert_eq!(check_level("syntax-error", Level::Deny), Ok("syntax-error"));
        let err = |code, level| check_level(code, level).unwrap_err().to_string();
        assert!(err("syntax-error", Level::Allow).contains("always an error"));
        assert_eq!(err("opaqe", Level::Allow), "unknown diagnostic code `opaqe`: did you mean `opaque`?");
        assert!(err("unknown_type", Level::Deny).contains("did you mean `unknown-type`?"));
        assert!(err("opaque-schema", Level::Deny).contains("did you mean `opaque`?"));
        assert!(err("zzz", Level::Deny).contains("mcp-schema explain --list"));
        assert!(err("warnings", Level::Deny).contains("--strict"));
    }

    #[test]
    fn a_crate_level_beats_the_run_level_for_that_crate_only() {
        let in_crate = |krate: Option<&str>| {
            let mut d = Diagnostic::warning(Code::MissingModule, "m");
            d.krate = krate.map(str::to_owned);
            d
        };
        let mut ds = Diagnostics(vec![in_crate(Some("gen_kit")), in_crate(Some("app")), in_crate(None)]);
        let lints = Lints {
            levels: levels(&[("missing-module", Level::Deny)]),
            crates: [(crate_key("gen-kit"), levels(&[("missing-module", Level::Allow)]))].into(),
            ..Lints::default()
        };
        ds.apply_lints(&lints);
        let left: Vec<_> = ds.iter().map(|d| (d.krate.clone(), d.severity)).collect();
        assert_eq!(left, [(Some("app".to_owned()), Severity::Error), (None, Severity::Error)]);
    }

    #[test]
    fn every_warning_says_what_to_do() {
        for &code in Code::ALL.iter().filter(|c| c.kind().allows(Severity::Warning)) {
            let help = Diagnostic::warning(code, "w").help.unwrap_or_default();
            assert!(help.trim().len() > 10 && !help.contains('\n'), "`{code}`: help {help:?}");
        }
    }
}
