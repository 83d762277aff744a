//! `unclassified-change`: a change mcp-schema cannot classify (an unknown keyword or tool field, allOf/not, a keyword swap).
//!
//! Reported as breaking so a human looks at it.
//! See docs/rules/unclassified-change.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "unclassified-change",
    summary: "a change mcp-schema cannot classify (an unknown keyword or tool field, allOf/not, a keyword swap)",
    breaking_in_request: true,
    breaking_in_response: true,
};
