//! Name resolution: which item a path written in some module means.
//!
//! Each module gets a scope: the items declared in it (by namespace), its `use` declarations
//! (groups flattened, `as` renames, globs), and its child modules. A path is resolved the way
//! rustc does for the 2018+ editions, closely enough for type paths: `crate::`, `self::`,
//! `super::`, `::extern`, a name in scope, a `use` (followed transitively, so `pub use`
//! re-exports work), a glob, or the name of another crate of the workspace. What does not lead to
//! an item of ours is `External`, with the full path as far as the `use`s tell it, so
//! `use chrono::DateTime as Dt; Dt<Utc>` is `External(["chrono", "DateTime"])`.

use std::collections::HashMap;

use super::modules::{unraw, ModuleId};
use super::Workspace;

/// An item of one of our crates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ItemRef {
    pub krate: usize,
    pub module: ModuleId,
    /// Index into `Module::items`.
    pub index: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ItemKind {
    Struct,
    Enum,
    Union,
    Alias,
    Trait,
    Const,
    Static,
    Fn,
}

impl ItemKind {
    fn is_type(self) -> bool {
        matches!(self, ItemKind::Struct | ItemKind::Enum | ItemKind::Union | ItemKind::Alias | ItemKind::Trait)
    }
}

/// What a path means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolved {
    Item(ItemRef, ItemKind),
    Module(usize, ModuleId),
    /// Not ours: a std, prelude or dependency path, spelled out as far as our `use`s go.
    External(Vec<String>),
}

/// The namespace a name is looked up in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Namespace {
    /// Types and modules (every segment of a type path but the last is a module).
    Type,
    Value,
}

#[derive(Debug, Default)]
pub struct ModuleScope {
    types: HashMap<String, (usize, ItemKind)>,
    values: HashMap<String, (usize, ItemKind)>,
    /// `use a::b as c;` → ("c", ["a", "b"], public); leading `::` is kept as an empty first
    /// segment.
    uses: Vec<(String, Vec<String>, bool)>,
    /// (path, public)
    globs: Vec<(Vec<String>, bool)>,
    /// Items declared without `pub`: a glob import from outside the module does not see them.
    private: std::collections::HashSet<String>,
}

/// Nested `use` chains longer than this are treated as unresolvable (they can only be cycles).
const MAX_RESOLVE_DEPTH: usize = 64;

pub fn build(ws: &mut Workspace) {
    for krate in &mut ws.crates {
        krate.scopes = krate.modules.iter().map(|m| scope_of(&m.items)).collect();
    }
}

fn scope_of(items: &[syn::Item]) -> ModuleScope {
    let mut scope = ModuleScope::default();
    for (i, item) in items.iter().enumerate() {
        let (name, kind) = match item {
            syn::Item::Struct(s) => (&s.ident, ItemKind::Struct),
            syn::Item::Enum(e) => (&e.ident, ItemKind::Enum),
            syn::Item::Union(u) => (&u.ident, ItemKind::Union),
            syn::Item::Type(t) => (&t.ident, ItemKind::Alias),
            syn::Item::Trait(t) => (&t.ident, ItemKind::Trait),
            syn::Item::Const(c) => (&c.ident, ItemKind::Const),
            syn::Item::Static(s) => (&s.ident, ItemKind::Static),
            syn::Item::Fn(f) => (&f.sig.ident, ItemKind::Fn),
            syn::Item::Use(u) => {
                let mut prefix = Vec::new();
                if u.leading_colon.is_some() {
                    prefix.push(String::new());
                }
                let public = !matches!(u.vis, syn::Visibility::Inherited);
                flatten_use(&u.tree, &mut prefix, public, &mut scope);
                continue;
            }
            _ => continue,
        };
        let name = unraw(&name.to_string());
        if is_private(item) {
            scope.private.insert(name.clone());
        }
        if kind.is_type() {
            scope.types.entry(name).or_insert((i, kind));
        } else {
            scope.values.entry(name).or_insert((i, kind));
        }
    }
    scope
}

fn is_private(item: &syn::Item) -> bool {
    let vis = match item {
        syn::Item::Struct(i) => &i.vis,
        syn::Item::Enum(i) => &i.vis,
        syn::Item::Union(i) => &i.vis,
        syn::Item::Type(i) => &i.vis,
        syn::Item::Trait(i) => &i.vis,
        syn::Item::Const(i) => &i.vis,
        syn::Item::Static(i) => &i.vis,
        syn::Item::Fn(i) => &i.vis,
        _ => return false,
    };
    matches!(vis, syn::Visibility::Inherited)
}

