//! `constraint-changed`: a constraint's value changed (a different pattern, format or multipleOf).
//!
//! The old and new sets of valid values are not comparable, so this breaks both ways.
//! See docs/rules/constraint-changed.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "constraint-changed",
    summary: "a constraint's value changed (a different pattern, format or multipleOf)",
    breaking_in_request: true,
    breaking_in_response: true,
};
