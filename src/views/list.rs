//! `mcp-schema list`: one row per tool, as data ([`Row`]) and as a table that fits a width.

use serde::Serialize;
use serde_json::Value;

use super::types::{required, Schemas};
use crate::manifest::Manifest;
use crate::manifest::{Annotations, HINTS};
use crate::provenance::Provenance;
use crate::tokens::{thousands, Costs, Encoding};

/// What `list` shows of one tool.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    /// The tool's name.
    pub name: String,
    /// The tool's title, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The top-level properties of its `inputSchema`, in their order.
    pub parameters: Vec<Parameter>,
    /// The output type; `None` when the tool declares no output schema.
    pub output: Option<String>,
    /// A stateless 2026-07-28 request also gets an outputSchema for it (not an object, so the
    /// listing written, an `initialize` client's, has none; `--protocol 2026-07-28` lists it).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub stateless_output: bool,
    /// The hints the tool sets, by their long names (`read-only`); a hint set to `false` is
    /// `!read-only`.
    pub hints: Vec<String>,
    /// What the tool costs a model: the tokens of its compact JSON, in [`Listing::tokens`]'s
    /// encoding.
    pub tokens: usize,
}

/// One argument of a tool, as `list` shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Parameter {
    /// The argument's name.
    pub name: String,
    /// Its type, written short (`string`, `integer[]`, a definition's name).
    #[serde(rename = "type")]
    pub ty: String,
    /// Whether a call must give it.
    pub required: bool,
}

impl Parameter {
    /// `name: type`, `name?: type` when it may be left out.
    pub fn signature(&self) -> String {
        format!("{}{}: {}", self.name, if self.required { "" } else { "?" }, self.ty)
    }
}

/// The data of `list --format json`.
#[derive(Debug, Serialize)]
pub struct Listing {
    /// The profile that made the manifest, as `--profile` spells it.
    pub profile: Option<String>,
    /// The rmcp release reproduced, for the rmcp profile.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rmcp_version: Option<String>,
    /// Every tool, in the manifest's order.
    pub tools: Vec<Row>,
    /// What the whole list costs.
    pub tokens: TokenTotal,
}

/// The encoding the counts are in and their sum (`"tokens": {"encoding": "o200k_base", "total": N}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TokenTotal {
    /// The encoding every count of the listing is in.
    pub encoding: Encoding,
    /// The sum of every tool's count.
    pub total: usize,
}

impl Listing {
    /// The listing of `manifest`, made as `provenance` says, its costs counted in `encoding`.
    pub fn new(manifest: &Manifest, provenance: &Provenance, encoding: Encoding) -> Self {
        let values = manifest.tool_values();
        let costs = Costs::of(encoding, &values);
        let tools = values
            .iter()
            .zip(&costs.tools)
            .map(|(tool, (_, tokens))| row(tool, *tokens, &provenance.other_view))
            .collect();
        // The listing names the rmcp release only (its JSON key says so); other SDKs' releases
        // are not shown here.
        let rmcp_version = provenance.version_of("rmcp").map(str::to_owned);
        let tokens = TokenTotal { encoding, total: costs.total() };
        Listing { profile: provenance.profile_name(), rmcp_version, tools, tokens }
    }
}

/// The title a tool shows: its own `title`, else the one in its annotations.
pub fn title(tool: &Value) -> Option<String> {
    tool.get("title").or_else(|| tool.pointer("/annotations/title")).and_then(Value::as_str).map(str::to_owned)
}

/// The row of `tool`; `other_view`: the tools a stateless 2026-07-28 request also gets an
/// outputSchema for.
fn row(tool: &Value, tokens: usize, other_view: &[String]) -> Row {
    let name = tool.get("name").and_then(Value::as_str).unwrap_or_default().to_owned();
    let parameters = tool.get("inputSchema").map(parameters).unwrap_or_default();
    let output = tool.get("outputSchema").map(|schema| output_type(&name, schema));
    let stateless_output = output.is_none() && other_view.contains(&name);
    Row { title: title(tool), parameters, output, stateless_output, hints: hints(tool), name, tokens }
}

