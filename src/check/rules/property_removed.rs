//! `property-removed`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use super::{AppliesTo, Example, Finding, JudgedAs, Rule, Verdict};

/// The `property-removed` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "property-removed",
    summary: "an object schema lost a property",
    applies_to: AppliesTo::Schemas {
        request: Verdict::BreakingWhen {
            condition: "the object is closed (`additionalProperties`/`unevaluatedProperties` not `true`)",
            short: "if the object is closed",
        },
        response: Verdict::Breaking,
        also_tool: false,
    },
    why: "Request: breaking when the object is closed (`additionalProperties` not `true`), since what clients still send is now rejected; compatible on an open object. Response: breaking, clients read it.",
    example: Example {
        before: r#""properties": {"query": ..., "fuzzy": ...}"#,
        after: r#""properties": {"query": ...}"#,
        note: "In an open input object, clients that still send `fuzzy` are accepted (the value is ignored), so it is compatible; with `additionalProperties: false` (`#[serde(deny_unknown_fields)]`) they are rejected. Any output property removed is breaking.",
    },
};

/// A property that only the old object lists. Always breaking in a response; in a request, only
/// when the new object is closed (its `additionalProperties` or `unevaluatedProperties` is not
/// `true`), so that what clients still send is now rejected.
pub(crate) fn check(name: &str, new_object_closed: bool, judged: JudgedAs) -> Finding {
    let (breaking, how) = match judged {
        JudgedAs::Response => (true, ""),
        JudgedAs::Request | JudgedAs::Tool if new_object_closed => (true, ""),
        JudgedAs::Request => (false, " (the object is open, so it is still accepted)"),
        JudgedAs::Tool => (false, ""),
    };
    Finding { breaking, message: format!("property `{name}` removed{how}") }
}

#[cfg(test)]
mod tests {
    use super::super::JudgedAs;

    #[test]
    fn removal_breaks_responses_and_closed_requests() {
        assert!(super::check("x", false, JudgedAs::Response).breaking);
        assert!(super::check("x", true, JudgedAs::Request).breaking);
        let open = super::check("x", false, JudgedAs::Request);
        assert!(!open.breaking);
        assert_eq!(open.message, "property `x` removed (the object is open, so it is still accepted)");
    }
}
