//! The router-expression evaluator: what a router expression holds, read
//! without running anything.
//!
//! Expressions: `Self::r()`, `Type::r()`, `self.field`, `A + B`, `.merge(B)`, `.with_route(…)`,
//! `.add_route(…)`, `.remove_route("name")`, `.with_sync_tool::<T>()` and calls of fns whose body
//! builds a router. Fn bodies are followed statement by statement: a local router
//! (`let mut r = Self::a(); r.merge(Self::b()); r += Self::c();`) is tracked through the fn,
//! `#[cfg(…)]` on a statement is read against the crate's features, and a router merged only
//! under an `if`, a `match` arm or a loop is listed with a note naming the condition (the manifest
//! is what a client may see).
//!
//! `self.field` is the value every place that builds the server type gives the field; a field set
//! from a constructor parameter is followed to the constructor's call sites.

use std::collections::HashMap;

use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::Expr;

use super::{type_key, Entry, Finding, Index, RouterBlock, Severity, ToolFnRef, TypeKey};
use crate::diagnostics::{Code, Location};
use crate::model::Scope;
use crate::profile::is_attr_named;
use crate::profile::rmcp::version::Behaviour;
use crate::source::impls::Callers;
use crate::source::{ItemKind, ModuleId, Namespace, Resolved};

/// Router expressions nested, or fns calling each other, deeper than this are runtime-built to
/// us. Flat chains (`a + b + … + z`, `r.merge(a).merge(b)…`) are not nesting: they are read in a
/// loop, whatever their length.
const MAX_DEPTH: usize = 48;

/// A router the CLI cannot read exactly (a warning: the manifest may be wrong).
pub(super) const RUNTIME_ROUTER: Code = Code::RuntimeRouter;
/// A router served only under a runtime condition (a note: the manifest lists it).
pub(super) const RUNTIME_CONDITION: Code = Code::RuntimeCondition;
/// A hand-written `list_tools` (a warning: the served list is post-processed at runtime).
pub(super) const HAND_WRITTEN: Code = Code::HandWrittenListTools;

/// Tool names shown in one note before "and N more".
const NAMES_SHOWN: usize = 6;

/// Where a router expression is evaluated: this evaluator's counterpart of
/// [`crate::model::eval::Frame`] (the module's [`Scope`], the `Self` type, the locals), its
/// locals holding routers rather than values.
#[derive(Clone)]
pub(super) struct RouterFrame<'w> {
    /// The module the code is written in (router code has no generic parameters to lower).
    pub scope: Scope,
    pub self_key: TypeKey,
    /// Local variables holding routers.
    pub env: HashMap<String, Vec<Entry<'w>>>,
}

impl RouterFrame<'_> {
    pub fn new(krate: usize, module: ModuleId, self_key: TypeKey) -> Self {
        RouterFrame { scope: Scope::without_generics(krate, module), self_key, env: HashMap::new() }
    }
}

/// What a fn body is searched for while it is followed statement by statement.
#[derive(Clone, Copy)]
pub(super) enum Probe<'p> {
    /// Nothing: the body's value is all that is wanted.
    Nothing,
    /// `Self { field: <expr>, .. }` (or the type's name) of the type being evaluated.
    Field { field: &'p str, key: &'p TypeKey },
    /// A call of the fn whose body is `target`: its argument number `arg`.
    Call { target: &'p syn::Block, arg: usize },
    /// `<router>.list_all()`.
    ListAll,
}

/// One place a probe matched, with the router it holds there.
pub(super) struct Found<'w> {
    pub entries: Vec<Entry<'w>>,
    pub location: Option<Location>,
    /// Evaluating it gave no warning: the router is known exactly.
    pub clean: bool,
    /// The expression is the fn's parameter number `n`: the router comes from the caller.
    pub param: Option<usize>,
}

struct Walk<'p, 'w> {
    probe: Probe<'p>,
    /// The names of the parameters of the fn being followed.
    params: Vec<String>,
    found: Vec<Found<'w>>,
}

pub(super) struct Evaluator<'i, 'w> {
    pub index: &'i Index<'w>,
    /// What the rmcp release of the run does (which router forms and trait tools exist).
    pub behaviour: &'i Behaviour,
    pub findings: Vec<Finding>,
    /// Router fns being evaluated (type, fn name), against cycles.
    stack: Vec<(TypeKey, String)>,
    /// How many times a field was met inside its own evaluation (`self.r.clone()` in a builder).
    field_cycles: usize,
}

/// `a` then `b` (on a duplicate name the later one wins when tools are built).
fn union<'w>(mut a: Vec<Entry<'w>>, b: Vec<Entry<'w>>) -> Vec<Entry<'w>> {
    a.extend(b);
    a
}

/// The entries of `b` that `a` does not have, removals left out: what a branch that may or may not
/// run adds (a route removed only under a condition may still be served, so it stays listed).
fn added<'w>(a: &[Entry<'w>], b: &[Entry<'w>]) -> Vec<Entry<'w>> {
    b.iter().filter(|e| !matches!(e, Entry::Remove(_)) && !a.iter().any(|x| x.same(e))).cloned().collect()
}

/// Every entry of the alternatives, once.
fn union_all<'w>(alternatives: impl IntoIterator<Item = Vec<Entry<'w>>>) -> Vec<Entry<'w>> {
    let mut out: Vec<Entry<'w>> = Vec::new();
    for v in alternatives {
        for e in v {
            if !out.iter().any(|x| x.same(&e)) {
                out.push(e);
            }
        }
    }
    out
}

impl<'i, 'w> Evaluator<'i, 'w> {
    pub fn new(index: &'i Index<'w>, behaviour: &'i Behaviour) -> Self {
        Evaluator { index, behaviour, findings: Vec::new(), stack: Vec::new(), field_cycles: 0 }
    }

    fn loc(&self, frame: &RouterFrame, span: proc_macro2::Span) -> Option<Location> {
        Some(self.index.ws.crates[frame.scope.krate].file_of(frame.scope.module).location(span))
    }

