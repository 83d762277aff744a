//! `#[cfg(...)]` predicates, evaluated the way a plain `cargo build` on the usual CI host would:
//! the crate's enabled cargo features, a dev build (`debug_assertions` on), not a test build,
//! and a 64-bit x86 Linux GNU target. Names nobody sets (`cfg(tokio_unstable)`, `cfg(docsrs)`)
//! are off, as rustc has them without `--cfg`.
//!
//! A predicate we cannot read (not a `cfg` grammar) is reported as `None`, so a caller can tell
//! "off" from "unknown" and say so rather than guess.

use std::collections::BTreeSet;

use syn::punctuated::Punctuated;
use syn::{Attribute, Expr, Lit, Meta, Token};

/// The features enabled for one crate, after defaults, `--features` and what its dependents ask.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EnabledFeatures {
    names: BTreeSet<String>,
}

impl EnabledFeatures {
    pub fn new(names: impl IntoIterator<Item = String>) -> Self {
        EnabledFeatures { names: names.into_iter().collect() }
    }

    pub fn contains(&self, feature: &str) -> bool {
        self.names.contains(feature)
    }

    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.names.iter().map(String::as_str)
    }
}

/// The target triple of that host (for `[target.<triple>.dependencies]`).
pub const HOST_TRIPLE: &str = "x86_64-unknown-linux-gnu";

/// The host the predicates are evaluated for (see the module docs).
const TARGET: &[(&str, &str)] = &[
    ("target_os", "linux"),
    ("target_family", "unix"),
    ("target_arch", "x86_64"),
    ("target_env", "gnu"),
    ("target_vendor", "unknown"),
    ("target_endian", "little"),
    ("target_pointer_width", "64"),
    ("panic", "unwind"),
];

/// Names that are set on that host, in a dev build that is not a test build.
const SET: &[&str] = &["unix", "debug_assertions"];

/// Whether every `#[cfg(...)]` among `attrs` holds. `None` when one of them cannot be read.
pub fn attrs_active(attrs: &[Attribute], features: &EnabledFeatures) -> Option<bool> {
    let mut active = true;
    for attr in attrs.iter().filter(|a| a.path().is_ident("cfg")) {
        let Meta::List(list) = &attr.meta else { return None };
        let predicate: Meta = list.parse_args().ok()?;
        active &= eval(&predicate, features)?;
    }
    Some(active)
}

/// Whether one predicate (`feature = "x"`, `all(...)`, `any(...)`, `not(...)`, a name) holds.
pub fn eval(predicate: &Meta, features: &EnabledFeatures) -> Option<bool> {
    match predicate {
        Meta::Path(path) => Some(name_is_set(&path.get_ident()?.to_string())),
        Meta::NameValue(nv) => {
            let key = nv.path.get_ident()?.to_string();
            let Expr::Lit(lit) = &nv.value else { return None };
            let Lit::Str(value) = &lit.lit else { return None };
            Some(pair_is_set(&key, &value.value(), features))
        }
        Meta::List(list) => {
            let op = Op::named(&list.path.get_ident()?.to_string())?;
            Some(Predicate::parse(op, list.tokens.clone())?.eval(features))
        }
    }
}

fn name_is_set(name: &str) -> bool {
    SET.contains(&name)
}

