//! Where a part of a tool came from in the Rust sources: a separate pass after generation that
//! walks a tool's generated JSON alongside the `Model` (the schema generators know nothing of
//! it), so `check` can point every change at the line that caused it.
//!
//! The profile records, per tool, the span of its fn and of its `#[tool]` attribute, and hands
//! over the model; from the model this keeps, per struct or enum, the spans of the type, of its
//! fields and of its variants (cheap: locations share their file). [`SourceMap::locate`] then
//! follows a JSON pointer through the tool: the tool's own fields point at the attribute, and a
//! pointer into a schema goes down property by property and variant by variant, through `$ref`s,
//! to the most specific origin it can name: a field, a variant, a type, else the fn. The manifest
//! is never touched: the map lives beside it. [`changes`] points the changes of a comparison at
//! their origins, on the regenerated side and in the baseline revision's sources.

pub mod changes;

use std::collections::HashMap;

use serde_json::Value;

use crate::check::normalize::normalize;
use crate::diagnostics::Location;
use crate::model::{Body, Field, Model, TypeDef};

/// The origins of every tool of a run.
#[derive(Debug, Clone, Default)]
pub struct SourceMap {
    tools: HashMap<String, ToolOrigin>,
    defs: Vec<DefOrigin>,
    /// The enums of `defs` by the published name of each of their variants, made on first use
    /// (only the `contract` lints look enums up by their values).
    enums_by_variant: std::sync::OnceLock<HashMap<String, Vec<usize>>>,
}

/// Where a tool is written.
#[derive(Debug, Clone)]
pub(crate) struct ToolOrigin {
    /// The fn's name.
    pub fn_at: Location,
    /// The `#[tool(...)]` attribute: the tool's description, title and annotations come from it
    /// (or from the doc comment just above it).
    pub attr_at: Location,
    /// The types written for the input (`Parameters<T>`) and output (`Json<T>`), as written:
    /// the root of each schema (which has no title to find it by).
    pub input_type: Option<String>,
    pub output_type: Option<String>,
    /// The properties of an input schema made of the tool's own parts: a fn's named parameters
    /// (python-sdk), a tool struct's fields (rust-mcp-sdk).
    params: Vec<Named>,
}

impl ToolOrigin {
    /// A tool written at `fn_at` (its fn's or struct's name) with its tool attribute at `attr_at`;
    /// `params`: the properties of an input schema made of them (name in the schema, where
    /// written, and the Rust name to narrow a span that starts at attributes to).
    pub(crate) fn new(
        fn_at: Location,
        attr_at: Location,
        params: impl IntoIterator<Item = (String, Location, Option<String>)>,
    ) -> ToolOrigin {
        let params = params.into_iter().map(|(name, at, rust_name)| Named { name, at, rust_name }).collect();
        ToolOrigin { fn_at, attr_at, input_type: None, output_type: None, params }
    }
}

/// A struct or enum of the model: its names as a schema may call it, and its spans.
#[derive(Debug, Clone)]
struct DefOrigin {
    names: Vec<String>,
    at: Location,
    /// Struct fields by serialized name.
    fields: Vec<Named>,
    variants: Vec<VariantOrigin>,
    /// A variant's fields also hold the enum's internally tagged content.
    is_enum: bool,
}

#[derive(Debug, Clone)]
struct VariantOrigin {
    name: String,
    at: Named,
    fields: Vec<Named>,
}

/// A field, variant or parameter: the name a schema calls it, its span (from its first
/// attribute), and its Rust name, which [`past_attributes`] narrows the span to when it is
/// asked for (reading the text only then: building the map must not read every file).
#[derive(Debug, Clone)]
struct Named {
    name: String,
    at: Location,
    rust_name: Option<String>,
}

impl Named {
    fn location(&self) -> Location {
        match &self.rust_name {
            Some(rust) => past_attributes(&self.at, rust),
            None => self.at.clone(),
        }
    }
}

