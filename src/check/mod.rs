//! Drift: compare a committed manifest with a regenerated one and classify every change.
//!
//! [`compare`] matches tools by name and walks each pair: the tool's own fields, then its
//! `inputSchema` judged as a request (what a client already sends must still be accepted) and
//! its `outputSchema` judged as a response (what a client reads must still be there), through
//! the schema walker of `walk` over the canonical forms of `normalize`. Every difference
//! becomes a [`Change`] named by a rule of [`rules`], which holds the rule's documentation and
//! its check. Object key order is never a difference; array order is.
//!
//! Nothing here prints: [`Report`] renders itself to strings for the CLI.

pub mod accept;
pub mod baseline;
mod causes;
pub mod clients;
pub mod docs;
mod fold;
pub(crate) mod json;
mod keywords;
mod markdown;
pub(crate) mod normalize;
pub mod output;
mod render;
pub mod rules;
pub mod sarif;
mod walk;

use serde_json::{Map, Value};

use crate::choice::Choice;
use crate::manifest::Manifest;
use json::{equivalent, join};
use rules::{JudgedAs, Rule};

pub use causes::name_causes;
pub use markdown::MARKER as MARKDOWN_MARKER;
pub use render::{github_blob_base, github_diagnostic, RenderOptions};

/// How `check` reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    /// Per tool, each change with its verdict, rule, values and Rust source; a summary line
    #[default]
    Human,
    /// One JSON document on stdout, whatever happens (diagnostics inside)
    Json,
    /// GitHub Actions annotations, on the Rust line when it is known
    Github,
    /// A pull-request comment: a summary line, a table (breaking first) and details.
    Markdown,
    /// SARIF 2.1.0 for GitHub code scanning: each change and diagnostic with its rule and Rust line
    Sarif,
}

/// Which changes fail the run (exit status 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FailOn {
    /// Only breaking changes.
    Breaking,
    /// Any drift, compatible or not: the committed manifest is out of date.
    #[default]
    Any,
    /// Never: report only.
    None,
}

impl Choice for Format {
    const ALL: &'static [Format] = &[Format::Human, Format::Json, Format::Github, Format::Markdown, Format::Sarif];

    fn name(self) -> &'static str {
        match self {
            Format::Human => "human",
            Format::Json => "json",
            Format::Github => "github",
            Format::Markdown => "markdown",
            Format::Sarif => "sarif",
        }
    }

    fn help(self) -> &'static str {
        match self {
            Format::Human => "Per tool, each change with its verdict, rule, values and Rust source; a summary line",
            Format::Json => "One JSON document on stdout, whatever happens (diagnostics inside)",
            Format::Github => "GitHub Actions annotations, on the Rust line when it is known",
            Format::Markdown => "A pull-request comment: a summary line, a table (breaking first) and details",
            Format::Sarif => {
                "SARIF 2.1.0 for GitHub code scanning: each change and diagnostic with its rule and Rust line"
            }
        }
    }
}

impl Choice for FailOn {
    const ALL: &'static [FailOn] = &[FailOn::Breaking, FailOn::Any, FailOn::None];

    fn name(self) -> &'static str {
        match self {
            FailOn::Breaking => "breaking",
            FailOn::Any => "any",
            FailOn::None => "none",
        }
    }

    fn help(self) -> &'static str {
        match self {
            FailOn::Breaking => "Only breaking changes",
            FailOn::Any => "Any drift, compatible or not: the committed manifest is out of date",
            FailOn::None => "Never: report only",
        }
    }
}

crate::choice::from_str_by_choice!(Format, FailOn);

impl FailOn {
    /// Whether `report` fails the run.
    pub fn fails(self, report: &Report) -> bool {
        match self {
            FailOn::Breaking => report.breaking_count() > 0,
            FailOn::Any => report.changes.iter().any(|c| c.context.accepted.is_none()),
            FailOn::None => false,
        }
    }
}

/// One difference between the committed and the regenerated manifest.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    /// The tool's name (its old name for a removed tool).
    pub tool: String,
    /// A JSON pointer into the tool object (`/inputSchema/properties/limit`); `""` for the tool as
    /// a whole. Pointers follow `$ref`, so they name the argument or field a change hits.
    pub pointer: String,
    /// The rule that names the change (one of [`rules::ALL`]).
    pub rule: &'static Rule,
    /// Whether the change breaks clients (the rule's verdict where the change is).
    pub breaking: bool,
    /// The committed value, when there is one to show.
    pub old: Option<Value>,
    /// The regenerated value, when there is one to show.
    pub new: Option<Value>,
    /// A short human sentence (not part of `--format json`).
    pub message: String,
    /// Where the change sits in a shared definition, the places it also hits, the facts folded
    /// into it and the Rust source behind it.
    pub context: Context,
}

