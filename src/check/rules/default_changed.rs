//! `default-changed`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use serde_json::Value;

use super::{AppliesTo, Example, Rule, Verdict};

/// The `default-changed` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "default-changed",
    summary: "a schema's default value changed",
    applies_to: AppliesTo::Schemas {
        request: Verdict::Compatible,
        response: Verdict::Compatible,
        also_tool: false,
    },
    why: "The documented default changed. Validation is unaffected; behaviour for clients that omit the value may be.",
    example: Example {
        before: r#""limit": {"type": "integer", "default": 10}"#,
        after: r#""limit": {"type": "integer", "default": 20}"#,
        note: "`#[serde(default = ...)]` changed. Callers that leave the value out get a different behaviour, but nothing is rejected.",
    },
};

/// A schema's `default` that differs.
pub(crate) fn check(old: Option<&Value>, new: Option<&Value>) -> String {
    super::added_removed_or_changed("default", old, new)
}
