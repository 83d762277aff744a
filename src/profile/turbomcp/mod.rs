//! The turbomcp profile: `#[server] impl T` blocks with `#[tool]` methods, as turbomcp-macros
//! writes their `list_tools` and turbomcp-types serializes each `Tool` (read from the 3.0.0–3.6.0
//! sources; checked by the catalogue in `testdata/turbomcp/`). What differs between releases is
//! data ([`releases`]); the release is turbomcp-macros' in Cargo.lock.
//!
//! - A tool is a method of a `#[server]` impl whose first handler marker is `#[tool]`, in
//!   declaration order; its name is the method's (`r#` taken off from 3.5.0); its description is
//!   `#[tool("…")]`/`description = "…"`, else the doc comment (each line trimmed, joined with a
//!   space), left out when empty (3.1.2 on; `""` before).
//! - Every parameter bound to a plain identifier is one property, but the request context (a
//!   type whose last segment is `Context` or `RequestContext`); `Option<…>` (spelled so) is
//!   optional, every other parameter required; `#[description("…")]` describes it.
//! - 3.3.0 on: one draft 2020-12 generator per tool; each property is its type's own schema (a
//!   boolean schema wrapped in `allOf`), the definitions go to the root's `$defs`. Before: each
//!   property is `schema_for!` of its type, a root schema with its own `title`, `$schema`, `$defs`.
//! - `inputSchema` is `{type, properties, required?, additionalProperties: false, $schema, $defs?}`
//!   (no root `$schema` before 3.1.3). `outputSchema` is `schema_for!(T)` of `output_schema = T`
//!   (3.1.3 on) or of `T` in a `Json<T>` return (3.5.0 on, published only when its `type` is
//!   `"object"`), as `ToolOutputSchema` holds it: `type`, `properties`, `required`,
//!   `additionalProperties`, then every other keyword.
//! - A `Tool` is `{name, description?, inputSchema, title?, icons?, annotations?, execution?,
//!   outputSchema?, _meta?}`; a 2025-06-18 peer gets it without `icons`/`execution` (and, before
//!   3.5.0, `outputSchema`), each removed by `swap_remove`.
//!
//! turbomcp-types keeps the root keywords after `additionalProperties` (`$schema`, `$defs`), the
//! extra keywords of `outputSchema` and `_meta` in a std `HashMap`: the server sends those groups
//! in an order that changes from process to process. The manifest writes them in one fixed order
//! (schemars' for the schemas, `tags` before `version`); only their values are the server's.

mod attrs;
pub mod releases;

use serde_json::{json, Map, Value};

use super::listing::{Duplicates, Order, Policy, Reported, ToolList};
use super::release::{Discovered, Origin, ReleaseFlag, Sdk, SdkReleases, Version};
use super::template::{self, Described, Run};
use super::{is_attr_named, Capabilities, Profile, ProfileInfo, SchemaKind};
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Location};
use crate::manifest::{Manifest, Tool};
use crate::model::{Lowerer, Resolver, Scope, Ty};
use crate::schema::schemars::{root_schema, schemas_sharing_definitions, Contract, Dialect, Settings};
use crate::source::impls::{Impl, ImplIndex};
use crate::source::Workspace;
use attrs::{Param, ToolAttrs};
use releases::{behaviour, Behaviour, RELEASES, REPRODUCED};

pub struct Turbomcp;

const SDK: Sdk = Sdk { package: "turbomcp", lock_names: &["turbomcp", "turbomcp-macros"] };

const RELEASE: SdkReleases = SdkReleases {
    sdk: SDK,
    stand_ins: &["turbomcp-macros"],
    known: RELEASES,
    reproduced: REPRODUCED,
    flag: ReleaseFlag::Sdk,
    code: Code::SdkVersion,
};

