//! `title-changed`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use serde_json::Value;

use super::{AppliesTo, Example, Rule, Verdict};

/// The `title-changed` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "title-changed",
    summary: "a title changed (the tool's, its annotations', or a schema's)",
    applies_to: AppliesTo::Schemas { request: Verdict::Compatible, response: Verdict::Compatible, also_tool: true },
    why: "Display text only.",
    example: Example {
        before: r#""title": "Search""#,
        after: r#""title": "Search the index""#,
        note: "The tool's `title`, `annotations.title`, or a schema `title`.",
    },
};

/// A `title` (of the tool or of a schema) that differs; `annotations.title` goes through
/// [`super::annotation_changed`].
pub(crate) fn check(old: Option<&Value>, new: Option<&Value>) -> String {
    super::added_removed_or_changed("title", old, new)
}
