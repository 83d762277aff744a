//! `property-made-optional`: a property that was required is now optional.
//!
//! Request: compatible. Response: clients that rely on the value being present break.
//! See docs/rules/property-made-optional.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "property-made-optional",
    summary: "a property that was required is now optional",
    breaking_in_request: false,
    breaking_in_response: true,
};
