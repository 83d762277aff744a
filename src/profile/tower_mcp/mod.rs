//! The tower-mcp profile: tools are values built by `ToolBuilder` chains and registered on an
//! `McpRouter` (docs/tower-mcp.md). [`discover`] finds the chains a router serves; [`chain`]
//! reads one; this file makes the entries as tower-mcp 0.25 lists them:
//!
//! - `inputSchema`: `schemars::schema_for!(I)` of the handler's input (the last `Json<I>` of an
//!   extractor handler; `{"type":"object","additionalProperties":true}` without one;
//!   `{"type":"object"}` for `no_params_handler`), or `input_schema(v)`; either way a root without
//!   `type` gets `"type": "object"` appended.
//! - `outputSchema`: only what the author sets: `output_schema_for::<T>()` (draft 2020-12, the
//!   serialize contract) or `output_schema(v)`. A peer on a protocol before 2026-07-28 (or any peer
//!   without tower-mcp's `stateless` feature) does not get one whose root `type` is not `"object"`.
//! - keys in the order schemars' `Schema` serializes them (its ordered keywords first, `$defs`
//!   last, the rest as generated), since tower-mcp's serde_json keeps insertion order.
//! - annotations with only the hints that differ from their defaults; tools sorted by name, a
//!   later registration of a name replacing the earlier one.

mod chain;
mod discover;
pub mod order;
pub mod version;

use serde_json::{json, Map, Value};
use syn::spanned::Spanned;

use self::chain::{Source, Spec};
use super::listing::{Duplicates, Order, Policy, Reported, ToolList};
use super::template::{self, Run};
use super::{Capabilities, Profile, ProfileInfo, SchemaKind};
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Location};
use crate::manifest::Manifest;
use crate::manifest::{AnnotationOrder, Key, KeyOrder, Tool, ToolEntry};
use crate::model::eval::{Frame, SchemaCall, Val};
use crate::model::{Lowerer, Resolver, Scope};
use crate::profile::release::{ReleaseFlag, Sdk, SdkReleases, Version};
use crate::schema::schemars::{root_schema_in_generation_order, Contract, Dialect, Settings};
use crate::source::impls::ImplIndex;
use crate::source::Workspace;

/// The tower-mcp profile.
pub struct TowerMcp;

const SDK: Sdk = Sdk { package: "tower-mcp", lock_names: &["tower-mcp"] };

use self::version::RELEASES;

/// What the tower-mcp profile is.
const INFO: ProfileInfo = ProfileInfo {
    name: "tower-mcp",
    summary: "the Rust SDK tower-mcp at runtime (ToolBuilder chains), at the release in Cargo.lock",
    // None: tools are builder chains in fn bodies, found in their text (`block_mentions`).
    kept_attributes: crate::source::KeptAttributes(&[]),
    detection: super::Detection::DependsOn("tower-mcp"),
    releases: Some(&RELEASE),
    reads_protocol: true,
    // tower-mcp turns on serde_json's `preserve_order` from 0.20 on; before, objects are in key
    // order unless another crate of the build turns the feature on (features are unified).
    json_order: template::JsonOrder::SerdeJson {
        preserved_since: Some(version::PRESERVES_ORDER_SINCE),
        sdk_crates: &["tower-mcp", "tower-mcp-types"],
    },
    capabilities: Capabilities { variant_docs: true, shares_defs: true },
};

