//! The mcp-attr profile: `#[mcp_server] impl McpServer for T` with `#[tool]` fns, as
//! mcp-attr-macros writes their `tools_list` and mcp-attr's `ToolInputSchema` builds each
//! schema (read from the 0.0.1–0.0.7 sources; checked by the catalogue in
//! `testdata/mcp-attr/`). What differs between releases is data ([`Behaviour`]).
//!
//! - A tool is a `#[tool]` or `#[tool("name")]` fn of the impl, listed in declaration order; its
//!   description is its doc comment (each line's end trimmed, the lines' common indent taken
//!   off, joined with `\n`), absent when there is none.
//! - Every parameter but `self` and a `&RequestContext`/`&mut RequestContext` is one property,
//!   named by `#[arg("name")]` or its identifier with one leading `_` taken off; `Option<T>`
//!   (spelled so) is optional and has `T`'s schema, everything else is required.
//! - A property's schema is schemars 0.8's draft-07 root schema of its type (`title` kept,
//!   `$schema` and `definitions` dropped, so a `$ref` left in it points nowhere, as the server
//!   sends it), its description replaced by the parameter's doc comment; 0.0.7 inlines named
//!   types (`inline_subschemas`), earlier releases refer to them.
//! - `inputSchema` is `{properties (sorted), required (parameter order), type: "object"}`,
//!   `properties`/`required` left out when empty; a tool is `{description?, inputSchema, name}`.
//!   There is no `outputSchema`, title or annotation in any release.

use serde_json::{json, Map, Value};
use syn::spanned::Spanned;

use super::listing::{Duplicates, Order, Policy, Reported, ToolList};
use super::template::{self, Run};
use super::{is_attr_named, Capabilities, Profile, ProfileInfo, SchemaKind};
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Location};
use crate::manifest::{Manifest, Tool};
use crate::model::{Lowerer, Resolver, Scope};
use crate::profile::release::{ReleaseFlag, Sdk, SdkReleases, Version};
use crate::schema::schemars::{root_schema_in_generation_order, Contract, Dialect, Schemars08, Settings};
use crate::source::impls::ImplIndex;
use crate::source::Workspace;

pub struct McpAttr;

const SDK: Sdk = Sdk { package: "mcp-attr", lock_names: &["mcp-attr"] };

/// Every mcp-attr release on crates.io, oldest first (none yanked).
pub const RELEASES: &[Version] = &[
    Version(0, 0, 1),
    Version(0, 0, 2),
    Version(0, 0, 3),
    Version(0, 0, 4),
    Version(0, 0, 5),
    Version(0, 0, 6),
    Version(0, 0, 7),
];

/// From 0.0.7 `ToolInputSchema::insert_property` sets `inline_subschemas`; before, it is
/// `schema_for!(T)` (`SchemaGenerator::default()`).
const INLINES_SINCE: Version = Version(0, 0, 7);

const RELEASE: SdkReleases = SdkReleases {
    sdk: SDK,
    stand_ins: &[],
    known: RELEASES,
    reproduced: (RELEASES[0], RELEASES[RELEASES.len() - 1]),
    flag: ReleaseFlag::Sdk,
    code: Code::SdkVersion,
};

const INFO: ProfileInfo = ProfileInfo {
    name: "mcp-attr",
    summary: "the Rust SDK mcp-attr (`#[mcp_server]` impls with `#[tool]` fns), at the release in Cargo.lock",
    kept_attributes: super::RMCP_KEPT_ATTRIBUTES,
    detection: super::Detection::DependsOn("mcp-attr"),
    releases: Some(&RELEASE),
    reads_protocol: false,
    // Each property's schema is a serde_json `Map`: sorted, or with `preserve_order` in the order
    // schemars 0.8 serializes a `SchemaObject`. mcp-attr turns the feature on in no release.
    json_order: template::JsonOrder::SerdeJson { preserved_since: None, sdk_crates: &["mcp-attr"] },
    capabilities: Capabilities { variant_docs: true, shares_defs: false },
};