/// The mark of an output cell whose tool a stateless 2026-07-28 request also gets an
/// outputSchema for, and the line under the table that says so.
const STATELESS_MARK: &str = "—*";
fn stateless_legend() -> String {
    let p = crate::profile::protocol::LATEST_PROTOCOL;
    format!(
        "* a stateless {p} request also gets an outputSchema (not an object, so an `initialize` client does not); `--protocol {p}` lists that view\n"
    )
}

/// The top-level properties of an input schema (behind a `$ref`, if the root is one).
fn parameters(schema: &Value) -> Vec<Parameter> {
    let schemas = Schemas::new(schema);
    let Some(root) = schemas.target(schema).and_then(Value::as_object) else { return Vec::new() };
    let required = required(root);
    let Some(properties) = root.get("properties").and_then(Value::as_object) else { return Vec::new() };
    properties
        .iter()
        .map(|(name, prop)| Parameter {
            name: name.clone(),
            ty: schemas.type_of(prop),
            required: required.contains(&name.as_str()),
        })
        .collect()
}

/// The type of an output schema. A root with a title is a named model (python-sdk's
/// `WeatherData`), except the wrappers the Python SDK names after the tool (`<tool>Output`,
/// `<tool>DictOutput`), which are shown by their shape.
pub fn output_type(tool: &str, schema: &Value) -> String {
    let generated = |title: &str| title.starts_with(tool) && title.ends_with("Output");
    match schema.get("title").and_then(Value::as_str) {
        Some(title) if !generated(title) => title.to_owned(),
        _ => Schemas::new(schema).type_of(schema),
    }
}

fn hints(tool: &Value) -> Vec<String> {
    Annotations::read(tool)
        .set_hints()
        .map(|(hint, on)| if on { hint.long.to_owned() } else { format!("!{}", hint.long) })
        .collect()
}

/// The short flag of a hint as [`Row::hints`] names it: `ro`, `!de`.
fn short_hint(hint: &str) -> String {
    let (negated, long) = hint.strip_prefix('!').map_or((false, hint), |h| (true, h));
    let short = HINTS.iter().find(|h| h.long == long).map_or(long, |h| h.short);
    if negated {
        format!("!{short}")
    } else {
        short.to_owned()
    }
}

/// How the table is drawn.
#[derive(Debug, Clone, Copy)]
pub struct TableStyle {
    /// Columns are shrunk (cells cut with `…`) to fit; `None`: never cut (piped output).
    pub width: Option<usize>,
    /// ANSI bold headers and names.
    pub color: bool,
}

const HEADERS: [&str; 6] = ["NAME", "TITLE", "PARAMETERS", "OUTPUT", "HINTS", "TOKENS"];
/// The column of the counts, right-aligned.
const TOKENS: usize = 5;
const GAP: usize = 2;
/// No column is shrunk below this (wider than a header, so that `…` keeps some text).
const MIN_COLUMN: usize = 8;

