//! `additional-properties-opened`: an object accepts more unknown properties.
//!
//! Request: compatible. Response: compatible, like an added output property: clients ignore what they do not read.
//! See docs/rules/additional-properties-opened.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "additional-properties-opened",
    summary: "an object accepts more unknown properties",
    breaking_in_request: false,
    breaking_in_response: false,
};
