//! `additional-properties-closed`: an object accepts fewer unknown properties (additionalProperties true, then a schema, then false).
//!
//! Request: clients that send extra properties are rejected. Response: compatible.
//! See docs/rules/additional-properties-closed.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "additional-properties-closed",
    summary: "an object accepts fewer unknown properties (additionalProperties true, then a schema, then false)",
    breaking_in_request: true,
    breaking_in_response: false,
};
