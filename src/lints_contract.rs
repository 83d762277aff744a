//! The `contract` lints (docs/lints.md): what a model reads of the manifest and is told nothing
//! about, or told at too great a cost. A pass after generation over the manifest, pointed at the
//! Rust sources by the [`SourceMap`], the same for every profile; its codes form the `contract`
//! group ([`CONTRACT`]), allowed unless asked for, and the pass runs only when one of them may show.

use std::collections::HashMap;

use serde_json::Value;

use crate::check::normalize::normalize;
use crate::diagnostics::lints::CONTRACT;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Lints, Location};
use crate::manifest::Manifest;
use crate::manifest::SCHEMA_KEYS;
use crate::source_map::{identity_names, EnumOrigin, SourceMap};

/// A description shorter than this is never too long, whatever the schema (a tool without
/// parameters has a schema of a few dozen characters).
const LONG_DESCRIPTION_MIN_CHARS: usize = 400;

/// How many times the compact JSON of its schemas a description must exceed to be too long.
const LONG_DESCRIPTION_RATIO: usize = 2;

/// How deep into a schema enums are looked for (a schema nests far less; the bound keeps a
/// pathological manifest from recursing without end).
const MAX_DEPTH: usize = 64;

/// The lints of the `contract` group for `manifest`, when the run's levels may show one of them;
/// `variant_docs`: whether the profile publishes a description per enum value.
pub(crate) fn run(manifest: &Manifest, map: &SourceMap, lints: &Lints, variant_docs: bool) -> Diagnostics {
    if !lints.enables(&CONTRACT) {
        return Diagnostics::default();
    }
    lint(manifest, map, |code| lints.may_show(code) && (code != Code::UndescribedVariants || variant_docs))
}

/// Every finding of the group that `shows`, tool by tool in the manifest's order.
fn lint(manifest: &Manifest, map: &SourceMap, shows: impl Fn(Code) -> bool) -> Diagnostics {
    let mut out = Diagnostics::default();
    let mut described_by: HashMap<String, String> = HashMap::new();
    let mut enums = EnumFindings::default();
    for tool in manifest.tool_values() {
        let Some(name) = tool.get("name").and_then(Value::as_str) else { continue };
        let site = Site { map, tool: &tool, name };
        out.0.extend(description_lints(&site, &mut described_by).into_iter().filter(|d| shows(d.code)));
        if shows(Code::UndescribedParameter) {
            out.0.extend(undescribed_parameters(&site));
        }
        if shows(Code::UndescribedVariants) {
            for key in SCHEMA_KEYS {
                if let Some(schema) = tool.get(key) {
                    let mut walk = EnumWalk { site: &site, root: schema, found: &mut enums };
                    walk.visit(schema, &format!("/{key}"), None, 0);
                }
            }
        }
    }
    out.0.extend(enums.into_diagnostics());
    out
}

/// One tool of the manifest, and where its parts are written.
struct Site<'a> {
    map: &'a SourceMap,
    tool: &'a Value,
    name: &'a str,
}

impl Site<'_> {
    /// The span behind `pointer` in the tool.
    fn at(&self, pointer: &str) -> Option<Location> {
        self.map.locate(self.name, self.tool, pointer)
    }

    fn warning(&self, code: Code, message: String, pointer: &str, label: impl Into<String>) -> Diagnostic {
        Diagnostic::warning(code, format!("tool `{}`{message}", self.name))
            .for_tool(self.name)
            .at(self.at(pointer))
            .with_label(label)
    }
}

