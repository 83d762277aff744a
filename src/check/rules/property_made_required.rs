//! `property-made-required`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use super::{AppliesTo, Example, Rule, Verdict};

/// The `property-made-required` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "property-made-required",
    summary: "a property that was optional is now required",
    applies_to: AppliesTo::Schemas { request: Verdict::Breaking, response: Verdict::Compatible, also_tool: false },
    why: "Request: clients that leave it out are rejected. Response: compatible, the value is now always there.",
    example: Example {
        before: r#""required": ["query"]"#,
        after: r#""required": ["query", "limit"]"#,
        note: "`Option<u32>` became `u32`, or a `#[serde(default)]` went away.",
    },
};

/// A property both objects describe (or that only `required` names) that the new one requires
/// and the old one did not.
pub(crate) fn check(name: &str, was_required: bool, is_required: bool) -> Option<String> {
    (!was_required && is_required).then(|| format!("`{name}` is now required"))
}