const INFO: ProfileInfo = ProfileInfo {
    name: "turbomcp",
    summary: "the Rust SDK turbomcp (`#[server]` impls with `#[tool]` methods), at the release in Cargo.lock",
    kept_attributes: super::RMCP_KEPT_ATTRIBUTES,
    detection: super::Detection::DependsOn("turbomcp"),
    releases: Some(&RELEASE),
    // A 2025-06-18 peer gets the tools without the keys that protocol lacks.
    reads_protocol: true,
    // turbomcp-types turns on serde_json's `preserve_order` in every 3.x release.
    json_order: template::JsonOrder::SerdeJson { preserved_since: Some(REPRODUCED.0), sdk_crates: &["turbomcp-types"] },
    capabilities: Capabilities { variant_docs: true, shares_defs: true },
};

/// `list_tools` is a `Vec` in declaration order; two methods of one impl cannot share a name.
const POLICY: Policy = Policy { duplicates: Duplicates::FirstWins, order: Order::Registration };

/// turbomcp-types' `JSON_SCHEMA_DIALECT_2020_12`, the input schema's `$schema`.
const DRAFT_2020_12: &str = "https://json-schema.org/draft/2020-12/schema";

/// The protocol whose sessions lose the keys it does not have.
const PROTOCOL_2025_06_18: &str = "2025-06-18";

impl Profile for Turbomcp {
    fn info(&self) -> &'static ProfileInfo {
        &INFO
    }

    fn release(&self, found: &Discovered) -> Described {
        let macros = macros_release(found);
        let mut note = format!("turbomcp {} {}", found.version, found.origin.words(&RELEASE));
        if macros != found.version {
            note.push_str(&format!(", turbomcp-macros {macros}"));
        }
        let mut warnings = Vec::new();
        if macros != found.version {
            if found.lock.as_ref().and_then(|l| l.version("turbomcp-macros")).is_none() {
                warnings.push(
                    Diagnostic::warning(
                        Code::SdkVersion,
                        format!(
                            "turbomcp {} requires turbomcp-macros ^{}, which cargo resolves to {macros}: the tools are listed as turbomcp-macros {macros} writes them",
                            found.version, found.version
                        ),
                    )
                    .with_help("a Cargo.lock tells the release built; `--sdk-version` sets it"),
                );
            }
            warnings.extend(super::release::outside_range(&RELEASE, "turbomcp-macros", macros, REPRODUCED));
        }
        Described { release: SDK.release(found.version, note), warnings }
    }

    fn list(&self, run: &mut Run<'_>) -> Option<Manifest> {
        crate::schema::order::with_serde_json_order(run.insertion_order, || manifest(run))
    }
}

/// The release of turbomcp-macros (and the family that moves with it), which writes the
/// listing: the lock's; the given one; else the newest release of the same major at or after
/// the facade's, which is what its `^` requirements resolve to.
fn macros_release(found: &Discovered) -> Version {
    if found.origin == Origin::Override {
        return found.version;
    }
    if let Some(v) = found.lock.as_ref().and_then(|l| l.version("turbomcp-macros")) {
        return v;
    }
    RELEASES.iter().copied().filter(|v| v.0 == found.version.0 && *v >= found.version).max().unwrap_or(found.version)
}

