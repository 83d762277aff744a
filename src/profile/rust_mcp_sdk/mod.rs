//! The rust-mcp-sdk profile: tools are structs (or aliases of one) carrying `#[mcp_tool(...)]`
//! and the SDK's own `#[derive(JsonSchema)]`, listed by `tool_box!(Tools, [A, B, …])` in that
//! order. Without a `tool_box!`, every `#[mcp_tool]` item is listed, in source order, with a
//! note. The input schema is the derive's ([`crate::schema::rust_mcp_sdk`]); there is never an
//! `outputSchema`.
//!
//! What the real macros reject (the crate would not compile) is an error here, and so is a
//! listed tool whose schema contains itself (the real server overflows its stack listing it).

mod tool_attr;
pub mod version;
mod written;

use proc_macro2::Span;
use serde_json::{Map, Value};

use super::release::Discovered;
use super::template::{self, Described, JsonOrder};
use super::{origins, overrides, Capabilities, Profile, ProfileInfo};
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Location};
use crate::manifest::Manifest;
use crate::manifest::{AnnotationOrder, Annotations, Key, KeyOrder, Tool, ToolEntry};
use crate::model::written::{Target, WrittenId};
use crate::profile::is_attr_named;
use crate::schema::rust_mcp_sdk::{def_schema, sorted, sorted_map, SchemaError};
use crate::source::{ItemRef, ModuleId, Namespace, Resolved, Workspace};
use crate::source_map::SourceMap;
use tool_attr::ToolAttr;
use version::{Behaviour, InputKeyOrder};
use written::{derives, Builder};

/// The rust-mcp-sdk profile.
pub struct RustMcpSdk;

/// What the rust-mcp-sdk profile is.
const INFO: ProfileInfo = ProfileInfo {
    name: "rust-mcp-sdk",
    summary: "the Rust SDK rust-mcp-sdk (rust-mcp-stack), at the release in Cargo.lock",
    // None: its tools are structs and a `tool_box!` list, found in the deferred items' text
    // (`item_mentions`), so no item needs to stay parsed for it.
    kept_attributes: crate::source::KeptAttributes(&[]),
    detection: super::Detection::DependsOn("rust-mcp-sdk"),
    releases: Some(&version::SDK),
    reads_protocol: false,
    // serde_json's: the derive builds `serde_json::Map`s, so a build that turns `preserve_order`
    // on lists their keys as the derive inserts them (no release turns it on itself).
    json_order: JsonOrder::SerdeJson { preserved_since: None, sdk_crates: &[] },
    // The derive inlines every type: no `$defs` to share a subschema through.
    capabilities: Capabilities { variant_docs: true, shares_defs: false },
};

impl Profile for RustMcpSdk {
    fn info(&self) -> &'static ProfileInfo {
        &INFO
    }

    fn release(&self, found: &Discovered) -> Described {
        Described { release: version::Versions::of(found).release(), warnings: Vec::new() }
    }

    fn list(&self, run: &mut template::Run<'_>) -> Option<Manifest> {
        let versions = version::Versions::of(run.release.as_ref()?);
        let out = &mut run.out;
        out.diagnostics.0.extend(overrides::not_applied(INFO.name, &run.options.overrides));
        let behaviour = versions.behaviour();
        if behaviour.schema.hashed_properties {
            out.notes.push(format!(
                "rust-mcp-schema {} keeps the top-level `inputSchema.properties` in a HashMap: the real server lists them in another order on every run (written here in byte order)",
                versions.schema
            ));
        }
        let (manifest, source_map) = manifest(run.ws, behaviour, run.insertion_order, &mut out.diagnostics);
        out.source_map = source_map;
        Some(manifest)
    }
}

