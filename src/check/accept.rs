//! Levels for drift rules, and accepted changes: an intentional break let through.
//!
//! As clippy's levels are for lints, a drift rule can be allowed, warned or denied: `allow`
//! accepts every change the rule names, `warn` leaves the rule's own verdict, `deny` makes its
//! changes breaking. An accept entry (`[[drift.accept]]` in the configuration) accepts the
//! changes of one rule at one tool and, optionally, one JSON pointer, with the reason why, as
//! buf's `ignore`/`except` and oasdiff's ignore files do. An accepted change is still reported,
//! marked accepted with its reason, and never fails the run.

use super::rules::{self, Rule};
use super::Report;
use crate::diagnostics::lints::{nearest_code, nearest_name};
use crate::diagnostics::{Level, LevelError, LintName};

/// One accepted change: a rule, where, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Accept {
    /// The rule whose changes are accepted.
    pub rule: &'static Rule,
    /// The tool; every tool when absent.
    pub tool: Option<String>,
    /// The JSON pointer into the tool ([`super::Change::pointer`]): the changes at it and below
    /// it (`…/timeout_secs` takes `…/timeout_secs/type`); every pointer when absent.
    pub pointer: Option<String>,
    /// Why the change is intended (required).
    pub reason: String,
}

/// The levels of drift rules and the accepted changes of a run.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Acceptance {
    /// Levels by rule id; a rule without one keeps its verdict.
    pub levels: Vec<(&'static Rule, Level)>,
    /// Accepted changes, each with its reason.
    pub accepts: Vec<Accept>,
}

impl Acceptance {
    /// Set `rule`'s level (a later level of the same rule replaces an earlier one: the command
    /// line comes after the configuration).
    pub fn set_level(&mut self, rule: &'static Rule, level: Level) {
        self.levels.retain(|(r, _)| *r != rule);
        self.levels.push((rule, level));
    }

    /// Mark the changes of `report` that the levels and accept entries accept, and make denied
    /// rules' changes breaking. Gives the accept entries that accepted no change.
    pub fn apply(&self, report: &mut Report) -> Vec<&Accept> {
        let mut used = vec![false; self.accepts.len()];
        for change in &mut report.changes {
            let level = self.levels.iter().find(|(r, _)| *r == change.rule).map(|(_, l)| *l);
            match level {
                Some(Level::Deny) => change.breaking = true,
                Some(Level::Allow) => change.context.accepted = Some(format!("rule `{}` allowed", change.rule.id)),
                _ => {}
            }
            if level == Some(Level::Deny) {
                continue;
            }
            if let Some(i) = self.accepts.iter().position(|a| a.matches(change)) {
                used[i] = true;
                change.context.accepted = Some(self.accepts[i].reason.clone());
            }
        }
        self.accepts.iter().zip(used).filter(|(_, used)| !used).map(|(a, _)| a).collect()
    }
}

impl Accept {
    /// Whether this entry accepts `change`: the same rule, at its tool (or every tool), at its
    /// pointer (or every pointer). A change of a shared definition is reported once for all its
    /// places: any of them matches.
    fn matches(&self, change: &super::Change) -> bool {
        let first = std::iter::once((change.tool.as_str(), change.pointer.as_str()));
        let also = change.context.also.iter().map(|p| (p.tool.as_str(), p.pointer.as_str()));
        self.rule == change.rule && first.chain(also).any(|(tool, pointer)| self.is_at(tool, pointer))
    }

    fn is_at(&self, tool: &str, pointer: &str) -> bool {
        // At the pointer or below it, at a whole segment (`/a` is not a prefix of `/ab`).
        let below = |p: &str| pointer.strip_prefix(p).is_some_and(|rest| rest.is_empty() || rest.starts_with('/'));
        self.tool.as_deref().map_or(true, |t| t == tool) && self.pointer.as_deref().map_or(true, below)
    }

    /// The entry as the configuration writes it, for messages: `rule `r` at tool `t`, pointer `p``.
    pub fn describe(&self) -> String {
        let mut out = format!("rule `{}`", self.rule.id);
        if let Some(tool) = &self.tool {
            out.push_str(&format!(" at tool `{tool}`"));
        }
        if let Some(pointer) = &self.pointer {
            out.push_str(&format!(", pointer `{pointer}`"));
        }
        out
    }
}

