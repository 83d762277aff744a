//! `output-schema-removed`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]).
//!
//! The tool comparison finds it (an `outputSchema` only the committed tool has); this file
//! holds what the report says.

use super::{AppliesTo, Example, Rule, Verdict};

/// The `output-schema-removed` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "output-schema-removed",
    summary: "a tool lost its outputSchema",
    applies_to: AppliesTo::Tool(Verdict::Breaking),
    why: "Clients that read `structuredContent` against the declared schema lose that contract.",
    example: Example {
        before: r#""outputSchema": {"type": "object", "properties": {"id": ...}}"#,
        after: "(no outputSchema)",
        note: "The tool went back to unstructured content.",
    },
};

/// What the report says of a tool that had an `outputSchema` and has none now.
pub(crate) const MESSAGE: &str = "the outputSchema was removed";
