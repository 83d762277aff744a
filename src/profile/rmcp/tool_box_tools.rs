//! The tools of an rmcp 0.1 `tool_box` server, as rmcp-macros 0.1.3 – 0.1.5 write them and rmcp
//! 0.1.4 – 0.1.5 list them: `name` (else the fn's name), `description` (else `""`: the macro
//! reads no doc comment), and an `inputSchema` of schemars 0.8's `into_root_schema_for` with its
//! default settings, for the `#[tool(aggr)]` argument's type, for the struct
//! `__<FN>ToolCallParam` the macro writes from the `#[tool(param)]` arguments (with their
//! `#[serde]` and `#[schemars]` attributes), or for rmcp's `EmptyObject`.

use quote::{format_ident, quote};
use serde_json::{json, Value};
use syn::punctuated::Punctuated;
use syn::{FnArg, Meta, Token};

use super::routers::Index;
use super::tool_box::ToolBoxUse;
use super::version::{Versions, OLDEST_READ, TOOL_BOX_SCHEMARS};
use crate::diagnostics::{Code, Diagnostic, Diagnostics};
use crate::manifest::{Tool, ToolEntry};
use crate::model::{Lowerer, Scope, Ty};
use crate::profile::release::Version;
use crate::profile::{is_attr_named, lit_str};
use crate::schema::schemars::{parameters_root_schema, Contract, Dialect, Settings};

/// Whether the locked releases are the ones this module reproduces.
pub fn reproduced(versions: &Versions) -> bool {
    let v01 = |v: Version, first: Version| v >= first && v < Version(0, 2, 0);
    v01(versions.rmcp, OLDEST_READ.0) && v01(versions.macros, OLDEST_READ.1)
}