/// The rule named `id`, or the error that says it is none, with the nearest id when there is one.
pub fn rule_named(id: &str) -> Result<&'static Rule, LevelError> {
    rules::by_id(id).ok_or_else(|| {
        let help = match nearest_name(id, rules::ALL.iter().map(|r| r.id)) {
            Some(near) => format!("did you mean `{near}`?"),
            None => "`mcp-schema explain --list` lists the drift rules".to_owned(),
        };
        LevelError { message: format!("unknown drift rule `{id}`"), label: "unknown rule", help: Some(help) }
    })
}

/// What `-A/-W/-D NAME` names: a diagnostic code or group (the run's lints), or a drift rule
/// (`check`'s verdicts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LevelName {
    /// A code or a lint group.
    Lint(LintName),
    /// A drift rule.
    Rule(RuleName),
}

/// A drift rule as a level names it (compared by id).
#[derive(Debug, Clone, Copy)]
pub struct RuleName(pub &'static Rule);

impl PartialEq for RuleName {
    fn eq(&self, other: &RuleName) -> bool {
        self.0.id == other.0.id
    }
}

impl Eq for RuleName {}

impl std::hash::Hash for RuleName {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.id.hash(state);
    }
}

impl Ord for RuleName {
    fn cmp(&self, other: &RuleName) -> std::cmp::Ordering {
        self.0.id.cmp(other.0.id)
    }
}

impl PartialOrd for RuleName {
    fn partial_cmp(&self, other: &RuleName) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl LevelName {
    /// As the command line spells it.
    pub fn id(self) -> &'static str {
        match self {
            LevelName::Lint(lint) => lint.id(),
            LevelName::Rule(rule) => rule.0.id,
        }
    }
}

/// Looked up by id (`levels.get("opaque")`); the derived order is by variant, then id, and no
/// id is both a rule's and a code's, so it agrees.
impl std::borrow::Borrow<str> for LevelName {
    fn borrow(&self) -> &str {
        self.id()
    }
}

/// Check `-A/-W/-D NAME` where a drift rule or a diagnostic code may be named (`check`): a rule
/// takes any level; a code must take `level` ([`crate::diagnostics::check_level`]). A name that
/// is neither gets the nearest rule when no code is near it.
pub fn check_rule_or_code(name: &str, level: Level) -> Result<LevelName, LevelError> {
    if let Some(rule) = rules::by_id(name) {
        return Ok(LevelName::Rule(RuleName(rule)));
    }
    crate::diagnostics::check_level(name, level).map(LevelName::Lint).map_err(|e| match rule_named(name) {
        Err(rule_error) if nearest_code(name).is_none() && near_a_rule(name) => rule_error,
        _ => e,
    })
}

