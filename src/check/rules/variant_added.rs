//! `variant-added`: an anyOf/oneOf gained a variant (or a schema became a union).
//!
//! Request: compatible. Response: clients get a shape they do not handle.
//! See docs/rules/variant-added.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "variant-added",
    summary: "an anyOf/oneOf gained a variant (or a schema became a union)",
    breaking_in_request: false,
    breaking_in_response: true,
};