/// The generated `tools_list` is a `Vec` in declaration order; `tools/call` takes the first of
/// a name.
const POLICY: Policy = Policy { duplicates: Duplicates::FirstWins, order: Order::Registration };

/// What a release does, as far as `tools/list` shows it.
#[derive(Debug, Clone, Copy)]
struct Behaviour {
    inline_subschemas: bool,
}

fn behaviour(v: Version) -> Behaviour {
    Behaviour { inline_subschemas: v >= INLINES_SINCE }
}

impl Profile for McpAttr {
    fn info(&self) -> &'static ProfileInfo {
        &INFO
    }

    fn list(&self, run: &mut Run<'_>) -> Option<Manifest> {
        crate::schema::order::with_serde_json_order(run.insertion_order, || manifest(run))
    }
}

/// The crate's tools: every `#[tool]` fn of every `#[mcp_server]` impl, in declaration order.
fn manifest(run: &mut Run<'_>) -> Option<Manifest> {
    let found = run.release.as_ref()?;
    let behaviour = behaviour(found.version);
    let Run { ws, options, out, .. } = run;
    let ws: &Workspace = ws;
    let impls = ImplIndex::new(ws);
    let resolver = Resolver::sharing(&impls);
    let mut lowerer = Lowerer::new(&resolver);
    lowerer.type_overrides = options.overrides.types.clone();
    lowerer.value_overrides = options.overrides.values.clone();
    let mut builder = Builder {
        ws,
        lowerer,
        behaviour,
        diagnostics: Diagnostics::default(),
        reported: Reported::default(),
        list: ToolList::new(POLICY, &options.overrides),
        origins: Vec::new(),
    };
    let mut servers = 0;
    for imp in impls.impls.iter().filter(|i| !ws.crates[i.krate].is_registry) {
        if !imp.imp.attrs.iter().any(|a| is_attr_named(a, "mcp_server")) {
            continue;
        }
        servers += 1;
        let scope = Scope::without_generics(imp.krate, imp.module);
        for f in imp.fns() {
            let Some(attr) = f.attrs.iter().find(|a| a.path().is_ident("tool")) else { continue };
            builder.tool(f, attr, &scope);
        }
    }
    if servers == 0 {
        out.notes.push("no `#[mcp_server]` impl in the crate: no tools".into());
    }
    builder.free_tool_fns();
    out.diagnostics.extend(std::mem::take(&mut builder.lowerer.diagnostics));
    let (manifest, unused) = builder.list.finish(&builder.lowerer.type_overrides_used);
    for d in unused {
        builder.reported.push(&mut builder.diagnostics, d);
    }
    out.diagnostics.extend(builder.diagnostics);
    out.source_map = crate::source_map::SourceMap::new(&builder.lowerer.model, builder.origins);
    Some(manifest)
}

struct Builder<'w, 'a> {
    ws: &'w Workspace,
    lowerer: Lowerer<'a, 'w>,
    behaviour: Behaviour,
    diagnostics: Diagnostics,
    reported: Reported,
    list: ToolList<'a>,
    /// Where each tool and its parameters are written, for the source map.
    origins: Vec<(String, crate::source_map::ToolOrigin)>,
}

/// One parameter as the macro reads it.
struct Param<'f> {
    name: String,
    /// The type its schema is made of (`T` of an `Option<T>`).
    ty: &'f syn::Type,
    required: bool,
    description: Option<String>,
    /// Its pattern, where the source map points for its property.
    span: proc_macro2::Span,
}