/// The tools the crate lists, as this release of the SDK lists them, and where each is written.
/// `insertion_order`: the server's serde_json keeps keys in insertion order (`preserve_order`).
fn manifest(
    ws: &Workspace,
    behaviour: Behaviour,
    insertion_order: bool,
    diagnostics: &mut Diagnostics,
) -> (Manifest, SourceMap) {
    let mut run = Run { ws, behaviour, builder: Builder::new(ws), diagnostics, rejected: Vec::new() };
    let items = mcp_tool_items(ws);
    let (boxes, broken_boxes) = tool_boxes(ws, run.diagnostics);
    let tools: Vec<ToolItem> = items.into_iter().filter_map(|item| run.tool(item)).collect();
    list_handler_filters(ws, run.diagnostics);

    let handled = if boxes.is_empty() { handler_tools(ws, &tools) } else { None };
    let listed: Vec<&ToolItem> = if let Some(listed) = handled {
        listed
    } else if boxes.is_empty() {
        if !tools.is_empty() && broken_boxes == 0 {
            run.diagnostics.push(Diagnostic::note(
                Code::NoToolBox,
                "no `tool_box!` found: every `#[mcp_tool]` struct is listed, in source order (the server lists what its handler returns)",
            ));
        }
        tools.iter().collect()
    } else {
        run.listed(&boxes, &tools)
    };

    let mut out = Vec::new();
    let mut origins = Vec::new();
    for tool in &tools {
        let is_listed = listed.iter().any(|t| t.item == tool.item);
        match def_schema(&run.builder.model, tool.def, &behaviour.macros.rules, insertion_order) {
            Ok((schema, gaps)) if is_listed => {
                for gap in gaps {
                    run.schema_error(&tool.attr.name, gap, true);
                }
                out.push((tool.item, tool_json(&tool.attr, &schema, &behaviour, insertion_order)));
                let def = run.builder.model.def(tool.def);
                origins.push((tool.attr.name.clone(), origins::of_struct(tool.at.clone(), tool.attr_at.clone(), def)));
            }
            Ok(_) => {}
            Err(errors) => {
                for e in errors {
                    run.schema_error(&tool.rust_name, e, is_listed);
                }
            }
        }
    }
    let tools = listed
        .iter()
        .filter_map(|l| out.iter().find(|(item, _)| *item == l.item).map(|(_, tool)| tool.clone()))
        .collect();
    (Manifest::new(tools), SourceMap::of_tools(origins))
}

/// An item carrying `#[mcp_tool]`.
struct McpToolItem<'w> {
    item: ItemRef,
    whole: &'w syn::Item,
    attr: &'w syn::Attribute,
}

/// A tool whose attribute and definition were read.
struct ToolItem {
    item: ItemRef,
    rust_name: String,
    attr: ToolAttr,
    def: WrittenId,
    /// Where its name and its `#[mcp_tool]` attribute are written.
    at: Location,
    attr_at: Location,
}

/// One `tool_box!(Name, [A, B, …])`: the identifiers, with the module they are written in.
struct ToolBox {
    krate: usize,
    module: ModuleId,
    entries: Vec<(String, Location)>,
}

struct Run<'w, 'd> {
    ws: &'w Workspace,
    behaviour: Behaviour,
    builder: Builder<'w>,
    diagnostics: &'d mut Diagnostics,
    /// The `#[mcp_tool]` items already reported as rejected.
    rejected: Vec<ItemRef>,
}

impl Run<'_, '_> {
    fn location(&self, r: ItemRef, span: Span) -> Location {
        self.ws.crates[r.krate].file_of(r.module).location(span)
    }

    /// Report what stops a tool's schema. A recursive type matters only to a listed tool: only
    /// listing runs the schema builder, so a tool never listed never overflows.
    fn schema_error(&mut self, tool: &str, error: SchemaError, listed: bool) {
        match error {
            SchemaError::Missing { field, type_name, why } => self.diagnostics.push(
                Diagnostic::error(Code::SdkRejected, format!("tool `{tool}`: the field's type `{type_name}` has no schema: {why}"))
                    .at(Some(field))
                    .with_label("the derive calls this type's `json_schema()`")
                    .with_help("rustc rejects this (E0599: no function `json_schema`); derive `JsonSchema` on the type, or use a type the derive knows"),
            ),
            SchemaError::Recursive { field, chain } if listed => self.diagnostics.push(
                Diagnostic::error(Code::SdkRecursive, format!("tool `{tool}`: its schema contains itself ({})", chain.join(" → ")))
                    .at(Some(field))
                    .with_label("this field leads back to a type being built")
                    .with_help("the derive inlines nested types; the real server overflows its stack when it lists this tool"),
            ),
            SchemaError::Recursive { .. } => {}
            SchemaError::Unevaluable { at, type_name, why, .. } => self.diagnostics.push(
                Diagnostic::warning(
                    Code::Opaque,
                    format!("tool `{tool}`: the hand-written `{type_name}::json_schema()` cannot be evaluated ({why}); the field's schema is left empty"),
                )
                .for_tool(tool)
                .at(Some(at))
                .with_label("evaluating the type's `json_schema()` stops here")
                .with_help("write the schema with `json!`, or `Map::new()` and `insert`, which the CLI evaluates"),
            ),
        }
    }

