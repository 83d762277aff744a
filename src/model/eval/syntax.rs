//! The evaluator core's reading of Rust syntax, shared by the value evaluator here and the router
//! evaluator (`profile::rmcp::routers`), which differ in what a value is but not in how code is
//! read: locals and their scopes, fn parameters, a block's tail, the branches of `if`/`match`
//! with the condition of each, `#[cfg]` on statements and `cfg!` in conditions, flat `+` and
//! method chains, and the text of an expression in a message.

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::Expr;

use crate::source::cfg::EnabledFeatures;

/// Local variables in scope, the latest binding of a name first: what a frame of either evaluator
/// holds (values, or routers). A block's bindings end with it ([`Locals::mark`],
/// [`Locals::end_scope`]); a shadowing `let` hides the outer binding until then.
#[derive(Debug, Clone, PartialEq)]
pub struct Locals<V> {
    /// `None`: a binding this evaluator does not track (it hides an outer one of the name).
    vars: Vec<(String, Option<V>)>,
}

impl<V> Default for Locals<V> {
    fn default() -> Self {
        Locals { vars: Vec::new() }
    }
}

impl<V> Locals<V> {
    fn latest(&self, name: &str) -> Option<&Option<V>> {
        self.vars.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    pub fn get(&self, name: &str) -> Option<&V> {
        self.latest(name)?.as_ref()
    }

    pub fn get_mut(&mut self, name: &str) -> Option<&mut V> {
        self.vars.iter_mut().rev().find(|(n, _)| n == name)?.1.as_mut()
    }

    pub fn contains(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// A new binding (`let`, a parameter), hiding any outer one of the name.
    pub fn bind(&mut self, name: String, v: V) {
        self.vars.push((name, Some(v)));
    }

    /// A `let` of a value this evaluator does not track: the name no longer holds what it held.
    pub fn hide(&mut self, name: String) {
        self.vars.push((name, None));
    }

    /// An assignment (`x = …`): the binding in scope takes the value.
    pub fn assign(&mut self, name: String, v: V) {
        match self.vars.iter_mut().rev().find(|(n, _)| *n == name) {
            Some((_, slot)) => *slot = Some(v),
            None => self.vars.push((name, Some(v))),
        }
    }

    /// The names that hold a value, sorted (an order that does not depend on how they were bound).
    pub fn sorted_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.vars.iter().map(|(n, _)| n.clone()).filter(|n| self.contains(n)).collect();
        names.sort();
        names.dedup();
        names
    }

    /// Where the bindings of a block start.
    pub fn mark(&self) -> usize {
        self.vars.len()
    }

    /// Takes the value of `name` out of its binding when that binding was made since `mark` (a
    /// block's tail naming a local of the block: the block ends right after, so the value moves
    /// out rather than being copied). `None`, the binding untouched, otherwise.
    pub fn take_since(&mut self, mark: usize, name: &str) -> Option<V> {
        let at = self.vars.iter().rposition(|(n, _)| n == name)?;
        if at < mark {
            return None;
        }
        self.vars[at].1.take()
    }

    /// Ends the bindings made since `mark` (the end of a block); assignments to outer names stay.
    pub fn end_scope(&mut self, mark: usize) {
        self.vars.truncate(mark);
    }
}

/// The value of a fn body without statements: its tail expression (or a lone `return`).
pub fn tail_expr(block: &syn::Block) -> Option<&Expr> {
    match block.stmts.as_slice() {
        [syn::Stmt::Expr(e, None)] => Some(e),
        [syn::Stmt::Expr(Expr::Return(r), _)] => r.expr.as_deref(),
        _ => None,
    }
}

/// The tail expression of a block with statements before it.
pub fn block_tail(b: &syn::Block) -> Option<&Expr> {
    match b.stmts.last() {
        Some(syn::Stmt::Expr(e, None)) => Some(e),
        _ => None,
    }
}

/// The name a pattern binds when it is a plain name (`x`, `mut x`, `x: T`).
pub fn pat_ident(p: &syn::Pat) -> Option<String> {
    match p {
        syn::Pat::Ident(i) => Some(i.ident.to_string()),
        syn::Pat::Type(t) => pat_ident(&t.pat),
        _ => None,
    }
}

/// The local an expression names (`x`, `(x)`).
pub fn expr_ident(e: &Expr) -> Option<String> {
    match e {
        Expr::Path(p) => p.path.get_ident().map(|i| i.to_string()),
        Expr::Paren(p) => expr_ident(&p.expr),
        _ => None,
    }
}

/// The names of a fn's parameters (`_` and patterns as empty names), `self` left out.
pub fn param_names(sig: &syn::Signature) -> Vec<String> {
    sig.inputs
        .iter()
        .filter_map(|a| match a {
            syn::FnArg::Typed(t) => Some(pat_ident(&t.pat).unwrap_or_default()),
            syn::FnArg::Receiver(_) => None,
        })
        .collect()
}

/// A branch of an `if` or a `match`.
pub enum Branch<'e> {
    Block(&'e syn::Block),
    Expr(&'e Expr),
}

/// The condition under which a branch (or a statement) runs.
pub enum Condition<'e> {
    /// The `then` branch of `if cond`.
    If(&'e Expr),
    /// The `else` of `if cond`.
    Else(&'e Expr),
    /// An arm of `match scrutinee`.
    Arm(&'e Expr, &'e syn::Pat),
    Loop(Span),
    UnreadableCfg(Span),
    /// Taken for certain (`if cfg!(unix)` on the host the manifest is made for).
    Certain,
}

/// The branches of an `if` (with its `else if` chain) or a `match`, each with its condition.
pub fn branches(e: &Expr) -> Vec<(Branch<'_>, Condition<'_>)> {
    let mut out = Vec::new();
    match e {
        Expr::If(i) => {
            out.push((Branch::Block(&i.then_branch), Condition::If(&i.cond)));
            match i.else_branch.as_ref().map(|(_, e)| &**e) {
                // `else if`: its own conditions.
                Some(other @ Expr::If(_)) => out.extend(branches(other)),
                Some(other) => out.push((Branch::Expr(other), Condition::Else(&i.cond))),
                None => {}
            }
        }
        Expr::Match(m) => {
            for arm in &m.arms {
                out.push((Branch::Expr(&arm.body), Condition::Arm(&m.expr, &arm.pat)));
            }
        }
        _ => {}
    }
    out
}

/// The branches of `if cfg!(…) { … } else { … }` when the predicate can be read against the
/// crate's features: only the branch taken, as certain. `None` for any other expression.
pub fn cfg_branches<'e>(e: &'e Expr, features: &EnabledFeatures) -> Option<Vec<(Branch<'e>, Condition<'e>)>> {
    let Expr::If(i) = e else { return None };
    let on = cfg_macro(&i.cond).and_then(|m| crate::source::cfg::eval(&m, features))?;
    Some(match (on, &i.else_branch) {
        (true, _) => vec![(Branch::Block(&i.then_branch), Condition::Certain)],
        (false, Some((_, other))) => vec![(Branch::Expr(other), Condition::Certain)],
        (false, None) => Vec::new(),
    })
}

/// The predicate of `cfg!(…)`.
pub fn cfg_macro(e: &Expr) -> Option<syn::Meta> {
    let Expr::Macro(m) = e else { return None };
    if !m.mac.path.is_ident("cfg") {
        return None;
    }
    m.mac.parse_body().ok()
}

/// Whether a statement with these attributes is compiled: `Some(true)` without `#[cfg]`, `None`
/// when a predicate cannot be read.
pub fn stmt_cfg(attrs: &[syn::Attribute], features: &EnabledFeatures) -> Option<bool> {
    if !attrs.iter().any(|a| a.path().is_ident("cfg")) {
        return Some(true);
    }
    crate::source::cfg::attrs_active(attrs, features)
}

/// The span of the first `#[cfg]` among `attrs` (where an unreadable one is reported).
pub fn cfg_span(attrs: &[syn::Attribute]) -> Option<Span> {
    attrs.iter().find(|a| a.path().is_ident("cfg")).map(Spanned::span)
}

/// The outer attributes of an expression statement (where `#[cfg]` sits).
pub fn expr_attrs(e: &Expr) -> &[syn::Attribute] {
    match e {
        Expr::Block(x) => &x.attrs,
        Expr::MethodCall(x) => &x.attrs,
        Expr::Call(x) => &x.attrs,
        Expr::Assign(x) => &x.attrs,
        Expr::Binary(x) => &x.attrs,
        Expr::If(x) => &x.attrs,
        Expr::Match(x) => &x.attrs,
        Expr::Macro(x) => &x.attrs,
        Expr::Paren(x) => &x.attrs,
        Expr::Unsafe(x) => &x.attrs,
        Expr::ForLoop(x) => &x.attrs,
        Expr::While(x) => &x.attrs,
        Expr::Loop(x) => &x.attrs,
        Expr::Struct(x) => &x.attrs,
        Expr::Path(x) => &x.attrs,
        _ => &[],
    }
}

/// The terms of `a + b + … + z` in order: a left-leaning tree as deep as it is long, read in a
/// loop (a chain of any length is not nesting).
pub fn sum_terms(bin: &syn::ExprBinary) -> Vec<&Expr> {
    let mut terms = vec![&*bin.right];
    let mut left = &*bin.left;
    while let Expr::Binary(b) = left {
        if !matches!(b.op, syn::BinOp::Add(_)) {
            break;
        }
        terms.push(&b.right);
        left = &b.left;
    }
    terms.push(left);
    terms.reverse();
    terms
}

/// `base.m1(…).m2(…)…`: the base and the calls in the order they run, read in a loop.
pub fn method_chain(mc: &syn::ExprMethodCall) -> (&Expr, Vec<&syn::ExprMethodCall>) {
    let mut calls = vec![mc];
    let mut base = &*mc.receiver;
    while let Expr::MethodCall(inner) = base {
        calls.push(inner);
        base = &inner.receiver;
    }
    calls.reverse();
    (base, calls)
}

/// Longest text of source shown in one line of a message.
const CLIP: usize = 80;

/// A text cut to a length fit for one line of a message.
pub fn clip(s: &str) -> String {
    if s.chars().count() <= CLIP {
        return s.to_owned();
    }
    let head: String = s.chars().take(CLIP).collect();
    format!("{head}…")
}

#[cfg(test)]
mod tests {
    use super::Locals;

    /// A block's tail takes only a binding of the block: an outer one, or a name the block
    /// never bound, stays where it is.
    #[test]
    fn take_since_moves_only_the_blocks_own_binding() {
        let mut l = Locals::default();
        l.bind("outer".to_string(), 1);
        l.bind("x".to_string(), 2);
        let mark = l.mark();
        l.bind("x".to_string(), 3);
        l.bind("inner".to_string(), 4);
        assert_eq!(l.take_since(mark, "outer"), None);
        assert_eq!(l.get("outer"), Some(&1));
        assert_eq!(l.take_since(mark, "missing"), None);
        assert_eq!(l.take_since(mark, "x"), Some(3));
        assert_eq!(l.take_since(mark, "x"), None);
        l.end_scope(mark);
        assert_eq!(l.get("x"), Some(&2));
        assert_eq!(l.take_since(mark, "x"), None);
    }
}
