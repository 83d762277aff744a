//! The rmcp profile: exactly what an rmcp server lists (README "The rmcp profile"; conformance
//! crates in `testdata/rmcp/`, checked by `tests/it/rmcp_conformance.rs`).
//!
//! This file drives a run: the release and the peer's protocol, the server to list ([`select`]),
//! its entries, and the manifest. [`version`] reads the rmcp release and holds the release table;
//! [`routers`] finds the server types and the tools each one serves; [`fn_tool`] and
//! [`trait_tool`] build one tool's entry, from a `#[tool]` fn or an `impl ToolBase`;
//! [`tool_attr`] reads names, titles, descriptions and the other tool keys (the `#[tool]`
//! attribute and the fn's docs); [`schemas`] builds and post-processes the two schemas;
//! [`traits`] reads what a trait tool's methods return.

mod built_tool;
mod fn_tool;
mod list_tools;
pub mod routers;
pub mod schemas;
mod select;
mod startup;
mod startup_args;
pub mod tool_attr;
mod tool_box;
mod tool_box_tools;
mod tool_meta;
mod trait_tool;
pub mod traits;
pub(crate) mod unresolved;
pub mod version;

use std::collections::HashSet;

use super::listing::{Duplicates, Order, Policy, Reported, ToolList};
use serde_json::Value;

use self::routers::{Entry, Index, Severity};
use self::schemas::{Generated, SchemaKind};
use self::version::{Behaviour, Versions};
use super::release::Discovered;
use super::template::{self, Described, Run};
use super::{tool_name, Capabilities, ProfileInfo, ProfileRun};
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Location};
use crate::manifest::Manifest;
use crate::manifest::{AnnotationOrder, Key, KeyOrder, Tool, ToolEntry};
use crate::model::{Lowerer, Resolver};
use crate::options::ProfileOptions;
use crate::source::Workspace;

/// The rmcp profile.
pub struct Rmcp;

/// What the rmcp profile is.
const INFO: ProfileInfo = ProfileInfo {
    name: "rmcp",
    summary: "the Rust SDK rmcp at runtime, at the release in Cargo.lock",
    kept_attributes: super::RMCP_KEPT_ATTRIBUTES,
    detection: super::Detection::DependsOn("rmcp"),
    releases: Some(&version::RMCP),
    reads_protocol: true,
    json_order: template::JsonOrder::SerdeJson { preserved_since: None, sdk_crates: &[] },
    capabilities: Capabilities { variant_docs: true, shares_defs: true },
};

impl super::Profile for Rmcp {
    fn info(&self) -> &'static ProfileInfo {
        &INFO
    }

    fn release(&self, found: &Discovered) -> Described {
        let versions = Versions::of(found);
        Described { release: versions.release(), warnings: versions.warnings }
    }

    fn list(&self, run: &mut Run<'_>) -> Option<Manifest> {
        crate::schema::order::with_serde_json_order(run.insertion_order, || manifest(run))
    }
}