    fn reject(&mut self, at: Location, message: String, help: &str) {
        self.diagnostics.push(Diagnostic::error(Code::SdkRejected, message).at(Some(at)).with_help(help.to_owned()));
    }

    /// Read one `#[mcp_tool]` item, or report why the real macros reject it.
    fn tool(&mut self, item: McpToolItem<'_>) -> Option<ToolItem> {
        let r = item.item;
        let tool = self.read_tool(item);
        if tool.is_none() {
            self.rejected.push(r);
        }
        tool
    }

    fn read_tool(&mut self, item: McpToolItem<'_>) -> Option<ToolItem> {
        let r = item.item;
        let (ident, strukt, alias) = match item.whole {
            syn::Item::Struct(s) => (&s.ident, Some(s), None),
            syn::Item::Type(t) => (&t.ident, None, Some(t)),
            other => {
                let at = self.location(r, syn::spanned::Spanned::span(item.attr.path()));
                let what = item_name(other).map_or_else(|| "this item".to_owned(), |n| format!("`{n}`"));
                self.reject(
                    at,
                    format!("`#[mcp_tool]` on {what}: it applies only to structs and type aliases"),
                    "make the tool a struct with named fields (its fields are the tool's arguments)",
                );
                return None;
            }
        };
        let rust_name = ident.to_string();
        let attr = match tool_attr::parse(item.attr, self.behaviour.macros.execution) {
            Ok(a) => a,
            Err(rej) => {
                let at = self.location(r, rej.span);
                self.reject(
                    at,
                    format!("`#[mcp_tool]` on `{rust_name}`: {}", rej.message),
                    "rust-mcp-macros rejects this attribute at compile time",
                );
                return None;
            }
        };
        let at = self.location(r, ident.span());
        let attr_at = self.location(r, syn::spanned::Spanned::span(item.attr));
        let def = match (strukt, alias) {
            (Some(s), _) => self.struct_def(r, s, at.clone())?,
            (_, Some(t)) => self.alias_def(r, t, at.clone())?,
            (None, None) => return None,
        };
        Some(ToolItem { item: r, rust_name, attr, def, at, attr_at })
    }

    fn struct_def(&mut self, r: ItemRef, s: &syn::ItemStruct, at: Location) -> Option<WrittenId> {
        let name = s.ident.to_string();
        let problem = if !matches!(s.fields, syn::Fields::Named(_)) {
            Some((
                format!("tool struct `{name}` has no named fields: the `JsonSchema` derive panics on tuple and unit structs"),
                "write it `struct Name {}` (braces), with named fields",
            ))
        } else if s.generics.lifetimes().next().is_some() {
            Some((
                format!("tool struct `{name}` has a lifetime parameter: the code `#[mcp_tool]` generates names it without one (E0726)"),
                "use owned field types (`String` rather than `&str`)",
            ))
        } else if !s.generics.params.is_empty() {
            Some((
                format!("tool struct `{name}` is generic: the code `#[mcp_tool]` generates names it without its parameters (E0107)"),
                "make the tool struct concrete",
            ))
        } else if !derives(&s.attrs, "JsonSchema") {
            Some((
                format!("tool struct `{name}` does not derive `JsonSchema`: `#[mcp_tool]` calls `{name}::json_schema()` (E0599)"),
                "add `#[derive(JsonSchema)]` (rust_mcp_sdk::macros::JsonSchema)",
            ))
        } else {
            None
        };
        if let Some((message, help)) = problem {
            self.reject(at, message, help);
            return None;
        }
        match self.builder.def(r) {
            Ok(id) => Some(id),
            Err(why) => {
                self.reject(at, format!("tool struct `{name}`: {why}"), "rust-mcp-macros rejects this at compile time");
                None
            }
        }
    }

