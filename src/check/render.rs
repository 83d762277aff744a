//! Rendering a [`Report`] as text: the human report and GitHub workflow commands.

use super::json::one_line;
use super::{Change, Report, ToolStatus};
use crate::diagnostics::{rule_report, Severity};
use crate::escape::terminal;

/// How to render a report.
#[derive(Debug, Clone, Default)]
pub struct RenderOptions {
    /// The manifest's name as the user should see it (`mcp-tools.json`).
    pub manifest: String,
    /// ANSI colour (only on a terminal, never with NO_COLOR: the caller decides).
    pub color: bool,
    /// The command that accepts the changes, for the summary line.
    pub update_hint: Option<String>,
    /// `{server}/{repository}/blob/{sha}`: the commit the Markdown report links sources into
    /// ([`github_blob_base`]); `None` prints them as `path:line`.
    pub blob_base: Option<String>,
    /// The manifest file, when [`RenderOptions::manifest`] is a label rather than its path
    /// (`mcp-tools.json since main`): GitHub annotations and SARIF results about the manifest
    /// name the file.
    pub manifest_file: Option<String>,
    /// The crate the report is about: SARIF results of diagnostics that have no place of their
    /// own go on its Cargo.lock or Cargo.toml ([`super::sarif::Log::anchor`]).
    pub crate_dir: Option<std::path::PathBuf>,
}

impl RenderOptions {
    /// The manifest as a file path: [`RenderOptions::manifest_file`], else the manifest's name.
    pub fn manifest_file(&self) -> &str {
        self.manifest_file.as_deref().unwrap_or(&self.manifest)
    }
}

/// The head commit's file URLs on GitHub Actions, from `GITHUB_SERVER_URL`, `GITHUB_REPOSITORY`
/// and `GITHUB_SHA` (all set and not empty), for [`RenderOptions::blob_base`].
pub fn github_blob_base() -> Option<String> {
    let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    let (server, repository, sha) = (var("GITHUB_SERVER_URL")?, var("GITHUB_REPOSITORY")?, var("GITHUB_SHA")?);
    Some(format!("{}/{repository}/blob/{sha}", server.trim_end_matches('/')))
}

const RED: &str = "31";
const GREEN: &str = "32";
const YELLOW: &str = "33";
const CYAN: &str = "36";
const BOLD: &str = "1";
const DIM: &str = "2";