/// What a pointer step stands in.
#[derive(Clone, Copy)]
enum Here<'m> {
    Nothing,
    Def(&'m DefOrigin),
    Variant(&'m VariantOrigin),
    /// The root of an input schema made of the fn's parameters.
    Params(&'m [Named]),
}

impl SourceMap {
    /// The map of a run whose schemas name no definition (inlined, no `$defs` or titles): the
    /// tools' origins alone.
    pub(crate) fn of_tools(tools: impl IntoIterator<Item = (String, ToolOrigin)>) -> SourceMap {
        SourceMap { tools: tools.into_iter().collect(), ..SourceMap::default() }
    }

    /// The map of a run: the tools' origins and the model's definitions.
    pub(crate) fn new(model: &Model, tools: impl IntoIterator<Item = (String, ToolOrigin)>) -> SourceMap {
        SourceMap {
            tools: tools.into_iter().collect(),
            defs: model.defs.iter().map(|d| def_origin(d)).collect(),
            ..SourceMap::default()
        }
    }

    /// Whether it knows no tool (the profile keeps no source map, or there are no tools).
    pub fn is_empty(&self) -> bool {
        self.tools.is_empty()
    }

    /// The most specific source of `pointer` (as `check` reports it: `$ref`s followed) in the
    /// tool named `tool`, whose generated JSON is `value`.
    pub fn locate(&self, tool: &str, value: &Value, pointer: &str) -> Option<Location> {
        let origin = self.tools.get(tool)?;
        let tokens: Vec<String> = pointer.split('/').skip(1).map(unescape).collect();
        match tokens.first().map(String::as_str) {
            None | Some("name") => Some(origin.fn_at.clone()),
            Some(kw @ ("inputSchema" | "outputSchema")) => {
                let written = if kw == "inputSchema" { &origin.input_type } else { &origin.output_type };
                let root_def = written.as_deref().and_then(|w| self.by_name(type_name(w)));
                let params = if kw == "inputSchema" { origin.params.as_slice() } else { &[] };
                match value.get(kw) {
                    Some(root) => Some(
                        self.in_schema(root, root_def, params, &tokens[1..]).unwrap_or_else(|| origin.fn_at.clone()),
                    ),
                    None => Some(origin.fn_at.clone()),
                }
            }
            Some(_) => Some(origin.attr_at.clone()),
        }
    }

    /// Walk `tokens` down the schema `root`, keeping the most specific origin met.
    fn in_schema(
        &self,
        root: &Value,
        root_def: Option<&DefOrigin>,
        params: &[Named],
        tokens: &[String],
    ) -> Option<Location> {
        let mut node = root.clone();
        let mut here = match root_def {
            Some(def) => Here::Def(def),
            None if !params.is_empty() => Here::Params(params),
            None => self.by_title(root),
        };
        let mut best = self.at(here);
        // Whether `here` is the type a field's schema refers to: a keyword of that schema (an
        // enum's values, the type's description) is the type's, not the field's.
        let mut through_field = false;
        let mut i = 0;
        while i < tokens.len() {
            let n = normalize(root, &node);
            if let Some(def) = n.refs.last().and_then(|r| self.by_ref(r)) {
                here = Here::Def(def);
            }
            node = n.core;
            let (tok, next) = (tokens[i].as_str(), tokens.get(i + 1).map(String::as_str));
            match (tok, next) {
                ("properties", Some(name)) => {
                    if let Some(at) = field_at(here, name) {
                        best = Some(at);
                    }
                    node = node.get("properties").and_then(|p| p.get(name)).cloned().unwrap_or(Value::Null);
                    here = Here::Nothing;
                    i += 2;
                }
                ("oneOf" | "anyOf", Some(index)) => {
                    let variant = node.get(tok).and_then(|v| v.get(index.parse::<usize>().ok()?)).cloned();
                    let variant = variant.unwrap_or(Value::Null);
                    if let Here::Def(def) = here {
                        if let Some(v) = variant_by_identity(def, root, &variant) {
                            best = Some(v.at.location());
                            here = Here::Variant(v);
                        }
                    }
                    node = variant;
                    i += 2;
                }
                ("$defs" | "definitions", Some(name)) => {
                    here = self.by_name(name).map_or(Here::Nothing, Here::Def);
                    best = self.at(here).or(best);
                    node = root.get(tok).and_then(|d| d.get(name)).cloned().unwrap_or(Value::Null);
                    i += 2;
                }
                ("items" | "additionalProperties", _) => {
                    node = node.get(tok).cloned().unwrap_or(Value::Null);
                    here = Here::Nothing;
                    i += 1;
                }
                ("prefixItems" | "allOf", Some(index)) => {
                    node =
                        node.get(tok).and_then(|v| v.get(index.parse::<usize>().ok()?)).cloned().unwrap_or(Value::Null);
                    i += 2;
                }
                // A keyword of the schema reached: its origin is the schema's.
                _ => {
                    if let (true, Here::Def(def)) = (through_field, here) {
                        best = Some(def.at.clone());
                    }
                    break;
                }
            }
            through_field = tok == "properties";
            if let Some(def) = normalize(root, &node).refs.last().and_then(|r| self.by_ref(r)) {
                // Through a field to its type: the field stays the best origin, the type is where
                // the walk goes on.
                here = Here::Def(def);
            }
        }
        best
    }

    fn at(&self, here: Here) -> Option<Location> {
        match here {
            Here::Nothing => None,
            Here::Def(d) => Some(d.at.clone()),
            Here::Variant(v) => Some(v.at.location()),
            Here::Params(_) => None,
        }
    }

    /// The root schema's type: schemars titles it with the type's schema name.
    fn by_title(&self, root: &Value) -> Here<'_> {
        root.get("title").and_then(Value::as_str).and_then(|t| self.by_name(t)).map_or(Here::Nothing, Here::Def)
    }

    fn by_ref(&self, r: &str) -> Option<&DefOrigin> {
        self.by_name(&unescape(r.rsplit('/').next()?))
    }

    /// The definition a schema name means: the Rust name, a serde or schemars rename, or a
    /// generic instantiation (`Page_for_Item`).
    fn by_name(&self, name: &str) -> Option<&DefOrigin> {
        self.defs.iter().find(|d| d.names.iter().any(|n| n == name)).or_else(|| {
            self.defs
                .iter()
                .find(|d| d.names.iter().any(|n| name.strip_prefix(n.as_str()).is_some_and(|r| r.starts_with("_for_"))))
        })
    }
}

/// An enum of the model, as a schema publishes it: what the `contract` lints name and point at.
#[derive(Clone, Copy)]
pub(crate) struct EnumOrigin<'m>(&'m DefOrigin);

