//! `property-added`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use super::{AppliesTo, Example, Finding, JudgedAs, Rule, Verdict};

/// The `property-added` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "property-added",
    summary: "an object schema has a new property",
    applies_to: AppliesTo::Schemas {
        request: Verdict::BreakingWhen {
            condition: "the new property is required",
            short: "if required",
        },
        response: Verdict::Compatible,
        also_tool: false,
    },
    why: "Request: breaking when the new property is required, since clients do not send it; compatible when optional. Response: compatible, clients ignore what they do not read.",
    example: Example {
        before: r#""properties": {"query": ...}, "required": ["query"]"#,
        after: r#""properties": {"query": ..., "page": ..., "lang": ...}, "required": ["query", "lang"]"#,
        note: "`page` (optional) is compatible; `lang` (required) breaks every caller that does not send it. Make new arguments `Option<T>` or give them `#[serde(default)]`.",
    },
};

/// A property that only the new object lists. Only a required one in a request breaks: clients
/// do not send it yet.
pub(crate) fn check(name: &str, required: bool, judged: JudgedAs) -> Finding {
    let how = if required { "required" } else { "optional" };
    Finding { breaking: judged == JudgedAs::Request && required, message: format!("property `{name}` added ({how})") }
}

#[cfg(test)]
mod tests {
    use super::super::JudgedAs;

    #[test]
    fn only_required_request_properties_break() {
        assert!(super::check("x", true, JudgedAs::Request).breaking);
        assert!(!super::check("x", false, JudgedAs::Request).breaking);
        assert!(!super::check("x", true, JudgedAs::Response).breaking);
    }
}
