//! The python-sdk profile: the entry the MCP Python SDK (mcp 2.x) publishes for the equivalent
//! Python function (conformance cases in `testdata/python-sdk/cases`, checked by
//! `tests/it/python_sdk_conformance.rs`).

use serde_json::{json, Map, Value};

use super::listing::{Duplicates, Order, Policy, Reported, ToolList};
use super::{annotations, key_and_value, lit_bool, lit_str, tool_fns, Capabilities, ProfileInfo, SchemaKind, ToolFn};
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Location};
use crate::manifest::{AnnotationOrder, Annotations, Key, KeyOrder, Manifest, ToolEntry};
use crate::model::{doc_lines, Body, Leaf, Lowerer, Model, Resolver, Scope, Style, Ty, Unknown};
use crate::schema::order::pydantic_order;
use crate::schema::pydantic::{drop_unreferenced_defs, Direction, Document, Pydantic, MAX_SCHEMA_NODES};
use crate::source::Workspace;

/// Classes the SDK treats as content for the model: they never produce an output schema.
const CONTENT_BLOCKS: &[&str] = &[
    "CallToolResult",
    "Content",
    "ContentBlock",
    "RawContent",
    "TextContent",
    "RawTextContent",
    "ImageContent",
    "RawImageContent",
    "AudioContent",
    "RawAudioContent",
    "EmbeddedResource",
    "RawEmbeddedResource",
    "ResourceLink",
    "RawResource",
    "Image",
    "Audio",
];

/// The SDK's `Tool` fields in the order pydantic dumps them (those a Rust fn can give).
const KEY_ORDER: KeyOrder = KeyOrder {
    tool: &[Key::Name, Key::Title, Key::Description, Key::InputSchema, Key::OutputSchema, Key::Annotations],
    annotations: AnnotationOrder::Protocol,
};

/// The SDK's tool manager: a second tool of a name is dropped with a warning; tools are listed as
/// registered.
const POLICY: Policy = Policy { duplicates: Duplicates::FirstWins, order: Order::Registration };

/// What the tool attribute says.
#[derive(Default)]
struct ToolArgs {
    name: Option<String>,
    title: Option<String>,
    description: Option<String>,
    structured_output: Option<bool>,
    annotations: Option<Annotations>,
}

fn read_args(tool: &ToolFn, ws: &Workspace, diagnostics: &mut Diagnostics) -> ToolArgs {
    let mut out = ToolArgs::default();
    for meta in tool.args() {
        let (key, value) = key_and_value(&meta);
        // A value that is not a literal cannot be read without running the code.
        let unreadable = |diagnostics: &mut Diagnostics| {
            diagnostics.push(
                Diagnostic::warning(
                    Code::UnreadableAttribute,
                    format!("tool `{}`: `{key}` is not a literal; ignored", tool.fn_name()),
                )
                .at(Some(tool.location(ws))),
            );
        };
        match key.as_str() {
            "name" | "title" | "description" => match value.and_then(lit_str) {
                Some(v) => {
                    let slot = match key.as_str() {
                        "name" => &mut out.name,
                        "title" => &mut out.title,
                        _ => &mut out.description,
                    };
                    *slot = Some(v);
                }
                None => unreadable(diagnostics),
            },
            "structured_output" => match value.and_then(lit_bool) {
                Some(v) => out.structured_output = Some(v),
                None => unreadable(diagnostics),
            },
            "annotations" => out.annotations = Some(annotations(&meta)),
            _ => {}
        }
    }
    out
}

/// The python-sdk profile: the fallback of `auto`, for a crate depending on no Rust SDK.
pub struct PythonSdk;

/// What the python-sdk profile is.
const INFO: ProfileInfo = ProfileInfo {
    name: "python-sdk",
    summary: "the MCP Python SDK (mcp 2.x), for the equivalent Python signature",
    // It reads the same `#[tool]` fns as rmcp ([`tool_fns`]).
    kept_attributes: super::RMCP_KEPT_ATTRIBUTES,
    detection: super::Detection::Otherwise,
    releases: None,
    reads_protocol: false,
    json_order: super::template::JsonOrder::Own,
    // A Python `Enum`'s members have no description in pydantic's schema.
    capabilities: Capabilities { variant_docs: false, shares_defs: true },
};

