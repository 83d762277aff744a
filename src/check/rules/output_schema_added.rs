//! `output-schema-added`: a tool gained an outputSchema.
//!
//! The tool now declares structured output. Clients that ignore it are unaffected.
//! See docs/rules/output-schema-added.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "output-schema-added",
    summary: "a tool gained an outputSchema",
    breaking_in_request: false,
    breaking_in_response: false,
};
