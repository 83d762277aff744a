//! `[drift]`: the levels of drift rules and the accepted changes `check` applies
//! ([`crate::check::accept`]), read with the span of each entry for errors.

use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use super::{sections, ConfigFile};
use crate::check::accept::{self, Accept, Acceptance};
use crate::diagnostics::{self, Diagnostic, Level};

/// `[[drift.accept]]` entries, read apart from the levels of `[drift]` to keep their spans.
#[derive(Deserialize, Default)]
struct DriftAccepts {
    #[serde(default)]
    drift: DriftAcceptList,
}

#[derive(Deserialize, Default)]
struct DriftAcceptList {
    #[serde(default)]
    accept: Vec<Spanned<AcceptEntry>>,
}

/// One `[[drift.accept]]` entry as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AcceptEntry {
    rule: Spanned<String>,
    tool: Option<String>,
    pointer: Option<String>,
    reason: Option<String>,
}

/// `[drift]`: `rule-id = "allow" | "warn" | "deny"` for known rules, and `[[drift.accept]]`
/// entries `{ rule, tool, pointer, reason }` (a reason is required).
pub(super) fn parse(file: &ConfigFile, table: super::Table) -> Result<Acceptance, Diagnostic> {
    let mut acceptance = Acceptance::default();
    for (id, level) in table {
        if id.get_ref() == "accept" {
            continue;
        }
        let rule = accept::rule_named(id.get_ref()).map_err(|e| level_error(file, e, id.span()))?;
        let key = format!("drift.{}", id.get_ref());
        let level = level
            .get_ref()
            .as_str()
            .and_then(Level::parse)
            .ok_or_else(|| file.expected(&key, "one of \"allow\", \"warn\", \"deny\"", level.span()))?;
        acceptance.set_level(rule, level);
    }
    let accepts: DriftAccepts = sections(file)?;
    for entry in accepts.drift.accept {
        let span = entry.span();
        let entry = entry.into_inner();
        let rule = accept::rule_named(entry.rule.get_ref()).map_err(|e| level_error(file, e, entry.rule.span()))?;
        let reason = entry.reason.filter(|r| !r.trim().is_empty()).ok_or_else(|| {
            file.error(format!("an accepted change in {} needs a `reason`", file.path.display()), span)
                .with_label("no reason")
                .with_help("say why the change is intended: `reason = \"…\"`")
        })?;
        acceptance.accepts.push(Accept { rule, tool: entry.tool, pointer: entry.pointer, reason });
    }
    Ok(acceptance)
}

/// A [`diagnostics::LevelError`] at `span` of the configuration.
fn level_error(file: &ConfigFile, e: diagnostics::LevelError, span: Range<usize>) -> Diagnostic {
    let mut d = file.error(format!("{} in {}", e.message, file.path.display()), span).with_label(e.label);
    d.help = e.help;
    d
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use crate::config::Config;
    use crate::diagnostics::Level;

    fn dir_with(text: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("mcp-schema.toml"), text).unwrap();
        dir
    }

    /// The error of a configuration `text` in mcp-schema.toml: its line and column, and help.
    fn config_error(text: &str) -> (String, (usize, usize), Option<String>) {
        let d = dir_with(text);
        let e = Config::discover(Some(d.path())).unwrap_err();
        (e.message.clone(), e.location.as_ref().unwrap().line_col(), e.help)
    }

    #[test]
    fn drift_levels_and_accepted_changes_are_read() {
        let text = "[drift]\nenum-widened = \"allow\"\n[[drift.accept]]\nrule = \"property-removed\"\ntool = \"t\"\nreason = \"intended\"\n";
        let d = dir_with(text);
        let a = Config::discover(Some(d.path())).unwrap().acceptance(&BTreeMap::new());
        assert_eq!(a.levels.iter().map(|(r, l)| (r.id, *l)).collect::<Vec<_>>(), [("enum-widened", Level::Allow)]);
        assert_eq!((a.accepts[0].rule.id, a.accepts[0].tool.as_deref()), ("property-removed", Some("t")));
        assert_eq!((a.accepts[0].pointer.as_deref(), a.accepts[0].reason.as_str()), (None, "intended"));
        // The command line beats the configuration.
        let rule = crate::check::accept::check_rule_or_code("enum-widened", Level::Deny).unwrap();
        let flags = BTreeMap::from([(rule, Level::Deny)]);
        let a = Config::discover(Some(d.path())).unwrap().acceptance(&flags);
        assert_eq!(a.levels.iter().map(|(r, l)| (r.id, *l)).collect::<Vec<_>>(), [("enum-widened", Level::Deny)]);
    }

    /// A dotted header creates its tables: `[[drift.accept]]` needs no `[drift]` before it, as
    /// TOML says (`[lints.crates.NAME]` likewise), in mcp-schema.toml and in Cargo.toml.
    #[test]
    fn an_entry_needs_no_header_of_its_table() {
        let own = "[[drift.accept]]\nrule = \"property-removed\"\ntool = \"t\"\nreason = \"intended\"\n";
        let d = dir_with(own);
        let a = Config::discover(Some(d.path())).unwrap().acceptance(&BTreeMap::new());
        assert_eq!((a.accepts[0].rule.id, a.accepts[0].reason.as_str()), ("property-removed", "intended"));
        let cargo = "[package]\nname = \"c\"\nversion = \"0.1.0\"\n\n[[package.metadata.mcp-schema.drift.accept]]\n\
                     rule = \"property-removed\"\nreason = \"intended\"\n";
        let d = tempfile::tempdir().unwrap();
        std::fs::write(d.path().join("Cargo.toml"), cargo).unwrap();
        let a = Config::discover(Some(d.path())).unwrap().acceptance(&BTreeMap::new());
        assert_eq!(a.accepts.iter().map(|a| a.rule.id).collect::<Vec<_>>(), ["property-removed"]);
    }

    #[test]
    fn drift_errors_point_at_the_entry() {
        let (message, at, help) = config_error("[drift]\nenum-widend = \"allow\"\n");
        assert!(message.contains("unknown drift rule `enum-widend`"), "{message}");
        assert_eq!((at, help.as_deref()), ((2, 1), Some("did you mean `enum-widened`?")));
        let (message, at, _) = config_error("[drift]\nenum-widened = \"maybe\"\n");
        assert!(message.contains("`drift.enum-widened`"), "{message}");
        assert_eq!(at, (2, 16));
        let (message, at, help) =
            config_error("[drift]\n[[drift.accept]]\nrule = \"property-remove\"\nreason = \"x\"\n");
        assert!(message.contains("unknown drift rule"), "{message}");
        assert_eq!((at, help.as_deref()), ((3, 8), Some("did you mean `property-removed`?")));
        let (message, at, _) = config_error("[drift]\n[[drift.accept]]\nrule = \"property-removed\"\n");
        assert!(message.contains("needs a `reason`"), "{message}");
        assert_eq!(at.0, 2, "at the entry's header: {message}");
    }
}