impl super::Profile for PythonSdk {
    fn info(&self) -> &'static ProfileInfo {
        &INFO
    }

    fn list(&self, run: &mut super::template::Run<'_>) -> Option<Manifest> {
        let (manifest, source_map) = manifest(run.ws, &run.options.overrides, &mut run.out.diagnostics);
        run.out.source_map = source_map;
        Some(manifest)
    }
}

fn manifest(
    ws: &Workspace,
    overrides: &crate::options::SchemaOverrides,
    diagnostics: &mut Diagnostics,
) -> (Manifest, crate::source_map::SourceMap) {
    let mut origins = Vec::new();
    let resolver = Resolver::new(ws);
    let mut lowerer = Lowerer::new(&resolver);
    lowerer.type_overrides = overrides.types.clone();
    lowerer.value_overrides = overrides.values.clone();
    // pydantic knows none of schemars' feature-gated types.
    lowerer.schemars_impls = false;
    let mut builder =
        Builder { ws, lowerer, list: ToolList::new(POLICY, overrides), diagnostics, reported: Reported::default() };
    for tool in tool_fns(ws) {
        let Some(entry) = builder.tool_entry(&tool) else { continue };
        let name = entry.name.clone();
        // Final: kept as compact text (see `Tool`), its values freed now.
        match builder.list.add(name.clone(), entry.into_tool(&KEY_ORDER), Some(tool.location(ws))) {
            Ok(()) => origins.push((name, super::origins::of_fn(ws, &tool))),
            Err(dropped) => builder.diagnostics.push(dropped),
        }
    }
    builder.diagnostics.extend(std::mem::take(&mut builder.lowerer.diagnostics));
    let (manifest, unused) = builder.list.finish(&builder.lowerer.type_overrides_used);
    builder.diagnostics.0.extend(unused);
    (manifest, crate::source_map::SourceMap::new(&builder.lowerer.model, origins))
}

/// What every tool of a run shares: the sources, the type model that grows as tools name types,
/// the diagnostics, and the unknown types already reported (each is reported once, not per tool).
struct Builder<'w, 'd> {
    ws: &'w Workspace,
    lowerer: Lowerer<'d, 'w>,
    /// The tools listed so far, with the config's `schemas` (a tool's schema given as it is, a
    /// type's schema wherever it is used).
    list: ToolList<'d>,
    diagnostics: &'d mut Diagnostics,
    reported: Reported,
}

/// An error was reported: the tool is left out of the manifest.
struct Failed;

/// What a schema describes: the parameters (context parameters left out) as one model, or the
/// return type.
enum Subject {
    Arguments(Vec<(String, Ty)>),
    Return(Ty),
}

impl Builder<'_, '_> {
    fn tool_entry(&mut self, tool: &ToolFn) -> Option<ToolEntry> {
        let fn_name = tool.fn_name();
        let args = read_args(tool, self.ws, self.diagnostics);
        let scope = tool.scope();

        let name = args.name.clone().filter(|n| !n.is_empty()).unwrap_or_else(|| fn_name.clone());
        let input = self.schema(SchemaKind::Input, tool, &name, &args, &scope).ok()?;
        let output = self.schema(SchemaKind::Output, tool, &name, &args, &scope).ok()?;

        let description =
            args.description.filter(|d| !d.is_empty()).unwrap_or_else(|| doc_lines(tool.attrs).join("\n"));
        // The input is always one (a tool without parameters has an empty arguments model).
        Some(ToolEntry {
            title: args.title,
            description: Some(description),
            input,
            output,
            annotations: args.annotations,
            ..ToolEntry::named(name)
        })
    }

    /// One of the tool's schemas: the config's, else the subject of the kind (input: the
    /// parameters, output: the return type) as the SDK publishes it; `None` when the tool has
    /// no such schema.
    fn schema(
        &mut self,
        kind: SchemaKind,
        tool: &ToolFn,
        name: &str,
        args: &ToolArgs,
        scope: &Scope,
    ) -> Result<Option<Value>, Failed> {
        // A schema the config gives replaces what the sources say (and what they could not tell).
        if let Some(given) = self.list.given(name, kind) {
            return Ok(Some(given));
        }
        let fn_name = tool.fn_name();
        let subject = match kind {
            SchemaKind::Input => {
                self.lowered_parameters(tool, &fn_name, scope).map(Subject::Arguments).ok_or(Failed)?
            }
            SchemaKind::Output => match self.return_type(tool, &fn_name, args, scope)? {
                Some(ty) => Subject::Return(ty),
                None => return Ok(None),
            },
        };
        self.document(kind, &subject, tool, &fn_name).map(Some)
    }

