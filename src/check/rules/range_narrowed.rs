//! `range-narrowed`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use serde_json::Value;

use crate::check::keywords::{self, Bound, BoundEnd, NumberFamily, NumberFormat};

use super::{AppliesTo, Example, Rule, Verdict};

/// The `range-narrowed` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "range-narrowed",
    summary: "a bound (minimum, maximum, the exclusive bounds, minLength/maxLength, minItems/maxItems, minProperties/maxProperties, an integer format's width) got tighter or was added",
    applies_to: AppliesTo::Schemas {
        request: Verdict::Breaking,
        response: Verdict::Compatible,
        also_tool: false,
    },
    why: "Request: values outside the new bound are rejected. Response: compatible.",
    example: Example {
        before: r#""limit": {"type": "integer", "minimum": 0, "maximum": 1000}"#,
        after: r#""limit": {"type": "integer", "minimum": 1, "maximum": 100}"#,
        note: "Also a numeric `format` that gets narrower in the same family (`int64` -> `int32`, `uint64` -> `uint16`, `double` -> `float`).",
    },
};

/// A bound keyword (`kw`, at the `end` of the range it bounds) that appeared or got tighter.
pub(crate) fn check_bound(kw: &str, end: BoundEnd, old: Option<&Value>, new: Option<&Value>) -> Option<String> {
    let tighter = match (Bound::read(old), Bound::read(new)) {
        (Bound::Absent, Bound::Number(_)) => true,
        (Bound::Number(a), Bound::Number(b)) => a != b && end.tighter(a, b),
        _ => false,
    };
    tighter.then(|| keywords::bound_change(kw, old, new))
}

/// A numeric `format` of the same family that got smaller (`int64` -> `int32`), or a
/// floating-point format that became an integer one (`double` -> `int32`).
pub(crate) fn check_format(old: Option<&Value>, new: Option<&Value>) -> Option<String> {
    let (a, b) = (NumberFormat::read(old)?, NumberFormat::read(new)?);
    let narrower = if a.family == b.family { b.width < a.width } else { a.family == NumberFamily::Float };
    narrower.then(|| keywords::format_change(old, new))
}
