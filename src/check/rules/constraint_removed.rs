//! `constraint-removed`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use serde_json::Value;

use crate::check::keywords::constrains;

use super::{AppliesTo, Example, Rule, Verdict};

/// The `constraint-removed` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "constraint-removed",
    summary: "a constraint was removed",
    applies_to: AppliesTo::Schemas { request: Verdict::Compatible, response: Verdict::Breaking, also_tool: false },
    why: "Request: compatible. Response: clients may get values that break the old constraint.",
    example: Example {
        before: r#""etag": {"type": "string", "pattern": "^[0-9a-f]+$"}  (outputSchema)"#,
        after: r#""etag": {"type": "string"}"#,
        note: "Readers that relied on the pattern may get values they cannot parse.",
    },
};

/// A constraint keyword that said something and says nothing now.
pub(crate) fn check(kw: &str, old: Option<&Value>, new: Option<&Value>) -> Option<String> {
    (constrains(kw, old) && !constrains(kw, new)).then(|| format!("{kw} removed"))
}

/// `items` (or `prefixItems`) went away.
pub(crate) fn check_items(old: Option<&Value>, new: Option<&Value>) -> Option<&'static str> {
    (old.is_some() && new.is_none()).then_some("the items are no longer constrained")
}
