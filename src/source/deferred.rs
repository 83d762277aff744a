//! Deferred items: what no profile looks into unless it asks for that very item is not kept as a
//! syntax tree. Its skeleton text is kept instead, and parsed again on first use.
//!
//! Most of a crate's item-level code is ordinary methods, free fns, traits and types no tool
//! uses, and syn spends several kilobytes of tree on a signature. So are deferred:
//!
//! * the item lists of impl blocks ([`super::ParsedFile::impl_items`]), except blocks with an
//!   item carrying one of the profile's [`KeptAttributes`] (rmcp's `#[tool]`): the profile's scan
//!   for tool fns reads every block's items directly, and asking for each would parse them all
//!   again. The block itself (attributes, generics, trait, self type)
//!   stays, for the profiles that look for the impls of a type;
//! * the item lists of traits ([`super::ParsedFile::trait_items`]);
//! * whole structs, enums, unions, type aliases, consts, statics, fns without a kept attribute
//!   and macro invocations ([`super::ParsedFile::whole_item`], which
//!   [`super::Workspace::item`] goes through). A shell stays in the tree: the same kind of item
//!   with the same name or macro path (at the same position), and nothing else, for the module's
//!   scope.
//!
//! The text parsed again is the very skeleton text the file was parsed from, parsed alone: its
//! trees are the same as those of the first parse, and its spans are mapped to the same
//! positions by where it starts ([`super::Placements`]).

use std::cell::OnceCell;
use std::sync::Arc;

use proc_macro2::Span;
use syn::parse::{ParseStream, Parser};

use super::cfg::{CfgPass, EnabledFeatures};
use super::{Placement, Placements};

/// The attributes (matched on the last segment of their path: `tool` is `#[tool]` and
/// `#[rmcp::tool]`) that keep an item parsed in the tree: the profile of the run scans every fn
/// and impl block for them (each profile says which).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KeptAttributes(pub &'static [&'static str]);

impl KeptAttributes {
    /// Whether one of `attrs` is a kept attribute.
    fn any_in(self, attrs: &[syn::Attribute]) -> bool {
        attrs.iter().any(|a| a.path().segments.last().is_some_and(|s| self.0.iter().any(|k| s.ident == k)))
    }
}

/// A piece of skeleton text taken out of the tree, and what it parses to (once asked).
#[derive(Debug)]
struct Deferred<T> {
    /// The position of its first char in the skeleton: 1-based line, 0-based column in chars.
    line: usize,
    column: usize,
    /// The key it is found by: where a brace group opens, or where an item's name is.
    key: (usize, usize),
    text: Box<str>,
    parsed: OnceCell<T>,
}

impl<T> Deferred<T> {
    /// The text from the start of `from` to the end of `to`, found by `key`; `None` when the spans
    /// are not of `skeleton`.
    fn spanning(from: Span, to: Span, key: Span, skeleton: &str) -> Option<Self> {
        let text = skeleton.get(from.byte_range().start..to.byte_range().end)?;
        let (start, key) = (from.start(), key.start());
        Some(Deferred {
            line: start.line,
            column: start.column,
            key: (key.line, key.column),
            text: text.into(),
            parsed: OnceCell::new(),
        })
    }

    fn key(&self) -> (usize, usize) {
        self.key
    }

    /// Parse the text again, as it is, its source file noted in `placed` as starting at its own
    /// line and column of the skeleton; compacted as the file's tree was. It parsed once already,
    /// so failing now would mean a bug; the caller then gives an empty result rather than abort
    /// the run.
    fn parse_with<R: Clone>(&self, parser: impl Parser<Output = R>, placed: &Placements) -> Option<R> {
        let tokens =
            placed.lex(&self.text, Placement { line: self.line, column: self.column, in_skeleton: true }).ok()?;
        parser.parse2(tokens).ok().map(|parsed| super::compacted(&parsed))
    }
}