impl<'m> EnumOrigin<'m> {
    /// Its Rust name.
    pub(crate) fn name(&self) -> &'m str {
        self.0.names.first().map_or("", String::as_str)
    }

    /// The span of the enum.
    pub(crate) fn at(&self) -> &'m Location {
        &self.0.at
    }

    /// Whether `value` is the published name of one of its variants.
    pub(crate) fn has_variant(&self, value: &str) -> bool {
        self.0.variants.iter().any(|v| v.name == value)
    }

    /// The published name of the variant a member whose [`identity_names`] are `names` stands for.
    pub(crate) fn variant_named(&self, names: &[String]) -> Option<&'m str> {
        variant_named(self.0, names).map(|v| v.name.as_str())
    }
}

impl SourceMap {
    /// The enum a schema name (a `$defs` key, a `title`) stands for.
    pub(crate) fn enum_named(&self, name: &str) -> Option<EnumOrigin<'_>> {
        self.by_name(name).filter(|d| d.is_enum).map(EnumOrigin)
    }

    /// The one enum with a variant published as one of `names` that `fits` (an inlined enum,
    /// which has no name in the schema); `None` when none or several do.
    pub(crate) fn enum_that_fits<'n>(
        &self,
        names: impl IntoIterator<Item = &'n str>,
        fits: impl Fn(EnumOrigin) -> bool,
    ) -> Option<EnumOrigin<'_>> {
        let index = self.enums_by_variant.get_or_init(|| {
            let mut index: HashMap<String, Vec<usize>> = HashMap::new();
            for (i, def) in self.defs.iter().enumerate().filter(|(_, d)| d.is_enum) {
                for v in &def.variants {
                    index.entry(v.name.clone()).or_default().push(i);
                }
            }
            index
        });
        let mut candidates: Vec<usize> = names.into_iter().filter_map(|n| index.get(n)).flatten().copied().collect();
        candidates.sort_unstable();
        candidates.dedup();
        let mut fitting = candidates.into_iter().map(|i| EnumOrigin(&self.defs[i])).filter(|e| fits(*e));
        let first = fitting.next()?;
        fitting.next().is_none().then_some(first)
    }
}

/// The names a union member may stand for a variant by: its `const`, a one-value `enum`, a
/// property whose schema is a `const` (a tag), its one required property (external tagging), its
/// title.
pub(crate) fn identity_names(root: &Value, member: &Value) -> Vec<String> {
    let member = normalize(root, member).core;
    let mut names: Vec<String> = Vec::new();
    let text = |v: Option<&Value>| v.and_then(Value::as_str).map(str::to_owned);
    names.extend(text(member.get("const")));
    if let Some([one]) = member.get("enum").and_then(Value::as_array).map(Vec::as_slice) {
        names.extend(text(Some(one)));
    }
    if let Some(props) = member.get("properties").and_then(Value::as_object) {
        names.extend(props.values().filter_map(|p| text(p.get("const"))));
    }
    if let Some([one]) = member.get("required").and_then(Value::as_array).map(Vec::as_slice) {
        names.extend(text(Some(one)));
    }
    names.extend(text(member.get("title")));
    names
}