fn manifest(run: &mut Run<'_>) -> Option<Manifest> {
    let found = run.release.as_ref()?;
    // A release outside the reproduced ones is listed as the nearest reproduced one lists it (the
    // template's `sdk-version` warning says so).
    let mut behaviour = behaviour(macros_release(found).clamp(REPRODUCED.0, REPRODUCED.1));
    if let Some(schemars) = found.lock.as_ref().and_then(|l| l.version("schemars")) {
        behaviour.schemars_tag_first = schemars >= Version(1, 2, 3);
        run.out.notes.push(format!("schemars {schemars} from the lock"));
    }
    let strip_for_peer = run.protocol == PROTOCOL_2025_06_18;
    run.out.notes.push(format!("protocol {}", run.protocol));
    let Run { ws, options, out, .. } = run;
    let ws: &Workspace = ws;
    let impls = ImplIndex::new(ws);
    let servers: Vec<&Impl> = impls
        .impls
        .iter()
        .filter(|i| !ws.crates[i.krate].is_registry && i.imp.attrs.iter().any(|a| is_attr_named(a, "server")))
        .collect();
    out.server_types = server_names(&servers);
    let chosen = select_server(&servers, options.server.as_deref(), &mut out.diagnostics)?;
    let resolver = Resolver::sharing(&impls);
    let mut lowerer = Lowerer::new(&resolver);
    lowerer.type_overrides = options.overrides.types.clone();
    lowerer.value_overrides = options.overrides.values.clone();
    let mut builder = Builder {
        ws,
        lowerer,
        behaviour,
        strip_for_peer,
        diagnostics: Diagnostics::default(),
        reported: Reported::default(),
        list: ToolList::new(POLICY, &options.overrides),
        origins: Vec::new(),
    };
    if let Some(server) = chosen {
        let scope = Scope::without_generics(server.krate, server.module);
        for f in server.fns() {
            if let Some(attr) = handler_marker(f).filter(|a| a.path().is_ident("tool")) {
                builder.tool(f, attr, &scope);
            }
        }
    }
    out.diagnostics.extend(std::mem::take(&mut builder.lowerer.diagnostics));
    let (manifest, unused) = builder.list.finish(&builder.lowerer.type_overrides_used);
    for d in unused {
        builder.reported.push(&mut builder.diagnostics, d);
    }
    out.diagnostics.extend(builder.diagnostics);
    out.source_map = crate::source_map::SourceMap::new(&builder.lowerer.model, builder.origins);
    Some(manifest)
}

/// The first of a method's `#[tool]`, `#[resource]` and `#[prompt]`: the one the macro goes by.
fn handler_marker(f: &syn::ImplItemFn) -> Option<&syn::Attribute> {
    f.attrs.iter().find(|a| ["tool", "resource", "prompt"].iter().any(|m| a.path().is_ident(m)))
}

/// The server types, as `--server` takes them: the self type's name.
fn server_names(servers: &[&Impl]) -> Vec<String> {
    let mut names: Vec<String> = servers.iter().map(|s| s.self_name.clone()).collect();
    names.dedup();
    names
}

/// The `#[server]` impl listed: the one `--server` names, the only one, or none (a warning).
/// Several without `--server` are an error: each is its own server.
fn select_server<'i, 'w>(
    servers: &[&'i Impl<'w>],
    wanted: Option<&str>,
    diagnostics: &mut Diagnostics,
) -> Option<Option<&'i Impl<'w>>> {
    let names = server_names(servers);
    let found: Vec<&'i Impl<'w>> = match wanted {
        Some(w) => servers.iter().copied().filter(|s| s.self_name == w).collect(),
        None => servers.to_vec(),
    };
    match (found.as_slice(), wanted) {
        ([one], _) => Some(Some(one)),
        ([], Some(w)) => {
            let help = if names.is_empty() {
                "the crate has no `#[server]` impl".to_owned()
            } else {
                format!("server types: {}", names.join(", "))
            };
            diagnostics.push(
                Diagnostic::error(Code::UnknownServer, format!("--server `{w}`: no such server type")).with_help(help),
            );
            None
        }
        ([], None) => {
            diagnostics.push(
                Diagnostic::warning(Code::NoServer, "no `#[server]` impl in the crate: no tool is listed")
                    .with_help("turbomcp lists the `#[tool]` methods of a `#[server] impl T` block"),
            );
            Some(None)
        }
        (_, _) => {
            diagnostics.push(
                Diagnostic::error(
                    Code::AmbiguousServer,
                    format!("{} `#[server]` impls: {}", found.len(), names.join(", ")),
                )
                .with_help("choose one with `--server NAME` (or `[[servers]]` in the configuration, one entry each)"),
            );
            None
        }
    }
}

struct Builder<'w, 'a> {
    ws: &'w Workspace,
    lowerer: Lowerer<'a, 'w>,
    behaviour: Behaviour,
    strip_for_peer: bool,
    diagnostics: Diagnostics,
    reported: Reported,
    list: ToolList<'a>,
    /// Where each tool and its parameters are written, for the source map.
    origins: Vec<(String, crate::source_map::ToolOrigin)>,
}

