//! Deferred item lists: the items of an impl block or a trait that no profile looks into unless
//! it asks for that very block are not kept as syntax trees. Their skeleton text is kept instead,
//! and parsed again on first use ([`super::ParsedFile::impl_items`],
//! [`super::ParsedFile::trait_items`]).
//!
//! Most of a crate's item-level code is ordinary methods, and syn spends several kilobytes of tree
//! on each signature; the profiles only read the impl blocks of a few types (a server, a trait
//! tool, a type whose `Default` or `default = "Type::f"` a schema needs), and no trait's items.
//! Every impl block is deferred except those with a `#[tool]` item: the scan for tool fns reads
//! every impl block directly, and asking for each would parse them all again.
//!
//! The text parsed again is the very skeleton text the file was parsed from, padded to the same
//! line and column, so its spans and trees are the same as those of the first parse.

use std::cell::OnceCell;

use syn::parse::{ParseStream, Parser};

/// The item list of an impl block or a trait, taken out of the tree.
#[derive(Debug)]
struct Deferred<T> {
    /// The position of its `{` in the skeleton: 1-based line, 0-based column in chars.
    line: usize,
    column: usize,
    /// The skeleton text from `{` to `}`.
    text: Box<str>,
    items: OnceCell<Vec<T>>,
}

impl<T: syn::parse::Parse> Deferred<T> {
    fn new(braces: &syn::token::Brace, skeleton: &str) -> Option<Self> {
        let group = braces.span.join();
        let text = skeleton.get(group.byte_range())?;
        let open = group.start();
        Some(Deferred { line: open.line, column: open.column, text: text.into(), items: OnceCell::new() })
    }

    fn key(&self) -> (usize, usize) {
        (self.line, self.column)
    }

    fn items(&self) -> &[T] {
        self.items.get_or_init(|| {
            let mut text = "\n".repeat(self.line - 1);
            text.push_str(&" ".repeat(self.column));
            text.push_str(&self.text);
            // The text parsed once already; failing now would mean a bug, and then the list is
            // simply empty rather than the run aborted.
            braced_items.parse_str(&text).unwrap_or_default()
        })
    }
}

/// The deferred item lists of one file, each kind in source order.
#[derive(Debug, Default)]
pub(crate) struct DeferredItems {
    impls: Vec<Deferred<syn::ImplItem>>,
    traits: Vec<Deferred<syn::TraitItem>>,
}

impl DeferredItems {
    /// Take the item lists out of every deferrable impl block and trait of `items` (inline
    /// modules included). `skeleton` is the text the items were parsed from.
    pub(crate) fn take(items: &mut [syn::Item], skeleton: &str) -> Self {
        let mut out = DeferredItems::default();
        out.take_from(items, skeleton);
        out
    }

    fn take_from(&mut self, items: &mut [syn::Item], skeleton: &str) {
        for item in items {
            match item {
                syn::Item::Impl(imp) if deferrable(imp) => {
                    if let Some(d) = Deferred::new(&imp.brace_token, skeleton) {
                        self.impls.push(d);
                        imp.items = Vec::new();
                    }
                }
                syn::Item::Trait(t) if !t.items.is_empty() => {
                    if let Some(d) = Deferred::new(&t.brace_token, skeleton) {
                        self.traits.push(d);
                        t.items = Vec::new();
                    }
                }
                syn::Item::Mod(m) => {
                    if let Some((_, content)) = &mut m.content {
                        self.take_from(content, skeleton);
                    }
                }
                _ => {}
            }
        }
    }

    /// The items of `imp`: its own, or those parsed again when they were deferred.
    pub(crate) fn impl_items<'a>(&'a self, imp: &'a syn::ItemImpl) -> &'a [syn::ImplItem] {
        lookup(&self.impls, &imp.items, &imp.brace_token)
    }

    /// The items of `t`: its own, or those parsed again when they were deferred.
    pub(crate) fn trait_items<'a>(&'a self, t: &'a syn::ItemTrait) -> &'a [syn::TraitItem] {
        lookup(&self.traits, &t.items, &t.brace_token)
    }
}

fn lookup<'a, T: syn::parse::Parse>(deferred: &'a [Deferred<T>], own: &'a [T], braces: &syn::token::Brace) -> &'a [T] {
    if !own.is_empty() || deferred.is_empty() {
        return own;
    }
    let open = braces.span.open().start();
    match deferred.binary_search_by_key(&(open.line, open.column), Deferred::key) {
        Ok(i) => deferred[i].items(),
        Err(_) => own,
    }
}

/// `{ #![inner] item* }`, the body of an impl block or a trait.
fn braced_items<T: syn::parse::Parse>(input: ParseStream) -> syn::Result<Vec<T>> {
    let content;
    syn::braced!(content in input);
    // Inner attributes were kept with the item's header.
    content.call(syn::Attribute::parse_inner)?;
    let mut items = Vec::new();
    while !content.is_empty() {
        items.push(content.parse()?);
    }
    Ok(items)
}

