//! `metadata-changed`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use serde_json::Value;

use crate::check::keywords::constrains;

use super::{AppliesTo, Example, Rule, Verdict};

/// The `metadata-changed` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "metadata-changed",
    summary: "an annotation-only keyword changed: examples, $comment, deprecated, readOnly, writeOnly, $schema, $id, $anchor, x-* extensions, _meta, icons",
    applies_to: AppliesTo::Schemas {
        request: Verdict::Compatible,
        response: Verdict::Compatible,
        also_tool: true,
    },
    why: "No effect on which values are valid.",
    example: Example {
        before: r#""examples": ["rust"]"#,
        after: r#""examples": ["rust", "mcp"], "deprecated": true"#,
        note: "Also `$comment`, `readOnly`, `writeOnly`, `$schema`, `$id`, `$anchor`, `x-*` extension keywords, and the tool's `_meta` and `icons`.",
    },
};

/// Schema keywords that only annotate: a validator ignores them.
const KEYWORDS: &[&str] = &[
    "examples",
    "example",
    "$comment",
    "deprecated",
    "readOnly",
    "writeOnly",
    "$schema",
    "$id",
    "$anchor",
    "$dynamicAnchor",
];

/// Whether a schema keyword is metadata: one of [`KEYWORDS`] or an `x-` extension.
pub(crate) fn covers(kw: &str) -> bool {
    KEYWORDS.contains(&kw) || kw.starts_with("x-")
}

/// A metadata keyword (or the tool's `_meta` or `icons`) that differs.
pub(crate) fn check(kw: &str, old: Option<&Value>, new: Option<&Value>) -> String {
    super::added_removed_or_changed(kw, old, new)
}

/// A constraint keyword that changed without constraining anything on either side
/// (`uniqueItems: false` appearing).
pub(crate) fn check_inert_constraint(kw: &str, old: Option<&Value>, new: Option<&Value>) -> Option<String> {
    (!constrains(kw, old) && !constrains(kw, new)).then(|| format!("{kw}: no effect either way"))
}
