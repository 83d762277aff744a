//! `nullable-added`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use super::{AppliesTo, Example, Rule, Verdict};

/// The `nullable-added` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "nullable-added",
    summary:
        "a schema now also accepts null (a type array with null, an anyOf with a null variant, or null in an enum)",
    applies_to: AppliesTo::Schemas { request: Verdict::Compatible, response: Verdict::Breaking, also_tool: false },
    why: "Request: compatible. Response: clients that read the value get null where they did not expect it.",
    example: Example {
        before: r#""email": {"type": "string"}  (outputSchema)"#,
        after: r#""email": {"type": ["string", "null"]}"#,
        note: r#"`String` became `Option<String>` in a response. All of these count as nullable: a `type` array with `"null"`, `anyOf`/`oneOf` with a `{"type": "null"}` variant, `null` in an `enum`, and `nullable: true`; changing between those forms alone is not reported as nullability."#,
    },
};

/// The new schema accepts null and the old one did not (whatever the spelling, see
/// [`crate::check::normalize`]).
pub(crate) fn check(old_nullable: bool, new_nullable: bool) -> Option<&'static str> {
    (!old_nullable && new_nullable).then_some("now also accepts null")
}