    /// `#[mcp_tool] type A = B;`: `B` must be a plain identifier naming a struct or enum with
    /// the derive.
    fn alias_def(&mut self, r: ItemRef, t: &syn::ItemType, at: Location) -> Option<WrittenId> {
        let name = t.ident.to_string();
        let problem = match &*t.ty {
            syn::Type::Path(tp) if tp.path.leading_colon.is_none() && tp.path.segments.len() == 1 => {
                if tp.path.segments[0].arguments.is_none() {
                    None
                } else {
                    Some(format!("tool alias `{name}`: `#[mcp_tool]` does not take an alias with generic arguments"))
                }
            }
            syn::Type::Path(_) => Some(format!(
                "tool alias `{name}`: `#[mcp_tool]` takes only an alias of a single identifier (`type {name} = Target;`)"
            )),
            _ => Some(format!("tool alias `{name}`: `#[mcp_tool]` takes only an alias of a path type")),
        };
        if let Some(message) = problem {
            self.reject(at, message, "alias a struct in scope by its bare name, or put `#[mcp_tool]` on the struct");
            return None;
        }
        let target = written::single_ident(&t.ty).expect("checked above");
        match self.builder.target(r.krate, r.module, &target) {
            Target::Def(id) => Some(id),
            Target::Given(_) | Target::Unevaluable { .. } => {
                self.diagnostics.push(
                    Diagnostic::error(
                        Code::Opaque,
                        format!("tool alias `{name}`: its target's `json_schema()` is written by hand, which the CLI reads only for a field's type; the tool is not listed"),
                    )
                    .at(Some(at)),
                );
                None
            }
            Target::Missing(why) => {
                self.reject(
                    at,
                    format!("tool alias `{name}`: {why}"),
                    "`#[mcp_tool]` calls the target's `json_schema()` (E0599)",
                );
                None
            }
        }
    }

    /// The tools the `tool_box!` lists name, in their order.
    fn listed<'t>(&mut self, boxes: &[ToolBox], tools: &'t [ToolItem]) -> Vec<&'t ToolItem> {
        let mut out: Vec<&ToolItem> = Vec::new();
        for b in boxes {
            for (name, at) in &b.entries {
                let resolved = match self.ws.resolve(b.krate, b.module, std::slice::from_ref(name), Namespace::Type) {
                    Resolved::Item(r, _) => Some(r),
                    _ => None,
                };
                let Some(tool) = resolved.and_then(|r| tools.iter().find(|t| t.item == r)) else {
                    // A rejected tool item is reported already.
                    if !resolved.is_some_and(|r| self.rejected.contains(&r)) {
                        self.reject(
                            at.clone(),
                            format!("`tool_box!` lists `{name}`, which is not a `#[mcp_tool]` struct of this crate"),
                            "tool_box! calls `{name}::tool()`, which only `#[mcp_tool]` generates",
                        );
                    }
                    continue;
                };
                if !self.deserializable(tool) {
                    self.reject(
                        at.clone(),
                        format!("`tool_box!` lists `{name}`, which does not derive `Deserialize` (E0277)"),
                        "tool_box! parses call arguments into the tool struct: derive `serde::Deserialize`",
                    );
                    continue;
                }
                if !out.iter().any(|t| t.item == tool.item) {
                    out.push(tool);
                }
            }
        }
        out
    }

    /// Whether the struct a tool deserializes into derives `Deserialize`.
    fn deserializable(&self, tool: &ToolItem) -> bool {
        match self.ws.item(tool.item) {
            syn::Item::Struct(s) => derives(&s.attrs, "Deserialize"),
            // An alias: the target was checked to be a struct or enum of ours; its derives are
            // not at hand here, and the crate compiles only if it has one.
            _ => true,
        }
    }
}

fn item_name(item: &syn::Item) -> Option<String> {
    match item {
        syn::Item::Enum(e) => Some(e.ident.to_string()),
        syn::Item::Fn(f) => Some(f.sig.ident.to_string()),
        syn::Item::Union(u) => Some(u.ident.to_string()),
        syn::Item::Const(c) => Some(c.ident.to_string()),
        syn::Item::Static(s) => Some(s.ident.to_string()),
        syn::Item::Trait(t) => Some(t.ident.to_string()),
        syn::Item::Mod(m) => Some(m.ident.to_string()),
        _ => None,
    }
}

