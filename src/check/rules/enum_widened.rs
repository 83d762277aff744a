//! `enum-widened`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use serde_json::Value;

use crate::check::keywords::{list_values, missing_from};

use super::{AppliesTo, Example, Rule, Verdict};

/// The `enum-widened` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "enum-widened",
    summary: "an enum accepts more values, or the enum was removed",
    applies_to: AppliesTo::Schemas {
        request: Verdict::Compatible,
        response: Verdict::Breaking,
        also_tool: false,
    },
    why: "Request: compatible. Response: clients get values they do not know.",
    example: Example {
        before: r#""unit": {"enum": ["c", "f"]}  (outputSchema)"#,
        after: r#""unit": {"enum": ["c", "f", "k"]}"#,
        note: "A variant was added to an enum the server returns: clients with an exhaustive match break. Consider `#[non_exhaustive]` semantics in your docs.",
    },
};

/// Widened: the enum went away, or values came and none went.
pub(crate) fn check(old: Option<&[Value]>, new: Option<&[Value]>) -> Option<String> {
    match (old, new) {
        (Some(_), None) => Some("the enum was removed: any value of the type is accepted".into()),
        (Some(old), Some(new)) => {
            let (removed, added) = (missing_from(old, new), missing_from(new, old));
            (removed.is_empty() && !added.is_empty()).then(|| format!("values added: {}", list_values(&added)))
        }
        _ => None,
    }
}