    /// The schema of `subject`, or `Failed` when it outgrew the limit or cannot end (reported).
    fn document(&mut self, kind: SchemaKind, subject: &Subject, tool: &ToolFn, fn_name: &str) -> Result<Value, Failed> {
        let direction = match kind {
            SchemaKind::Input => Direction::Input,
            SchemaKind::Output => Direction::Output,
        };
        let mut pyd = Pydantic::new(&self.lowerer.model, direction).with_type_overrides(&self.lowerer.type_overrides);
        let schema = match subject {
            Subject::Arguments(params) => arguments_model(params, fn_name, &mut pyd),
            Subject::Return(ty) => {
                if is_root_model(ty, &self.lowerer.model) {
                    pyd.plan(Document::Model(ty));
                } else {
                    pyd.plan(Document::Fresh(&[("result".to_owned(), ty)]));
                }
                build_output(ty, fn_name, &self.lowerer.model, &mut pyd)
            }
        };
        let (unknown, exceeded, cycle) = (std::mem::take(&mut pyd.unknown), pyd.exceeded, pyd.flatten_cycle.take());
        let mut used = std::mem::take(&mut pyd.overrides_used);
        self.lowerer.type_overrides_used.append(&mut used);
        self.report_unknown(&unknown, fn_name);
        if self.report_too_large(exceeded, fn_name, tool.location(self.ws)) | self.report_flatten_cycle(cycle, fn_name)
        {
            return Err(Failed);
        }
        Ok(schema)
    }

    /// The published parameters (name, lowered type), or `None` when one is refused (reported).
    fn lowered_parameters(&mut self, tool: &ToolFn, fn_name: &str, scope: &Scope) -> Option<Vec<(String, Ty)>> {
        let file = self.ws.crates[tool.krate].file_of(tool.module);
        let mut context_seen = false;
        let mut failed = false;
        let mut params = Vec::new();
        for input in &tool.sig.inputs {
            let syn::FnArg::Typed(pt) = input else { continue };
            let name = match &*pt.pat {
                syn::Pat::Ident(i) => crate::source::unraw_ident(&i.ident.to_string()),
                other => {
                    self.diagnostics.push(
                        Diagnostic::warning(
                            Code::UnsupportedParameter,
                            format!(
                                "tool `{fn_name}`: a parameter pattern other than a name cannot be published; left out"
                            ),
                        )
                        .at(Some(file.location(syn::spanned::Spanned::span(other)))),
                    );
                    continue;
                }
            };
            if name.starts_with('_') {
                self.diagnostics.push(
                    Diagnostic::error(
                        Code::UnderscoreParameter,
                        format!("tool `{fn_name}`: parameter `{name}` starts with `_`, which the Python SDK refuses to register"),
                    )
                    .at(Some(file.location(syn::spanned::Spanned::span(&pt.pat))))
                    .with_label("parameter names may not start with `_`")
                    .with_help("rename the parameter (an `#[allow(unused)]` keeps the compiler quiet)"),
                );
                failed = true;
                continue;
            }
            if !context_seen && is_context(&pt.ty) {
                context_seen = true;
                continue;
            }
            params.push((name, self.lowerer.lower(&pt.ty, scope)));
        }
        (!failed).then_some(params)
    }

    /// An error when a schema outgrew [`MAX_SCHEMA_NODES`]; says whether it did.
    fn report_too_large(&mut self, exceeded: bool, fn_name: &str, location: Location) -> bool {
        if exceeded {
            self.diagnostics.push(
                Diagnostic::error(
                    Code::SchemaTooLarge,
                    format!("tool `{fn_name}`: its schema would have more than {MAX_SCHEMA_NODES} nodes"),
                )
                .at(Some(location))
                .with_help(
                    "a type that repeats a generic parameter is inlined at every use; name the repeated part with a struct",
                ),
            );
        }
        exceeded
    }

