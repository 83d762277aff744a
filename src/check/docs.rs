//! The rule documentation, rendered from the rules themselves: `docs/rules/<id>.md` for each rule
//! and the rules table of `docs/check.md`. `tests/it/check_rules.rs` fails when the files in the
//! repository differ from what this renders, and rewrites them with `MCP_SCHEMA_BLESS=1`.

use super::rules::{AppliesTo, Rule, Verdict, ALL};

/// The header of the rules table in `docs/check.md`; the table runs to the first line that is
/// not a table row.
pub const TABLE_HEADER: &str = "| rule | what | breaking in inputSchema | breaking in outputSchema |";

/// `docs/rules/<id>.md`.
pub fn rule_page(rule: &Rule) -> String {
    let mut out = format!("# `{}`\n\n{}\n\n", rule.id, sentence(rule.summary));
    match rule.applies_to {
        AppliesTo::Tool(v) => {
            out.push_str("| where | verdict |\n|---|---|\n");
            out.push_str(&format!("| the tool | {} |\n", page_verdict(v)));
        }
        AppliesTo::Schemas { request, response, also_tool } => {
            out.push_str("| where | judged as | verdict |\n|---|---|---|\n");
            out.push_str(&format!("| `inputSchema` | request | {} |\n", page_verdict(request)));
            out.push_str(&format!("| `outputSchema` | response | {} |\n", page_verdict(response)));
            if also_tool {
                out.push_str(
                    "\nAt the tool level (outside the schemas) the verdict is the same as in `inputSchema`.\n",
                );
            }
        }
    }
    let e = &rule.example;
    out.push_str(&format!("\n## Why\n\n{}\n\n## Example\n\n", rule.why));
    out.push_str(&format!("Before:\n\n```text\n{}\n```\n\nAfter:\n\n```text\n{}\n```\n\n", e.before, e.after));
    out.push_str(&format!("{}\n\n", e.note));
    out.push_str(&format!(
        "The test fixture is [`testdata/drift/{id}/`](../../testdata/drift/{id}/): `before.json`, `after.json`, \
         and the exact changes expected in `expected.json`.\n",
        id = rule.id
    ));
    out
}

/// The rules table of `docs/check.md`, header included, one line per rule in [`ALL`] order.
pub fn rules_table() -> String {
    let mut out = format!("{TABLE_HEADER}\n|---|---|---|---|\n");
    for rule in ALL {
        let (request, response) = match rule.applies_to {
            AppliesTo::Tool(v) => (format!("{} (tool)", table_verdict(v)), "—".to_owned()),
            AppliesTo::Schemas { request, response, .. } => (table_verdict(request), table_verdict(response)),
        };
        out.push_str(&format!(
            "| [`{id}`](rules/{id}.md) | {} | {request} | {response} |\n",
            rule.summary,
            id = rule.id
        ));
    }
    out
}

/// `docs/check.md` with its rules table replaced by [`rules_table`]; `None` when it has no table.
pub fn with_rules_table(check_md: &str) -> Option<String> {
    let start = check_md.find(TABLE_HEADER)?;
    let rest = &check_md[start..];
    let mut end = start;
    for line in rest.split_inclusive('\n') {
        if !line.starts_with('|') {
            break;
        }
        end += line.len();
    }
    Some(format!("{}{}{}", &check_md[..start], rules_table(), &check_md[end..]))
}

/// The summary as a sentence: capitalised, with a final period.
fn sentence(summary: &str) -> String {
    let mut chars = summary.chars();
    let first = chars.next().map(|c| c.to_uppercase().collect::<String>()).unwrap_or_default();
    format!("{first}{}.", chars.as_str())
}

fn page_verdict(v: Verdict) -> String {
    match v {
        Verdict::Breaking => "**breaking**".into(),
        Verdict::Compatible => "compatible".into(),
        Verdict::BreakingWhen { condition, .. } => format!("breaking when {condition}, else compatible"),
    }
}

fn table_verdict(v: Verdict) -> String {
    match v {
        Verdict::Breaking => "yes".into(),
        Verdict::Compatible => "no".into(),
        Verdict::BreakingWhen { short, .. } => short.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_replaced_in_place() {
        let md = format!("intro\n\n{TABLE_HEADER}\n|---|\n| old |\n\nafter\n");
        let out = with_rules_table(&md).unwrap();
        assert!(out.starts_with(&format!("intro\n\n{TABLE_HEADER}\n")));
        assert!(out.ends_with("|\n\nafter\n") && !out.contains("| old |"), "{out}");
        assert_eq!(with_rules_table("no table"), None);
    }
}
