//! Server discovery: which types are servers, where each one's `list_tools`
//! gets its tools, and what those tools are.

use syn::punctuated::Punctuated;
use syn::{Expr, Meta, Token};

use super::eval::{Evaluator, Probe, RouterFrame, HAND_WRITTEN};
use super::{Entry, Finding, Index, Severity, TypeKey};
use crate::profile::is_attr_named;
use crate::profile::rmcp::version::{Behaviour, DefaultRouter};

/// Where the server's `list_tools` gets its tools.
pub enum Served {
    Router(Box<Expr>),
    /// A hand-written `list_tools` (it wins over the one `#[tool_handler]` would generate).
    HandWritten,
    /// `impl ServerHandler` with neither `#[tool_handler]` nor `list_tools`.
    Nothing,
}

/// A server type: something with a `ServerHandler`.
pub struct Server {
    pub name: String,
    /// The `impl` that makes it a server.
    pub imp: usize,
    pub served: Served,
}

impl<'w> Index<'w> {
    /// Every server type, in source order.
    pub fn servers(&self, behaviour: &Behaviour) -> Vec<Server> {
        let mut out: Vec<Server> = Vec::new();
        // A registry crate's `impl ServerHandler` serves its own type, never this server.
        let ours = |imp: &&crate::source::impls::Impl| !self.impl_index.ws.crates[imp.krate].is_registry;
        for (i, imp) in self.impls.iter().enumerate().filter(|(_, imp)| ours(imp)) {
            let server = if imp.trait_name().as_deref() == Some("ServerHandler") {
                // `#[tool_handler]` only writes the `list_tools` the block lacks (rmcp ≥ 1.4;
                // before, the two would not compile together): a written one is what is served.
                let served = if imp.fns().any(|f| f.sig.ident == "list_tools") {
                    Served::HandWritten
                } else if let Some(attr) = imp.imp.attrs.iter().find(|a| is_attr_named(a, "tool_handler")) {
                    Served::Router(Box::new(
                        handler_router(attr)
                            .unwrap_or_else(|| default_router(behaviour, syn::spanned::Spanned::span(attr))),
                    ))
                } else {
                    Served::Nothing
                };
                Some(Server { name: imp.self_name.clone(), imp: i, served })
            } else if behaviour.macros.server_handler_flag {
                self.blocks.iter().find(|bl| bl.imp == i && bl.server_handler).map(|bl| Server {
                    name: imp.self_name.clone(),
                    imp: i,
                    served: Served::Router(Box::new(
                        syn::parse_str(&format!("Self::{}()", bl.router)).expect("a valid path call"),
                    )),
                })
            } else {
                None
            };
            if let Some(s) = server {
                // The same type seen twice: the same key, or the same source file read by two
                // crates of the package (a lib and a bin that both declare the module).
                let here = self.impl_location(s.imp);
                let same = |o: &Server| {
                    let there = self.impl_location(o.imp);
                    o.name == s.name
                        && (self.impls[o.imp].self_key == self.impls[s.imp].self_key
                            || (there.file.path == here.file.path && there.start == here.start))
                };
                if !out.iter().any(same) {
                    out.push(s);
                }
            }
        }
        out
    }

    /// The entries the server's router holds, and what could not be known about it.
    #[cfg(test)]
    pub fn served_entries(&self, server: &Server, behaviour: &Behaviour) -> (Vec<Entry<'w>>, Vec<Finding>) {
        let (entries, findings, _) = self.served_router(server, behaviour);
        (entries, findings)
    }

    /// [`Self::served_entries`], and where the fn bodies that build the served router start
    /// (what its startup loops must be written in to change it).
    pub fn served_router(
        &self,
        server: &Server,
        behaviour: &Behaviour,
    ) -> (Vec<Entry<'w>>, Vec<Finding>, Vec<crate::diagnostics::Location>) {
        let imp = &self.impls[server.imp];
        let self_key = imp.self_key.clone().unwrap_or(TypeKey::Name(imp.self_name.clone()));
        let mut ev = Evaluator::new(self, behaviour);
        let frame = RouterFrame::new(imp.krate, imp.module, self_key.clone());
        let entries = match &server.served {
            Served::Router(expr) => ev.expr(expr, &frame),
            Served::HandWritten => self.hand_written(server, &mut ev, frame),
            Served::Nothing => Vec::new(),
        };
        (entries, dedup(ev.findings), ev.reached)
    }

    /// A hand-written `list_tools`: the routers whose `list_all()` it calls when they can all be
    /// read exactly, else every router the type owns; the list is post-processed at runtime
    /// either way, which a warning on `fn list_tools` says.
    fn hand_written(&self, server: &Server, ev: &mut Evaluator<'_, 'w>, frame: RouterFrame<'w>) -> Vec<Entry<'w>> {
        let imp = &self.impls[server.imp];
        let f = imp.fns().find(|f| f.sig.ident == "list_tools").expect("a hand-written list_tools");
        let at = Some(self.location(server.imp, f.sig.ident.span()));
        let body = self.ws.block(imp.krate, imp.module, &f.block);
        let key = frame.self_ty.clone();
        let found = ev.search(body, &f.sig, frame, Probe::ListAll);
        let exact = !found.is_empty() && found.iter().all(|x| x.clean && !x.entries.is_empty());
        if exact {
            ev.findings.push(Finding {
                severity: Severity::Warning,
                code: HAND_WRITTEN,
                message: format!(
                    "server `{}` has a hand-written `list_tools`: it serves the `list_all()` of the routers listed here, but may filter, rename or add tools at runtime",
                    server.name
                ),
                location: at,
            });
            let mut out: Vec<Entry<'w>> = Vec::new();
            for e in found.into_iter().flat_map(|x| x.entries) {
                if !out.iter().any(|x| x.same(&e)) {
                    out.push(e);
                }
            }
            return out;
        }
        ev.owned_routers(
            HAND_WRITTEN,
            &key,
            at,
            format!(
                "server `{}` has a hand-written `list_tools`, post-processed at runtime: listing every router `{}` owns",
                server.name, server.name
            ),
        )
    }
}

/// The same finding at the same place once (a body can be followed twice).
fn dedup(mut findings: Vec<Finding>) -> Vec<Finding> {
    let mut reported = crate::profile::listing::Reported::default();
    findings.retain(|f| reported.first(f.code, &f.message, f.location.as_ref()));
    findings
}

/// `router = <expr>` of a `#[tool_handler(...)]`.
fn handler_router(attr: &syn::Attribute) -> Option<Expr> {
    let Meta::List(list) = &attr.meta else { return None };
    let args = list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated).ok()?;
    args.into_iter().find_map(|m| match m {
        Meta::NameValue(nv) if nv.path.is_ident("router") => Some(nv.value),
        _ => None,
    })
}

/// The router a bare `#[tool_handler]` serves on this release, spanned at the attribute (what a
/// finding about it points at: the macro writes it there).
pub fn default_router(behaviour: &Behaviour, at: proc_macro2::Span) -> Expr {
    match behaviour.macros.default_router {
        DefaultRouter::Field => syn::parse_quote_spanned!(at=> self.tool_router),
        DefaultRouter::AssociatedFn => syn::parse_quote_spanned!(at=> Self::tool_router()),
    }
}
