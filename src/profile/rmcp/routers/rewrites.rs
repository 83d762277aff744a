//! Statements that change tools' schemas when the server starts. A loop over the router's routes
//! (`for route in router.map.values_mut() { … }`, `….map.iter_mut()`, the routes taken out with
//! `drain()`, or a snapshot of the keys whose routes the body takes out with `map.remove(&key)`)
//! is a [`RouteLoop`]: the profile runs its body over each tool with the evaluator. Any other statement that changes an
//! `input_schema` or `output_schema` in place (`tool.input_schema = …`,
//! `Arc::make_mut(&mut tool.input_schema)`, `tool.input_schema.insert(…)`) is not followed: a
//! warning where it is written, never silence.

use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::Expr;

use crate::diagnostics::Location;
use crate::source::{FileText, ItemRef, ModuleId, Workspace};

const SCHEMA_FIELDS: &[&str] = &["input_schema", "output_schema"];
const MUTATING: &[&str] = &["insert", "remove", "retain", "extend", "clear", "entry", "get_mut", "as_object_mut"];

/// A loop over a router's routes, run over each tool.
pub struct RouteLoop<'w> {
    pub pat: &'w syn::Pat,
    pub body: &'w syn::Block,
    /// `iter_mut()`, or the routes taken out of the map: the loop goes over `(name, route)`
    /// pairs.
    pub pairs: bool,
    /// The loop goes over the map's keys (`let keys: Vec<_> = router.map.keys().cloned().collect();
    /// for key in keys { … router.map.remove(&key) … }`): each round's route is what the map of
    /// `map_root` holds after the body, which started with that one route in it.
    pub keys: bool,
    /// The local router whose routes the loop takes out of its map (`router.map.drain()`,
    /// `std::mem::take(&mut router.map)`), so that the body's `router.map.insert(…)` puts them
    /// back: rmcp lists each route's `attr`, the name it was given included.
    pub map_root: Option<String>,
    /// The signature of the fn the loop is written in (its parameters are the caller's values).
    pub sig: Option<&'w syn::Signature>,
    pub krate: usize,
    pub module: ModuleId,
    /// The `impl` block's type the loop is written in (`None` in a free fn).
    pub self_ty: Option<&'w syn::Type>,
    pub at: Location,
    /// Where the body of the fn the loop is written in starts: the loop changes a served router
    /// only when that fn builds it (see [`crate::profile::rmcp::routers::Index::served_router`]).
    pub fn_body: Location,
}

/// What the workspace's fns do to tools' schemas at startup.
#[derive(Default)]
pub struct Rewrites<'w> {
    pub loops: Vec<RouteLoop<'w>>,
    /// Statements outside such a loop that change a schema in place, with the item (fn or
    /// `impl`) they are written in.
    pub unread: Vec<(Location, ItemRef)>,
}

/// The words a fn body that rewrites schemas or loops over a router's routes must contain: a
/// file, an impl block or a body without any of them is not parsed (see [`startup_rewrites`]).
const WORDS: &[&str] =
    &["input_schema", "output_schema", "values_mut", "iter_mut", "map.drain", "mem::take", "map.keys", ".attr."];

