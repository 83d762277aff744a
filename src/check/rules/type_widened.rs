//! `type-widened`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use crate::check::keywords::Types;

use super::{AppliesTo, Example, Rule, Verdict};

/// The `type-widened` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "type-widened",
    summary: "a schema accepts more JSON types than before",
    applies_to: AppliesTo::Schemas { request: Verdict::Compatible, response: Verdict::Breaking, also_tool: false },
    why: "Request: compatible. Response: clients get values of a type they do not expect.",
    example: Example {
        before: r#""result": {"type": "integer"}  (outputSchema)"#,
        after: r#""result": {"type": ["integer", "string"]}"#,
        note: "Readers that expect an integer now get strings too.",
    },
};

/// Every old type is one of the new types, not the other way round.
pub(crate) fn check(old: &Types, new: &Types) -> Option<String> {
    (old.within(new) && !new.within(old)).then(|| Types::change(old, new))
}
