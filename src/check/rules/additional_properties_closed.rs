//! `additional-properties-closed`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use crate::check::keywords::Openness;

use super::{AppliesTo, Example, Rule, Verdict};

/// The `additional-properties-closed` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "additional-properties-closed",
    summary: "an object accepts fewer unknown properties (additionalProperties true, then a schema, then false)",
    applies_to: AppliesTo::Schemas {
        request: Verdict::Breaking,
        response: Verdict::Compatible,
        also_tool: false,
    },
    why: "Request: clients that send extra properties are rejected. Response: compatible.",
    example: Example {
        before: r#""inputSchema": {"type": "object", "properties": {...}}"#,
        after: r#""inputSchema": {"type": "object", "properties": {...}, "additionalProperties": false}"#,
        note: "`#[serde(deny_unknown_fields)]` was added to the arguments struct. The order is: `true` (or absent, or `{}`) > a schema > `false`; `unevaluatedProperties` counts the same way.",
    },
};

/// `kw` (`additionalProperties` or `unevaluatedProperties`) lets fewer unknown properties in.
pub(crate) fn check(kw: &str, old: Openness, new: Openness) -> Option<String> {
    (new < old).then(|| format!("{kw}: accepts fewer unknown properties"))
}