impl<'w> Builder<'w, '_> {
    fn location(&self, scope: &Scope, span: proc_macro2::Span) -> Location {
        self.ws.crates[scope.krate].file_of(scope.module).location(span)
    }

    fn push(&mut self, d: Diagnostic) {
        self.reported.push(&mut self.diagnostics, d);
    }

    fn tool(&mut self, f: &'w syn::ImplItemFn, attr: &syn::Attribute, scope: &Scope) {
        let b = self.behaviour;
        let attrs = match attrs::parse_tool_attr(attr, &b) {
            Ok(attrs) => attrs,
            Err(e) => {
                let at = self.location(scope, e.span());
                self.push(
                    Diagnostic::error(Code::SdkRejected, format!("`#[tool]` on `{}`: {e}", f.sig.ident)).at(Some(at)),
                );
                return;
            }
        };
        if let Some((span, why)) = attrs::rejected_by_release(&f.sig, &b) {
            let at = self.location(scope, span);
            self.push(
                Diagnostic::error(Code::SdkRejected, format!("`#[tool]` on `{}`: {why}", f.sig.ident)).at(Some(at)),
            );
            return;
        }
        let ident = f.sig.ident.to_string();
        let name = if b.strict { crate::source::unraw_ident(&ident) } else { ident };
        let description = attrs.description.clone().or_else(|| attrs::doc_comment(&f.attrs)).unwrap_or_default();
        let params = attrs::params(&f.sig, &b);
        let input = match self.list.given(&name, SchemaKind::Input) {
            Some(given) => Some(given),
            None => self.input_schema(&name, &params, scope),
        };
        let output = match self.list.given(&name, SchemaKind::Output) {
            Some(given) => Some(given),
            None => self.output_schema(&name, f, &attrs, scope),
        };
        let mut tool = Map::new();
        tool.insert("name".into(), Value::String(name.clone()));
        if !description.is_empty() || !b.empty_description_omitted {
            tool.insert("description".into(), Value::String(description));
        }
        if let Some(input) = input {
            tool.insert("inputSchema".into(), input);
        }
        if b.tool_metadata {
            self.metadata(&mut tool, &attrs);
        }
        if let Some(output) = output {
            tool.insert("outputSchema".into(), output);
        }
        if let Some(meta) = meta(&attrs) {
            tool.insert("_meta".into(), meta);
        }
        if self.strip_for_peer {
            for key in b.stripped_for_2025_06_18() {
                tool.swap_remove(*key);
            }
        }
        let at = self.location(scope, f.sig.ident.span());
        let written = params.iter().map(|p| (p.name.clone(), self.location(scope, p.span), None));
        let origin = crate::source_map::ToolOrigin::new(
            at.clone(),
            self.location(scope, syn::spanned::Spanned::span(attr)),
            written,
        );
        self.origins.push((name.clone(), origin));
        if let Err(d) = self.list.add(name, Tool::from_value(&Value::Object(tool)), Some(at)) {
            self.push(d);
        }
    }

    /// `title`, `icons`, `annotations` and `execution`, in `Tool`'s field order.
    fn metadata(&self, tool: &mut Map<String, Value>, attrs: &ToolAttrs) {
        if let Some(title) = &attrs.title {
            tool.insert("title".into(), Value::String(title.clone()));
        }
        if !attrs.icons.is_empty() {
            let icons = attrs.icons.iter().map(|src| json!({ "src": src })).collect();
            tool.insert("icons".into(), Value::Array(icons));
        }
        if attrs.has_annotations() {
            let mut a = Map::new();
            let hints = [
                ("readOnlyHint", attrs.read_only),
                ("destructiveHint", attrs.destructive),
                ("idempotentHint", attrs.idempotent),
                ("openWorldHint", attrs.open_world),
            ];
            for (key, value) in hints {
                if let Some(v) = value {
                    a.insert(key.into(), Value::Bool(v));
                }
            }
            if let Some(title) = &attrs.title {
                a.insert("title".into(), Value::String(title.clone()));
            }
            tool.insert("annotations".into(), Value::Object(a));
        }
        if let Some(level) = &attrs.task_support {
            tool.insert("execution".into(), json!({ "taskSupport": level }));
        }
    }

    fn settings() -> Settings {
        Settings { contract: Contract::Deserialize, dialect: Dialect::Draft2020_12, nullable: false, schemars08: None }
    }

    /// The generated `ToolInputSchema`; `None` when a property's schema cannot be known (the
    /// diagnostics say why).
    fn input_schema(&mut self, tool: &str, params: &[Param], scope: &Scope) -> Option<Value> {
        let b = self.behaviour;
        let mut schema = Map::new();
        schema.insert("type".into(), json!("object"));
        let mut defs = Map::new();
        if !params.is_empty() {
            let tys: Vec<Ty> = params.iter().map(|p| self.lowerer.lower_reachable(p.ty, scope)).collect();
            let properties = if b.shared_generator {
                let (properties, shared_defs) = self.shared_properties(tool, &tys)?;
                defs = shared_defs;
                properties
            } else {
                self.root_properties(tool, &tys)?
            };
            let mut members = Map::new();
            for (p, mut property) in params.iter().zip(properties) {
                if let (Some(d), Value::Object(o)) = (&p.description, &mut property) {
                    o.insert("description".into(), Value::String(d.clone()));
                }
                members.insert(p.name.clone(), property);
            }
            schema.insert("properties".into(), Value::Object(members));
            let required: Vec<Value> =
                params.iter().filter(|p| !p.optional).map(|p| Value::String(p.name.clone())).collect();
            if !required.is_empty() {
                schema.insert("required".into(), Value::Array(required));
            }
        }
        schema.insert("additionalProperties".into(), Value::Bool(false));
        if b.tool_metadata {
            schema.insert("$schema".into(), Value::String(DRAFT_2020_12.into()));
        }
        if !defs.is_empty() {
            schema.insert("$defs".into(), Value::Object(defs));
        }
        Some(Value::Object(schema))
    }

    /// 3.3.0 on: each type's own schema from one generator (a boolean schema wrapped as
    /// `{"allOf": [it]}`), and the definitions they share.
    fn shared_properties(&mut self, tool: &str, tys: &[Ty]) -> Option<(Vec<Value>, Map<String, Value>)> {
        let code = self.lowerer.code();
        let mut shared = schemas_sharing_definitions(
            &self.lowerer.model,
            tys,
            &Self::settings(),
            &self.lowerer.type_overrides,
            &code,
        );
        self.lowerer.type_overrides_used.append(&mut shared.overrides_used);
        for d in std::mem::take(&mut shared.diagnostics) {
            crate::model::defaults::report(&mut self.lowerer, d);
        }
        let gaps =
            super::schema_gaps::left_out(self.ws, tool, SchemaKind::Input.key(), &shared.unknown, &shared.opaque);
        if !gaps.is_empty() {
            gaps.into_iter().for_each(|d| self.push(d));
            return None;
        }
        let tag_first = self.behaviour.schemars_tag_first;
        let mut properties: Vec<Value> = shared
            .schemas
            .into_iter()
            .map(|s| match s {
                Value::Object(o) => Value::Object(o),
                other => json!({ "allOf": [other] }),
            })
            .collect();
        let mut defs = Value::Object(shared.definitions);
        if !tag_first {
            properties.iter_mut().for_each(super::tower_mcp::order::tag_property_last);
            super::tower_mcp::order::tag_property_last(&mut defs);
        }
        let Value::Object(defs) = defs else { unreachable!("definitions are an object") };
        Some((properties, defs))
    }

    /// Before 3.3.0: each property `schema_for!` of its type, serialized (a root schema).
    fn root_properties(&mut self, tool: &str, tys: &[Ty]) -> Option<Vec<Value>> {
        let mut out = Vec::new();
        let mut complete = true;
        for ty in tys {
            match self.root(tool, SchemaKind::Input, ty) {
                Some(schema) => out.push(schema),
                None => complete = false,
            }
        }
        complete.then_some(out)
    }

    /// `schema_for!(T)` serialized with `preserve_order` (schemars' keyword order), or `None`
    /// when it cannot be known.
    fn root(&mut self, tool: &str, kind: SchemaKind, ty: &Ty) -> Option<Value> {
        let code = self.lowerer.code();
        let mut root = root_schema(&self.lowerer.model, ty, &Self::settings(), &self.lowerer.type_overrides, &code);
        self.lowerer.type_overrides_used.append(&mut root.overrides_used);
        for d in std::mem::take(&mut root.diagnostics) {
            crate::model::defaults::report(&mut self.lowerer, d);
        }
        let gaps = super::schema_gaps::left_out(self.ws, tool, kind.key(), &root.unknown, &root.opaque);
        if !gaps.is_empty() {
            gaps.into_iter().for_each(|d| self.push(d));
            return None;
        }
        if !self.behaviour.schemars_tag_first {
            super::tower_mcp::order::tag_property_last(&mut root.schema);
        }
        Some(root.schema)
    }

    /// `outputSchema`: `schema_for!` of `output_schema = T` (3.1.3 on) or of the `T` of a
    /// `Json<T>` return (3.5.0 on), as `ToolOutputSchema::from_value` holds it; from 3.5.0 only
    /// when its `type` is `"object"`.
    fn output_schema(&mut self, tool: &str, f: &'w syn::ImplItemFn, attrs: &ToolAttrs, scope: &Scope) -> Option<Value> {
        let b = self.behaviour;
        let written = match (&attrs.output_schema, b.strict) {
            (Some(t), _) if b.tool_metadata => t.clone(),
            (_, true) => attrs::inferred_output_type(&f.sig)?.clone(),
            _ => return None,
        };
        let ty = self.lowerer.lower_reachable(&written, scope);
        let schema = self.root(tool, SchemaKind::Output, &ty)?;
        if b.strict && schema.get("type").and_then(Value::as_str) != Some("object") {
            return None;
        }
        Some(tool_output_schema(schema))
    }
}

