//! The impl blocks of a workspace, indexed once: which type each one is for, its fns, trait
//! impls, and the bodies of fns a call path names. Profiles build on it (the rmcp profile's router
//! index holds one).

use crate::diagnostics::Location;
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
    /// The `impl` item itself (its module and position there).
    pub item: ItemRef,
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

/// Every impl block of the workspace, in source order (crate by crate, module by module).
pub struct ImplIndex<'w> {
    pub ws: &'w Workspace,
    pub impls: Vec<Impl<'w>>,
}

/// An impl block and its resolved self type: what [`ImplIndex::new`] needs, kept in the
/// workspace so that resolving every self type happens once per run.
#[derive(Debug)]
pub(crate) struct ImplHead {
    item: ItemRef,
    self_key: Option<TypeKey>,
    self_name: String,
}

fn impl_heads(ws: &Workspace) -> Vec<ImplHead> {
    let mut heads = Vec::new();
    for (k, krate) in ws.crates.iter().enumerate() {
        for (m, module) in krate.modules.iter().enumerate() {
            let module_id = ModuleId(m);
            for (index, item) in module.items.iter().enumerate() {
                if let syn::Item::Impl(imp) = item {
                    let (self_key, self_name) = type_key(ws, k, module_id, &imp.self_ty, None);
                    heads.push(ImplHead { item: ItemRef { krate: k, module: module_id, index }, self_key, self_name });
                }
            }
        }
    }
    heads
}

/// Which fns a search for callers reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Callers {
    /// The type's own impl blocks and the free fns.
    OwnImplsAndFreeFns,
    /// The impl blocks of other types only.
    OtherImpls,
    /// Every impl block, and the free fns.
    All,
}

impl<'w> ImplIndex<'w> {
    /// The index of the workspace's impl blocks. Self types are resolved on the first call only.
    pub fn new(ws: &'w Workspace) -> Self {
        let heads = ws.impl_heads.get_or_init(|| impl_heads(ws));
        let impls = heads
            .iter()
            .map(|h| {
                let syn::Item::Impl(imp) = ws.item(h.item) else { unreachable!("indexed as an impl") };
                Impl {
                    krate: h.item.krate,
                    module: h.item.module,
                    item: h.item,
                    imp,
                    ws,
                    self_key: h.self_key.clone(),
                    self_name: h.self_name.clone(),
                }
            })
            .collect();
        ImplIndex { ws, impls }
    }

    pub fn location(&self, imp: usize, span: proc_macro2::Span) -> Location {
        let i = &self.impls[imp];
        self.ws.crates[i.krate].file_of(i.module).location(span)
    }

    pub fn impl_location(&self, imp: usize) -> Location {
        self.location(imp, syn::spanned::Spanned::span(&self.impls[imp].imp.self_ty))
    }

    /// Impls of a type (inherent first, then trait impls), by index.
    pub fn impls_of(&self, key: &TypeKey) -> Vec<usize> {
        let mut out: Vec<usize> = (0..self.impls.len())
            .filter(|&i| self.impls[i].self_key.as_ref() == Some(key) && self.impls[i].is_inherent())
            .collect();
        out.extend(
            (0..self.impls.len())
                .filter(|&i| self.impls[i].self_key.as_ref() == Some(key) && !self.impls[i].is_inherent()),
        );
        out
    }

