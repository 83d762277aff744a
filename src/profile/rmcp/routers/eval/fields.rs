//! `self.field`: the routers every place that builds the server type gives the field, followed
//! through constructor parameters to their callers.

use super::super::{Entry, Finding, RouterBlock, Severity, TypeKey};
use super::statements::{removals, removed_names};
use super::{
    added, is_router_mutation, place_name, union_all, Evaluator, Found, Probe, RouterFrame, Walk, RUNTIME_CONDITION,
    RUNTIME_ROUTER,
};
use crate::diagnostics::{Code, Location};
use crate::model::eval::syntax::param_names;
use crate::source::impls::Callers;

impl<'w> Evaluator<'_, 'w> {
    /// `self.field`: the routers every place that builds the type gives the field, all of them
    /// (the manifest is what a client may see).
    pub(super) fn field(&mut self, field: &str, frame: &RouterFrame<'w>) -> Vec<Entry<'w>> {
        // `Self { tool_router: self.tool_router.clone(), .. }` in a builder method: the field
        // keeps what the other places give it.
        let visit = (frame.self_ty.clone(), format!("self.{field}"));
        if self.budget.is_active(&visit) {
            self.field_cycles += 1;
            return Vec::new();
        }
        self.budget.push(visit);
        let sites = self.field_sites(field, frame);
        let value = self.field_value(field, frame, sites);
        let value = self.changed_after_construction(field, frame, value);
        self.budget.pop();
        value
    }

    /// What the fns that change the field of a built value do to it (`self.tool_router.map
    /// .remove("x")` in an `init(mut self)`, `server.tool_router.merge(…)` in `main`): they may
    /// run before the server serves or not at all, so what they add is listed and what they take
    /// out stays listed, each with a note at the fn.
    fn changed_after_construction(
        &mut self,
        field: &str,
        frame: &RouterFrame<'w>,
        mut value: Vec<Entry<'w>>,
    ) -> Vec<Entry<'w>> {
        let key = frame.self_ty.clone();
        let type_name = self.type_name(&key);
        for caller in self.index.callers_in(field, &type_name, Callers::OwnImplsAndFreeFns) {
            let places = changed_places(caller.body, field);
            if places.is_empty() {
                continue;
            }
            let mut inner =
                RouterFrame::new(caller.krate, caller.module, caller.self_key.clone().unwrap_or_else(|| key.clone()));
            for place in &places {
                inner.locals.bind(place.clone(), value.clone());
            }
            let mut walk = Walk::changes();
            self.block(caller.body, &mut inner, &mut walk);
            let after = union_all(places.iter().filter_map(|p| inner.locals.get(p).cloned()));
            let gained = added(&value, &after);
            let removed = removals(&value, &after);
            let fn_name = &caller.sig.ident;
            let at = self.loc(&inner, caller.sig.ident.span());
            let mut messages = Vec::new();
            let later =
                format!("after `{type_name}` is built; listed, as the CLI does not follow when `{fn_name}` runs");
            if !removed.is_empty() {
                messages.push(format!("{} removed from `{field}` in `{fn_name}` {later}", removed_names(&removed)));
            }
            if !gained.is_empty() {
                messages.push(format!("{} added to `{field}` in `{fn_name}` {later}", self.tool_names(&gained)));
            }
            for message in messages {
                let location = at.clone();
                self.findings.push(Finding { severity: Severity::Note, code: RUNTIME_CONDITION, message, location });
            }
            value.extend(gained);
        }
        value
    }

    /// The places that give the field a value, each with the router it gives.
    pub(super) fn field_sites(&mut self, field: &str, frame: &RouterFrame<'w>) -> Vec<Found<'w>> {
        // The type's own impls and the free fns first: the impl blocks of other types are read
        // (and their deferred items parsed) only when those set the field nowhere.
        let sites = self.field_sites_in(field, frame, Callers::OwnImplsAndFreeFns);
        if !sites.is_empty() {
            return sites;
        }
        self.field_sites_in(field, frame, Callers::OtherImpls)
    }

    pub(super) fn field_sites_in(&mut self, field: &str, frame: &RouterFrame<'w>, which: Callers) -> Vec<Found<'w>> {
        let key = frame.self_ty.clone();
        let type_name = self.type_name(&key);
        let mut sites: Vec<Found<'w>> = Vec::new();
        // The type's own fns, and any other fn (outside tests) that names the type and the field:
        // `Server { tool_router: Server::tool_router(), .. }` written in `main` counts too.
        for caller in self.index.callers_in(field, &type_name, which) {
            let inner =
                RouterFrame::new(caller.krate, caller.module, caller.self_key.clone().unwrap_or_else(|| key.clone()));
            let probe = Probe::Field { field, key: &key };
            for found in self.search(caller.body, caller.sig, inner, probe) {
                match found.param {
                    Some(n) => {
                        let callee_type =
                            caller.self_key.as_ref().map_or_else(|| type_name.clone(), |k| self.type_name(k));
                        let owner = (&key, callee_type);
                        sites.extend(self.given_by_callers(caller.body, caller.sig, n, owner, found.location))
                    }
                    None => sites.push(found),
                }
            }
        }
        sites
    }

    /// The routers of all the places, once each (with a note when they differ); every router
    /// the type owns when there is none.
    pub(super) fn field_value(
        &mut self,
        field: &str,
        frame: &RouterFrame<'w>,
        sites: Vec<Found<'w>>,
    ) -> Vec<Entry<'w>> {
        if sites.is_empty() {
            let name = self.type_name(&frame.self_ty);
            let at = self.index.field_location(&frame.self_ty, field);
            return self.owned_routers(
                RUNTIME_ROUTER,
                &frame.self_ty,
                at,
                format!("no constructor of `{name}` sets `{field}` from a router the CLI can read; listing every router `{name}` owns"),
            );
        }
        // A place's `remove_route("x")` takes `x` out of what that place gives, not out of what
        // the others give: each place's removals are applied to its own tools first.
        let sites: Vec<Found<'w>> = if sites.len() > 1 {
            sites.into_iter().map(|s| Found { entries: self.own_removals_applied(s.entries), ..s }).collect()
        } else {
            sites
        };
        // What every place gives needs no note; the rest reaches the field only from some.
        let common: Vec<Entry<'w>> = sites[0]
            .entries
            .iter()
            .filter(|e| sites.iter().all(|s| s.entries.iter().any(|x| x.same(e))))
            .cloned()
            .collect();
        for site in &sites {
            let own = added(&common, &site.entries);
            if !own.is_empty() && sites.len() > 1 {
                let message = format!(
                    "{} given to `{field}` only here, one of {} places that build `{}`; listed",
                    self.tool_names(&own),
                    sites.len(),
                    self.type_name(&frame.self_ty)
                );
                let location = site.location.clone();
                self.findings.push(Finding { severity: Severity::Note, code: RUNTIME_CONDITION, message, location });
            }
        }
        union_all(sites.into_iter().map(|s| s.entries))
    }

    /// `entries` with each removal applied to the tools before it whose name is known here (a
    /// `#[tool]` fn's, by its attribute or its ident); a removal that names none of them stays.
    fn own_removals_applied(&self, entries: Vec<Entry<'w>>) -> Vec<Entry<'w>> {
        let mut out: Vec<Entry<'w>> = Vec::new();
        for e in entries {
            match &e {
                Entry::Remove(name) => {
                    let before = out.len();
                    out.retain(|x| self.fn_tool_name(x).as_deref() != Some(name.as_str()));
                    if out.len() == before {
                        out.push(e);
                    }
                }
                _ => out.push(e),
            }
        }
        out
    }

    /// The name a `#[tool]` fn entry is served under; `None` for other entries.
    fn fn_tool_name(&self, e: &Entry<'w>) -> Option<String> {
        let Entry::Fn(t) = e else { return None };
        let tool = self.index.tool_fn(*t);
        let attr = crate::profile::rmcp::tool_attr::read_tool_attr(tool.tool_attr, &self.behaviour.macros, "");
        Some(attr.name.unwrap_or_else(|| t.f.sig.ident.to_string()))
    }

    /// The routers given for parameter `n` of the fn with `body` at the places that call it.
    /// `owner` is the server type whose field the router ends in, with the name of the type the
    /// fn is written in (the server type's, for a free fn): callers are the fns that name both.
    /// When no call site can be followed, every router the server type owns stands for it, with
    /// a warning on the field's value (`at`).
    pub(super) fn given_by_callers(
        &mut self,
        body: &'w syn::Block,
        sig: &syn::Signature,
        n: usize,
        (owner, callee_type): (&TypeKey, String),
        at: Option<Location>,
    ) -> Vec<Found<'w>> {
        let visit = (owner.clone(), format!("{callee_type}::{}#caller", sig.ident));
        let name = self.type_name(owner);
        let param = param_names(sig).get(n).cloned().unwrap_or_default();
        let fallback = |ev: &mut Self, why: String| {
            let entries = ev.owned_routers(
                RUNTIME_ROUTER,
                owner,
                at.clone(),
                format!(
                    "the router is the parameter `{param}` of `{callee_type}::{}`, and {why}; listing every router `{name}` owns",
                    sig.ident
                ),
            );
            vec![Found { entries, location: at.clone(), clean: false, param: None }]
        };
        if self.budget.is_active(&visit) || !self.budget.enter() {
            return fallback(self, "its callers pass it on in a cycle".into());
        }
        self.budget.push(visit);
        let mut out = Vec::new();
        for caller in self.index.callers(&sig.ident.to_string(), &callee_type) {
            let frame =
                RouterFrame::new(caller.krate, caller.module, caller.self_key.clone().unwrap_or_else(|| owner.clone()));
            let found = self.search(caller.body, caller.sig, frame, Probe::Call { target: body, arg: n });
            for f in found {
                match f.param {
                    // Passed on from the caller's own parameter: its callers, in turn.
                    Some(m) => {
                        let callee_type = caller.self_key.as_ref().map_or_else(|| name.clone(), |k| self.type_name(k));
                        let next = (owner, callee_type);
                        out.extend(self.given_by_callers(caller.body, caller.sig, m, next, f.location));
                    }
                    // What could not be read was warned about where it is.
                    None => out.push(f),
                }
            }
        }
        self.budget.pop();
        self.budget.leave();
        if out.is_empty() {
            return fallback(self, "no call of it outside tests was found in the crate".into());
        }
        out
    }

    /// Every `#[tool_router]` block of the type (in any file), with a warning saying why they
    /// stand for the served router.
    pub fn owned_routers(&mut self, code: Code, key: &TypeKey, at: Option<Location>, why: String) -> Vec<Entry<'w>> {
        let blocks: Vec<&RouterBlock> =
            self.index.blocks.iter().filter(|b| self.index.impls[b.imp].self_key.as_ref() == Some(key)).collect();
        let names: Vec<String> = blocks.iter().map(|b| format!("`{}`", b.router)).collect();
        let entries: Vec<Entry<'w>> = blocks.iter().flat_map(|b| self.index.block_tools(b)).map(Entry::Fn).collect();
        let routers = if names.is_empty() { "none".to_owned() } else { names.join(", ") };
        self.findings.push(Finding {
            severity: Severity::Warning,
            code,
            message: format!("{why} ({routers})"),
            location: at,
        });
        entries
    }

    pub(super) fn type_name(&self, key: &TypeKey) -> String {
        match key {
            TypeKey::Item(item) => self
                .index
                .impls
                .iter()
                .find(|i| i.self_key.as_ref() == Some(key))
                .map(|i| i.self_name.clone())
                .unwrap_or_else(|| format!("{item:?}")),
            TypeKey::Name(n) => n.rsplit("::").next().unwrap_or(n).to_owned(),
        }
    }
}

