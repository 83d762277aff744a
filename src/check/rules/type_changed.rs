//! `type-changed`: a schema's types changed so that neither the old nor the new set contains the other.
//!
//! Breaking both ways: some old values are rejected and some new values are unexpected.
//! See docs/rules/type-changed.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "type-changed",
    summary: "a schema's types changed so that neither the old nor the new set contains the other",
    breaking_in_request: true,
    breaking_in_response: true,
};