impl Profile for TowerMcp {
    fn info(&self) -> &'static ProfileInfo {
        &INFO
    }

    fn list(&self, run: &mut Run<'_>) -> Option<Manifest> {
        let found = run.release.as_ref()?;
        let Run { ws, options: opts, protocol, out, insertion_order, .. } = run;
        let ws: &Workspace = ws;
        let stateless = stateless_enabled(ws);
        let final_protocol = !super::protocol::is_legacy_protocol(protocol) && stateless;
        let mut behaviour = version::behaviour(found.version);
        behaviour.preserve_order = *insertion_order;
        if let Some(schemars) = found.lock.as_ref().and_then(|l| l.version("schemars")) {
            behaviour.schemars_tag_first = schemars >= Version(1, 2, 3);
            out.notes.push(format!("schemars {schemars} from the lock"));
        }
        out.notes.push(format!(
            "protocol {protocol} ({})",
            if final_protocol {
                "the final protocol's listing"
            } else {
                "the 2025 listing: tower-mcp's `stateless` feature is off or the peer is older"
            }
        ));
        let impls = ImplIndex::new(ws);
        let served = discover::served(ws, &impls);
        out.diagnostics.0.extend(served.diagnostics);
        if served.routers == 0 && !served.tools.is_empty() {
            out.notes.push("no `McpRouter::new()` in the crate: every `ToolBuilder` chain is listed".into());
        }
        let resolver = Resolver::sharing(&impls);
        let mut lowerer = Lowerer::new(&resolver);
        lowerer.type_overrides = opts.overrides.types.clone();
        lowerer.value_overrides = opts.overrides.values.clone();
        lowerer.schema_source = Some(schema_source(behaviour.schemars_tag_first));
        let mut builder = Builder {
            ws,
            impls: &impls,
            lowerer,
            diagnostics: Diagnostics::default(),
            reported: Reported::default(),
            list: ToolList::new(POLICY, &opts.overrides),
            final_protocol,
            stateless,
            behaviour,
            origins: Vec::new(),
            only_in_final_view: Vec::new(),
        };
        for found in &served.tools {
            if let Some((name, tool)) = builder.tool(found) {
                builder.list.add(name, tool, None).expect("a later tower-mcp tool replaces an earlier one");
            }
        }
        let lower_diags = std::mem::take(&mut builder.lowerer.diagnostics);
        out.diagnostics.extend(lower_diags);
        let (manifest, unused) = builder.list.finish(&builder.lowerer.type_overrides_used);
        for d in unused {
            builder.push(d);
        }
        out.diagnostics.extend(builder.diagnostics);
        out.notes.extend(super::protocol::other_view_note(&builder.only_in_final_view));
        out.provenance.other_view = std::mem::take(&mut builder.only_in_final_view);
        out.source_map = crate::source_map::SourceMap::new(&builder.lowerer.model, builder.origins);
        Some(manifest)
    }
}

/// tower-mcp as release discovery sees it.
const RELEASE: SdkReleases = SdkReleases {
    sdk: SDK,
    stand_ins: &[],
    known: RELEASES,
    reproduced: (RELEASES[0], RELEASES[RELEASES.len() - 1]),
    flag: ReleaseFlag::Sdk,
    code: Code::SdkVersion,
};

/// Whether a package of the run turns on tower-mcp's `stateless` feature (directly, or through
/// `protocol-2026-07-28` or `full`): only then does a 2026-07-28 peer get the final listing.
fn stateless_enabled(ws: &Workspace) -> bool {
    ws.packages.iter().any(|m| {
        let dep = m.raw.get("dependencies").and_then(|d| d.get(SDK.package));
        let features = dep.and_then(|d| d.get("features")).and_then(toml::Value::as_array);
        features.is_some_and(|fs| {
            fs.iter().filter_map(toml::Value::as_str).any(|f| matches!(f, "stateless" | "protocol-2026-07-28" | "full"))
        })
    })
}

/// tower-mcp's `Tool` fields in the order it serializes them, `_meta` last (its `ToolAnnotations`
/// fields in MCP's order); without `preserve_order` every key is sorted afterwards.
const KEY_ORDER: KeyOrder = KeyOrder {
    tool: &[
        Key::Name,
        Key::Title,
        Key::Description,
        Key::InputSchema,
        Key::OutputSchema,
        Key::Icons,
        Key::Annotations,
        Key::Execution,
        Key::Meta,
    ],
    annotations: AnnotationOrder::Protocol,
};

/// tower-mcp's router keeps its tools in a map by name: a later registration of a name replaces
/// the earlier one, and the list comes out by name.
const POLICY: Policy = Policy { duplicates: Duplicates::LaterWins, order: Order::ByName };