/// The manifest, with what the run tells on the way in `run.out`.
fn manifest(run: &mut Run<'_>) -> Option<Manifest> {
    let versions = Versions::of(run.release.as_ref()?);
    let Run { ws, options: opts, protocol, out, .. } = run;
    let ws: &Workspace = ws;
    let ProfileRun { diagnostics, notes, source_map, server_types, provenance, .. } = out;
    let behaviour = versions.behaviour();
    notes.push(format!("protocol {protocol}"));
    let legacy = behaviour.schema.legacy_peers_lose_non_object_output && super::protocol::is_legacy_protocol(protocol);

    let index = Index::new(ws);
    let tool_boxes = tool_box::find(&index);
    if !tool_boxes.is_empty() {
        return tool_box_manifest(&index, &tool_boxes, &versions, opts, diagnostics);
    }
    report_unread_routers(&index, &behaviour, &versions, diagnostics);
    let servers = index.servers(&behaviour);
    *server_types = select::server_names(&servers, &index);
    let server = select::select_server(&servers, opts.server.as_deref(), &index, diagnostics)?;
    let resolver = Resolver::sharing(&index.impl_index);
    let mut lowerer = Lowerer::new(&resolver);
    lowerer.type_overrides = opts.overrides.types.clone();
    lowerer.value_overrides = opts.overrides.values.clone();
    lowerer.schema_source = Some(schemas::schema_source(behaviour));
    let mut builder = Builder {
        ws,
        index: &index,
        behaviour,
        versions: &versions,
        legacy,
        lowerer,
        diagnostics,
        reported: Reported::default(),
        list: ToolList::new(POLICY, &opts.overrides),
        origins: Vec::new(),
        only_in_final_view: Vec::new(),
        env: opts.env.clone(),
        protocol: protocol.to_string(),
        reached: Vec::new(),
    };
    let entries = match server {
        None => Vec::new(),
        Some(server) => builder.served_entries(server, notes),
    };
    builder.list_tools(&entries);
    let mut tools = std::mem::take(builder.list.tools_mut());
    let unread = builder.apply_startup_rewrites(&mut tools, server);
    let followed = server.map(|s| builder.read_list_tools(&mut tools, s)).unwrap_or_default();
    *builder.list.tools_mut() = tools;
    builder.report_unread(unread, &followed);
    let lower_diags = std::mem::take(&mut builder.lowerer.diagnostics);
    builder.diagnostics.extend(lower_diags);
    let (manifest, unused) = builder.list.finish(&builder.lowerer.type_overrides_used);
    for d in unused {
        builder.push(d);
    }
    *source_map = crate::source_map::SourceMap::new(&builder.lowerer.model, std::mem::take(&mut builder.origins));
    notes.extend(super::protocol::other_view_note(&builder.only_in_final_view));
    provenance.other_view = builder.only_in_final_view;
    Some(manifest)
}

/// The manifest of an rmcp 0.1 `tool_box` server, on the releases read; on the others, an error
/// at each `tool_box`.
fn tool_box_manifest(
    index: &Index,
    uses: &[tool_box::ToolBoxUse],
    versions: &Versions,
    opts: &ProfileOptions,
    diagnostics: &mut Diagnostics,
) -> Option<Manifest> {
    if !tool_box_tools::reproduced(versions) {
        let (rmcp, macros) = (versions.rmcp.to_string(), versions.macros.to_string());
        diagnostics.0.extend(uses.iter().map(|u| tool_box::diagnostic(u, &rmcp, &macros)));
        return None;
    }
    let resolver = Resolver::sharing(&index.impl_index);
    let mut lowerer = Lowerer::new(&resolver);
    lowerer.type_overrides = opts.overrides.types.clone();
    lowerer.value_overrides = opts.overrides.values.clone();
    let tools = tool_box_tools::tools(index, uses, opts.server.as_deref(), &mut lowerer, diagnostics)?;
    diagnostics.extend(std::mem::take(&mut lowerer.diagnostics));
    Some(Manifest::new(tools.into_iter().map(|(_, t)| t).collect()))
}

/// Routers the profile cannot read (made by macros), and `#[tool_router]` blocks this release
/// refuses to compile (empty ones).
fn report_unread_routers(index: &Index, behaviour: &Behaviour, versions: &Versions, diagnostics: &mut Diagnostics) {
    for loc in &index.macro_routers {
        diagnostics.push(
            Diagnostic::warning(
                Code::MacroRouter,
                "a macro invocation mentions `tool_router`: routers and tools generated by macros are not read",
            )
            .at(Some(loc.clone()))
            .with_label("not expanded"),
        );
    }
    if behaviour.macros.empty_router_is_error {
        for block in index.empty_blocks() {
            diagnostics.push(
                Diagnostic::error(
                    Code::EmptyRouter,
                    format!(
                        "`#[tool_router]` block of `{}` has no `#[tool]` fn: rmcp-macros {} refuses to compile it without `allow_empty`",
                        index.impls[block.imp].self_name, versions.macros
                    ),
                )
                .at(Some(index.impl_location(block.imp)))
                .with_help("add a tool, or write `#[tool_router(allow_empty)]`"),
            );
        }
    }
}

