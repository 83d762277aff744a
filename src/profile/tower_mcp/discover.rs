//! Which tools a tower-mcp crate serves: the `McpRouter` chains of every fn that builds one
//! (`.tool(t)`, `.tool_if(c, t)`, `.tools(v)`, `.tools_if(c, v)`), each tool followed back to its
//! `ToolBuilder` chain through locals, `let` bindings mutated by `push`/`extend`, `vec![…]` and
//! arrays, helper fns and their tails, `if`/`match` branches and `#[cfg]`. Without any router in
//! the crate, every `ToolBuilder` chain ending in `.build()` is listed (a library of tools).

use std::collections::HashMap;

use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::Expr;

use crate::diagnostics::{Code, Diagnostic, Location};
use crate::model::eval::budget::Budget;
use crate::model::eval::syntax::{self, Branch};
use crate::model::eval::Frame;
use crate::model::Scope;
use crate::source::impls::ImplIndex;
use crate::source::{ItemKind, ModuleId, Namespace, Resolved, Workspace};

/// A method of `McpRouter` that registers tools: its argument holding them is the last one; a
/// `conditional` one takes a condition first (`tool_if(c, t)`); what a `serves` one registers is
/// served (`chain` only passes a list through).
struct RouterMethod {
    name: &'static str,
    conditional: bool,
    serves: bool,
}

/// The methods of `McpRouter` the reader follows. Adding one is a row here and a case in the
/// table test.
const ROUTER_METHODS: &[RouterMethod] = &[
    RouterMethod { name: "tool", conditional: false, serves: true },
    RouterMethod { name: "tools", conditional: false, serves: true },
    RouterMethod { name: "chain", conditional: false, serves: false },
    RouterMethod { name: "tool_if", conditional: true, serves: true },
    RouterMethod { name: "tools_if", conditional: true, serves: true },
];

fn router_method(name: &str) -> Option<&'static RouterMethod> {
    ROUTER_METHODS.iter().find(|m| m.name == name)
}

/// Methods that add to a local list of tools (`v.push(t)`).
const LIST_METHODS: &[&str] = &["push", "extend", "append"];

/// Calls of one argument that hold what their argument holds (`Some(t)`, `Arc::new(t)`).
const WRAPPERS: &[&str] = &["Some", "Ok", "new", "from", "Box", "Arc"];

/// One `ToolBuilder` chain a router serves: the whole chain (up to `.build()`) and where it is
/// written.
#[derive(Clone)]
pub struct Found<'w> {
    pub chain: &'w syn::ExprMethodCall,
    pub scope: Scope,
    /// `Tool::with_meta(v)` after `.build()`: the tool's `_meta`.
    pub meta: Option<&'w Expr>,
}

/// What the crate serves, in registration order, and what could not be followed.
pub struct Served<'w> {
    pub tools: Vec<Found<'w>>,
    pub diagnostics: Vec<Diagnostic>,
    pub routers: usize,
}

/// Where code is read: the interpreter's [`Frame`] with lists of tools as the locals' values (a
/// module of a crate, with the fn's generic parameters; no `Self`).
type ToolsFrame<'w> = Frame<Tools<'w>, ()>;

/// The value of an expression, as far as tools go: a router, a `Vec`/array of tools or a single
/// tool are all lists of tools. `None`: not something that holds tools.
type Tools<'w> = Vec<Found<'w>>;

struct Reader<'w, 'i> {
    ws: &'w Workspace,
    impls: &'i ImplIndex<'w>,
    served: Vec<Found<'w>>,
    diagnostics: Vec<Diagnostic>,
    /// The interpreter's budget, for the fn that builds a router being read: helper fns calling
    /// each other deeper than its depth, or more statements than its steps, are not followed
    /// (recursion in the sources ends there: a helper may call itself, each call is a level).
    budget: Budget<()>,
    routers: usize,
    /// What was parsed from macro tokens (`vec![…]` elements, `#[tool_fn]` chains), once per
    /// place: the found chains point into it for the rest of the run.
    parsed: HashMap<usize, &'w syn::punctuated::Punctuated<Expr, syn::Token![,]>>,
    tool_fn_chains: HashMap<usize, &'w syn::ExprMethodCall>,
}