/// The startup rewrites of the workspace's fns.
///
/// Only the code that can rewrite a tool's schema is parsed: a file whose text names none of
/// [`WORDS`] is skipped whole, an impl block whose text names none of them keeps its items
/// deferred, and a deferred fn body is parsed only when its own text names one. (What is skipped
/// could not hold a route loop or a schema rewrite: both are written with one of the words.)
pub fn startup_rewrites(ws: &Workspace) -> Rewrites<'_> {
    let mut out = Rewrites::default();
    for (k, krate) in ws.crates.iter().enumerate() {
        let mut mentioning: Vec<Option<bool>> = vec![None; krate.files.len()];
        // The text of the file last read, kept for its next modules (a file's inline modules).
        let mut read: Option<(usize, FileText<'_>)> = None;
        for (m, module) in krate.modules.iter().enumerate() {
            if mentioning[module.file] == Some(false) {
                continue;
            }
            let file = krate.file_of(ModuleId(m));
            if read.as_ref().map_or(true, |(f, _)| *f != module.file) {
                read = Some((module.file, file.read_text()));
            }
            let Some((_, text)) = &read else { continue };
            let named = *mentioning[module.file].get_or_insert_with(|| text.mentions(WORDS));
            if !named {
                continue;
            }
            let mentions = |body: &syn::Block| text.body_mentions(body, WORDS);
            // Fn bodies (and impl items) may be deferred: each is asked for whole, once its text
            // names one of the words.
            type Body<'b> = (&'b syn::Block, Option<&'b syn::Type>, ItemRef, &'b syn::Signature);
            let mut bodies: Vec<Body<'_>> = Vec::new();
            for (index, item) in module.items.iter().enumerate() {
                let at = ItemRef { krate: k, module: ModuleId(m), index };
                match item {
                    syn::Item::Fn(f) if mentions(&f.block) => bodies.push((file.body(&f.block), None, at, &f.sig)),
                    syn::Item::Impl(imp) if text.impl_mentions(imp, WORDS) => {
                        let syn::Item::Impl(imp) = file.whole_item(item) else { continue };
                        for ii in file.impl_items(imp) {
                            if let syn::ImplItem::Fn(f) = ii {
                                if mentions(&f.block) {
                                    bodies.push((file.body(&f.block), Some(&*imp.self_ty), at, &f.sig));
                                }
                            }
                        }
                    }
                    _ => {}
                }
            }
            for (body, self_ty, item, sig) in bodies {
                let mut finder = Finder {
                    loops: Vec::new(),
                    unread: Vec::new(),
                    drained: Vec::new(),
                    keys: Vec::new(),
                    attr_writes: Vec::new(),
                };
                finder.visit_block(body);
                // A `map` of something else than a router (no router named in the fn) is not a
                // route loop.
                let text = quote::quote!(#body).to_string();
                let names_router = !finder.loops.is_empty() && text.contains("router");
                if text.contains("route") {
                    finder.unread.append(&mut finder.attr_writes);
                }
                for (l, form, map_root) in finder.loops.into_iter().filter(|_| names_router) {
                    out.loops.push(RouteLoop {
                        pat: &l.pat,
                        body: &l.body,
                        pairs: form == Form::Pairs,
                        keys: form == Form::Keys,
                        map_root,
                        sig: Some(sig),
                        krate: k,
                        module: ModuleId(m),
                        self_ty,
                        at: file.location(l.for_token.span),
                        fn_body: file.location(body.span()),
                    });
                }
                out.unread.extend(finder.unread.into_iter().map(|span| (file.location(span), item)));
            }
        }
    }
    out
}

/// What a route loop goes over.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    Routes,
    Pairs,
    Keys,
}

struct Finder<'w> {
    /// Each loop, what it goes over, and the local whose map it takes the routes of.
    loops: Vec<(&'w syn::ExprForLoop, Form, Option<String>)>,
    unread: Vec<proc_macro2::Span>,
    /// Locals holding a router's routes taken out of its map (`let routes: Vec<_> =
    /// router.map.drain().collect();`), with that router's local.
    drained: Vec<(String, Option<String>)>,
    /// Locals holding a snapshot of a local router's keys (`let keys: Vec<_> =
    /// router.map.keys().cloned().collect();`), with that router's local.
    keys: Vec<(String, String)>,
    /// `….attr.<field> = …` outside a route loop: unread when the fn names a route.
    attr_writes: Vec<proc_macro2::Span>,
}

/// `router.map.keys()`, possibly `.cloned()`/`.map(…)`/`.collect()`ed: the local router.
fn key_snapshot(e: &Expr) -> Option<String> {
    let Expr::MethodCall(m) = e else { return None };
    match m.method.to_string().as_str() {
        "collect" | "cloned" | "copied" | "into_iter" | "map" => key_snapshot(&m.receiver),
        "keys" if m.args.is_empty() => map_field_of(&m.receiver).flatten(),
        _ => None,
    }
}

/// Whether an expression is a field of a route's tool (`route.attr.name`, `r.attr.description`).
fn is_route_attr_field(e: &Expr) -> bool {
    match e {
        Expr::Field(f) => match &*f.base {
            Expr::Field(base) => matches!(&base.member, syn::Member::Named(n) if n == "attr"),
            _ => false,
        },
        Expr::Paren(p) => is_route_attr_field(&p.expr),
        _ => false,
    }
}

