//! `mcp-schema docs`: a Markdown reference of every tool, and the marked section of a file it
//! keeps up to date.
//!
//! The text depends on the manifest alone, in its order, so it is the same on every run.

use crate::escape::{self, markdown_code as code};
use std::fmt::Write as _;
use std::path::Path;

use serde_json::Value;

use super::list::{output_type, title};
use super::types::{required, Schemas};
use crate::diagnostics::{Code, Diagnostic};
use crate::manifest::Annotations;
use crate::manifest::Manifest;
use crate::tokens::{thousands, Costs};

/// The line after which `docs -o FILE` writes the reference.
pub const BEGIN: &str = "<!-- mcp-schema:begin -->";
/// The line before which the reference ends.
pub const END: &str = "<!-- mcp-schema:end -->";

/// How deep nested objects are expanded into rows (`a.b.c`).
const EXPAND_DEPTH: usize = 4;

/// The Markdown of every tool, one `###` section each; with `costs` (`docs --tokens`), each
/// section says what its tool costs.
///
/// `other_view`: the tools a stateless 2026-07-28 request also gets an outputSchema for (the
/// manifest, an `initialize` client's listing, has none): each section says so.
pub fn render(manifest: &Manifest, costs: Option<&Costs>, other_view: &[String]) -> String {
    let tools = manifest.tool_values();
    let mut out = String::new();
    for (i, tool) in tools.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        render_tool(&mut out, tool, costs.map(|c| (c.tools[i].1, c)), other_view);
    }
    if tools.is_empty() {
        out.push_str("*No tools.*\n");
    }
    out
}

fn render_tool(out: &mut String, tool: &Value, cost: Option<(usize, &Costs)>, other_view: &[String]) {
    let name = tool.get("name").and_then(Value::as_str).unwrap_or_default();
    let _ = writeln!(out, "### {}\n", code(name));
    if let Some(title) = title(tool) {
        let _ = writeln!(out, "**{}**\n", escape::markdown_text(title.trim()));
    }
    if let Some(description) = tool.get("description").and_then(Value::as_str).map(str::trim).filter(|d| !d.is_empty())
    {
        // The author's Markdown, as the tool's page shows it; never a control character.
        let _ = writeln!(out, "{}\n", escape::terminal_block(description));
    }
    if let Some((tokens, costs)) = cost {
        let encoding = crate::choice::Choice::name(costs.encoding);
        let _ = writeln!(out, "**Cost**: {} tokens ({encoding})\n", thousands(tokens));
    }
    out.push_str("**Parameters**\n\n");
    match tool.get("inputSchema").map(fields).filter(|rows| !rows.is_empty()) {
        Some(rows) => field_table(out, &rows, true),
        None => out.push_str("None.\n"),
    }
    if let Some(schema) = tool.get("outputSchema") {
        let _ = writeln!(out, "\n**Output**: {}", code(&output_type(name, schema)));
        let rows = fields(schema);
        if !rows.is_empty() {
            out.push('\n');
            field_table(out, &rows, false);
        }
    } else if other_view.iter().any(|t| t == name) {
        let p = crate::profile::protocol::LATEST_PROTOCOL;
        let _ = writeln!(
            out,
            "\n**Output**: none for a client that opens with `initialize`; a stateless {p} request also gets an outputSchema (not an object), which `--protocol {p}` lists"
        );
    }
    let hints = annotation_hints(tool);
    if !hints.is_empty() {
        let _ = writeln!(out, "\n**Annotations**: {}", hints.join(", "));
    }
}

/// One row of a parameters or output table.
struct Field {
    /// `city`, `filter.from`, `days[].date`.
    path: String,
    ty: String,
    required: bool,
    default: Option<String>,
    description: Option<String>,
}

/// The fields of an object schema, nested objects expanded after the field that holds them.
fn fields(schema: &Value) -> Vec<Field> {
    let schemas = Schemas::new(schema);
    let mut rows = Vec::new();
    if let Some(root) = schemas.target(schema) {
        expand(&schemas, root, "", 0, &mut Vec::new(), &mut rows);
    }
    rows
}

