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
    format!("{MARKER}\n{}", body(report, opts, None))
}

/// ` (server `NAME`)`: what the heading of a server's part of a comment ends with.
pub(super) fn server_label(server: &str) -> String {
    format!(" (server {})", code(server))
}

/// The report after its marker; the heading names `server` in a run over several.
pub(super) fn body(report: &Report, opts: &RenderOptions, server: Option<&str>) -> String {
    let label = server.map_or(String::new(), server_label);
    let mut out = String::new();
    let icon = if report.breaking_count() > 0 {
        ":x:"
    } else if report.drift() {
        ":warning:"
    } else {
        ":white_check_mark:"
    };
    if !report.drift() {
        out.push_str(&format!("### {icon} mcp-schema: {}{label}\n", summary(report, &opts.manifest)));
        return out;
    }
    let cost = report.tokens.as_ref().map_or(String::new(), |t| format!("; {}", t.phrase()));
    let heading = format!("### {icon} mcp-schema: {}{cost}{label}", counts(report));
    out.push_str(&format!("{heading}\n\n{}\n", summary(report, &opts.manifest)));
    let mut ordered: Vec<&Change> = report.changes.iter().collect();
    // Stable: breaking first (accepted ones are not), each group in report order.
    ordered.sort_by_key(|c| !(c.breaking && c.context.accepted.is_none()));
    out.push_str("\n| | Tool | Change | Source | Rule | Old → New |\n|---|---|---|---|---|---|\n");
    for c in &ordered {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} |\n",
            verdict_cell(c),
            tools_of(c),
            cell(&c.message),
            source_of(c, opts.blob_base.as_deref()).unwrap_or_else(|| "—".to_owned()),
            code(c.rule.id),
            old_to_new(c),
        ));
    }
    out.push_str(&rules_of(&ordered));
    if let Some(tokens) = report.tokens.as_ref().filter(|t| !t.tools.is_empty()) {
        out.push_str(&token_table(tokens));
    }
    out.push('\n');
    for c in &ordered {
        out.push_str(&details(c, opts.blob_base.as_deref()));
    }
    if let Some(hint) = &opts.update_hint {
        out.push_str(&format!("\nTo accept these changes, run `{hint}` and commit the manifest.\n"));
    }
    out
}

/// `3 breaking, 2 compatible, 1 accepted` (accepted only when there are some).
fn counts(report: &Report) -> String {
    let (breaking, accepted) = (report.breaking_count(), report.accepted_count());
    let mut line = format!("{breaking} breaking, {} compatible", report.changes.len() - breaking - accepted);
    if accepted > 0 {
        line.push_str(&format!(", {accepted} accepted"));
    }
    line
}

/// What each tool whose cost changed costs now, and the change (`docs/tokens.md`).
fn token_table(tokens: &crate::tokens::Delta) -> String {
    let encoding = crate::choice::Choice::name(tokens.encoding);
    let mut out = format!("\n| Tool | Tokens ({encoding}) | Change |\n|---|--:|--:|\n");
    for t in &tokens.tools {
        let now = t.new.map_or("—".to_owned(), crate::tokens::thousands);
        out.push_str(&format!("| {} | {now} | {} |\n", code(&t.tool), crate::tokens::signed(t.change())));
    }
    out
}

/// Each rule of the table once, with its one-line summary: the rule pages live in mcp-schema's
/// sources (`docs/rules/<id>.md`), whose address the report cannot know.
fn rules_of(ordered: &[&Change]) -> String {
    let mut seen: Vec<&str> = Vec::new();
    let mut out = String::from("\nRules:\n");
    for c in ordered {
        if !seen.contains(&c.rule.id) {
            seen.push(c.rule.id);
            out.push_str(&format!("- {}: {}\n", code(c.rule.id), c.rule.summary));
        }
    }
    out
}

/// Where the change comes from: a link to the head commit's line when `blob_base` is known, else
/// `path:line`. A removed item's line is the head revision's type or fn that lost it, with the
/// place the item had in the baseline.
fn source_of(c: &Change, blob_base: Option<&str>) -> Option<String> {
    let src = c.context.source.as_ref()?;
    let Some(rev) = &src.revision else { return Some(line_link(&src.file, src.line, blob_base)) };
    let was = format!("was at {} at {}", code(&format!("{}:{}", src.file, src.line)), code(rev));
    Some(match &c.context.removed_from {
        Some(head) => format!("{} ({was})", line_link(&head.file, head.line, blob_base)),
        None => was,
    })
}

/// `[path:line](BASE/path#Lline)`, or `` `path:line` `` without a base or for a path a URL would
/// need escaped.
fn line_link(file: &str, line: usize, blob_base: Option<&str>) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "._-/".contains(c);
    match blob_base {
        Some(base) if file.chars().all(plain) && !file.starts_with('/') => {
            format!("[{file}:{line}]({base}/{file}#L{line})")
        }
        _ => code(&format!("{file}:{line}")),
    }
}

/// Text in a table cell: on one line, inert ([`crate::escape::markdown_text`]).
fn cell(s: &str) -> String {
    crate::escape::markdown_text(s)
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

fn details(c: &Change, blob_base: Option<&str>) -> String {
    let mut body = format!("{}.\n", cell(&format!("{}{}", c.message, verdict_note(c))));
    if let Some(source) = source_of(c, blob_base) {
        body.push_str(&format!("\nSource: {source}\n"));
    }
    if let Some(old) = &c.old {
        body.push_str(&format!("\nOld:\n```json\n{}\n```\n", pretty(old)));
    }
    if let Some(new) = &c.new {
        body.push_str(&format!("\nNew:\n```json\n{}\n```\n", pretty(new)));
    }
    if !c.context.folded.is_empty() {
        body.push_str("\nWith it:\n");
        c.context.folded.iter().for_each(|f| body.push_str(&format!("- {}\n", cell(f))));
    }
    if let Some(d) = &c.context.definition {
        if !c.context.also.is_empty() {
            body.push_str(&format!("\nIn the shared definition {}, also used by:\n", code(d)));
            c.context
                .also
                .iter()
                .for_each(|p| body.push_str(&format!("- {} at {}\n", code(&p.tool), code(&p.pointer))));
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

use crate::escape::{html, markdown_code as code};

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::check::compare;
    use crate::manifest::Manifest;

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
        assert!(
            rows[0].starts_with(
                "| **breaking** | `a` | type string -> integer | — | `type-changed` | `\"string\"` → `\"integer\"` |"
            ),
            "{text}"
        );
        assert!(rows[1].starts_with("| compatible | `a` | "), "{text}");
        assert!(text.contains("### :x: mcp-schema: 1 breaking, 1 compatible\n"), "{text}");
        assert!(text.contains("<code>/inputSchema/properties/p|q/type</code>"), "{text}");
        assert!(text.starts_with(MARKER), "{text}");
        assert_eq!(code("a|b`c"), "``a\\|b`c``");
    }

    #[test]
    fn a_source_links_to_the_head_commit_when_it_is_known() {
        let base = Some("https://github.com/o/r/blob/abc");
        assert_eq!(
            line_link("src/lib.rs", 13, base),
            "[src/lib.rs:13](https://github.com/o/r/blob/abc/src/lib.rs#L13)"
        );
        assert_eq!(line_link("src/lib.rs", 13, None), "`src/lib.rs:13`");
        // A path a URL would need escaped, or one outside the repository, is not linked.
        assert_eq!(line_link("my src/a.rs", 2, base), "`my src/a.rs:2`");
        assert_eq!(line_link("/tmp/a.rs", 2, base), "`/tmp/a.rs:2`");
    }
}