fn flatten_use(tree: &syn::UseTree, prefix: &mut Vec<String>, public: bool, scope: &mut ModuleScope) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(unraw(&p.ident.to_string()));
            flatten_use(&p.tree, prefix, public, scope);
            prefix.pop();
        }
        syn::UseTree::Name(n) => {
            let name = unraw(&n.ident.to_string());
            if name == "self" {
                // `use a::b::{self}` imports the module `b` under its own name.
                if let Some(last) = prefix.last().cloned() {
                    scope.uses.push((last, prefix.clone(), public));
                }
            } else {
                let mut path = prefix.clone();
                path.push(name.clone());
                scope.uses.push((name, path, public));
            }
        }
        syn::UseTree::Rename(r) => {
            let alias = unraw(&r.rename.to_string());
            if alias == "_" {
                return;
            }
            let name = unraw(&r.ident.to_string());
            let path = if name == "self" {
                prefix.clone()
            } else {
                let mut p = prefix.clone();
                p.push(name);
                p
            };
            scope.uses.push((alias, path, public));
        }
        syn::UseTree::Glob(_) => scope.globs.push((prefix.clone(), public)),
        syn::UseTree::Group(g) => {
            for t in &g.items {
                flatten_use(t, prefix, public, scope);
            }
        }
    }
}

impl Workspace {
    /// Resolve a path written in module `module` of crate `krate`, in the given namespace for the
    /// last segment.
    pub fn resolve(&self, krate: usize, module: ModuleId, segments: &[String], ns: Namespace) -> Resolved {
        self.resolve_at(krate, module, segments, ns, 0)
    }

    fn resolve_at(&self, krate: usize, module: ModuleId, segments: &[String], ns: Namespace, depth: usize) -> Resolved {
        if segments.is_empty() || depth > MAX_RESOLVE_DEPTH {
            return Resolved::External(segments.to_vec());
        }
        let c = &self.crates[krate];
        let mut rest = segments;
        // The starting point of the path.
        let mut current = match segments[0].as_str() {
            "crate" => {
                rest = &segments[1..];
                Resolved::Module(krate, c.root_module())
            }
            "self" => {
                rest = &segments[1..];
                Resolved::Module(krate, module)
            }
            "super" => {
                let mut m = module;
                while let Some(first) = rest.first().filter(|s| *s == "super") {
                    let _ = first;
                    m = c.modules[m.0].parent.unwrap_or(m);
                    rest = &rest[1..];
                }
                Resolved::Module(krate, m)
            }
            "" => {
                // `::name`: an extern crate.
                let Some(name) = segments.get(1) else { return Resolved::External(segments.to_vec()) };
                rest = &segments[2..];
                match self.crate_named(krate, name) {
                    Some(k) => Resolved::Module(k, ModuleId(0)),
                    None => return Resolved::External(segments[1..].to_vec()),
                }
            }
            first => {
                let first_ns = if segments.len() == 1 { ns } else { Namespace::Type };
                rest = &segments[1..];
                self.lookup(krate, module, first, first_ns, depth + 1).unwrap_or_else(|| {
                    match self.crate_named(krate, first) {
                        Some(k) => Resolved::Module(k, ModuleId(0)),
                        None => Resolved::External(vec![first.to_owned()]),
                    }
                })
            }
        };
        for (i, seg) in rest.iter().enumerate() {
            let seg_ns = if i + 1 == rest.len() { ns } else { Namespace::Type };
            current = match current {
                Resolved::Module(k, m) => match self.lookup(k, m, seg, seg_ns, depth + 1) {
                    Some(r) => r,
                    None if k != krate => self.through_external_glob(k, m, seg, depth).unwrap_or_else(|| {
                        Resolved::External(
                            self.crates[k].modules[m.0]
                                .path
                                .iter()
                                .cloned()
                                .chain(std::iter::once(seg.clone()))
                                .collect(),
                        )
                    }),
                    None => Resolved::External(
                        self.crates[k].modules[m.0].path.iter().cloned().chain(std::iter::once(seg.clone())).collect(),
                    ),
                },
                Resolved::External(mut path) => {
                    path.push(seg.clone());
                    Resolved::External(path)
                }
                // `Enum::Variant` or `Type::Assoc`: not a type we can name.
                Resolved::Item(..) => return Resolved::External(segments.to_vec()),
            };
        }
        current
    }

