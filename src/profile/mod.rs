//! Profiles: which fns are tools, how their parameters and return types become the two schemas,
//! and how the entries are ordered. One module per SDK whose output we reproduce.

pub mod listing;
pub mod mcp_attr;
pub mod origins;
pub mod overrides;
pub mod protocol;
pub mod python_sdk;
mod registry;
pub mod release;
pub mod rmcp;
pub mod rust_mcp_sdk;
mod schema_gaps;
pub mod template;
pub mod tool_name;
pub mod tower_mcp;
pub mod turbomcp;
pub mod unknown_sdk;
mod unlisted;

use syn::punctuated::Punctuated;
use syn::{Meta, Token};

use crate::diagnostics::{Diagnostic, Diagnostics, Location};
use crate::manifest::Manifest;
use crate::model::Scope;
use crate::source::{KeptAttributes, ModuleId, Workspace};

pub use registry::{capabilities, kept_attributes, run, ProfileChoice};

/// One SDK whose `tools/list` output we reproduce. The profile drives a run: it finds the tools,
/// asks the model and schema stages for each one's schemas, and assembles the entries.
///
/// A new SDK is a unit struct implementing this trait, added as one row of the registry
/// (`profile/registry.rs`); every list of profiles (`--profile`, the configuration's errors,
/// `auto`, the docs) is derived from the registry, and nothing else dispatches on the profile.
pub trait Profile: Sync {
    /// What the profile is, as data: its name, help line, what loading keeps for it, how `auto`
    /// recognises its crates, its SDK's releases, and what its SDK can publish.
    fn info(&self) -> &'static ProfileInfo;

    /// What the release discovery found means for this SDK: its provenance, with the
    /// `--verbose` note, and the warnings of the companion crates read beside it. The template
    /// asks it when [`ProfileInfo::releases`] is set; the default names the SDK's release alone.
    fn release(&self, found: &release::Discovered) -> template::Described {
        let sdk = self.info().releases.map_or("", |r| r.sdk.package);
        let note = match self.info().releases {
            Some(r) => format!("{sdk} {} {}", found.version, found.origin.words(r)),
            None => String::new(),
        };
        let release = crate::provenance::SdkRelease { name: sdk, version: found.version.to_string(), note };
        template::Described { release, warnings: Vec::new() }
    }

    /// The hook every profile writes: the crate's tools as the SDK lists them, with what the
    /// template worked out (`run`'s release, key order and peer) and what the run tells added to
    /// `run.out`. `None` when the tools cannot be listed (the diagnostics say why).
    fn list(&self, run: &mut template::Run<'_>) -> Option<Manifest>;
}

/// The constant half of a profile: everything the registry, `--help`, `auto` and the passes after
/// the profile (lints, token costs) know of it without running it.
#[derive(Debug, Clone, Copy)]
pub struct ProfileInfo {
    /// The name `--profile` and the configuration's `profile` take.
    pub name: &'static str,
    /// What `--help` says of it, in a line.
    pub summary: &'static str,
    /// The attributes the profile finds tools by, which loading keeps parsed (see
    /// [`KeptAttributes`]).
    pub kept_attributes: KeptAttributes,
    /// How `auto` recognises a crate written for this SDK.
    pub detection: Detection,
    /// The SDK's releases, which the template discovers (`None`: a profile that reproduces no
    /// release of a Rust SDK).
    pub releases: Option<&'static release::SdkReleases>,
    /// Whether the SDK's listing depends on the peer's protocol version (`--protocol`).
    pub reads_protocol: bool,
    /// How the SDK orders the keys of what it lists.
    pub json_order: template::JsonOrder,
    /// What the SDK's listings can hold, which the lints and token costs ask.
    pub capabilities: Capabilities,
}

/// What an SDK's listing can hold, for the passes that run after the profile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Capabilities {
    /// Whether the SDK publishes a description for each value of an enum whose variants are
    /// documented (schemars' `oneOf` of described `const`s), which the `undescribed-variants`
    /// lint asks for.
    pub variant_docs: bool,
    /// Whether the SDK's schemas can share a subschema through `$defs` (rust-mcp-sdk inlines
    /// every type), which the `repeated-subschema` lint suggests.
    pub shares_defs: bool,
}

/// How `auto` recognises a profile's crates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Detection {
    /// A package of the run depends on this crate (in its Cargo.toml or its Cargo.lock).
    DependsOn(&'static str),
    /// Chosen when no profile's dependency is found.
    Otherwise,
}

/// Which of a tool's two schemas.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SchemaKind {
    Input,
    Output,
}

impl SchemaKind {
    /// The tool's JSON key (`inputSchema`, `outputSchema`).
    pub fn key(self) -> &'static str {
        match self {
            SchemaKind::Input => crate::manifest::Key::InputSchema.json(),
            SchemaKind::Output => crate::manifest::Key::OutputSchema.json(),
        }
    }

    /// The key of a tool attribute that gives the schema (`input_schema = …`).
    pub fn attribute_key(self) -> &'static str {
        match self {
            SchemaKind::Input => "input_schema",
            SchemaKind::Output => "output_schema",
        }
    }
}

/// What one profile run gives back.
#[derive(Debug, Default)]
pub struct ProfileRun {
    /// `None` when the profile could not list the tools (the diagnostics say why).
    pub manifest: Option<Manifest>,
    pub diagnostics: Diagnostics,
    /// Facts for `--verbose`.
    pub notes: Vec<String>,
    /// Where each tool's parts come from in the sources.
    pub source_map: crate::source_map::SourceMap,
    /// The release reproduced (the profile itself is filled in by the registry).
    pub provenance: crate::provenance::Provenance,
    /// The server types of the crate, as `--server` takes them (rmcp; empty for the others).
    pub server_types: Vec<String>,
}

