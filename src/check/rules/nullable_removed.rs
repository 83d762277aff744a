//! `nullable-removed`: a schema no longer accepts null.
//!
//! Request: clients that send null are rejected. Response: compatible.
//! See docs/rules/nullable-removed.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "nullable-removed",
    summary: "a schema no longer accepts null",
    breaking_in_request: true,
    breaking_in_response: false,
};
