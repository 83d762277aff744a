//! `annotation-changed`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use serde_json::Value;

use crate::check::json::{self, equivalent};
use crate::check::Change;

use super::{AppliesTo, Example, JudgedAs, Rule, Verdict};

/// The `annotation-changed` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "annotation-changed",
    summary: "a tool annotation hint changed (readOnlyHint, destructiveHint, idempotentHint, openWorldHint, ...)",
    applies_to: AppliesTo::Tool(Verdict::Compatible),
    why: "Hints only; clients must not rely on them for safety, but review a changed destructiveHint.",
    example: Example {
        before: r#""annotations": {"destructiveHint": false}"#,
        after: r#""annotations": {"destructiveHint": true, "idempotentHint": true}"#,
        note: "A `#[tool(annotations(...))]` hint changed. `annotations.title` is reported as `title-changed`.",
    },
};

/// The changes between two `annotations` of a tool: one per hint that differs (`title` is a
/// [`super::title_changed`]), or one for the whole object when either side is not an object.
pub(crate) fn check(tool: &str, old: Option<&Value>, new: Option<&Value>) -> Vec<Change> {
    let (Some(Value::Object(o)), Some(Value::Object(n))) = (old, new) else {
        return vec![Change {
            tool: tool.into(),
            pointer: "/annotations".into(),
            rule: &RULE,
            breaking: RULE.breaking(JudgedAs::Tool),
            old: old.cloned(),
            new: new.cloned(),
            message: "annotations changed".into(),
            context: Default::default(),
        }];
    };
    let mut keys: Vec<&String> = o.keys().collect();
    keys.extend(n.keys().filter(|k| !o.contains_key(*k)));
    keys.into_iter()
        .filter(|k| !matches!((o.get(*k), n.get(*k)), (Some(a), Some(b)) if equivalent(a, b)))
        .map(|k| {
            let rule = if k == "title" { &super::title_changed::RULE } else { &RULE };
            Change {
                tool: tool.into(),
                pointer: json::join("/annotations", k),
                rule,
                breaking: rule.breaking(JudgedAs::Tool),
                old: o.get(k).cloned(),
                new: n.get(k).cloned(),
                message: super::added_removed_or_changed(&format!("annotation {k}"), o.get(k), n.get(k)),
                context: Default::default(),
            }
        })
        .collect()
}
