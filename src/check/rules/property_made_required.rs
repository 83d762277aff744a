//! `property-made-required`: a property that was optional is now required.
//!
//! Request: clients that leave it out are rejected. Response: compatible, the value is now always there.
//! See docs/rules/property-made-required.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "property-made-required",
    summary: "a property that was optional is now required",
    breaking_in_request: true,
    breaking_in_response: false,
};
