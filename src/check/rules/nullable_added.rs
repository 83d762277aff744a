//! `nullable-added`: a schema now also accepts null (a type array with null, an anyOf with a null variant, or null in an enum).
//!
//! Request: compatible. Response: clients that read the value get null where they did not expect it.
//! See docs/rules/nullable-added.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "nullable-added",
    summary:
        "a schema now also accepts null (a type array with null, an anyOf with a null variant, or null in an enum)",
    breaking_in_request: false,
    breaking_in_response: true,
};