/// What `fold` and the source map add to a [`Change`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Context {
    /// `#/$defs/Name/...` when the change is inside a definition reached through `$ref` (the
    /// same definition may be used by several arguments and tools).
    pub definition: Option<String>,
    /// The other places the same change hits: a field of a shared definition is reported once.
    pub also: Vec<Place>,
    /// The messages of dependent facts folded into this change (`format`, bounds, nullability
    /// that came and went with a type change).
    pub folded: Vec<String>,
    /// The Rust source that produced the changed item, when it is known (the new side for an
    /// added or changed item, the baseline for a removed one).
    pub source: Option<SourcePoint>,
    /// For a removed item whose [`Self::source`] is in the baseline revision: the place in the
    /// head revision of the nearest item still there (the struct, enum or tool fn that lost it),
    /// a line annotations and links can point at.
    pub removed_from: Option<SourcePoint>,
    /// Why the change is accepted, when a rule level or an accept entry accepts it
    /// ([`accept`]): it is still reported, but never fails the run.
    pub accepted: Option<String>,
}

/// One place a change hits: a tool and a pointer in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    /// The tool's name.
    pub tool: String,
    /// A JSON pointer into the tool object, as [`Change::pointer`].
    pub pointer: String,
}

/// A position in a Rust source file (1-based line and column), with the span's byte range for
/// snippets.
#[derive(Debug, Clone)]
pub struct SourcePoint {
    /// The path as the run shows it (relative to the current directory when it can be).
    pub file: String,
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1.
    pub column: usize,
    /// The span in the file, for a miette snippet (absent when the file could not be read).
    pub location: Option<crate::diagnostics::Location>,
    /// The git revision whose version of the file this is (a removed item, found in the
    /// baseline); `None` for the file as it is now.
    pub revision: Option<String>,
}

impl PartialEq for SourcePoint {
    fn eq(&self, other: &Self) -> bool {
        (&self.file, self.line, self.column, &self.revision) == (&other.file, other.line, other.column, &other.revision)
    }
}

/// What happened to a tool as a whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToolStatus {
    /// The tool is new.
    Added,
    /// The tool is gone.
    Removed,
    /// The tool is in both manifests and differs.
    Changed,
}

/// The result of a comparison.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Report {
    /// Grouped by tool: the committed manifest's order, then the added tools.
    pub changes: Vec<Change>,
    /// How many tools the committed manifest lists.
    pub old_tools: usize,
    /// How many tools the regenerated manifest lists.
    pub new_tools: usize,
    /// How the cost of the tool list changed, when it was counted (`check` and `diff` count it;
    /// [`compare`] does not).
    pub tokens: Option<crate::tokens::Delta>,
}

impl Report {
    /// Whether the manifests differ (ignoring object key order).
    pub fn drift(&self) -> bool {
        !self.changes.is_empty()
    }

    /// How many changes break clients and are not accepted.
    pub fn breaking_count(&self) -> usize {
        self.changes.iter().filter(|c| c.breaking && c.context.accepted.is_none()).count()
    }

    /// How many changes are accepted.
    pub fn accepted_count(&self) -> usize {
        self.changes.iter().filter(|c| c.context.accepted.is_some()).count()
    }

    /// The tools that differ, in report order, each with its status and its changes.
    pub fn by_tool(&self) -> Vec<(&str, ToolStatus, Vec<&Change>)> {
        let mut out: Vec<(&str, ToolStatus, Vec<&Change>)> = Vec::new();
        for c in &self.changes {
            match out.iter_mut().find(|(t, _, _)| *t == c.tool) {
                Some(entry) => entry.2.push(c),
                None => out.push((c.tool.as_str(), ToolStatus::Changed, vec![c])),
            }
        }
        for entry in &mut out {
            if entry.2.iter().any(|c| *c.rule == rules::tool_added::RULE) {
                entry.1 = ToolStatus::Added;
            } else if entry.2.iter().any(|c| *c.rule == rules::tool_removed::RULE) {
                entry.1 = ToolStatus::Removed;
            }
        }
        out
    }