fn pair_is_set(key: &str, value: &str, features: &EnabledFeatures) -> bool {
    match key {
        "feature" => features.contains(value),
        _ => TARGET.iter().any(|(k, v)| *k == key && *v == value),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    All,
    Any,
    Not,
}

impl Op {
    fn named(name: &str) -> Option<Op> {
        match name {
            "all" => Some(Op::All),
            "any" => Some(Op::Any),
            "not" => Some(Op::Not),
            _ => None,
        }
    }
}

/// One node of a parsed predicate.
#[derive(Debug, PartialEq, Eq)]
enum Node {
    Name(String),
    Pair(String, String),
    /// A combinator over the nodes of its last `usize` sub-predicates.
    Op(Op, usize),
}

/// A `cfg` predicate parsed once, its nodes in post-order (each sub-predicate before the
/// combinator that holds it): parsing it reads each token once, and neither parsing, evaluating
/// nor dropping it recurses, so no nesting depth costs more than its tokens or overflows the stack.
#[derive(Debug)]
struct Predicate {
    nodes: Vec<Node>,
    /// How many tokens the parse read (each once: what shows the parse is linear).
    #[cfg(test)]
    tokens_read: usize,
}

/// A combinator's argument list being read: what comes next is a sub-predicate (or the end), or
/// a comma (or the end).
struct Level {
    op: Op,
    tokens: std::iter::Peekable<proc_macro2::token_stream::IntoIter>,
    args: usize,
    after_arg: bool,
}

impl Predicate {
    /// `op(tokens)`, as syn reads `Meta`s separated by commas (a trailing comma allowed) and
    /// `eval` reads those. `None` when it is not a predicate we can read: a path of several
    /// segments, another combinator, `not` without exactly one argument, a value that is not a
    /// string literal.
    fn parse(op: Op, tokens: proc_macro2::TokenStream) -> Option<Predicate> {
        use proc_macro2::{Delimiter, TokenTree};
        let is_comma = |t: &TokenTree| matches!(t, TokenTree::Punct(p) if p.as_char() == ',');
        let mut nodes = Vec::new();
        #[cfg(test)]
        let mut tokens_read = 0;
        let mut levels = vec![Level { op, tokens: tokens.into_iter().peekable(), args: 0, after_arg: false }];
        while let Some(level) = levels.last_mut() {
            let next = level.tokens.next();
            #[cfg(test)]
            {
                tokens_read += usize::from(next.is_some());
            }
            let first = match next {
                None => {
                    let Level { op, args, .. } = levels.pop().expect("a level");
                    if op == Op::Not && args != 1 {
                        return None;
                    }
                    nodes.push(Node::Op(op, args));
                    if let Some(parent) = levels.last_mut() {
                        parent.args += 1;
                        parent.after_arg = true;
                    }
                    continue;
                }
                Some(t) if level.after_arg => {
                    if !is_comma(&t) {
                        return None;
                    }
                    level.after_arg = false;
                    continue;
                }
                Some(TokenTree::Ident(ident)) => ident,
                Some(_) => return None,
            };
            let name = first.to_string();
            let ends = |t: Option<&TokenTree>| t.map_or(true, is_comma);
            if ends(level.tokens.peek()) {
                nodes.push(Node::Name(name));
            } else {
                let t = level.tokens.next().expect("peeked");
                #[cfg(test)]
                {
                    tokens_read += 1;
                }
                match t {
                    TokenTree::Punct(p) if p.as_char() == '=' => {
                        let Some(TokenTree::Literal(lit)) = level.tokens.next() else { return None };
                        #[cfg(test)]
                        {
                            tokens_read += 1;
                        }
                        let Lit::Str(value) = Lit::new(lit) else { return None };
                        if !ends(level.tokens.peek()) {
                            return None;
                        }
                        nodes.push(Node::Pair(name, value.value()));
                    }
                    TokenTree::Group(g) if g.delimiter() != Delimiter::None => {
                        let op = Op::named(&name)?;
                        levels.push(Level { op, tokens: g.stream().into_iter().peekable(), args: 0, after_arg: false });
                        continue;
                    }
                    _ => return None,
                }
            }
            level.args += 1;
            level.after_arg = true;
        }
        Some(Predicate {
            nodes,
            #[cfg(test)]
            tokens_read,
        })
    }

    fn eval(&self, features: &EnabledFeatures) -> bool {
        let mut values: Vec<bool> = Vec::new();
        for node in &self.nodes {
            let value = match node {
                Node::Name(name) => name_is_set(name),
                Node::Pair(key, value) => pair_is_set(key, value, features),
                Node::Op(op, n) => {
                    let args = values.split_off(values.len() - n);
                    match op {
                        Op::All => args.iter().all(|v| *v),
                        Op::Any => args.iter().any(|v| *v),
                        Op::Not => !args[0],
                    }
                }
            };
            values.push(value);
        }
        values.pop().unwrap_or(false)
    }
}

/// Applies `#[cfg]` and `#[cfg_attr]` to a parsed file, as the compiler does before anything else
/// reads it: items, impl and trait items, struct and union fields and enum variants whose
/// predicates are off are taken out, and `#[cfg_attr(pred, a, b)]` becomes `#[a] #[b]` where `pred`
/// holds (nothing where it does not). Fn bodies are left as they are (they are parsed on demand;
/// whoever reads statements applies `cfg` to them).
///
/// A predicate that cannot be read keeps its item (or attribute) and is noted in `unreadable`,
/// for the caller to report.
pub(crate) struct CfgPass<'f> {
    pub features: &'f EnabledFeatures,
    pub unreadable: Vec<proc_macro2::Span>,
}

