//! `title-changed`: a title changed (the tool's, its annotations', or a schema's).
//!
//! Display text only.
//! See docs/rules/title-changed.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "title-changed",
    summary: "a title changed (the tool's, its annotations', or a schema's)",
    breaking_in_request: false,
    breaking_in_response: false,
};