    /// `--format json`: `{"drift": bool, "changes": [{"tool", "pointer", "rule", "breaking", "old", "new",
    /// "definition", "also", "folded", "accepted", "source"}]}`, each of the last seven left out where it
    /// does not apply (`accepted` is the reason).
    pub fn to_json(&self) -> Value {
        let changes = self
            .changes
            .iter()
            .map(|c| {
                let mut m = Map::new();
                m.insert("tool".into(), Value::String(c.tool.clone()));
                m.insert("pointer".into(), Value::String(c.pointer.clone()));
                m.insert("rule".into(), Value::String(c.rule.id.into()));
                m.insert("breaking".into(), Value::Bool(c.breaking));
                if let Some(old) = &c.old {
                    m.insert("old".into(), old.clone());
                }
                if let Some(new) = &c.new {
                    m.insert("new".into(), new.clone());
                }
                context_json(&c.context, &mut m);
                Value::Object(m)
            })
            .collect();
        let mut doc = Map::new();
        doc.insert("drift".into(), Value::Bool(self.drift()));
        doc.insert("changes".into(), Value::Array(changes));
        if let Some(tokens) = &self.tokens {
            doc.insert("tokens".into(), tokens.to_json());
        }
        Value::Object(doc)
    }

    /// The one-line summary that ends the human report.
    pub fn summary(&self, manifest: &str) -> String {
        render::summary(self, manifest)
    }

    /// The human report: per tool, added / removed / changed, each change with its pointer, rule,
    /// verdict and old and new values; a one-line summary at the end.
    pub fn render_human(&self, opts: &RenderOptions) -> String {
        render::human(self, opts)
    }

    /// GitHub Actions workflow commands: `::error` for breaking changes, `::warning` for the others.
    pub fn render_github(&self, opts: &RenderOptions) -> String {
        render::github(self, opts)
    }

    /// `--format markdown`: a pull-request comment (see `markdown`).
    pub fn render_markdown(&self, opts: &RenderOptions) -> String {
        markdown::render(self, opts)
    }

    /// Every tool a change hits, in report order (a change of a shared definition hits several).
    pub fn affected_tools(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for c in &self.changes {
            for t in std::iter::once(c.tool.as_str()).chain(c.context.also.iter().map(|p| p.tool.as_str())) {
                if !out.contains(&t) {
                    out.push(t);
                }
            }
        }
        out
    }

    /// `--format json`, pretty, with a final newline.
    pub fn render_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(&self.to_json()).unwrap_or_default();
        s.push('\n');
        s
    }
}

/// The parts of a change's [`Context`] that are there, as `--format json` shows them.
fn context_json(ctx: &Context, m: &mut Map<String, Value>) {
    if let Some(d) = &ctx.definition {
        m.insert("definition".into(), Value::String(d.clone()));
    }
    if !ctx.also.is_empty() {
        let also = ctx.also.iter().map(|p| serde_json::json!({"tool": p.tool, "pointer": p.pointer})).collect();
        m.insert("also".into(), Value::Array(also));
    }
    if !ctx.folded.is_empty() {
        m.insert("folded".into(), ctx.folded.iter().map(|f| Value::String(f.clone())).collect());
    }
    if let Some(reason) = &ctx.accepted {
        m.insert("accepted".into(), Value::String(reason.clone()));
    }
    if let Some(s) = &ctx.source {
        let mut source = serde_json::json!({"file": s.file, "line": s.line, "column": s.column});
        if let Some(rev) = &s.revision {
            source["revision"] = Value::String(rev.clone());
        }
        m.insert("source".into(), source);
    }
}

/// Compare the committed manifest `old` with the regenerated `new`: one entry per change, the
/// facts that follow from it folded in (`fold`).
///
/// # Example
///
/// A property removed from an `inputSchema` breaks clients only where it was required:
///
/// ```
/// use std::path::Path;
///
/// use mcp_schema::{check, Manifest};
///
/// let case = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/drift/property-removed");
/// let old = Manifest::read(&case.join("before.json")).unwrap();
/// let new = Manifest::read(&case.join("after.json")).unwrap();
/// let report = check::compare(&old, &new);
/// assert!(report.drift());
/// let first = &report.changes[0];
/// assert_eq!((first.tool.as_str(), first.pointer.as_str()), ("search", "/inputSchema/properties/fuzzy"));
/// assert_eq!((first.rule.id, first.breaking), ("property-removed", false));
/// assert_eq!(report.breaking_count(), 2);
/// assert!(check::FailOn::Breaking.fails(&report));
/// ```
pub fn compare(old: &Manifest, new: &Manifest) -> Report {
    let mut report = compare_every_fact(old, new);
    report.changes = fold::fold(std::mem::take(&mut report.changes));
    report
}

