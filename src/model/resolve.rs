//! The read-only half of lowering: the workspace, its impl blocks and what a path names. The
//! model builder ([`super::Lowerer`]) and the evaluator ([`super::eval::Evaluator`]) share one
//! [`Resolver`] by `&`: nothing here changes while types are lowered, so the evaluator can hold
//! the impl index while it asks the builder for a type.

use std::cell::OnceCell;

use crate::diagnostics::Location;
use crate::source::impls::ImplIndex;
use crate::source::{ItemKind, ModuleId, Resolved, Workspace};

/// The workspace, its impl blocks, locations and the config's names for a resolved path.
pub struct Resolver<'w> {
    pub ws: &'w Workspace,
    impls: Impls<'w>,
}

/// The impl index: made on first use, or one a profile holds already.
enum Impls<'w> {
    Own(OnceCell<ImplIndex<'w>>),
    Shared(&'w ImplIndex<'w>),
}

impl<'w> Resolver<'w> {
    pub fn new(ws: &'w Workspace) -> Self {
        Resolver { ws, impls: Impls::Own(OnceCell::new()) }
    }

    /// A resolver over the impl index a profile holds already (its workspace's) rather than a
    /// view of its own.
    pub fn sharing(impls: &'w ImplIndex<'w>) -> Self {
        Resolver { ws: impls.ws, impls: Impls::Shared(impls) }
    }

    /// The impl blocks of the workspace (their self types are resolved once per run).
    pub fn impls(&self) -> &ImplIndex<'w> {
        match &self.impls {
            Impls::Own(cell) => cell.get_or_init(|| ImplIndex::new(self.ws)),
            Impls::Shared(impls) => impls,
        }
    }

    /// Where `span`, written in `module` of `krate`, is.
    pub fn location(&self, krate: usize, module: ModuleId, span: proc_macro2::Span) -> Location {
        self.ws.crates[krate].file_of(module).location(span)
    }

    /// The paths a user may write in the config for what a type path resolved to: another
    /// crate's path as far as our `use`s spell it out (`chrono::NaiveDate`), or, for a type of
    /// ours, its crate-qualified path (`kit::model::Blob`) and the same from `crate::`.
    pub fn canonical_paths(&self, resolved: &Resolved) -> Vec<String> {
        let ws = self.ws;
        match resolved {
            Resolved::External(ext) => {
                vec![ext.iter().filter(|s| !s.is_empty()).cloned().collect::<Vec<_>>().join("::")]
            }
            Resolved::Item(item, ItemKind::Struct | ItemKind::Enum | ItemKind::Alias) => {
                let name = match ws.item(*item) {
                    syn::Item::Struct(s) => s.ident.to_string(),
                    syn::Item::Enum(e) => e.ident.to_string(),
                    syn::Item::Type(t) => t.ident.to_string(),
                    _ => return Vec::new(),
                };
                let krate = &ws.crates[item.krate];
                let mut tail = krate.module(item.module).path.clone();
                tail.push(crate::source::unraw_ident(&name));
                let tail = tail.join("::");
                vec![format!("{}::{tail}", krate.name), format!("crate::{tail}")]
            }
            _ => Vec::new(),
        }
    }
}
