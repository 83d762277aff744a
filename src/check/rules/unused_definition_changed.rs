//! `unused-definition-changed`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use std::collections::HashSet;

use serde_json::{Map, Value};

use crate::check::json::{self, equivalent};
use crate::check::normalize::collect_refs;

use super::{AppliesTo, Example, Rule, Verdict};

/// The `unused-definition-changed` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "unused-definition-changed",
    summary: "an entry of $defs that no $ref reaches changed",
    applies_to: AppliesTo::Schemas {
        request: Verdict::Compatible,
        response: Verdict::Compatible,
        also_tool: false,
    },
    why: "Nothing validates against it.",
    example: Example {
        before: r#""$defs": {"Old": {"type": "string"}}"#,
        after: r#""$defs": {"Old": {"type": "integer"}}"#,
        note: "A definition that no `$ref` on either side points at changed. Changes in definitions that are used are reported where they are used.",
    },
};

/// A `$defs` (or `definitions`) entry that differs and that no `$ref` on either side reaches,
/// so the walk never compared it.
pub(crate) struct UnusedDefinition<'v> {
    /// Relative to the schema root: `/$defs/Name`.
    pub pointer: String,
    pub old: Option<&'v Value>,
    pub new: Option<&'v Value>,
    pub message: String,
}

/// The unused definitions that differ between two schema roots, compared as plain JSON.
pub(crate) fn check<'v>(old_root: &'v Value, new_root: &'v Value) -> Vec<UnusedDefinition<'v>> {
    let (Some(o), Some(n)) = (old_root.as_object(), new_root.as_object()) else { return Vec::new() };
    let mut used = HashSet::new();
    collect_refs(old_root, &mut used);
    collect_refs(new_root, &mut used);
    let mut out = Vec::new();
    for kw in ["$defs", "definitions"] {
        let od = o.get(kw).and_then(Value::as_object);
        let nd = n.get(kw).and_then(Value::as_object);
        let mut names: Vec<&String> = od.into_iter().flat_map(Map::keys).collect();
        names.extend(nd.into_iter().flat_map(Map::keys).filter(|k| !od.is_some_and(|d| d.contains_key(*k))));
        for name in names {
            let pointer = format!("/{kw}/{}", json::token(name));
            if used.contains(&pointer) {
                continue;
            }
            let (a, b) = (od.and_then(|d| d.get(name)), nd.and_then(|d| d.get(name)));
            if a.zip(b).is_some_and(|(a, b)| equivalent(a, b)) {
                continue;
            }
            let message = format!("definition `{name}` changed, but nothing refers to it");
            out.push(UnusedDefinition { pointer, old: a, new: b, message });
        }
    }
    out
}
