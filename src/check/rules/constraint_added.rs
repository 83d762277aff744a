//! `constraint-added`: a constraint (pattern, format, multipleOf, uniqueItems, contentEncoding, contentMediaType, items) was added.
//!
//! Request: some values that passed are now rejected. Response: compatible.
//! See docs/rules/constraint-added.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "constraint-added",
    summary:
        "a constraint (pattern, format, multipleOf, uniqueItems, contentEncoding, contentMediaType, items) was added",
    breaking_in_request: true,
    breaking_in_response: false,
};