/// `undescribed-tool`, `long-description` and `repeated-description` (`described_by`: the first
/// tool to have each description so far).
fn description_lints(site: &Site, described_by: &mut HashMap<String, String>) -> Vec<Diagnostic> {
    let description = match site.tool.get("description") {
        None => "",
        Some(Value::String(text)) => text.as_str(),
        // Not a string: `mcp-annotations` says so.
        Some(_) => return Vec::new(),
    };
    if description.trim().is_empty() {
        let d = site.warning(Code::UndescribedTool, " has no description".into(), "/description", "no description");
        return vec![d];
    }
    let mut out = Vec::new();
    let (chars, schemas) = (description.chars().count(), schemas_chars(site.tool));
    if chars >= LONG_DESCRIPTION_MIN_CHARS && chars > LONG_DESCRIPTION_RATIO * schemas {
        let times = chars as f64 / schemas.max(1) as f64;
        let message =
            format!(": its description is {chars} characters, {times:.1} times its schemas ({schemas} characters)");
        out.push(site.warning(Code::LongDescription, message, "/description", format!("{chars} characters")));
    }
    match described_by.get(description) {
        Some(first) => {
            let message = format!(": its description is the same as tool `{first}`'s");
            out.push(site.warning(Code::RepeatedDescription, message, "/description", format!("as `{first}`'s")));
        }
        None => {
            described_by.insert(description.to_owned(), site.name.to_owned());
        }
    }
    out
}

/// The characters of the compact JSON of a tool's `inputSchema` and `outputSchema`.
fn schemas_chars(tool: &Value) -> usize {
    SCHEMA_KEYS
        .iter()
        .filter_map(|key| tool.get(key))
        .map(|schema| serde_json::to_string(schema).map_or(0, |text| text.chars().count()))
        .sum()
}

/// `undescribed-parameter`: each property of the `inputSchema` with no description, neither its
/// own nor its type's (through `$ref`s and `Option`'s null).
fn undescribed_parameters(site: &Site) -> Vec<Diagnostic> {
    let Some(schema) = site.tool.get("inputSchema") else { return Vec::new() };
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else { return Vec::new() };
    properties
        .iter()
        .filter(|(_, property)| !has_description(schema, property))
        .map(|(name, _)| {
            let pointer = format!("/inputSchema/properties/{}", escape(name));
            let message = format!(": parameter `{name}` has no description");
            site.warning(Code::UndescribedParameter, message, &pointer, "no description")
        })
        .collect()
}

/// Whether `node` (in the schema `root`) has a non-empty description of its own or of the
/// schema it refers to.
fn has_description(root: &Value, node: &Value) -> bool {
    let non_empty = |v: &Value| v.get("description").and_then(Value::as_str).is_some_and(|d| !d.trim().is_empty());
    non_empty(node) || non_empty(&normalize(root, node).core)
}

/// The enums met so far, each once (the first tool that publishes it names it), with the values
/// published without a description.
#[derive(Default)]
struct EnumFindings(Vec<EnumFinding>);

struct EnumFinding {
    tool: String,
    name: String,
    at: Option<Location>,
    undescribed: Vec<String>,
}

impl EnumFindings {
    /// Record `values` of the enum `name` (as the message names it) at `at` as published without
    /// a description.
    fn add(&mut self, tool: &str, name: &str, at: Option<Location>, values: Vec<String>) {
        let same_place = |a: &Option<Location>, b: &Option<Location>| match (a, b) {
            (Some(a), Some(b)) => a.file.path == b.file.path && a.start == b.start,
            (None, None) => true,
            _ => false,
        };
        let known = self.0.iter_mut().find(|f| f.name == name && same_place(&f.at, &at));
        let name = name.to_owned();
        let finding = match known {
            Some(finding) => finding,
            None => {
                let finding = EnumFinding { tool: tool.to_owned(), name, at, undescribed: Vec::new() };
                self.0.push(finding);
                self.0.last_mut().expect("just pushed")
            }
        };
        for value in values {
            if !finding.undescribed.contains(&value) {
                finding.undescribed.push(value);
            }
        }
    }

    fn into_diagnostics(self) -> impl Iterator<Item = Diagnostic> {
        self.0.into_iter().filter(|f| !f.undescribed.is_empty()).map(|f| {
            let values: Vec<String> = f.undescribed.iter().map(|v| format!("{v:?}")).collect();
            let message = format!(
                "tool `{}`: the values of {} are published without a description: {}",
                f.tool,
                f.name,
                values.join(", ")
            );
            Diagnostic::warning(Code::UndescribedVariants, message)
                .for_tool(&f.tool)
                .at(f.at)
                .with_label("values without a description")
        })
    }
}

