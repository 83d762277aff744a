//! Levels per diagnostic code, as clippy has them for lints: `allow` drops a warning, `warn`
//! leaves it, `deny` makes it an error; `--strict` denies every warning left. An error is never
//! lowered: it means the manifest would be wrong.
//!
//! The codes, and whether each is an error or a warning, are those of the registry
//! ([`super::codes`]). A [`Group`] names several codes at once (`-W contract`,
//! `[lints] contract = "warn"`), and may have a default level of its own: the `contract` group is
//! allowed unless asked for, so that no existing `--strict` run changes when a lint joins it.

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

/// Codes that one name sets the level of at once, with the level they have when neither the
/// group nor the code is given one. A code's own level beats its group's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Group {
    /// The name levels give it (`-W contract`), kebab-case like a code's and never one.
    pub id: &'static str,
    /// What the group is for, in a sentence (`explain`'s page and docs/lints.md).
    pub summary: &'static str,
    /// Its codes, each in the registry.
    pub codes: &'static [Code],
    /// The level its codes have when nothing is said of the group or of them.
    pub default: Level,
}

/// Every group.
pub const GROUPS: &[Group] = &[CONTRACT, CLIENTS, LEFT_OUT];

/// The lints for the contract a model reads (`src/lints_contract.rs`, docs/lints.md).
pub const CONTRACT: Group = Group {
    id: "contract",
    summary: "Lints for the contract a model reads: the tools, parameters and enum values it is \
              told nothing about, and descriptions that cost more than they say. Off unless asked for.",
    codes: &[
        Code::UndescribedTool,
        Code::UndescribedParameter,
        Code::UndescribedVariants,
        Code::LongDescription,
        Code::RepeatedDescription,
        Code::RepeatedSubschema,
    ],
    default: Level::Allow,
};

/// What the modelled MCP clients do with the tools (`src/lints_clients.rs`, docs/clients.md).
pub const CLIENTS: Group = Group {
    id: "clients",
    summary: "Lints for what the modelled MCP clients (docs/clients.md) do with a tool before their model \
              sees it: refuse it, or send it without strict mode. Off unless asked for.",
    codes: &[Code::ClientRefused, Code::ClientNotStrict],
    default: Level::Allow,
};

/// What the server publishes and the manifest lacks: a schema, or a key of one, that exists only
/// when the server runs or comes from sources not read. Denied unless allowed, so that a manifest
/// is complete or the run fails and says why (issue 23); `-W left-out`, `-A opaque` or
/// `[lints] opaque = "warn"` is how a run knowingly publishes without it.
pub const LEFT_OUT: Group = Group {
    id: "left-out",
    summary: "What the server publishes and mcp-schema cannot work out (a schema, or a key of one, made \
              only when the server runs, or of a crate whose sources are not on disk), left out of \
              the manifest. An error unless allowed: a manifest is complete, or the run fails and says why.",
    codes: &[
        Code::Opaque,
        Code::RegistryType,
        Code::ToolsNotListed,
        Code::DefaultNotEvaluable,
        Code::ValueNotEvaluable,
        Code::StartupRewrite,
        Code::HandWrittenListTools,
    ],
    default: Level::Deny,
};

impl Group {
    /// The group named `id`.
    pub fn by_id(id: &str) -> Option<&'static Group> {
        GROUPS.iter().find(|g| g.id == id)
    }

    /// The group `code` belongs to, if any.
    pub fn of(code: Code) -> Option<&'static Group> {
        GROUPS.iter().find(|g| g.codes.contains(&code))
    }
}

/// The levels of a run: by code, then `strict` for every warning left.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lints {
    /// Levels by diagnostic code (`opaque`, `unknown-type`…) or group (`contract`).
    pub levels: BTreeMap<LintName, Level>,
    /// Deny every warning that is not allowed (`--strict`).
    pub strict: bool,
    /// Levels by crate name (`[lints.crates.NAME]`), then by code: they beat `levels` for the
    /// diagnostics about that crate's sources (code the user may not own, such as a path
    /// dependency whose files a build script writes).
    pub crates: BTreeMap<String, BTreeMap<LintName, Level>>,
}

