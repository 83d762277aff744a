//! `range-widened`: a bound got looser or was removed.
//!
//! Request: compatible. Response: clients get values outside the range they relied on.
//! See docs/rules/range-widened.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "range-widened",
    summary: "a bound got looser or was removed",
    breaking_in_request: false,
    breaking_in_response: true,
};
