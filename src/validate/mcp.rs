//! A manifest against the rules of MCP itself: what a client may refuse, whatever the code says.
//!
//! * tool names are unique and follow the spec's rule (1–128 characters, `A–Z a–z 0–9 _ - .`);
//! * `inputSchema` is present, with an object root (`"type": "object"`);
//! * `outputSchema` has an object root for peers older than 2026-07-28 (the newest protocol
//!   allows any root);
//! * every schema is valid against its dialect's meta-schema (`$schema`, else 2020-12);
//! * every `$ref` resolves within its schema (a client cannot fetch anything else);
//! * `title` and `description` are strings, `annotations` an object whose `title` is a string and
//!   whose hints are booleans.
//!
//! `validate --manifest` reports these as violations; `generate` and `check` as warnings, each
//! code its own (docs/diagnostics.md).

use std::collections::HashSet;

use rayon::prelude::*;
use serde_json::Value;

use super::contract::resolve_local;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Severity};
use crate::manifest::Manifest;
use crate::manifest::{HINTS, TITLE};
use crate::options::GenerateOptions;
/// The peer's protocol of `--protocol`, checked as `generate` checks it.
pub use crate::profile::protocol::peer_protocol;
use crate::profile::protocol::{is_legacy_protocol, LATEST_PROTOCOL, LATEST_WITH_INITIALIZE};
use crate::profile::tool_name;

/// One way a manifest breaks MCP.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The diagnostic code (`mcp-tool-name`…).
    pub code: Code,
    /// The tool's name.
    pub tool: String,
    /// A JSON pointer into the tool object.
    pub pointer: String,
    /// What is wrong, in a sentence.
    pub message: String,
}

/// Keywords whose value is a map from names to schemas: a `$ref` key there is a name.
const SCHEMA_MAPS: &[&str] = &["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];

/// Keywords whose value is data, not a schema: nothing in it is a `$ref`.
const DATA: &[&str] = &["const", "enum", "default", "examples"];

/// What to check a manifest for.
#[derive(Debug, Clone, Copy, Default)]
pub struct Checks<'a> {
    /// The peer's protocol version (an `initialize` client's, `LATEST_WITH_INITIALIZE`, when `None`).
    pub protocol: Option<&'a str>,
    /// Validate every schema against its dialect's meta-schema. Building the meta-schema's
    /// validator costs about 0.1 s and 14 MB, and each schema a few tenths of a millisecond:
    /// more than a whole `generate` of a small crate, so `generate` and `check` do it only when
    /// the configuration supplies schemas (those built from Rust types are valid by
    /// construction: tests/it/meta_schema.rs).
    pub meta_schema: bool,
}

/// Check every tool of `manifest`. The tools are parsed and checked in parallel, one value per
/// tool at a time (the manifest holds its tools as text; all of them as values at once would be
/// most of a large run's memory); the findings keep the tools' order.
pub fn check(manifest: &Manifest, checks: Checks) -> Vec<Finding> {
    let legacy = is_legacy_protocol(checks.protocol.unwrap_or(LATEST_WITH_INITIALIZE));
    let per_tool: Vec<(String, Vec<Finding>)> =
        manifest.tools().par_iter().map(|tool| check_tool(&tool.to_value(), checks, legacy)).collect();
    let mut findings = Vec::new();
    let mut seen = HashSet::new();
    for (name, rest) in per_tool {
        let mut out = ToolFindings { tool: &name, list: &mut findings };
        // The rmcp profile warns on the same rule, with the span in the source, as `tool-name`.
        if let Some(why) = tool_name::problem(&name, tool_name::Count::Chars) {
            out.found(Code::McpToolName, "/name", why.to_owned());
        }
        if !seen.insert(name.clone()) {
            out.found(Code::McpDuplicateTool, "/name", "another tool of the manifest has this name".into());
        }
        findings.extend(rest);
    }
    findings
}

