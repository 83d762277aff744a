//! `unused-definition-changed`: an entry of $defs that no $ref reaches changed.
//!
//! Nothing validates against it.
//! See docs/rules/unused-definition-changed.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "unused-definition-changed",
    summary: "an entry of $defs that no $ref reaches changed",
    breaking_in_request: false,
    breaking_in_response: false,
};