/// A walk over one schema of a tool, for the enums in it (`undescribed-variants`).
struct EnumWalk<'a, 'f> {
    site: &'a Site<'a>,
    root: &'a Value,
    found: &'f mut EnumFindings,
}

impl EnumWalk<'_, '_> {
    /// Look at `node` (at `pointer`; `key`: its `$defs` key), then into every schema it holds.
    fn visit(&mut self, node: &Value, pointer: &str, key: Option<&str>, depth: usize) {
        let Value::Object(map) = node else { return };
        if depth > MAX_DEPTH {
            return;
        }
        let names = Names { key, title: map.get("title").and_then(Value::as_str) };
        if let Some(values) = map.get("enum").and_then(Value::as_array) {
            self.enum_keyword(values, names);
        }
        for keyword in ["oneOf", "anyOf"] {
            if let Some(members) = map.get(keyword).and_then(Value::as_array) {
                self.union(members, &format!("{pointer}/{keyword}"), names);
            }
        }
        for (key, child) in map {
            match (key.as_str(), child) {
                // Values, not schemas.
                ("enum" | "const" | "default" | "examples" | "required", _) => {}
                ("$defs" | "definitions" | "properties" | "patternProperties", Value::Object(named)) => {
                    let defs = key.starts_with('$') || key == "definitions";
                    for (name, schema) in named {
                        let at = format!("{pointer}/{key}/{}", escape(name));
                        self.visit(schema, &at, defs.then_some(name.as_str()), depth + 1);
                    }
                }
                (_, Value::Array(items)) => {
                    for (i, item) in items.iter().enumerate() {
                        self.visit(item, &format!("{pointer}/{key}/{i}"), None, depth + 1);
                    }
                }
                (_, Value::Object(_)) => self.visit(child, &format!("{pointer}/{}", escape(key)), None, depth + 1),
                _ => {}
            }
        }
    }

    /// `{"enum": [...]}` of an enum of ours: schemars lists the values this way only when no
    /// variant has a description, so each is undescribed.
    fn enum_keyword(&mut self, values: &[Value], names: Names) {
        let values: Vec<&str> = values.iter().filter_map(Value::as_str).collect();
        if values.is_empty() {
            return;
        }
        let fits = |e: EnumOrigin| values.iter().all(|v| e.has_variant(v));
        let named = names.enum_in(self.site.map).filter(|e| fits(*e));
        let Some(origin) = named.or_else(|| self.site.map.enum_that_fits(values.iter().copied(), fits)) else {
            return;
        };
        let undescribed = values.iter().map(|v| (*v).to_owned()).collect();
        self.found.add(self.site.name, &format!("`{}`", origin.name()), Some(origin.at().clone()), undescribed);
    }

