//! Which fns are tools, which server types exist, and which tools each one serves.
//!
//! This file holds the index of impl blocks and `#[tool_router]` blocks; [`servers`] finds the
//! server types and what their `list_tools` serves; [`eval`] reads router expressions and the fn
//! bodies that build routers.

mod eval;
pub mod rewrites;
mod servers;

use syn::punctuated::Punctuated;
use syn::{Expr, Meta, Token};

pub use self::servers::{Served, Server};
pub use crate::diagnostics::Severity;
use crate::diagnostics::{Code, Location};
use crate::profile::{is_attr_named, ToolFn};
pub use crate::source::impls::{type_key, ImplIndex, TypeKey};
use crate::source::{ModuleId, Workspace};

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
    /// A route whose tool is a value the code builds (`ToolRoute::new_dyn(tool, handler)`).
    Built(BuiltRoute),
}

/// The `Tool` a route is made from, as the code builds it (`ToolRoute::new(tool, handler)`,
/// `ToolRoute::new_dyn(tool, handler)`, `(tool, handler)`): its expression, the module it is
/// written in, and what `Self` is there. Its value is evaluated when the tool is listed.
#[derive(Clone)]
pub struct BuiltRoute {
    /// The `Tool` expression (kept by `Rc`: router entries are copied as routers are combined).
    pub tool: std::rc::Rc<Expr>,
    pub krate: usize,
    pub module: ModuleId,
    pub self_key: TypeKey,
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
            (Entry::Built(a), Entry::Built(b)) => std::rc::Rc::ptr_eq(&a.tool, &b.tool),
            _ => false,
        }
    }
}

/// A finding about routers at a place: a warning, or a note (a runtime condition).
#[derive(Debug, Clone)]
pub struct Finding {
    pub severity: Severity,
    /// The diagnostic code (`runtime-router`, `runtime-condition`, `hand-written-list-tools`).
    pub code: Code,
    pub message: String,
    pub location: Option<Location>,
}

/// Every impl block of the workspace, with the router blocks among them.
pub struct Index<'w> {
    /// The impl blocks (the index derefs to it: `index.impls`, `index.assoc_fn(…)`).
    /// Shared with the model's resolver (see [`crate::model::Resolver::sharing`]).
    pub impl_index: ImplIndex<'w>,
    pub blocks: Vec<RouterBlock>,
    /// Module-level macro invocations that mention `tool_router` (invisible to us).
    pub macro_routers: Vec<Location>,
}

