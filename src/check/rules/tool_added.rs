//! `tool-added`: a tool is in the regenerated manifest but not in the committed one.
//!
//! A new tool. Clients that do not know it keep working.
//! See docs/rules/tool-added.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "tool-added",
    summary: "a tool is in the regenerated manifest but not in the committed one",
    breaking_in_request: false,
    breaking_in_response: false,
};
