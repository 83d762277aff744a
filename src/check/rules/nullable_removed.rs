//! `nullable-removed`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use super::{AppliesTo, Example, Rule, Verdict};

/// The `nullable-removed` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "nullable-removed",
    summary: "a schema no longer accepts null",
    applies_to: AppliesTo::Schemas { request: Verdict::Breaking, response: Verdict::Compatible, also_tool: false },
    why: "Request: clients that send null are rejected. Response: compatible.",
    example: Example {
        before: r#""org": {"anyOf": [{"type": "string"}, {"type": "null"}]}"#,
        after: r#""org": {"type": "string"}"#,
        note: "`Option<String>` became `String` in a request: clients that send `null` are rejected.",
    },
};

/// The old schema accepted null and the new one does not.
pub(crate) fn check(old_nullable: bool, new_nullable: bool) -> Option<&'static str> {
    (old_nullable && !new_nullable).then_some("no longer accepts null")
}
