//! `enum-changed`: an enum both lost and gained values.
//!
//! Breaking both ways.
//! See docs/rules/enum-changed.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "enum-changed",
    summary: "an enum both lost and gained values",
    breaking_in_request: true,
    breaking_in_response: true,
};
