//! `constraint-added`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use serde_json::Value;

use crate::check::keywords::constrains;

use super::{AppliesTo, Example, Rule, Verdict};

/// The `constraint-added` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "constraint-added",
    summary: "a constraint (pattern, format, multipleOf, uniqueItems, contentEncoding, contentMediaType, items) was added",
    applies_to: AppliesTo::Schemas {
        request: Verdict::Breaking,
        response: Verdict::Compatible,
        also_tool: false,
    },
    why: "Request: some values that passed are now rejected. Response: compatible.",
    example: Example {
        before: r#""url": {"type": "string"}"#,
        after: r#""url": {"type": "string", "format": "uri"}"#,
        note: "Also `pattern`, `multipleOf`, `uniqueItems: true`, `contentEncoding`, `contentMediaType`, and `items` on an array that had none.",
    },
};

/// A constraint keyword (`pattern`, `format`, ...) that says something now and said nothing before.
pub(crate) fn check(kw: &str, old: Option<&Value>, new: Option<&Value>) -> Option<String> {
    (!constrains(kw, old) && constrains(kw, new)).then(|| format!("{kw} added"))
}

/// `items` (or `prefixItems`) appeared.
pub(crate) fn check_items(old: Option<&Value>, new: Option<&Value>) -> Option<&'static str> {
    (old.is_none() && new.is_some()).then_some("the items are now constrained")
}
