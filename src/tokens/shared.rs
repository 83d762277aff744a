//! The `repeated-subschema` lint: an object or choice schema written out in full in several
//! places of one schema (inlined rather than a `$ref` to `$defs`), which a shared definition
//! would state once, and what that would save. Off unless its level is set: it is one of the
//! contract lints (docs/tokens.md).
//!
//! MCP sends each tool's `inputSchema` and `outputSchema` as documents of their own, so a
//! definition can be shared within one of them only: copies across tools cost what they cost.
//! The saving is counted per document (the copies, less one `$defs` entry and a `$ref` for each
//! place), and the message says in how many tools the schema appears.

use std::collections::BTreeMap;

use serde_json::Value;

use super::{compact, pointer_token as token, thousands, Encoding, Locate};
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Lints};
use crate::manifest::Manifest;
use crate::manifest::SCHEMA_KEYS;

/// Whether the lint is on: a level of warn or deny given to its code or to its group,
/// `contract` (both are off by default).
pub fn enabled(lints: &Lints) -> bool {
    lints.may_show(Code::RepeatedSubschema)
}

/// Keywords whose values are data, not subschemas.
const DATA: [&str; 6] = ["default", "examples", "example", "const", "enum", "required"];

/// One place a subschema is written.
#[derive(Debug, Clone)]
struct Place {
    tool: usize,
    /// `inputSchema` or `outputSchema`.
    document: &'static str,
    /// The pointer from the tool's root.
    pointer: String,
}

/// The diagnostics of the subschemas `manifest` repeats where `$defs` would save tokens.
pub fn repeated(encoding: Encoding, manifest: &Manifest, locate: Locate) -> Diagnostics {
    let tools = manifest.tool_values();
    let mut places: BTreeMap<String, Vec<Place>> = BTreeMap::new();
    for (i, tool) in tools.iter().enumerate() {
        for document in SCHEMA_KEYS {
            if let Some(schema) = tool.get(document) {
                collect(schema, &format!("/{document}"), i, document, &mut places);
            }
        }
    }
    let repeated: Vec<(String, Vec<Place>)> = places.into_iter().filter(|(_, p)| in_one_document_twice(p)).collect();
    let mut found: Vec<(usize, Diagnostic)> = Vec::new();
    for (text, places) in &repeated {
        // A copy inside a bigger repeated schema goes with it: only the outermost is reported.
        if places.iter().all(|p| within_other(p, text, &repeated)) {
            continue;
        }
        let saving = saving(encoding, text, places);
        if saving > 0 {
            found.push((saving, diagnostic(encoding, text, places, saving, &tools, locate)));
        }
    }
    // The biggest saving first.
    found.sort_by_key(|f| std::cmp::Reverse(f.0));
    Diagnostics(found.into_iter().map(|(_, d)| d).collect())
}

/// Every object subschema of `schema` worth a definition (one with properties or a choice of
/// variants), by its compact text.
fn collect(schema: &Value, pointer: &str, tool: usize, document: &'static str, out: &mut BTreeMap<String, Vec<Place>>) {
    match schema {
        Value::Object(map) => {
            let root = pointer.matches('/').count() == 1;
            let shaped = ["properties", "oneOf", "anyOf"].iter().any(|k| map.get(*k).is_some_and(|v| !is_empty(v)));
            if !root && shaped && !map.contains_key("$ref") {
                // A copy's own description is the field's: beside a `$ref` it would stay.
                let mut shared = map.clone();
                shared.remove("description");
                let text = compact(&Value::Object(shared));
                out.entry(text).or_default().push(Place { tool, document, pointer: pointer.to_owned() });
            }
            for (key, value) in map {
                if DATA.contains(&key.as_str()) {
                    continue;
                }
                // The entries of `properties` and `$defs` are named, not keywords.
                collect_children(key, value, &format!("{pointer}/{}", token(key)), tool, document, out);
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                collect(item, &format!("{pointer}/{i}"), tool, document, out);
            }
        }
        _ => {}
    }
}

fn collect_children(
    key: &str,
    value: &Value,
    pointer: &str,
    tool: usize,
    document: &'static str,
    out: &mut BTreeMap<String, Vec<Place>>,
) {
    match (key, value) {
        ("properties" | "$defs" | "definitions" | "patternProperties", Value::Object(entries)) => {
            for (name, schema) in entries {
                collect(schema, &format!("{pointer}/{}", token(name)), tool, document, out);
            }
        }
        _ => collect(value, pointer, tool, document, out),
    }
}

fn is_empty(v: &Value) -> bool {
    match v {
        Value::Object(m) => m.is_empty(),
        Value::Array(a) => a.is_empty(),
        _ => false,
    }
}

