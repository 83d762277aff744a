//! `unclassified-change`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use super::{AppliesTo, Example, Rule, Verdict};

/// The `unclassified-change` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "unclassified-change",
    summary: "a change mcp-schema cannot classify (an unknown keyword or tool field, allOf/not, a keyword swap)",
    applies_to: AppliesTo::Schemas {
        request: Verdict::Breaking,
        response: Verdict::Breaking,
        also_tool: true,
    },
    why: "Reported as breaking so a human looks at it.",
    example: Example {
        before: r#""not": {"const": ""}"#,
        after: r#""not": {"const": "*"}"#,
        note: "Keywords such as `not`, `if`/`then`/`else`, `patternProperties`, `dependentRequired`, an `allOf` whose length changed, `anyOf` swapped for `oneOf`, a tool field mcp-schema does not know (`execution`), and any difference no other rule explains. mcp-schema never lets a difference go unreported.",
    },
};

/// `what` (a keyword, "a schema that is not an object", ...) differs and no other rule explains how.
pub(crate) fn message(what: &str) -> String {
    format!("{what} changed in a way mcp-schema does not classify")
}

/// A tool field mcp-schema does not know.
pub(crate) fn tool_field_message(field: &str) -> String {
    format!("tool field `{field}` changed")
}

/// The tools differ, but no rule saw where: never let drift go unreported.
pub(crate) const WHOLE_TOOL_MESSAGE: &str = "the tool changed in a way mcp-schema does not classify";