struct Builder<'w, 'a> {
    ws: &'w Workspace,
    impls: &'a ImplIndex<'w>,
    lowerer: Lowerer<'a, 'a>,
    /// What the chains tell, each once.
    diagnostics: Diagnostics,
    reported: Reported,
    /// The tools listed, with the config's `schemas`.
    list: ToolList<'a>,
    /// The peer speaks 2026-07-28 and the server has the `stateless` feature.
    final_protocol: bool,
    /// The server has the `stateless` feature: a 2026-07-28 request may get the final listing.
    stateless: bool,
    /// The tools whose outputSchema this peer does not get and a stateless 2026-07-28 request
    /// does: where the other view differs.
    only_in_final_view: Vec<String>,
    behaviour: version::Behaviour,
    /// Where each tool's chain is written, for the source map (a later duplicate wins).
    origins: Vec<(String, crate::source_map::ToolOrigin)>,
}

impl<'w> Builder<'w, '_> {
    fn location(&self, scope: &Scope, span: proc_macro2::Span) -> Location {
        self.ws.crates[scope.krate].file_of(scope.module).location(span)
    }

    fn push(&mut self, d: Diagnostic) {
        self.reported.push(&mut self.diagnostics, d);
    }

    /// One tool's name and entry; `None` when it is not listed (the diagnostics say why).
    fn tool(&mut self, found: &discover::Found<'w>) -> Option<(String, Tool)> {
        let scope = &found.scope;
        let impls = self.impls;
        let helpers = |c: &'w syn::ExprCall| helper_schema(impls, c, scope);
        let spec = chain::read(found.chain, scope, self.behaviour.output_for_serialize, &helpers)?;
        let name = self.text(spec.name, scope, "name", None)?;
        if let Err(reason) = valid_name(&name) {
            let at = self.location(scope, spec.span);
            self.push(
                Diagnostic::error(
                    Code::TowerMcpPanic,
                    format!("tool `{name}`: tower-mcp's `ToolBuilder::new` panics: {reason}"),
                )
                .at(Some(at)),
            );
            return None;
        }
        if self.final_protocol && spec.task_support.as_deref() == Some("required") {
            // The final protocol hides a task-only tool from a client that did not negotiate tasks.
            return None;
        }
        self.origins.push((name.clone(), self.origin(found, &spec)));
        let mut entry = self.entry(&name, &spec, scope);
        if let Some(meta) = found.meta {
            match meta_value(meta) {
                Some(v) => entry.meta = Some(v),
                None => self.unknown_part(&name, "`_meta` (`with_meta(…)`)", meta, scope),
            }
        }
        let mut entry = entry.to_value(&KEY_ORDER);
        if !self.behaviour.preserve_order {
            // Every map of the listing is a `BTreeMap`: keys in byte order, all the way down.
            crate::schema::order::sort_all_keys(&mut entry);
        }
        Some((name, Tool::from_value(&entry)))
    }

    /// Where the tool is written: `ToolBuilder::new(…)` for its name, the whole chain for what
    /// the chain sets, and the types its schemas are made of.
    fn origin(&self, found: &discover::Found<'w>, spec: &Spec<'w>) -> crate::source_map::ToolOrigin {
        let at = |span| self.location(&found.scope, span);
        let mut origin = crate::source_map::ToolOrigin::new(at(spec.span), at(found.chain.span()), []);
        let written = |src: Option<&Source>| match src {
            Some(Source::Type { ty, .. }) => Some(discover::type_text(ty)),
            _ => None,
        };
        origin.input_type = written(spec.input_override.as_ref().or(spec.input.as_ref()));
        origin.output_type = written(spec.output.as_ref());
        origin
    }

    fn entry(&mut self, name: &str, spec: &Spec<'w>, scope: &Scope) -> ToolEntry {
        let mut entry = ToolEntry::named(name);
        entry.title = spec.title.and_then(|e| self.text(e, scope, "title", Some(name)));
        entry.description = spec.description.and_then(|e| self.text(e, scope, "description", Some(name)));
        // A schema the config gives replaces what the chain says (and what it could not tell).
        let input = spec.input_override.as_ref().or(spec.input.as_ref());
        match (self.list.given(name, SchemaKind::Input), input) {
            (Some(given), _) => entry.input = Some(given),
            (None, Some(src)) => entry.input = self.schema(name, "inputSchema", src, scope).map(ensure_object),
            (None, None) => {
                let at = self.location(scope, spec.span);
                self.push(
                    Diagnostic::warning(
                        Code::Opaque,
                        format!("tool `{name}`: no handler in its chain; inputSchema left out"),
                    )
                    .at(Some(at)),
                );
            }
        }
        let output = match self.list.given(name, SchemaKind::Output) {
            Some(given) => Some(given),
            None => spec.output.as_ref().and_then(|src| self.schema(name, "outputSchema", src, scope)),
        };
        if let Some(v) = output {
            let dropped = !self.final_protocol
                && self.behaviour.legacy_drops_non_object_output
                && v.get("type").and_then(Value::as_str) != Some("object");
            if !dropped {
                entry.output = Some(v);
            } else if self.stateless {
                self.only_in_final_view.push(name.to_owned());
            }
        }
        if !spec.icons.is_empty() {
            let icons: Vec<Value> = spec.icons.iter().filter_map(|icon| self.icon(name, icon, scope)).collect();
            entry.icons = Some(Value::Array(icons));
        }
        entry.annotations = spec.annotations.as_ref().map(chain::Annotations::listed);
        if let Some(span) = spec.unread_annotations {
            let at = self.location(scope, span);
            self.push(
                Diagnostic::warning(
                    Code::Opaque,
                    format!("tool `{name}`: `annotations(…)` is only known at runtime; annotations left out"),
                )
                .at(Some(at)),
            );
        }
        if let (Some(mode), false) = (&spec.task_support, self.final_protocol) {
            entry.execution = Some(json!({ "taskSupport": mode }));
        }
        entry
    }

    fn icon(
        &mut self,
        name: &str,
        icon: &(&'w syn::Expr, Option<&'w syn::Expr>, Option<&'w syn::Expr>),
        scope: &Scope,
    ) -> Option<Value> {
        let (src, mime, sizes) = icon;
        let mut m = Map::new();
        m.insert("src".into(), Value::String(self.text(src, scope, "icon", Some(name))?));
        if let Some(mime) = mime {
            match chain_option_string(mime) {
                Some(Some(s)) => {
                    m.insert("mimeType".into(), Value::String(s));
                }
                Some(None) => {}
                None => self.unknown_part(name, "icon's mime type", mime, scope),
            }
        }
        if let Some(sizes) = sizes {
            match option_vec_strings(sizes) {
                Some(Some(v)) => {
                    m.insert("sizes".into(), Value::Array(v.into_iter().map(Value::String).collect()));
                }
                Some(None) => {}
                None => self.unknown_part(name, "icon's sizes", sizes, scope),
            }
        }
        Some(Value::Object(m))
    }

    fn unknown_part(&mut self, name: &str, what: &str, e: &syn::Expr, scope: &Scope) {
        let at = self.location(scope, e.span());
        self.push(
            Diagnostic::warning(Code::Opaque, format!("tool `{name}`: the {what} is only known at runtime; left out"))
                .at(Some(at)),
        );
    }

    /// A string argument's value; an error when it cannot be evaluated.
    fn text(&mut self, e: &syn::Expr, scope: &Scope, what: &str, tool: Option<&str>) -> Option<String> {
        if let Some(s) = chain::literal_string(e) {
            return Some(s);
        }
        match self.lowerer.evaluator().eval_str(e, scope.clone()) {
            Ok(s) => Some(s),
            Err(err) => {
                let at = err.location(self.ws);
                self.push(
                    Diagnostic::error(
                        Code::ValueNotEvaluable,
                        match tool {
                            Some(name) => format!("tool `{name}`: its {what} cannot be evaluated: {}", err.reason),
                            None => format!("a tool's {what} cannot be evaluated: {}", err.reason),
                        },
                    )
                    .at(Some(at)),
                );
                None
            }
        }
    }

    /// The schema `src` gives, in tower-mcp's key order; `None` (with a warning) when it is only
    /// known at runtime.
    fn schema(&mut self, name: &str, key: &str, src: &Source<'w>, scope: &Scope) -> Option<Value> {
        match src {
            Source::Value(v) => Some(v.clone()),
            Source::NoParams => Some(json!({
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "title": "NoParams",
                "type": "object"
            })),
            Source::Unknown { span, text } => {
                let at = self.location(scope, *span);
                self.push(
                    Diagnostic::warning(Code::Opaque, format!("tool `{name}`: `{text}` is only known at runtime; {key} left out"))
                        .at(Some(at))
                        .with_help(format!(
                            "give the schema in the config's `schemas` table (`\"{name}.{key}\" = \"path/to/schema.json\"`)"
                        )),
                );
                None
            }
            Source::Type { ty, scope: type_scope, serialize, draft07 } => {
                self.generated(name, key, ty, type_scope, *serialize, *draft07)
            }
            Source::Eval(e) => self.evaluated(name, key, e, scope),
        }
    }

    /// The value plain Rust builds (a helper fn over `schema_for!`, inserts, removes, wraps),
    /// run by the evaluator; a warning at what it could not follow, the schema left out.
    fn evaluated(&mut self, name: &str, key: &str, e: &syn::Expr, scope: &Scope) -> Option<Value> {
        let frame = Frame::new(scope.clone());
        let mut evaluator = self.lowerer.evaluator();
        let why = match evaluator.eval(e, None, &frame) {
            Ok(Val::Json(v)) => return Some(v),
            Ok(other) => match crate::model::eval::Types::serialize(&mut self.lowerer, &other) {
                Ok(v) => return Some(v),
                Err(why) => {
                    let at = self.location(scope, e.span());
                    (at, format!("{} the CLI cannot serialize ({why})", other.kind_of()))
                }
            },
            Err(err) => (err.location(self.ws), err.reason),
        };
        let (at, reason) = why;
        self.push(
            Diagnostic::warning(
                Code::Opaque,
                format!("tool `{name}`: {key} left out: the CLI cannot follow how it is built: {reason}"),
            )
            .at(Some(at))
            .with_label("not followed")
            .with_help(format!(
                "give the schema in the config's `schemas` table (`\"{name}.{key}\" = \"path/to/schema.json\"`)"
            )),
        );
        None
    }

    fn generated(
        &mut self,
        name: &str,
        key: &str,
        ty: &syn::Type,
        scope: &Scope,
        serialize: bool,
        draft07: bool,
    ) -> Option<Value> {
        let root = tower_root(&mut self.lowerer, ty, scope, serialize, draft07, self.behaviour.schemars_tag_first);
        let gaps = super::schema_gaps::left_out(self.ws, name, key, &root.unknown, &root.opaque);
        if !gaps.is_empty() {
            gaps.into_iter().for_each(|d| self.push(d));
            return None;
        }
        Some(root.schema)
    }
}