/// Every item of the workspace carrying `#[mcp_tool]`, in source order.
fn mcp_tool_items(ws: &Workspace) -> Vec<McpToolItem<'_>> {
    let mut out = Vec::new();
    for (k, krate) in ws.crates.iter().enumerate().filter(|(_, krate)| !krate.is_registry) {
        for (m, module) in krate.modules.iter().enumerate() {
            let file = krate.file_of(ModuleId(m));
            for (index, shell) in module.items.iter().enumerate() {
                if matches!(shell, syn::Item::Mod(_) | syn::Item::Use(_) | syn::Item::Impl(_) | syn::Item::Macro(_)) {
                    continue;
                }
                if !file.item_mentions(shell, "mcp_tool") {
                    continue;
                }
                let item = ItemRef { krate: k, module: ModuleId(m), index };
                let whole = ws.item(item);
                if let Some(attr) = item_attrs(whole).iter().find(|a| is_attr_named(a, "mcp_tool")) {
                    out.push(McpToolItem { item, whole, attr });
                }
            }
        }
    }
    out
}

fn item_attrs(item: &syn::Item) -> &[syn::Attribute] {
    match item {
        syn::Item::Struct(s) => &s.attrs,
        syn::Item::Enum(e) => &e.attrs,
        syn::Item::Type(t) => &t.attrs,
        syn::Item::Fn(f) => &f.attrs,
        syn::Item::Union(u) => &u.attrs,
        syn::Item::Const(c) => &c.attrs,
        syn::Item::Static(s) => &s.attrs,
        syn::Item::Trait(t) => &t.attrs,
        _ => &[],
    }
}

/// Every `tool_box!(Name, [A, B, …])` at item level, in source order. An entry that is a path
/// (`m::A`) is an error: the macro takes identifiers only.
fn tool_boxes(ws: &Workspace, diagnostics: &mut Diagnostics) -> (Vec<ToolBox>, usize) {
    let (mut out, mut broken) = (Vec::new(), 0);
    for (k, krate) in ws.crates.iter().enumerate().filter(|(_, krate)| !krate.is_registry) {
        for (m, module) in krate.modules.iter().enumerate() {
            let file = krate.file_of(ModuleId(m));
            for (index, shell) in module.items.iter().enumerate() {
                let syn::Item::Macro(shell_mac) = shell else { continue };
                if !shell_mac.mac.path.segments.last().is_some_and(|s| s.ident == "tool_box") {
                    continue;
                }
                let syn::Item::Macro(mac) = ws.item(ItemRef { krate: k, module: ModuleId(m), index }) else { continue };
                match tool_box_entries(&mac.mac.tokens) {
                    Ok(names) => out.push(ToolBox {
                        krate: k,
                        module: ModuleId(m),
                        entries: names.into_iter().map(|(n, span)| (n, file.location(span))).collect(),
                    }),
                    // A broken list still says the crate has one: no "every struct is listed" note.
                    Err((span, message)) => {
                        broken += 1;
                        diagnostics.push(
                            Diagnostic::error(Code::SdkRejected, format!("`tool_box!`: {message}"))
                                .at(Some(file.location(span)))
                                .with_help("write `tool_box!(Tools, [ToolA, ToolB])` with the tool structs' bare names in scope"),
                        );
                    }
                }
            }
        }
    }
    (out, broken)
}

type Entries = Vec<(String, Span)>;

/// `Name, [A, B, …]`: the identifiers of the list.
fn tool_box_entries(tokens: &proc_macro2::TokenStream) -> Result<Entries, (Span, String)> {
    use syn::parse::{ParseStream, Parser};
    let parser = |input: ParseStream| -> syn::Result<Entries> {
        input.parse::<syn::Ident>()?;
        input.parse::<syn::Token![,]>()?;
        let content;
        syn::bracketed!(content in input);
        let mut names = Vec::new();
        while !content.is_empty() {
            let path: syn::Path = content.parse()?;
            let Some(ident) = path.get_ident() else {
                let written = quote::ToTokens::to_token_stream(&path).to_string().replace(' ', "");
                let last = path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default();
                return Err(syn::Error::new_spanned(
                    &path,
                    format!("it lists `{written}`, a path: the macro takes tool types by their bare names only (`{last}`, imported)"),
                ));
            };
            names.push((ident.to_string(), ident.span()));
            if content.is_empty() {
                break;
            }
            content.parse::<syn::Token![,]>()?;
        }
        if input.peek(syn::Token![,]) {
            input.parse::<syn::Token![,]>()?;
        }
        Ok(names)
    };
    parser.parse2(tokens.clone()).map_err(|e| (e.span(), e.to_string()))
}

/// rust-mcp-schema's `Tool` fields in their declaration order, as serde writes them (its
/// `ToolAnnotations` fields too).
const KEY_ORDER: KeyOrder = KeyOrder {
    tool: &[
        Key::Annotations,
        Key::Description,
        Key::Execution,
        Key::Icons,
        Key::InputSchema,
        Key::Meta,
        Key::Name,
        Key::Title,
    ],
    annotations: AnnotationOrder::Sorted,
};