/// The name of one tool, and what is wrong with the rest of it (its name is checked with the
/// others', for duplicates).
fn check_tool(tool: &Value, checks: Checks, legacy: bool) -> (String, Vec<Finding>) {
    let name = tool.get("name").and_then(Value::as_str).unwrap_or_default().to_owned();
    let mut findings = Vec::new();
    let mut out = ToolFindings { tool: &name, list: &mut findings };
    match tool.get("inputSchema") {
        None => out.found(Code::McpInputSchema, "", "the tool has no inputSchema, which MCP requires".into()),
        Some(schema) if !has_object_root(schema) => out.found(
            Code::McpInputSchema,
            "/inputSchema",
            "the inputSchema's root is not `\"type\": \"object\"`, which MCP requires".into(),
        ),
        Some(_) => {}
    }
    if let Some(schema) = tool.get("outputSchema") {
        if legacy && !has_object_root(schema) {
            out.found(
                Code::McpOutputSchema,
                "/outputSchema",
                format!(
                    "the outputSchema's root is not `\"type\": \"object\"`, which peers older than \
                     {LATEST_PROTOCOL} require"
                ),
            );
        }
    }
    for field in ["inputSchema", "outputSchema"] {
        let Some(schema) = tool.get(field) else { continue };
        let at = format!("/{field}");
        if let Some((pointer, why)) = checks.meta_schema.then(|| meta_problem(schema)).flatten() {
            out.found(Code::McpInvalidSchema, &format!("{at}{pointer}"), why);
        }
        let mut refs = Vec::new();
        unresolved_refs(schema, schema, &mut String::new(), &mut refs);
        for (pointer, reference) in refs {
            let message = if reference.starts_with('#') {
                format!("`$ref` \"{reference}\" points at nothing in the schema")
            } else {
                format!("`$ref` \"{reference}\" is outside the schema, where a client cannot follow it")
            };
            out.found(Code::McpUnresolvedRef, &format!("{at}{pointer}"), message);
        }
    }
    for (field, want) in [("title", "a string"), ("description", "a string"), ("annotations", "an object")] {
        if let Some(v) = tool.get(field) {
            let ok = if field == "annotations" { v.is_object() } else { v.is_string() };
            if !ok {
                out.found(Code::McpAnnotations, &format!("/{field}"), format!("`{field}` is {}, not {want}", kind(v)));
            }
        }
    }
    if let Some(annotations) = tool.get("annotations").and_then(Value::as_object) {
        for (key, v) in annotations {
            let want_string = key == TITLE;
            let want_bool = HINTS.iter().any(|h| h.key == key);
            if want_string && !v.is_string() || want_bool && !v.is_boolean() {
                let want = if want_string { "a string" } else { "a boolean" };
                out.found(
                    Code::McpAnnotations,
                    &format!("/annotations/{key}"),
                    format!("`{key}` is {}, not {want}", kind(v)),
                );
            }
        }
    }
    (name, findings)
}

/// The findings of one tool.
struct ToolFindings<'a> {
    tool: &'a str,
    list: &'a mut Vec<Finding>,
}

impl ToolFindings<'_> {
    fn found(&mut self, code: Code, pointer: &str, message: String) {
        self.list.push(Finding { code, tool: self.tool.to_owned(), pointer: pointer.to_owned(), message });
    }
}

