//! `constraint-removed`: a constraint was removed.
//!
//! Request: compatible. Response: clients may get values that break the old constraint.
//! See docs/rules/constraint-removed.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "constraint-removed",
    summary: "a constraint was removed",
    breaking_in_request: false,
    breaking_in_response: true,
};