/// Whether an expression is a schema field (`x.input_schema`, `(*x.attr.output_schema)`).
fn is_schema_field(e: &Expr) -> bool {
    match e {
        Expr::Field(f) => matches!(&f.member, syn::Member::Named(n) if SCHEMA_FIELDS.contains(&n.to_string().as_str())),
        Expr::Paren(p) => is_schema_field(&p.expr),
        Expr::Unary(u) => is_schema_field(&u.expr),
        Expr::Reference(r) => is_schema_field(&r.expr),
        Expr::MethodCall(m) => is_schema_field(&m.receiver),
        _ => false,
    }
}

/// `….map.values_mut()` (`Some(false)`) or `….map.iter_mut()` (`Some(true)`): a router's routes.
fn route_iteration(e: &Expr) -> Option<bool> {
    let Expr::MethodCall(m) = e else { return None };
    let pairs = match m.method.to_string().as_str() {
        "values_mut" => false,
        "iter_mut" => true,
        _ => return None,
    };
    map_field_of(&m.receiver).map(|_| pairs)
}

/// `….map`, a router's map of routes: `Some` of the local router it is (`router` of
/// `router.map`), `None` inside when it is no local (`self.tool_router.map`).
fn map_field_of(e: &Expr) -> Option<Option<String>> {
    match e {
        Expr::Field(f) if matches!(&f.member, syn::Member::Named(n) if n == "map") => match &*f.base {
            Expr::Path(p) => Some(p.path.get_ident().map(ToString::to_string)),
            _ => Some(None),
        },
        _ => None,
    }
}

/// The routes taken out of a router's map: `….map.drain()`, `std::mem::take(&mut ….map)`,
/// `std::mem::replace(&mut ….map, …)`, possibly `.into_iter()`/`.collect()`ed; `Some` of the local
/// router it is (`router` of `router.map`), `None` inside when it is no local.
fn drained_routes(e: &Expr) -> Option<Option<String>> {
    match e {
        Expr::MethodCall(m) if matches!(m.method.to_string().as_str(), "collect" | "into_iter") => {
            drained_routes(&m.receiver)
        }
        Expr::MethodCall(m) if m.method == "drain" && m.args.is_empty() => map_field_of(&m.receiver),
        Expr::Call(c) => {
            let Expr::Path(p) = &*c.func else { return None };
            let last = p.path.segments.last()?.ident.to_string();
            match (last.as_str(), c.args.first()) {
                ("take" | "replace", Some(Expr::Reference(r))) if r.mutability.is_some() => map_field_of(&r.expr),
                _ => None,
            }
        }
        _ => None,
    }
}