/// `ToolOutputSchema`'s fields first (`type`, `properties`, `required`,
/// `additionalProperties`), then its flattened extra keywords.
fn tool_output_schema(schema: Value) -> Value {
    let Value::Object(mut rest) = schema else { return schema };
    let mut out = Map::new();
    for key in ["type", "properties", "required", "additionalProperties"] {
        if let Some(v) = rest.shift_remove(key) {
            out.insert(key.into(), v);
        }
    }
    out.extend(rest);
    Value::Object(out)
}

/// `_meta` from `tags` and `version`.
fn meta(attrs: &ToolAttrs) -> Option<Value> {
    if attrs.tags.is_empty() && attrs.version.is_none() {
        return None;
    }
    let mut meta = Map::new();
    if !attrs.tags.is_empty() {
        meta.insert("tags".into(), json!(attrs.tags));
    }
    if let Some(v) = &attrs.version {
        meta.insert("version".into(), Value::String(v.clone()));
    }
    Some(Value::Object(meta))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_schema_fields_first() {
        let got = tool_output_schema(
            json!({"$schema": "s", "title": "T", "type": "object", "required": ["a"], "properties": {}}),
        );
        let keys: Vec<&str> = got.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys, ["type", "properties", "required", "$schema", "title"]);
    }

    #[test]
    fn meta_tags_then_version() {
        let attrs = ToolAttrs { tags: vec!["a".into()], version: Some("2".into()), ..ToolAttrs::default() };
        assert_eq!(serde_json::to_string(&meta(&attrs)).unwrap(), r#"{"tags":["a"],"version":"2"}"#);
        assert_eq!(meta(&ToolAttrs::default()), None);
    }
}
