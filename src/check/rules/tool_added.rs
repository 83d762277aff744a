//! `tool-added`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]).
//!
//! The comparison of the tool lists finds it (a name only the regenerated manifest has); this
//! file holds what the report says.

use super::{AppliesTo, Example, Rule, Verdict};

/// The `tool-added` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "tool-added",
    summary: "a tool is in the regenerated manifest but not in the committed one",
    applies_to: AppliesTo::Tool(Verdict::Compatible),
    why: "A new tool. Clients that do not know it keep working.",
    example: Example {
        before: r#"{"tools": [{"name": "search", ...}]}"#,
        after: r#"{"tools": [{"name": "search", ...}, {"name": "fetch", ...}]}"#,
        note: "A new `#[tool]` fn.",
    },
};

/// What the report says of a tool whose name the committed manifest does not have.
pub(crate) const MESSAGE: &str = "a new tool";