/// The `Tool` the SDK lists.
fn tool_json(attr: &ToolAttr, schema: &Map<String, Value>, behaviour: &Behaviour, insertion_order: bool) -> Tool {
    let hints = [attr.read_only_hint, attr.destructive_hint, attr.idempotent_hint, attr.open_world_hint];
    let annotations = hints.iter().any(Option::is_some).then_some(Annotations { title: None, hints });
    let execution = match (behaviour.macros.execution, behaviour.schema.execution, attr.task_support.as_ref()) {
        (true, true, Some(support)) => {
            let mut e = Map::new();
            e.insert("taskSupport".into(), Value::String(support.clone()));
            Some(Value::Object(e))
        }
        _ => None,
    };
    let icons = (!attr.icons.is_empty()).then(|| {
        let icons = attr
            .icons
            .iter()
            .map(|i| {
                let mut m = Map::new();
                if let Some(mime) = &i.mime_type {
                    m.insert("mimeType".into(), Value::String(mime.clone()));
                }
                if !i.sizes.is_empty() {
                    m.insert("sizes".into(), Value::Array(i.sizes.iter().cloned().map(Value::String).collect()));
                }
                m.insert("src".into(), Value::String(i.src.clone()));
                if let Some(theme) = &i.theme {
                    m.insert("theme".into(), Value::String(theme.clone()));
                }
                Value::Object(m)
            })
            .collect();
        Value::Array(icons)
    });
    let entry = ToolEntry {
        title: attr.title.clone(),
        description: Some(attr.description.clone()),
        input: Some(Value::Object(input_schema(schema, behaviour.schema.input_key_order, insertion_order))),
        annotations,
        execution,
        icons,
        // A `serde_json::Map` (`_meta`): as written under `preserve_order`, else sorted.
        meta: attr.meta.as_ref().map(|m| if insertion_order { m.clone() } else { sorted(m) }),
        ..ToolEntry::named(&attr.name)
    };
    entry.into_tool(&KEY_ORDER)
}

/// `ToolInputSchema` from the derive's schema: its `properties` (when an object) and `required`
/// (when not empty), and `"type": "object"` whatever the derive said. `properties` is a
/// `BTreeMap` of rust-mcp-schema: its own keys are sorted, and under `preserve_order`
/// (`insertion_order`) the schemas in it keep the derive's order.
fn input_schema(schema: &Map<String, Value>, order: InputKeyOrder, insertion_order: bool) -> Map<String, Value> {
    let properties = schema.get("properties").and_then(Value::as_object).map(|p| {
        if insertion_order {
            let mut entries: Vec<(&String, &Value)> = p.iter().collect();
            entries.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
            Value::Object(entries.into_iter().map(|(k, v)| (k.clone(), v.clone())).collect())
        } else {
            Value::Object(sorted_map(p))
        }
    });
    let required =
        schema.get("required").and_then(Value::as_array).filter(|r| !r.is_empty()).cloned().map(Value::Array);
    let mut m = Map::new();
    let ty = || ("type".to_owned(), Value::String("object".into()));
    if order == InputKeyOrder::TypePropertiesRequired {
        let (k, v) = ty();
        m.insert(k, v);
    }
    if let Some(p) = properties {
        m.insert("properties".into(), p);
    }
    if let Some(r) = required {
        m.insert("required".into(), r);
    }
    if order == InputKeyOrder::PropertiesRequiredType {
        let (k, v) = ty();
        m.insert(k, v);
    }
    m
}

/// The list methods that drop tools when the server runs.
const FILTERS: &[&str] = &["filter", "filter_map", "retain", "skip", "take", "skip_while", "take_while"];

