//! `variant-removed`: an anyOf/oneOf lost a variant.
//!
//! Request: clients that send the dropped shape are rejected. Response: compatible.
//! See docs/rules/variant-removed.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "variant-removed",
    summary: "an anyOf/oneOf lost a variant",
    breaking_in_request: true,
    breaking_in_response: false,
};
