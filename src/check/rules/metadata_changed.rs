//! `metadata-changed`: an annotation-only keyword changed: examples, $comment, deprecated, readOnly, writeOnly, $schema, $id, $anchor, x-* extensions, _meta, icons.
//!
//! No effect on which values are valid.
//! See docs/rules/metadata-changed.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "metadata-changed",
    summary: "an annotation-only keyword changed: examples, $comment, deprecated, readOnly, writeOnly, $schema, $id, $anchor, x-* extensions, _meta, icons",
    breaking_in_request: false,
    breaking_in_response: false,
};