impl<'w> Builder<'w, '_> {
    fn location(&self, scope: &Scope, span: proc_macro2::Span) -> Location {
        self.ws.crates[scope.krate].file_of(scope.module).location(span)
    }

    fn push(&mut self, d: Diagnostic) {
        self.reported.push(&mut self.diagnostics, d);
    }

    fn tool(&mut self, f: &'w syn::ImplItemFn, attr: &syn::Attribute, scope: &Scope) {
        let name = match tool_name(attr) {
            // The macro's `sig.ident.to_string()`: a raw identifier keeps its `r#`.
            Ok(name) => name.unwrap_or_else(|| f.sig.ident.to_string()),
            Err(why) => {
                let at = self.location(scope, attr.span());
                self.push(
                    Diagnostic::error(Code::SdkRejected, format!("`#[tool]` on `{}`: {why}", f.sig.ident)).at(Some(at)),
                );
                return;
            }
        };
        let description = macro_doc(&f.attrs);
        let params: Vec<Param> = f.sig.inputs.iter().filter_map(param).collect();
        let input = match self.list.given(&name, SchemaKind::Input) {
            Some(given) => Some(given),
            None => self.input_schema(&name, &params, scope),
        };
        // `Tool`'s fields in declaration order: `annotations` (never set by the macro),
        // `description`, `inputSchema`, `name`.
        let mut tool = Map::new();
        if let Some(d) = description {
            tool.insert("description".into(), Value::String(d));
        }
        if let Some(input) = input {
            tool.insert("inputSchema".into(), input);
        }
        tool.insert("name".into(), Value::String(name.clone()));
        let at = self.location(scope, f.sig.ident.span());
        let written = params.iter().map(|p| (p.name.clone(), self.location(scope, p.span), None));
        let origin = crate::source_map::ToolOrigin::new(at.clone(), self.location(scope, attr.span()), written);
        self.origins.push((name.clone(), origin));
        if let Err(d) = self.list.add(name, Tool::from_value(&Value::Object(tool)), Some(at)) {
            self.push(d);
        }
    }

    /// `#[tool]` on a free fn (0.0.7): served only through `route![…]` on an `McpServerBuilder`,
    /// which is not read; each such fn is a tool the manifest lacks.
    fn free_tool_fns(&mut self) {
        let ws = self.ws;
        for (k, krate) in ws.crates.iter().enumerate().filter(|(_, c)| !c.is_registry) {
            for (m, module) in krate.modules.iter().enumerate() {
                for item in &module.items {
                    let syn::Item::Fn(f) = item else { continue };
                    if !f.attrs.iter().any(|a| a.path().is_ident("tool")) {
                        continue;
                    }
                    let scope = Scope::without_generics(k, crate::source::ModuleId(m));
                    let at = self.location(&scope, f.sig.ident.span());
                    self.push(
                        Diagnostic::warning(
                            Code::Opaque,
                            format!(
                                "the `#[tool]` fn `{}` is served through `route![…]` on an `McpServerBuilder`, which the mcp-attr profile does not read: it is not listed",
                                f.sig.ident
                            ),
                        )
                        .at(Some(at))
                        .with_help("declare it as a `#[tool]` method of the `#[mcp_server] impl McpServer`, or give the manifest by hand"),
                    );
                }
            }
        }
    }

    /// `ToolInputSchema` with one `insert_property::<T>` per parameter; `None` when a property's
    /// schema cannot be known (the diagnostics say why).
    fn input_schema(&mut self, tool: &str, params: &[Param], scope: &Scope) -> Option<Value> {
        let mut properties: std::collections::BTreeMap<String, Value> = Default::default();
        let mut required = Vec::new();
        let mut complete = true;
        for p in params {
            match self.property(tool, p, scope) {
                Some(schema) => {
                    properties.insert(p.name.clone(), schema);
                }
                None => complete = false,
            }
            if p.required {
                required.push(Value::String(p.name.clone()));
            }
        }
        if !complete {
            return None;
        }
        let mut schema = Map::new();
        if !properties.is_empty() {
            schema.insert("properties".into(), Value::Object(properties.into_iter().collect()));
        }
        if !required.is_empty() {
            schema.insert("required".into(), Value::Array(required));
        }
        schema.insert("type".into(), json!("object"));
        Some(Value::Object(schema))
    }

    /// schemars 0.8's root schema of the parameter's type, as mcp-attr keeps it.
    fn property(&mut self, tool: &str, p: &Param, scope: &Scope) -> Option<Value> {
        let lowered = self.lowerer.lower_reachable(p.ty, scope);
        let settings = Settings {
            contract: Contract::Deserialize,
            dialect: Dialect::Draft07,
            nullable: false,
            schemars08: Some(Schemars08 {
                option_nullable: false,
                option_add_null_type: true,
                remove_ref_siblings: true,
                inline_subschemas: self.behaviour.inline_subschemas,
            }),
        };
        let code = self.lowerer.code();
        let mut root = root_schema_in_generation_order(
            &self.lowerer.model,
            &lowered,
            &settings,
            &self.lowerer.type_overrides,
            &code,
        );
        self.lowerer.type_overrides_used.append(&mut root.overrides_used);
        for d in std::mem::take(&mut root.diagnostics) {
            crate::model::defaults::report(&mut self.lowerer, d);
        }
        let gaps = super::schema_gaps::left_out(self.ws, tool, SchemaKind::Input.key(), &root.unknown, &root.opaque);
        if !gaps.is_empty() {
            gaps.into_iter().for_each(|d| self.push(d));
            return None;
        }
        let mut schema = root.schema;
        let object = schema.as_object_mut()?;
        object.shift_remove("$schema");
        object.shift_remove("definitions");
        if let Some(d) = &p.description {
            object.insert("description".into(), Value::String(d.clone()));
        }
        crate::schema::order::schemars08_order(&mut schema);
        Some(schema)
    }
}