fn expand<'a>(
    schemas: &Schemas<'a>,
    object: &'a Value,
    prefix: &str,
    depth: usize,
    seen: &mut Vec<&'a Value>,
    rows: &mut Vec<Field>,
) {
    let Some(obj) = object.as_object() else { return };
    let Some(properties) = obj.get("properties").and_then(Value::as_object) else { return };
    if depth >= EXPAND_DEPTH || seen.iter().any(|s| std::ptr::eq(*s, object)) {
        return;
    }
    seen.push(object);
    let required = required(obj);
    for (name, prop) in properties {
        let path = format!("{prefix}{name}");
        rows.push(Field {
            ty: schemas.type_of(prop),
            required: required.contains(&name.as_str()),
            default: prop.get("default").map(Value::to_string),
            description: description(schemas, prop),
            path: path.clone(),
        });
        if let Some((nested, suffix)) = nested_object(schemas, prop) {
            expand(schemas, nested, &format!("{path}{suffix}."), depth + 1, seen, rows);
        }
    }
    seen.pop();
}

/// The object a field holds, directly, in an array, or as the one non-null member of a union;
/// with the suffix its fields' paths take (`[]` for an array's items).
fn nested_object<'a>(schemas: &Schemas<'a>, prop: &'a Value) -> Option<(&'a Value, &'static str)> {
    let target = schemas.target(prop)?;
    let obj = target.as_object()?;
    if obj.contains_key("properties") {
        return Some((target, ""));
    }
    if let Some(items) = obj.get("items").filter(|i| i.is_object()) {
        let (nested, _) = nested_object(schemas, items)?;
        return Some((nested, "[]"));
    }
    let members = obj.get("anyOf").or_else(|| obj.get("oneOf")).and_then(Value::as_array)?;
    let mut objects = members.iter().filter(|m| m.get("type").and_then(Value::as_str) != Some("null"));
    match (objects.next(), objects.next()) {
        (Some(only), None) => nested_object(schemas, only),
        _ => None,
    }
}

/// A field's own description, else the one of the definition it refers to.
fn description(schemas: &Schemas, prop: &Value) -> Option<String> {
    let own = prop.get("description").and_then(Value::as_str);
    let referred = || schemas.target(prop).and_then(|t| t.get("description")).and_then(Value::as_str);
    own.or_else(referred).map(str::to_owned)
}

fn field_table(out: &mut String, rows: &[Field], with_default: bool) {
    if with_default {
        out.push_str("| name | type | required | default | description |\n|---|---|---|---|---|\n");
    } else {
        out.push_str("| name | type | required | description |\n|---|---|---|---|\n");
    }
    for row in rows {
        let _ =
            write!(out, "| {} | {} | {} |", code(&row.path), code(&row.ty), if row.required { "yes" } else { "no" });
        if with_default {
            let default = row.default.as_deref().map(|d| format!(" {}", code(d))).unwrap_or_default();
            let _ = write!(out, "{default} |");
        }
        let description = row.description.as_deref().map(|d| format!(" {}", cell(&one_line(d)))).unwrap_or_default();
        let _ = writeln!(out, "{description} |");
    }
}

/// A description on one line: lines joined with spaces, paragraphs with `<br>`.
fn one_line(text: &str) -> String {
    text.trim()
        .split("\n\n")
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("<br>")
}

/// Text made safe in a table cell: a `|` would end it, a control character is escaped.
fn cell(text: &str) -> String {
    escape::terminal(text).replace('|', "\\|")
}

fn annotation_hints(tool: &Value) -> Vec<String> {
    Annotations::read(tool)
        .set_hints()
        .map(|(hint, on)| if on { hint.long.to_owned() } else { format!("not {}", hint.long) })
        .collect()
}

/// Why a file's marked section cannot be replaced.
#[derive(Debug, PartialEq, Eq)]
pub enum MarkerError {
    /// No `BEGIN` marker, or no `END` after it.
    Missing,
    /// More than one `BEGIN` marker.
    Several,
}

/// `text` with what lies between the markers replaced by `section` (the markers stay, each on
/// its own line).
pub fn replace_section(text: &str, section: &str) -> Result<String, MarkerError> {
    let begin = text.find(BEGIN).ok_or(MarkerError::Missing)?;
    if text[begin + BEGIN.len()..].contains(BEGIN) {
        return Err(MarkerError::Several);
    }
    let inner_start = begin + BEGIN.len();
    let end = text[inner_start..].find(END).ok_or(MarkerError::Missing)? + inner_start;
    Ok(format!("{}\n\n{}\n{}", &text[..inner_start], section.trim_end(), &text[end..]))
}

/// A new file holding only the marked section, for `docs -o FILE` when FILE does not exist.
pub fn new_file(section: &str) -> String {
    format!("{BEGIN}\n\n{}\n{END}\n", section.trim_end())
}

/// What `docs -o FILE` finds in the file and wants it to hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileUpdate {
    /// The file's text now; `None` when it does not exist yet.
    pub current: Option<String>,
    /// The text with the reference between its markers (only the section, for a new file).
    pub wanted: String,
}

