//! Deferred `impl` blocks: the items of an impl block that no profile looks into unless it asks
//! for that very block are not kept as syntax trees. Their skeleton text is kept instead, and
//! parsed again on first use ([`super::ParsedFile::impl_items`]).
//!
//! Most of a crate's item-level code is ordinary methods, and syn spends several kilobytes of tree
//! on each signature; the profiles only read the impl blocks of a few types (a server, a trait
//! tool, a type whose `Default` or `default = "Type::f"` a schema needs). An impl block is
//! deferred when nothing reads it without asking: it has no attribute (so it is neither a
//! `#[tool_router]` nor a `#[tool_handler]` block) and none of its items has a `#[tool]`
//! attribute (the scan for tool fns reads every impl block directly).
//!
//! The text parsed again is the very skeleton text the file was parsed from, padded to the same
//! line and column, so its spans and trees are the same as those of the first parse.

use std::cell::OnceCell;

use syn::parse::{ParseStream, Parser};

/// An impl block whose items were taken out of the tree.
#[derive(Debug)]
pub(crate) struct DeferredImpl {
    /// The position of its `{` in the skeleton: 1-based line, 0-based column in chars.
    line: usize,
    column: usize,
    /// The skeleton text from `{` to `}`.
    text: Box<str>,
    items: OnceCell<Vec<syn::ImplItem>>,
}

impl DeferredImpl {
    fn key(&self) -> (usize, usize) {
        (self.line, self.column)
    }
}

/// The deferred impl blocks of one file, in source order.
#[derive(Debug, Default)]
pub(crate) struct DeferredImpls(Vec<DeferredImpl>);

impl DeferredImpls {
    /// Take the items out of every deferrable impl block of `items` (inline modules included).
    /// `skeleton` is the text the items were parsed from.
    pub(crate) fn take(items: &mut [syn::Item], skeleton: &str) -> Self {
        let mut out = Vec::new();
        take_from(items, skeleton, &mut out);
        DeferredImpls(out)
    }

    /// The items of `imp`: its own, or those parsed again when they were deferred.
    pub(crate) fn items_of<'a>(&'a self, imp: &'a syn::ItemImpl) -> &'a [syn::ImplItem] {
        if !imp.items.is_empty() || self.0.is_empty() {
            return &imp.items;
        }
        let open = imp.brace_token.span.open().start();
        match self.0.binary_search_by_key(&(open.line, open.column), DeferredImpl::key) {
            Ok(i) => self.0[i].items.get_or_init(|| self.0[i].parse()),
            Err(_) => &imp.items,
        }
    }
}

impl DeferredImpl {
    fn parse(&self) -> Vec<syn::ImplItem> {
        let mut text = "\n".repeat(self.line - 1);
        text.push_str(&" ".repeat(self.column));
        text.push_str(&self.text);
        // The text parsed once already; failing now would mean a bug, and then the block is
        // simply empty rather than the run aborted.
        impl_body.parse_str(&text).unwrap_or_default()
    }
}

/// `{ #![inner] item* }`, the body of an impl block.
fn impl_body(input: ParseStream) -> syn::Result<Vec<syn::ImplItem>> {
    let content;
    syn::braced!(content in input);
    // Inner attributes were kept with the block's header (and make it not deferrable anyway).
    content.call(syn::Attribute::parse_inner)?;
    let mut items = Vec::new();
    while !content.is_empty() {
        items.push(content.parse()?);
    }
    Ok(items)
}

fn take_from(items: &mut [syn::Item], skeleton: &str, out: &mut Vec<DeferredImpl>) {
    for item in items {
        match item {
            syn::Item::Impl(imp) if deferrable(imp) => {
                let group = imp.brace_token.span.join();
                let Some(text) = skeleton.get(group.byte_range()) else { continue };
                let open = group.start();
                out.push(DeferredImpl {
                    line: open.line,
                    column: open.column,
                    text: text.into(),
                    items: OnceCell::new(),
                });
                imp.items = Vec::new();
            }
            syn::Item::Mod(m) => {
                if let Some((_, content)) = &mut m.content {
                    take_from(content, skeleton, out);
                }
            }
            _ => {}
        }
    }
}

/// Whether no profile reads the block's items without asking for this block.
fn deferrable(imp: &syn::ItemImpl) -> bool {
    imp.attrs.is_empty() && !imp.items.is_empty() && !imp.items.iter().any(|i| item_attrs(i).iter().any(is_tool_attr))
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

impl Default for S {
    fn default() -> Self { S }
}

impl S {
    #[tool(description = \"x\")]
    fn u(&self) {}
}

mod inner {
    impl super::S { const C: u8 = 1; }
}

impl S {}
";

    fn impls(items: &[syn::Item]) -> Vec<&syn::ItemImpl> {
        let mut out = Vec::new();
        for item in items {
            match item {
                syn::Item::Impl(i) => out.push(i),
                syn::Item::Mod(m) => out.extend(impls(&m.content.as_ref().unwrap().1)),
                _ => {}
            }
        }
        out
    }

    fn starts(items: &[syn::ImplItem]) -> Vec<proc_macro2::LineColumn> {
        items.iter().map(|i| syn::spanned::Spanned::span(i).start()).collect()
    }

    #[test]
    fn deferred_items_parse_back_to_the_same_trees_at_the_same_positions() {
        let skeleton = skeletonize(SRC);
        let eager = syn::parse_file(&skeleton.text).unwrap();
        let mut lazy = eager.clone();
        let deferred = DeferredImpls::take(&mut lazy.items, &skeleton.text);

        let (eager, lazy) = (impls(&eager.items), impls(&lazy.items));
        // Deferred: `impl S` (plain methods), `impl Default`, the inline module's block.
        let emptied: Vec<bool> = lazy.iter().map(|i| i.items.is_empty()).collect();
        assert_eq!(emptied, [true, false, true, false, true, true]);
        assert_eq!(deferred.0.len(), 3);
        for (e, l) in eager.iter().zip(&lazy) {
            let back = deferred.items_of(l);
            assert_eq!(back, e.items.as_slice(), "the same items");
            assert_eq!(starts(back), starts(&e.items), "at the same lines and columns");
        }
        // Asked twice, parsed once.
        assert!(std::ptr::eq(deferred.items_of(lazy[0]), deferred.items_of(lazy[0])));
    }

    #[test]
    fn nothing_is_deferred_without_a_skeleton_to_parse_again() {
        let mut file = syn::parse_file("impl S { fn f() {} }").unwrap();
        let deferred = DeferredImpls::take(&mut file.items, "");
        let syn::Item::Impl(imp) = &file.items[0] else { unreachable!() };
        assert_eq!(imp.items.len(), 1, "kept when its text cannot be found");
        assert!(deferred.0.is_empty());
    }
}
