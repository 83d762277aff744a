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
//! `r.map.remove("name")` on a local router is a removal too (`ToolRouter::map` is public); a
//! removal under a condition keeps the tool listed, with a note.
//!
//! `self.field` is the value every place that builds the server type gives the field; a field set
//! from a constructor parameter is followed to the constructor's call sites; and fns that change
//! the field of a built value (`init(mut self)`, `main`) add what they add, with a note, while
//! what they take out stays listed, with a note (whether they run before the server serves is
//! not followed).
//!
//! The reading of the code (locals, parameters, branches and their conditions, `#[cfg]`, chains)
//! is the evaluator core's, [`crate::model::eval::syntax`], shared with the value evaluator; what
//! is a router and what `+`, `.merge` and the rest do to one is this layer's. Statements are
//! followed in [`statements`], calls in [`calls`], fields to the places that set them in
//! [`fields`].

mod calls;
mod fields;
mod methods;
mod statements;
#[cfg(test)]
mod tests;

use syn::spanned::Spanned;
use syn::Expr;

use super::{BuiltRoute, Entry, Finding, Index, Severity, ToolFnRef, TypeKey};
use crate::diagnostics::{Code, Location};
use crate::model::eval::budget::Budget;
use crate::model::eval::syntax::{self, block_tail, branches, clip, expr_ident, Branch, Condition};
use crate::model::eval::Frame;
use crate::model::Scope;
use crate::profile::is_attr_named;
use crate::profile::rmcp::version::Behaviour;
use crate::source::{ItemKind, ModuleId, Namespace, Resolved};

/// A router the CLI cannot read exactly (a warning: the manifest may be wrong).
pub(super) const RUNTIME_ROUTER: Code = Code::RuntimeRouter;
/// A router served only under a runtime condition (a note: the manifest lists it).
pub(super) const RUNTIME_CONDITION: Code = Code::RuntimeCondition;
/// A hand-written `list_tools` (a warning: the served list is post-processed at runtime).
pub(super) const HAND_WRITTEN: Code = Code::HandWrittenListTools;

/// Tool names shown in one note before "and N more".
const NAMES_SHOWN: usize = 6;

/// Where a router expression is evaluated: the interpreter's [`Frame`] with routers as the
/// locals' values (their entries) and the server type as `Self` (router code has no generic
/// parameters to lower).
pub(super) type RouterFrame<'w> = Frame<Vec<Entry<'w>>, TypeKey>;