/// rmcp's router is a map by name: a later tool of a name replaces the earlier one; `tools/list`
/// lists them by name.
const POLICY: Policy = Policy { duplicates: Duplicates::LaterWins, order: Order::ByName };

struct Builder<'w, 'a> {
    ws: &'w Workspace,
    index: &'a Index<'w>,
    /// What the rmcp release in use does (the release table's row).
    behaviour: Behaviour,
    versions: &'a Versions,
    /// The peer (`--protocol`) is older than the newest protocol, and this release drops
    /// non-object outputSchemas for such peers.
    legacy: bool,
    lowerer: Lowerer<'a, 'a>,
    diagnostics: &'a mut Diagnostics,
    /// Diagnostics already given (the same tool can be reached twice).
    reported: Reported,
    /// The tools listed, with the schemas the user supplies (the config's `schemas` table).
    list: ToolList<'a>,
    /// Where each fn tool is written, for the source map (by tool name; a later duplicate wins).
    origins: Vec<(String, crate::source_map::ToolOrigin)>,
    /// The tools whose outputSchema this (legacy) peer does not get and a stateless 2026-07-28
    /// request does: where the other view differs.
    only_in_final_view: Vec<String>,
    /// The environment the server runs with (`--env`, `[env]`), for its startup code.
    env: Vec<(String, String)>,
    /// The peer's protocol (`--protocol`): what a hand-written `list_tools` reads as
    /// `ctx.protocol_version()`.
    protocol: String,
    /// Where the fn bodies that build the served router start (see
    /// [`routers::Index::served_router`]).
    reached: Vec<crate::diagnostics::Location>,
}

