//! Never an empty manifest quietly: when a profile lists no tool while the crate's own sources
//! carry tool attributes or SDK tool macros (`#[tool]`, `#[tool_router]`, `#[tool(tool_box)]`,
//! `#[mcp_tool]`, `tool_box!`), the run says which, as `tools-not-listed` (in the `left-out`
//! group, so an error unless allowed): a server declared in a form the profile does not follow
//! would otherwise give an empty manifest with exit status 0.
//!
//! Only asked when the manifest is empty, so the scan may parse every deferred item again, and
//! read again the `.rs` files beside the crate root that no `mod` declares (a deleted `mod
//! tools;` takes the file of every tool out of the crate, and rustc then refuses the `use` of
//! it): a tool declared in one is named too.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::diagnostics::{Code, Diagnostic, Location, SourceFile};
use crate::source::{ModuleId, Workspace};

use super::is_attr_named;

/// The attributes that declare a tool, a tool router or a tool box in the SDKs the profiles
/// read (matched on the path's last segment).
const TOOL_ATTRIBUTES: &[&str] = &["tool", "tool_router", "mcp_tool"];

/// The macros that declare a tool box (rmcp 0.1's `tool_box!`, rust-mcp-sdk's `tool_box!`).
const TOOL_MACROS: &[&str] = &["tool_box"];

/// One declaration found: how it is written, and where.
struct Found {
    what: String,
    location: Location,
}

/// The `tools-not-listed` warning (denied by default) when the sources declare tools, or the
/// run met routers it could not read (its `runtime-router` warnings, in `said`: a router built
/// with `ToolRouter::new().with_route(…)` carries no tool attribute, and its tools would
/// otherwise be an empty manifest with exit status 0); `None` when there are neither.
pub fn diagnostic(ws: &Workspace, profile: &str, said: &[Diagnostic]) -> Option<Diagnostic> {
    let mut found = declarations(ws);
    found.extend(undeclared_files(ws));
    found.extend(unread_routers(said));
    let first = found.first()?;
    const SHOWN: usize = 6;
    // The same finding at several places is named once, with its count (twelve unread routes
    // are one reason, not twelve).
    let mut kinds: Vec<(&str, usize)> = Vec::new();
    for f in &found {
        match kinds.iter_mut().find(|(what, _)| *what == f.what) {
            Some(kind) => kind.1 += 1,
            None => kinds.push((&f.what, 1)),
        }
    }
    let mut named: Vec<String> = kinds
        .iter()
        .take(SHOWN)
        .map(|(what, n)| if *n == 1 { (*what).to_owned() } else { format!("{what} ({n} places)") })
        .collect();
    if kinds.len() > SHOWN {
        named.push(format!("and {} more", kinds.len() - SHOWN));
    }
    Some(
        Diagnostic::warning(
            Code::ToolsNotListed,
            format!(
                "the {profile} profile lists no tool, but the crate declares some: {}; the server may serve tools \
                 this manifest does not list",
                named.join(", ")
            ),
        )
        .at(Some(first.location.clone()))
        .with_label("declared here")
        .with_help(
            "choose the profile of the SDK that serves them with `--profile`, or the server with `--server`; \
             `-A tools-not-listed` when the server really lists none",
        ),
    )
}