    /// A name in one module's scope: its own items and children, its `use`s, then its globs.
    fn lookup(&self, krate: usize, module: ModuleId, name: &str, ns: Namespace, depth: usize) -> Option<Resolved> {
        self.lookup_seen(krate, module, name, ns, depth, true)
    }

    /// `lookup`, seeing what the module declares without `pub` only when `private` (a glob import
    /// sees it only from the module itself or a module inside it).
    fn lookup_seen(
        &self,
        krate: usize,
        module: ModuleId,
        name: &str,
        ns: Namespace,
        depth: usize,
        private: bool,
    ) -> Option<Resolved> {
        if depth > MAX_RESOLVE_DEPTH {
            return None;
        }
        let c = &self.crates[krate];
        let scope = c.scopes.get(module.0)?;
        let local = match ns {
            Namespace::Type => scope.types.get(name),
            Namespace::Value => scope.values.get(name),
        };
        if let Some(&(index, kind)) = local.filter(|_| private || !scope.private.contains(name)) {
            return Some(Resolved::Item(ItemRef { krate, module, index }, kind));
        }
        if ns == Namespace::Type {
            if let Some(&child) = c.modules[module.0].children.get(name) {
                return Some(Resolved::Module(krate, child));
            }
        }
        for (alias, path, public) in &scope.uses {
            if alias == name && (private || *public) {
                let r = self.resolve_use(krate, module, path, ns, depth + 1);
                if ns == Namespace::Value || !matches!(r, Resolved::Item(_, k) if !k.is_type()) {
                    return Some(r);
                }
            }
        }
        if scope.globs.is_empty() {
            return None;
        }
        // A name looked up again through the globs it is being looked up through: a cycle of
        // glob re-exports (`pub use a::*` in b, `pub use b::*` in a) adds nothing, and following
        // it would branch at every level.
        let key = (krate, module, name.to_owned(), ns);
        if !self.globs_in_progress.borrow_mut().insert(key.clone()) {
            return None;
        }
        let found = self.lookup_globs(krate, module, name, ns, depth, private);
        self.globs_in_progress.borrow_mut().remove(&key);
        found
    }

    fn lookup_globs(
        &self,
        krate: usize,
        module: ModuleId,
        name: &str,
        ns: Namespace,
        depth: usize,
        private: bool,
    ) -> Option<Resolved> {
        let scope = self.crates[krate].scopes.get(module.0)?;
        for (glob, public) in &scope.globs {
            if !(private || *public) {
                continue;
            }
            if let Resolved::Module(k, m) = self.resolve_use(krate, module, glob, Namespace::Type, depth + 1) {
                if (k, m) == (krate, module) {
                    continue;
                }
                let sees_private = k == krate && self.is_within(krate, module, m);
                if let Some(r) = self.lookup_seen(k, m, name, ns, depth + 1, sees_private) {
                    return Some(r);
                }
            }
        }
        None
    }

    /// A name another crate's module does not declare, which one of its public globs of an
    /// extern crate it does not know may bring (`pub use other_types::protocol::*;` in a registry
    /// crate): that crate's path, so that the crate is read next ([`Workspace::want_registry_crate`]).
    fn through_external_glob(&self, krate: usize, module: ModuleId, name: &str, depth: usize) -> Option<Resolved> {
        let scope = self.crates[krate].scopes.get(module.0)?;
        scope.globs.iter().filter(|(_, public)| *public).find_map(|(glob, _)| {
            match self.resolve_use(krate, module, glob, Namespace::Type, depth + 1) {
                Resolved::External(mut path) => {
                    path.push(name.to_owned());
                    Some(Resolved::External(path))
                }
                _ => None,
            }
        })
    }

    /// Whether `inner` is `outer` or a module inside it.
    fn is_within(&self, krate: usize, inner: ModuleId, outer: ModuleId) -> bool {
        let mut m = Some(inner);
        while let Some(id) = m {
            if id == outer {
                return true;
            }
            m = self.crates[krate].modules[id.0].parent;
        }
        false
    }

