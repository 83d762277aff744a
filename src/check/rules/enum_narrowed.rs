//! `enum-narrowed`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use serde_json::Value;

use crate::check::keywords::{list_values, missing_from};

use super::{AppliesTo, Example, Rule, Verdict};

/// The `enum-narrowed` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "enum-narrowed",
    summary: "an enum (or const) accepts fewer values, or an enum was added",
    applies_to: AppliesTo::Schemas { request: Verdict::Breaking, response: Verdict::Compatible, also_tool: false },
    why: "Request: clients that send a dropped value are rejected. Response: compatible.",
    example: Example {
        before: r#""unit": {"enum": ["c", "f", "k"]}"#,
        after: r#""unit": {"enum": ["c", "f"]}"#,
        note: "A variant of a unit enum was deleted (or a free string became an enum).",
    },
};

/// The values of the old and new `enum`/`const` (`None`: the schema has neither). Narrowed: an
/// enum appeared, or values went away and none came.
pub(crate) fn check(old: Option<&[Value]>, new: Option<&[Value]>) -> Option<String> {
    match (old, new) {
        (None, Some(_)) => Some("the values are now restricted to an enum".into()),
        (Some(old), Some(new)) => {
            let (removed, added) = (missing_from(old, new), missing_from(new, old));
            (!removed.is_empty() && added.is_empty()).then(|| format!("values removed: {}", list_values(&removed)))
        }
        _ => None,
    }
}