/// Every tool declaration in the crates of the run (not those read from the registry), in
/// source order.
fn declarations(ws: &Workspace) -> Vec<Found> {
    let mut out = Vec::new();
    for (k, krate) in ws.crates.iter().enumerate().filter(|(_, c)| !c.is_registry) {
        for (m, module) in krate.modules.iter().enumerate() {
            let file = krate.file_of(ModuleId(m));
            for shell in &module.items {
                let item = file.whole_item(shell);
                let at = |span: proc_macro2::Span| file.location(span);
                let mut push = |what: String, span| out.push(Found { what, location: at(span) });
                match item {
                    syn::Item::Fn(f) => {
                        if let Some(a) = tool_attribute(&f.attrs) {
                            push(format!("`#[{a}]` on fn `{}`", f.sig.ident), f.sig.ident.span());
                        }
                    }
                    syn::Item::Struct(s) => {
                        if let Some(a) = tool_attribute(&s.attrs) {
                            push(format!("`#[{a}]` on struct `{}`", s.ident), s.ident.span());
                        }
                    }
                    syn::Item::Enum(e) => {
                        if let Some(a) = tool_attribute(&e.attrs) {
                            push(format!("`#[{a}]` on enum `{}`", e.ident), e.ident.span());
                        }
                    }
                    syn::Item::Macro(mac) if is_tool_macro(&mac.mac) => {
                        push(
                            "`tool_box!`".to_owned(),
                            mac.mac.path.segments.last().map_or_else(proc_macro2::Span::call_site, |s| s.ident.span()),
                        );
                    }
                    syn::Item::Impl(imp) => {
                        let self_ty = quote::ToTokens::to_token_stream(&imp.self_ty).to_string().replace(' ', "");
                        if let Some(a) = tool_attribute(&imp.attrs) {
                            push(format!("`#[{a}]` on `impl {self_ty}`"), imp.impl_token.span);
                        }
                        for ii in ws.impl_items(k, ModuleId(m), imp) {
                            match ii {
                                syn::ImplItem::Fn(f) => {
                                    if let Some(a) = tool_attribute(&f.attrs) {
                                        push(format!("`#[{a}]` on `{self_ty}::{}`", f.sig.ident), f.sig.ident.span());
                                    }
                                }
                                syn::ImplItem::Macro(mac) if is_tool_macro(&mac.mac) => {
                                    let span = mac
                                        .mac
                                        .path
                                        .segments
                                        .last()
                                        .map_or_else(proc_macro2::Span::call_site, |s| s.ident.span());
                                    push(format!("`tool_box!` in `impl {self_ty}`"), span);
                                }
                                _ => {}
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    out
}

/// The routers the run could not read, where its `runtime-router` warnings put them.
fn unread_routers(said: &[Diagnostic]) -> Vec<Found> {
    said.iter()
        .filter(|d| d.code == Code::RuntimeRouter)
        .filter_map(|d| d.location.clone())
        .map(|location| Found {
            what: "a router built in a way the CLI cannot read (`runtime-router`)".into(),
            location,
        })
        .collect()
}

/// How a tool declaration begins in a file no module declares (read as text: it is not parsed).
const TEXT_MARKERS: &[&str] = &["#[tool]", "#[tool(", "#[tool_router", "#[mcp_tool", "#[rmcp::tool", "tool_box!"];

/// At most this many files beside a crate root are looked at.
const MAX_FILES: usize = 10_000;

/// Tool declarations in `.rs` files under the directory of a `main.rs` or `lib.rs` crate root
/// that no module of the run declares (files under `bin/` are other targets' and left out),
/// each at its first marker.
fn undeclared_files(ws: &Workspace) -> Vec<Found> {
    let canonical = |p: &Path| p.canonicalize().ok();
    let declared: HashSet<PathBuf> =
        ws.crates.iter().flat_map(|c| c.files.iter()).filter_map(|f| canonical(&f.source.path)).collect();
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for krate in ws.crates.iter().filter(|c| !c.is_registry) {
        // Beside a `main.rs` or `lib.rs` the files are its modules; beside another root (a
        // `src/bin/NAME.rs`, an example) they are other targets.
        let root = &krate.file_of(krate.root_module()).source.path;
        if !root.file_name().is_some_and(|n| n == "main.rs" || n == "lib.rs") {
            continue;
        }
        let Some(dir) = root.parent().map(Path::to_path_buf) else { continue };
        let files = walkdir::WalkDir::new(&dir)
            .follow_links(false)
            .max_depth(16)
            .into_iter()
            .filter_entry(|e| e.depth() != 1 || e.file_name() != "bin")
            .filter_map(Result::ok)
            .take(MAX_FILES)
            .filter(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "rs"));
        for entry in files {
            let path = entry.path();
            let Some(abs) = canonical(path) else { continue };
            if declared.contains(&abs) || !seen.insert(abs) {
                continue;
            }
            let Ok(text) = crate::read::read_within(&krate.read_root, path) else { continue };
            let Some((at, marker)) = TEXT_MARKERS.iter().filter_map(|m| text.find(m).map(|at| (at, *m))).min() else {
                continue;
            };
            let file = Arc::new(SourceFile::new(path.to_path_buf(), Arc::from(text)));
            let what = format!("tools in {}, a file no `mod` declares", path.display());
            out.push(Found { what, location: Location { file, start: at, len: marker.len() } });
        }
    }
    out
}

/// The name of the first tool attribute among `attrs`, as written (`tool`, `rmcp::tool`).
fn tool_attribute(attrs: &[syn::Attribute]) -> Option<String> {
    attrs
        .iter()
        .find(|a| TOOL_ATTRIBUTES.iter().any(|n| is_attr_named(a, n)))
        .map(|a| a.path().segments.iter().map(|s| s.ident.to_string()).collect::<Vec<_>>().join("::"))
}

fn is_tool_macro(mac: &syn::Macro) -> bool {
    mac.path.segments.last().is_some_and(|s| TOOL_MACROS.iter().any(|n| s.ident == n))
}
