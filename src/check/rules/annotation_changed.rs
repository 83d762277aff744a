//! `annotation-changed`: a tool annotation hint changed (readOnlyHint, destructiveHint, idempotentHint, openWorldHint, ...).
//!
//! Hints only; clients must not rely on them for safety, but review a changed destructiveHint.
//! See docs/rules/annotation-changed.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "annotation-changed",
    summary: "a tool annotation hint changed (readOnlyHint, destructiveHint, idempotentHint, openWorldHint, ...)",
    breaking_in_request: false,
    breaking_in_response: false,
};
