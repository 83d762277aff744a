//! `variant-removed`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]).
//!
//! The walker finds it when it pairs union variants (an old variant no new one pairs with); this
//! file holds what the report says.

use super::{AppliesTo, Example, Rule, Verdict};

/// The `variant-removed` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "variant-removed",
    summary: "an anyOf/oneOf lost a variant",
    applies_to: AppliesTo::Schemas { request: Verdict::Breaking, response: Verdict::Compatible, also_tool: false },
    why: "Request: clients that send the dropped shape are rejected. Response: compatible.",
    example: Example {
        before: r#""value": {"anyOf": [{"type": "integer"}, {"type": "string"}]}"#,
        after: r#""value": {"type": "integer"}"#,
        note: "An untagged enum lost a variant.",
    },
};

/// What the report says of a variant of the old union that no new variant pairs with.
pub(crate) const MESSAGE: &str = "a variant was removed";
