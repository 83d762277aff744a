//! `property-made-optional`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use super::{AppliesTo, Example, Rule, Verdict};

/// The `property-made-optional` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "property-made-optional",
    summary: "a property that was required is now optional",
    applies_to: AppliesTo::Schemas {
        request: Verdict::Compatible,
        response: Verdict::Breaking,
        also_tool: false,
    },
    why: "Request: compatible. Response: clients that rely on the value being present break.",
    example: Example {
        before: r#""required": ["id", "email"]  (outputSchema)"#,
        after: r#""required": ["id"]"#,
        note: "An output field became `Option<T>` or got `skip_serializing_if`: readers that expect it always present break.",
    },
};

/// A property the old object required and the new one does not.
pub(crate) fn check(name: &str, was_required: bool, is_required: bool) -> Option<String> {
    (was_required && !is_required).then(|| format!("`{name}` is no longer required"))
}