fn compare_every_fact(old: &Manifest, new: &Manifest) -> Report {
    let mut report = Report { changes: Vec::new(), old_tools: old.len(), new_tools: new.len(), tokens: None };
    // The same text is the same tools, key order included: nothing to parse.
    if old.tools() == new.tools() {
        return report;
    }
    let (old, new) = (old.tool_values(), new.tool_values());
    if old.len() == new.len() && old.iter().zip(&new).all(|(a, b)| equivalent(a, b)) {
        return report;
    }
    let okeys = keys(&old);
    let nkeys = keys(&new);
    // Looked up by key: linear in the tools, not quadratic.
    let new_at: std::collections::HashMap<&(String, usize), usize> =
        nkeys.iter().enumerate().map(|(j, k)| (k, j)).collect();
    let in_old: std::collections::HashSet<&(String, usize)> = okeys.iter().collect();
    let common_old: Vec<&(String, usize)> = okeys.iter().filter(|k| new_at.contains_key(k)).collect();
    let common_new: Vec<&(String, usize)> = nkeys.iter().filter(|k| in_old.contains(k)).collect();
    let unmoved: std::collections::HashSet<&(String, usize)> =
        rules::tool_moved::unmoved(&common_old, &common_new).into_iter().collect();
    for (i, key) in okeys.iter().enumerate() {
        let name = key.0.as_str();
        let Some(&j) = new_at.get(key) else {
            report.changes.push(tool_change(
                &rules::tool_removed::RULE,
                name,
                None,
                None,
                rules::tool_removed::MESSAGE.into(),
            ));
            continue;
        };
        if !unmoved.contains(&key) {
            report.changes.push(tool_change(
                &rules::tool_moved::RULE,
                name,
                Some(Value::from(i)),
                Some(Value::from(j)),
                rules::tool_moved::message(i, j),
            ));
        }
        report.changes.extend(compare_tool(name, &old[i], &new[j]));
    }
    for key in nkeys.iter().filter(|k| !in_old.contains(k)) {
        report.changes.push(tool_change(
            &rules::tool_added::RULE,
            &key.0,
            None,
            None,
            rules::tool_added::MESSAGE.into(),
        ));
    }
    report
}

/// Tools by (name, how many of that name came before), so duplicate names still pair up.
fn keys(tools: &[Value]) -> Vec<(String, usize)> {
    let mut seen: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    let mut out: Vec<(String, usize)> = Vec::with_capacity(tools.len());
    for t in tools {
        let name = t.get("name").and_then(Value::as_str).unwrap_or_default();
        let n = seen.entry(name).or_default();
        out.push((name.to_owned(), *n));
        *n += 1;
    }
    out
}

fn tool_change(rule: &'static Rule, tool: &str, old: Option<Value>, new: Option<Value>, message: String) -> Change {
    Change {
        tool: tool.into(),
        pointer: String::new(),
        rule,
        breaking: rule.breaking(JudgedAs::Tool),
        old,
        new,
        message,
        context: Context::default(),
    }
}

