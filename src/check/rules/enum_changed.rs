//! `enum-changed`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use serde_json::Value;

use crate::check::keywords::{list_values, missing_from};

use super::{AppliesTo, Example, Rule, Verdict};

/// The `enum-changed` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "enum-changed",
    summary: "an enum both lost and gained values",
    applies_to: AppliesTo::Schemas { request: Verdict::Breaking, response: Verdict::Breaking, also_tool: false },
    why: "Breaking both ways.",
    example: Example {
        before: r#""unit": {"enum": ["celsius", "fahrenheit"]}"#,
        after: r#""unit": {"enum": ["celsius", "kelvin"]}"#,
        note: "A variant renamed (`#[serde(rename)]` or `rename_all` changed).",
    },
};

/// Values both went and came.
pub(crate) fn check(old: Option<&[Value]>, new: Option<&[Value]>) -> Option<String> {
    let (old, new) = (old?, new?);
    let (removed, added) = (missing_from(old, new), missing_from(new, old));
    (!removed.is_empty() && !added.is_empty())
        .then(|| format!("values removed: {}; values added: {}", list_values(&removed), list_values(&added)))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    #[test]
    fn values_lost_and_gained() {
        let (a, b) = ([json!("c"), json!("f")], [json!("c"), json!("k")]);
        assert_eq!(super::check(Some(&a), Some(&b)), Some(r#"values removed: "f"; values added: "k""#.into()));
        assert_eq!(super::check(Some(&a), Some(&a[..1])), None);
    }
}