    fn runtime(&mut self, frame: &RouterFrame, span: proc_macro2::Span, what: String) {
        let location = self.loc(frame, span);
        self.findings.push(Finding { severity: Severity::Warning, code: RUNTIME_ROUTER, message: what, location });
    }

    fn note(&mut self, frame: &RouterFrame, span: proc_macro2::Span, what: String) {
        let location = self.loc(frame, span);
        self.findings.push(Finding { severity: Severity::Note, code: RUNTIME_CONDITION, message: what, location });
    }

    /// Warnings so far: to tell whether an evaluation was exact.
    fn warnings(&self) -> usize {
        self.findings.iter().filter(|f| f.severity != Severity::Note).count()
    }

    /// The entries a router expression holds.
    pub fn expr(&mut self, e: &Expr, frame: &RouterFrame<'w>, depth: usize) -> Vec<Entry<'w>> {
        if depth > MAX_DEPTH {
            self.runtime(
                frame,
                e.span(),
                "router expression nested too deeply to follow; its tools are not listed".into(),
            );
            return Vec::new();
        }
        match e {
            Expr::Paren(p) => self.expr(&p.expr, frame, depth + 1),
            Expr::Group(g) => self.expr(&g.expr, frame, depth + 1),
            Expr::Reference(r) => self.expr(&r.expr, frame, depth + 1),
            Expr::Binary(bin) if matches!(bin.op, syn::BinOp::Add(_)) => self.sum(bin, frame, depth),
            Expr::Block(b) => {
                let mut inner = frame.clone();
                self.block(&b.block, &mut inner, &mut Walk::nothing(), depth + 1)
            }
            Expr::If(_) | Expr::Match(_) => self.branches_value(e, frame, depth),
            Expr::Path(p) if p.path.get_ident().is_some() => {
                let name = p.path.get_ident().expect("checked").to_string();
                match frame.env.get(&name) {
                    Some(v) => v.clone(),
                    None => {
                        self.runtime(frame, e.span(), format!("router `{name}` comes from outside what the CLI can read (runtime-built); its tools are not listed"));
                        Vec::new()
                    }
                }
            }
            Expr::Field(f) if matches!(&*f.base, Expr::Path(p) if p.path.is_ident("self")) => {
                let syn::Member::Named(field) = &f.member else {
                    self.runtime(
                        frame,
                        e.span(),
                        "a router in a tuple field is runtime-built to the CLI; its tools are not listed".into(),
                    );
                    return Vec::new();
                };
                self.field(&field.to_string(), frame, depth + 1)
            }
            Expr::Call(call) => self.call(call, frame, depth + 1),
            Expr::MethodCall(mc) => self.method_chain(mc, frame, depth),
            _ => {
                let text = quote::quote!(#e).to_string();
                self.runtime(
                    frame,
                    e.span(),
                    format!("router expression `{}` is built at runtime; its tools are not listed", clip(&text)),
                );
                Vec::new()
            }
        }
    }

    /// `a + b + … + z`: a left-leaning tree as deep as it is long, read in a loop.
    fn sum(&mut self, bin: &syn::ExprBinary, frame: &RouterFrame<'w>, depth: usize) -> Vec<Entry<'w>> {
        let mut terms = vec![&*bin.right];
        let mut left = &*bin.left;
        while let Expr::Binary(b) = left {
            if !matches!(b.op, syn::BinOp::Add(_)) {
                break;
            }
            terms.push(&b.right);
            left = &b.left;
        }
        terms.push(left);
        let mut out = Vec::new();
        for term in terms.into_iter().rev() {
            out.extend(self.expr(term, frame, depth + 1));
        }
        out
    }

    /// `base.m1(…).m2(…)…`: the base, then each method in order, in a loop.
    fn method_chain(&mut self, mc: &syn::ExprMethodCall, frame: &RouterFrame<'w>, depth: usize) -> Vec<Entry<'w>> {
        let mut calls = vec![mc];
        let mut base = &*mc.receiver;
        while let Expr::MethodCall(inner) = base {
            calls.push(inner);
            base = &inner.receiver;
        }
        let mut v = self.expr(base, frame, depth + 1);
        for call in calls.into_iter().rev() {
            v = self.method(call, v, frame, depth + 1);
        }
        v
    }

    /// The value of an `if` or a `match`: every branch may be the one taken.
    fn branches_value(&mut self, e: &Expr, frame: &RouterFrame<'w>, depth: usize) -> Vec<Entry<'w>> {
        let mut values = Vec::new();
        for (branch, condition) in self.branches(e, frame) {
            let mut inner = frame.clone();
            let v = match branch {
                Branch::Block(b) => self.block(b, &mut inner, &mut Walk::nothing(), depth + 1),
                Branch::Expr(x) => self.expr(x, &inner, depth + 1),
            };
            values.push((v, condition));
        }
        let all = union_all(values.iter().map(|(v, _)| v.clone()));
        // What every branch serves needs no note; the rest is served only in its branches.
        let common: Vec<Entry<'w>> =
            all.iter().filter(|e| values.iter().all(|(v, _)| v.iter().any(|x| x.same(e)))).cloned().collect();
        for (v, condition) in &values {
            let own = added(&common, v);
            if !own.is_empty() {
                let (span, text) = condition.describe();
                self.note(frame, span, format!("{} served only {text}; listed", self.tool_names(&own)));
            }
        }
        all
    }

    /// The branches of an `if` or a `match` that may run: `if cfg!(…)` is read against the
    /// crate's features, and only the branch it takes is kept, as certain.
    fn branches<'e>(&self, e: &'e Expr, frame: &RouterFrame<'w>) -> Vec<(Branch<'e>, Condition<'e>)> {
        if let Expr::If(i) = e {
            if let Some(on) = cfg_macro(&i.cond)
                .and_then(|m| crate::source::cfg::eval(&m, &self.index.ws.crates[frame.scope.krate].features))
            {
                return match (on, &i.else_branch) {
                    (true, _) => vec![(Branch::Block(&i.then_branch), Condition::Certain)],
                    (false, Some((_, other))) => vec![(Branch::Expr(other), Condition::Certain)],
                    (false, None) => Vec::new(),
                };
            }
        }
        branches(e)
    }

    /// Names of the tools of some entries, for a note.
    fn tool_names(&self, entries: &[Entry<'w>]) -> String {
        let names: Vec<String> = entries
            .iter()
            .filter_map(|e| match e {
                Entry::Fn(t) => Some(format!("`{}`", t.f.sig.ident)),
                Entry::Trait(i) => Some(format!("`{}`", self.index.impls[*i].self_name)),
                Entry::Remove(_) => None,
            })
            .collect();
        let shown = names.iter().take(NAMES_SHOWN).cloned().collect::<Vec<_>>().join(", ");
        let more = names.len().saturating_sub(NAMES_SHOWN);
        let word = if names.len() == 1 { "tool" } else { "tools" };
        let verb = if names.len() == 1 { "is" } else { "are" };
        if more > 0 {
            format!("{word} {shown} and {more} more {verb}")
        } else {
            format!("{word} {shown} {verb}")
        }
    }

    /// Follows a fn body statement by statement; returns its value (the tail or `return`).
    fn block(
        &mut self,
        block: &syn::Block,
        frame: &mut RouterFrame<'w>,
        walk: &mut Walk<'_, 'w>,
        depth: usize,
    ) -> Vec<Entry<'w>> {
        if depth > MAX_DEPTH {
            self.runtime(
                frame,
                block.span(),
                "router built too deep in nested blocks to follow; listing what is certain".into(),
            );
            return Vec::new();
        }
        let outer: Vec<String> = frame.env.keys().cloned().collect();
        let mut value = Vec::new();
        for (i, stmt) in block.stmts.iter().enumerate() {
            let last = i + 1 == block.stmts.len();
            match stmt {
                syn::Stmt::Local(local) => {
                    if self.cfg(&local.attrs, frame) == Some(false) {
                        continue;
                    }
                    let Some(init) = &local.init else { continue };
                    self.walk(&init.expr, frame, walk, depth + 1);
                    if let Some(name) = pat_ident(&local.pat) {
                        if declared_router(&local.pat) || self.is_router(&init.expr, frame) {
                            let v = self.expr(&init.expr, frame, depth + 1);
                            frame.env.insert(name, v);
                        } else {
                            // A shadowing `let` that is not a router.
                            frame.env.remove(&name);
                        }
                    }
                }
                syn::Stmt::Expr(Expr::Return(r), _) => {
                    if let Some(e) = &r.expr {
                        if walk.wants_value() {
                            value = self.expr(e, frame, depth + 1);
                        } else {
                            self.walk(e, frame, walk, depth + 1);
                        }
                    }
                    break;
                }
                syn::Stmt::Expr(e, semi) => {
                    let active = self.cfg(expr_attrs(e), frame);
                    if active == Some(false) {
                        continue;
                    }
                    if last && semi.is_none() && walk.wants_value() && active.is_some() {
                        value = self.expr(e, frame, depth + 1);
                    } else if active.is_none() {
                        // An unreadable `#[cfg]`: the statement may run.
                        self.conditional(frame, walk, Condition::UnreadableCfg(e.span()), |ev, frame, walk| {
                            ev.walk(e, frame, walk, depth + 1)
                        });
                    } else {
                        self.walk(e, frame, walk, depth + 1);
                    }
                }
                syn::Stmt::Item(_) | syn::Stmt::Macro(_) => {}
            }
        }
        // Names bound in this block end with it.
        frame.env.retain(|k, _| outer.contains(k));
        value
    }

    /// `#[cfg]` attributes of a statement against the crate's features; `None` when unreadable
    /// (with a warning on the attribute).
    fn cfg(&mut self, attrs: &[syn::Attribute], frame: &RouterFrame<'w>) -> Option<bool> {
        if !attrs.iter().any(|a| a.path().is_ident("cfg")) {
            return Some(true);
        }
        let active = crate::source::cfg::attrs_active(attrs, &self.index.ws.crates[frame.scope.krate].features);
        if active.is_none() {
            let attr = attrs.iter().find(|a| a.path().is_ident("cfg")).expect("checked");
            self.runtime(
                frame,
                attr.span(),
                "this `#[cfg(…)]` predicate cannot be read: the statement is taken as maybe compiled, and what it adds to a router is listed".into(),
            );
        }
        active
    }

    /// Runs `f` on a copy of the locals, as a branch that may or may not run: what it adds to an
    /// outer router is kept (with a note naming the condition); what it removes is not.
    fn conditional(
        &mut self,
        frame: &mut RouterFrame<'w>,
        walk: &mut Walk<'_, 'w>,
        condition: Condition<'_>,
        f: impl FnOnce(&mut Self, &mut RouterFrame<'w>, &mut Walk<'_, 'w>),
    ) {
        if matches!(condition, Condition::Certain) {
            f(self, frame, walk);
            return;
        }
        let mut inner = frame.clone();
        f(self, &mut inner, walk);
        let mut names: Vec<&String> = frame.env.keys().collect();
        names.sort();
        let mut gained = Vec::new();
        for name in names {
            if let Some(after) = inner.env.get(name) {
                gained.extend(added(&frame.env[name], after).into_iter().map(|e| (name.clone(), e)));
            }
        }
        if gained.is_empty() {
            return;
        }
        let entries: Vec<Entry<'w>> = gained.iter().map(|(_, e)| e.clone()).collect();
        let (span, text) = condition.describe();
        self.note(frame, span, format!("{} served only {text}; listed", self.tool_names(&entries)));
        for (name, e) in gained {
            frame.env.get_mut(&name).expect("an outer local").push(e);
        }
    }

    /// Walks an expression for what it does to the locals and for the probe.
    fn walk(&mut self, e: &Expr, frame: &mut RouterFrame<'w>, walk: &mut Walk<'_, 'w>, depth: usize) {
        if depth > MAX_DEPTH {
            return;
        }
        self.probe(e, frame, walk, depth);
        match e {
            Expr::Block(b) => {
                self.block(&b.block, frame, walk, depth + 1);
            }
            Expr::Unsafe(b) => {
                self.block(&b.block, frame, walk, depth + 1);
            }
            Expr::If(_) | Expr::Match(_) => {
                if let Expr::If(i) = e {
                    self.walk(&i.cond, frame, walk, depth + 1);
                } else if let Expr::Match(m) = e {
                    self.walk(&m.expr, frame, walk, depth + 1);
                }
                for (branch, condition) in self.branches(e, frame) {
                    self.conditional(frame, walk, condition, |ev, frame, walk| match branch {
                        Branch::Block(b) => {
                            ev.block(b, frame, walk, depth + 1);
                        }
                        Branch::Expr(x) => ev.walk(x, frame, walk, depth + 1),
                    });
                }
            }
            Expr::ForLoop(l) => {
                self.walk(&l.expr, frame, walk, depth + 1);
                self.conditional(frame, walk, Condition::Loop(l.for_token.span), |ev, frame, walk| {
                    ev.block(&l.body, frame, walk, depth + 1);
                });
            }
            Expr::While(l) => {
                self.walk(&l.cond, frame, walk, depth + 1);
                self.conditional(frame, walk, Condition::Loop(l.while_token.span), |ev, frame, walk| {
                    ev.block(&l.body, frame, walk, depth + 1);
                });
            }
            Expr::Loop(l) => {
                self.conditional(frame, walk, Condition::Loop(l.loop_token.span), |ev, frame, walk| {
                    ev.block(&l.body, frame, walk, depth + 1);
                });
            }
            Expr::Closure(c) => {
                // Runs later, if ever: only searched for the probe.
                let mut inner = frame.clone();
                self.walk(&c.body, &mut inner, walk, depth + 1);
            }
            Expr::Async(a) => {
                let mut inner = frame.clone();
                self.block(&a.block, &mut inner, walk, depth + 1);
            }
            Expr::Binary(bin)
                if matches!(bin.op, syn::BinOp::AddAssign(_)) && self.tracked(&bin.left, frame).is_some() =>
            {
                let name = self.tracked(&bin.left, frame).expect("checked");
                self.walk(&bin.right, frame, walk, depth + 1);
                let add = self.expr(&bin.right, frame, depth + 1);
                frame.env.get_mut(&name).expect("tracked").extend(add);
            }
            Expr::Assign(a) if self.tracked(&a.left, frame).is_some() => {
                let name = self.tracked(&a.left, frame).expect("checked");
                self.walk(&a.right, frame, walk, depth + 1);
                let v = self.expr(&a.right, frame, depth + 1);
                frame.env.insert(name, v);
            }
            Expr::MethodCall(mc) if self.tracked(&mc.receiver, frame).is_some() => {
                // `r.merge(…)`, `r.add_route(…)`, `r.remove_route("x")`: the local changes.
                let name = self.tracked(&mc.receiver, frame).expect("checked");
                for a in &mc.args {
                    self.walk(a, frame, walk, depth + 1);
                }
                if is_router_mutation(&mc.method.to_string()) {
                    let before = frame.env[&name].clone();
                    let v = self.method(mc, before, frame, depth + 1);
                    frame.env.insert(name, v);
                }
            }
            _ => {
                let mut children = Children::default();
                children.visit_expr_children(e);
                for child in children.exprs {
                    self.walk(child, frame, walk, depth + 1);
                }
                for b in children.blocks {
                    let mut inner = frame.clone();
                    self.block(b, &mut inner, walk, depth + 1);
                }
            }
        }
    }

    /// A local router named by `e` (`r`, `(r)`).
    fn tracked(&self, e: &Expr, frame: &RouterFrame<'w>) -> Option<String> {
        expr_ident(e).filter(|n| frame.env.contains_key(n))
    }

    /// Records what the probe is looking for, should `e` be it.
    fn probe(&mut self, e: &Expr, frame: &RouterFrame<'w>, walk: &mut Walk<'_, 'w>, depth: usize) {
        let target: Option<&Expr> = match (walk.probe, e) {
            (Probe::Field { field, key }, Expr::Struct(s)) if self.names_type(&s.path, frame, key) => s
                .fields
                .iter()
                .find(|fv| matches!(&fv.member, syn::Member::Named(id) if id == field))
                .map(|fv| &fv.expr),
            (Probe::Call { target, arg }, Expr::Call(call)) => match &*call.func {
                Expr::Path(p)
                    if self
                        .index
                        .fn_body(&p.path, frame.scope.krate, frame.scope.module, Some(&frame.self_key))
                        .is_some_and(|(b, _, _)| std::ptr::eq(b, target)) =>
                {
                    call.args.iter().nth(arg)
                }
                _ => None,
            },
            (Probe::ListAll, Expr::MethodCall(mc)) if mc.method == "list_all" && mc.args.is_empty() => {
                Some(&mc.receiver)
            }
            _ => None,
        };
        let Some(target) = target else { return };
        let location = self.loc(frame, target.span());
        let param = expr_ident(target)
            .filter(|n| !frame.env.contains_key(n))
            .and_then(|n| walk.params.iter().position(|p| *p == n));
        if param.is_some() {
            walk.found.push(Found { entries: Vec::new(), location, clean: false, param });
            return;
        }
        let before = self.warnings();
        let cycles = self.field_cycles;
        let entries = self.expr(target, frame, depth + 1);
        if self.field_cycles > cycles {
            // The field given its own value again: not a router of its own.
            return;
        }
        let clean = self.warnings() == before;
        walk.found.push(Found { entries, location, clean, param: None });
    }

    /// `Self` or a path naming the type being evaluated.
    fn names_type(&self, path: &syn::Path, frame: &RouterFrame<'w>, key: &TypeKey) -> bool {
        let segments: Vec<String> = path.segments.iter().map(|x| x.ident.to_string()).collect();
        if segments == ["Self"] {
            return frame.self_key == *key;
        }
        matches!(self.index.ws.resolve(frame.scope.krate, frame.scope.module, &segments, Namespace::Type), Resolved::Item(item, _) if TypeKey::Item(item) == *key)
    }

    /// Follows a fn body from its start, looking for `probe`.
    pub fn search(
        &mut self,
        body: &syn::Block,
        sig: &syn::Signature,
        frame: RouterFrame<'w>,
        probe: Probe<'_>,
        depth: usize,
    ) -> Vec<Found<'w>> {
        let mut walk = Walk { probe, params: param_names(sig), found: Vec::new() };
        let mut frame = frame;
        self.block(body, &mut frame, &mut walk, depth + 1);
        walk.found
    }

    /// `Self::r()`, `Type::r()`, `ToolRouter::new()`, `make_router()`, `ToolRouter::default()`.
    fn call(&mut self, call: &syn::ExprCall, frame: &RouterFrame<'w>, depth: usize) -> Vec<Entry<'w>> {
        let Expr::Path(p) = &*call.func else {
            self.runtime(
                frame,
                call.span(),
                "router built by a call the CLI cannot follow; its tools are not listed".into(),
            );
            return Vec::new();
        };
        let segments: Vec<String> =
            p.path.segments.iter().map(|s| crate::source::unraw_ident(&s.ident.to_string())).collect();
        let n = segments.len();
        if n >= 2 && segments[n - 2] == "ToolRouter" && matches!(segments[n - 1].as_str(), "new" | "default") {
            return Vec::new();
        }
        if n >= 2 {
            let ty = &segments[..n - 1];
            let key = if ty == ["Self"] {
                Some(frame.self_key.clone())
            } else {
                match self.index.ws.resolve(frame.scope.krate, frame.scope.module, ty, Namespace::Type) {
                    Resolved::Item(item, ItemKind::Struct | ItemKind::Enum | ItemKind::Union) => {
                        Some(TypeKey::Item(item))
                    }
                    _ => None,
                }
            };
            if let Some(key) = key {
                return self.router_fn(&key, &segments[n - 1], call, frame, depth + 1);
            }
        }
        if let Resolved::Item(item, ItemKind::Fn) =
            self.index.ws.resolve(frame.scope.krate, frame.scope.module, &segments, Namespace::Value)
        {
            if let syn::Item::Fn(f) = self.index.ws.item(item) {
                let visit = (TypeKey::Item(item), String::new());
                if self.stack.contains(&visit) {
                    return Vec::new();
                }
                let mut inner = RouterFrame::new(item.krate, item.module, frame.self_key.clone());
                self.bind_arguments(&f.sig, call, frame, &mut inner, depth);
                self.stack.push(visit);
                let body = self.index.ws.block(item.krate, item.module, &f.block);
                let v = self.block(body, &mut inner, &mut Walk::nothing(), depth + 1);
                self.stack.pop();
                return v;
            }
        }
        let text = quote::quote!(#call).to_string();
        self.runtime(
            frame,
            call.span(),
            format!("router `{}` is built at runtime or outside the crate; its tools are not listed", clip(&text)),
        );
        Vec::new()
    }

    /// The router a type's fn `name` returns: a `#[tool_router(router = name)]` block, or a plain
    /// associated fn whose body builds a router.
    fn router_fn(
        &mut self,
        key: &TypeKey,
        name: &str,
        call: &syn::ExprCall,
        frame: &RouterFrame<'w>,
        depth: usize,
    ) -> Vec<Entry<'w>> {
        let blocks: Vec<&RouterBlock> = self
            .index
            .blocks
            .iter()
            .filter(|b| self.index.impls[b.imp].self_key.as_ref() == Some(key) && b.router == name)
            .collect();
        if !blocks.is_empty() {
            return blocks.iter().flat_map(|b| self.index.block_tools(b)).map(Entry::Fn).collect();
        }
        let visit = (key.clone(), name.to_owned());
        if self.stack.contains(&visit) {
            return Vec::new();
        }
        if let Some((i, f)) = self.index.assoc_fn(key, name) {
            let imp = &self.index.impls[i];
            let mut inner = RouterFrame::new(imp.krate, imp.module, key.clone());
            self.bind_arguments(&f.sig, call, frame, &mut inner, depth);
            self.stack.push(visit);
            let body = self.index.ws.block(imp.krate, imp.module, &f.block);
            let v = self.block(body, &mut inner, &mut Walk::nothing(), depth + 1);
            self.stack.pop();
            return v;
        }
        self.runtime(
            frame,
            call.span(),
            format!("no `#[tool_router]` block or fn named `{name}` was found for this type; its tools are not listed"),
        );
        Vec::new()
    }

    /// The routers given as arguments of a call, as the callee's locals (`fn with_admin(r:
    /// ToolRouter<S>) -> ToolRouter<S> { r + S::admin() }`); other arguments are runtime values.
    fn bind_arguments(
        &mut self,
        sig: &syn::Signature,
        call: &syn::ExprCall,
        frame: &RouterFrame<'w>,
        inner: &mut RouterFrame<'w>,
        depth: usize,
    ) {
        for (param, arg) in param_names(sig).into_iter().zip(&call.args) {
            if !param.is_empty() && self.is_router(arg, frame) {
                let v = self.expr(arg, frame, depth + 1);
                inner.env.insert(param, v);
            }
        }
    }

    /// `self.field`: the routers every place that builds the type gives the field, all of them
    /// (the manifest is what a client may see).
    fn field(&mut self, field: &str, frame: &RouterFrame<'w>, depth: usize) -> Vec<Entry<'w>> {
        // `Self { tool_router: self.tool_router.clone(), .. }` in a builder method: the field
        // keeps what the other places give it.
        let visit = (frame.self_key.clone(), format!("self.{field}"));
        if self.stack.contains(&visit) {
            self.field_cycles += 1;
            return Vec::new();
        }
        self.stack.push(visit);
        let sites = self.field_sites(field, frame, depth);
        self.stack.pop();
        self.field_value(field, frame, sites)
    }

    /// The places that give the field a value, each with the router it gives.
    fn field_sites(&mut self, field: &str, frame: &RouterFrame<'w>, depth: usize) -> Vec<Found<'w>> {
        // The type's own impls and the free fns first: the impl blocks of other types are read
        // (and their deferred items parsed) only when those set the field nowhere.
        let sites = self.field_sites_in(field, frame, Callers::OwnImplsAndFreeFns, depth);
        if !sites.is_empty() {
            return sites;
        }
        self.field_sites_in(field, frame, Callers::OtherImpls, depth)
    }

    fn field_sites_in(&mut self, field: &str, frame: &RouterFrame<'w>, which: Callers, depth: usize) -> Vec<Found<'w>> {
        let key = frame.self_key.clone();
        let type_name = self.type_name(&key);
        let mut sites: Vec<Found<'w>> = Vec::new();
        // The type's own fns, and any other fn (outside tests) that names the type and the field:
        // `Server { tool_router: Server::tool_router(), .. }` written in `main` counts too.
        for caller in self.index.callers_in(field, &type_name, which) {
            let inner =
                RouterFrame::new(caller.krate, caller.module, caller.self_key.clone().unwrap_or_else(|| key.clone()));
            let probe = Probe::Field { field, key: &key };
            for found in self.search(caller.body, caller.sig, inner, probe, depth + 1) {
                match found.param {
                    Some(n) => {
                        let callee_type =
                            caller.self_key.as_ref().map_or_else(|| type_name.clone(), |k| self.type_name(k));
                        let owner = (&key, callee_type);
                        sites.extend(self.given_by_callers(
                            caller.body,
                            caller.sig,
                            n,
                            owner,
                            found.location,
                            depth + 1,
                        ))
                    }
                    None => sites.push(found),
                }
            }
        }
        sites
    }

    /// The routers of all the places, once each (with a note when they differ); every router
    /// the type owns when there is none.
    fn field_value(&mut self, field: &str, frame: &RouterFrame<'w>, sites: Vec<Found<'w>>) -> Vec<Entry<'w>> {
        if sites.is_empty() {
            let name = self.type_name(&frame.self_key);
            let at = self.index.field_location(&frame.self_key, field);
            return self.owned_routers(
                RUNTIME_ROUTER,
                &frame.self_key,
                at,
                format!("no constructor of `{name}` sets `{field}` from a router the CLI can read; listing every router `{name}` owns"),
            );
        }
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
                    self.type_name(&frame.self_key)
                );
                let location = site.location.clone();
                self.findings.push(Finding { severity: Severity::Note, code: RUNTIME_CONDITION, message, location });
            }
        }
        union_all(sites.into_iter().map(|s| s.entries))
    }

    /// The routers given for parameter `n` of the fn with `body` at the places that call it.
    /// `owner` is the server type whose field the router ends in, with the name of the type the
    /// fn is written in (the server type's, for a free fn): callers are the fns that name both.
    /// When no call site can be followed, every router the server type owns stands for it, with
    /// a warning on the field's value (`at`).
    fn given_by_callers(
        &mut self,
        body: &'w syn::Block,
        sig: &syn::Signature,
        n: usize,
        (owner, callee_type): (&TypeKey, String),
        at: Option<Location>,
        depth: usize,
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
        if self.stack.contains(&visit) || depth > MAX_DEPTH {
            return fallback(self, "its callers pass it on in a cycle".into());
        }
        self.stack.push(visit);
        let mut out = Vec::new();
        for caller in self.index.callers(&sig.ident.to_string(), &callee_type) {
            let frame =
                RouterFrame::new(caller.krate, caller.module, caller.self_key.clone().unwrap_or_else(|| owner.clone()));
            let found = self.search(caller.body, caller.sig, frame, Probe::Call { target: body, arg: n }, depth + 1);
            for f in found {
                match f.param {
                    // Passed on from the caller's own parameter: its callers, in turn.
                    Some(m) => {
                        let callee_type = caller.self_key.as_ref().map_or_else(|| name.clone(), |k| self.type_name(k));
                        let next = (owner, callee_type);
                        out.extend(self.given_by_callers(caller.body, caller.sig, m, next, f.location, depth + 1));
                    }
                    // What could not be read was warned about where it is.
                    None => out.push(f),
                }
            }
        }
        self.stack.pop();
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

    fn type_name(&self, key: &TypeKey) -> String {
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

    /// One method applied to the router `receiver` holds.
    fn method(
        &mut self,
        mc: &syn::ExprMethodCall,
        receiver: Vec<Entry<'w>>,
        frame: &RouterFrame<'w>,
        depth: usize,
    ) -> Vec<Entry<'w>> {
        let name = mc.method.to_string();
        match name.as_str() {
            "merge" | "add" => {
                let Some(arg) = mc.args.first() else { return receiver };
                let other = self.expr(arg, frame, depth + 1);
                union(receiver, other)
            }
            "clone" | "into" | "to_owned" => receiver,
            "with_route" | "add_route" => match mc.args.first().and_then(|a| self.single_route(a, frame)) {
                Some(t) => union(receiver, vec![Entry::Fn(t)]),
                None => {
                    self.runtime(
                        frame,
                        mc.span(),
                        format!("`{name}(…)` with a route the CLI cannot read (a dynamic route); it is not listed"),
                    );
                    receiver
                }
            },
            "with_sync_tool" | "with_async_tool" => {
                let ty = mc.turbofish.as_ref().and_then(|t| t.args.first()).and_then(|a| match a {
                    syn::GenericArgument::Type(t) => Some(t),
                    _ => None,
                });
                if !self.behaviour.schema.trait_tools {
                    self.runtime(frame, mc.span(), format!("`{name}` does not exist before rmcp 0.17; ignored"));
                    return receiver;
                }
                let found = ty.and_then(|ty| {
                    let (key, _) =
                        type_key(self.index.ws, frame.scope.krate, frame.scope.module, ty, Some(&frame.self_key));
                    key.and_then(|k| self.index.tool_base_impl(&k))
                });
                match found {
                    Some(i) => union(receiver, vec![Entry::Trait(i)]),
                    None => {
                        self.runtime(frame, mc.span(), format!("`{name}`: no `impl ToolBase` for this type was found in the crate; the tool is not listed"));
                        receiver
                    }
                }
            }
            "remove_route" | "disable_route" | "with_disabled" => {
                let lit = mc.args.first().and_then(crate::profile::lit_str);
                match lit {
                    Some(n) => union(receiver, vec![Entry::Remove(n)]),
                    None => {
                        self.runtime(
                            frame,
                            mc.span(),
                            format!("`{name}(…)` changes the router at runtime; listing the tools before it"),
                        );
                        receiver
                    }
                }
            }
            _ => {
                self.runtime(
                    frame,
                    mc.span(),
                    format!("`.{name}(…)` on a router is not understood (runtime-built); listing the tools before it"),
                );
                receiver
            }
        }
    }

    /// `(Self::f_tool_attr(), Self::f)` or `ToolRoute::new(Self::f_tool_attr(), Self::f)`.
    fn single_route(&self, arg: &Expr, frame: &RouterFrame<'w>) -> Option<ToolFnRef<'w>> {
        let parts: Vec<&Expr> = match arg {
            Expr::Tuple(t) => t.elems.iter().collect(),
            Expr::Call(c) => c.args.iter().collect(),
            Expr::Paren(p) => return self.single_route(&p.expr, frame),
            _ => return None,
        };
        let fn_name = parts.iter().find_map(|p| {
            let path = match p {
                Expr::Call(c) => match &*c.func {
                    Expr::Path(p) => &p.path,
                    _ => return None,
                },
                Expr::Path(p) => &p.path,
                _ => return None,
            };
            let last = path.segments.last()?.ident.to_string();
            Some(last.strip_suffix("_tool_attr").map(str::to_owned).unwrap_or(last))
        })?;
        for i in self.index.impls_of(&frame.self_key) {
            if let Some(f) = self.index.impls[i]
                .fns()
                .find(|f| f.sig.ident == fn_name.as_str() && f.attrs.iter().any(|a| is_attr_named(a, "tool")))
            {
                return Some(ToolFnRef { imp: i, f });
            }
        }
        None
    }
}

impl<'w> Evaluator<'_, 'w> {
    /// Whether an expression builds a router, judged by its head (so `let server = match … { … }`
    /// that merely contains router code is not taken for one): a call of a router fn (a
    /// `#[tool_router]` block's, or one declared to return a `ToolRouter`), a router method, a
    /// sum, a local router, or branches whose values are such.
    fn is_router(&self, e: &Expr, frame: &RouterFrame<'w>) -> bool {
        match e {
            Expr::Paren(p) => self.is_router(&p.expr, frame),
            Expr::Group(g) => self.is_router(&g.expr, frame),
            Expr::Reference(r) => self.is_router(&r.expr, frame),
            Expr::Call(c) => match &*c.func {
                Expr::Path(p) => self.is_router_fn(&p.path, frame),
                _ => false,
            },
            Expr::MethodCall(mc) => {
                is_router_mutation(&mc.method.to_string())
                    || (matches!(mc.method.to_string().as_str(), "clone" | "into")
                        && self.is_router(&mc.receiver, frame))
            }
            Expr::Binary(b) if matches!(b.op, syn::BinOp::Add(_)) => {
                // A chain as long as it is deep: its terms in a loop.
                let mut left = &*b.left;
                let mut any = self.is_router(&b.right, frame);
                while let (false, Expr::Binary(inner)) = (any, left) {
                    if !matches!(inner.op, syn::BinOp::Add(_)) {
                        break;
                    }
                    any = self.is_router(&inner.right, frame);
                    left = &inner.left;
                }
                any || self.is_router(left, frame)
            }
            Expr::Path(p) => p.path.get_ident().is_some_and(|i| frame.env.contains_key(&i.to_string())),
            Expr::Field(f) => matches!(&f.member, syn::Member::Named(n) if n.to_string().contains("router")),
            Expr::Block(b) => block_tail(&b.block).is_some_and(|t| self.is_router(t, frame)),
            Expr::If(_) | Expr::Match(_) => branches(e).iter().any(|(b, _)| match b {
                Branch::Block(b) => block_tail(b).is_some_and(|t| self.is_router(t, frame)),
                Branch::Expr(x) => self.is_router(x, frame),
            }),
            _ => false,
        }
    }

    /// `ToolRouter::new`, `Self::tool_router`, `Type::name` of a `#[tool_router(router = name)]`
    /// block, or a fn whose return type names `ToolRouter`.
    fn is_router_fn(&self, path: &syn::Path, frame: &RouterFrame<'w>) -> bool {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        if segments.iter().any(|s| s == "ToolRouter") {
            return true;
        }
        let returns_router = |sig: &syn::Signature| matches!(&sig.output, syn::ReturnType::Type(_, t) if quote::quote!(#t).to_string().contains("ToolRouter"));
        if let [ty @ .., name] = segments.as_slice() {
            if !ty.is_empty() {
                let key = if ty == ["Self"] {
                    Some(frame.self_key.clone())
                } else {
                    match self.index.ws.resolve(frame.scope.krate, frame.scope.module, ty, Namespace::Type) {
                        Resolved::Item(item, _) => Some(TypeKey::Item(item)),
                        _ => None,
                    }
                };
                if let Some(key) = key {
                    return self
                        .index
                        .blocks
                        .iter()
                        .any(|b| b.router == *name && self.index.impls[b.imp].self_key.as_ref() == Some(&key))
                        || self.index.assoc_fn(&key, name).is_some_and(|(_, f)| returns_router(&f.sig));
                }
            }
        }
        match self.index.ws.resolve(frame.scope.krate, frame.scope.module, &segments, Namespace::Value) {
            Resolved::Item(item, ItemKind::Fn) => {
                matches!(self.index.ws.item(item), syn::Item::Fn(f) if returns_router(&f.sig))
            }
            _ => false,
        }
    }
}

impl Walk<'_, '_> {
    fn nothing() -> Self {
        Walk { probe: Probe::Nothing, params: Vec::new(), found: Vec::new() }
    }

    /// A body followed for its value (not searched for a probe).
    fn wants_value(&self) -> bool {
        matches!(self.probe, Probe::Nothing)
    }
}

/// A branch of an `if` or a `match`, and the condition under which it runs.
enum Branch<'e> {
    Block(&'e syn::Block),
    Expr(&'e Expr),
}

enum Condition<'e> {
    /// The `then` branch of `if cond`.
    If(&'e Expr),
    /// The `else` of `if cond`.
    Else(&'e Expr),
    /// An arm of `match scrutinee`.
    Arm(&'e Expr, &'e syn::Pat),
    Loop(proc_macro2::Span),
    UnreadableCfg(proc_macro2::Span),
    /// Taken for certain (`if cfg!(unix)` on the host the manifest is made for).
    Certain,
}

impl Condition<'_> {
    /// The span of the condition and "when …" text, for what this branch adds.
    fn describe(&self) -> (proc_macro2::Span, String) {
        match self {
            Condition::If(c) => (c.span(), format!("when `{}`", clip(&text(c)))),
            Condition::Else(c) => (c.span(), format!("when `{}` is false", clip(&text(c)))),
            Condition::Arm(s, p) => {
                (p.span(), format!("in the arm `{}` of `match {}`", clip(&text_pat(p)), clip(&text(s))))
            }
            Condition::Loop(span) => (*span, "when this loop's body runs".to_owned()),
            Condition::UnreadableCfg(span) => (*span, "when its unreadable `#[cfg]` holds".to_owned()),
            Condition::Certain => (proc_macro2::Span::call_site(), String::new()),
        }
    }
}

/// The branches of an `if` (with its `else if` chain) or a `match`.
fn branches(e: &Expr) -> Vec<(Branch<'_>, Condition<'_>)> {
    let mut out = Vec::new();
    match e {
        Expr::If(i) => {
            out.push((Branch::Block(&i.then_branch), Condition::If(&i.cond)));
            match i.else_branch.as_ref().map(|(_, e)| &**e) {
                Some(Expr::If(_)) => {
                    // `else if`: its own conditions.
                    out.extend(branches(&i.else_branch.as_ref().expect("checked").1));
                }
                Some(other) => out.push((Branch::Expr(other), Condition::Else(&i.cond))),
                None => {}
            }
        }
        Expr::Match(m) => {
            for arm in &m.arms {
                out.push((Branch::Expr(&arm.body), Condition::Arm(&m.expr, &arm.pat)));
            }
        }
        _ => {}
    }
    out
}

/// The predicate of `cfg!(…)`.
fn cfg_macro(e: &Expr) -> Option<syn::Meta> {
    let Expr::Macro(m) = e else { return None };
    if !m.mac.path.is_ident("cfg") {
        return None;
    }
    m.mac.parse_body().ok()
}

/// The immediate sub-expressions and blocks of an expression (not their own children).
#[derive(Default)]
struct Children<'e> {
    exprs: Vec<&'e Expr>,
    blocks: Vec<&'e syn::Block>,
}

impl<'e> Children<'e> {
    fn visit_expr_children(&mut self, e: &'e Expr) {
        syn::visit::visit_expr(self, e);
    }
}

impl<'e> Visit<'e> for Children<'e> {
    fn visit_expr(&mut self, e: &'e Expr) {
        self.exprs.push(e);
    }
    fn visit_block(&mut self, b: &'e syn::Block) {
        self.blocks.push(b);
    }
    fn visit_item(&mut self, _: &'e syn::Item) {}
}

/// The outer attributes of an expression statement (where `#[cfg]` sits).
fn expr_attrs(e: &Expr) -> &[syn::Attribute] {
    match e {
        Expr::Block(x) => &x.attrs,
        Expr::MethodCall(x) => &x.attrs,
        Expr::Call(x) => &x.attrs,
        Expr::Assign(x) => &x.attrs,
        Expr::Binary(x) => &x.attrs,
        Expr::If(x) => &x.attrs,
        Expr::Match(x) => &x.attrs,
        Expr::Macro(x) => &x.attrs,
        Expr::Paren(x) => &x.attrs,
        Expr::Unsafe(x) => &x.attrs,
        Expr::ForLoop(x) => &x.attrs,
        Expr::While(x) => &x.attrs,
        Expr::Loop(x) => &x.attrs,
        Expr::Struct(x) => &x.attrs,
        Expr::Path(x) => &x.attrs,
        _ => &[],
    }
}

/// Methods that change a router in place (`r.merge(x);`) or give a changed one back.
fn is_router_mutation(method: &str) -> bool {
    matches!(
        method,
        "merge"
            | "add"
            | "with_route"
            | "add_route"
            | "remove_route"
            | "disable_route"
            | "with_disabled"
            | "with_sync_tool"
            | "with_async_tool"
    )
}

/// The names of a fn's parameters (`_` and patterns as empty names), `self` left out.
pub(super) fn param_names(sig: &syn::Signature) -> Vec<String> {
    sig.inputs
        .iter()
        .filter_map(|a| match a {
            syn::FnArg::Typed(t) => Some(pat_ident(&t.pat).unwrap_or_default()),
            syn::FnArg::Receiver(_) => None,
        })
        .collect()
}

fn pat_ident(p: &syn::Pat) -> Option<String> {
    match p {
        syn::Pat::Ident(i) => Some(i.ident.to_string()),
        syn::Pat::Type(t) => pat_ident(&t.pat),
        _ => None,
    }
}

fn expr_ident(e: &Expr) -> Option<String> {
    match e {
        Expr::Path(p) => p.path.get_ident().map(|i| i.to_string()),
        Expr::Paren(p) => expr_ident(&p.expr),
        _ => None,
    }
}

/// `let r: ToolRouter<Self> = …`.
fn declared_router(p: &syn::Pat) -> bool {
    matches!(p, syn::Pat::Type(t) if quote::quote!(#t).to_string().contains("ToolRouter"))
}

/// The tail expression of a block.
fn block_tail(b: &syn::Block) -> Option<&Expr> {
    match b.stmts.last() {
        Some(syn::Stmt::Expr(e, None)) => Some(e),
        _ => None,
    }
}

fn text(e: &Expr) -> String {
    super::super::expr_text(e)
}

fn text_pat(p: &syn::Pat) -> String {
    quote::quote!(#p).to_string().replace(" :: ", "::").replace(" (", "(").replace("( ", "(").replace(" )", ")")
}

/// A text cut to a length fit for one line of a message.
fn clip(s: &str) -> String {
    const MAX: usize = 80;
    if s.chars().count() <= MAX {
        return s.to_owned();
    }
    let head: String = s.chars().take(MAX).collect();
    format!("{head}…")
}