    /// A `use` path: relative to the module it is written in, like any other path (2018 uniform
    /// paths), except that a first segment naming no item of ours is an extern crate.
    fn resolve_use(&self, krate: usize, module: ModuleId, path: &[String], ns: Namespace, depth: usize) -> Resolved {
        if let Some(first) = path.first() {
            let special = matches!(first.as_str(), "crate" | "self" | "super" | "");
            let c = &self.crates[krate];
            let shadowed_by_local = c.scopes.get(module.0).is_some_and(|s| s.types.contains_key(first))
                || c.modules[module.0].children.contains_key(first);
            if !special && !shadowed_by_local && path.len() > 1 {
                if let Some(k) = self.crate_named(krate, first) {
                    return self.resolve_at(k, ModuleId(0), &path_with_crate(&path[1..]), ns, depth + 1);
                }
                // An extern crate (std, serde, chrono…) or a name from a glob: try the glob route,
                // else it is external.
                let via_scope = self.lookup(krate, module, first, Namespace::Type, depth + 1);
                return match via_scope {
                    Some(Resolved::Module(k, m)) => self.resolve_at(k, m, &path_with_self(&path[1..]), ns, depth + 1),
                    Some(Resolved::External(mut p)) => {
                        p.extend(path[1..].iter().cloned());
                        Resolved::External(p)
                    }
                    _ => Resolved::External(path.to_vec()),
                };
            }
        }
        self.resolve_at(krate, module, path, ns, depth)
    }

    /// The source item an [`ItemRef`] points at (parsed again if it was deferred: always use
    /// this rather than a module's `items`, which hold only the shells of deferred items).
    pub fn item(&self, r: ItemRef) -> &syn::Item {
        let krate = &self.crates[r.krate];
        krate.file_of(r.module).whole_item(&krate.modules[r.module.0].items[r.index])
    }
}

fn path_with_crate(rest: &[String]) -> Vec<String> {
    std::iter::once("crate".to_owned()).chain(rest.iter().cloned()).collect()
}

fn path_with_self(rest: &[String]) -> Vec<String> {
    std::iter::once("self".to_owned()).chain(rest.iter().cloned()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn workspace(files: &[(&str, &str)]) -> (tempfile::TempDir, Workspace) {
        let dir = tempfile::tempdir().unwrap();
        for (path, text) in files {
            let full = dir.path().join(path);
            std::fs::create_dir_all(full.parent().unwrap()).unwrap();
            std::fs::write(full, text).unwrap();
        }
        let ws = crate::source::load(&[dir.path().to_path_buf()], &[]).unwrap();
        (dir, ws)
    }

    fn resolve(ws: &Workspace, path: &str) -> Resolved {
        let segments: Vec<String> = path.split("::").map(str::to_owned).collect();
        ws.resolve(0, ModuleId(0), &segments, Namespace::Type)
    }

    const CARGO: &str = "[package]\nname = \"k\"\n";

    #[test]
    fn globs_see_public_items_and_uses_only() {
        let (_dir, ws) = workspace(&[
            ("Cargo.toml", CARGO),
            ("src/lib.rs", "mod a; mod b; pub use a::*; pub use b::*;"),
            ("src/a.rs", "use crate::Target; struct Hidden; pub struct Shown(Target);"),
            ("src/b.rs", "pub struct Target;"),
        ]);
        assert!(matches!(resolve(&ws, "Target"), Resolved::Item(r, ItemKind::Struct) if r.module != ModuleId(0)));
        assert!(matches!(resolve(&ws, "Shown"), Resolved::Item(..)));
        assert_eq!(resolve(&ws, "Hidden"), Resolved::External(vec!["Hidden".into()]));
    }

    #[test]
    fn cycles_of_glob_re_exports_end() {
        let (_dir, ws) = workspace(&[
            ("Cargo.toml", CARGO),
            ("src/lib.rs", "mod a; mod b; mod c; pub use a::*; pub use b::*; pub use c::*; pub struct Here;"),
            ("src/a.rs", "pub use crate::*; pub use super::b::*; pub use super::c::*;"),
            ("src/b.rs", "pub use crate::*; pub use super::a::*; pub use super::c::*;"),
            ("src/c.rs", "pub use crate::*; pub use super::a::*; pub use super::b::*;"),
        ]);
        let start = std::time::Instant::now();
        assert_eq!(resolve(&ws, "Nowhere"), Resolved::External(vec!["Nowhere".into()]));
        assert!(matches!(resolve(&ws, "a::Here"), Resolved::Item(..)));
        assert!(start.elapsed() < std::time::Duration::from_secs(2), "{:?}", start.elapsed());
    }
}