    /// A struct flattened into itself has no end of properties: an error at the field; the
    /// tool is not published.
    fn report_flatten_cycle(&mut self, cycle: Option<(Location, String)>, fn_name: &str) -> bool {
        let Some((at, name)) = cycle else { return false };
        self.diagnostics.push(
            Diagnostic::error(
                Code::RecursiveFlatten,
                format!(
                    "tool `{fn_name}`: `#[serde(flatten)]` flattens `{name}` into itself, so its properties never end"
                ),
            )
            .at(Some(at))
            .with_label("flattened again here")
            .with_help("make this field a plain (non-flattened) field, so the nesting shows in the schema"),
        );
        true
    }

    /// A warning for each unknown type not reported yet.
    fn report_unknown(&mut self, unknown: &[Unknown], fn_name: &str) {
        for u in unknown {
            // A type written somewhere is named once, for the first tool that reaches it.
            if u.location.is_some() && !self.reported.first(Code::UnknownType, &u.written, u.location.as_ref()) {
                continue;
            }
            self.diagnostics.push(
                Diagnostic::warning(
                    Code::UnknownType,
                    format!("tool `{fn_name}`: type `{}` is not defined in the crate and has no known schema; using `{{}}` (any value)", u.written),
                )
                .at(u.location.clone())
                .with_label("unknown type")
                .with_help("define the type in the crate, or pass --strict to make this an error"),
            );
        }
    }

    /// The return type the output schema describes (`Result<T, E>` and `Json<T>` are `T`), or
    /// `None` when the tool publishes none (content blocks, schemaless types, unknown types,
    /// `structured_output = false`).
    fn return_type(
        &mut self,
        tool: &ToolFn,
        fn_name: &str,
        args: &ToolArgs,
        scope: &Scope,
    ) -> Result<Option<Ty>, Failed> {
        if args.structured_output == Some(false) {
            return Ok(None);
        }
        let ty = match &tool.sig.output {
            syn::ReturnType::Default => Ty::Unit,
            syn::ReturnType::Type(_, t) => self.lowerer.lower(peel_return(t), scope),
        };
        if is_content(&ty) {
            return Ok(None);
        }
        if let Some(why) = schemaless(&ty, &self.lowerer.model) {
            if args.structured_output != Some(true) {
                return Ok(None);
            }
            let span_ty = match &tool.sig.output {
                syn::ReturnType::Type(_, t) => syn::spanned::Spanned::span(&**t),
                syn::ReturnType::Default => tool.sig.ident.span(),
            };
            self.diagnostics.push(
                Diagnostic::error(
                    Code::NoOutputSchema,
                    format!(
                        "tool `{fn_name}`: structured_output = true, but its return type has no output schema: {why}"
                    ),
                )
                .at(Some(self.ws.crates[tool.krate].file_of(tool.module).location(span_ty)))
                .with_label("no schema for this type")
                .with_help("return a struct, or drop `structured_output = true`"),
            );
            return Err(Failed);
        }
        if let Ty::Unknown(u @ Unknown { override_key: None, .. }) = &ty {
            self.report_unknown(std::slice::from_ref(u), fn_name);
            return Ok(None);
        }
        Ok(Some(ty))
    }
}

/// The last path segment of a type, behind references and `Option`.
fn is_context(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Reference(r) => is_context(&r.elem),
        syn::Type::Paren(p) => is_context(&p.elem),
        syn::Type::Path(p) => match p.path.segments.last() {
            Some(seg) if seg.ident == "Context" || seg.ident == "RequestContext" => true,
            Some(seg) if seg.ident == "Option" => match &seg.arguments {
                syn::PathArguments::AngleBracketed(a) => {
                    a.args.iter().any(|g| matches!(g, syn::GenericArgument::Type(t) if is_context(t)))
                }
                _ => false,
            },
            _ => false,
        },
        _ => false,
    }
}

