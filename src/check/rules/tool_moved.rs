//! `tool-moved`: a tool kept its definition but changed its place in the list.
//!
//! The order of `tools` changed. Clients look tools up by name, so nothing breaks; the manifest still differs.
//! See docs/rules/tool-moved.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "tool-moved",
    summary: "a tool kept its definition but changed its place in the list",
    breaking_in_request: false,
    breaking_in_response: false,
};