/// Whether no profile reads the block's items without asking for this block: the scan for tool
/// fns (`profile::tool_fns`) reads `imp.items` of every block, so a block with a `#[tool]` item
/// keeps its items.
fn deferrable(imp: &syn::ItemImpl) -> bool {
    !imp.items.is_empty() && !imp.items.iter().any(|i| item_attrs(i).iter().any(is_tool_attr))
}

fn item_attrs(item: &syn::ImplItem) -> &[syn::Attribute] {
    match item {
        syn::ImplItem::Const(c) => &c.attrs,
        syn::ImplItem::Fn(f) => &f.attrs,
        syn::ImplItem::Type(t) => &t.attrs,
        syn::ImplItem::Macro(m) => &m.attrs,
        _ => &[],
    }
}

fn is_tool_attr(attr: &syn::Attribute) -> bool {
    attr.path().segments.last().is_some_and(|s| s.ident == "tool")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::skeleton::skeletonize;

    const SRC: &str = "\
pub struct S;

impl S {
    /// Made.
    pub fn new() -> Self {
        let x = \"}\";
        S
    }

    fn helper(&self, a: &str) -> Result<Vec<u64>, String> { todo!() }
}

#[tool_router]
impl S {
    #[tool]
    fn t(&self) {}
}

#[cfg(feature = \"x\")]
impl Default for S {
    #![allow(unused)]
    fn default() -> Self { S }
}

impl S {
    #[tool(description = \"x\")]
    fn u(&self) {}
}

mod inner {
    impl super::S { const C: u8 = 1; }

    /// A trait.
    pub trait T: Sized {
        /// Its fn.
        fn f(&self) -> u8 { 1 }
        type A;
    }
}

impl S {}
trait Empty {}
";

    fn walk<'a>(items: &'a [syn::Item], impls: &mut Vec<&'a syn::ItemImpl>, traits: &mut Vec<&'a syn::ItemTrait>) {
        for item in items {
            match item {
                syn::Item::Impl(i) => impls.push(i),
                syn::Item::Trait(t) => traits.push(t),
                syn::Item::Mod(m) => walk(&m.content.as_ref().unwrap().1, impls, traits),
                _ => {}
            }
        }
    }

    fn starts<T: syn::spanned::Spanned>(items: &[T]) -> Vec<proc_macro2::LineColumn> {
        items.iter().map(|i| i.span().start()).collect()
    }

    #[test]
    fn deferred_items_parse_back_to_the_same_trees_at_the_same_positions() {
        let skeleton = skeletonize(SRC);
        let eager = syn::parse_file(&skeleton.text).unwrap();
        let mut lazy = eager.clone();
        let deferred = DeferredItems::take(&mut lazy.items, &skeleton.text);

        let (mut eager_impls, mut eager_traits, mut lazy_impls, mut lazy_traits) = Default::default();
        walk(&eager.items, &mut eager_impls, &mut eager_traits);
        walk(&lazy.items, &mut lazy_impls, &mut lazy_traits);
        // Kept: the two blocks with a `#[tool]` fn (and the empty ones, with nothing to defer).
        let kept: Vec<bool> = lazy_impls.iter().map(|i| !i.items.is_empty()).collect();
        assert_eq!(kept, [false, true, false, true, false, false]);
        assert_eq!(deferred.impls.len(), 3);
        assert_eq!(deferred.traits.len(), 1);
        assert!(lazy_traits[0].items.is_empty());
        for (e, l) in eager_impls.iter().zip(&lazy_impls) {
            let back = deferred.impl_items(l);
            assert_eq!(back, e.items.as_slice(), "the same items");
            assert_eq!(starts(back), starts(&e.items), "at the same lines and columns");
        }
        for (e, l) in eager_traits.iter().zip(&lazy_traits) {
            let back = deferred.trait_items(l);
            assert_eq!(back, e.items.as_slice());
            assert_eq!(starts(back), starts(&e.items));
        }
        // The header keeps the block's attributes, inner ones too.
        assert_eq!(lazy_impls[2].attrs, eager_impls[2].attrs);
        assert_eq!(lazy_impls[2].attrs.len(), 2);
        // Asked twice, parsed once.
        assert!(std::ptr::eq(deferred.impl_items(lazy_impls[0]), deferred.impl_items(lazy_impls[0])));
    }

    #[test]
    fn nothing_is_deferred_without_a_skeleton_to_parse_again() {
        let mut file = syn::parse_file("impl S { fn f() {} }").unwrap();
        let deferred = DeferredItems::take(&mut file.items, "");
        let syn::Item::Impl(imp) = &file.items[0] else { unreachable!() };
        assert_eq!(imp.items.len(), 1, "kept when its text cannot be found");
        assert!(deferred.impls.is_empty());
    }
}