impl ProfileRun {
    /// A run that stopped at `d`, an error.
    pub fn failed(d: Diagnostic) -> ProfileRun {
        ProfileRun { diagnostics: Diagnostics(vec![d]), ..ProfileRun::default() }
    }

    /// Tell which SDK release the run reproduces: its note for `--verbose`, the provenance, and
    /// discovery's `warnings` (an assumed release, one outside the reproduced range).
    pub fn reproduces(&mut self, release: crate::provenance::SdkRelease, warnings: &[Diagnostic]) {
        self.notes.push(release.note.clone());
        self.provenance.sdk = Some(release);
        self.diagnostics.0.extend(warnings.iter().cloned());
    }
}

/// Whether the server's serde_json keeps keys in insertion order (`preserve_order`), from the
/// build's resolved feature graph ([`Workspace::serde_json_order`]): an SDK then lists every
/// schema's keys as schemars serializes them and the SDK inserts and removes them (serde_json's
/// `remove` swaps the last key into the place of the one removed). A note says so, or that the
/// manifests on disk could not tell (keys are then sorted).
///
/// `sdk_crates` are the SDK's own crates when its release data says whether that release turns
/// the feature on ([`template::JsonOrder::SerdeJson`]): the graph's word for them is not taken,
/// since the lock may hold another release than the one reproduced (`--sdk-version`).
pub fn serde_json_keeps_insertion_order(ws: &Workspace, sdk_crates: &[&str], notes: &mut Vec<String>) -> bool {
    use crate::source::SerdeJsonOrder;
    let others = |by: &[String]| by.iter().filter(|c| !sdk_crates.contains(&c.as_str())).cloned().collect::<Vec<_>>();
    match ws.serde_json_order() {
        SerdeJsonOrder::Sorted => false,
        SerdeJsonOrder::Insertion { by } if !by.is_empty() && others(by).is_empty() => false,
        SerdeJsonOrder::Insertion { by } => {
            let by = others(by);
            let by = if by.is_empty() {
                "as configured".to_owned()
            } else {
                format!("asked by {}", by.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(", "))
            };
            notes.push(format!(
                "serde_json's `preserve_order` is on in the server's build ({by}): schema keys are listed in insertion order"
            ));
            true
        }
        SerdeJsonOrder::Unknown { unread } if unread.is_empty() => false,
        SerdeJsonOrder::Unknown { unread } => {
            let shown: Vec<String> = unread.iter().take(3).map(|c| format!("`{c}`")).collect();
            let more = if unread.len() > 3 { format!(" and {} more", unread.len() - 3) } else { String::new() };
            notes.push(format!(
                "could not tell whether serde_json's `preserve_order` is on in the server's build ({}{more} not on disk or not locked; `cargo fetch` brings them): schema keys are sorted, as without it; `--serde-json-preserve-order true` (or `serde-json-preserve-order = true`) says it is on",
                shown.join(", ")
            ));
            false
        }
    }
}

/// The attributes rmcp's tool fns carry: [`tool_fns`] scans every fn and impl block for them, so
/// the skeleton parse keeps the items carrying one parsed.
pub const RMCP_KEPT_ATTRIBUTES: KeptAttributes = KeptAttributes(&["tool"]);

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

    /// Where the fn's types are written: its module, with its own generic parameters and those
    /// of its `impl` block in scope.
    pub fn scope(&self) -> Scope {
        let mut generics: Vec<String> = self.sig.generics.type_params().map(|p| p.ident.to_string()).collect();
        if let Some(imp) = self.in_impl {
            generics.extend(imp.generics.type_params().map(|p| p.ident.to_string()));
        }
        Scope { krate: self.krate, module: self.module, generics }
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
    for (k, krate) in ws.crates.iter().enumerate().filter(|(_, krate)| !krate.is_registry) {
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

/// An attribute argument's key when it is one identifier (`name` of `name = …`, `annotations` of
/// `annotations(…)`; empty otherwise), and the value of a `key = value` one.
pub fn key_and_value(meta: &Meta) -> (String, Option<&syn::Expr>) {
    let key = meta.path().get_ident().map(|i| i.to_string()).unwrap_or_default();
    let value = match meta {
        Meta::NameValue(nv) => Some(&nv.value),
        _ => None,
    };
    (key, value)
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

/// `annotations(title = "…", read_only_hint = true, …)` → the MCP annotations (the attribute keys
/// of [`crate::manifest::HINTS`]; a later key wins, a value of the wrong kind is not read).
pub fn annotations(meta: &Meta) -> crate::manifest::Annotations {
    let mut out = crate::manifest::Annotations::default();
    if let Meta::List(list) = meta {
        if let Ok(items) = list.parse_args_with(Punctuated::<syn::MetaNameValue, Token![,]>::parse_terminated) {
            for nv in items {
                let Some(k) = nv.path.get_ident().map(|i| i.to_string()) else { continue };
                if k == crate::manifest::TITLE {
                    out.title = lit_str(&nv.value).or(out.title);
                } else if let Some(i) = crate::manifest::hint_index(|h| h.attribute, &k) {
                    out.hints[i] = lit_bool(&nv.value).or(out.hints[i]);
                }
            }
        }
    }
    out
}
