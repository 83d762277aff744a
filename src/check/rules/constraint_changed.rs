//! `constraint-changed`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use serde_json::Value;

use crate::check::keywords::constrains;

use super::{AppliesTo, Example, Rule, Verdict};

/// The `constraint-changed` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "constraint-changed",
    summary: "a constraint's value changed (a different pattern, format or multipleOf)",
    applies_to: AppliesTo::Schemas {
        request: Verdict::Breaking,
        response: Verdict::Breaking,
        also_tool: false,
    },
    why: "The old and new sets of valid values are not comparable, so this breaks both ways.",
    example: Example {
        before: r#""when": {"format": "date"}"#,
        after: r#""when": {"format": "date-time"}"#,
        note: "`NaiveDate` became `DateTime<Utc>`. A format change across numeric families (`uint32` -> `int32`) is this rule too.",
    },
};

/// A constraint keyword that says something on both sides, differently.
pub(crate) fn check(kw: &str, old: Option<&Value>, new: Option<&Value>) -> Option<String> {
    (constrains(kw, old) && constrains(kw, new)).then(|| format!("{kw} changed"))
}
