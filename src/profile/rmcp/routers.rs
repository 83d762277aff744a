//! Which fns are tools, which server types exist, and which tools each one serves (spec §2).
//!
//! This file holds the index of impl blocks and `#[tool_router]` blocks; [`servers`] finds the
//! server types and what their `list_tools` serves; [`eval`] reads router expressions and the fn
//! bodies that build routers.

mod eval;
mod servers;

use syn::punctuated::Punctuated;
use syn::{Expr, Meta, Token};

pub use self::servers::{default_router, Served, Server};
use crate::diagnostics::Location;
pub use crate::diagnostics::Severity;
use crate::profile::{is_attr_named, ToolFn};
use crate::source::{ItemKind, ItemRef, ModuleId, Namespace, Resolved, Workspace};

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

/// A finding about routers at a place: a warning, or a note (a runtime condition).
#[derive(Debug, Clone)]
pub struct Finding {
    pub severity: Severity,
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

/// A fn whose body may call a given fn (see [`Index::callers`]).
pub struct Caller<'w> {
    pub krate: usize,
    pub module: ModuleId,
    /// The type of the impl the fn is in (`Self` in its body).
    pub self_key: Option<TypeKey>,
    pub sig: &'w syn::Signature,
    pub body: &'w syn::Block,
}

impl<'w> Index<'w> {
    /// The fns outside test code whose body mentions `name` and, unless they are in an impl of the
    /// type itself, `type_name`: the places that may call `Type::name(…)`. Test code (`#[test]`
    /// fns, `#[cfg(test)]` items and modules) does not run in a server.
    pub fn callers(&self, name: &str, type_name: &str) -> Vec<Caller<'w>> {
        let mut out = Vec::new();
        for imp in &self.impls {
            if is_test_code(&imp.imp.attrs) || !self.module_compiled(imp.krate, imp.module) {
                continue;
            }
            let own = imp.self_name == type_name;
            for f in imp.fns() {
                if is_test_code(&f.attrs) || !self.ws.block_mentions(imp.krate, imp.module, &f.block, name) {
                    continue;
                }
                if !own && !self.ws.block_mentions(imp.krate, imp.module, &f.block, type_name) {
                    continue;
                }
                let body = self.ws.block(imp.krate, imp.module, &f.block);
                out.push(Caller {
                    krate: imp.krate,
                    module: imp.module,
                    self_key: imp.self_key.clone(),
                    sig: &f.sig,
                    body,
                });
            }
        }
        for (k, krate) in self.ws.crates.iter().enumerate() {
            for (m, module) in krate.modules.iter().enumerate() {
                let id = ModuleId(m);
                if !self.module_compiled(k, id) {
                    continue;
                }
                for item in &module.items {
                    let syn::Item::Fn(f) = item else { continue };
                    if is_test_code(&f.attrs)
                        || !self.ws.block_mentions(k, id, &f.block, name)
                        || !self.ws.block_mentions(k, id, &f.block, type_name)
                    {
                        continue;
                    }
                    let body = self.ws.block(k, id, &f.block);
                    out.push(Caller { krate: k, module: id, self_key: None, sig: &f.sig, body });
                }
            }
        }
        out
    }

    /// Whether a module is compiled in a plain build: neither it nor a parent is under a `#[cfg]`
    /// that is off (`#[cfg(test)] mod tests`).
    fn module_compiled(&self, krate: usize, module: ModuleId) -> bool {
        let c = &self.ws.crates[krate];
        let mut id = module;
        while let Some(parent) = c.module(id).parent {
            let Some(name) = c.module(id).path.last() else { break };
            let declared = c.module(parent).items.iter().find_map(|i| match i {
                syn::Item::Mod(m) if m.ident == name.as_str() => Some(&m.attrs),
                _ => None,
            });
            if let Some(attrs) = declared {
                if crate::source::cfg::attrs_active(attrs, &c.features) == Some(false) {
                    return false;
                }
            }
            id = parent;
        }
        true
    }

    /// Where the field `field` of a struct is declared, if the type is one of ours.
    pub fn field_location(&self, key: &TypeKey, field: &str) -> Option<Location> {
        let TypeKey::Item(item) = key else { return None };
        let syn::Item::Struct(s) = self.ws.item(*item) else { return None };
        let f = s.fields.iter().find(|f| f.ident.as_ref().is_some_and(|i| i == field))?;
        let span = f.ident.as_ref().map(syn::spanned::Spanned::span)?;
        Some(self.ws.crates[item.krate].file_of(item.module).location(span))
    }
}

