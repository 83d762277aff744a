//! `--format markdown`: a pull-request comment. A marker a bot can find the comment by, a summary
//! line, a table of the changes (breaking first, then in report order), and the details of each
//! change in a `<details>` block. Nothing in it depends on the time or the machine, so the same
//! drift always renders the same bytes and a bot can update one comment in place.

use super::json::one_line;
use super::render::{summary, verdict_note, RenderOptions};
use super::{Change, Report};

/// The first line: an HTML comment, invisible in the rendered comment.
pub const MARKER: &str = "<!-- mcp-schema drift report -->";

pub(super) fn render(report: &Report, opts: &RenderOptions) -> String {
    let mut out = format!("{MARKER}\n");
    let icon = if report.breaking_count() > 0 {
        ":x:"
    } else if report.drift() {
        ":warning:"
    } else {
        ":white_check_mark:"
    };
    out.push_str(&format!("### {icon} mcp-schema: {}\n", summary(report, &opts.manifest)));
    if !report.drift() {
        return out;
    }
    let mut ordered: Vec<&Change> = report.changes.iter().collect();
    // Stable: breaking first (accepted ones are not), each group in report order.
    ordered.sort_by_key(|c| !(c.breaking && c.context.accepted.is_none()));
    out.push_str("\n| | Tool | Where | Rule | Old → New |\n|---|---|---|---|---|\n");
    for c in &ordered {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} |\n",
            verdict_cell(c),
            tools_of(c),
            code(if c.pointer.is_empty() { "(tool)" } else { &c.pointer }),
            code(c.rule.id),
            old_to_new(c),
        ));
    }
    out.push('\n');
    for c in &ordered {
        out.push_str(&details(c));
    }
    if let Some(hint) = &opts.update_hint {
        out.push_str(&format!("\nTo accept these changes, run `{hint}` and commit the manifest.\n"));
    }
    out
}

/// The tool, and the others a change of a shared definition hits.
fn tools_of(c: &Change) -> String {
    let mut tools: Vec<&str> = vec![c.tool.as_str()];
    for p in &c.context.also {
        if !tools.contains(&p.tool.as_str()) {
            tools.push(&p.tool);
        }
    }
    tools.iter().map(|t| code(t)).collect::<Vec<_>>().join(", ")
}

fn verdict_cell(c: &Change) -> &'static str {
    match (&c.context.accepted, c.breaking) {
        (Some(_), true) => "breaking, accepted",
        (Some(_), false) => "compatible, accepted",
        (None, true) => "**breaking**",
        (None, false) => "compatible",
    }
}

fn old_to_new(c: &Change) -> String {
    let side = |v: &Option<serde_json::Value>| v.as_ref().map_or("—".to_owned(), |v| code(&one_line(v, 60)));
    match (&c.old, &c.new) {
        (None, None) => "".into(),
        _ => format!("{} → {}", side(&c.old), side(&c.new)),
    }
}

fn details(c: &Change) -> String {
    let mut body = format!("{}{}.\n", c.message, verdict_note(c));
    if let Some(src) = &c.context.source {
        let at = src.revision.as_ref().map_or(String::new(), |rev| format!(" at `{rev}`"));
        body.push_str(&format!("\nSource: `{}:{}:{}`{at}\n", src.file, src.line, src.column));
    }
    if let Some(old) = &c.old {
        body.push_str(&format!("\nOld:\n```json\n{}\n```\n", pretty(old)));
    }
    if let Some(new) = &c.new {
        body.push_str(&format!("\nNew:\n```json\n{}\n```\n", pretty(new)));
    }
    if !c.context.folded.is_empty() {
        body.push_str("\nWith it:\n");
        c.context.folded.iter().for_each(|f| body.push_str(&format!("- {f}\n")));
    }
    if let Some(d) = &c.context.definition {
        if !c.context.also.is_empty() {
            body.push_str(&format!("\nIn the shared definition `{d}`, also used by:\n"));
            c.context.also.iter().for_each(|p| body.push_str(&format!("- `{}` at `{}`\n", p.tool, p.pointer)));
        }
    }
    let at = if c.pointer.is_empty() { String::new() } else { format!(" at <code>{}</code>", html(&c.pointer)) };
    format!(
        "<details><summary><code>{}</code>: <code>{}</code>{at}</summary>\n\n{body}\n</details>\n",
        html(&c.tool),
        c.rule.id
    )
}

fn pretty(v: &serde_json::Value) -> String {
    serde_json::to_string_pretty(v).unwrap_or_default()
}

/// Inline code in a table cell: a backtick run longer than any inside, `|` escaped.
fn code(s: &str) -> String {
    let s = s.replace('|', "\\|");
    let ticks = "`".repeat(longest_backtick_run(&s) + 1);
    let pad = if s.starts_with('`') || s.ends_with('`') { " " } else { "" };
    format!("{ticks}{pad}{s}{pad}{ticks}")
}

fn longest_backtick_run(s: &str) -> usize {
    s.split(|c| c != '`').map(str::len).max().unwrap_or(0)
}

fn html(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::check::compare;
    use crate::Manifest;

    #[test]
    fn breaking_rows_come_first_and_cells_are_escaped() {
        let old = Manifest::from_value(json!({"tools": [
            {"name": "a", "description": "x", "inputSchema": {"type": "object", "properties": {"p|q": {"type": "string"}}}}]}))
        .unwrap();
        let new = Manifest::from_value(json!({"tools": [
            {"name": "a", "description": "y", "inputSchema": {"type": "object", "properties": {"p|q": {"type": "integer"}}}}]}))
        .unwrap();
        let text =
            compare(&old, &new).render_markdown(&RenderOptions { manifest: "m.json".into(), ..Default::default() });
        let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("| **") || l.starts_with("| compatible")).collect();
        assert_eq!(rows.len(), 2, "{text}");
        assert!(rows[0].starts_with("| **breaking** | `a` | `/inputSchema/properties/p\\|q/type`"), "{text}");
        assert!(rows[1].starts_with("| compatible | `a` | `/description`"), "{text}");
        assert!(text.starts_with(MARKER), "{text}");
        assert_eq!(code("a|b`c"), "``a\\|b`c``");
    }
}