impl FileUpdate {
    /// Whether the file already holds what is wanted.
    pub fn up_to_date(&self) -> bool {
        self.current.as_deref() == Some(self.wanted.as_str())
    }
}

/// The update of `file` that puts `section` between its markers ([`replace_section`]), or makes
/// a new file of it ([`new_file`]). Errors: the file cannot be read, or its markers are missing
/// or repeated.
pub fn update_file(file: &Path, section: &str) -> Result<FileUpdate, Diagnostic> {
    let current = read_existing(file)?;
    let wanted = match &current {
        None => new_file(section),
        Some(text) => replace_section(text, section).map_err(|e| marker_error(file, e))?,
    };
    Ok(FileUpdate { current, wanted })
}

/// The command that brings the section of `file` up to date, for the crate at `path` (`None`:
/// the current directory).
pub fn update_hint(path: Option<&Path>, file: &Path) -> String {
    let path = path.map(|p| format!(" {}", p.display())).unwrap_or_default();
    format!("mcp-schema docs{path} -o {}", file.display())
}

/// The file's text, `None` when it does not exist yet.
fn read_existing(file: &Path) -> Result<Option<String>, Diagnostic> {
    match crate::read::read_given(file) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.is_not_found() => Ok(None),
        Err(e) => Err(Diagnostic::error(Code::BadPath, e.to_string()).in_file(file)),
    }
}

fn marker_error(file: &Path, e: MarkerError) -> Diagnostic {
    let message = match e {
        MarkerError::Missing => {
            format!("{} has no `{BEGIN}` … `{END}` section to put the tool docs in", file.display())
        }
        MarkerError::Several => format!("{} has several `{BEGIN}` markers: it can hold one section", file.display()),
    };
    Diagnostic::error(Code::DocsMarkers, message)
        .in_file(file)
        .with_help(format!("put the two lines `{BEGIN}` and `{END}` where the tool docs go, once"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn nested_objects_are_expanded_after_their_field() {
        let schema = json!({
            "$defs": {"Day": {"type": "object", "description": "A day.", "properties": {"date": {"type": "string"}}, "required": ["date"]}},
            "type": "object",
            "properties": {
                "days": {"type": "array", "items": {"$ref": "#/$defs/Day"}},
                "first": {"anyOf": [{"$ref": "#/$defs/Day"}, {"type": "null"}], "default": null}
            },
            "required": ["days"]
        });
        let rows: Vec<(String, String, bool)> =
            fields(&schema).into_iter().map(|f| (f.path, f.ty, f.required)).collect();
        let expect = [
            ("days", "Day[]", true),
            ("days[].date", "string", true),
            ("first", "Day | null", false),
            ("first.date", "string", true),
        ];
        assert_eq!(rows, expect.map(|(p, t, r)| (p.to_owned(), t.to_owned(), r)));
    }

    #[test]
    fn recursive_types_stop_at_the_loop() {
        let schema = json!({
            "$defs": {"Node": {"type": "object", "properties": {"next": {"$ref": "#/$defs/Node"}}}},
            "$ref": "#/$defs/Node"
        });
        let paths: Vec<String> = fields(&schema).into_iter().map(|f| f.path).collect();
        assert_eq!(paths, ["next"]);
    }

    #[test]
    fn the_section_between_markers_is_replaced() {
        let text = format!("# Title\n\n{BEGIN}\nold\n{END}\n\nafter\n");
        let new = replace_section(&text, "new\n").unwrap();
        assert_eq!(new, format!("# Title\n\n{BEGIN}\n\nnew\n{END}\n\nafter\n"));
        assert_eq!(replace_section(&new, "new").unwrap(), new, "idempotent");
        assert_eq!(replace_section("no markers", "x"), Err(MarkerError::Missing));
        assert_eq!(replace_section(&format!("{BEGIN}{BEGIN}{END}"), "x"), Err(MarkerError::Several));
    }

    #[test]
    fn a_file_is_created_updated_or_refused_by_its_markers() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("TOOLS.md");
        let created = update_file(&file, "the tools").unwrap();
        assert_eq!((created.current.as_deref(), created.wanted.as_str()), (None, new_file("the tools").as_str()));
        std::fs::write(&file, &created.wanted).unwrap();
        assert!(update_file(&file, "the tools").unwrap().up_to_date());
        assert!(!update_file(&file, "other tools").unwrap().up_to_date());
        std::fs::write(&file, "no markers").unwrap();
        assert_eq!(update_file(&file, "x").unwrap_err().code, Code::DocsMarkers);
        assert_eq!(update_hint(None, &file), format!("mcp-schema docs -o {}", file.display()));
    }
}