impl<'w> Index<'w> {
    pub fn new(ws: &'w Workspace) -> Self {
        let impl_index = ImplIndex::new(ws);
        let mut macro_routers = Vec::new();
        for krate in ws.crates.iter().filter(|krate| !krate.is_registry) {
            for (m, module) in krate.modules.iter().enumerate() {
                let module_id = ModuleId(m);
                for item in &module.items {
                    if !matches!(item, syn::Item::Macro(_)) {
                        continue;
                    }
                    // Macro invocations are deferred: look at the tokens of those whose text
                    // names the attribute.
                    let file = krate.file_of(module_id);
                    if !file.item_mentions(item, "tool_router") {
                        continue;
                    }
                    let syn::Item::Macro(mac) = file.whole_item(item) else { continue };
                    if !mentions(&mac.mac.tokens, "tool_router") {
                        continue;
                    }
                    let span =
                        mac.mac.path.segments.first().map_or_else(proc_macro2::Span::call_site, |s| s.ident.span());
                    macro_routers.push(file.location(span));
                }
            }
        }
        let mut blocks = Vec::new();
        // A registry crate's routers are not the server's, whatever its types reach.
        let ours = |imp: &&crate::source::impls::Impl| !ws.crates[imp.krate].is_registry;
        for (i, imp) in impl_index.impls.iter().enumerate().filter(|(_, imp)| ours(imp)) {
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
        Index { impl_index, blocks, macro_routers }
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

    /// `impl ToolBase for T`.
    pub fn tool_base_impl(&self, key: &TypeKey) -> Option<usize> {
        self.trait_impl(key, "ToolBase")
    }
}

impl<'w> std::ops::Deref for Index<'w> {
    type Target = ImplIndex<'w>;

    fn deref(&self) -> &ImplIndex<'w> {
        &self.impl_index
    }
}

fn mentions(tokens: &proc_macro2::TokenStream, ident: &str) -> bool {
    tokens.clone().into_iter().any(|t| match t {
        proc_macro2::TokenTree::Ident(i) => i == ident,
        proc_macro2::TokenTree::Group(g) => mentions(&g.stream(), ident),
        _ => false,
    })
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
                Entry::Built(b) => {
                    let tool = &*b.tool;
                    format!("built {}", quote::quote!(#tool).to_string().replace(' ', ""))
                }
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
    fn conditions_add_or_remove_with_a_note_and_never_remove() {
        let (names, findings) = served_and_findings(&five_routers(
            "let mut r = S::a() + S::e();\n\
             if flag { r.merge(S::b()); } else if n > 2 { r = r + S::c(); } else { r.remove_route(\"t_e\"); }\n\
             for _ in 0..n { r.merge(S::d()); }\n\
             r",
        ));
        assert_eq!(names, ["t_a", "t_b", "t_c", "t_d", "t_e"]);
        let notes: Vec<&String> = findings.iter().filter(|(s, _)| *s == Severity::Note).map(|(_, m)| m).collect();
        assert_eq!(
            notes,
            [
                "tool `t_b` is served only when `flag`; listed",
                "tool `t_c` is served only when `n > 2`; listed",
                "tool `t_e` is removed only when `n > 2` is false; listed",
                "tool `t_d` is served only when this loop's body runs; listed",
            ],
            "{findings:?}"
        );
        assert_eq!(findings.len(), 4, "{findings:?}");
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

    #[test]
    fn a_field_nothing_sets_lists_the_owned_routers_at_the_field() {
        let src = "struct S {\n    r: ToolRouter<Self>,\n}\n\
                   #[tool_router(router = a)] impl S { #[tool] fn t_a(&self) {} }\n\
                   #[tool_handler(router = self.r)] impl ServerHandler for S {}\n";
        let (_d, ws) = workspace(src);
        let index = Index::new(&ws);
        let b = Behaviour::of(Version(3, 11, 0), Version(3, 11, 0));
        let (entries, findings) = index.served_entries(&index.servers(&b)[0], &b);
        assert_eq!(entries.len(), 1);
        assert!(findings[0].message.contains("no constructor of `S` sets `r`"), "{findings:?}");
        assert_eq!(findings[0].location.as_ref().map(|l| l.line_col()), Some((2, 5)));
    }

    #[test]
    fn a_builder_that_keeps_the_field_is_not_another_router() {
        let src = "struct S { r: ToolRouter<Self>, n: u8 }\n\
                   #[tool_router(router = a)] impl S { #[tool] fn t_a(&self) {} }\n\
                   impl S {\n\
                     fn new() -> Self { Self { r: Self::a(), n: 0 } }\n\
                     fn with_n(self, n: u8) -> Self { Self { r: self.r.clone(), n } }\n\
                     fn again(&self) -> Self { Self { r: self.r.clone(), n: self.n } }\n\
                   }\n\
                   #[tool_handler(router = self.r)] impl ServerHandler for S {}\n";
        let (names, findings) = served_and_findings(src);
        assert_eq!(names, ["t_a"]);
        assert!(findings.is_empty(), "{findings:?}");
    }

    #[test]
    fn a_struct_literal_outside_the_impls_sets_the_field_too() {
        let src = "mod server { pub struct S { pub r: ToolRouter<Self> }\n\
                   #[tool_router(router = a)] impl S { #[tool] fn t_a(&self) {} }\n\
                   #[tool_router(router = b)] impl S { #[tool] fn t_b(&self) {} }\n\
                   #[tool_handler(router = self.r)] impl ServerHandler for S {} }\n\
                   use server::S;\n\
                   fn main() { let s = S { r: S::a() }; }\n\
                   #[cfg(test)] mod tests { fn t() { let s = super::S { r: super::S::b() }; } }\n";
        let (names, findings) = served_and_findings(src);
        assert_eq!(names, ["t_a"]);
        assert!(findings.is_empty(), "{findings:?}");
    }

    #[test]
    fn a_router_passed_on_through_another_type_is_followed_to_its_callers() {
        let src = "struct S { r: ToolRouter<Self> }\n\
                   #[tool_router(router = a)] impl S { #[tool] fn t_a(&self) {} }\n\
                   #[tool_router(router = b)] impl S { #[tool] fn t_b(&self) {} }\n\
                   impl S { fn new(r: ToolRouter<Self>) -> Self { Self { r } } }\n\
                   struct App;\n\
                   impl App { fn serve(router: ToolRouter<S>) -> S { S::new(router) } }\n\
                   fn main() { let s = App::serve(S::b()); }\n\
                   #[tool_handler(router = self.r)] impl ServerHandler for S {}\n";
        let (names, findings) = served_and_findings(src);
        assert_eq!(names, ["t_b"]);
        assert!(findings.is_empty(), "{findings:?}");
    }
}