/// A `handle_list_tools_request` that filters the list (`tools().into_iter().filter(|t|
/// !self.disabled.contains(&t.name))`, a flag read at startup): a `runtime-condition` note at the
/// call, as every tool stays listed (what the server lists when the filter keeps them all).
fn list_handler_filters(ws: &Workspace, diagnostics: &mut Diagnostics) {
    struct Calls<'a>(Vec<&'a syn::ExprMethodCall>);
    impl<'a> syn::visit::Visit<'a> for Calls<'a> {
        fn visit_expr_method_call(&mut self, mc: &'a syn::ExprMethodCall) {
            if FILTERS.contains(&mc.method.to_string().as_str()) {
                self.0.push(mc);
            }
            syn::visit::visit_expr_method_call(self, mc);
        }
    }
    let impls = crate::source::impls::ImplIndex::new(ws);
    for imp in impls.impls.iter().filter(|i| !ws.crates[i.krate].is_registry) {
        for f in imp.fns().filter(|f| f.sig.ident == "handle_list_tools_request") {
            let body = ws.block(imp.krate, imp.module, &f.block);
            let mut calls = Calls(Vec::new());
            syn::visit::Visit::visit_block(&mut calls, body);
            if let Some(mc) = calls.0.first() {
                let at = ws.crates[imp.krate].file_of(imp.module).location(mc.method.span());
                diagnostics.push(
                    Diagnostic::note(
                        Code::RuntimeCondition,
                        format!(
                            "`handle_list_tools_request` filters the tools with `.{}(…)` when the server runs: every tool is listed, as when it keeps them all",
                            mc.method
                        ),
                    )
                    .at(Some(at)),
                );
            }
        }
    }
}

/// With no `tool_box!`: the tools a `handle_list_tools_request` lists by `T::tool()` calls
/// (`vec![A::tool(), B::tool()]`, written in its body or in a fn of the crate it calls, one level
/// down), in their order; `None` when it calls none, or one the CLI cannot tell from an
/// `#[mcp_tool]` struct of the crate (the note on every struct stays the answer).
fn handler_tools<'t>(ws: &Workspace, tools: &'t [ToolItem]) -> Option<Vec<&'t ToolItem>> {
    use syn::visit::Visit;
    /// The calls of a body: `T::tool()` paths, and the other fn paths (owned: the elements of a
    /// `vec![…]` are parsed here, not part of the tree).
    #[derive(Default)]
    struct Calls {
        tool: Vec<syn::Path>,
        other: Vec<syn::Path>,
    }
    impl<'a> Visit<'a> for Calls {
        fn visit_expr_call(&mut self, c: &'a syn::ExprCall) {
            if let syn::Expr::Path(p) = &*c.func {
                let last = p.path.segments.last().map(|s| s.ident.to_string());
                if last.as_deref() == Some("tool") && c.args.is_empty() && p.path.segments.len() >= 2 {
                    self.tool.push(p.path.clone());
                } else if p.qself.is_none() {
                    self.other.push(p.path.clone());
                }
            }
            syn::visit::visit_expr_call(self, c);
        }
        fn visit_macro(&mut self, m: &'a syn::Macro) {
            // `vec![A::tool(), B::tool()]`: its elements, as expressions.
            let parser = syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated;
            if let Ok(args) = m.parse_body_with(parser) {
                for a in &args {
                    syn::visit::visit_expr(self, a);
                }
            }
        }
    }
    let impls = crate::source::impls::ImplIndex::new(ws);
    let imp = impls
        .impls
        .iter()
        .filter(|i| !ws.crates[i.krate].is_registry)
        .find(|i| i.fns().any(|f| f.sig.ident == "handle_list_tools_request"))?;
    let f = imp.fns().find(|f| f.sig.ident == "handle_list_tools_request")?;
    let body = ws.block(imp.krate, imp.module, &f.block);
    let mut calls = Calls::default();
    calls.visit_block(body);
    let mut found: Vec<(syn::Path, usize, ModuleId)> =
        calls.tool.into_iter().map(|p| (p, imp.krate, imp.module)).collect();
    if found.is_empty() {
        // One level down: `Self::registered_tools()`, `tools::all()`.
        for p in &calls.other {
            if let Some((b, k, m)) = impls.fn_body(p, imp.krate, imp.module, imp.self_key.as_ref()) {
                let mut inner = Calls::default();
                inner.visit_block(b);
                found.extend(inner.tool.into_iter().map(|p| (p, k, m)));
            }
        }
    }
    if found.is_empty() {
        return None;
    }
    let mut out = Vec::new();
    for (path, k, m) in found {
        let segs: Vec<String> =
            path.segments.iter().take(path.segments.len() - 1).map(|s| s.ident.to_string()).collect();
        let Resolved::Item(r, _) = ws.resolve(k, m, &segs, Namespace::Type) else { return None };
        let tool = tools.iter().find(|t| t.item == r)?;
        out.push(tool);
    }
    Some(out)
}