impl<'w> Builder<'w, '_> {
    /// The entries `server` lists, in its routers' order; a note for each router of the crate it
    /// does not serve.
    fn served_entries(&mut self, server: &routers::Server, notes: &mut Vec<String>) -> Vec<Entry<'w>> {
        self.note_server(server, notes);
        let index = self.index;
        let (entries, findings, reached) = index.served_router(server, &self.behaviour);
        self.reached = reached;
        for f in findings {
            let d = match f.severity {
                Severity::Error => Diagnostic::error(f.code, f.message),
                Severity::Warning => Diagnostic::warning(f.code, f.message),
                Severity::Note => Diagnostic::note(f.code, f.message),
            };
            self.diagnostics.push(d.at(f.location));
        }
        // A block in a module file that several targets declare is read once for each: a block
        // is served when a served tool's block is at the same place of the same file. (The
        // places are gathered once: a block per served tool makes this quadratic.)
        let served_places: HashSet<(std::path::PathBuf, usize)> = entries
            .iter()
            .filter_map(|e| if let Entry::Fn(t) = e { Some(t.imp) } else { None })
            .collect::<HashSet<usize>>()
            .into_iter()
            .map(|imp| index.impl_location(imp))
            .map(|there| (there.file.path.clone(), there.start))
            .collect();
        for block in &index.blocks {
            let here = index.impl_location(block.imp);
            let served = served_places.contains(&(here.file.path.clone(), here.start));
            let note = format!(
                "router `{}::{}` is not served by `{}`: its tools are not listed",
                index.impls[block.imp].self_name, block.router, server.name
            );
            if !served && !index.block_tools(block).is_empty() && !notes.contains(&note) {
                notes.push(note);
            }
        }
        entries
    }

    /// List the tools of `entries`, in their order: a tool replaces an earlier one of the same
    /// name, a removal drops it.
    fn list_tools(&mut self, entries: &[Entry<'w>]) {
        for entry in entries {
            match entry {
                Entry::Remove(name) => self.list.remove(name),
                other => {
                    if let Some((name, tool)) = self.tool(other) {
                        self.list.add(name, tool, None).expect("a later rmcp tool replaces an earlier one");
                    }
                }
            }
        }
    }

    fn push(&mut self, d: Diagnostic) {
        self.reported.push(self.diagnostics, d);
    }

    fn warn(&mut self, code: Code, message: String, at: &Location) {
        self.push(Diagnostic::warning(code, message).at(Some(at.clone())));
    }

    fn error(&mut self, code: Code, message: String, at: &Location) {
        self.push(Diagnostic::error(code, message).at(Some(at.clone())));
    }

    /// The schema the config gives for a tool's key: it replaces whatever the sources say (and
    /// so silences what they could not tell). Keys are sorted as rmcp prints them.
    fn tool_override(&self, name: &str, kind: SchemaKind) -> Option<Value> {
        let mut v = self.list.given(name, kind)?;
        crate::schema::order::sort_all_keys(&mut v);
        Some(v)
    }

    /// Whether an outputSchema, wherever it came from, reaches the peer: rmcp 3.11 drops a
    /// non-object one for a peer of an older protocol.
    fn peer_gets_output(&self, output: &Value) -> bool {
        !self.legacy || schemas::keeps_output_for_legacy_peer(output)
    }

    fn tool(&mut self, entry: &Entry<'w>) -> Option<(String, Tool)> {
        match entry {
            Entry::Fn(t) => Some(self.fn_tool(*t)),
            Entry::Trait(i) => self.trait_tool(*i),
            Entry::Built(b) => self.built_tool(b),
            Entry::Remove(_) => None,
        }
    }

    /// Report what became of a generated schema; the schema to publish, if any.
    fn publish(&mut self, name: &str, kind: SchemaKind, generated: Generated, loc: &Location) -> Option<Value> {
        let key = kind.key();
        match generated {
            Generated::Schema(v) => Some(v),
            Generated::Missing(gaps) => {
                for gap in gaps {
                    self.push(gap.left_out(name, key, Some(loc), Some(supply_help(name, kind))));
                }
                None
            }
            Generated::Panic(reason) => {
                self.error(
                    Code::RmcpPanic,
                    format!("tool `{name}`: rmcp {} panics while building the router: {reason}", self.versions.rmcp),
                    loc,
                );
                None
            }
        }
    }

    /// The tool as this release lists it to the peer: an outputSchema the peer does not get and
    /// an `execution` the release does not list are dropped; `icons` and `_meta` are never known
    /// (rmcp builds them when the server runs). Final: kept as compact text, its values freed now
    /// rather than at the end of the run.
    fn finish(&mut self, mut entry: ToolEntry) -> Tool {
        if entry.output.as_ref().is_some_and(|o| !self.peer_gets_output(o)) {
            entry.output = None;
            self.only_in_final_view.push(entry.name.clone());
        }
        entry.execution = entry.execution.filter(|_| self.behaviour.schema.execution);
        entry.into_tool(&KEY_ORDER)
    }
}

/// rmcp's `Tool` fields in the order it serializes them (those it can list from the sources).
const KEY_ORDER: KeyOrder = KeyOrder {
    tool: &[
        Key::Name,
        Key::Title,
        Key::Description,
        Key::InputSchema,
        Key::OutputSchema,
        Key::Annotations,
        Key::Execution,
        Key::Icons,
        Key::Meta,
    ],
    annotations: AnnotationOrder::Protocol,
};

/// What to do about a schema that only exists at runtime: give it in the config.
fn supply_help(name: &str, kind: SchemaKind) -> String {
    format!(
        "the schema exists only when the server runs; give it in the config's `schemas` table (`\"{name}.{}\" = \"path/to/schema.json\"`)",
        kind.key()
    )
}

fn is_result(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "Result"))
}

/// An expression as written, roughly (`self.tool_router`, `Self::tool_router()`).
fn expr_text(e: &syn::Expr) -> String {
    quote::quote!(#e).to_string().replace(" . ", ".").replace(" :: ", "::").replace(" ()", "()").replace(" (", "(")
}

/// A type as written, without the token spacing of `quote`.
fn type_text(ty: &syn::Type) -> String {
    let text = quote::quote!(#ty).to_string();
    text.replace(" :: ", "::")
        .replace(":: ", "::")
        .replace(" < ", "<")
        .replace("< ", "<")
        .replace(" <", "<")
        .replace(" >", ">")
        .replace(" ,", ",")
}

#[cfg(test)]
mod tests;
