//! Profiles: which fns are tools, how their parameters and return types become the two schemas,
//! and how the entries are ordered. One module per SDK whose output we reproduce.

pub mod python_sdk;
pub mod rmcp;
pub mod rust_mcp_sdk;

use syn::punctuated::Punctuated;
use syn::{Meta, Token};

use crate::diagnostics::{Code, Diagnostic, Diagnostics, Location};
use crate::source::{ModuleId, Workspace};
use crate::{GenerateOptions, Manifest, ProfileChoice};

/// Build the manifest with the profile the options ask for (`auto`: the Rust SDK the crate
/// depends on, else python-sdk; a crate depending on both Rust SDKs must say which).
pub fn run(
    ws: &Workspace,
    opts: &GenerateOptions,
    diagnostics: &mut Diagnostics,
    notes: &mut Vec<String>,
    source_map: &mut crate::source_map::SourceMap,
    provenance: &mut crate::Provenance,
) -> Option<Manifest> {
    let profile = match opts.profile {
        ProfileChoice::Auto => {
            let [rmcp, sdk] = depends_on(ws, ["rmcp", "rust-mcp-sdk"]);
            let (chosen, why) = match (rmcp, sdk) {
                (true, true) => {
                    diagnostics.push(
                        Diagnostic::error(
                            Code::ProfileAmbiguous,
                            "the crate depends on both rmcp and rust-mcp-sdk: which SDK serves the tools cannot be guessed",
                        )
                        .with_help("choose with `--profile rmcp` or `--profile rust-mcp-sdk` (or `profile` in the configuration)"),
                    );
                    return None;
                }
                (true, false) => (ProfileChoice::Rmcp, "the crate depends on rmcp"),
                (false, true) => (ProfileChoice::RustMcpSdk, "the crate depends on rust-mcp-sdk"),
                (false, false) => (ProfileChoice::PythonSdk, "the crate depends on neither rmcp nor rust-mcp-sdk"),
            };
            let name = match chosen {
                ProfileChoice::Rmcp => "rmcp",
                ProfileChoice::RustMcpSdk => "rust-mcp-sdk",
                _ => "python-sdk",
            };
            notes.push(format!("profile: {name} (auto: {why})"));
            chosen
        }
        p => p,
    };
    provenance.profile = Some(profile);
    match profile {
        ProfileChoice::PythonSdk => Some(python_sdk::manifest(ws, &opts.overrides, diagnostics, source_map)),
        // No source map yet: a change in a rust-mcp-sdk tool is reported without its Rust line.
        ProfileChoice::RustMcpSdk => rust_mcp_sdk::manifest(ws, opts, diagnostics, notes, provenance),
        _ => rmcp::manifest(ws, opts, diagnostics, notes, source_map, provenance),
    }
}

/// Config `schemas` entries naming no listed tool, or no type any schema reached: most likely a
/// typo (`unused-schema-override` warnings).
fn unused_overrides(
    overrides: &crate::SchemaOverrides,
    listed: &[&str],
    types_used: &std::collections::BTreeSet<String>,
) -> Vec<Diagnostic> {
    let tools = overrides.tools.keys().filter(|k| !listed.contains(&k.as_str())).map(|name| {
        Diagnostic::warning(
            Code::UnusedSchemaOverride,
            format!("the config gives schemas for tool `{name}`, which the server does not list"),
        )
        .with_help("check the tool name: it is the published name (`#[tool(name = …)]` or the fn name)")
    });
    let types = overrides.types.keys().filter(|k| !types_used.contains(*k)).map(|path| {
        Diagnostic::warning(
            Code::UnusedSchemaOverride,
            format!("the config gives a schema for type `{path}`, which no tool's schema uses"),
        )
        .with_help("write the path the type resolves to: `crate_name::module::Type` for a type of the workspace, `other_crate::path::Type` as your `use` names it for another crate's type")
    });
    tools.chain(types).collect()
}

/// The attributes rmcp's tool fns carry: [`tool_fns`] scans every fn and impl block for them, so
/// the skeleton parse keeps the items carrying one parsed.
pub const RMCP_KEPT_ATTRIBUTES: crate::source::KeptAttributes = crate::source::KeptAttributes(&["tool"]);

/// The attributes the profile `choice` scans every item for, which loading keeps parsed (`auto`:
/// those of every profile it may choose).
pub fn kept_attributes(choice: ProfileChoice) -> crate::source::KeptAttributes {
    match choice {
        // The python-sdk profile reads the same `#[tool]` fns ([`tool_fns`]).
        ProfileChoice::Auto | ProfileChoice::Rmcp | ProfileChoice::PythonSdk => RMCP_KEPT_ATTRIBUTES,
        // rust-mcp-sdk's tools are structs and a `tool_box!` list: it finds them in the deferred
        // items' text (`item_mentions`), so no item needs to stay parsed for it.
        ProfileChoice::RustMcpSdk => crate::source::KeptAttributes(&[]),
    }
}