/// `#[test]`, `#[tokio::test]`, `#[cfg(test)]`: code that only runs under `cargo test`.
fn is_test_code(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        is_attr_named(a, "test")
            || (a.path().is_ident("cfg") && matches!(&a.meta, Meta::List(l) if l.tokens.to_string() == "test"))
    })
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
        // Nobody calls `new`: every router `S` owns stands for the one handed in, with a warning
        // on the field; `Other`'s router is not `S`'s.
        assert_eq!(entries.len(), 1);
        let warning = findings.iter().find(|f| f.severity == Severity::Warning).expect("a warning");
        assert!(warning.message.contains("parameter `r` of `S::new`"), "{}", warning.message);
        assert_eq!(warning.location.as_ref().map(|l| l.line_col()), Some((6, 67)));
    }

    /// The served tool fns and the findings, on rmcp 3.11.
    fn served_and_findings(src: &str) -> (Vec<String>, Vec<(Severity, String)>) {
        let (_d, ws) = workspace(src);
        let index = Index::new(&ws);
        let b = Behaviour::of(Version(3, 11, 0), Version(3, 11, 0));
        let servers = index.servers(&b);
        let (entries, findings) = index.served_entries(&servers[0], &b);
        let mut names: Vec<String> = entries
            .iter()
            .filter_map(|e| match e {
                Entry::Fn(t) => Some(t.f.sig.ident.to_string()),
                _ => None,
            })
            .collect();
        names.sort();
        (names, findings.into_iter().map(|f| (f.severity, f.message)).collect())
    }

    /// Five one-tool routers `a` … `e` of `S`, served through `self.r`, set from `build()`.
    fn five_routers(body: &str) -> String {
        let mut src = String::from("struct S { r: ToolRouter<Self> }\n");
        for n in ["a", "b", "c", "d", "e"] {
            src.push_str(&format!("#[tool_router(router = {n})] impl S {{ #[tool] fn t_{n}(&self) {{}} }}\n"));
        }
        src.push_str(&format!(
            "impl S {{ fn new(flag: bool, n: u8) -> Self {{ Self {{ r: build(flag, n) }} }} }}\n\
             fn build(flag: bool, n: u8) -> ToolRouter<S> {{ {body} }}\n\
             #[tool_handler(router = self.r)] impl ServerHandler for S {{}}\n"
        ));
        src
    }

    #[test]
    fn statement_cfgs_are_read_on_the_host() {
        let (names, findings) = served_and_findings(&five_routers(
            "let mut r = S::a();\n\
             #[cfg(test)] r.merge(S::b());\n\
             #[cfg(not(test))] { r += S::c(); }\n\
             #[cfg(all(unix, target_pointer_width = \"64\"))] r.merge(S::d());\n\
             if cfg!(windows) { r.merge(S::e()); }\n\
             r",
        ));
        assert_eq!(names, ["t_a", "t_c", "t_d"]);
        assert!(findings.is_empty(), "{findings:?}");
    }

    #[test]
    fn an_unreadable_cfg_lists_and_warns() {
        let (names, findings) =
            served_and_findings(&five_routers("let mut r = S::a();\n#[cfg(feature = 3)] r.merge(S::b());\nr"));
        assert_eq!(names, ["t_a", "t_b"]);
        assert!(findings.iter().any(|(s, m)| *s == Severity::Warning && m.contains("cannot be read")), "{findings:?}");
        assert!(findings.iter().any(|(s, m)| *s == Severity::Note && m.contains("unreadable")), "{findings:?}");
    }

    #[test]
    fn conditions_add_with_a_note_and_never_remove() {
        let (names, findings) = served_and_findings(&five_routers(
            "let mut r = S::a() + S::e();\n\
             if flag { r.merge(S::b()); } else if n > 2 { r = r + S::c(); } else { r.remove_route(\"t_e\"); }\n\
             for _ in 0..n { r.merge(S::d()); }\n\
             r",
        ));
        assert_eq!(names, ["t_a", "t_b", "t_c", "t_d", "t_e"]);
        let notes: Vec<&String> = findings.iter().filter(|(s, _)| *s == Severity::Note).map(|(_, m)| m).collect();
        assert_eq!(notes.len(), 3, "{findings:?}");
        assert!(notes[0].contains("`t_b` is served only when `flag`"), "{notes:?}");
        assert!(notes[1].contains("when `n > 2`"), "{notes:?}");
        assert!(notes[2].contains("loop"), "{notes:?}");
        assert_eq!(findings.len(), 3, "{findings:?}");
    }

    #[test]
    fn routers_pass_through_helper_fns_and_match_values() {
        let src = five_routers(
            "let base = S::a();\n\
             let more = match n { 0 => S::b(), _ => with_c(S::d()) };\n\
             base + more",
        ) + "fn with_c(r: ToolRouter<S>) -> ToolRouter<S> { r + S::c() }\n";
        let (names, findings) = served_and_findings(&src);
        assert_eq!(names, ["t_a", "t_b", "t_c", "t_d"]);
        // Each arm's own tools are served only in that arm.
        let notes: Vec<&String> = findings.iter().filter(|(s, _)| *s == Severity::Note).map(|(_, m)| m).collect();
        assert_eq!(notes.len(), 2, "{findings:?}");
        assert!(notes[0].contains("`t_b` is served only in the arm `0` of `match n`"), "{notes:?}");
        assert!(notes[1].contains("`t_d`, `t_c` are served only in the arm `_` of `match n`"), "{notes:?}");
    }
}