fn near_a_rule(id: &str) -> bool {
    nearest_name(id, rules::ALL.iter().map(|r| r.id)).is_some()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::check::compare;
    use crate::manifest::Manifest;

    fn report() -> Report {
        let old = Manifest::from_value(json!({"tools": [{"name": "a", "description": "A", "inputSchema": {
            "type": "object", "properties": {"x": {"type": "string"}, "y": {"type": "string"}}}}]}))
        .unwrap();
        let new = Manifest::from_value(json!({"tools": [{"name": "a", "description": "A!", "inputSchema": {
            "type": "object", "properties": {}}}]}))
        .unwrap();
        compare(&old, &new)
    }

    #[test]
    fn an_entry_accepts_its_rule_at_its_tool_and_pointer_only() {
        let mut r = report();
        let accept = Accept {
            rule: &rules::property_removed::RULE,
            tool: Some("a".into()),
            pointer: Some("/inputSchema/properties/x".into()),
            reason: "x was never used".into(),
        };
        Acceptance { levels: Vec::new(), accepts: vec![accept] }.apply(&mut r);
        let accepted: Vec<_> = r.changes.iter().map(|c| (c.pointer.as_str(), c.context.accepted.as_deref())).collect();
        assert!(accepted.contains(&("/inputSchema/properties/x", Some("x was never used"))), "{accepted:?}");
        assert!(accepted.contains(&("/inputSchema/properties/y", None)), "{accepted:?}");
    }

    /// An entry's pointer takes the changes at it and below it, at whole segments, and an entry
    /// that takes no change is given back.
    #[test]
    fn an_entry_takes_the_changes_below_its_pointer() {
        let old = json!({"type": "object", "properties": {"t": {"type": "integer"}, "tt": {"type": "integer"}}});
        let new = json!({"type": "object", "properties": {"t": {"type": "string"}, "tt": {"type": "string"}}});
        let tool = |s: &serde_json::Value| json!({"tools": [{"name": "a", "inputSchema": s}]});
        let mut r = compare(&Manifest::from_value(tool(&old)).unwrap(), &Manifest::from_value(tool(&new)).unwrap());
        let entry = |pointer: &str| Accept {
            rule: &rules::type_changed::RULE,
            tool: Some("a".into()),
            pointer: Some(pointer.into()),
            reason: "why".into(),
        };
        let acceptance = Acceptance {
            levels: Vec::new(),
            accepts: vec![entry("/inputSchema/properties/t"), entry("/inputSchema/x")],
        };
        let unused = acceptance.apply(&mut r);
        let accepted: Vec<_> = r.changes.iter().map(|c| (c.pointer.as_str(), c.context.accepted.is_some())).collect();
        assert_eq!(
            accepted,
            [("/inputSchema/properties/t/type", true), ("/inputSchema/properties/tt/type", false)],
            "{accepted:?}"
        );
        assert_eq!(unused, [&acceptance.accepts[1]]);
        assert_eq!(unused[0].describe(), "rule `type-changed` at tool `a`, pointer `/inputSchema/x`");
    }

    #[test]
    fn any_place_of_a_shared_definition_change_matches() {
        let schema = |ty: &str| {
            json!({"type": "object", "properties": {"a": {"$ref": "#/$defs/U"}},
                   "$defs": {"U": {"type": "object", "properties": {"n": {"type": ty}}}}})
        };
        let tools = |ty: &str| {
            Manifest::from_value(json!({"tools": [{"name": "one", "inputSchema": schema(ty)},
                                                  {"name": "two", "inputSchema": schema(ty)}]}))
            .unwrap()
        };
        let mut r = compare(&tools("integer"), &tools("string"));
        assert_eq!(r.changes.len(), 1);
        let accept = Accept {
            rule: &rules::type_changed::RULE,
            tool: Some("two".into()),
            pointer: Some("/inputSchema/properties/a/properties/n/type".into()),
            reason: "intended".into(),
        };
        Acceptance { levels: Vec::new(), accepts: vec![accept] }.apply(&mut r);
        assert_eq!(r.changes[0].context.accepted.as_deref(), Some("intended"));
    }

    #[test]
    fn allow_accepts_and_deny_makes_breaking() {
        let mut r = report();
        let mut a = Acceptance::default();
        a.set_level(&rules::property_removed::RULE, Level::Allow);
        a.set_level(&rules::description_changed::RULE, Level::Deny);
        a.apply(&mut r);
        assert_eq!(r.breaking_count(), 1, "{:?}", r.changes);
        assert!(r.changes.iter().filter(|c| c.rule.id == "property-removed").all(|c| c.context.accepted.is_some()));
    }

    #[test]
    fn an_unknown_rule_gets_the_nearest() {
        let e = rule_named("enum-widen").unwrap_err();
        assert_eq!(e.help.as_deref(), Some("did you mean `enum-widened`?"));
        assert!(rule_named("zzz").is_err() && !near_a_rule("zzz"));
        assert_eq!(check_rule_or_code("enum-widened", Level::Allow).unwrap().id(), "enum-widened");
        assert!(matches!(check_rule_or_code("enum-widened", Level::Allow), Ok(LevelName::Rule(_))));
        assert_eq!(
            check_rule_or_code("opaque", Level::Allow).unwrap(),
            LevelName::Lint(LintName::Code(crate::diagnostics::Code::Opaque))
        );
        let e = check_rule_or_code("property-remove", Level::Allow).unwrap_err();
        assert_eq!(e.help.as_deref(), Some("did you mean `property-removed`?"));
    }
}