impl<T: syn::parse::Parse + Clone> Deferred<Vec<T>> {
    fn braced(braces: &syn::token::Brace, skeleton: &str) -> Option<Self> {
        let (open, close) = (braces.span.open(), braces.span.close());
        Deferred::spanning(open, close, open, skeleton)
    }

    /// The items, with `cfg` applied by `apply` as it was to the rest of the file.
    fn items(&self, apply: impl FnOnce(&mut Vec<T>), placed: &Placements) -> &[T] {
        self.parsed.get_or_init(|| {
            let mut items = self.parse_with(braced_items, placed).unwrap_or_default();
            apply(&mut items);
            items
        })
    }
}

impl Deferred<Option<Box<syn::Item>>> {
    fn item(&self, features: &EnabledFeatures, placed: &Placements) -> Option<&syn::Item> {
        self.parsed
            .get_or_init(|| {
                let mut item = self.parse_with(<syn::Item as syn::parse::Parse>::parse, placed)?;
                // It was on when deferred: only what it holds can go.
                CfgPass::new(features).item(&mut item);
                Some(Box::new(item))
            })
            .as_deref()
    }
}

/// The deferred items of one file, each kind in source order.
#[derive(Debug, Default)]
pub(crate) struct DeferredItems {
    impls: Vec<Deferred<Vec<syn::ImplItem>>>,
    traits: Vec<Deferred<Vec<syn::TraitItem>>>,
    /// Boxed: most are never asked for, and an `Item` is large.
    whole: Vec<Deferred<Option<Box<syn::Item>>>>,
    /// What `cfg` is evaluated against when a deferred text is parsed again.
    features: Arc<EnabledFeatures>,
    /// The attributes that kept their items in the tree (a fn carrying one has no shell).
    kept: KeptAttributes,
    /// Where each text parsed again (and each fn body parsed on demand) starts.
    pub(crate) placed: Placements,
}

impl DeferredItems {
    /// Take out of `items` (inline modules included) everything that can be deferred. `skeleton`
    /// is the text the items were parsed from; items carrying one of `kept` stay parsed.
    pub(crate) fn take(
        items: &mut [syn::Item],
        skeleton: &str,
        features: Arc<EnabledFeatures>,
        kept: KeptAttributes,
    ) -> Self {
        let mut out = DeferredItems { features, kept, ..DeferredItems::default() };
        out.take_from(items, skeleton);
        // Held to the end of the run, like the trees.
        out.impls.shrink_to_fit();
        out.traits.shrink_to_fit();
        out.whole.shrink_to_fit();
        out
    }

