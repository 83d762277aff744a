//! Why a schema went away: the regenerating run's own warning, put in the change.
//!
//! A profile leaves a tool's `inputSchema` or `outputSchema` out only with a warning that says
//! why ("tool `fetch`: inputSchema left out: type `url::Url` comes from the crate `url`, ..."),
//! marked with the tool it is about. A change that removed that schema then repeats the reason,
//! so `check` says what to fix rather than only that the schema is gone.

use super::{rules, Report};
use crate::diagnostics::Diagnostics;

/// Name the cause of every removed schema that the run's `diagnostics` explain.
pub fn name_causes(report: &mut Report, diagnostics: &Diagnostics) {
    for change in &mut report.changes {
        let Some(key) = removed_key(change.rule) else { continue };
        let reasons = reasons(diagnostics, &change.tool, key);
        if !reasons.is_empty() {
            change.message = format!("{key} left out: {}", reasons.join("; "));
        }
    }
}

/// The schema a rule says was removed.
fn removed_key(rule: &rules::Rule) -> Option<&'static str> {
    if *rule == rules::input_schema_removed::RULE {
        Some("inputSchema")
    } else if *rule == rules::output_schema_removed::RULE {
        Some("outputSchema")
    } else {
        None
    }
}

/// The reasons the run gave for leaving `tool`'s `key` out, in the order it gave them.
fn reasons<'a>(diagnostics: &'a Diagnostics, tool: &str, key: &str) -> Vec<&'a str> {
    diagnostics
        .iter()
        .filter(|d| d.tool.as_deref() == Some(tool))
        .filter_map(|d| d.left_out_key().filter(|(k, _)| *k == key).map(|(_, why)| why))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::{Code, Diagnostic, Severity};
    use crate::manifest::Manifest;
    use serde_json::json;

    fn removed(key: &str) -> Report {
        let mut tool = json!({"name": "fetch", "inputSchema": {"type": "object"}, "outputSchema": {"type": "object"}});
        let old = Manifest::from_value(json!({"tools": [tool.clone()]})).unwrap();
        tool.as_object_mut().unwrap().remove(key);
        super::super::compare(&old, &Manifest::from_value(json!({"tools": [tool]})).unwrap())
    }

    fn left_out(tool: &str, key: &str, why: &str) -> Diagnostic {
        Diagnostic::left_out(Severity::Warning, Code::Opaque, tool, key, why)
    }

    #[test]
    fn a_removed_schema_says_why_the_run_left_it_out() {
        let mut report = removed("inputSchema");
        let run = Diagnostics(vec![
            left_out("fetch", "inputSchema", "type `url::Url` comes from the crate `url`"),
            left_out("other", "inputSchema", "not this one"),
            left_out("fetch", "outputSchema", "nor this one"),
            left_out("fetch", "inputSchema", "type `Polygon` is opaque"),
        ]);
        name_causes(&mut report, &run);
        let got: Vec<_> = report.changes.iter().map(|c| (c.rule.id, c.message.as_str())).collect();
        assert_eq!(
            got,
            [(
                "input-schema-removed",
                "inputSchema left out: type `url::Url` comes from the crate `url`; type `Polygon` is opaque"
            )]
        );
    }

    #[test]
    fn without_a_reason_the_message_stays() {
        let mut report = removed("outputSchema");
        name_causes(&mut report, &Diagnostics(vec![left_out("other", "outputSchema", "no")]));
        let got: Vec<_> = report.changes.iter().map(|c| (c.rule.id, c.message.as_str())).collect();
        assert_eq!(got, [("output-schema-removed", "the outputSchema was removed")]);
    }
}