/// `#[tool]` → `None`, `#[tool("name")]` → the name (also with `dump`, 0.0.7).
fn tool_name(attr: &syn::Attribute) -> Result<Option<String>, String> {
    let syn::Meta::List(list) = &attr.meta else { return Ok(None) };
    let args = list
        .parse_args_with(syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated)
        .map_err(|e| format!("its arguments do not parse ({e})"))?;
    let mut name = None;
    for a in &args {
        match a {
            syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) if name.is_none() => name = Some(s.value()),
            syn::Expr::Path(p) if p.path.is_ident("dump") => {}
            other => return Err(format!("`{}` is not an argument the macro takes", quote::quote!(#other))),
        }
    }
    Ok(name)
}

/// One parameter, or `None` for `self` and the request context.
fn param(input: &syn::FnArg) -> Option<Param<'_>> {
    let syn::FnArg::Typed(pt) = input else { return None };
    let renamed = pt.attrs.iter().find(|a| a.path().is_ident("arg")).and_then(|a| a.parse_args::<syn::LitStr>().ok());
    if renamed.is_none() && is_request_context(&pt.ty) {
        return None;
    }
    // `arg_name_of`: the identifier as written (`r#` kept), one leading `_` taken off.
    let ident = match &*pt.pat {
        syn::Pat::Ident(pi) => pi.ident.to_string(),
        _ => String::new(),
    };
    let name =
        renamed.map(|s| s.value()).unwrap_or_else(|| ident.strip_prefix('_').map(str::to_owned).unwrap_or(ident));
    let (ty, required) = match option_inner(&pt.ty) {
        Some(inner) => (inner, false),
        None => (&*pt.ty, true),
    };
    Some(Param { name, ty, required, description: macro_doc(&pt.attrs), span: pt.pat.span() })
}

/// `&RequestContext` or `&mut RequestContext`, by its path as the macro matches it.
fn is_request_context(ty: &syn::Type) -> bool {
    let syn::Type::Reference(r) = ty else { return false };
    let syn::Type::Path(p) = &*r.elem else { return false };
    let segs: Vec<String> = p.path.segments.iter().map(|s| s.ident.to_string()).collect();
    matches!(
        segs.iter().map(String::as_str).collect::<Vec<_>>().as_slice(),
        ["RequestContext"] | ["server", "RequestContext"] | ["mcp_attr", "server", "RequestContext"]
    )
}

/// `T` of `Option<T>`, spelled `Option`, `option::Option`, `std::option::Option` or
/// `core::option::Option`.
fn option_inner(ty: &syn::Type) -> Option<&syn::Type> {
    let syn::Type::Path(p) = ty else { return None };
    if p.qself.is_some() {
        return None;
    }
    let segs: Vec<String> = p.path.segments.iter().map(|s| s.ident.to_string()).collect();
    let prefix_ok = matches!(
        segs.iter().map(String::as_str).collect::<Vec<_>>().as_slice(),
        ["Option"] | ["option", "Option"] | ["std", "option", "Option"] | ["core", "option", "Option"]
    );
    if !prefix_ok {
        return None;
    }
    let syn::PathArguments::AngleBracketed(a) = &p.path.segments.last()?.arguments else { return None };
    match a.args.iter().collect::<Vec<_>>().as_slice() {
        [syn::GenericArgument::Type(t)] => Some(t),
        _ => None,
    }
}

/// The doc comment as mcp-attr-macros' `get_doc` reads it: each `#[doc = "…"]` string one line,
/// its end trimmed; the smallest count of leading spaces of the non-empty lines taken off each;
/// joined with `\n`, where a line break is written only once some text is (leading blank lines
/// vanish, the others stay); `None` when nothing is left.
fn macro_doc(attrs: &[syn::Attribute]) -> Option<String> {
    let lines: Vec<String> = attrs
        .iter()
        .filter(|a| a.path().is_ident("doc"))
        .filter_map(|a| match &a.meta {
            syn::Meta::NameValue(nv) => match &nv.value {
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => Some(s.value().trim_end().to_owned()),
                _ => None,
            },
            _ => None,
        })
        .collect();
    let indent = lines.iter().filter(|l| !l.is_empty()).map(|l| l.find(|c| c != ' ').unwrap_or(0)).min().unwrap_or(0);
    let mut doc = String::new();
    for line in &lines {
        if !doc.is_empty() {
            doc.push('\n');
        }
        if !line.is_empty() {
            doc.push_str(line.get(indent..).unwrap_or(""));
        }
    }
    (!doc.is_empty()).then_some(doc)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn docs(src: &str) -> Option<String> {
        let f: syn::ItemFn = syn::parse_str(&format!("{src}\nfn f() {{}}")).unwrap();
        macro_doc(&f.attrs)
    }

    #[test]
    fn doc_comments_as_the_macro_reads_them() {
        assert_eq!(docs("/// One.\n///\n/// Two."), Some("One.\n\nTwo.".into()));
        assert_eq!(docs("///   Indented.\n///     More."), Some("Indented.\n  More.".into()));
        assert_eq!(docs(""), None);
        assert_eq!(docs("///"), None);
        // A line break is written once there is text: leading blank lines vanish.
        assert_eq!(docs("///\n///\n/// A.\n///"), Some("A.\n".into()));
        // One `#[doc]` is one line, whatever it holds; tabs are not indent.
        assert_eq!(docs("#[doc = \"  a  \\n  b\"]\n#[doc = \"  c\"]"), Some("a  \n  b\nc".into()));
        assert_eq!(docs("///\tTabbed.\n///  Spaced."), Some("\tTabbed.\n  Spaced.".into()));
    }

    #[test]
    fn parameters_as_the_macro_reads_them() {
        let f: syn::ItemFn = syn::parse_str(
            "fn t(&self, a: String, _b: Option<u32>, #[arg(\"c_name\")] c: std::option::Option<bool>, cx: &RequestContext, d: &mut mcp_attr::server::RequestContext, e: Opt<u8>) {}",
        )
        .unwrap();
        let got: Vec<(String, bool)> = f.sig.inputs.iter().filter_map(param).map(|p| (p.name, p.required)).collect();
        let want: Vec<(String, bool)> = [("a", true), ("b", false), ("c_name", false), ("e", true)]
            .iter()
            .map(|(n, r)| (n.to_string(), *r))
            .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn tool_names() {
        let plain: syn::Attribute = syn::parse_quote!(#[tool]);
        let named: syn::Attribute = syn::parse_quote!(#[tool("custom")]);
        let dumped: syn::Attribute = syn::parse_quote!(#[tool("custom", dump)]);
        let wrong: syn::Attribute = syn::parse_quote!(#[tool(name = "x")]);
        assert_eq!(tool_name(&plain), Ok(None));
        assert_eq!(tool_name(&named), Ok(Some("custom".into())));
        assert_eq!(tool_name(&dumped), Ok(Some("custom".into())));
        assert!(tool_name(&wrong).is_err());
    }
}