/// How a tool fn takes its arguments (`ToolParams` of rmcp-macros 0.1).
enum Params<'f> {
    None,
    /// `#[tool(aggr)]` (or `req`): that argument's type.
    Aggregated(&'f syn::Type),
    /// `#[tool(param)]` arguments: name, type, `#[serde]` and `#[schemars]` attributes.
    Fields(Vec<(&'f syn::Ident, &'f syn::Type, Vec<&'f syn::Attribute>)>),
}

/// The tools of the server chosen among the `tool_box` servers, sorted by name.
pub fn tools(
    index: &Index,
    uses: &[ToolBoxUse],
    server: Option<&str>,
    lowerer: &mut Lowerer,
    diagnostics: &mut Diagnostics,
) -> Option<Vec<(String, Tool)>> {
    let Some(served) = served_box(uses, server, diagnostics).ok()? else { return Some(Vec::new()) };
    let wanted = served.listed.clone();
    // `#[tool(tool_box)]`: the block's own `#[tool]` fns. `tool_box!(Type { a, b })`: the fns it
    // names, written with `#[tool]` in any inherent block of the type (rmcp 0.1 writes
    // `#[tool]` on the block of the fns, the macro in another).
    let blocks: Vec<usize> = match &wanted {
        None => vec![served.imp],
        Some(_) => {
            let ty = &index.impls[served.imp].self_name;
            (0..index.impls.len())
                .filter(|&i| index.impls[i].is_inherent() && index.impls[i].self_name == *ty)
                .collect()
        }
    };
    let mut out = Vec::new();
    for (b, f) in blocks.iter().flat_map(|&b| index.impls[b].fns().map(move |f| (b, f))) {
        let imp = &index.impls[b];
        let scope = Scope::without_generics(imp.krate, imp.module);
        let attr = f.attrs.iter().find(|a| a.path().is_ident("tool"));
        let listed = match &wanted {
            Some(names) => names.contains(&f.sig.ident),
            None => attr.is_some(),
        };
        let Some(attr) = attr.filter(|_| listed) else { continue };
        let (name, description) = name_and_description(attr, f, index, b, diagnostics);
        let schema = match params(f) {
            Params::None => Some(empty_object()),
            Params::Aggregated(ty) => {
                let root = lowerer.lower_reachable(ty, &scope);
                root_schema(lowerer, &root, &name, diagnostics)
            }
            Params::Fields(fields) => {
                let item = parameters_struct(&f.sig.ident, &fields);
                let id = lowerer.def_for_written(&item, imp.item);
                let root = Ty::Named(id, Vec::new());
                lowerer.complete_reachable(&root);
                root_schema(lowerer, &root, &name, diagnostics)
            }
        };
        let tool = ToolEntry { description: Some(description), input: schema, ..ToolEntry::named(&name) };
        out.push((name, tool.into_tool(&super::KEY_ORDER)));
    }
    out.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    Some(out)
}

/// The `tool_box` a server's `list_tools` serves: the one of its `ServerHandler` type.
struct Served {
    imp: usize,
    /// The fns a `tool_box!(Type { a, b })` names; `None` for `#[tool(tool_box)]`.
    listed: Option<Vec<syn::Ident>>,
}

fn served_box(uses: &[ToolBoxUse], server: Option<&str>, diagnostics: &mut Diagnostics) -> Result<Option<Served>, ()> {
    let mut servers: Vec<&str> = uses.iter().filter(|u| u.handler).map(|u| u.self_name.as_str()).collect();
    servers.dedup();
    let chosen = match (server.map(|s| s.rsplit("::").next().unwrap_or(s)), servers.as_slice()) {
        (Some(s), _) if servers.contains(&s) => s,
        (Some(s), _) => {
            diagnostics.push(Diagnostic::error(Code::UnknownServer, format!("--server `{s}`: no such server type")));
            return Err(());
        }
        (None, [one]) => one,
        (None, []) => {
            diagnostics.push(Diagnostic::warning(
                Code::NoServer,
                "no `impl ServerHandler` serves a `tool_box` (`#[tool(tool_box)]`, `tool_box!(@derive)`): no tool is listed",
            ));
            return Ok(None);
        }
        (None, several) => {
            diagnostics.push(Diagnostic::error(
                Code::SeveralServers,
                format!("several `tool_box` servers ({}): choose one with `--server`", several.join(", ")),
            ));
            return Err(());
        }
    };
    Ok(uses
        .iter()
        .find(|u| !u.handler && u.self_name == chosen)
        .map(|u| Served { imp: u.imp, listed: u.listed.clone() }))
}

/// `name = "…"` and `description = "…"` of `#[tool(…)]`: a literal, else the fn's name and `""`.
fn name_and_description(
    attr: &syn::Attribute,
    f: &syn::ImplItemFn,
    index: &Index,
    imp: usize,
    diagnostics: &mut Diagnostics,
) -> (String, String) {
    let mut name = f.sig.ident.to_string();
    let mut description = String::new();
    let args = attr.parse_args_with(Punctuated::<syn::MetaNameValue, Token![,]>::parse_terminated);
    for nv in args.into_iter().flatten() {
        let value = lit_str(&nv.value);
        match (nv.path.get_ident().map(ToString::to_string).as_deref(), value) {
            (Some("name"), Some(v)) => name = v,
            (Some("description"), Some(v)) => description = v,
            (Some(key @ ("name" | "description")), None) => diagnostics.push(
                Diagnostic::warning(
                    Code::Opaque,
                    format!("tool `{name}`: `{key}` is not a string literal; it is only known at runtime"),
                )
                .at(Some(index.location(imp, syn::spanned::Spanned::span(&nv.value)))),
            ),
            _ => {}
        }
    }
    (name, description)
}

/// The arguments' markers, read as rmcp-macros 0.1 reads them: a `param` after an `aggr` starts
/// the list again, an `aggr` replaces what came before.
fn params(f: &syn::ImplItemFn) -> Params<'_> {
    let mut out = Params::None;
    for arg in &f.sig.inputs {
        let FnArg::Typed(pt) = arg else { continue };
        let marker = pt.attrs.iter().filter(|a| is_attr_named(a, "tool")).find_map(|a| {
            let Meta::List(list) = &a.meta else { return None };
            list.parse_args::<syn::Ident>().ok().map(|i| i.to_string())
        });
        let kept: Vec<&syn::Attribute> =
            pt.attrs.iter().filter(|a| a.path().is_ident("serde") || a.path().is_ident("schemars")).collect();
        match (marker.as_deref(), &*pt.pat) {
            (Some("param"), syn::Pat::Ident(p)) => match &mut out {
                Params::Fields(fields) => fields.push((&p.ident, &pt.ty, kept)),
                _ => out = Params::Fields(vec![(&p.ident, &pt.ty, kept)]),
            },
            (Some("aggr" | "req"), _) => out = Params::Aggregated(&pt.ty),
            _ => {}
        }
    }
    out
}

/// `__<FN>ToolCallParam`, as the macro writes it.
fn parameters_struct(fn_name: &syn::Ident, fields: &[(&syn::Ident, &syn::Type, Vec<&syn::Attribute>)]) -> syn::Item {
    let name = format_ident!("__{}ToolCallParam", fn_name.to_string().to_ascii_uppercase());
    let fields = fields.iter().map(|(ident, ty, attrs)| quote! { #(#attrs)* pub #ident: #ty, });
    syn::parse_quote! {
        #[derive(serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
        pub struct #name { #(#fields)* }
    }
}

/// `cached_schema_for_type::<rmcp::model::EmptyObject>()` on rmcp 0.1.4 – 0.1.5.
fn empty_object() -> Value {
    json!({"$schema": "http://json-schema.org/draft-07/schema#", "title": "EmptyObject", "type": "object"})
}

/// `schema_for_type::<T>()`: `into_root_schema_for` with schemars 0.8's default settings; a
/// schema with runtime-only parts is left out with a warning.
fn root_schema(lowerer: &mut Lowerer, root: &Ty, tool: &str, diagnostics: &mut Diagnostics) -> Option<Value> {
    let settings = Settings {
        contract: Contract::Deserialize,
        dialect: Dialect::Draft07,
        nullable: false,
        schemars08: Some(TOOL_BOX_SCHEMARS),
    };
    let out = parameters_root_schema(&lowerer.model, root, &settings, &lowerer.type_overrides, &lowerer.code());
    diagnostics.0.extend(out.diagnostics);
    let mut gaps: Vec<String> = out.opaque.into_iter().map(|o| o.reason).collect();
    gaps.extend(out.unknown.into_iter().map(|u| format!("`{}` has no known schema", u.written)));
    if gaps.is_empty() {
        return Some(out.schema);
    }
    diagnostics
        .push(Diagnostic::warning(Code::Opaque, format!("tool `{tool}`: inputSchema left out: {}", gaps.join("; "))));
    None
}