    /// The inherent impls of a type (`impl Type { … }`), in source order.
    pub fn inherent_of<'a>(&'a self, key: &'a TypeKey) -> impl Iterator<Item = &'a Impl<'w>> + 'a {
        self.impls.iter().filter(move |i| i.self_key.as_ref() == Some(key) && i.is_inherent())
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

    /// The impl of trait `name` (last path segment) for the type.
    pub fn trait_impl(&self, key: &TypeKey, name: &str) -> Option<usize> {
        (0..self.impls.len()).find(|&i| {
            self.impls[i].self_key.as_ref() == Some(key) && self.impls[i].trait_name().as_deref() == Some(name)
        })
    }

    /// The body of the fn a call path names (see [`ImplIndex::fn_by_path`]), and where it is
    /// written.
    pub fn fn_body(
        &self,
        path: &syn::Path,
        krate: usize,
        module: ModuleId,
        self_key: Option<&TypeKey>,
    ) -> Option<(&'w syn::Block, usize, ModuleId)> {
        let segments: Vec<String> =
            path.segments.iter().map(|s| crate::source::unraw_ident(&s.ident.to_string())).collect();
        let f = self.fn_by_path(&segments, krate, module, self_key)?;
        Some((f.body, f.item.krate, f.item.module))
    }

    /// The struct, enum or union a type path (`Self`, `Type`, `module::Type`) written in `module`
    /// of `krate` names: the type of `Type::f()`.
    pub fn type_of_path(
        &self,
        ty: &[String],
        krate: usize,
        module: ModuleId,
        self_key: Option<&TypeKey>,
    ) -> Option<TypeKey> {
        if ty == ["Self"] {
            return self_key.cloned();
        }
        match self.ws.resolve(krate, module, ty, Namespace::Type) {
            Resolved::Item(item, ItemKind::Struct | ItemKind::Enum | ItemKind::Union) => Some(TypeKey::Item(item)),
            _ => None,
        }
    }

    /// The fn a call path names, written in `module` of `krate`: `f()`, `module::f()`, `Self::f()`
    /// (`Self` is `self_key`), `Type::f()` (an inherent fn first, then one of a trait impl).
    pub fn fn_by_path(
        &self,
        segments: &[String],
        krate: usize,
        module: ModuleId,
        self_key: Option<&TypeKey>,
    ) -> Option<FnRef<'w>> {
        if segments.len() >= 2 {
            let (ty, name) = segments.split_at(segments.len() - 1);
            if let Some(key) = self.type_of_path(ty, krate, module, self_key) {
                if let Some((i, f)) = self.assoc_fn(&key, &name[0]) {
                    let imp = &self.impls[i];
                    let body = self.ws.block(imp.krate, imp.module, &f.block);
                    return Some(FnRef { item: imp.item, imp: Some(i), sig: &f.sig, body });
                }
                return self.provided_fn(&key, &name[0]);
            }
        }
        match self.ws.resolve(krate, module, segments, Namespace::Value) {
            Resolved::Item(item, ItemKind::Fn) => match self.ws.item(item) {
                syn::Item::Fn(f) => {
                    let body = self.ws.block(item.krate, item.module, &f.block);
                    Some(FnRef { item, imp: None, sig: &f.sig, body })
                }
                _ => None,
            },
            _ => None,
        }
    }
}

impl<'w> ImplIndex<'w> {
    /// A trait's provided fn (one with a default body) that a type's `impl Trait for Type`
    /// does not override: what `Type::f()` calls when no impl of the type writes `f` (the
    /// compiler's choice for a concrete type; two traits giving `f` would not compile). The fn
    /// is written in the trait's module, `Self` being the type.
    fn provided_fn(&self, key: &TypeKey, name: &str) -> Option<FnRef<'w>> {
        for i in self.impls_of(key).into_iter().filter(|&i| !self.impls[i].is_inherent()) {
            let Some(trait_item) = self.trait_of(i) else { continue };
            let syn::Item::Trait(t) = self.ws.item(trait_item) else { continue };
            let items = self.ws.trait_items(trait_item.krate, trait_item.module, t);
            let provided = items.iter().find_map(|it| match it {
                syn::TraitItem::Fn(f) if f.sig.ident == name => f.default.as_ref().map(|b| (&f.sig, b)),
                _ => None,
            });
            if let Some((sig, block)) = provided {
                let body = self.ws.block(trait_item.krate, trait_item.module, block);
                return Some(FnRef { item: trait_item, imp: Some(i), sig, body });
            }
        }
        None
    }

    /// The trait item of the workspace that the trait impl `i` implements.
    pub fn trait_of(&self, i: usize) -> Option<ItemRef> {
        let imp = &self.impls[i];
        let (_, path, _) = imp.imp.trait_.as_ref()?;
        let segments: Vec<String> =
            path.segments.iter().map(|s| crate::source::unraw_ident(&s.ident.to_string())).collect();
        match self.ws.resolve(imp.krate, imp.module, &segments, Namespace::Type) {
            Resolved::Item(item, ItemKind::Trait) => Some(item),
            _ => None,
        }
    }
}

/// A fn of the workspace that a call path names (see [`ImplIndex::fn_by_path`]).
pub struct FnRef<'w> {
    /// The `fn` item, the `impl` block of an associated fn, or the trait of a provided fn: where
    /// the fn is written.
    pub item: ItemRef,
    /// For an associated fn, its impl (index into [`ImplIndex::impls`]): for a provided fn, the
    /// trait impl of the type it is called on.
    pub imp: Option<usize>,
    pub sig: &'w syn::Signature,
    /// The real body (see [`Workspace::block`]).
    pub body: &'w syn::Block,
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