/// Whether some one document (a tool's input or output schema) holds two copies: only there can
/// a definition be shared.
fn in_one_document_twice(places: &[Place]) -> bool {
    places.iter().enumerate().any(|(i, p)| places[i + 1..].iter().any(|q| q.tool == p.tool && q.document == p.document))
}

/// Whether `place` lies inside a copy of another repeated schema.
fn within_other(place: &Place, text: &str, repeated: &[(String, Vec<Place>)]) -> bool {
    repeated.iter().filter(|(other, _)| other != text && other.len() > text.len()).any(|(_, outer)| {
        outer.iter().any(|o| {
            o.tool == place.tool
                && o.document == place.document
                && place.pointer.starts_with(&format!("{}/", o.pointer))
        })
    })
}

/// The tokens a definition would save: in each document with k copies, k copies less one
/// `$defs` entry and k `$ref`s.
fn saving(encoding: Encoding, text: &str, places: &[Place]) -> usize {
    let cost = encoding.count(text) as i64;
    let reference = encoding.count(r##"{"$ref":"#/$defs/Shared"}"##) as i64;
    let entry = encoding.count(r#","$defs":{"Shared":}"#) as i64;
    let mut by_document: BTreeMap<(usize, &str), i64> = BTreeMap::new();
    places.iter().for_each(|p| *by_document.entry((p.tool, p.document)).or_default() += 1);
    let saved: i64 = by_document
        .values()
        .filter(|&&k| k > 1)
        .map(|&k| k * cost - (cost + entry + k * reference))
        .filter(|&s| s > 0)
        .sum();
    saved.max(0) as usize
}

fn diagnostic(
    encoding: Encoding,
    text: &str,
    places: &[Place],
    saving: usize,
    tools: &[Value],
    locate: Locate,
) -> Diagnostic {
    let first = &places[0];
    let tool = &tools[first.tool];
    let name = tool.get("name").and_then(Value::as_str).unwrap_or_default();
    let schema: Value = serde_json::from_str(text).unwrap_or(Value::Null);
    let called = schema.get("title").and_then(Value::as_str).map_or(String::new(), |t| format!(" (`{t}`)"));
    let mut in_tools: Vec<usize> = places.iter().map(|p| p.tool).collect();
    in_tools.dedup();
    let shown: Vec<String> =
        places.iter().take(3).map(|p| format!("`{}` {}", tool_name(&tools[p.tool]), p.pointer)).collect();
    let more = if places.len() > 3 { format!(" and {} more", places.len() - 3) } else { String::new() };
    Diagnostic::warning(
        Code::RepeatedSubschema,
        format!(
            "tool `{name}` at {}: this schema{called} is written out {} times in {} ({} tokens each, {}): a shared definition in `$defs` would save about {} tokens",
            first.pointer,
            places.len(),
            plural(in_tools.len(), "tool"),
            thousands(encoding.count(text)),
            crate::choice::Choice::name(encoding),
            thousands(saving)
        ),
    )
    .for_tool(name)
    .at(locate(name, tool, &first.pointer))
    .with_label("written out here and elsewhere")
    .with_help(format!(
        "it is at {}{more}; let the SDK refer to the type (schemars: no `#[schemars(inline)]`, no `inline_subschemas`)",
        shown.join(", ")
    ))
}

fn tool_name(tool: &Value) -> &str {
    tool.get("name").and_then(Value::as_str).unwrap_or_default()
}

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn address() -> Value {
        json!({"type": "object", "properties": {"street": {"type": "string"}, "city": {"type": "string"}, "zip": {"type": "string"}}, "required": ["street", "city", "zip"]})
    }

    #[test]
    fn copies_in_one_schema_are_reported_once_with_the_saving() {
        let tool = json!({"name": "ship", "inputSchema": {"type": "object", "properties": {
            "from": address(), "to": address(), "via": {"type": "array", "items": address()}}}});
        let manifest = Manifest::from_value(json!({"tools": [tool]})).unwrap();
        let found = repeated(Encoding::O200kBase, &manifest, &|_: &str, _: &Value, _: &str| None);
        assert_eq!(found.0.len(), 1, "{found:?}");
        let message = &found.0[0].message;
        assert!(
            message.starts_with(
                "tool `ship` at /inputSchema/properties/from: this schema is written out 3 times in 1 tool"
            ),
            "{message}"
        );
    }

    #[test]
    fn copies_in_different_tools_cannot_be_shared() {
        let tool = |n: &str| json!({"name": n, "inputSchema": {"type": "object", "properties": {"a": address()}}});
        let manifest = Manifest::from_value(json!({"tools": [tool("one"), tool("two")]})).unwrap();
        assert!(repeated(Encoding::O200kBase, &manifest, &|_: &str, _: &Value, _: &str| None).0.is_empty());
    }
}