fn def_origin(def: &TypeDef) -> DefOrigin {
    let mut names = vec![def.rust_name.clone(), def.serde.ser_name.clone(), def.serde.de_name.clone()];
    names.extend(def.schemars.rename.clone());
    names.dedup();
    let fields_of = |fields: &[Field]| -> Vec<Named> {
        let mut out = Vec::new();
        for f in fields {
            let named =
                |name: &str| Named { name: name.to_owned(), at: f.location.clone(), rust_name: f.rust_name.clone() };
            out.push(named(&f.ser_name));
            if f.de_name != f.ser_name {
                out.push(named(&f.de_name));
            }
        }
        out
    };
    match &def.body {
        Body::Struct { fields, .. } => DefOrigin {
            names,
            at: def.location.clone(),
            fields: fields_of(fields),
            variants: Vec::new(),
            is_enum: false,
        },
        Body::Enum { variants } => DefOrigin {
            names,
            at: def.location.clone(),
            fields: Vec::new(),
            variants: variants
                .iter()
                .map(|v| VariantOrigin {
                    name: v.ser_name.clone(),
                    at: Named {
                        name: v.ser_name.clone(),
                        at: v.location.clone(),
                        rust_name: Some(v.rust_name.clone()),
                    },
                    fields: fields_of(&v.fields),
                })
                .collect(),
            is_enum: true,
        },
        Body::Unsupported(_) => {
            DefOrigin { names, at: def.location.clone(), fields: Vec::new(), variants: Vec::new(), is_enum: false }
        }
    }
}

/// A field's or variant's span starts at its doc comment or first attribute; an annotation
/// belongs on the line that names it. The span narrowed to the first `name` outside comment and
/// attribute lines (the whole span when there is none).
fn past_attributes(at: &Location, name: &str) -> Location {
    let text = at.file.slice(at.start..at.start + at.len);
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let code = line.trim_start();
        if !(code.starts_with("//") || code.starts_with('#') || code.starts_with("/*") || code.starts_with('*')) {
            if let Some(i) = find_word(line, name.trim_start_matches("r#")) {
                return Location { file: at.file.clone(), start: at.start + offset + i, len: name.len() };
            }
        }
        offset += line.len();
    }
    at.clone()
}

/// The first place `word` stands as a whole identifier in `line`.
fn find_word(line: &str, word: &str) -> Option<usize> {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    line.match_indices(word).map(|(i, _)| i).find(|&i| {
        let before = line[..i].chars().next_back();
        let after = line[i + word.len()..].chars().next();
        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
    })
}

fn field_at(here: Here, name: &str) -> Option<Location> {
    let fields = match here {
        Here::Nothing => return None,
        Here::Def(d) if d.is_enum => return None,
        Here::Def(d) => &d.fields,
        Here::Variant(v) => &v.fields,
        Here::Params(params) => params,
    };
    fields.iter().find(|f| f.name == name).map(Named::location)
}

/// The variant a union member stands for: by its `const`, a one-value `enum`, a property whose
/// schema is a `const` (a tag), its one required property (external tagging) or its title.
fn variant_by_identity<'m>(def: &'m DefOrigin, root: &Value, member: &Value) -> Option<&'m VariantOrigin> {
    variant_named(def, &identity_names(root, member))
}

/// The first variant of `def` published as one of `names`.
fn variant_named<'m>(def: &'m DefOrigin, names: &[String]) -> Option<&'m VariantOrigin> {
    names.iter().find_map(|n| def.variants.iter().find(|v| v.name == *n))
}

/// The type's own name in a type as written: `Page` in `crate::api::Page<Item>`.
fn type_name(written: &str) -> &str {
    let path = written.split('<').next().unwrap_or(written).trim();
    path.rsplit("::").next().unwrap_or(path).trim()
}

/// One JSON pointer token, unescaped (`~1` is `/`, `~0` is `~`).
fn unescape(token: &str) -> String {
    token.replace("~1", "/").replace("~0", "~")
}