/// `Result<T, E>` → `T` (an `Err` is a tool error, not a result), `Json<T>` → `T`.
fn peel_return(ty: &syn::Type) -> &syn::Type {
    if let syn::Type::Path(p) = ty {
        if let Some(seg) = p.path.segments.last() {
            if seg.ident == "Result" || seg.ident == "Json" {
                if let syn::PathArguments::AngleBracketed(a) = &seg.arguments {
                    if let Some(syn::GenericArgument::Type(inner)) = a.args.first() {
                        return peel_return(inner);
                    }
                }
            }
        }
    }
    ty
}

fn content_block_name(written: &str) -> bool {
    let base = written.split('<').next().unwrap_or(written).trim();
    let last = base.rsplit("::").next().unwrap_or(base).trim();
    CONTENT_BLOCKS.contains(&last)
}

/// Content blocks alone, as items of a list or tuple, or inside `Option`.
fn is_content(ty: &Ty) -> bool {
    match ty {
        Ty::Unknown(u) => content_block_name(&u.written),
        Ty::Seq(t) | Ty::Set(t) | Ty::Array(t, _) | Ty::Option(t) => is_content(t),
        Ty::Tuple(ts) => ts.iter().any(is_content),
        _ => false,
    }
}

/// Why a return type publishes no outputSchema even though it is not a content block (the SDK
/// gives `Any`, bare chrono/uuid types and unit-only enums none), if it is one of those.
fn schemaless(ty: &Ty, model: &Model) -> Option<&'static str> {
    match ty {
        Ty::JsonValue => Some("`serde_json::Value` has no schema"),
        Ty::Leaf(Leaf::DateTime | Leaf::NaiveDateTime | Leaf::NaiveDate | Leaf::NaiveTime | Leaf::Uuid) => {
            Some("a chrono or uuid type on its own has no schema")
        }
        Ty::Named(id, _) => {
            let def = model.def(*id);
            if def.is_unit_enum() {
                Some("a unit-only enum on its own has no schema")
            } else if def.is_unit_struct() {
                Some("a unit struct has no fields to describe")
            } else {
                None
            }
        }
        _ => None,
    }
}

fn build_output(ty: &Ty, fn_name: &str, model: &Model, pyd: &mut Pydantic) -> Value {
    // Row 2: a map with a string-like key is already an object.
    if let Ty::Map(key, value) = ty {
        if string_like(key) {
            let v = pyd.map_value(value);
            return model_root(pyd, vec![("additionalProperties", v)], format!("{fn_name}DictOutput"));
        }
    }
    // Row 3: a model is used as it is.
    if let Ty::Named(id, args) = ty {
        if is_root_model(ty, model) {
            let root_key = pyd.ensure_def(*id, args);
            let mut defs = pyd.take_defs().unwrap_or_default();
            let body = defs.get(&root_key).cloned().unwrap_or_else(|| json!({}));
            let recursive = refers_to(&defs, &root_key);
            if !recursive {
                defs.shift_remove(&root_key);
            }
            let mut root = body;
            if pydantic_counts_root_twice(&defs, &root_key) {
                // pydantic leaves the root a bare `$ref`, and the SDK copies the definition onto
                // it: the definition's keys first, `$defs` last.
                pydantic_order(&mut root);
                let mut defs = Value::Object(defs);
                pydantic_order_defs(&mut defs);
                root.as_object_mut().expect("a model schema is an object").insert("$defs".into(), defs);
                drop_unreferenced_defs(&mut root);
                return root;
            }
            if !defs.is_empty() {
                root.as_object_mut().expect("a model schema is an object").insert("$defs".into(), Value::Object(defs));
            }
            drop_unreferenced_defs(&mut root);
            pydantic_order(&mut root);
            return root;
        }
    }
    // Row 8: everything else is wrapped in {"result": …}.
    let result = pyd.property("result", ty, &[], None);
    let keys = vec![("properties", json!({"result": result})), ("required", json!(["result"]))];
    model_root(pyd, keys, format!("{fn_name}Output"))
}

