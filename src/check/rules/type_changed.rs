//! `type-changed`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use crate::check::keywords::Types;

use super::{AppliesTo, Example, Rule, Verdict};

/// The `type-changed` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "type-changed",
    summary: "a schema's types changed so that neither the old nor the new set contains the other",
    applies_to: AppliesTo::Schemas { request: Verdict::Breaking, response: Verdict::Breaking, also_tool: false },
    why: "Breaking both ways: some old values are rejected and some new values are unexpected.",
    example: Example {
        before: r#""id": {"type": "integer"}"#,
        after: r#""id": {"type": "string"}"#,
        note: "`u64` became `String`.",
    },
};

/// Neither set of types holds the other.
pub(crate) fn check(old: &Types, new: &Types) -> Option<String> {
    (!old.within(new) && !new.within(old)).then(|| Types::change(old, new))
}

#[cfg(test)]
mod tests {
    use crate::check::keywords::Types;
    use serde_json::json;

    #[test]
    fn integer_is_part_of_number() {
        let t = |v| Types::read(Some(&v)).unwrap();
        assert_eq!(super::check(&t(json!("string")), &t(json!("integer"))), Some("type string -> integer".into()));
        assert_eq!(super::check(&t(json!("number")), &t(json!("integer"))), None);
        assert_eq!(
            super::check(&t(json!(["string", "integer"])), &t(json!("number"))),
            Some("type string | integer -> number".into())
        );
    }
}
