//! `variant-added`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]).
//!
//! The walker finds it when it pairs union variants (a new variant no old one pairs with); this
//! file holds what the report says.

use super::{AppliesTo, Example, Rule, Verdict};

/// The `variant-added` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "variant-added",
    summary: "an anyOf/oneOf gained a variant (or a schema became a union)",
    applies_to: AppliesTo::Schemas {
        request: Verdict::Compatible,
        response: Verdict::Breaking,
        also_tool: false,
    },
    why: "Request: compatible. Response: clients get a shape they do not handle.",
    example: Example {
        before: r#""shape": {"oneOf": [circle, square]}"#,
        after: r#""shape": {"oneOf": [circle, square, triangle]}"#,
        note: "A variant added to a data enum. Variants are matched across versions by equality, then by identity (a `const` tag property, a single required key for externally tagged enums, a `$ref` name, a `title`), then by position; a plain schema that becomes a union is treated as a union of one.",
    },
};

/// What the report says of a variant of the new union that no old variant pairs with (the walker
/// pairs variants: equal ones, then by identity, then by position).
pub(crate) const MESSAGE: &str = "a variant was added";
