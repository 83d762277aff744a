//! `default-changed`: a schema's default value changed.
//!
//! The documented default changed. Validation is unaffected; behaviour for clients that omit the value may be.
//! See docs/rules/default-changed.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "default-changed",
    summary: "a schema's default value changed",
    breaking_in_request: false,
    breaking_in_response: false,
};