/// Every tool the routers of the workspace register.
pub fn served<'w>(ws: &'w Workspace, impls: &ImplIndex<'w>) -> Served<'w> {
    let mut reader = Reader {
        ws,
        impls,
        served: Vec::new(),
        diagnostics: Vec::new(),
        budget: Budget::default(),
        routers: 0,
        parsed: HashMap::new(),
        tool_fn_chains: HashMap::new(),
    };
    let fns = fn_bodies(ws, "McpRouter");
    for (block, scope) in &fns {
        if !builds_router(block) {
            continue;
        }
        // One evaluation per fn that builds a router: each has the whole budget.
        reader.budget = Budget::default();
        reader.block(block, &mut Frame::of(scope.clone(), ()));
    }
    if reader.routers == 0 {
        for (block, scope) in fn_bodies(ws, "ToolBuilder").iter().chain(fn_bodies(ws, "builder").iter()) {
            let mut chains = BuildChains::default();
            chains.visit_block(block);
            for chain in chains.found {
                let found = Found { chain, scope: scope.clone(), meta: None };
                if !reader.served.iter().any(|f| std::ptr::eq(f.chain, chain)) {
                    reader.served.push(found);
                }
            }
        }
    }
    Served { tools: reader.served, diagnostics: reader.diagnostics, routers: reader.routers }
}

