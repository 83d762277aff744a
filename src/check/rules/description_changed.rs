//! `description-changed`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use serde_json::Value;

use super::{AppliesTo, Example, Rule, Verdict};

/// The `description-changed` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "description-changed",
    summary: "a description changed, appeared or went away",
    applies_to: AppliesTo::Schemas { request: Verdict::Compatible, response: Verdict::Compatible, also_tool: true },
    why: "Documentation only. Worth a look, since models read tool and argument descriptions.",
    example: Example {
        before: r#""description": "What to look for""#,
        after: r#""description": "What to look for, in plain words""#,
        note: "A doc comment changed. Anywhere: the tool's description or any schema's.",
    },
};

/// A `description` (of the tool or of a schema) that differs.
pub(crate) fn check(old: Option<&Value>, new: Option<&Value>) -> String {
    super::added_removed_or_changed("description", old, new)
}