/// The table of `list`, followed by a line that says how many tools and which profile.
pub fn render_table(listing: &Listing, style: TableStyle) -> String {
    let mut cells: Vec<[String; 6]> = listing.tools.iter().map(cells_of).collect();
    // A column nobody fills (no tool has a title, say) is left out.
    let shown: Vec<usize> =
        (0..6).filter(|&c| matches!(c, 0 | 2 | TOKENS) || cells.iter().any(|r| !r[c].is_empty())).collect();
    let mut widths: Vec<usize> = shown
        .iter()
        .map(|&c| cells.iter().map(|r| chars(&r[c])).chain([HEADERS[c].len()]).max().unwrap_or(0))
        .collect();
    if let Some(width) = style.width {
        fit(&mut widths, &shown, width);
        for row in &mut cells {
            for (i, &c) in shown.iter().enumerate() {
                row[c] = cut(&row[c], widths[i]);
            }
        }
    }
    let mut out = String::new();
    let header: Vec<String> = shown.iter().map(|&c| HEADERS[c].to_owned()).collect();
    let right = shown.iter().position(|&c| c == TOKENS);
    push_line(&mut out, &header, &widths, right, |text, _| if style.color { bold(text) } else { text.to_owned() });
    for row in &cells {
        let line: Vec<String> = shown.iter().map(|&c| row[c].clone()).collect();
        push_line(
            &mut out,
            &line,
            &widths,
            right,
            |text, i| {
                if style.color && i == 0 {
                    bold(text)
                } else {
                    text.to_owned()
                }
            },
        );
    }
    out.push('\n');
    out.push_str(&summary(listing));
    out.push('\n');
    if listing.tools.iter().any(|t| !t.hints.is_empty()) {
        out.push_str("hints: ");
        let legend: Vec<String> = HINTS.iter().map(|h| format!("{} {}", h.short, h.long)).collect();
        out.push_str(&legend.join(", "));
        out.push_str(" (! when set to false)\n");
    }
    if listing.tools.iter().any(|t| t.stateless_output) {
        out.push_str(&stateless_legend());
    }
    out
}

/// `4 tools, 1,234 tokens (o200k_base), profile rmcp (rmcp 3.11.0)`.
pub fn summary(listing: &Listing) -> String {
    let n = listing.tools.len();
    let mut line = format!(
        "{n} tool{}, {} tokens ({}), profile {}",
        if n == 1 { "" } else { "s" },
        thousands(listing.tokens.total),
        crate::choice::Choice::name(listing.tokens.encoding),
        listing.profile.as_deref().unwrap_or("none")
    );
    if let Some(v) = &listing.rmcp_version {
        line.push_str(&format!(" (rmcp {v})"));
    }
    line
}

fn cells_of(row: &Row) -> [String; 6] {
    let params: Vec<String> = row.parameters.iter().map(Parameter::signature).collect();
    let hints: Vec<String> = row.hints.iter().map(|h| short_hint(h)).collect();
    // Crate text, on one line of a terminal.
    let shown = crate::escape::terminal;
    [
        shown(&row.name),
        shown(row.title.as_deref().unwrap_or_default()),
        if params.is_empty() { "—".to_owned() } else { shown(&params.join(", ")) },
        match (&row.output, row.stateless_output) {
            (Some(output), _) => shown(output),
            (None, true) => STATELESS_MARK.to_owned(),
            (None, false) => "—".to_owned(),
        },
        hints.join(" "),
        thousands(row.tokens),
    ]
}

/// Shrink the widest shrinkable column (title, parameters, output) until the table fits, or
/// until every such column is at its minimum; the name and the hints are never cut.
fn fit(widths: &mut [usize], shown: &[usize], width: usize) {
    let total = |w: &[usize]| w.iter().sum::<usize>() + GAP * w.len().saturating_sub(1);
    while total(widths) > width {
        let widest = shown
            .iter()
            .enumerate()
            .filter(|(i, &c)| matches!(c, 1..=3) && widths[*i] > MIN_COLUMN)
            .max_by_key(|(i, _)| widths[*i])
            .map(|(i, _)| i);
        let Some(i) = widest else { break };
        widths[i] -= 1;
    }
}

fn chars(text: &str) -> usize {
    text.chars().count()
}

/// `text` cut to `width` characters, ending in `…` when it was cut.
fn cut(text: &str, width: usize) -> String {
    if chars(text) <= width {
        return text.to_owned();
    }
    let kept: String = text.chars().take(width.saturating_sub(1)).collect();
    format!("{}…", kept.trim_end())
}