/// The parameters as one fresh model, `{fn}Arguments`: an optional parameter defaults to `None`,
/// every other one is required.
fn arguments_model(params: &[(String, Ty)], fn_name: &str, pyd: &mut Pydantic) -> Value {
    let props: Vec<(String, &Ty)> = params.iter().map(|(name, ty)| (name.clone(), ty)).collect();
    pyd.plan(Document::Fresh(&props));
    let mut props = Map::new();
    let mut required = Vec::new();
    for (name, ty) in params {
        let is_option = matches!(ty, Ty::Option(_));
        let schema = pyd.property(name, ty, &[], is_option.then_some(Value::Null));
        if !is_option {
            required.push(Value::String(name.clone()));
        }
        props.insert(name.clone(), schema);
    }
    let mut keys = vec![("properties", Value::Object(props))];
    if !required.is_empty() {
        keys.push(("required", Value::Array(required)));
    }
    model_root(pyd, keys, format!("{fn_name}Arguments"))
}

/// The root of a model the SDK makes for a tool: the definitions it uses, `keys`, its `title` and
/// `"type": "object"`, in pydantic's order.
fn model_root(pyd: &mut Pydantic, keys: Vec<(&str, Value)>, title: String) -> Value {
    let mut root = Map::new();
    if let Some(defs) = pyd.take_defs() {
        root.insert("$defs".into(), Value::Object(defs));
    }
    for (key, value) in keys {
        root.insert(key.into(), value);
    }
    root.insert("title".into(), Value::String(title));
    root.insert("type".into(), Value::String("object".into()));
    let mut root = Value::Object(root);
    drop_unreferenced_defs(&mut root);
    pydantic_order(&mut root);
    root
}

/// Row 3 of the output rules: a named-field struct is the output model itself.
fn is_root_model(ty: &Ty, model: &Model) -> bool {
    let Ty::Named(id, _) = ty else { return false };
    let def = model.def(*id);
    matches!(def.body, Body::Struct { style: Style::Struct, .. }) && !def.serde.transparent
}

fn pydantic_order_defs(defs: &mut Value) {
    // Order the entries as a `$defs` object would be ordered inside a schema.
    let mut wrapper = json!({"$defs": std::mem::take(defs)});
    pydantic_order(&mut wrapper);
    *defs = wrapper["$defs"].take();
}

/// Whether pydantic counts two references to the root model `key`, and so keeps the root a bare
/// `$ref` instead of unpacking it. Its count (`GenerateJsonSchema.get_json_ref_counts`) follows
/// each definition once and stops at an object whose `$ref` is not a string: a `properties`
/// object holding a property named `$ref` hides all its properties, so a model can reach itself
/// and still be unpacked.
fn pydantic_counts_root_twice(defs: &Map<String, Value>, key: &str) -> bool {
    fn walk<'d>(v: &'d Value, defs: &'d Map<String, Value>, visited: &mut Vec<&'d str>, root: &str) -> bool {
        match v {
            Value::Object(m) => {
                if let Some(target) = m.get("$ref") {
                    let Some(target) = target.as_str() else { return false };
                    let name = target.strip_prefix("#/$defs/").unwrap_or(target);
                    if name == root {
                        return true;
                    }
                    if !visited.contains(&name) {
                        visited.push(name);
                        if defs.get(name).is_some_and(|d| walk(d, defs, visited, root)) {
                            return true;
                        }
                    }
                }
                m.iter().filter(|(k, x)| !(*k == "examples" && x.is_array())).any(|(_, x)| walk(x, defs, visited, root))
            }
            Value::Array(a) => a.iter().any(|x| walk(x, defs, visited, root)),
            _ => false,
        }
    }
    defs.get(key).is_some_and(|body| walk(body, defs, &mut vec![key], key))
}

/// Whether any `$defs` entry refers to `key` (the model reaches itself).
fn refers_to(defs: &Map<String, Value>, key: &str) -> bool {
    let target = format!("#/$defs/{key}");
    defs.values().any(|v| contains_ref(v, &target))
}

fn contains_ref(v: &Value, target: &str) -> bool {
    match v {
        Value::Object(m) => {
            m.iter().any(|(k, x)| (k == "$ref" && x.as_str() == Some(target)) || contains_ref(x, target))
        }
        Value::Array(a) => a.iter().any(|x| contains_ref(x, target)),
        _ => false,
    }
}

/// `str` keys in Python: the SDK unwraps `dict[K, V]` only when `K is str`, so a newtype of a
/// string (`NewType("Key", str)`) is wrapped like any other key.
fn string_like(ty: &Ty) -> bool {
    matches!(ty, Ty::String | Ty::Char)
}