/// The bodies of every fn (free or in an impl) whose text may mention `word`, with their scope.
fn fn_bodies<'w>(ws: &'w Workspace, word: &str) -> Vec<(&'w syn::Block, Scope)> {
    let mut out = Vec::new();
    for (krate, c) in ws.crates.iter().enumerate() {
        for (m, module) in c.modules.iter().enumerate() {
            let module_id = ModuleId(m);
            for item in &module.items {
                let item = ws.crates[krate].file_of(module_id).whole_item(item);
                match item {
                    syn::Item::Fn(f) if ws.block_mentions(krate, module_id, &f.block, word) => {
                        let scope = fn_scope(krate, module_id, &f.sig, None);
                        out.push((ws.block(krate, module_id, &f.block), scope));
                    }
                    syn::Item::Impl(imp) => {
                        for it in ws.impl_items(krate, module_id, imp) {
                            let syn::ImplItem::Fn(f) = it else { continue };
                            if ws.block_mentions(krate, module_id, &f.block, word) {
                                let scope = fn_scope(krate, module_id, &f.sig, Some(&imp.generics));
                                out.push((ws.block(krate, module_id, &f.block), scope));
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

fn fn_scope(krate: usize, module: ModuleId, sig: &syn::Signature, outer: Option<&syn::Generics>) -> Scope {
    let mut generics: Vec<String> = sig.generics.type_params().map(|p| p.ident.to_string()).collect();
    if let Some(g) = outer {
        generics.extend(g.type_params().map(|p| p.ident.to_string()));
    }
    Scope { krate, module, generics }
}

/// Whether a body calls `McpRouter::new()` (or `::default()`): a router is made here.
fn builds_router(block: &syn::Block) -> bool {
    #[derive(Default)]
    struct Finder(bool);
    impl<'ast> Visit<'ast> for Finder {
        fn visit_expr_call(&mut self, c: &'ast syn::ExprCall) {
            if is_router_new(&Expr::Call(c.clone())) {
                self.0 = true;
            }
            syn::visit::visit_expr_call(self, c);
        }
    }
    let mut f = Finder::default();
    f.visit_block(block);
    f.0
}

/// `McpRouter::new()` / `McpRouter::default()` (any prefix).
fn is_router_new(e: &Expr) -> bool {
    let Expr::Call(c) = e else { return false };
    let Expr::Path(p) = &*c.func else { return false };
    let segs: Vec<String> = p.path.segments.iter().map(|s| s.ident.to_string()).collect();
    matches!(segs.as_slice(), [.., ty, f] if ty == "McpRouter" && (f == "new" || f == "default"))
}

/// `Vec::new()`, `Vec::with_capacity(n)`: an empty list of tools (what is pushed is followed).
fn is_new_vec(path: &syn::Path) -> bool {
    let segs: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    matches!(segs.as_slice(), [.., ty, f] if ty == "Vec" && (f == "new" || f == "with_capacity"))
}

/// `ToolBuilder::new(…)`, `ToolBuilder::try_new(…)`, `Tool::builder(…)` (any prefix): the start
/// of a tool's chain.
pub fn is_builder_start(e: &Expr) -> bool {
    let e = strip(e);
    let Expr::Call(c) = e else { return false };
    let Expr::Path(p) = &*c.func else { return false };
    let segs: Vec<String> = p.path.segments.iter().map(|s| s.ident.to_string()).collect();
    matches!(segs.as_slice(), [.., ty, f] if (ty == "ToolBuilder" && (f == "new" || f == "try_new")) || (ty == "Tool" && f == "builder"))
}

/// An expression without the wrappers that do not change what it holds.
fn strip(e: &Expr) -> &Expr {
    match e {
        Expr::Paren(p) => strip(&p.expr),
        Expr::Group(g) => strip(&g.expr),
        Expr::Try(t) => strip(&t.expr),
        Expr::Reference(r) => strip(&r.expr),
        Expr::Await(a) => strip(&a.base),
        _ => e,
    }
}

/// Every `ToolBuilder` chain that ends in `.build()`, in source order.
#[derive(Default)]
struct BuildChains<'ast> {
    found: Vec<&'ast syn::ExprMethodCall>,
}

impl<'ast> Visit<'ast> for BuildChains<'ast> {
    fn visit_expr_method_call(&mut self, mc: &'ast syn::ExprMethodCall) {
        if mc.method == "build" {
            let (base, _) = syntax::method_chain(mc);
            if is_builder_start(base) {
                self.found.push(mc);
                return;
            }
        }
        syn::visit::visit_expr_method_call(self, mc);
    }
}

impl<'w> Reader<'w, '_> {
    fn location(&self, scope: &Scope, span: proc_macro2::Span) -> Location {
        self.ws.crates[scope.krate].file_of(scope.module).location(span)
    }

    fn note_condition(&mut self, scope: &Scope, tools: &[Found<'w>], condition: &Expr) {
        for t in tools {
            let Some(name) = first_string_arg(t.chain) else { continue };
            let text = syntax::clip(&expr_text(condition));
            let message = format!("tool `{name}` is served only when `{text}`; listed");
            if !self.diagnostics.iter().any(|d| d.message == message) {
                let d =
                    Diagnostic::note(Code::RuntimeCondition, message).at(Some(self.location(scope, condition.span())));
                self.diagnostics.push(d);
            }
        }
    }

    fn cannot_follow(&mut self, scope: &Scope, e: &Expr) {
        let text = syntax::clip(&expr_text(e));
        let message = format!("tools registered from `{text}` cannot be followed in the sources; they are not listed");
        if !self.diagnostics.iter().any(|d| d.message == message) {
            let d = Diagnostic::warning(Code::RuntimeRouter, message)
                .at(Some(self.location(scope, e.span())))
                .with_help("build the tools with `ToolBuilder` chains the CLI can follow (fns, locals, `vec![…]`), or give the manifest by hand");
            self.diagnostics.push(d);
        }
    }

    /// A block's value, running its statements against the frame's locals.
    fn block(&mut self, b: &'w syn::Block, frame: &mut ToolsFrame<'w>) -> Option<Tools<'w>> {
        let mark = frame.locals.mark();
        let mut value = None;
        for (i, stmt) in b.stmts.iter().enumerate() {
            let last = i + 1 == b.stmts.len();
            if !self.budget.step() {
                break;
            }
            match stmt {
                syn::Stmt::Local(l) => {
                    if syntax::stmt_cfg(&l.attrs, &self.ws.crates[frame.scope.krate].features) == Some(false) {
                        continue;
                    }
                    // Evaluated whatever the pattern (`let _ = router.tool(t);` still registers).
                    let v = l.init.as_ref().and_then(|init| self.expr(&init.expr, frame));
                    let Some(name) = syntax::pat_ident(&l.pat) else { continue };
                    match v {
                        Some(v) => frame.locals.bind(name, v),
                        None => frame.locals.hide(name),
                    }
                }
                syn::Stmt::Expr(e, semi) => {
                    if syntax::stmt_cfg(syntax::expr_attrs(e), &self.ws.crates[frame.scope.krate].features)
                        == Some(false)
                    {
                        continue;
                    }
                    if let Expr::Return(r) = e {
                        value = r.expr.as_deref().and_then(|e| self.expr(e, frame));
                        break;
                    }
                    let v = self.statement(e, frame);
                    if last && semi.is_none() {
                        value = v;
                    }
                }
                syn::Stmt::Macro(m) => {
                    if last && m.semi_token.is_none() {
                        value = self.vec_macro(&m.mac, frame);
                    }
                }
                syn::Stmt::Item(_) => {}
            }
        }
        frame.locals.end_scope(mark);
        value
    }

    /// An expression statement: mutations of locals (`v.push(t)`, `v.extend(…)`, `r = r.tool(t)`),
    /// branches run in place, or the value of the expression.
    fn statement(&mut self, e: &'w Expr, frame: &mut ToolsFrame<'w>) -> Option<Tools<'w>> {
        match e {
            Expr::Assign(a) => {
                let name = syntax::expr_ident(&a.left)?;
                let v = self.expr(&a.right, frame)?;
                frame.locals.assign(name, v);
                None
            }
            Expr::MethodCall(mc) if LIST_METHODS.contains(&mc.method.to_string().as_str()) => {
                let Some(name) = syntax::expr_ident(&mc.receiver) else { return self.expr(e, frame) };
                if !frame.locals.contains(&name) {
                    return None;
                }
                let arg = mc.args.first()?;
                let add = self.expr(arg, frame).unwrap_or_default();
                if let Some(list) = frame.locals.get_mut(&name) {
                    list.extend(add);
                }
                None
            }
            Expr::If(_) | Expr::Match(_) => {
                let features = &self.ws.crates[frame.scope.krate].features;
                let branches = syntax::cfg_branches(e, features).unwrap_or_else(|| syntax::branches(e));
                let mut out: Option<Tools<'w>> = None;
                for (branch, condition) in branches {
                    // Only the tools registered inside the branch are served under its condition
                    // (a router merely passed through a branch is not).
                    let before = self.served.len();
                    let v = match branch {
                        Branch::Block(b) => self.block(b, frame),
                        Branch::Expr(x) => self.statement(x, frame),
                    };
                    if let syntax::Condition::If(c) | syntax::Condition::Else(c) | syntax::Condition::Arm(c, _) =
                        condition
                    {
                        let registered: Vec<Found<'w>> = self.served[before..].to_vec();
                        self.note_condition(&frame.scope, &registered, c);
                    }
                    if let Some(v) = v {
                        out.get_or_insert_with(Vec::new).extend(v);
                    }
                }
                out
            }
            Expr::ForLoop(f) => {
                self.block(&f.body, frame);
                None
            }
            Expr::Block(b) => self.block(&b.block, frame),
            _ => self.expr(e, frame),
        }
    }

    /// The tools an expression holds.
    fn expr(&mut self, e: &'w Expr, frame: &mut ToolsFrame<'w>) -> Option<Tools<'w>> {
        match e {
            Expr::Paren(p) => self.expr(&p.expr, frame),
            Expr::Group(g) => self.expr(&g.expr, frame),
            Expr::Try(t) => self.expr(&t.expr, frame),
            Expr::Reference(r) => self.expr(&r.expr, frame),
            Expr::Await(a) => self.expr(&a.base, frame),
            Expr::Block(b) => self.block(&b.block, frame),
            Expr::Path(p) => {
                let name = p.path.get_ident()?.to_string();
                frame.locals.get(&name).cloned()
            }
            Expr::Array(a) => Some(a.elems.iter().flat_map(|x| self.expr(x, frame).unwrap_or_default()).collect()),
            Expr::Macro(m) => self.vec_macro(&m.mac, frame),
            Expr::If(_) | Expr::Match(_) => self.statement(e, frame),
            // A router built in a closure or an async block (a service factory) is still served.
            Expr::Closure(c) => self.expr(&c.body, frame),
            Expr::Async(a) => self.block(&a.block, frame),
            Expr::Call(c) => self.call(c, frame),
            Expr::MethodCall(mc) => self.method_chain(mc, frame),
            _ => None,
        }
    }

    /// `vec![a, b, …]`: the tools of its elements. The elements are parsed from the macro's
    /// tokens once per crate read and kept for the run (the found chains point into them).
    fn vec_macro(&mut self, mac: &'w syn::Macro, frame: &mut ToolsFrame<'w>) -> Option<Tools<'w>> {
        if !mac.path.is_ident("vec") {
            return None;
        }
        let key = mac as *const syn::Macro as usize;
        let elems = match self.parsed.get(&key) {
            Some(elems) => *elems,
            None => {
                let elems =
                    mac.parse_body_with(syn::punctuated::Punctuated::<Expr, syn::Token![,]>::parse_terminated).ok()?;
                // Kept for the run: the workspace's syntax lives as long, and a place is parsed once.
                let elems: &'w syn::punctuated::Punctuated<Expr, syn::Token![,]> = Box::leak(Box::new(elems));
                self.parsed.insert(key, elems);
                elems
            }
        };
        Some(elems.iter().flat_map(|x| self.expr(x, frame).unwrap_or_default()).collect())
    }

    /// A call: `McpRouter::new()`, a wrapper (`Some`, `Arc::new`, `Vec::from`), or a fn of the
    /// workspace whose value is followed.
    fn call(&mut self, c: &'w syn::ExprCall, frame: &mut ToolsFrame<'w>) -> Option<Tools<'w>> {
        if is_router_new(&Expr::Call(c.clone())) {
            self.routers += 1;
            return Some(Vec::new());
        }
        let Expr::Path(p) = &*c.func else { return None };
        let last = p.path.segments.last()?.ident.to_string();
        if is_new_vec(&p.path) {
            return Some(Vec::new());
        }
        if WRAPPERS.contains(&last.as_str()) && c.args.len() == 1 {
            if let Some(v) = self.expr(&c.args[0], frame) {
                return Some(v);
            }
        }
        let segments: Vec<String> =
            p.path.segments.iter().map(|s| crate::source::unraw_ident(&s.ident.to_string())).collect();
        let Some(f) = self.impls.fn_by_path(&segments, frame.scope.krate, frame.scope.module, None) else {
            if let Some(found) = self.tool_fn_constructor(&segments, &frame.scope) {
                return Some(found);
            }
            // A call the CLI does not follow (`serve(router.tool(t))`): what its arguments
            // register is still served.
            for arg in &c.args {
                self.expr(arg, frame);
            }
            return None;
        };
        if !self.budget.enter() {
            return None;
        }
        let scope = Scope {
            krate: f.item.krate,
            module: f.item.module,
            generics: f.sig.generics.type_params().map(|p| p.ident.to_string()).collect(),
        };
        // Arguments that hold tools (a router passed in) are bound to the parameters.
        let mut inner = Frame::of(scope, ());
        for (name, arg) in syntax::param_names(f.sig).into_iter().zip(&c.args) {
            if let (false, Some(v)) = (name.is_empty(), self.expr(arg, frame)) {
                inner.locals.bind(name, v);
            }
        }
        let v = self.block(f.body, &mut inner);
        self.budget.leave();
        v
    }

    /// `add_tool()`, the constructor `#[tool_fn]` generates for `async fn add(input: I)`: the
    /// chain the macro writes (`ToolBuilder::new(name).description(d).handler(|input: I| …)
    /// .build()`, the name defaulting to the fn's with `_` as `-`), with the fn's own spans.
    fn tool_fn_constructor(&mut self, segments: &[String], scope: &Scope) -> Option<Tools<'w>> {
        let (last, prefix) = segments.split_last()?;
        let stem = last.strip_suffix("_tool")?;
        let path: Vec<String> = prefix.iter().cloned().chain(std::iter::once(stem.to_owned())).collect();
        let Resolved::Item(item, ItemKind::Fn) = self.ws.resolve(scope.krate, scope.module, &path, Namespace::Value)
        else {
            return None;
        };
        let syn::Item::Fn(f) = self.ws.item(item) else { return None };
        let attr = f.attrs.iter().find(|a| a.path().segments.last().is_some_and(|s| s.ident == "tool_fn"))?;
        let key = f as *const syn::ItemFn as usize;
        let chain = match self.tool_fn_chains.get(&key) {
            Some(chain) => *chain,
            None => {
                let chain: &'w syn::ExprMethodCall = Box::leak(Box::new(tool_fn_chain(attr, &f.sig)?));
                self.tool_fn_chains.insert(key, chain);
                chain
            }
        };
        let scope = Scope { krate: item.krate, module: item.module, generics: Vec::new() };
        Some(vec![Found { chain, scope, meta: None }])
    }

    /// A method chain: a tool's builder chain, or calls on a router or a list of tools.
    fn method_chain(&mut self, mc: &'w syn::ExprMethodCall, frame: &mut ToolsFrame<'w>) -> Option<Tools<'w>> {
        let (base, calls) = syntax::method_chain(mc);
        if is_builder_start(base) {
            // The chain ends at `.build()`; anything after it (`.with_meta(…)`) keeps the tool.
            let at = calls.iter().rposition(|c| c.method == "build")?;
            let meta = calls[at..].iter().find(|c| c.method == "with_meta").and_then(|c| c.args.first());
            return Some(vec![Found { chain: calls[at], scope: frame.scope.clone(), meta }]);
        }
        // A base we cannot follow that gets `.tool(…)` calls is a router of its own (a parameter,
        // a field): the tools given here are still served.
        let registers = calls.iter().any(|c| router_method(&c.method.to_string()).is_some_and(|m| m.serves));
        let mut list = match self.expr(base, frame) {
            Some(list) => list,
            None if registers => Vec::new(),
            None => {
                // Not a router: what the arguments register is still served.
                for call in &calls {
                    for arg in &call.args {
                        self.expr(arg, frame);
                    }
                }
                return None;
            }
        };
        for call in calls {
            let Some(method) = router_method(&call.method.to_string()) else { continue };
            if !method.conditional {
                let Some(arg) = call.args.first() else { continue };
                match self.expr(arg, frame) {
                    Some(v) => {
                        self.served_from(method, &v);
                        list.extend(v);
                    }
                    None => self.cannot_follow(&frame.scope, arg),
                }
                continue;
            }
            let (Some(cond), Some(arg)) = (call.args.first(), call.args.get(1)) else { continue };
            let Some(v) = self.expr(arg, frame) else {
                self.cannot_follow(&frame.scope, arg);
                continue;
            };
            match condition_value(cond, &self.ws.crates[frame.scope.krate].features) {
                Some(false) => {}
                Some(true) => {
                    self.served_from(method, &v);
                    list.extend(v);
                }
                None => {
                    self.note_condition(&frame.scope, &v, cond);
                    self.served_from(method, &v);
                    list.extend(v);
                }
            }
        }
        Some(list)
    }

    /// Tools given to a router (`.tool`, `.tools`, and their `_if` forms) are served.
    fn served_from(&mut self, method: &RouterMethod, tools: &[Found<'w>]) {
        if method.serves {
            self.served.extend(tools.iter().cloned());
        }
    }
}