    /// `oneOf`/`anyOf` members that stand for the variants of an enum: those without a
    /// description. An enum the source map does not know (a profile whose map names no types)
    /// is recognised by its members alone when each is one string value.
    fn union(&mut self, members: &[Value], pointer: &str, names: Names) {
        let map = self.site.map;
        // What each member but `null` may stand for, worked out once: an unnamed union is an
        // enum's when each of them is one of its variants.
        let members: Vec<(&Value, Vec<String>)> = members
            .iter()
            .filter(|m| m.get("type").and_then(Value::as_str) != Some("null"))
            .map(|m| (m, identity_names(self.root, m)))
            .collect();
        let identifies = |e: EnumOrigin| members.iter().all(|(_, names)| e.variant_named(names).is_some());
        let first_names = members.first().map(|(_, names)| names.iter().map(String::as_str));
        let unnamed = || first_names.clone().and_then(|names| map.enum_that_fits(names, identifies));
        if let Some(origin) = names.enum_in(map).or_else(unnamed) {
            let undescribed = members
                .iter()
                .filter(|(m, _)| !has_description(self.root, m))
                .filter_map(|(_, names)| origin.variant_named(names))
                .map(str::to_owned)
                .collect();
            self.found.add(self.site.name, &format!("`{}`", origin.name()), Some(origin.at().clone()), undescribed);
            return;
        }
        let values: Option<Vec<&str>> = members.iter().map(|(m, _)| one_string_value(m)).collect();
        let Some(values) = values.filter(|v| v.len() > 1) else { return };
        let undescribed = values
            .iter()
            .zip(&members)
            .filter(|(_, (m, _))| !has_description(self.root, m))
            .map(|(v, _)| (*v).to_owned())
            .collect();
        let parent = pointer.rsplit_once('/').map_or(pointer, |(parent, _)| parent);
        let name = names.key.map_or_else(|| format!("the enum at {parent}"), |key| format!("`{key}`"));
        self.found.add(self.site.name, &name, self.site.at(parent), undescribed);
    }
}

/// What a schema is called: its `$defs` key (the type's schema name), and its `title` (which
/// schemars gives a root schema; an attribute may give any schema one).
#[derive(Clone, Copy)]
struct Names<'a> {
    key: Option<&'a str>,
    title: Option<&'a str>,
}

impl Names<'_> {
    /// The enum of the model the schema is named after, if any.
    fn enum_in(self, map: &SourceMap) -> Option<EnumOrigin<'_>> {
        [self.key, self.title].into_iter().flatten().find_map(|name| map.enum_named(name))
    }
}

/// The one string a union member allows: its `const`, or its `enum` of one.
fn one_string_value(member: &Value) -> Option<&str> {
    if let Some(value) = member.get("const") {
        return value.as_str();
    }
    match member.get("enum").and_then(Value::as_array).map(Vec::as_slice) {
        Some([one]) => one.as_str(),
        _ => None,
    }
}

/// One JSON pointer token, escaped (RFC 6901).
fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn codes(tools: Value, variant_docs: bool) -> Vec<String> {
        let manifest = Manifest::from_value(json!({ "tools": tools })).unwrap();
        let shows = |code| code != Code::UndescribedVariants || variant_docs;
        lint(&manifest, &SourceMap::default(), shows).iter().map(|d| d.message.clone()).collect()
    }

    #[test]
    fn each_lint_reads_the_manifest_alone_when_the_map_knows_nothing() {
        let long = "x".repeat(LONG_DESCRIPTION_MIN_CHARS);
        let tools = json!([
            {"name": "a", "inputSchema": {"type": "object", "properties": {
                "p": {"type": "string"},
                "q": {"type": "string", "description": "Q."},
                "r": {"$ref": "#/$defs/R"},
                "m": {"oneOf": [{"const": "x", "description": "X."}, {"const": "y"}]}},
                "$defs": {"R": {"type": "string", "description": "R."}}}},
            {"name": "b", "description": long, "inputSchema": {"type": "object"}},
            {"name": "c", "description": long, "inputSchema": {"type": "object"}},
        ]);
        assert_eq!(
            codes(tools.clone(), true),
            [
                "tool `a` has no description",
                "tool `a`: parameter `p` has no description",
                "tool `a`: parameter `m` has no description",
                "tool `b`: its description is 400 characters, 23.5 times its schemas (17 characters)",
                "tool `c`: its description is 400 characters, 23.5 times its schemas (17 characters)",
                "tool `c`: its description is the same as tool `b`'s",
                "tool `a`: the values of the enum at /inputSchema/properties/m are published without a description: \"y\"",
            ]
        );
        assert_eq!(codes(tools, false).len(), 6, "no enum lint where the SDK publishes no value's description");
    }

    #[test]
    fn a_short_description_is_never_too_long() {
        let tools = json!([{"name": "a", "description": "Does a.", "inputSchema": {"type": "object"}}]);
        assert!(codes(tools, true).is_empty());
    }
}
