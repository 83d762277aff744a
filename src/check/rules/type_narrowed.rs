//! `type-narrowed`: a schema accepts fewer JSON types than before.
//!
//! Request: values of the dropped types are rejected. Response: compatible.
//! See docs/rules/type-narrowed.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "type-narrowed",
    summary: "a schema accepts fewer JSON types than before",
    breaking_in_request: true,
    breaking_in_response: false,
};