/// `schemars::schema_for!(T)` (and a `SchemaGenerator`'s root) as tower-mcp's schemars makes
/// it, in the order its `Schema` serializes (see [`tower_root`]), for the evaluator.
fn schema_source<'r, 'w>(tag_first: bool) -> crate::model::SchemaSource<'r, 'w> {
    std::rc::Rc::new(move |lowerer: &mut Lowerer<'r, 'w>, ty: &syn::Type, scope: &Scope, call: SchemaCall| {
        let SchemaCall::Schemars(g) = call else {
            return Err("an rmcp schema fn in a tower-mcp server".into());
        };
        let root = tower_root(lowerer, ty, scope, g.serialize, g.draft07, tag_first);
        let written = discover::type_text(ty);
        if let Some(u) = root.unknown.first() {
            return Err(format!("the schema of `{written}` reaches `{}`, a type the CLI cannot see", u.written));
        }
        if let Some(o) = root.opaque.first() {
            return Err(format!("the schema of `{written}` is only known at runtime: {}", o.reason));
        }
        Ok(root.schema)
    })
}

/// schemars' root for `ty` (draft 2020-12 unless `draft07`; what deserializes into it unless
/// `serialize`), its keys in the order tower-mcp prints them: generation order, an internally
/// tagged variant's tag where the locked schemars puts it, and `Schema`'s ordered keywords
/// first. Every tower-mcp release depends on schemars 1.
fn tower_root(
    lowerer: &mut Lowerer,
    ty: &syn::Type,
    scope: &Scope,
    serialize: bool,
    draft07: bool,
    tag_first: bool,
) -> crate::schema::schemars::RootSchema {
    let lowered = lowerer.lower_reachable(ty, scope);
    let settings = Settings {
        contract: if serialize { Contract::Serialize } else { Contract::Deserialize },
        dialect: if draft07 { Dialect::Draft07 } else { Dialect::Draft2020_12 },
        nullable: false,
        schemars08: None,
    };
    let mut root =
        root_schema_in_generation_order(&lowerer.model, &lowered, &settings, &lowerer.type_overrides, &lowerer.code());
    lowerer.type_overrides_used.append(&mut root.overrides_used);
    for d in std::mem::take(&mut root.diagnostics) {
        crate::model::defaults::report(lowerer, d);
    }
    if !tag_first {
        order::tag_property_last(&mut root.schema);
    }
    order::schemars_order(&mut root.schema);
    root
}

