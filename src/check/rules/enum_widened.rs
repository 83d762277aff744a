//! `enum-widened`: an enum accepts more values, or the enum was removed.
//!
//! Request: compatible. Response: clients get values they do not know.
//! See docs/rules/enum-widened.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "enum-widened",
    summary: "an enum accepts more values, or the enum was removed",
    breaking_in_request: false,
    breaking_in_response: true,
};
