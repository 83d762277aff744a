//! `description-changed`: a description changed, appeared or went away.
//!
//! Documentation only. Worth a look, since models read tool and argument descriptions.
//! See docs/rules/description-changed.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "description-changed",
    summary: "a description changed, appeared or went away",
    breaking_in_request: false,
    breaking_in_response: false,
};
