//! `type-widened`: a schema accepts more JSON types than before.
//!
//! Request: compatible. Response: clients get values of a type they do not expect.
//! See docs/rules/type-widened.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "type-widened",
    summary: "a schema accepts more JSON types than before",
    breaking_in_request: false,
    breaking_in_response: true,
};