fn has_object_root(schema: &Value) -> bool {
    schema.get("type").and_then(Value::as_str) == Some("object")
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The first place where `schema` breaks its dialect's meta-schema, and why.
fn meta_problem(schema: &Value) -> Option<(String, String)> {
    match jsonschema::meta::try_validate(schema) {
        Ok(Ok(())) => None,
        Ok(Err(e)) => Some((e.instance_path.as_str().to_owned(), format!("not a valid JSON Schema: {e}"))),
        Err(e) => Some(("/$schema".to_owned(), format!("unknown JSON Schema dialect: {e}"))),
    }
}

/// Every `$ref` under `at` that does not resolve within `root`. `pointer` is where `at` is in
/// `root`: one buffer, extended and cut back on the way down, because a pointer is only needed for
/// the rare `$ref` that does not resolve.
fn unresolved_refs(root: &Value, at: &Value, pointer: &mut String, out: &mut Vec<(String, String)>) {
    let Value::Object(object) = at else {
        if let Value::Array(items) = at {
            for (i, item) in items.iter().enumerate() {
                let len = pointer.len();
                pointer.push('/');
                pointer.push_str(&i.to_string());
                unresolved_refs(root, item, pointer, out);
                pointer.truncate(len);
            }
        }
        return;
    };
    for (key, value) in object {
        let len = pointer.len();
        push_token(pointer, key);
        if key == "$ref" {
            if let Some(reference) = value.as_str() {
                if resolve_local(root, reference).is_none() {
                    out.push((pointer.clone(), reference.to_owned()));
                }
            }
        } else if SCHEMA_MAPS.contains(&key.as_str()) {
            if let Value::Object(map) = value {
                for (name, schema) in map {
                    let here = pointer.len();
                    push_token(pointer, name);
                    unresolved_refs(root, schema, pointer, out);
                    pointer.truncate(here);
                }
            }
        } else if !DATA.contains(&key.as_str()) {
            unresolved_refs(root, value, pointer, out);
        }
        pointer.truncate(len);
    }
}

/// Appends `/token` to a JSON pointer, escaped (RFC 6901: `~` as `~0`, `/` as `~1`).
fn push_token(pointer: &mut String, token: &str) {
    pointer.push('/');
    for c in token.chars() {
        match c {
            '~' => pointer.push_str("~0"),
            '/' => pointer.push_str("~1"),
            c => pointer.push(c),
        }
    }
}

/// The findings as warnings of `generate` and `check`, leaving out what the profile already
/// reported with its place in the source: the names it warned about under `tool-name`, and
/// missing inputSchemas (a profile leaves one out only with a warning that says why, and how
/// to supply it).
pub fn warnings(findings: Vec<Finding>, already: &Diagnostics) -> Diagnostics {
    let reported_name =
        |tool: &str| already.iter().any(|d| d.code == Code::ToolName && d.tool.as_deref() == Some(tool));
    let reported = |f: &Finding| match f.code {
        Code::McpToolName => reported_name(&f.tool),
        Code::McpInputSchema => f.pointer.is_empty(),
        _ => false,
    };
    let kept = findings.into_iter().filter(|f| !reported(f));
    Diagnostics(kept.map(|f| as_warning(&f)).collect())
}

/// A finding as a warning about its tool.
fn as_warning(f: &Finding) -> Diagnostic {
    Diagnostic::warning(f.code, describe(f)).for_tool(&f.tool)
}

/// The MCP checks of a manifest `generate` or `check` made with `opts`, as diagnostics: warnings,
/// at the levels the lints give their codes, leaving out what `already` (the run's diagnostics)
/// reported; every check, and errors, with `deny_all` (`generate --validate`). The meta-schema
/// check runs by default only on a configuration that supplies schemas ([`Checks::meta_schema`]).
pub fn generated_manifest(
    manifest: &Manifest,
    opts: &GenerateOptions,
    already: &Diagnostics,
    deny_all: bool,
) -> Diagnostics {
    let (overrides, protocol) = (&opts.profile_options.overrides, opts.profile_options.protocol.as_deref());
    let given = !overrides.tools.is_empty() || !overrides.types.is_empty();
    let checks = Checks { protocol, meta_schema: deny_all || given };
    let findings = check(manifest, checks);
    let mut found = if deny_all {
        // Every finding, the missing inputSchemas the profile warned about included: `--validate`
        // promises a manifest MCP accepts, and a tool without one is not.
        Diagnostics(findings.iter().map(as_warning).collect())
    } else {
        warnings(findings, already)
    };
    found.apply_lints(&opts.lints);
    if deny_all {
        found.0.iter_mut().for_each(|d| d.severity = Severity::Error);
    }
    found
}

/// `tool `add` at /inputSchema: message`.
pub fn describe(f: &Finding) -> String {
    if f.pointer.is_empty() {
        format!("tool `{}`: {}", f.tool, f.message)
    } else {
        format!("tool `{}` at {}: {}", f.tool, f.pointer, f.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn codes(tools: Value, protocol: Option<&str>) -> Vec<(Code, String)> {
        let m = Manifest::from_value(json!({ "tools": tools })).unwrap();
        check(&m, Checks { protocol, meta_schema: true }).into_iter().map(|f| (f.code, f.pointer)).collect()
    }

    #[test]
    fn a_good_manifest_has_no_findings() {
        let tool = json!({
            "name": "get.weather_v2-x", "title": "Weather", "description": "d",
            "inputSchema": {"type": "object", "properties": {"p": {"$ref": "#/$defs/P"}},
                "$defs": {"P": {"type": "string"}, "$ref": {"type": "null"}}},
            "outputSchema": {"type": "object", "properties": {"c": {"const": {"$ref": "#/nowhere"}}}},
            "annotations": {"title": "W", "readOnlyHint": true, "somethingElse": 3}
        });
        assert_eq!(codes(json!([tool]), Some("2024-11-05")), []);
    }

    #[test]
    fn every_rule_is_reported_where_it_breaks() {
        let tools = json!([
            {"name": "a b", "inputSchema": {"type": "object"}},
            {"name": "a b", "inputSchema": {"type": "array"}},
            {"name": "", "description": 3},
            {"name": "o", "inputSchema": {"type": "object", "properties": {"x": {"$ref": "#/$defs/X"}, "y": {"type": 5}}},
             "outputSchema": {"type": "string"}, "annotations": {"readOnlyHint": "yes"}},
            {"name": "d", "inputSchema": {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
             "properties": {"z": {"$ref": "other.json"}}}},
        ]);
        let got = codes(tools.clone(), Some("2025-06-18"));
        assert_eq!(
            got,
            [
                (Code::McpToolName, "/name".to_owned()),
                (Code::McpToolName, "/name".to_owned()),
                (Code::McpDuplicateTool, "/name".to_owned()),
                (Code::McpInputSchema, "/inputSchema".to_owned()),
                (Code::McpToolName, "/name".to_owned()),
                (Code::McpInputSchema, String::new()),
                (Code::McpAnnotations, "/description".to_owned()),
                (Code::McpOutputSchema, "/outputSchema".to_owned()),
                (Code::McpInvalidSchema, "/inputSchema/properties/y/type".to_owned()),
                (Code::McpUnresolvedRef, "/inputSchema/properties/x/$ref".to_owned()),
                (Code::McpAnnotations, "/annotations/readOnlyHint".to_owned()),
                (Code::McpUnresolvedRef, "/inputSchema/properties/z/$ref".to_owned()),
            ]
        );
        // As warnings of `generate`: what the profile reported is not repeated.
        let m = Manifest::from_value(
            json!({"tools": [{"name": "a b"}, {"name": "c d", "inputSchema": {"type": "object"}}]}),
        )
        .unwrap();
        let already =
            Diagnostics(vec![Diagnostic::warning(Code::ToolName, "the name has characters …").for_tool("a b")]);
        let kept: Vec<String> =
            warnings(check(&m, Checks::default()), &already).iter().map(|d| d.message.clone()).collect();
        assert_eq!(kept, ["tool `c d` at /name: the name has characters other than A-Z, a-z, 0-9, `_`, `-` and `.`"]);
        // The newest protocol takes any outputSchema root; an `initialize` client's (the default)
        // does not.
        assert!(!codes(tools.clone(), Some(LATEST_PROTOCOL)).iter().any(|(c, _)| *c == Code::McpOutputSchema));
        assert_eq!(codes(tools.clone(), None), codes(tools, Some(LATEST_WITH_INITIALIZE)));
    }
}