impl<'w> ImplIndex<'w> {
    /// The fns outside test code whose body mentions `name` and, unless they are in an impl of the
    /// type itself, `type_name`: the places that may call `Type::name(…)`. Test code (`#[test]`
    /// fns, `#[cfg(test)]` items and modules) does not run in a server.
    pub fn callers(&self, name: &str, type_name: &str) -> Vec<Caller<'w>> {
        self.callers_in(name, type_name, Callers::All)
    }

    /// [`Self::callers`], in the impl blocks `which` names (free fns always count). Reading the
    /// fns of every other impl block parses the item lists the fast path deferred, so a search
    /// that is usually answered by the type's own impls asks for [`Callers::OwnImplsAndFreeFns`]
    /// first.
    pub fn callers_in(&self, name: &str, type_name: &str, which: Callers) -> Vec<Caller<'w>> {
        let mut out = Vec::new();
        for imp in &self.impls {
            if is_test_code(&imp.imp.attrs) || !self.module_compiled(imp.krate, imp.module) {
                continue;
            }
            let own = imp.self_name == type_name;
            let wanted = match which {
                Callers::OwnImplsAndFreeFns => own,
                Callers::OtherImpls => !own,
                Callers::All => true,
            };
            if !wanted {
                continue;
            }
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
        if which == Callers::OtherImpls {
            return out;
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
        a.path().segments.last().is_some_and(|s| s.ident == "test")
            || (a.path().is_ident("cfg") && matches!(&a.meta, syn::Meta::List(l) if l.tokens.to_string() == "test"))
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
    use std::path::PathBuf;

    const SRC: &str = r#"
        struct Shelf;
        trait Stock { fn count() -> u32; fn label() -> &'static str; }
        impl Stock for Shelf { fn count() -> u32 { 2 } fn label() -> &'static str { "trait" } }
        impl Shelf { fn label() -> &'static str { "inherent" } fn size() -> u32 { Self::count() } }
        mod tools { pub fn width() -> u32 { 3 } }
        fn main() {}
    "#;

    fn workspace(src: &str) -> (tempfile::TempDir, Workspace) {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("main.rs");
        std::fs::write(&file, src).unwrap();
        let ws = crate::source::load(&[PathBuf::from(&file)], &[]).unwrap();
        (dir, ws)
    }

    fn path(text: &str) -> Vec<String> {
        text.split("::").map(str::to_owned).collect()
    }

    fn body_text(f: &FnRef) -> String {
        let b = f.body;
        quote::quote!(#b).to_string()
    }

    #[test]
    fn self_types_are_resolved_once_per_workspace() {
        let (_d, ws) = workspace(SRC);
        let first = ImplIndex::new(&ws);
        let heads = ws.impl_heads.get().expect("resolved by the first index") as *const Vec<ImplHead>;
        let second = ImplIndex::new(&ws);
        assert!(std::ptr::eq(heads, ws.impl_heads.get().unwrap()));
        assert_eq!(first.impls.len(), 2);
        assert!(first.impls.iter().zip(&second.impls).all(|(a, b)| std::ptr::eq(a.imp, b.imp) && a.item == b.item));
    }

    #[test]
    fn a_path_names_a_free_fn_or_an_associated_one_inherent_first() {
        let (_d, ws) = workspace(SRC);
        let index = ImplIndex::new(&ws);
        let root = ModuleId(0);
        let shelf = index.impls[0].self_key.clone().expect("a type of ours");
        let label = index.fn_by_path(&path("Shelf::label"), 0, root, None).unwrap();
        assert_eq!(body_text(&label), "{ \"inherent\" }");
        assert!(index.impls[label.imp.unwrap()].is_inherent());
        let count = index.fn_by_path(&path("Self::count"), 0, root, Some(&shelf)).unwrap();
        assert!(!index.impls[count.imp.unwrap()].is_inherent(), "found in the trait impl");
        let width = index.fn_by_path(&path("tools::width"), 0, root, None).unwrap();
        assert_eq!((width.imp, body_text(&width)), (None, "{ 3 }".to_owned()));
        assert!(index.fn_by_path(&path("Self::count"), 0, root, None).is_none(), "no `Self` here");
        assert!(index.fn_by_path(&path("Shelf::missing"), 0, root, None).is_none());
    }
}