/// A helper fn called for a schema value (`schema::<T>()`): its body's `schema_for!(X)`, with
/// `X` the turbofish's type when it is the helper's own type parameter.
fn helper_schema<'w>(impls: &ImplIndex<'w>, call: &'w syn::ExprCall, scope: &Scope) -> Option<Source<'w>> {
    let syn::Expr::Path(p) = &*call.func else { return None };
    let segments: Vec<String> =
        p.path.segments.iter().map(|s| crate::source::unraw_ident(&s.ident.to_string())).collect();
    let f = impls.fn_by_path(&segments, scope.krate, scope.module, None)?;
    let body_scope = Scope { krate: f.item.krate, module: f.item.module, generics: Vec::new() };
    let found = schema_for_in_block(f.body, &body_scope)?;
    let Source::Type { ty, serialize, draft07, .. } = found else { return Some(found) };
    let params: Vec<String> = f.sig.generics.type_params().map(|t| t.ident.to_string()).collect();
    let written = chain_type_ident(ty);
    if let Some(i) = written.and_then(|w| params.iter().position(|p| *p == w)) {
        let args = p.path.segments.last().and_then(|s| match &s.arguments {
            syn::PathArguments::AngleBracketed(a) => Some(a),
            _ => None,
        })?;
        let arg = args.args.iter().filter_map(|a| match a {
            syn::GenericArgument::Type(t) => Some(t),
            _ => None,
        });
        let ty = arg.clone().nth(i)?;
        return Some(Source::Type { ty, scope: scope.clone(), serialize, draft07 });
    }
    Some(Source::Type { ty, scope: body_scope, serialize, draft07 })
}