/// What a level names: one code, or a group of codes (`-W contract`). Two names are one when
/// their ids are (a group's id is never a code's).
#[derive(Debug, Clone, Copy)]
pub enum LintName {
    /// A code of the registry.
    Code(Code),
    /// A group of [`GROUPS`].
    Group(&'static Group),
}

impl LintName {
    /// As levels spell it: the code's or the group's id.
    pub fn id(self) -> &'static str {
        match self {
            LintName::Code(code) => code.id(),
            LintName::Group(group) => group.id,
        }
    }

    /// The code or group spelt `id`.
    pub fn from_id(id: &str) -> Option<LintName> {
        Group::by_id(id).map(LintName::Group).or_else(|| Code::from_id(id).map(LintName::Code))
    }
}

impl PartialEq for LintName {
    fn eq(&self, other: &LintName) -> bool {
        self.id() == other.id()
    }
}

impl Eq for LintName {}

impl std::hash::Hash for LintName {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.id().hash(state);
    }
}

/// In the order of their ids, as the configuration lists them.
impl Ord for LintName {
    fn cmp(&self, other: &LintName) -> std::cmp::Ordering {
        self.id().cmp(other.id())
    }
}

impl PartialOrd for LintName {
    fn partial_cmp(&self, other: &LintName) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// Looked up by id (`levels.get("opaque")`), consistent with the order by id.
impl std::borrow::Borrow<str> for LintName {
    fn borrow(&self) -> &str {
        self.id()
    }
}

impl std::fmt::Display for LintName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

impl Lints {
    /// The level of `d`'s code: its crate's, else the run's; for each, the code's own, else its
    /// group's; else the group's default.
    fn level_of(&self, d: &super::Diagnostic) -> Option<Level> {
        let group = Group::of(d.code);
        let in_levels = |levels: &BTreeMap<LintName, Level>| given(levels, d.code, group);
        let of_crate = d.krate.as_deref().and_then(|k| self.crates.get(&crate_key(k)));
        of_crate.and_then(in_levels).or_else(|| in_levels(&self.levels)).or_else(|| group.map(|g| g.default))
    }

    /// Whether `d` is an error only by its group's default: nothing the user set gives its code a
    /// level, and `--strict` (which would deny it anyway) is off.
    fn denied_by_default(&self, d: &super::Diagnostic) -> bool {
        if self.strict {
            return false;
        }
        let group = Group::of(d.code);
        let set = |levels: &BTreeMap<LintName, Level>| given(levels, d.code, group).is_some();
        let of_crate = d.krate.as_deref().and_then(|k| self.crates.get(&crate_key(k)));
        !of_crate.is_some_and(set) && !set(&self.levels) && group.is_some_and(|g| g.default == Level::Deny)
    }

    /// Whether a warning of `code` may be shown or denied in this run (by its level or its
    /// group's, for the run or a crate, or by its group's default): when not, it need not be
    /// looked for.
    pub fn may_show(&self, code: Code) -> bool {
        let group = Group::of(code);
        let run = given(&self.levels, code, group).or(group.map(|g| g.default));
        run != Some(Level::Allow)
            || self.crates.values().any(|levels| given(levels, code, group).is_some_and(|l| l != Level::Allow))
    }

    /// Whether any code of `group` may be shown ([`Lints::may_show`]): when not, its pass need
    /// not run.
    pub fn enables(&self, group: &Group) -> bool {
        group.codes.iter().any(|&code| self.may_show(code))
    }
}

/// The level `levels` give `code`: its own, else its group's.
fn given(levels: &BTreeMap<LintName, Level>, code: Code, group: Option<&'static Group>) -> Option<Level> {
    let own = levels.get(&LintName::Code(code));
    own.or_else(|| group.and_then(|g| levels.get(&LintName::Group(g)))).copied()
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

/// Check that `code` may be given `level`: it must be a known code or a lint group (else the
/// error names the nearest one), and only a code that can be a warning can be allowed or warned
/// (a group holds warnings only).
pub fn check_level(code: &str, level: Level) -> Result<LintName, LevelError> {
    if let Some(group) = Group::by_id(code) {
        return Ok(LintName::Group(group));
    }
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
    Ok(LintName::Code(known))
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
    nearest_name(code, Code::ALL.iter().map(|c| c.id()).chain(GROUPS.iter().map(|g| g.id)))
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
                Some(Level::Deny) => {
                    d.severity = Severity::Error;
                    if lints.denied_by_default(d) {
                        say_how_to_allow(d);
                    }
                }
                Some(Level::Warn) | None if lints.strict => d.severity = Severity::Error,
                Some(Level::Warn) | None => {}
            }
            true
        });
    }
}