/// The places `<place>.<field>` that a body changes as a router: the receiver of a router
/// method that changes it (`self.tool_router.merge(…)`), of `.map.remove(…)`, or the left of
/// `=`/`+=`. A struct literal's `field: …` builds a value, it does not change one.
fn changed_places(body: &syn::Block, field: &str) -> Vec<String> {
    struct Changes<'f> {
        field: &'f str,
        places: Vec<String>,
    }
    impl Changes<'_> {
        fn note(&mut self, e: &syn::Expr) {
            let syn::Expr::Field(f) = e else { return };
            if !matches!(&f.member, syn::Member::Named(n) if n == self.field) {
                return;
            }
            if let Some(place) = place_name(e) {
                if !self.places.contains(&place) {
                    self.places.push(place);
                }
            }
        }
    }
    impl<'e> syn::visit::Visit<'e> for Changes<'_> {
        fn visit_expr(&mut self, e: &'e syn::Expr) {
            match e {
                syn::Expr::MethodCall(mc) if is_router_mutation(&mc.method.to_string()) => self.note(&mc.receiver),
                syn::Expr::MethodCall(mc) if mc.method == "remove" => {
                    if let syn::Expr::Field(map) = &*mc.receiver {
                        if matches!(&map.member, syn::Member::Named(n) if n == "map") {
                            self.note(&map.base);
                        }
                    }
                }
                syn::Expr::Assign(a) => self.note(&a.left),
                syn::Expr::Binary(b) if matches!(b.op, syn::BinOp::AddAssign(_)) => self.note(&b.left),
                _ => {}
            }
            syn::visit::visit_expr(self, e);
        }
        fn visit_item(&mut self, _: &'e syn::Item) {}
    }
    let mut v = Changes { field, places: Vec::new() };
    syn::visit::Visit::visit_block(&mut v, body);
    v.places
}