/// The one `schema_for!(T)` of a helper's body whose tail converts it (a helper doing anything
/// else is not read).
fn schema_for_in_block<'w>(b: &'w syn::Block, scope: &Scope) -> Option<Source<'w>> {
    let tail = crate::model::eval::syntax::tail_expr(b)?;
    chain::schema_for_in(tail, scope)
}

fn chain_type_ident(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(p) if p.qself.is_none() => p.path.get_ident().map(|i| i.to_string()),
        _ => None,
    }
}

/// A `with_meta(json!({…}))` object.
fn meta_value(e: &syn::Expr) -> Option<Value> {
    let syn::Expr::Macro(m) = e else { return None };
    if !crate::model::eval::json::is_json(&m.mac) {
        return None;
    }
    crate::model::eval::json::literal(&m.mac).filter(Value::is_object)
}

/// `Some("x".to_string())` / `None`.
fn chain_option_string(e: &syn::Expr) -> Option<Option<String>> {
    match e {
        syn::Expr::Path(p) if p.path.is_ident("None") => Some(None),
        syn::Expr::Call(c)
            if matches!(&*c.func, syn::Expr::Path(p) if p.path.is_ident("Some")) && c.args.len() == 1 =>
        {
            chain::literal_string(&c.args[0]).map(Some)
        }
        _ => None,
    }
}

