//! `tool-removed`: a tool of the committed manifest is gone (a rename shows as removed + added).
//!
//! A tool was removed or renamed. Clients that call it by its old name get an error.
//! See docs/rules/tool-removed.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "tool-removed",
    summary: "a tool of the committed manifest is gone (a rename shows as removed + added)",
    breaking_in_request: true,
    breaking_in_response: true,
};
