//! `type-narrowed`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use crate::check::keywords::Types;

use super::{AppliesTo, Example, Rule, Verdict};

/// The `type-narrowed` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "type-narrowed",
    summary: "a schema accepts fewer JSON types than before",
    applies_to: AppliesTo::Schemas { request: Verdict::Breaking, response: Verdict::Compatible, also_tool: false },
    why: "Request: values of the dropped types are rejected. Response: compatible.",
    example: Example {
        before: r#""factor": {"type": "number"}"#,
        after: r#""factor": {"type": "integer"}"#,
        note: "`f64` became `i64`. `integer` counts as a subset of `number`.",
    },
};

/// Every new type is one of the old types, not the other way round.
pub(crate) fn check(old: &Types, new: &Types) -> Option<String> {
    (new.within(old) && !old.within(new)).then(|| Types::change(old, new))
}