impl<'w> Visit<'w> for Finder<'w> {
    fn visit_local(&mut self, l: &'w syn::Local) {
        let name = match &l.pat {
            syn::Pat::Ident(i) => Some(i.ident.to_string()),
            syn::Pat::Type(t) => match &*t.pat {
                syn::Pat::Ident(i) => Some(i.ident.to_string()),
                _ => None,
            },
            _ => None,
        };
        if let (Some(name), Some(init)) = (name, &l.init) {
            if let Some(root) = drained_routes(&init.expr) {
                self.drained.push((name, root));
            } else if let Some(root) = key_snapshot(&init.expr) {
                self.keys.push((name, root));
            }
        }
        syn::visit::visit_local(self, l);
    }

    fn visit_expr(&mut self, e: &'w Expr) {
        if let Expr::ForLoop(l) = e {
            if let Some(pairs) = route_iteration(&l.expr) {
                self.loops.push((l, if pairs { Form::Pairs } else { Form::Routes }, None));
                return;
            }
            if let Some(root) = drained_routes(&l.expr) {
                self.loops.push((l, Form::Pairs, root));
                return;
            }
            if let Some(root) = key_snapshot(&l.expr) {
                self.loops.push((l, Form::Keys, Some(root)));
                return;
            }
            let local = match &*l.expr {
                Expr::Path(p) => p.path.get_ident().map(ToString::to_string),
                _ => None,
            };
            if let Some((_, root)) = local.as_ref().and_then(|n| self.drained.iter().rev().find(|(d, _)| d == n)) {
                self.loops.push((l, Form::Pairs, root.clone()));
                return;
            }
            if let Some((_, root)) = local.as_ref().and_then(|n| self.keys.iter().rev().find(|(d, _)| d == n)) {
                self.loops.push((l, Form::Keys, Some(root.clone())));
                return;
            }
        }
        let rewrites = match e {
            // A tool's field written outside a loop the profile runs (`route.attr.name = …`).
            Expr::Assign(a) if is_route_attr_field(&a.left) => {
                self.attr_writes.push(e.span());
                return;
            }
            Expr::Assign(a) => is_schema_field(&a.left),
            Expr::Call(c) => {
                matches!(&*c.func, Expr::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "make_mut"))
                    && c.args.iter().any(is_schema_field)
            }
            Expr::MethodCall(m) => MUTATING.contains(&m.method.to_string().as_str()) && is_schema_field(&m.receiver),
            _ => false,
        };
        if rewrites {
            self.unread.push(e.span());
            return;
        }
        syn::visit::visit_expr(self, e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The loop forms over a router's routes, and a tool's field written in a form that is none
    /// of them: each found loop with what it goes over, and the writes left unread.
    #[test]
    fn route_loops_by_form_and_unread_tool_writes() {
        let dir = tempfile::tempdir().unwrap();
        let lib = "pub fn a(mut router: R) -> R { for r in router.map.values_mut() { r.attr.title = None; } router }\n\
            pub fn b(mut router: R) -> R { let keys: Vec<_> = router.map.keys().cloned().collect(); for k in keys { let _ = router.map.remove(&k); } router }\n\
            pub fn c(mut router: R) -> R { for (k, r) in router.map.drain().collect::<Vec<_>>() { router.map.insert(k, r); } router }\n\
            pub fn d(mut router: R, names: Vec<String>) -> R { for n in names { if let Some(route) = router.map.get_mut(&n) { route.attr.name = n.into(); } } router }\n\
            pub fn e(mut s: S) -> S { s.attr.name = 1; s }\n";
        std::fs::write(dir.path().join("lib.rs"), lib).unwrap();
        let ws = crate::source::load(&[dir.path().join("lib.rs")], &[]).expect("sources load");
        let rewrites = startup_rewrites(&ws);
        let forms: Vec<(bool, bool, Option<&str>)> =
            rewrites.loops.iter().map(|l| (l.pairs, l.keys, l.map_root.as_deref())).collect();
        assert_eq!(forms, vec![(false, false, None), (false, true, Some("router")), (true, false, Some("router"))]);
        // `d`'s write is in a fn about routes; `e`'s `attr` is some other struct's.
        let unread: Vec<usize> = rewrites.unread.iter().map(|(at, _)| at.line_col().0).collect();
        assert_eq!(unread, vec![4]);
    }

    /// Only the fn whose text names a schema field is parsed: the other free fn, the impl block
    /// of ordinary methods and the file that names none of the words stay as the skeleton left them.
    #[test]
    fn only_bodies_naming_a_schema_field_are_parsed() {
        let dir = tempfile::tempdir().unwrap();
        let lib = "mod other;\n\
            pub struct T;\n\
            impl T {\n    pub fn score(&self, x: u32) -> u32 { x + 1 }\n    pub fn name(&self) -> String { String::new() }\n}\n\
            pub fn plain() -> u32 { let v = vec![1, 2]; v.len() as u32 }\n\
            pub fn rewrite(tool: &mut Tool) { tool.input_schema = Default::default(); }\n\
            pub struct Tool { pub input_schema: u8 }\n";
        std::fs::write(dir.path().join("lib.rs"), lib).unwrap();
        std::fs::write(dir.path().join("other.rs"), "impl super::T {\n    pub fn more(&self) -> u8 { 2 }\n}\n")
            .unwrap();
        let ws = crate::source::load(&[dir.path().join("lib.rs")], &[]).expect("sources load");
        let reopened = crate::read::REOPENED.with(|n| n.get());
        let rewrites = startup_rewrites(&ws);
        assert_eq!(rewrites.unread.len(), 1);
        let parsed: Vec<usize> = ws.crates[0].files.iter().map(|f| f.parsed_deferred()).collect();
        assert_eq!(parsed, vec![1, 0]);
        // Each file's text is read once for all the words, its impl blocks and bodies (lib.rs and
        // other.rs); the one body parsed is sliced from the recent files' text (15 reads when each
        // word read the text, 3 when the body was read again by its range).
        assert_eq!(crate::read::REOPENED.with(|n| n.get()) - reopened, 2);
    }
}