    fn take_from(&mut self, items: &mut [syn::Item], skeleton: &str) {
        for item in items {
            if let Some(d) = whole(item, skeleton, self.kept) {
                self.whole.push(d);
                hollow(item);
                continue;
            }
            match item {
                syn::Item::Impl(imp) if deferrable(imp, self.kept) => {
                    if let Some(d) = Deferred::braced(&imp.brace_token, skeleton) {
                        self.impls.push(d);
                        imp.items = Vec::new();
                    }
                }
                syn::Item::Trait(t) if !t.items.is_empty() => {
                    if let Some(d) = Deferred::braced(&t.brace_token, skeleton) {
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

    /// `item` itself, or the whole item when `item` is the shell of a deferred one.
    pub(crate) fn whole_item<'a>(&'a self, item: &'a syn::Item) -> &'a syn::Item {
        if self.whole.is_empty() {
            return item;
        }
        let Some(name) = deferrable_name(item, self.kept) else { return item };
        find(&self.whole, name.span()).and_then(|d| d.item(&self.features, &self.placed)).unwrap_or(item)
    }

    /// Whether `item` may mention `word`: a cheap test on the text of a deferred item before
    /// asking for it whole (always true for an item that was not deferred).
    pub(crate) fn mentions(&self, item: &syn::Item, word: &str) -> bool {
        match deferrable_name(item, self.kept).and_then(|name| find(&self.whole, name.span())) {
            Some(d) => d.text.contains(word),
            None => true,
        }
    }

    /// The items of `imp`: its own, or those parsed again when they were deferred.
    pub(crate) fn impl_items<'a>(&'a self, imp: &'a syn::ItemImpl) -> &'a [syn::ImplItem] {
        if !imp.items.is_empty() {
            return &imp.items;
        }
        find(&self.impls, imp.brace_token.span.open())
            .map_or(&imp.items, |d| d.items(|items| CfgPass::new(&self.features).impl_items(items), &self.placed))
    }

    /// How many deferred impl item lists have been parsed so far.
    #[cfg(test)]
    pub(crate) fn parsed_impls(&self) -> usize {
        self.impls.iter().filter(|d| d.parsed.get().is_some()).count()
    }

    /// The items of `t`: its own, or those parsed again when they were deferred.
    pub(crate) fn trait_items<'a>(&'a self, t: &'a syn::ItemTrait) -> &'a [syn::TraitItem] {
        if !t.items.is_empty() {
            return &t.items;
        }
        find(&self.traits, t.brace_token.span.open())
            .map_or(&t.items, |d| d.items(|items| CfgPass::new(&self.features).trait_items(items), &self.placed))
    }
}

fn find<T>(deferred: &[Deferred<T>], key: Span) -> Option<&Deferred<T>> {
    let at = key.start();
    deferred.binary_search_by_key(&(at.line, at.column), Deferred::key).ok().map(|i| &deferred[i])
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

/// Whether no profile reads the block's items without asking for this block: the profile's scan
/// for tool fns (`profile::tool_fns`) reads `imp.items` of every block, so a block with an item
/// carrying a kept attribute keeps its items.
fn deferrable(imp: &syn::ItemImpl, kept: KeptAttributes) -> bool {
    !imp.items.is_empty() && !imp.items.iter().any(|i| kept.any_in(item_attrs(i)))
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

/// The name of an item that is deferred whole when it can be (the first segment of a macro's
/// path): a fn carrying a kept attribute is read by the profile's scan for tool fns, and is not.
fn deferrable_name(item: &syn::Item, kept: KeptAttributes) -> Option<&syn::Ident> {
    match item {
        syn::Item::Struct(s) => Some(&s.ident),
        syn::Item::Enum(e) => Some(&e.ident),
        syn::Item::Union(u) => Some(&u.ident),
        syn::Item::Type(t) => Some(&t.ident),
        syn::Item::Const(c) => Some(&c.ident),
        syn::Item::Static(s) => Some(&s.ident),
        syn::Item::Fn(f) if !kept.any_in(&f.attrs) => Some(&f.sig.ident),
        syn::Item::Macro(m) => m.mac.path.segments.first().map(|s| &s.ident),
        _ => None,
    }
}

/// The whole text of a deferrable item: from its first attribute (or its visibility, or its
/// first keyword) to its last token.
fn whole(item: &syn::Item, skeleton: &str, kept: KeptAttributes) -> Option<Deferred<Option<Box<syn::Item>>>> {
    use syn::spanned::Spanned;
    let name = deferrable_name(item, kept)?;
    let (attrs, vis, keyword, last): (&[syn::Attribute], &syn::Visibility, Span, Span) = match item {
        syn::Item::Struct(s) => (
            &s.attrs,
            &s.vis,
            s.struct_token.span,
            match (&s.semi_token, &s.fields) {
                (Some(semi), _) => semi.span,
                (None, syn::Fields::Named(f)) => f.brace_token.span.close(),
                (None, _) => return None,
            },
        ),
        syn::Item::Enum(e) => (&e.attrs, &e.vis, e.enum_token.span, e.brace_token.span.close()),
        syn::Item::Union(u) => (&u.attrs, &u.vis, u.union_token.span, u.fields.brace_token.span.close()),
        syn::Item::Type(t) => (&t.attrs, &t.vis, t.type_token.span, t.semi_token.span),
        syn::Item::Const(c) => (&c.attrs, &c.vis, c.const_token.span, c.semi_token.span),
        syn::Item::Static(s) => (&s.attrs, &s.vis, s.static_token.span, s.semi_token.span),
        syn::Item::Fn(f) => (&f.attrs, &f.vis, first_of_signature(&f.sig), f.block.brace_token.span.close()),
        syn::Item::Macro(m) => {
            let first = m.mac.path.leading_colon.map_or(name.span(), |c| c.spans[0]);
            let last = m.semi_token.map_or(m.mac.delimiter.span().close(), |s| s.span);
            (&m.attrs, &syn::Visibility::Inherited, first, last)
        }
        _ => return None,
    };
    let first = match (attrs.first(), vis) {
        (Some(a), _) => a.pound_token.span,
        (None, syn::Visibility::Inherited) => keyword,
        (None, vis) => vis.span(),
    };
    Deferred::spanning(first, last, name.span(), skeleton)
}

fn first_of_signature(sig: &syn::Signature) -> Span {
    let first = [
        sig.constness.map(|t| t.span),
        sig.asyncness.map(|t| t.span),
        sig.unsafety.map(|t| t.span),
        sig.abi.as_ref().map(|a| a.extern_token.span),
    ];
    first.into_iter().flatten().next().unwrap_or(sig.fn_token.span)
}

/// Leave in the tree only the shell of a deferred item: its kind, its name or macro path (with
/// its span, by which the whole item is found again) and its visibility, for the module's scope.
fn hollow(item: &mut syn::Item) {
    let nothing = || Box::new(syn::Type::Verbatim(proc_macro2::TokenStream::new()));
    match item {
        syn::Item::Struct(s) => {
            (s.attrs, s.generics, s.fields) = (Vec::new(), syn::Generics::default(), syn::Fields::Unit);
        }
        syn::Item::Enum(e) => (e.attrs, e.generics, e.variants) = Default::default(),
        syn::Item::Union(u) => (u.attrs, u.generics, u.fields.named) = Default::default(),
        syn::Item::Type(t) => (t.attrs, t.generics, t.ty) = (Vec::new(), syn::Generics::default(), nothing()),
        syn::Item::Const(c) => {
            (c.attrs, c.generics, c.ty) = (Vec::new(), syn::Generics::default(), nothing());
            *c.expr = syn::Expr::Verbatim(proc_macro2::TokenStream::new());
        }
        syn::Item::Static(s) => {
            (s.attrs, s.ty) = (Vec::new(), nothing());
            *s.expr = syn::Expr::Verbatim(proc_macro2::TokenStream::new());
        }
        syn::Item::Macro(m) => (m.attrs, m.mac.tokens) = Default::default(),
        syn::Item::Fn(f) => {
            (f.attrs, f.sig.generics, f.sig.inputs) = Default::default();
            f.sig.output = syn::ReturnType::Default;
            f.block.stmts = Vec::new();
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::skeleton::skeletonize;

    /// rmcp's attribute (what the rmcp profile keeps).
    const TOOL: KeptAttributes = KeptAttributes(&["tool"]);

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

    /// Where each item starts in the skeleton: as its span says, or through where the text it
    /// was parsed again from starts.
    fn starts<T: syn::spanned::Spanned>(items: &[T], placed: &Placements) -> Vec<(usize, usize)> {
        items.iter().map(|i| position(i.span(), placed)).collect()
    }

    fn position(span: Span, placed: &Placements) -> (usize, usize) {
        let lc = span.start();
        placed.place(span, lc).map_or((lc.line, lc.column), |(line, column, _)| (line, column))
    }

    #[test]
    fn deferred_items_parse_back_to_the_same_trees_at_the_same_positions() {
        let skeleton = skeletonize(SRC);
        let eager = syn::parse_file(&skeleton.text).unwrap();
        let mut lazy = eager.clone();
        let deferred = DeferredItems::take(&mut lazy.items, &skeleton.text, Arc::default(), TOOL);

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
            assert_eq!(
                starts(back, &deferred.placed),
                starts(&e.items, &deferred.placed),
                "at the same lines and columns"
            );
        }
        for (e, l) in eager_traits.iter().zip(&lazy_traits) {
            let back = deferred.trait_items(l);
            assert_eq!(back, e.items.as_slice());
            assert_eq!(starts(back, &deferred.placed), starts(&e.items, &deferred.placed));
        }
        // The header keeps the block's attributes, inner ones too.
        assert_eq!(lazy_impls[2].attrs, eager_impls[2].attrs);
        assert_eq!(lazy_impls[2].attrs.len(), 2);
        // Asked twice, parsed once.
        assert!(std::ptr::eq(deferred.impl_items(lazy_impls[0]), deferred.impl_items(lazy_impls[0])));
    }

    const WHOLE: &str = "\
/// A struct.
#[derive(Debug)]
pub(crate) struct A<T> where T: Clone { x: T }
struct B(u8);
enum C { X, Y(u8) }
union D { a: u8 }
type E<T> = Vec<T>;
const F: u8 = 1;
static G: &str = \"g\";
pub const unsafe extern \"C\" fn h(a: u8) -> u8 {
    a
}
#[tool]
fn tool(a: u8) {}
mod m { async fn i(x: u8) {} }
#[macro_export]
macro_rules! mac { ($x:expr) => { $x }; }
::m::inv!(a, tool_router);
";

    #[test]
    fn whole_items_leave_a_shell_and_parse_back_the_same() {
        let skeleton = skeletonize(WHOLE);
        let eager = syn::parse_file(&skeleton.text).unwrap();
        let mut lazy = eager.clone();
        let deferred = DeferredItems::take(&mut lazy.items, &skeleton.text, Arc::default(), TOOL);
        assert_eq!(deferred.whole.len(), 11, "all but the #[tool] fn and the module");
        let n = lazy.items.len();
        assert!(!deferred.mentions(&lazy.items[n - 2], "tool_router"), "macro_rules! mac");
        assert!(deferred.mentions(&lazy.items[n - 1], "tool_router"), "inv!");
        let mut pairs: Vec<(&syn::Item, &syn::Item)> = eager.items.iter().zip(&lazy.items).collect();
        let (syn::Item::Mod(em), syn::Item::Mod(lm)) = pairs.remove(n - 3) else { unreachable!() };
        pairs.extend(em.content.as_ref().unwrap().1.iter().zip(&lm.content.as_ref().unwrap().1));
        for (e, l) in pairs {
            let name = deferrable_name(e, TOOL).map(ToString::to_string);
            let is_tool = matches!(e, syn::Item::Fn(f) if f.sig.ident == "tool");
            assert_eq!(e == l, is_tool, "{name:?}: a shell in the tree unless a tool");
            let back = deferred.whole_item(l);
            assert_eq!(back, e, "{name:?}: the same item");
            let tokens = |i: &syn::Item| {
                quote::ToTokens::to_token_stream(i).into_iter().map(|t| position(t.span(), &deferred.placed))
            };
            assert!(tokens(back).eq(tokens(e)), "{name:?}: at the same positions");
        }
    }

    #[test]
    fn nothing_is_deferred_without_a_skeleton_to_parse_again() {
        let mut file = syn::parse_file("impl S { fn f() {} }").unwrap();
        let deferred = DeferredItems::take(&mut file.items, "", Arc::default(), TOOL);
        let syn::Item::Impl(imp) = &file.items[0] else { unreachable!() };
        assert_eq!(imp.items.len(), 1, "kept when its text cannot be found");
        assert!(deferred.impls.is_empty());
    }
}