impl<'f> CfgPass<'f> {
    pub fn new(features: &'f EnabledFeatures) -> Self {
        CfgPass { features, unreadable: Vec::new() }
    }

    /// Expand the `cfg_attr`s of `attrs`; whether its `cfg`s all hold.
    pub fn attrs(&mut self, attrs: &mut Vec<Attribute>) -> bool {
        if !attrs.iter().any(|a| a.path().is_ident("cfg_attr") || a.path().is_ident("cfg")) {
            return true;
        }
        let mut out = Vec::with_capacity(attrs.len());
        let mut queue: std::collections::VecDeque<Attribute> = std::mem::take(attrs).into();
        while let Some(attr) = queue.pop_front() {
            if !attr.path().is_ident("cfg_attr") {
                out.push(attr);
                continue;
            }
            let parsed = match &attr.meta {
                Meta::List(list) => list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated).ok(),
                _ => None,
            };
            let Some(mut args) = parsed.filter(|a| !a.is_empty()).map(|a| a.into_iter()) else {
                self.unreadable.push(syn::spanned::Spanned::span(&attr));
                out.push(attr);
                continue;
            };
            let predicate = args.next().expect("not empty");
            match eval(&predicate, self.features) {
                Some(true) => {
                    // In place, in order: each may be a `cfg_attr` again.
                    let expanded: Vec<Attribute> = args.map(|meta| Attribute { meta, ..attr.clone() }).collect();
                    for a in expanded.into_iter().rev() {
                        queue.push_front(a);
                    }
                }
                Some(false) => {}
                None => {
                    self.unreadable.push(syn::spanned::Spanned::span(&predicate));
                    out.push(attr);
                }
            }
        }
        *attrs = out;
        let mut active = true;
        for attr in attrs.iter().filter(|a| a.path().is_ident("cfg")) {
            match attrs_active(std::slice::from_ref(attr), self.features) {
                Some(on) => active &= on,
                None => self.unreadable.push(syn::spanned::Spanned::span(attr)),
            }
        }
        active
    }

    pub fn items(&mut self, items: &mut Vec<syn::Item>) {
        items.retain_mut(|item| self.item(item));
    }

    /// Apply to one item and what it holds; whether the item stays.
    pub fn item(&mut self, item: &mut syn::Item) -> bool {
        use syn::Item;
        let attrs = match item {
            Item::Const(i) => &mut i.attrs,
            Item::Enum(i) => &mut i.attrs,
            Item::ExternCrate(i) => &mut i.attrs,
            Item::Fn(i) => &mut i.attrs,
            Item::ForeignMod(i) => &mut i.attrs,
            Item::Impl(i) => &mut i.attrs,
            Item::Macro(i) => &mut i.attrs,
            Item::Mod(i) => &mut i.attrs,
            Item::Static(i) => &mut i.attrs,
            Item::Struct(i) => &mut i.attrs,
            Item::Trait(i) => &mut i.attrs,
            Item::TraitAlias(i) => &mut i.attrs,
            Item::Type(i) => &mut i.attrs,
            Item::Union(i) => &mut i.attrs,
            Item::Use(i) => &mut i.attrs,
            _ => return true,
        };
        if !self.attrs(attrs) {
            return false;
        }
        match item {
            Item::Mod(m) => {
                if let Some((_, content)) = &mut m.content {
                    self.items(content);
                }
            }
            Item::Impl(imp) => self.impl_items(&mut imp.items),
            Item::Trait(t) => self.trait_items(&mut t.items),
            Item::Struct(s) => self.fields(&mut s.fields),
            Item::Union(u) => self.named_fields(&mut u.fields.named),
            Item::Enum(e) => {
                let variants = std::mem::take(&mut e.variants);
                e.variants = variants
                    .into_iter()
                    .filter_map(|mut v| {
                        self.fields(&mut v.fields);
                        self.attrs(&mut v.attrs).then_some(v)
                    })
                    .collect();
            }
            _ => {}
        }
        true
    }

    pub fn impl_items(&mut self, items: &mut Vec<syn::ImplItem>) {
        items.retain_mut(|item| match item {
            syn::ImplItem::Const(i) => self.attrs(&mut i.attrs),
            syn::ImplItem::Fn(i) => self.attrs(&mut i.attrs),
            syn::ImplItem::Type(i) => self.attrs(&mut i.attrs),
            syn::ImplItem::Macro(i) => self.attrs(&mut i.attrs),
            _ => true,
        });
    }

    pub fn trait_items(&mut self, items: &mut Vec<syn::TraitItem>) {
        items.retain_mut(|item| match item {
            syn::TraitItem::Const(i) => self.attrs(&mut i.attrs),
            syn::TraitItem::Fn(i) => self.attrs(&mut i.attrs),
            syn::TraitItem::Type(i) => self.attrs(&mut i.attrs),
            syn::TraitItem::Macro(i) => self.attrs(&mut i.attrs),
            _ => true,
        });
    }

    fn fields(&mut self, fields: &mut syn::Fields) {
        match fields {
            syn::Fields::Named(f) => self.named_fields(&mut f.named),
            syn::Fields::Unnamed(f) => self.named_fields(&mut f.unnamed),
            syn::Fields::Unit => {}
        }
    }

    fn named_fields(&mut self, fields: &mut Punctuated<syn::Field, Token![,]>) {
        if !fields.iter().any(|f| !f.attrs.is_empty()) {
            return;
        }
        let all = std::mem::take(fields);
        *fields = all.into_iter().filter_map(|mut f| self.attrs(&mut f.attrs).then_some(f)).collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn active(attr: &str, features: &[&str]) -> Option<bool> {
        let file: syn::File = syn::parse_str(&format!("{attr} struct S;")).unwrap();
        let syn::Item::Struct(s) = &file.items[0] else { unreachable!() };
        attrs_active(&s.attrs, &EnabledFeatures::new(features.iter().map(|f| f.to_string())))
    }

    #[test]
    fn features_and_combinators() {
        assert_eq!(active(r#"#[cfg(feature = "x")]"#, &["x"]), Some(true));
        assert_eq!(active(r#"#[cfg(feature = "x")]"#, &[]), Some(false));
        assert_eq!(active(r#"#[cfg(all(feature = "x", not(feature = "y")))]"#, &["x"]), Some(true));
        assert_eq!(active(r#"#[cfg(all(feature = "x", not(feature = "y")))]"#, &["x", "y"]), Some(false));
        assert_eq!(active(r#"#[cfg(any(feature = "x", feature = "y"))]"#, &["y"]), Some(true));
        assert_eq!(active(r#"#[cfg(any())]"#, &[]), Some(false));
        assert_eq!(active(r#"#[cfg(all())]"#, &[]), Some(true));
    }

    #[test]
    fn host_names_and_several_attributes() {
        assert_eq!(active("#[cfg(test)]", &[]), Some(false));
        assert_eq!(active("#[cfg(not(test))]", &[]), Some(true));
        assert_eq!(active("#[cfg(unix)]", &[]), Some(true));
        assert_eq!(active("#[cfg(windows)]", &[]), Some(false));
        assert_eq!(active(r#"#[cfg(target_os = "linux")]"#, &[]), Some(true));
        assert_eq!(active("#[cfg(docsrs)]", &[]), Some(false));
        assert_eq!(active(r#"#[cfg(unix)] #[cfg(feature = "x")]"#, &[]), Some(false));
        assert_eq!(active("#[derive(Debug)]", &[]), Some(true), "no cfg: active");
    }

    #[test]
    fn unreadable_predicates_are_unknown() {
        assert_eq!(active("#[cfg(frobnicate(x))]", &[]), None);
        assert_eq!(active("#[cfg(not(a, b))]", &[]), None);
        assert_eq!(active("#[cfg(feature = 1)]", &[]), None);
    }

    fn nested(depth: usize, inner: &str) -> String {
        format!("{}{inner}{}", "not(".repeat(depth), ")".repeat(depth))
    }

    /// Reads `op(args)` as a predicate, with how many tokens the parse read.
    fn parsed(op: Op, args: &str) -> Option<(bool, usize)> {
        let p = Predicate::parse(op, args.parse().unwrap())?;
        Some((p.eval(&EnabledFeatures::new(["x".to_string()])), p.tokens_read))
    }

    /// A deep predicate is read in one pass over its tokens (each level's two, `not` and its
    /// group, and the innermost name): twice as deep reads twice as many, and nothing recurses.
    #[test]
    fn deep_nesting_is_read_once_without_recursion() {
        for depth in [1_000, 2_000, crate::source::nesting::MAX_NESTING, 100_000] {
            assert_eq!(parsed(Op::All, &nested(depth, "unix")), Some((depth % 2 == 0, 2 * depth + 1)), "{depth}");
        }
        let deep = format!("#[cfg({})]", nested(2_000, r#"feature = "x""#));
        assert_eq!(active(&deep, &["x"]), Some(true));
        assert_eq!(active(&deep, &[]), Some(false));
        assert_eq!(active(&format!("#[cfg({})]", nested(2_001, "frobnicate(x)")), &[]), None);
        assert_eq!(active(&format!("#[cfg({})]", nested(2_001, "not(a, b)")), &[]), None);
    }

    #[test]
    fn wide_predicates_are_read_once() {
        let wide = vec![r#"feature = "y""#; 20_000].join(", ");
        // Each argument's three tokens and the comma after it (none after the last).
        assert_eq!(parsed(Op::Any, &wide), Some((false, 4 * 20_000 - 1)));
        assert_eq!(parsed(Op::Any, &format!(r#"{wide}, feature = "x","#)), Some((true, 4 * 20_001)));
        assert_eq!(parsed(Op::All, &format!("{wide}, unix")), Some((false, 4 * 20_000 + 1)));
        assert_eq!(active(&format!("#[cfg(any({wide}, all(unix, feature = \"x\")))]"), &["x"]), Some(true));
    }

    /// What syn's `Meta` list reads and what it does not, as before the single pass.
    #[test]
    fn argument_lists_as_syn_reads_them() {
        assert_eq!(active("#[cfg(all(unix,))]", &[]), Some(true), "a trailing comma");
        assert_eq!(active("#[cfg(all(,))]", &[]), None);
        assert_eq!(active("#[cfg(all(unix,,))]", &[]), None);
        assert_eq!(active("#[cfg(all(unix unix))]", &[]), None);
        assert_eq!(active("#[cfg(any[unix])]", &[]), Some(true), "any delimiter");
        assert_eq!(active("#[cfg(not())]", &[]), None);
        assert_eq!(active("#[cfg(not(unix,))]", &[]), Some(false));
        assert_eq!(active("#[cfg(all(a::b))]", &[]), None);
        assert_eq!(active("#[cfg(all(::a))]", &[]), None);
        assert_eq!(active(r#"#[cfg(all(feature = "x" "y"))]"#, &["x"]), None);
        assert_eq!(active(r#"#[cfg(all(feature = "x".len()))]"#, &["x"]), None);
        assert_eq!(active(r#"#[cfg(all(feature = r"x"))]"#, &["x"]), Some(true));
        assert_eq!(active(r#"#[cfg(all(feature = "\x78"))]"#, &["x"]), Some(true));
        assert_eq!(active(r#"#[cfg(all(feature = b"x"))]"#, &["x"]), None);
        assert_eq!(active(r#"#[cfg(all(feature == "x"))]"#, &["x"]), None);
        assert_eq!(active(r#"#[cfg(all(feature =))]"#, &["x"]), None);
        assert_eq!(active(r#"#[cfg(all(target_os = "linux", 1))]"#, &[]), None);
        assert_eq!(active(r#"#[cfg(any(unix, frob(x)))]"#, &[]), None, "unknown anywhere: unknown");
    }

    #[test]
    fn the_pass_takes_out_what_is_off_and_expands_cfg_attr() {
        let src = r#"
            #[cfg(feature = "x")] mod gone;
            mod kept {
                #[cfg(not(feature = "on"))] pub struct Gone;
            }
            #[cfg_attr(feature = "on", derive(Debug), cfg_attr(unix, serde(rename = "b")))]
            #[cfg_attr(feature = "x", serde(skip))]
            struct S {
                #[cfg(feature = "x")] a: u8,
                #[cfg_attr(feature = "on", serde(default))] b: u8,
            }
            enum E { #[cfg(feature = "on")] A, #[cfg(feature = "x")] B(u8) }
            impl S { #[cfg(feature = "x")] fn f() {} fn g() {} }
            #[cfg(whatever(1))] struct Unknown;
        "#;
        let mut file: syn::File = syn::parse_str(src).unwrap();
        let features = EnabledFeatures::new(["on".to_string()]);
        let mut pass = CfgPass::new(&features);
        pass.items(&mut file.items);
        let text = quote::quote!(#file).to_string().split_whitespace().collect::<Vec<_>>().join(" ");
        let expected = r#"mod kept { } # [derive (Debug)] # [serde (rename = "b")] struct S { # [serde (default)] b : u8 } enum E { # [cfg (feature = "on")] A } impl S { fn g () { } } # [cfg (whatever (1))] struct Unknown ;"#;
        assert_eq!(text, expected);
        assert_eq!(pass.unreadable.len(), 1, "the unreadable predicate is noted, its item kept");
    }
}