/// A `tool_if` condition known from the sources: `true`, `false`, `cfg!(…)`.
fn condition_value(e: &Expr, features: &crate::source::cfg::EnabledFeatures) -> Option<bool> {
    match e {
        Expr::Lit(syn::ExprLit { lit: syn::Lit::Bool(b), .. }) => Some(b.value),
        Expr::Paren(p) => condition_value(&p.expr, features),
        Expr::Unary(u) if matches!(u.op, syn::UnOp::Not(_)) => condition_value(&u.expr, features).map(|b| !b),
        _ => syntax::cfg_macro(e).and_then(|m| crate::source::cfg::eval(&m, features)),
    }
}

/// The name literal a chain starts with (for messages).
pub fn first_string_arg(chain: &syn::ExprMethodCall) -> Option<String> {
    let (base, _) = syntax::method_chain(chain);
    let Expr::Call(c) = strip(base) else { return None };
    match c.args.first()? {
        Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => Some(s.value()),
        _ => None,
    }
}

/// The builder chain `#[tool_fn(name = "…", description = "…")]` expands to (tower-mcp-macros):
/// `None` when the attribute or the signature is one the macro refuses (the crate would not
/// compile).
fn tool_fn_chain(attr: &syn::Attribute, sig: &syn::Signature) -> Option<syn::ExprMethodCall> {
    let (mut name, mut description) = (None, None);
    if let syn::Meta::List(_) = &attr.meta {
        let args = attr
            .parse_args_with(syn::punctuated::Punctuated::<syn::MetaNameValue, syn::Token![,]>::parse_terminated)
            .ok()?;
        for nv in args {
            let Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) = &nv.value else { return None };
            match nv.path.get_ident()?.to_string().as_str() {
                "name" => name = Some(s.clone()),
                "description" => description = Some(s.clone()),
                _ => return None,
            }
        }
    }
    let fn_name = &sig.ident;
    let name = name.unwrap_or_else(|| syn::LitStr::new(&fn_name.to_string().replace('_', "-"), fn_name.span()));
    let [syn::FnArg::Typed(input)] = sig.inputs.iter().collect::<Vec<_>>().as_slice() else { return None };
    let ty = &input.ty;
    let description = description.map(|d| quote::quote!(.description(#d)));
    syn::parse2(quote::quote! {
        tower_mcp::ToolBuilder::new(#name) #description .handler(|input: #ty| #fn_name(input)).build()
    })
    .ok()
}

/// An expression as written, roughly (`config.admin`, `plugin_tools()`), for messages.
pub fn expr_text(e: &Expr) -> String {
    quote::quote!(#e)
        .to_string()
        .replace(" . ", ".")
        .replace(" :: ", "::")
        .replace(" ()", "()")
        .replace(" (", "(")
        .replace("( ", "(")
        .replace(" )", ")")
        .replace(" ,", ",")
        .replace("! (", "!(")
}

/// A type as written, without the token spacing of `quote` (`Page<AddInput>`).
pub fn type_text(ty: &syn::Type) -> String {
    quote::quote!(#ty)
        .to_string()
        .replace(" :: ", "::")
        .replace(":: ", "::")
        .replace(" < ", "<")
        .replace("< ", "<")
        .replace(" <", "<")
        .replace(" >", ">")
        .replace(" ,", ",")
}

#[cfg(test)]
mod tests;
