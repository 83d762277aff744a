//! Fn bodies followed statement by statement: local routers, `#[cfg]` on statements, branches
//! and loops that may or may not run, and the probes a body is searched for.

use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::Expr;

use super::super::{Entry, TypeKey};
use super::{added, describe, is_router_mutation, literal_key, place_name, Evaluator, Found, Probe, RouterFrame, Walk};
use crate::model::eval::syntax::{self, expr_attrs, expr_ident, param_names, pat_ident, Branch, Condition};
use crate::source::{Namespace, Resolved};

impl<'w> Evaluator<'_, 'w> {
    /// Follows a fn body statement by statement; returns its value (the tail or `return`).
    pub(super) fn block(
        &mut self,
        block: &syn::Block,
        frame: &mut RouterFrame<'w>,
        walk: &mut Walk<'_, 'w>,
    ) -> Vec<Entry<'w>> {
        if !self.budget.enter() {
            self.runtime(
                frame,
                block.span(),
                "router built too deep in nested blocks to follow; listing what is certain".into(),
            );
            return Vec::new();
        }
        let v = self.block_inner(block, frame, walk);
        self.budget.leave();
        v
    }

    fn block_inner(
        &mut self,
        block: &syn::Block,
        frame: &mut RouterFrame<'w>,
        walk: &mut Walk<'_, 'w>,
    ) -> Vec<Entry<'w>> {
        let scope = frame.locals.mark();
        let mut value = Vec::new();
        for (i, stmt) in block.stmts.iter().enumerate() {
            let last = i + 1 == block.stmts.len();
            match stmt {
                syn::Stmt::Local(local) => {
                    if self.cfg(&local.attrs, frame) == Some(false) {
                        continue;
                    }
                    let Some(init) = &local.init else { continue };
                    self.walk(&init.expr, frame, walk);
                    if let Some(name) = pat_ident(&local.pat) {
                        if declared_router(&local.pat) || self.is_router(&init.expr, frame) {
                            let v = self.expr(&init.expr, frame);
                            frame.locals.bind(name, v);
                        } else {
                            // A shadowing `let` that is not a router.
                            frame.locals.hide(name);
                        }
                    }
                }
                syn::Stmt::Expr(Expr::Return(r), _) => {
                    if let Some(e) = &r.expr {
                        if walk.wants_value() {
                            value = self.expr(e, frame);
                        } else {
                            self.walk(e, frame, walk);
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
                        value = self.expr(e, frame);
                    } else if active.is_none() {
                        // An unreadable `#[cfg]`: the statement may run.
                        self.conditional(frame, walk, Condition::UnreadableCfg(e.span()), |ev, frame, walk| {
                            ev.walk(e, frame, walk)
                        });
                    } else {
                        self.walk(e, frame, walk);
                    }
                }
                syn::Stmt::Item(_) | syn::Stmt::Macro(_) => {}
            }
        }
        // Names bound in this block end with it.
        frame.locals.end_scope(scope);
        value
    }

    /// `#[cfg]` attributes of a statement against the crate's features; `None` when unreadable
    /// (with a warning on the attribute).
    pub(super) fn cfg(&mut self, attrs: &[syn::Attribute], frame: &RouterFrame<'w>) -> Option<bool> {
        let active = syntax::stmt_cfg(attrs, &self.index.ws.crates[frame.scope.krate].features);
        if let (None, Some(span)) = (active, syntax::cfg_span(attrs)) {
            self.runtime(
                frame,
                span,
                "this `#[cfg(…)]` predicate cannot be read: the statement is taken as maybe compiled, and what it adds to a router is listed".into(),
            );
        }
        active
    }

    /// Runs `f` on a copy of the locals, as a branch that may or may not run: what it adds to an
    /// outer router is kept (with a note naming the condition); what it removes is not.
    pub(super) fn conditional(
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
        let mut gained = Vec::new();
        let mut removed = Vec::new();
        for name in frame.locals.sorted_names() {
            if let (Some(before), Some(after)) = (frame.locals.get(&name), inner.locals.get(&name)) {
                gained.extend(added(before, after).into_iter().map(|e| (name.clone(), e)));
                removed.extend(removals(before, after));
            }
        }
        let (span, text) = describe(&condition);
        if !removed.is_empty() {
            // A route taken out only under a condition may still be served: it stays listed.
            self.note(frame, span, format!("{} removed only {text}; listed", removed_names(&removed)));
        }
        if gained.is_empty() {
            return;
        }
        let entries: Vec<Entry<'w>> = gained.iter().map(|(_, e)| e.clone()).collect();
        self.note(frame, span, format!("{} served only {text}; listed", self.tool_names(&entries)));
        for (name, e) in gained {
            frame.locals.get_mut(&name).expect("an outer local").push(e);
        }
    }

    /// Walks an expression for what it does to the locals and for the probe.
    pub(super) fn walk(&mut self, e: &Expr, frame: &mut RouterFrame<'w>, walk: &mut Walk<'_, 'w>) {
        if !self.budget.enter() {
            return;
        }
        self.walk_inner(e, frame, walk);
        self.budget.leave();
    }

    fn walk_inner(&mut self, e: &Expr, frame: &mut RouterFrame<'w>, walk: &mut Walk<'_, 'w>) {
        self.probe(e, frame, walk);
        match e {
            Expr::Block(b) => {
                self.block(&b.block, frame, walk);
            }
            Expr::Unsafe(b) => {
                self.block(&b.block, frame, walk);
            }
            Expr::If(_) | Expr::Match(_) => {
                if let Expr::If(i) = e {
                    self.walk(&i.cond, frame, walk);
                } else if let Expr::Match(m) = e {
                    self.walk(&m.expr, frame, walk);
                }
                for (branch, condition) in self.branches(e, frame) {
                    self.conditional(frame, walk, condition, |ev, frame, walk| match branch {
                        Branch::Block(b) => {
                            ev.block(b, frame, walk);
                        }
                        Branch::Expr(x) => ev.walk(x, frame, walk),
                    });
                }
            }
            Expr::ForLoop(l) => {
                self.walk(&l.expr, frame, walk);
                self.conditional(frame, walk, Condition::Loop(l.for_token.span), |ev, frame, walk| {
                    ev.block(&l.body, frame, walk);
                });
            }
            Expr::While(l) => {
                self.walk(&l.cond, frame, walk);
                self.conditional(frame, walk, Condition::Loop(l.while_token.span), |ev, frame, walk| {
                    ev.block(&l.body, frame, walk);
                });
            }
            Expr::Loop(l) => {
                self.conditional(frame, walk, Condition::Loop(l.loop_token.span), |ev, frame, walk| {
                    ev.block(&l.body, frame, walk);
                });
            }
            Expr::Closure(c) => {
                // Runs later, if ever: only searched for the probe.
                let mut inner = frame.clone();
                self.walk(&c.body, &mut inner, walk);
            }
            Expr::Async(a) => {
                let mut inner = frame.clone();
                self.block(&a.block, &mut inner, walk);
            }
            Expr::Binary(bin)
                if matches!(bin.op, syn::BinOp::AddAssign(_)) && self.tracked(&bin.left, frame).is_some() =>
            {
                let name = self.tracked(&bin.left, frame).expect("checked");
                self.walk(&bin.right, frame, walk);
                let add = self.expr(&bin.right, frame);
                frame.locals.get_mut(&name).expect("tracked").extend(add);
            }
            Expr::Assign(a) if self.tracked(&a.left, frame).is_some() => {
                let name = self.tracked(&a.left, frame).expect("checked");
                self.walk(&a.right, frame, walk);
                let v = self.expr(&a.right, frame);
                frame.locals.assign(name, v);
            }
            Expr::MethodCall(mc) if self.map_removal(mc, frame).is_some() => {
                let (name, key) = self.map_removal(mc, frame).expect("checked");
                frame.locals.get_mut(&name).expect("tracked").push(Entry::Remove(key));
            }
            Expr::MethodCall(mc) if self.tracked(&mc.receiver, frame).is_some() => {
                // `r.merge(…)`, `r.add_route(…)`, `r.remove_route("x")`: the local changes.
                let name = self.tracked(&mc.receiver, frame).expect("checked");
                for a in &mc.args {
                    self.walk(a, frame, walk);
                }
                if is_router_mutation(&mc.method.to_string()) {
                    let before = frame.locals.get(&name).expect("tracked").clone();
                    let v = self.method(mc, before, frame);
                    frame.locals.assign(name, v);
                }
            }
            _ => {
                self.reach_mut_callee(e, frame);
                let mut children = Children::default();
                children.visit_expr_children(e);
                for child in children.exprs {
                    self.walk(child, frame, walk);
                }
                for b in children.blocks {
                    let mut inner = frame.clone();
                    self.block(b, &mut inner, walk);
                }
            }
        }
    }

    /// `patch(&mut router)`, `Self::patch(&mut router)`: a workspace fn handed a local router to
    /// change builds the served router too (its route loops are the server's).
    fn reach_mut_callee(&mut self, e: &Expr, frame: &RouterFrame<'w>) {
        let Expr::Call(call) = e else { return };
        let Expr::Path(p) = &*call.func else { return };
        let hands_router = call.args.iter().any(
            |a| matches!(a, Expr::Reference(r) if r.mutability.is_some() && self.tracked(&r.expr, frame).is_some()),
        );
        if !hands_router {
            return;
        }
        if let Some((body, krate, module)) =
            self.index.fn_body(&p.path, frame.scope.krate, frame.scope.module, Some(&frame.self_ty))
        {
            let callee = RouterFrame::new(krate, module, frame.self_ty.clone());
            self.reach(&callee, body);
        }
    }

    /// A local router named by `e` (`r`, `(r)`), or a field bound as one (`self.tool_router`).
    pub(super) fn tracked(&self, e: &Expr, frame: &RouterFrame<'w>) -> Option<String> {
        place_name(e).filter(|n| frame.locals.contains(n))
    }

    /// `r.map.remove("x")` on a tracked router (rmcp's `ToolRouter::map` is public): `x` is taken
    /// out, as `remove_route("x")` does. A key the code computes is left to the startup-loop
    /// reading (a rename loop takes each route out by its key and puts it back).
    fn map_removal(&self, mc: &syn::ExprMethodCall, frame: &RouterFrame<'w>) -> Option<(String, String)> {
        let Expr::Field(f) = &*mc.receiver else { return None };
        if mc.method != "remove" || !matches!(&f.member, syn::Member::Named(n) if n == "map") {
            return None;
        }
        let name = self.tracked(&f.base, frame)?;
        Some((name, literal_key(mc.args.first()?)?))
    }

    /// Records what the probe is looking for, should `e` be it.
    pub(super) fn probe(&mut self, e: &Expr, frame: &RouterFrame<'w>, walk: &mut Walk<'_, 'w>) {
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
                        .fn_body(&p.path, frame.scope.krate, frame.scope.module, Some(&frame.self_ty))
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
            .filter(|n| !frame.locals.contains(n))
            .and_then(|n| walk.params.iter().position(|p| *p == n));
        if param.is_some() {
            walk.found.push(Found { entries: Vec::new(), location, clean: false, param });
            return;
        }
        let before = self.warnings();
        let cycles = self.field_cycles;
        let entries = self.expr(target, frame);
        if self.field_cycles > cycles {
            // The field given its own value again: not a router of its own.
            return;
        }
        let clean = self.warnings() == before;
        walk.found.push(Found { entries, location, clean, param: None });
    }

    /// `Self` or a path naming the type being evaluated.
    pub(super) fn names_type(&self, path: &syn::Path, frame: &RouterFrame<'w>, key: &TypeKey) -> bool {
        let segments: Vec<String> = path.segments.iter().map(|x| x.ident.to_string()).collect();
        if segments == ["Self"] {
            return frame.self_ty == *key;
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
    ) -> Vec<Found<'w>> {
        let mut walk = Walk { probe, params: param_names(sig), found: Vec::new() };
        let mut frame = frame;
        let reached = self.reached.len();
        self.block(body, &mut frame, &mut walk);
        if walk.found.is_empty() {
            // Searched, not found: the body builds nothing served (nor do the fns it handed a
            // router to).
            self.reached.truncate(reached);
        } else {
            self.reach(&frame, body);
        }
        walk.found
    }
}

/// The names `after` removes that `before` does not.
pub(super) fn removals(before: &[Entry<'_>], after: &[Entry<'_>]) -> Vec<String> {
    let removes = |v: &[Entry<'_>]| -> Vec<String> {
        v.iter().filter_map(|e| if let Entry::Remove(n) = e { Some(n.clone()) } else { None }).collect()
    };
    let earlier = removes(before);
    removes(after).into_iter().filter(|n| !earlier.contains(n)).collect()
}

/// "`a`, `b`" with "tool"/"tools" for a note.
pub(super) fn removed_names(names: &[String]) -> String {
    let word = if names.len() == 1 { "tool" } else { "tools" };
    let verb = if names.len() == 1 { "is" } else { "are" };
    let list: Vec<String> = names.iter().map(|n| format!("`{}`", syntax::clip(n))).collect();
    format!("{word} {} {verb}", list.join(", "))
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

/// `let r: ToolRouter<Self> = …`.
fn declared_router(p: &syn::Pat) -> bool {
    matches!(p, syn::Pat::Type(t) if quote::quote!(#t).to_string().contains("ToolRouter"))
}
