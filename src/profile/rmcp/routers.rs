//! Which fns are tools, which server types exist, and which tools each one serves (spec §2):
//! `#[tool_router]` blocks, `#[tool_handler]` / `#[tool_router(server_handler)]` servers, and the
//! syntactic evaluation of router expressions (`Self::r()`, `self.field`, `+`, `merge`,
//! `with_route`, `with_sync_tool` / `with_async_tool`).

use std::collections::HashMap;

use syn::punctuated::Punctuated;
use syn::visit::Visit;
use syn::{Expr, Meta, Token};

use super::version::{Behaviour, DefaultRouter};
use crate::diagnostics::Location;
use crate::profile::{is_attr_named, ToolFn};
use crate::source::{ItemKind, ItemRef, ModuleId, Namespace, Resolved, Workspace};

/// Router expressions nested or calling each other deeper than this are runtime-built to us.
const MAX_DEPTH: usize = 48;

/// The identity of a type: the struct/enum item when it resolves to one of ours, else its name.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TypeKey {
    Item(ItemRef),
    Name(String),
}

/// An `impl` block of the workspace.
pub struct Impl<'w> {
    pub krate: usize,
    pub module: ModuleId,
    pub imp: &'w syn::ItemImpl,
    ws: &'w Workspace,
    pub self_key: Option<TypeKey>,
    /// The last segment of the self type (`Catalog`).
    pub self_name: String,
}

impl<'w> Impl<'w> {
    pub fn is_inherent(&self) -> bool {
        self.imp.trait_.is_none()
    }

    /// The trait's last path segment (`ServerHandler`, `ToolBase`).
    pub fn trait_name(&self) -> Option<String> {
        self.imp.trait_.as_ref().and_then(|(_, p, _)| p.segments.last()).map(|s| s.ident.to_string())
    }

    /// The block's items (see [`Workspace::impl_items`]).
    pub fn items(&self) -> &'w [syn::ImplItem] {
        self.ws.impl_items(self.krate, self.module, self.imp)
    }

    pub fn fns(&self) -> impl Iterator<Item = &'w syn::ImplItemFn> + 'w {
        self.items().iter().filter_map(|i| match i {
            syn::ImplItem::Fn(f) => Some(f),
            _ => None,
        })
    }
}

/// A `#[tool_router]` block.
pub struct RouterBlock {
    /// Index into [`Index::impls`].
    pub imp: usize,
    /// The generated fn (`router = …`, default `tool_router`).
    pub router: String,
    pub server_handler: bool,
    pub allow_empty: bool,
}

/// One entry of a router, before its name is known.
#[derive(Clone)]
pub enum Entry<'w> {
    /// A `#[tool]` fn.
    Fn(ToolFnRef<'w>),
    /// A trait tool: the `impl ToolBase for T` block (index into [`Index::impls`]).
    Trait(usize),
    /// `remove_route("name")` and the like: the named tool is taken out.
    Remove(String),
}

/// A `#[tool]` fn of an impl block.
#[derive(Clone, Copy)]
pub struct ToolFnRef<'w> {
    pub imp: usize,
    pub f: &'w syn::ImplItemFn,
}

impl Entry<'_> {
    fn same(&self, other: &Entry) -> bool {
        match (self, other) {
            (Entry::Fn(a), Entry::Fn(b)) => std::ptr::eq(a.f, b.f),
            (Entry::Trait(a), Entry::Trait(b)) => a == b,
            (Entry::Remove(a), Entry::Remove(b)) => a == b,
            _ => false,
        }
    }
}

/// Where the server's `list_tools` gets its tools.
pub enum Served {
    Router(Box<Expr>),
    /// A hand-written `list_tools`.
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

/// A finding about routers: a warning (or an error) at a place.
#[derive(Debug, Clone)]
pub struct Finding {
    pub error: bool,
    pub message: String,
    pub location: Option<Location>,
}

/// Every impl block of the workspace, with the router blocks among them.
pub struct Index<'w> {
    pub ws: &'w Workspace,
    pub impls: Vec<Impl<'w>>,
    pub blocks: Vec<RouterBlock>,
    /// Module-level macro invocations that mention `tool_router` (invisible to us).
    pub macro_routers: Vec<Location>,
}

