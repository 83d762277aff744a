//! `output-schema-added`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]).
//!
//! The tool comparison finds it (an `outputSchema` only the regenerated tool has); this file
//! holds what the report says.

use super::{AppliesTo, Example, Rule, Verdict};

/// The `output-schema-added` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "output-schema-added",
    summary: "a tool gained an outputSchema",
    applies_to: AppliesTo::Tool(Verdict::Compatible),
    why: "The tool now declares structured output. Clients that ignore it are unaffected.",
    example: Example {
        before: r#"{"name": "get_user", "inputSchema": {...}}"#,
        after: r#"{"name": "get_user", "inputSchema": {...}, "outputSchema": {"type": "object", ...}}"#,
        note: "The tool now returns `Json<T>` / a structured type.",
    },
};

/// What the report says of a tool that had no `outputSchema` and has one now.
pub(crate) const MESSAGE: &str = "the tool now declares an outputSchema";