/// `Some(vec!["48x48".to_string()])` / `None`.
fn option_vec_strings(e: &syn::Expr) -> Option<Option<Vec<String>>> {
    match e {
        syn::Expr::Path(p) if p.path.is_ident("None") => Some(None),
        syn::Expr::Call(c)
            if matches!(&*c.func, syn::Expr::Path(p) if p.path.is_ident("Some")) && c.args.len() == 1 =>
        {
            let syn::Expr::Macro(m) = &c.args[0] else { return None };
            let elems = m
                .mac
                .parse_body_with(syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated)
                .ok()?;
            elems.iter().map(chain::literal_string).collect::<Option<Vec<_>>>().map(Some)
        }
        _ => None,
    }
}

/// tower-mcp's `ensure_object_schema`: a root object without `type` gets `"type": "object"`,
/// appended.
fn ensure_object(mut v: Value) -> Value {
    if let Value::Object(m) = &mut v {
        if !m.contains_key("type") {
            m.insert("type".into(), Value::String("object".into()));
        }
    }
    v
}

/// tower-mcp's `validate_tool_name` (SEP-986): 1–64 characters of ASCII letters, digits, `_`,
/// `-`, `.` and `/`.
fn valid_name(name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("Tool name cannot be empty".into());
    }
    if name.len() > 64 {
        return Err(format!("Tool name '{name}' exceeds maximum length of 64 characters (got {})", name.len()));
    }
    if let Some(c) = name.chars().find(|c| !c.is_ascii_alphanumeric() && !matches!(c, '_' | '-' | '.' | '/')) {
        return Err(format!("Tool name '{name}' contains invalid character '{c}'"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::{GenerateOptions, ProfileChoice};

    /// A tool's parts point at its chain: the name at `ToolBuilder::new`, what the chain sets at
    /// the chain, a property at the field of the handler's input type.
    #[test]
    fn tools_point_at_their_chain_and_input_fields() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("src")).unwrap();
        std::fs::write(
            dir.path().join("Cargo.toml"),
            "[package]\nname = \"t\"\nversion = \"0.1.0\"\n[dependencies]\ntower-mcp = \"=0.25.0\"\n",
        )
        .unwrap();
        let src = "use tower_mcp::{McpRouter, ToolBuilder};\n\
                   #[derive(serde::Deserialize, schemars::JsonSchema)]\n\
                   struct Go {\n    speed: u32,\n}\n\
                   fn main() {\n    let _ = McpRouter::new().tool(\n        ToolBuilder::new(\"go\")\n            .description(\"Go.\")\n            .handler(|g: Go| async move { todo!() })\n            .build(),\n    );\n}\n";
        std::fs::write(dir.path().join("src/main.rs"), src).unwrap();
        let o = crate::generate(&GenerateOptions {
            paths: vec![dir.path().to_path_buf()],
            profile: ProfileChoice::TowerMcp,
            ..Default::default()
        });
        let tool = &o.manifest.as_ref().expect("listed").tool_values()[0];
        let line = |pointer: &str| o.source_map.locate("go", tool, pointer).map(|at| at.line_col().0);
        assert_eq!(line("/name"), Some(8));
        assert_eq!(line("/inputSchema/properties/speed"), Some(4));
    }
}
