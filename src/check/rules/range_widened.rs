//! `range-widened`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use serde_json::Value;

use crate::check::keywords::{self, Bound, BoundEnd, NumberFamily, NumberFormat};

use super::{AppliesTo, Example, Rule, Verdict};

/// The `range-widened` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "range-widened",
    summary: "a bound got looser or was removed",
    applies_to: AppliesTo::Schemas { request: Verdict::Compatible, response: Verdict::Breaking, also_tool: false },
    why: "Request: compatible. Response: clients get values outside the range they relied on.",
    example: Example {
        before: r#""tags": {"maxItems": 5}  (outputSchema)"#,
        after: r#""tags": {"maxItems": 10}"#,
        note: "Readers that sized a buffer for 5 get 10.",
    },
};

/// A bound keyword that went away or got looser.
pub(crate) fn check_bound(kw: &str, end: BoundEnd, old: Option<&Value>, new: Option<&Value>) -> Option<String> {
    let looser = match (Bound::read(old), Bound::read(new)) {
        (Bound::Number(_), Bound::Absent) => true,
        (Bound::Number(a), Bound::Number(b)) => a != b && end.tighter(b, a),
        _ => false,
    };
    looser.then(|| keywords::bound_change(kw, old, new))
}

/// A numeric `format` of the same family that got wider (`int32` -> `int64`), or an integer
/// format that became a floating-point one (`int32` -> `double`: every integer of the old range
/// is in the new one).
pub(crate) fn check_format(old: Option<&Value>, new: Option<&Value>) -> Option<String> {
    let (a, b) = (NumberFormat::read(old)?, NumberFormat::read(new)?);
    let wider = if a.family == b.family { b.width > a.width } else { b.family == NumberFamily::Float };
    wider.then(|| keywords::format_change(old, new))
}

#[cfg(test)]
mod tests {
    use super::BoundEnd;
    use serde_json::json;

    #[test]
    fn looser_bounds_and_wider_formats() {
        let (one, two) = (json!(1), json!(2));
        assert_eq!(
            super::check_bound("minimum", BoundEnd::Lower, Some(&two), Some(&one)),
            Some("minimum 2 -> 1".into())
        );
        assert_eq!(super::check_bound("maximum", BoundEnd::Upper, Some(&two), Some(&one)), None);
        assert_eq!(
            super::check_bound("maxLength", BoundEnd::Upper, Some(&two), None),
            Some("maxLength 2 -> none".into())
        );
        let (i32_, u64_) = (json!("int32"), json!("uint64"));
        assert_eq!(
            super::check_format(Some(&i32_), Some(&json!("int64"))),
            Some(r#"format "int32" -> "int64""#.into())
        );
        assert_eq!(super::check_format(Some(&i32_), Some(&u64_)), None, "another family is a constraint change");
    }
}