impl<'w> Index<'w> {
    pub fn new(ws: &'w Workspace) -> Self {
        let mut impls = Vec::new();
        let mut macro_routers = Vec::new();
        for (k, krate) in ws.crates.iter().enumerate() {
            for (m, module) in krate.modules.iter().enumerate() {
                let module_id = ModuleId(m);
                for item in &module.items {
                    match item {
                        syn::Item::Impl(imp) => {
                            let (self_key, self_name) = type_key(ws, k, module_id, &imp.self_ty, None);
                            impls.push(Impl { krate: k, module: module_id, imp, ws, self_key, self_name });
                        }
                        syn::Item::Macro(_) => {
                            // Macro invocations are deferred: look at the tokens of those whose
                            // text names the attribute.
                            let file = krate.file_of(module_id);
                            if !file.item_mentions(item, "tool_router") {
                                continue;
                            }
                            let syn::Item::Macro(mac) = file.whole_item(item) else { continue };
                            if !mentions(&mac.mac.tokens, "tool_router") {
                                continue;
                            }
                            let span = mac
                                .mac
                                .path
                                .segments
                                .first()
                                .map_or_else(proc_macro2::Span::call_site, |s| s.ident.span());
                            macro_routers.push(krate.file_of(module_id).location(span));
                        }
                        _ => {}
                    }
                }
            }
        }
        let mut blocks = Vec::new();
        for (i, imp) in impls.iter().enumerate() {
            let Some(attr) = imp.imp.attrs.iter().find(|a| is_attr_named(a, "tool_router")) else { continue };
            let mut block =
                RouterBlock { imp: i, router: "tool_router".into(), server_handler: false, allow_empty: false };
            if let Meta::List(list) = &attr.meta {
                if let Ok(args) = list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated) {
                    for arg in args {
                        match &arg {
                            Meta::Path(p) if p.is_ident("server_handler") => block.server_handler = true,
                            Meta::Path(p) if p.is_ident("allow_empty") => block.allow_empty = true,
                            Meta::NameValue(nv) if nv.path.is_ident("router") => {
                                if let Expr::Path(p) = &nv.value {
                                    if let Some(id) = p.path.get_ident() {
                                        block.router = id.to_string();
                                    }
                                }
                            }
                            _ => {}
                        }
                    }
                }
            }
            blocks.push(block);
        }
        Index { ws, impls, blocks, macro_routers }
    }

    pub fn location(&self, imp: usize, span: proc_macro2::Span) -> Location {
        let i = &self.impls[imp];
        self.ws.crates[i.krate].file_of(i.module).location(span)
    }

    pub fn impl_location(&self, imp: usize) -> Location {
        self.location(imp, syn::spanned::Spanned::span(&self.impls[imp].imp.self_ty))
    }

    /// The `#[tool]` fns of a router block, in source order.
    pub fn block_tools(&self, block: &RouterBlock) -> Vec<ToolFnRef<'w>> {
        self.impls[block.imp]
            .items()
            .iter()
            .filter_map(|ii| match ii {
                syn::ImplItem::Fn(f) if f.attrs.iter().any(|a| is_attr_named(a, "tool")) => {
                    Some(ToolFnRef { imp: block.imp, f })
                }
                _ => None,
            })
            .collect()
    }

    /// The [`ToolFn`] view of a tool fn (for locations and attributes).
    pub fn tool_fn(&self, t: ToolFnRef<'w>) -> ToolFn<'w> {
        let i = &self.impls[t.imp];
        let tool_attr = t.f.attrs.iter().find(|a| is_attr_named(a, "tool")).expect("a tool fn has a tool attribute");
        ToolFn { krate: i.krate, module: i.module, sig: &t.f.sig, attrs: &t.f.attrs, tool_attr, in_impl: Some(i.imp) }
    }

    /// Router blocks without tools (a compile error from rmcp 3.3 unless `allow_empty`).
    pub fn empty_blocks(&self) -> Vec<&RouterBlock> {
        self.blocks.iter().filter(|b| !b.allow_empty && self.block_tools(b).is_empty()).collect()
    }

    /// Every server type, in source order.
    pub fn servers(&self, b: &Behaviour) -> Vec<Server> {
        let mut out: Vec<Server> = Vec::new();
        for (i, imp) in self.impls.iter().enumerate() {
            let server = if imp.trait_name().as_deref() == Some("ServerHandler") {
                let served = if let Some(attr) = imp.imp.attrs.iter().find(|a| is_attr_named(a, "tool_handler")) {
                    Served::Router(Box::new(handler_router(attr).unwrap_or_else(|| default_router(b))))
                } else if imp.fns().any(|f| f.sig.ident == "list_tools") {
                    Served::HandWritten
                } else {
                    Served::Nothing
                };
                Some(Server { name: imp.self_name.clone(), imp: i, served })
            } else if b.macros.server_handler_flag {
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
    pub fn served_entries(&self, server: &Server, b: &Behaviour) -> (Vec<Entry<'w>>, Vec<Finding>) {
        let imp = &self.impls[server.imp];
        let mut ev = Evaluator { index: self, b, findings: Vec::new(), stack: Vec::new() };
        let entries = match &server.served {
            Served::Router(expr) => {
                let self_key = imp.self_key.clone().unwrap_or(TypeKey::Name(imp.self_name.clone()));
                let cx = Cx { krate: imp.krate, module: imp.module, self_key, env: HashMap::new() };
                ev.expr(expr, &cx, 0)
            }
            Served::HandWritten => {
                let location = Some(self.impl_location(server.imp));
                ev.findings.push(Finding {
                    error: false,
                    message: format!(
                        "server `{}` has a hand-written `list_tools`: its tools are only known at runtime; none listed",
                        server.name
                    ),
                    location,
                });
                Vec::new()
            }
            Served::Nothing => Vec::new(),
        };
        (entries, ev.findings)
    }

    /// Impls of a type (inherent first, then trait impls), by index.
    fn impls_of(&self, key: &TypeKey) -> Vec<usize> {
        let mut out: Vec<usize> = (0..self.impls.len())
            .filter(|&i| self.impls[i].self_key.as_ref() == Some(key) && self.impls[i].is_inherent())
            .collect();
        out.extend(
            (0..self.impls.len())
                .filter(|&i| self.impls[i].self_key.as_ref() == Some(key) && !self.impls[i].is_inherent()),
        );
        out
    }

    /// An associated fn `name` of the type, with its impl.
    pub fn assoc_fn(&self, key: &TypeKey, name: &str) -> Option<(usize, &'w syn::ImplItemFn)> {
        for i in self.impls_of(key) {
            if let Some(f) = self.impls[i].fns().find(|f| f.sig.ident == name) {
                return Some((i, f));
            }
        }
        None
    }

    /// `impl ToolBase for T`.
    pub fn tool_base_impl(&self, key: &TypeKey) -> Option<usize> {
        (0..self.impls.len()).find(|&i| {
            self.impls[i].self_key.as_ref() == Some(key) && self.impls[i].trait_name().as_deref() == Some("ToolBase")
        })
    }

    /// The body of the fn a call path names: `f()`, `module::f()`, `Self::f()`, `Type::f()`.
    /// Returns the block and where it is written.
    pub fn fn_body(
        &self,
        path: &syn::Path,
        krate: usize,
        module: ModuleId,
        self_key: Option<&TypeKey>,
    ) -> Option<(&'w syn::Block, usize, ModuleId)> {
        let segments: Vec<String> =
            path.segments.iter().map(|s| crate::source::unraw_ident(&s.ident.to_string())).collect();
        if segments.len() >= 2 {
            let (ty, name) = segments.split_at(segments.len() - 1);
            let key = if ty == ["Self"] {
                self_key.cloned()
            } else {
                match self.ws.resolve(krate, module, ty, Namespace::Type) {
                    Resolved::Item(item, ItemKind::Struct | ItemKind::Enum | ItemKind::Union) => {
                        Some(TypeKey::Item(item))
                    }
                    _ => None,
                }
            };
            if let Some(key) = key {
                if let Some((i, f)) = self.assoc_fn(&key, &name[0]) {
                    return Some((
                        self.ws.block(self.impls[i].krate, self.impls[i].module, &f.block),
                        self.impls[i].krate,
                        self.impls[i].module,
                    ));
                }
                return None;
            }
        }
        match self.ws.resolve(krate, module, &segments, Namespace::Value) {
            Resolved::Item(item, ItemKind::Fn) => match self.ws.item(item) {
                syn::Item::Fn(f) => Some((self.ws.block(item.krate, item.module, &f.block), item.krate, item.module)),
                _ => None,
            },
            _ => None,
        }
    }
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

/// The router a bare `#[tool_handler]` serves on this release.
pub fn default_router(b: &Behaviour) -> Expr {
    let text = match b.macros.default_router {
        DefaultRouter::Field => "self.tool_router",
        DefaultRouter::AssociatedFn => "Self::tool_router()",
    };
    syn::parse_str(text).expect("a valid expression")
}

fn mentions(tokens: &proc_macro2::TokenStream, ident: &str) -> bool {
    tokens.clone().into_iter().any(|t| match t {
        proc_macro2::TokenTree::Ident(i) => i == ident,
        proc_macro2::TokenTree::Group(g) => mentions(&g.stream(), ident),
        _ => false,
    })
}

/// The key and last-segment name of a type written in a module (`Self` is `self_key`).
pub fn type_key(
    ws: &Workspace,
    krate: usize,
    module: ModuleId,
    ty: &syn::Type,
    self_key: Option<&TypeKey>,
) -> (Option<TypeKey>, String) {
    let syn::Type::Path(p) = ty else { return (None, quote::quote!(#ty).to_string()) };
    let segments: Vec<String> =
        p.path.segments.iter().map(|s| crate::source::unraw_ident(&s.ident.to_string())).collect();
    let name = segments.last().cloned().unwrap_or_default();
    if segments == ["Self"] {
        return (self_key.cloned(), name);
    }
    match ws.resolve(krate, module, &segments, Namespace::Type) {
        Resolved::Item(item, ItemKind::Struct | ItemKind::Enum | ItemKind::Union) => (Some(TypeKey::Item(item)), name),
        _ => (Some(TypeKey::Name(segments.join("::"))), name),
    }
}

/// Where a router expression is evaluated.
#[derive(Clone)]
struct Cx<'w> {
    krate: usize,
    module: ModuleId,
    self_key: TypeKey,
    /// Local variables holding routers.
    env: HashMap<String, Vec<Entry<'w>>>,
}

struct Evaluator<'i, 'w> {
    index: &'i Index<'w>,
    b: &'i Behaviour,
    findings: Vec<Finding>,
    /// Router fns being evaluated (type, fn name), against cycles.
    stack: Vec<(TypeKey, String)>,
}

fn union<'w>(mut a: Vec<Entry<'w>>, b: Vec<Entry<'w>>) -> Vec<Entry<'w>> {
    a.extend(b);
    a
}

impl<'i, 'w> Evaluator<'i, 'w> {
    fn loc(&self, cx: &Cx, span: proc_macro2::Span) -> Option<Location> {
        Some(self.index.ws.crates[cx.krate].file_of(cx.module).location(span))
    }

    fn runtime(&mut self, cx: &Cx, span: proc_macro2::Span, what: String) {
        let location = self.loc(cx, span);
        self.findings.push(Finding { error: false, message: what, location });
    }

    fn expr(&mut self, e: &Expr, cx: &Cx<'w>, depth: usize) -> Vec<Entry<'w>> {
        use syn::spanned::Spanned;
        if depth > MAX_DEPTH {
            self.runtime(
                cx,
                e.span(),
                "router expression nested too deeply to follow; its tools are not listed".into(),
            );
            return Vec::new();
        }
        match e {
            Expr::Paren(p) => self.expr(&p.expr, cx, depth + 1),
            Expr::Group(g) => self.expr(&g.expr, cx, depth + 1),
            Expr::Reference(r) => self.expr(&r.expr, cx, depth + 1),
            Expr::Binary(bin) if matches!(bin.op, syn::BinOp::Add(_)) => {
                let l = self.expr(&bin.left, cx, depth + 1);
                let r = self.expr(&bin.right, cx, depth + 1);
                union(l, r)
            }
            Expr::Block(b) => self.block_ref(&b.block, cx, depth + 1),
            Expr::Path(p) if p.path.get_ident().is_some() => {
                let name = p.path.get_ident().expect("checked").to_string();
                match cx.env.get(&name) {
                    Some(v) => v.clone(),
                    None => {
                        self.runtime(cx, e.span(), format!("router `{name}` comes from outside what the CLI can read (runtime-built); its tools are not listed"));
                        Vec::new()
                    }
                }
            }
            Expr::Field(f) if matches!(&*f.base, Expr::Path(p) if p.path.is_ident("self")) => {
                let syn::Member::Named(field) = &f.member else {
                    self.runtime(
                        cx,
                        e.span(),
                        "a router in a tuple field is runtime-built to the CLI; its tools are not listed".into(),
                    );
                    return Vec::new();
                };
                self.field(&field.to_string(), cx, e.span(), depth + 1)
            }
            Expr::Call(call) => self.call(call, cx, depth + 1),
            Expr::MethodCall(mc) => self.method(mc, cx, depth + 1),
            _ => {
                let text = quote::quote!(#e).to_string();
                self.runtime(
                    cx,
                    e.span(),
                    format!("router expression `{text}` is built at runtime; its tools are not listed"),
                );
                Vec::new()
            }
        }
    }

    fn block(&mut self, block: &'w syn::Block, cx: &Cx<'w>, depth: usize) -> Vec<Entry<'w>> {
        self.block_ref(block, cx, depth)
    }

    fn block_ref(&mut self, block: &syn::Block, cx: &Cx<'w>, depth: usize) -> Vec<Entry<'w>> {
        use syn::spanned::Spanned;
        let mut cx = cx.clone();
        for (i, stmt) in block.stmts.iter().enumerate() {
            let last = i + 1 == block.stmts.len();
            match stmt {
                syn::Stmt::Local(local) => {
                    let Some(name) = pat_ident(&local.pat) else { continue };
                    if let Some(init) = &local.init {
                        if is_router_expr(&init.expr) {
                            let v = self.expr(&init.expr, &cx, depth + 1);
                            cx.env.insert(name, v);
                        }
                    }
                }
                syn::Stmt::Expr(e, None) if last => return self.expr(e, &cx, depth + 1),
                syn::Stmt::Expr(Expr::Return(r), _) => {
                    return match &r.expr {
                        Some(e) => self.expr(e, &cx, depth + 1),
                        None => Vec::new(),
                    };
                }
                syn::Stmt::Expr(e, Some(_)) => match e {
                    Expr::Binary(bin) if matches!(bin.op, syn::BinOp::AddAssign(_)) => {
                        if let Some(name) = expr_ident(&bin.left) {
                            if cx.env.contains_key(&name) {
                                let add = self.expr(&bin.right, &cx, depth + 1);
                                let cur = cx.env.remove(&name).unwrap_or_default();
                                cx.env.insert(name, union(cur, add));
                            }
                        }
                    }
                    Expr::Assign(a) => {
                        if let Some(name) = expr_ident(&a.left) {
                            if cx.env.contains_key(&name) {
                                let v = self.expr(&a.right, &cx, depth + 1);
                                cx.env.insert(name, v);
                            }
                        }
                    }
                    Expr::MethodCall(mc) => {
                        if let Some(name) = expr_ident(&mc.receiver) {
                            if cx.env.contains_key(&name) {
                                let v = self.method(mc, &cx, depth + 1);
                                cx.env.insert(name, v);
                            }
                        }
                    }
                    _ => {}
                },
                // A loop or conditional in the middle of the body may change any router.
                syn::Stmt::Expr(e, None) if !matches!(e, Expr::Macro(_)) => {
                    self.runtime(
                        &cx,
                        e.span(),
                        "router built with control flow the CLI does not follow; listing what is certain".into(),
                    );
                }
                _ => {}
            }
        }
        Vec::new()
    }

    /// `Self::r()`, `Type::r()`, `ToolRouter::new()`, `make_router()`, `ToolRouter::default()`.
    fn call(&mut self, call: &syn::ExprCall, cx: &Cx<'w>, depth: usize) -> Vec<Entry<'w>> {
        use syn::spanned::Spanned;
        let Expr::Path(p) = &*call.func else {
            self.runtime(
                cx,
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
        if n >= 2 && call.args.is_empty() {
            let ty = &segments[..n - 1];
            let key = if ty == ["Self"] {
                Some(cx.self_key.clone())
            } else {
                match self.index.ws.resolve(cx.krate, cx.module, ty, Namespace::Type) {
                    Resolved::Item(item, ItemKind::Struct | ItemKind::Enum | ItemKind::Union) => {
                        Some(TypeKey::Item(item))
                    }
                    _ => None,
                }
            };
            if let Some(key) = key {
                return self.router_fn(&key, &segments[n - 1], cx, call.span(), depth + 1);
            }
        }
        if call.args.is_empty() {
            if let Resolved::Item(item, ItemKind::Fn) =
                self.index.ws.resolve(cx.krate, cx.module, &segments, Namespace::Value)
            {
                if let syn::Item::Fn(f) = self.index.ws.item(item) {
                    let key = (TypeKey::Item(item), String::new());
                    if self.stack.contains(&key) {
                        return Vec::new();
                    }
                    self.stack.push(key);
                    let inner = Cx {
                        krate: item.krate,
                        module: item.module,
                        self_key: cx.self_key.clone(),
                        env: HashMap::new(),
                    };
                    let v = self.block(self.index.ws.block(item.krate, item.module, &f.block), &inner, depth + 1);
                    self.stack.pop();
                    return v;
                }
            }
        }
        let text = quote::quote!(#call).to_string();
        self.runtime(
            cx,
            call.span(),
            format!("router `{text}` is built at runtime or outside the crate; its tools are not listed"),
        );
        Vec::new()
    }

    /// The router a type's fn `name` returns: a `#[tool_router(router = name)]` block, or a plain
    /// associated fn whose body is a router expression.
    fn router_fn(
        &mut self,
        key: &TypeKey,
        name: &str,
        cx: &Cx<'w>,
        span: proc_macro2::Span,
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
        let frame = (key.clone(), name.to_owned());
        if self.stack.contains(&frame) {
            return Vec::new();
        }
        if let Some((i, f)) = self.index.assoc_fn(key, name) {
            self.stack.push(frame);
            let imp = &self.index.impls[i];
            let inner = Cx { krate: imp.krate, module: imp.module, self_key: key.clone(), env: HashMap::new() };
            let v = self.block(self.index.ws.block(imp.krate, imp.module, &f.block), &inner, depth + 1);
            self.stack.pop();
            return v;
        }
        self.runtime(
            cx,
            span,
            format!("no `#[tool_router]` block or fn named `{name}` was found for this type; its tools are not listed"),
        );
        Vec::new()
    }

    /// `self.field`: the expression every constructor of the type puts in the field.
    fn field(&mut self, field: &str, cx: &Cx<'w>, span: proc_macro2::Span, depth: usize) -> Vec<Entry<'w>> {
        let mut inits: Vec<(Expr, Cx<'w>, Option<&'w syn::Block>)> = Vec::new();
        for i in self.index.impls_of(&cx.self_key) {
            let imp = &self.index.impls[i];
            for f in imp.fns() {
                // A body that never names the field cannot set it: no need to parse it.
                if !self.index.ws.block_mentions(imp.krate, imp.module, &f.block, field) {
                    continue;
                }
                let mut finder = StructInits {
                    ws: self.index.ws,
                    krate: imp.krate,
                    module: imp.module,
                    key: &cx.self_key,
                    field,
                    found: Vec::new(),
                };
                let body = self.index.ws.block(imp.krate, imp.module, &f.block);
                finder.visit_block(body);
                for e in finder.found {
                    let inner =
                        Cx { krate: imp.krate, module: imp.module, self_key: cx.self_key.clone(), env: HashMap::new() };
                    inits.push((e, inner, Some(body)));
                }
            }
        }
        if inits.is_empty() {
            self.runtime(cx, span, format!("no constructor of this type sets `{field}` from a router the CLI can read (a router passed in from outside is runtime-built); its tools are not listed"));
            return Vec::new();
        }
        let mut distinct: Vec<(String, Vec<Entry<'w>>)> = Vec::new();
        for (e, mut inner, body) in inits {
            // A local variable given to the field: its `let` in the same fn.
            if let (Some(name), Some(body)) = (expr_ident(&e), body) {
                let locals = self.locals_before(body, &inner, depth + 1);
                inner.env = locals;
                let v = inner.env.get(&name).cloned();
                match v {
                    Some(v) => distinct.push((format!("local {name}"), v)),
                    None => {
                        use syn::spanned::Spanned;
                        self.runtime(&inner, e.span(), format!("the router in `{field}` comes from `{name}`, which the CLI cannot follow; its tools are not listed"));
                        distinct.push((format!("local {name}"), Vec::new()));
                    }
                }
                continue;
            }
            let text = quote::quote!(#e).to_string();
            if distinct.iter().any(|(t, _)| t == &text) {
                continue;
            }
            let v = self.expr(&e, &inner, depth + 1);
            distinct.push((text, v));
        }
        if distinct.len() == 1 {
            return distinct.pop().map(|(_, v)| v).unwrap_or_default();
        }
        self.runtime(cx, span, format!("`{field}` is set to different routers in different constructors; listing only the tools all of them serve"));
        let mut it = distinct.into_iter().map(|(_, v)| v);
        let first = it.next().unwrap_or_default();
        let rest: Vec<Vec<Entry>> = it.collect();
        first.into_iter().filter(|e| rest.iter().all(|r| r.iter().any(|x| x.same(e)))).collect()
    }

    /// The router locals of a fn body (its top-level `let`s).
    fn locals_before(&mut self, body: &'w syn::Block, cx: &Cx<'w>, depth: usize) -> HashMap<String, Vec<Entry<'w>>> {
        let mut cx = cx.clone();
        for stmt in &body.stmts {
            if let syn::Stmt::Local(local) = stmt {
                if let (Some(name), Some(init)) = (pat_ident(&local.pat), &local.init) {
                    if is_router_expr(&init.expr) {
                        let v = self.expr(&init.expr, &cx, depth + 1);
                        cx.env.insert(name, v);
                    }
                }
            } else if let syn::Stmt::Expr(e, Some(_)) = stmt {
                match e {
                    Expr::Binary(bin) if matches!(bin.op, syn::BinOp::AddAssign(_)) => {
                        if let Some(name) = expr_ident(&bin.left).filter(|n| cx.env.contains_key(n)) {
                            let add = self.expr(&bin.right, &cx, depth + 1);
                            let cur = cx.env.remove(&name).unwrap_or_default();
                            cx.env.insert(name, union(cur, add));
                        }
                    }
                    Expr::MethodCall(mc) => {
                        if let Some(name) = expr_ident(&mc.receiver).filter(|n| cx.env.contains_key(n)) {
                            let v = self.method(mc, &cx, depth + 1);
                            cx.env.insert(name, v);
                        }
                    }
                    _ => {}
                }
            }
        }
        cx.env
    }

    fn method(&mut self, mc: &syn::ExprMethodCall, cx: &Cx<'w>, depth: usize) -> Vec<Entry<'w>> {
        use syn::spanned::Spanned;
        let name = mc.method.to_string();
        let receiver = self.expr(&mc.receiver, cx, depth + 1);
        match name.as_str() {
            "merge" | "add" => {
                let Some(arg) = mc.args.first() else { return receiver };
                let other = self.expr(arg, cx, depth + 1);
                union(receiver, other)
            }
            "clone" | "into" | "to_owned" => receiver,
            "with_route" => match mc.args.first().and_then(|a| self.single_route(a, cx)) {
                Some(t) => union(receiver, vec![Entry::Fn(t)]),
                None => {
                    self.runtime(
                        cx,
                        mc.span(),
                        "`with_route(…)` with a route the CLI cannot read (a dynamic route); it is not listed".into(),
                    );
                    receiver
                }
            },
            "with_sync_tool" | "with_async_tool" => {
                let ty = mc.turbofish.as_ref().and_then(|t| t.args.first()).and_then(|a| match a {
                    syn::GenericArgument::Type(t) => Some(t),
                    _ => None,
                });
                if !self.b.schema.trait_tools {
                    self.runtime(cx, mc.span(), format!("`{name}` does not exist before rmcp 0.17; ignored"));
                    return receiver;
                }
                let found = ty.and_then(|ty| {
                    let (key, _) = type_key(self.index.ws, cx.krate, cx.module, ty, Some(&cx.self_key));
                    key.and_then(|k| self.index.tool_base_impl(&k))
                });
                match found {
                    Some(i) => union(receiver, vec![Entry::Trait(i)]),
                    None => {
                        self.runtime(cx, mc.span(), format!("`{name}`: no `impl ToolBase` for this type was found in the crate; the tool is not listed"));
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
                            cx,
                            mc.span(),
                            format!("`{name}(…)` changes the router at runtime; listing the tools before it"),
                        );
                        receiver
                    }
                }
            }
            _ => {
                self.runtime(
                    cx,
                    mc.span(),
                    format!("`.{name}(…)` on a router is not understood (runtime-built); listing the tools before it"),
                );
                receiver
            }
        }
    }

    /// `(Self::f_tool_attr(), Self::f)` or `ToolRoute::new(Self::f_tool_attr(), Self::f)`.
    fn single_route(&self, arg: &Expr, cx: &Cx<'w>) -> Option<ToolFnRef<'w>> {
        let parts: Vec<&Expr> = match arg {
            Expr::Tuple(t) => t.elems.iter().collect(),
            Expr::Call(c) => c.args.iter().collect(),
            Expr::Paren(p) => return self.single_route(&p.expr, cx),
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
        for i in self.index.impls_of(&cx.self_key) {
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

/// Struct literals of one type (`Self { … }` / `Type { … }`) and the value they give a field.
struct StructInits<'a> {
    ws: &'a Workspace,
    krate: usize,
    module: ModuleId,
    key: &'a TypeKey,
    field: &'a str,
    found: Vec<Expr>,
}

impl<'ast> Visit<'ast> for StructInits<'_> {
    fn visit_expr_struct(&mut self, s: &'ast syn::ExprStruct) {
        let segments: Vec<String> = s.path.segments.iter().map(|x| x.ident.to_string()).collect();
        let ours = segments == ["Self"]
            || matches!(self.ws.resolve(self.krate, self.module, &segments, Namespace::Type), Resolved::Item(item, _) if &TypeKey::Item(item) == self.key);
        if ours {
            for fv in &s.fields {
                if let syn::Member::Named(id) = &fv.member {
                    if id == self.field {
                        self.found.push(fv.expr.clone());
                    }
                }
            }
        }
        syn::visit::visit_expr_struct(self, s);
    }
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

/// Whether an initialiser looks like it builds a router (so unrelated `let`s are not evaluated).
fn is_router_expr(e: &Expr) -> bool {
    let text = quote::quote!(#e).to_string();
    text.contains("router") || text.contains("ToolRouter") || text.contains("with_route") || text.contains("_tool")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::rmcp::version::{Behaviour, Version};
    use std::path::PathBuf;

    fn workspace(src: &str) -> (tempfile::TempDir, Workspace) {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("main.rs");
        std::fs::write(&file, src).unwrap();
        let ws = crate::source::load(&[PathBuf::from(&file)], &[]).unwrap();
        (dir, ws)
    }

    fn served(src: &str, version: Version) -> Vec<String> {
        let (_d, ws) = workspace(src);
        let index = Index::new(&ws);
        let b = Behaviour::of(version, version);
        let servers = index.servers(&b);
        assert_eq!(servers.len(), 1, "one server");
        let (entries, _) = index.served_entries(&servers[0], &b);
        entries
            .iter()
            .map(|e| match e {
                Entry::Fn(t) => t.f.sig.ident.to_string(),
                Entry::Trait(i) => format!("trait {}", index.impls[*i].self_name),
                Entry::Remove(n) => format!("-{n}"),
            })
            .collect()
    }

    #[test]
    fn macro_invocations_that_name_tool_router_are_found() {
        let src = "macro_rules! plain { () => {} }\n\
                   plain!();\n\
                   mod m { make_routers!(S, tool_router); }\n\
                   other!{ struct tool_routers; }\n";
        let (_d, ws) = workspace(src);
        let index = Index::new(&ws);
        let found: Vec<(usize, usize)> = index.macro_routers.iter().map(|l| l.line_col()).collect();
        assert_eq!(found, [(3, 9)], "the invocation naming it, at its path; not a longer ident");
        // Through the full parse too: the same answer.
        let full =
            crate::source::load_with(&[ws.crates[0].files[0].source.path.clone()], &[], crate::source::ParseMode::Full)
                .unwrap();
        let lines: Vec<(usize, usize)> = Index::new(&full).macro_routers.iter().map(|l| l.line_col()).collect();
        assert_eq!(lines, found);
    }

    const TWO_BLOCKS: &str = r#"
        struct S { tool_router: ToolRouter<Self> }
        #[tool_router]
        impl S {
            fn new() -> Self { Self { tool_router: Self::tool_router() + Self::extra() } }
            #[tool] async fn a(&self) {}
        }
        #[tool_router(router = extra)]
        impl S {
            #[rmcp::tool] async fn b(&self) {}
        }
    "#;

    #[test]
    fn bare_handler_serves_the_field_before_1_4_and_the_fn_after() {
        let src = format!("{TWO_BLOCKS}\n#[tool_handler] impl ServerHandler for S {{}}");
        assert_eq!(served(&src, Version(1, 3, 0)), ["a", "b"]);
        assert_eq!(served(&src, Version(1, 4, 0)), ["a"]);
        let src = format!("{TWO_BLOCKS}\n#[tool_handler(router = self.tool_router)] impl ServerHandler for S {{}}");
        assert_eq!(served(&src, Version(3, 11, 0)), ["a", "b"]);
    }

    #[test]
    fn router_expressions() {
        let src = r#"
            struct S { r: ToolRouter<Self> }
            #[tool_router] impl S { #[tool] fn a(&self) {} }
            #[tool_router(router = two)] impl S { #[tool] fn b(&self) {} }
            impl S {
                fn all() -> ToolRouter<Self> {
                    let mut r = ToolRouter::new().with_route((Self::c_tool_attr(), Self::c));
                    r.merge(Self::two());
                    r += Self::tool_router();
                    r.with_async_tool::<T>()
                }
                #[tool] fn c(&self) {}
                fn new() -> Self { Self { r: Self::all() } }
            }
            struct T;
            impl ToolBase for T {}
            #[tool_handler(router = self.r)] impl ServerHandler for S {}
        "#;
        assert_eq!(served(src, Version(3, 11, 0)), ["c", "b", "a", "trait T"]);
    }

    #[test]
    fn server_handler_flag_makes_a_server_from_1_4() {
        let src = r#"
            struct S;
            #[tool_router(server_handler)] impl S { #[tool] fn a(&self) {} }
        "#;
        assert_eq!(served(src, Version(1, 4, 0)), ["a"]);
        let (_d, ws) = workspace(src);
        let index = Index::new(&ws);
        assert!(index.servers(&Behaviour::of(Version(1, 3, 0), Version(1, 3, 0))).is_empty());
    }

    #[test]
    fn unserved_blocks_and_runtime_routers() {
        let src = r#"
            struct S { r: ToolRouter<Self> }
            #[tool_router] impl S { #[tool] fn a(&self) {} }
            struct Other;
            #[tool_router(router = bad)] impl Other { #[tool] fn z(&self) {} }
            impl S { fn new(r: ToolRouter<Self>) -> Self { Self { r } } }
            #[tool_handler(router = self.r)] impl ServerHandler for S {}
        "#;
        let (_d, ws) = workspace(src);
        let index = Index::new(&ws);
        let b = Behaviour::of(Version(3, 11, 0), Version(3, 11, 0));
        let servers = index.servers(&b);
        let (entries, findings) = index.served_entries(&servers[0], &b);
        assert!(entries.is_empty());
        assert!(findings.iter().any(|f| !f.error && f.message.contains("cannot follow")));
    }
}
