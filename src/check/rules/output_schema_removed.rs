//! `output-schema-removed`: a tool lost its outputSchema.
//!
//! Clients that read `structuredContent` against the declared schema lose that contract.
//! See docs/rules/output-schema-removed.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "output-schema-removed",
    summary: "a tool lost its outputSchema",
    breaking_in_request: true,
    breaking_in_response: true,
};