/// The help line a diagnostic denied by its group's default ends with: how to publish without
/// what it lacks, knowingly.
fn say_how_to_allow(d: &mut super::Diagnostic) {
    let code = d.code.id();
    let how = format!(
        "an error by default: to write the manifest without it, warn instead with `-W {code}` or \
         `{code} = \"warn\"` under `[lints]`"
    );
    d.help = Some(match d.help.take() {
        // A help line that ends a sentence of its own is not continued inside it.
        Some(help) => format!("{}; or, {how}", help.trim_end_matches('.')),
        None => how,
    });
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

    fn levels(entries: &[(&str, Level)]) -> BTreeMap<LintName, Level> {
        entries.iter().map(|(c, l)| (LintName::from_id(c).expect("a code or a group"), *l)).collect()
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
        // `opaque` is in the `left-out` group, denied by default.
        assert_eq!(run(&Lints::default()), ["error[opaque]: a", "warning[unknown-type]: b", "error[syntax-error]: c"]);
        let warned = Lints { levels: levels(&[("left-out", Level::Warn)]), ..Lints::default() };
        assert_eq!(run(&warned), ["warning[opaque]: a", "warning[unknown-type]: b", "error[syntax-error]: c"]);
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
        assert_eq!(check_level("opaque", Level::Allow), Ok(LintName::Code(Code::Opaque)));
        assert_eq!(check_level("syntax-error", Level::Deny), Ok(LintName::Code(Code::SyntaxError)));
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
    fn a_group_is_allowed_by_default_and_its_name_or_a_code_sets_its_level() {
        let severity = |lints: &Lints| {
            let mut ds = Diagnostics(vec![
                Diagnostic::warning(Code::UndescribedTool, "t"),
                Diagnostic::warning(Code::UndescribedParameter, "p"),
            ]);
            ds.apply_lints(lints);
            ds.iter().map(|d| d.severity).collect::<Vec<_>>()
        };
        let strict = Lints { strict: true, ..Lints::default() };
        assert_eq!(severity(&strict), [], "off by default, even with --strict");
        assert!(!strict.enables(&CONTRACT));
        let warned = Lints { levels: levels(&[("contract", Level::Warn)]), ..Lints::default() };
        assert!(warned.enables(&CONTRACT));
        assert_eq!(severity(&warned), [Severity::Warning, Severity::Warning]);
        let one_denied = Lints {
            levels: levels(&[("contract", Level::Warn), ("undescribed-tool", Level::Deny)]),
            ..Lints::default()
        };
        assert_eq!(severity(&one_denied), [Severity::Error, Severity::Warning], "a code's level beats its group's");
        let one_code = Lints { levels: levels(&[("undescribed-parameter", Level::Warn)]), ..Lints::default() };
        assert!(one_code.enables(&CONTRACT));
        assert!(one_code.may_show(Code::UndescribedParameter) && !one_code.may_show(Code::UndescribedTool));
        assert!(strict.may_show(Code::Opaque), "a code of no group shows unless allowed");
        assert_eq!(severity(&one_code), [Severity::Warning]);
        assert_eq!(check_level("contract", Level::Deny), Ok(LintName::Group(&CONTRACT)));
        assert!(check_level("contrat", Level::Warn).unwrap_err().to_string().contains("did you mean `contract`?"));
    }

    #[test]
    fn group_codes_can_be_warnings_and_group_names_are_no_codes() {
        for group in GROUPS {
            assert!(Code::from_id(group.id).is_none(), "{}", group.id);
            for code in group.codes {
                // Levels apply to warnings: an error-or-warning code joins a group by its warnings.
                assert!(code.kind().allows(Severity::Warning), "`{code}` of `{}`", group.id);
            }
        }
    }

    #[test]
    fn every_warning_says_what_to_do() {
        for &code in Code::ALL.iter().filter(|c| c.kind().allows(Severity::Warning)) {
            let help = Diagnostic::warning(code, "w").help.unwrap_or_default();
            assert!(help.trim().len() > 10 && !help.contains('\n'), "`{code}`: help {help:?}");
        }
    }
}
