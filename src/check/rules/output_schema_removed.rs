//! `output-schema-removed`: the rule's documentation (rendered into `docs/rules/output-schema-removed.md`) and its check.

use super::{AppliesTo, Example, Rule, Verdict};

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
