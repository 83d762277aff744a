//! `additional-properties-opened`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use crate::check::keywords::Openness;

use super::{AppliesTo, Example, Rule, Verdict};

/// The `additional-properties-opened` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "additional-properties-opened",
    summary: "an object accepts more unknown properties",
    applies_to: AppliesTo::Schemas {
        request: Verdict::Compatible,
        response: Verdict::Compatible,
        also_tool: false,
    },
    why: "Request: compatible. Response: compatible, like an added output property: clients ignore what they do not read.",
    example: Example {
        before: r#""additionalProperties": false"#,
        after: "(no additionalProperties)",
        note: "`deny_unknown_fields` was removed, or a map's value schema became `true`.",
    },
};

/// `kw` (`additionalProperties` or `unevaluatedProperties`) lets more unknown properties in.
pub(crate) fn check(kw: &str, old: Openness, new: Openness) -> Option<String> {
    (new > old).then(|| format!("{kw}: accepts more unknown properties"))
}