impl Frame<Vec<Entry<'_>>, TypeKey> {
    /// A router frame in a module of a crate, `Self` the server type.
    pub(super) fn new(krate: usize, module: ModuleId, self_key: TypeKey) -> Self {
        Frame::of(Scope::without_generics(krate, module), self_key)
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
    /// Nothing, and not the body's value either: the body is followed for what it does to the
    /// places bound as locals (a field changed after its value is built).
    Changes,
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

pub(super) struct Walk<'p, 'w> {
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
    /// The interpreter's budget: router expressions nested, or fns calling each other, deeper
    /// than its depth are runtime-built to us (flat chains, `a + b + … + z` and
    /// `r.merge(a).merge(b)…`, are not nesting: they are read in a loop, whatever their length);
    /// its guard holds the router fns and fields being evaluated (type, name), against cycles.
    budget: Budget<(TypeKey, String)>,
    /// How many times a field was met inside its own evaluation (`self.r.clone()` in a builder).
    field_cycles: usize,
    /// The fn bodies (where they start) that build the served router: the fns it calls, the
    /// places that set the field it is, and the fns those hand the router to as `&mut`. A startup
    /// loop over routes changes what is served only when it is written in one of them.
    pub reached: Vec<Location>,
}

/// `a` then `b` (on a duplicate name the later one wins when tools are built).
pub(super) fn union<'w>(mut a: Vec<Entry<'w>>, b: Vec<Entry<'w>>) -> Vec<Entry<'w>> {
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
        Evaluator {
            index,
            behaviour,
            findings: Vec::new(),
            budget: Budget::default(),
            field_cycles: 0,
            reached: Vec::new(),
        }
    }

    /// Notes that the fn body `body` (of the frame's module) builds the served router.
    pub(super) fn reach(&mut self, frame: &RouterFrame, body: &syn::Block) {
        if let Some(at) = self.loc(frame, body.span()) {
            if !self.reached.contains(&at) {
                self.reached.push(at);
            }
        }
    }

    pub(super) fn loc(&self, frame: &RouterFrame, span: proc_macro2::Span) -> Option<Location> {
        Some(self.index.ws.crates[frame.scope.krate].file_of(frame.scope.module).location(span))
    }

    pub(super) fn runtime(&mut self, frame: &RouterFrame, span: proc_macro2::Span, what: String) {
        let location = self.loc(frame, span);
        self.findings.push(Finding { severity: Severity::Warning, code: RUNTIME_ROUTER, message: what, location });
    }

    pub(super) fn note(&mut self, frame: &RouterFrame, span: proc_macro2::Span, what: String) {
        let location = self.loc(frame, span);
        self.findings.push(Finding { severity: Severity::Note, code: RUNTIME_CONDITION, message: what, location });
    }

    /// Warnings so far: to tell whether an evaluation was exact.
    pub(super) fn warnings(&self) -> usize {
        self.findings.iter().filter(|f| f.severity != Severity::Note).count()
    }

    /// The entries a router expression holds.
    pub fn expr(&mut self, e: &Expr, frame: &RouterFrame<'w>) -> Vec<Entry<'w>> {
        if !self.budget.enter() {
            self.runtime(
                frame,
                e.span(),
                "router expression nested too deeply to follow; its tools are not listed".into(),
            );
            return Vec::new();
        }
        let v = self.expr_inner(e, frame);
        self.budget.leave();
        v
    }

    fn expr_inner(&mut self, e: &Expr, frame: &RouterFrame<'w>) -> Vec<Entry<'w>> {
        match e {
            Expr::Paren(p) => self.expr(&p.expr, frame),
            Expr::Group(g) => self.expr(&g.expr, frame),
            Expr::Reference(r) => self.expr(&r.expr, frame),
            Expr::Binary(bin) if matches!(bin.op, syn::BinOp::Add(_)) => self.sum(bin, frame),
            Expr::Block(b) => {
                let mut inner = frame.clone();
                self.block(&b.block, &mut inner, &mut Walk::nothing())
            }
            Expr::If(_) | Expr::Match(_) => self.branches_value(e, frame),
            Expr::Path(p) if p.path.get_ident().is_some() => {
                let name = p.path.get_ident().expect("checked").to_string();
                match frame.locals.get(&name) {
                    Some(v) => v.clone(),
                    None => {
                        self.runtime(frame, e.span(), format!("router `{name}` comes from outside what the CLI can read (runtime-built); its tools are not listed"));
                        Vec::new()
                    }
                }
            }
            // `self.tool_router` while its changes after construction are followed: that value.
            Expr::Field(_) if self.tracked(e, frame).is_some() => {
                let name = self.tracked(e, frame).expect("checked");
                frame.locals.get(&name).cloned().unwrap_or_default()
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
                self.field(&field.to_string(), frame)
            }
            Expr::Call(call) => self.call(call, frame),
            Expr::MethodCall(mc) => self.method_chain(mc, frame),
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
    fn sum(&mut self, bin: &syn::ExprBinary, frame: &RouterFrame<'w>) -> Vec<Entry<'w>> {
        let mut out = Vec::new();
        for term in syntax::sum_terms(bin) {
            out.extend(self.expr(term, frame));
        }
        out
    }

    /// `base.m1(…).m2(…)…`: the base, then each method in order, in a loop.
    fn method_chain(&mut self, mc: &syn::ExprMethodCall, frame: &RouterFrame<'w>) -> Vec<Entry<'w>> {
        let (base, calls) = syntax::method_chain(mc);
        let mut v = self.expr(base, frame);
        for call in calls {
            v = self.method(call, v, frame);
        }
        v
    }

    /// The value of an `if` or a `match`: every branch may be the one taken.
    fn branches_value(&mut self, e: &Expr, frame: &RouterFrame<'w>) -> Vec<Entry<'w>> {
        let mut values = Vec::new();
        for (branch, condition) in self.branches(e, frame) {
            let mut inner = frame.clone();
            let v = match branch {
                Branch::Block(b) => self.block(b, &mut inner, &mut Walk::nothing()),
                Branch::Expr(x) => self.expr(x, &inner),
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
                let (span, text) = describe(condition);
                self.note(frame, span, format!("{} served only {text}; listed", self.tool_names(&own)));
            }
        }
        all
    }

    /// The branches of an `if` or a `match` that may run: `if cfg!(…)` is read against the
    /// crate's features, and only the branch it takes is kept, as certain.
    pub(super) fn branches<'e>(&self, e: &'e Expr, frame: &RouterFrame<'w>) -> Vec<(Branch<'e>, Condition<'e>)> {
        syntax::cfg_branches(e, &self.index.ws.crates[frame.scope.krate].features).unwrap_or_else(|| branches(e))
    }

    /// Names of the tools of some entries, for a note.
    pub(super) fn tool_names(&self, entries: &[Entry<'w>]) -> String {
        let names: Vec<String> = entries
            .iter()
            .filter_map(|e| match e {
                Entry::Fn(t) => Some(format!("`{}`", t.f.sig.ident)),
                Entry::Trait(i) => Some(format!("`{}`", self.index.impls[*i].self_name)),
                Entry::Built(b) => {
                    let tool = &*b.tool;
                    Some(format!("`{}`", clip(&quote::quote!(#tool).to_string())))
                }
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

    /// One method applied to the router `receiver` holds: its row of [`methods::ROUTER_METHODS`],
    /// else a warning (the tools before it are kept).
    fn method(
        &mut self,
        mc: &syn::ExprMethodCall,
        receiver: Vec<Entry<'w>>,
        frame: &RouterFrame<'w>,
    ) -> Vec<Entry<'w>> {
        let name = mc.method.to_string();
        match methods::find(&name) {
            Some(row) => (row.run)(self, mc, receiver, frame),
            None => {
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
    pub(super) fn single_route(&self, arg: &Expr, frame: &RouterFrame<'w>) -> Option<ToolFnRef<'w>> {
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
        for i in self.index.impls_of(&frame.self_ty) {
            if let Some(f) = self.index.impls[i]
                .fns()
                .find(|f| f.sig.ident == fn_name.as_str() && f.attrs.iter().any(|a| is_attr_named(a, "tool")))
            {
                return Some(ToolFnRef { imp: i, f });
            }
        }
        None
    }

    /// A route whose tool is a value the code builds: `ToolRoute::new(tool, handler)`,
    /// `ToolRoute::new_dyn(tool, handler)` or `(tool, handler)` (rmcp's `IntoToolRoute` for a
    /// `(Tool, handler)` pair), written here or as the tail of a fn of the workspace this calls
    /// (`Type::create_route(config)`), `Self` there being the fn's type. `None` when the
    /// argument is none of these.
    pub(super) fn built_route(&self, arg: &Expr, frame: &RouterFrame<'w>) -> Option<BuiltRoute> {
        let (krate, module) = (frame.scope.krate, frame.scope.module);
        self.built_route_in(arg, krate, module, &frame.self_ty, 0)
    }

    fn built_route_in(
        &self,
        arg: &Expr,
        krate: usize,
        module: ModuleId,
        self_key: &TypeKey,
        depth: usize,
    ) -> Option<BuiltRoute> {
        // A route fn that calls a route fn that …: as deep as real code goes, and finite.
        const MAX_ROUTE_FNS: usize = 16;
        let here = |tool: &Expr| BuiltRoute {
            tool: std::rc::Rc::new(tool.clone()),
            krate,
            module,
            self_key: self_key.clone(),
        };
        match arg {
            Expr::Paren(p) => self.built_route_in(&p.expr, krate, module, self_key, depth),
            Expr::Group(g) => self.built_route_in(&g.expr, krate, module, self_key, depth),
            Expr::Block(b) => self.built_route_in(block_tail(&b.block)?, krate, module, self_key, depth),
            Expr::Tuple(t) if t.elems.len() == 2 => Some(here(&t.elems[0])),
            Expr::Call(c) => {
                let Expr::Path(p) = &*c.func else { return None };
                let segments: Vec<String> =
                    p.path.segments.iter().map(|s| crate::source::unraw_ident(&s.ident.to_string())).collect();
                let n = segments.len();
                if n >= 2 && segments[n - 2] == "ToolRoute" && matches!(segments[n - 1].as_str(), "new" | "new_dyn") {
                    return c.args.first().map(here);
                }
                if depth >= MAX_ROUTE_FNS {
                    return None;
                }
                let found = self.index.fn_by_path(&segments, krate, module, Some(self_key))?;
                let owner =
                    (n >= 2).then(|| self.index.type_of_path(&segments[..n - 1], krate, module, Some(self_key)));
                let inner_self = owner.flatten().unwrap_or_else(|| self_key.clone());
                let tail = block_tail(found.body)?;
                self.built_route_in(tail, found.item.krate, found.item.module, &inner_self, depth + 1)
            }
            _ => None,
        }
    }
}

impl<'w> Evaluator<'_, 'w> {
    /// Whether an expression builds a router, judged by its head (so `let server = match … { … }`
    /// that merely contains router code is not taken for one): a call of a router fn (a
    /// `#[tool_router]` block's, or one declared to return a `ToolRouter`), a router method, a
    /// sum, a local router, or branches whose values are such.
    pub(super) fn is_router(&self, e: &Expr, frame: &RouterFrame<'w>) -> bool {
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
            // A chain as long as it is deep: its terms in a loop.
            Expr::Binary(b) if matches!(b.op, syn::BinOp::Add(_)) => {
                syntax::sum_terms(b).into_iter().any(|t| self.is_router(t, frame))
            }
            Expr::Path(p) => p.path.get_ident().is_some_and(|i| frame.locals.contains(&i.to_string())),
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
                    Some(frame.self_ty.clone())
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
    pub(super) fn nothing() -> Self {
        Walk { probe: Probe::Nothing, params: Vec::new(), found: Vec::new() }
    }

    /// A body followed for what it does to the places bound as locals.
    pub(super) fn changes() -> Self {
        Walk { probe: Probe::Changes, params: Vec::new(), found: Vec::new() }
    }

    /// A body followed for its value (not searched for a probe).
    pub(super) fn wants_value(&self) -> bool {
        matches!(self.probe, Probe::Nothing)
    }
}

/// The span of a condition and "when …" text, for what its branch adds.
fn describe(condition: &Condition) -> (proc_macro2::Span, String) {
    match condition {
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

/// The place an expression names, as text: `r`, `self.tool_router`, `server.inner.router`; `None`
/// for anything else (a call, an index).
pub(super) fn place_name(e: &Expr) -> Option<String> {
    match e {
        Expr::Paren(p) => place_name(&p.expr),
        Expr::Field(f) => match &f.member {
            syn::Member::Named(n) => Some(format!("{}.{n}", place_name(&f.base)?)),
            syn::Member::Unnamed(_) => None,
        },
        _ => expr_ident(e),
    }
}

/// The key of `map.remove(key)` when it is a string the code spells out: `"x"`, `&"x".into()`,
/// `&Cow::Borrowed("x")`, `"x".to_string()`.
pub(super) fn literal_key(e: &Expr) -> Option<String> {
    match e {
        Expr::Reference(r) => literal_key(&r.expr),
        Expr::Paren(p) => literal_key(&p.expr),
        Expr::MethodCall(mc)
            if mc.args.is_empty() && matches!(mc.method.to_string().as_str(), "into" | "to_string" | "to_owned") =>
        {
            literal_key(&mc.receiver)
        }
        Expr::Call(c) if c.args.len() == 1 => match &*c.func {
            Expr::Path(p)
                if p.path
                    .segments
                    .last()
                    .is_some_and(|s| matches!(s.ident.to_string().as_str(), "Borrowed" | "from")) =>
            {
                literal_key(&c.args[0])
            }
            _ => None,
        },
        _ => crate::profile::lit_str(e),
    }
}

/// Methods that change a router in place (`r.merge(x);`) or give a changed one back.
fn is_router_mutation(method: &str) -> bool {
    methods::find(method).is_some_and(|row| row.mutates)
}

fn text(e: &Expr) -> String {
    super::super::expr_text(e)
}

fn text_pat(p: &syn::Pat) -> String {
    quote::quote!(#p).to_string().replace(" :: ", "::").replace(" (", "(").replace("( ", "(").replace(" )", ")")
}