/// Whether a package of the run depends on each of `packages`, in its Cargo.toml or its
/// Cargo.lock (each lock read once).
pub fn depends_on<const N: usize>(ws: &Workspace, packages: [&str; N]) -> [bool; N] {
    let mut found = [false; N];
    for m in &ws.packages {
        for (i, p) in packages.iter().enumerate() {
            found[i] |= m.dependency_requirement(p).is_some();
        }
        if found.iter().all(|f| *f) {
            break;
        }
        let Some((_, pkgs)) = crate::source::find_lock(&m.dir) else { continue };
        let own = m.package_name.as_deref();
        for p in pkgs.iter().filter(|p| Some(p.name.as_str()) == own) {
            for dep in &p.dependencies {
                let name = dep.split(' ').next();
                for (i, wanted) in packages.iter().enumerate() {
                    found[i] |= name == Some(*wanted);
                }
            }
        }
    }
    found
}

/// A fn carrying a `#[tool]` attribute (last path segment `tool`), wherever it is.
pub struct ToolFn<'w> {
    pub krate: usize,
    pub module: ModuleId,
    pub sig: &'w syn::Signature,
    pub attrs: &'w [syn::Attribute],
    pub tool_attr: &'w syn::Attribute,
    /// The `impl` block the fn is in, if any.
    pub in_impl: Option<&'w syn::ItemImpl>,
}

impl ToolFn<'_> {
    pub fn location(&self, ws: &Workspace) -> Location {
        ws.crates[self.krate].file_of(self.module).location(self.sig.ident.span())
    }

    pub fn fn_name(&self) -> String {
        crate::source::unraw_ident(&self.sig.ident.to_string())
    }

    /// The `key = value` and `key(...)` arguments of the tool attribute.
    pub fn args(&self) -> Vec<Meta> {
        attr_args(self.tool_attr)
    }
}

pub use crate::model::attr_args;

pub fn is_attr_named(attr: &syn::Attribute, name: &str) -> bool {
    attr.path().segments.last().is_some_and(|s| s.ident == name)
}

/// Every tool fn of the workspace in source order: crate by crate, module by module (in the
/// order the tree was read), item by item.
pub fn tool_fns(ws: &Workspace) -> Vec<ToolFn<'_>> {
    let mut out = Vec::new();
    for (k, krate) in ws.crates.iter().enumerate() {
        for (m, module) in krate.modules.iter().enumerate() {
            for item in &module.items {
                collect_item(item, k, ModuleId(m), &mut out);
            }
        }
    }
    out
}

fn collect_item<'w>(item: &'w syn::Item, krate: usize, module: ModuleId, out: &mut Vec<ToolFn<'w>>) {
    match item {
        syn::Item::Fn(f) => {
            if let Some(tool_attr) = f.attrs.iter().find(|a| is_attr_named(a, "tool")) {
                out.push(ToolFn { krate, module, sig: &f.sig, attrs: &f.attrs, tool_attr, in_impl: None });
            }
        }
        syn::Item::Impl(imp) => {
            // `imp.items` rather than `Workspace::impl_items`: a block with a `#[tool]` fn is never
            // deferred, and asking would parse every deferred block of the crate again.
            for ii in &imp.items {
                if let syn::ImplItem::Fn(f) = ii {
                    if let Some(tool_attr) = f.attrs.iter().find(|a| is_attr_named(a, "tool")) {
                        out.push(ToolFn { krate, module, sig: &f.sig, attrs: &f.attrs, tool_attr, in_impl: Some(imp) });
                    }
                }
            }
        }
        _ => {}
    }
}

/// A string literal argument value.
pub fn lit_str(expr: &syn::Expr) -> Option<String> {
    match expr {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => Some(s.value()),
        syn::Expr::Group(g) => lit_str(&g.expr),
        _ => None,
    }
}

pub fn lit_bool(expr: &syn::Expr) -> Option<bool> {
    match expr {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Bool(b), .. }) => Some(b.value),
        syn::Expr::Group(g) => lit_bool(&g.expr),
        _ => None,
    }
}

/// `annotations(title = "…", read_only_hint = true, …)` → the MCP annotations object, keys in
/// the protocol's order.
pub fn annotations(meta: &Meta) -> serde_json::Map<String, serde_json::Value> {
    let mut given: Vec<(String, serde_json::Value)> = Vec::new();
    if let Meta::List(list) = meta {
        if let Ok(items) = list.parse_args_with(Punctuated::<syn::MetaNameValue, Token![,]>::parse_terminated) {
            for nv in items {
                let Some(k) = nv.path.get_ident().map(|i| i.to_string()) else { continue };
                let v = if k == "title" {
                    lit_str(&nv.value).map(serde_json::Value::String)
                } else {
                    lit_bool(&nv.value).map(serde_json::Value::Bool)
                };
                if let Some(v) = v {
                    given.push((k, v));
                }
            }
        }
    }
    let mut out = serde_json::Map::new();
    for (attr_key, json_key) in [
        ("title", "title"),
        ("read_only_hint", "readOnlyHint"),
        ("destructive_hint", "destructiveHint"),
        ("idempotent_hint", "idempotentHint"),
        ("open_world_hint", "openWorldHint"),
    ] {
        if let Some((_, v)) = given.iter().rev().find(|(k, _)| k == attr_key) {
            out.insert(json_key.to_owned(), v.clone());
        }
    }
    out
}
