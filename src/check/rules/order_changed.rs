//! `order-changed`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use serde_json::Value;

use crate::check::json::equivalent;
use crate::check::keywords::{missing_from, Types};

use super::{AppliesTo, Example, Rule, Verdict};

/// The `order-changed` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "order-changed",
    summary: "an array whose order carries no meaning was reordered: type, enum, required",
    applies_to: AppliesTo::Schemas {
        request: Verdict::Compatible,
        response: Verdict::Compatible,
        also_tool: false,
    },
    why: "Same set of values, different order. The manifest differs, validation does not.",
    example: Example {
        before: r#""required": ["a", "b"], "enum": ["c", "f"]"#,
        after: r#""required": ["b", "a"], "enum": ["f", "c"]"#,
        note: "Fields or variants reordered in the source. Also the order of `anyOf`/`oneOf` variants, and an `enum`/`const` written in another form with the same values. Object key order is never drift and is not reported at all.",
    },
};

/// The same set of types, spelled in another order or form (`["a", "b"]` and `["b", "a"]`).
pub(crate) fn same_types(old: &Types, new: &Types) -> Option<String> {
    (old.within(new) && new.within(old)).then(|| "same types, written differently".into())
}

/// The same enum values in another order.
pub(crate) fn same_enum_values(old: Option<&[Value]>, new: Option<&[Value]>) -> Option<String> {
    let (old, new) = (old?, new?);
    (missing_from(old, new).is_empty() && missing_from(new, old).is_empty())
        .then(|| "same values, written differently".into())
}

/// The same `required` names in another order (`old` and `new`: the raw keywords).
pub(crate) fn same_required(
    old_names: &[String],
    new_names: &[String],
    old: Option<&Value>,
    new: Option<&Value>,
) -> Option<&'static str> {
    let same_set = old_names.iter().all(|r| new_names.contains(r)) && new_names.iter().all(|r| old_names.contains(r));
    let (old, new) = (old?, new?);
    (same_set && !equivalent(old, new)).then_some("same required properties, in a different order")
}

/// Union variants paired in another order: `partners[i]` is the index of the new variant that
/// old variant `i` paired with, if any.
pub(crate) fn variants_reordered(partners: &[Option<usize>]) -> Option<&'static str> {
    let paired: Vec<usize> = partners.iter().flatten().copied().collect();
    paired.windows(2).any(|w| w[1] < w[0]).then_some("the same variants, in a different order")
}