/// One line of the table; the cell of column `right` (the counts) is aligned to the right.
fn push_line(
    out: &mut String,
    cells: &[String],
    widths: &[usize],
    right: Option<usize>,
    paint: impl Fn(&str, usize) -> String,
) {
    let last = cells.len() - 1;
    for (i, cell) in cells.iter().enumerate() {
        let pad = " ".repeat(widths[i] - chars(cell));
        if Some(i) == right {
            out.push_str(&pad);
        }
        out.push_str(&paint(cell, i));
        if i < last {
            if Some(i) != right {
                out.push_str(&pad);
            }
            out.push_str(&" ".repeat(GAP));
        }
    }
    // No trailing spaces: an empty last cell leaves the padding of the one before it.
    let trimmed = out.trim_end_matches(' ').len();
    out.truncate(trimmed);
    out.push('\n');
}

fn bold(text: &str) -> String {
    format!("\x1b[1m{text}\x1b[0m")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn listing(tools: Value) -> Listing {
        let manifest = Manifest::from_value(json!({ "tools": tools })).unwrap();
        let provenance = Provenance {
            profile: Some(crate::profile::ProfileChoice::Rmcp),
            sdk: Some(crate::provenance::SdkRelease { name: "rmcp", version: "3.11.0".into(), note: String::new() }),
            other_view: Vec::new(),
        };
        Listing::new(&manifest, &provenance, Encoding::O200kBase)
    }

    #[test]
    fn a_row_reads_parameters_output_and_hints() {
        let l = listing(json!([{
            "name": "t", "description": "d",
            "inputSchema": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}, "required": ["a"]},
            "outputSchema": {"type": "object", "properties": {"r": {"type": "number"}}, "required": ["r"]},
            "annotations": {"readOnlyHint": true, "destructiveHint": false}
        }]));
        let row = &l.tools[0];
        let sigs: Vec<String> = row.parameters.iter().map(Parameter::signature).collect();
        assert_eq!(sigs, ["a: string", "b?: integer"]);
        assert_eq!(row.output.as_deref(), Some("{r: number}"));
        assert_eq!(row.hints, ["read-only", "!destructive"]);
    }

    /// A tool the other view (a stateless 2026-07-28 request) also gets an outputSchema for is
    /// marked, with the legend under the table; a tool with an output of its own is not.
    #[test]
    fn the_other_view_is_marked_where_it_differs() {
        let manifest = Manifest::from_value(json!({ "tools": [
            {"name": "a", "inputSchema": {"type": "object"}},
            {"name": "b", "inputSchema": {"type": "object"}, "outputSchema": {"type": "object"}},
            {"name": "c", "inputSchema": {"type": "object"}}
        ]}))
        .unwrap();
        let provenance = Provenance { other_view: vec!["a".into(), "b".into()], ..Default::default() };
        let l = Listing::new(&manifest, &provenance, Encoding::O200kBase);
        let marked: Vec<bool> = l.tools.iter().map(|t| t.stateless_output).collect();
        assert_eq!(marked, [true, false, false]);
        let table = render_table(&l, TableStyle { width: None, color: false });
        let outputs: Vec<&str> = table.lines().skip(1).take(3).map(|l| l.split_whitespace().nth(2).unwrap()).collect();
        assert_eq!(outputs, ["—*", "object", "—"]);
        assert_eq!(table.lines().last().map(str::to_owned), Some(stateless_legend().trim_end().to_owned()));
    }

    #[test]
    fn the_table_fits_the_width_and_cuts_with_an_ellipsis() {
        let long: serde_json::Map<String, Value> =
            (0..12).map(|i| (format!("parameter_{i}"), json!({"type": "string"}))).collect();
        let l = listing(json!([{"name": "wide", "inputSchema": {"type": "object", "properties": long}}]));
        let table = render_table(&l, TableStyle { width: Some(60), color: false });
        let widest = table.lines().take(2).map(|l| l.chars().count()).max().unwrap();
        assert!(widest <= 60, "{table}");
        assert!(table.contains('…'), "{table}");
        let plain = render_table(&l, TableStyle { width: None, color: false });
        assert!(plain.contains("parameter_11?: string"), "{plain}");
    }
}