/// The changes inside one tool that kept its name.
fn compare_tool(name: &str, old: &Value, new: &Value) -> Vec<Change> {
    if equivalent(old, new) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let empty = Map::new();
    let o = old.as_object().unwrap_or(&empty);
    let n = new.as_object().unwrap_or(&empty);
    let mut fields: Vec<&String> = o.keys().collect();
    fields.extend(n.keys().filter(|k| !o.contains_key(*k)));
    for field in fields {
        let (ov, nv) = (o.get(field), n.get(field));
        if let (Some(a), Some(b)) = (ov, nv) {
            if equivalent(a, b) {
                continue;
            }
        }
        let p = join("", field);
        let simple = |rule: &'static Rule, message: String| Change {
            tool: name.into(),
            pointer: p.clone(),
            rule,
            breaking: rule.breaking(JudgedAs::Tool),
            old: ov.cloned(),
            new: nv.cloned(),
            message,
            context: Context::default(),
        };
        match field.as_str() {
            "name" => {}
            "title" => out.push(simple(&rules::title_changed::RULE, rules::title_changed::check(ov, nv))),
            "description" => {
                out.push(simple(&rules::description_changed::RULE, rules::description_changed::check(ov, nv)))
            }
            "_meta" | "icons" => {
                out.push(simple(&rules::metadata_changed::RULE, rules::metadata_changed::check(field, ov, nv)))
            }
            "inputSchema" => match (ov, nv) {
                (Some(a), Some(b)) => out.extend(walk::SchemaWalk::new(name, JudgedAs::Request, a, b).run(&p)),
                (Some(_), None) => {
                    out.push(simple(&rules::input_schema_removed::RULE, rules::input_schema_removed::MESSAGE.into()))
                }
                _ => out.push(simple(&rules::input_schema_added::RULE, rules::input_schema_added::MESSAGE.into())),
            },
            "outputSchema" => match (ov, nv) {
                (Some(a), Some(b)) => out.extend(walk::SchemaWalk::new(name, JudgedAs::Response, a, b).run(&p)),
                (Some(_), None) => {
                    out.push(simple(&rules::output_schema_removed::RULE, rules::output_schema_removed::MESSAGE.into()))
                }
                _ => out.push(simple(&rules::output_schema_added::RULE, rules::output_schema_added::MESSAGE.into())),
            },
            "annotations" => out.extend(rules::annotation_changed::check(name, ov, nv)),
            _ => out
                .push(simple(&rules::unclassified_change::RULE, rules::unclassified_change::tool_field_message(field))),
        }
    }
    if out.is_empty() {
        // The tools differ, but not in a way the rules saw: never let drift go unreported.
        let rule = &rules::unclassified_change::RULE;
        out.push(Change {
            tool: name.into(),
            pointer: String::new(),
            rule,
            breaking: rule.breaking(JudgedAs::Tool),
            old: Some(old.clone()),
            new: Some(new.clone()),
            message: rules::unclassified_change::WHOLE_TOOL_MESSAGE.into(),
            context: Context::default(),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn m(v: Value) -> Manifest {
        Manifest::from_value(v).unwrap()
    }

    #[test]
    fn key_order_is_not_drift() {
        let a = Manifest::parse(
            r#"{"tools":[{"name":"a","inputSchema":{"type":"object","properties":{"x":{"type":"string"}}}}]}"#,
        )
        .unwrap();
        let b = Manifest::parse(
            r#"{"tools":[{"inputSchema":{"properties":{"x":{"type":"string"}},"type":"object"},"name":"a"}]}"#,
        )
        .unwrap();
        assert!(!compare(&a, &b).drift());
    }

    #[test]
    fn rename_is_removed_plus_added() {
        let r = compare(
            &m(json!({"tools": [{"name": "a", "inputSchema": {}}]})),
            &m(json!({"tools": [{"name": "b", "inputSchema": {}}]})),
        );
        let got: Vec<_> = r.changes.iter().map(|c| (c.tool.as_str(), c.rule.id, c.breaking)).collect();
        assert_eq!(got, vec![("a", "tool-removed", true), ("b", "tool-added", false)]);
        let statuses: Vec<_> = r.by_tool().into_iter().map(|(t, s, _)| (t, s)).collect();
        assert_eq!(statuses, vec![("a", ToolStatus::Removed), ("b", ToolStatus::Added)]);
    }

    #[test]
    fn moving_one_tool_reports_only_that_tool() {
        let t = |n: &str| json!({"name": n, "inputSchema": {}});
        let r = compare(&m(json!({"tools": [t("a"), t("b"), t("c")]})), &m(json!({"tools": [t("c"), t("a"), t("b")]})));
        let got: Vec<_> = r.changes.iter().map(|c| (c.tool.as_str(), c.rule.id)).collect();
        assert_eq!(got, vec![("c", "tool-moved")]);
    }

    #[test]
    fn json_format_leaves_out_absent_values() {
        let r = compare(&m(json!({"tools": [{"name": "a", "inputSchema": {}}]})), &m(json!({"tools": []})));
        assert_eq!(
            r.to_json(),
            json!({"drift": true, "changes": [{"tool": "a", "pointer": "", "rule": "tool-removed", "breaking": true}]})
        );
        let keys: Vec<_> = r.to_json()["changes"][0].as_object().unwrap().keys().cloned().collect();
        assert_eq!(keys, ["tool", "pointer", "rule", "breaking"]);
        assert_eq!(
            compare(&m(json!({"tools": []})), &m(json!({"tools": []}))).to_json(),
            json!({"drift": false, "changes": []})
        );
    }

    #[test]
    fn unknown_tool_fields_are_never_silent() {
        let r = compare(
            &m(json!({"tools": [{"name": "a", "inputSchema": {}, "execution": {"taskSupport": "forbidden"}}]})),
            &m(json!({"tools": [{"name": "a", "inputSchema": {}, "execution": {"taskSupport": "required"}}]})),
        );
        assert_eq!(r.changes.len(), 1);
        assert_eq!(
            (r.changes[0].rule.id, r.changes[0].pointer.as_str(), r.changes[0].breaking),
            ("unclassified-change", "/execution", true)
        );
    }
}