fn paint(s: &str, code: &str, color: bool) -> String {
    if color {
        format!("\x1b[{code}m{s}\x1b[0m")
    } else {
        s.to_owned()
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

pub(super) fn summary(report: &Report, manifest: &str) -> String {
    if !report.drift() {
        return format!("{manifest} is up to date ({})", plural(report.new_tools, "tool", "tools"));
    }
    let tools = report.by_tool();
    let count = |s: ToolStatus| tools.iter().filter(|t| t.1 == s).count();
    let breaking = report.breaking_count();
    let accepted = report.accepted_count();
    // A change of a shared definition hits tools that have no change of their own.
    let affected = report.affected_tools().len();
    let (added, removed) = (count(ToolStatus::Added), count(ToolStatus::Removed));
    let mut line = format!(
        "drift in {manifest}: {} ({} added, {} removed, {} changed), {}: {} breaking, {} compatible",
        plural(affected, "tool", "tools"),
        added,
        removed,
        affected - added - removed,
        plural(report.changes.len(), "change", "changes"),
        breaking,
        report.changes.len() - breaking - accepted,
    );
    if accepted > 0 {
        line.push_str(&format!(", {accepted} accepted"));
    }
    if let Some(tokens) = &report.tokens {
        line.push_str(&format!("; {}", tokens.phrase()));
    }
    line
}

/// ` (breaking)`, ` (compatible)`, or with the reason of an accepted change
/// ` (breaking, accepted: REASON)`.
pub(super) fn verdict_note(ch: &Change) -> String {
    let verdict = if ch.breaking { "breaking" } else { "compatible" };
    match &ch.context.accepted {
        Some(reason) => format!(" ({verdict}, accepted: {reason})"),
        None => format!(" ({verdict})"),
    }
}

pub(super) fn human(report: &Report, opts: &RenderOptions) -> String {
    let c = opts.color;
    let mut out = String::new();
    for (tool, status, changes) in report.by_tool() {
        let (word, code) = match status {
            ToolStatus::Added => ("added  ", GREEN),
            ToolStatus::Removed => ("removed", RED),
            ToolStatus::Changed => ("changed", CYAN),
        };
        let cost = report.tokens.as_ref().and_then(|t| t.of_tool(tool));
        let cost = cost.map_or(String::new(), |t| paint(&format!("  ({})", t.phrase()), DIM, c));
        out.push_str(&format!("{} {}{cost}\n", paint(word, code, c), paint(&terminal(tool), BOLD, c)));
        for ch in changes {
            let verdict = if ch.breaking {
                paint("BREAKING  ", &format!("{BOLD};{RED}"), c)
            } else {
                paint("compatible", YELLOW, c)
            };
            let at = if ch.pointer.is_empty() { String::new() } else { format!("  at {}", terminal(&ch.pointer)) };
            out.push_str(&format!("  {verdict}  {}{at}\n", paint(ch.rule.id, BOLD, c)));
            // The snippet of the Rust line says the message and the place: each is printed once.
            let snippet = ch.context.source.as_ref().and_then(|src| snippet(ch, src));
            if snippet.is_none() {
                out.push_str(&format!("              {}\n", terminal(&ch.message)));
            }
            if let Some(old) = &ch.old {
                out.push_str(&format!("              {} {}\n", paint("old:", DIM, c), one_line(old, 200)));
            }
            if let Some(new) = &ch.new {
                out.push_str(&format!("              {} {}\n", paint("new:", DIM, c), one_line(new, 200)));
            }
            if let Some(reason) = &ch.context.accepted {
                out.push_str(&format!("              {} {}\n", paint("accepted:", GREEN, c), terminal(reason)));
            }
            human_context(&mut out, ch, c);
            out.push_str(&snippet.unwrap_or_default());
        }
    }
    if report.drift() {
        out.push('\n');
    }
    let mut line = summary(report, &opts.manifest);
    if report.drift() {
        if let Some(hint) = &opts.update_hint {
            line.push_str(&format!("; to accept them run `{hint}`"));
        }
        let code = if report.breaking_count() > 0 { RED } else { YELLOW };
        line = paint(&line, code, c);
    } else {
        line = paint(&line, GREEN, c);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// The folded facts, the other places of a shared definition's change, and the Rust source when
/// no snippet shows it.
fn human_context(out: &mut String, ch: &Change, c: bool) {
    for fact in &ch.context.folded {
        out.push_str(&format!("              {} {}\n", paint("with:", DIM, c), terminal(fact)));
    }
    if let Some(d) = &ch.context.definition {
        if !ch.context.also.is_empty() {
            out.push_str(&format!("              {} {}, also used by:\n", paint("in:", DIM, c), terminal(d)));
            for p in &ch.context.also {
                out.push_str(&format!("                {} at {}\n", terminal(&p.tool), terminal(&p.pointer)));
            }
        }
    }
    if let Some(head) = &ch.context.removed_from {
        out.push_str(&format!(
            "              {} {}:{}:{}\n",
            paint("removed from:", DIM, c),
            terminal(&head.file),
            head.line,
            head.column
        ));
    }
    // Without a snippet (the file could not be read), the place alone.
    if let Some(src) = ch.context.source.as_ref().filter(|src| src.location.is_none()) {
        let at = src.revision.as_ref().map_or(String::new(), |rev| format!(" (at {})", terminal(rev)));
        let file = terminal(&src.file);
        out.push_str(&format!("              {} {file}:{}:{}{at}\n", paint("-->", DIM, c), src.line, src.column));
    }
}

/// The miette snippet of the Rust line behind a change (as the run's miette hook renders it).
fn snippet(ch: &Change, src: &super::SourcePoint) -> Option<String> {
    let location = src.location.clone()?;
    let severity = if ch.breaking { Severity::Error } else { Severity::Warning };
    let message = format!("{}: {}", terminal(&ch.tool), terminal(&ch.message));
    let text = format!("{:?}", rule_report(severity, ch.rule.id, message, location, ch.rule.id));
    Some(text.lines().map(|l| format!("              {l}\n")).collect())
}

use crate::escape::{github_data as escape_data, github_property as escape_property};

/// A change's workflow command, its message after `label` (a server's name in a run over several).
fn annotation(ch: &Change, manifest: &str, label: &str) -> String {
    let level = match (&ch.context.accepted, ch.breaking) {
        (Some(_), _) => "notice",
        (None, true) => "error",
        (None, false) => "warning",
    };
    let mut text = format!(
        "{}{}: {}",
        terminal(&ch.tool),
        if ch.pointer.is_empty() { String::new() } else { format!(" {}", terminal(&ch.pointer)) },
        ch.message
    );
    text.push_str(&verdict_note(ch));
    if let Some(old) = &ch.old {
        text.push_str(&format!("\nold: {}", one_line(old, 200)));
    }
    if let Some(new) = &ch.new {
        text.push_str(&format!("\nnew: {}", one_line(new, 200)));
    }
    for fact in &ch.context.folded {
        text.push_str(&format!("\nwith: {fact}"));
    }
    for p in &ch.context.also {
        text.push_str(&format!("\nalso: {} {}", terminal(&p.tool), terminal(&p.pointer)));
    }
    // On the Rust line when it is known: the annotation shows inline in the pull request's diff.
    let at = match &ch.context.source {
        Some(src) if src.revision.is_none() => {
            format!("file={},line={},col={}", escape_property(&src.file), src.line, src.column)
        }
        // A line of the baseline's file is not a line of the file now: the annotation goes on
        // the type or fn that lost the item, and the text says where the item was.
        Some(src) => {
            let rev = src.revision.as_deref().unwrap_or_default();
            text.push_str(&format!("\nwas at {}:{}:{} at {rev}", src.file, src.line, src.column));
            match &ch.context.removed_from {
                Some(head) => format!("file={},line={},col={}", escape_property(&head.file), head.line, head.column),
                None => format!("file={}", escape_property(&src.file)),
            }
        }
        None => format!("file={}", escape_property(manifest)),
    };
    format!(
        "::{level} {at},title={}::{label}{}",
        escape_property(&format!("mcp-schema {}: {}", ch.rule.id, terminal(&ch.tool))),
        escape_data(&text)
    )
}

/// A diagnostic (a run that could not finish) as a GitHub `::error` / `::warning` / `::notice`
/// line.
pub fn github_diagnostic(d: &crate::diagnostics::Diagnostic) -> String {
    github_command(d, "")
}

/// [`github_diagnostic`] with its message after `label` (a server's name in a run over several).
pub(super) fn github_command(d: &crate::diagnostics::Diagnostic, label: &str) -> String {
    let level = match d.severity {
        crate::diagnostics::Severity::Error => "error",
        crate::diagnostics::Severity::Warning => "warning",
        crate::diagnostics::Severity::Note => "notice",
    };
    let mut props = Vec::new();
    if let Some(path) = d.file_path() {
        // `src/x.rs`, not `./src/x.rs`: GitHub matches the path against the repository's files.
        props.push(format!("file={}", escape_property(&crate::diagnostics::shown_path(path))));
    }
    if let Some(loc) = &d.location {
        let (line, col) = loc.line_col();
        props.push(format!("line={line},col={col}"));
    }
    props.push(format!("title={}", escape_property(&format!("mcp-schema {}", d.code))));
    let mut text = d.message.clone();
    if let Some(help) = &d.help {
        text.push_str(&format!("\nhelp: {help}"));
    }
    format!("::{level} {}::{label}{}", props.join(","), escape_data(&text))
}

pub(super) fn github(report: &Report, opts: &RenderOptions) -> String {
    github_with(report, opts, "", "")
}

/// The report's workflow commands and its summary line, each message (and the line) after
/// `label`; the run's own `annotations` (its diagnostics' commands) come after the changes'.
/// GitHub shows the first ten warnings of a step: the changes, which the step is about, come
/// before a crate's dozens of lint warnings.
pub(super) fn github_with(report: &Report, opts: &RenderOptions, label: &str, annotations: &str) -> String {
    let mut out = String::new();
    for ch in &report.changes {
        out.push_str(&annotation(ch, opts.manifest_file(), label));
        out.push('\n');
    }
    out.push_str(annotations);
    // Each tool whose cost changed: a notice on the manifest, beside its changes.
    for t in report.tokens.iter().flat_map(|t| &t.tools) {
        let title = escape_property(&format!("mcp-schema tokens: {}", terminal(&t.tool)));
        let at = escape_property(opts.manifest_file());
        out.push_str(&format!(
            "::notice file={at},title={title}::{label}{}\n",
            escape_data(&format!("{}: {}", terminal(&t.tool), t.phrase()))
        ));
    }
    let mut line = summary(report, &opts.manifest);
    if report.drift() {
        if let Some(hint) = &opts.update_hint {
            line.push_str(&format!("; to accept them run `{hint}`"));
        }
    }
    // Not a command: a line of the log, which must not read as one.
    out.push_str(&crate::escape::log_lines(&format!("{label}{line}\n")));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::compare;
    use crate::manifest::Manifest;
    use serde_json::json;

    fn sample() -> Report {
        let old = Manifest::from_value(json!({"tools": [
            {"name": "a", "description": "A", "inputSchema": {"type": "object", "properties": {"x": {"type": "string"}}}},
            {"name": "gone", "inputSchema": {}}]}))
        .unwrap();
        let new = Manifest::from_value(json!({"tools": [
            {"name": "a", "description": "A, better", "inputSchema": {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]}}]}))
        .unwrap();
        compare(&old, &new)
    }

    #[test]
    fn human_report_lists_tools_changes_and_a_summary() {
        let opts = RenderOptions {
            manifest: "m.json".into(),
            color: false,
            update_hint: Some("mcp-schema generate -o m.json".into()),
            ..RenderOptions::default()
        };
        let text = sample().render_human(&opts);
        assert!(text.contains("changed a\n"), "{text}");
        assert!(text.contains("BREAKING    property-made-required  at /inputSchema/properties/x"), "{text}");
        assert!(text.contains("compatible  description-changed  at /description"), "{text}");
        assert!(text.contains("old: \"A\"\n"), "{text}");
        assert!(text.contains("removed gone\n"), "{text}");
        assert!(!text.contains('\x1b'), "no colour when asked for none");
        let last = text.lines().last().unwrap();
        assert_eq!(
            last,
            "drift in m.json: 2 tools (0 added, 1 removed, 1 changed), 3 changes: 2 breaking, 1 compatible; to accept them run `mcp-schema generate -o m.json`"
        );
        assert!(sample().render_human(&RenderOptions { color: true, ..opts }).contains("\x1b[1;31mBREAKING"));
    }

    #[test]
    fn github_diagnostics_carry_file_and_title() {
        let d = crate::diagnostics::Diagnostic::error(crate::diagnostics::Code::BadManifest, "not JSON: x\ny")
            .in_file(std::path::Path::new("a:b.json"));
        assert_eq!(github_diagnostic(&d), "::error file=a%3Ab.json,title=mcp-schema bad-manifest::not JSON: x%0Ay");
    }

    #[test]
    fn github_annotations_are_escaped() {
        let text = sample().render_github(&RenderOptions { manifest: "dir,x/m.json".into(), ..Default::default() });
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4, "{text}");
        assert!(
            lines[0].starts_with(
                "::warning file=dir%2Cx/m.json,title=mcp-schema description-changed%3A a::a /description: "
            ),
            "{text}"
        );
        assert!(lines[0].contains("%0Aold: \"A\"%0Anew: \"A, better\""), "{text}");
        assert!(lines[1].starts_with("::error "), "{text}");
        assert!(lines[2].starts_with("::error ") && lines[2].contains("tool-removed"), "{text}");
        assert!(lines[3].starts_with("drift in"), "{text}");
    }
}
