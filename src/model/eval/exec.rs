//! Fn bodies run statement by statement, for code that builds or rewrites a value in place (a
//! schema helper over `serde_json::Value`): `let mut`, assignments, the mutating methods of
//! `Value`, `Map` and `Vec` (`insert`, `remove`, `retain`, `entry(k).or_insert(v)`, `push`…),
//! `&mut` places (`get_mut`, `as_object_mut`, `values_mut`, `iter_mut`, `Arc::make_mut`),
//! `if let`, `match`, `for`, `return`/`break`/`continue`, `?`, and calls of workspace fns that
//! take `&mut` (the argument is copied in and written back: Rust's borrows keep it unaliased),
//! recursion included. Every statement and loop round counts against [`MAX_STEPS`].
//!
//! A block is run here only when the plain evaluator would refuse it ([`needs_run`]), so what
//! evaluated before evaluates the same way.

use super::jsonval::{place_ref, read_place, seg_of, turbofish, Place, Seg};
use super::mutate::is_mutating;
use super::*;
use serde_json::Value;

/// How a statement ends: with a value, or leaving its block.
pub(super) enum Flow {
    Value(Val),
    Return(Val),
    /// `break` (with its value, `()` for none).
    Break(Val),
    Continue,
}

/// `Ok(v)` for a value, or leave the enclosing run with the flow.
macro_rules! value {
    ($e:expr) => {
        match $e? {
            Flow::Value(v) => v,
            other => return Ok(other),
        }
    };
}

mod loops;

/// Whether a block needs the statement-by-statement run: a statement other than a plain `let`,
/// or a tail the plain evaluator refuses.
pub(super) fn needs_run(block: &syn::Block) -> bool {
    let Some((last, init)) = block.stmts.split_last() else { return false };
    let plain_let = |s: &syn::Stmt| match s {
        syn::Stmt::Local(l) => {
            let ident = match &l.pat {
                syn::Pat::Ident(pi) => pi.subpat.is_none() && pi.mutability.is_none(),
                syn::Pat::Type(pt) => matches!(&*pt.pat, syn::Pat::Ident(pi) if pi.mutability.is_none()),
                _ => false,
            };
            ident && l.init.as_ref().is_some_and(|i| i.diverge.is_none() && !has_try(&i.expr))
        }
        syn::Stmt::Item(syn::Item::Const(_) | syn::Item::Use(_)) => true,
        _ => false,
    };
    let effectful_tail = |e: &Expr| {
        matches!(e, Expr::Match(_) | Expr::ForLoop(_) | Expr::While(_) | Expr::Loop(_))
            || matches!(e, Expr::If(i) if has_let(&i.cond))
            || matches!(e, Expr::MethodCall(m) if is_mutating(&m.method.to_string()))
    };
    let tail_ok = match last {
        syn::Stmt::Expr(e, None) => !effectful_tail(e),
        syn::Stmt::Expr(Expr::Return(_), _) => true,
        _ => false,
    };
    !(init.iter().all(plain_let) && tail_ok)
}

/// Whether a condition is `let P = e` or a let chain (`let P = e && c`, `c && let P = e`).
fn has_let(cond: &Expr) -> bool {
    match cond {
        Expr::Let(_) => true,
        Expr::Binary(b) if matches!(b.op, syn::BinOp::And(_)) => has_let(&b.left) || has_let(&b.right),
        Expr::Paren(p) => has_let(&p.expr),
        _ => false,
    }
}

/// The local a value run over by [`Evaluator::run_over`] lives in (no Rust name can be it).
const ITEM: &str = "\u{0}item";
/// The local `.for_each(f)` hands each item to `f` through.
const EACH: &str = "__each";

impl Evaluator<'_, '_> {
    /// Runs a loop body over one item of what the loop goes over by `&mut` (a tool route as its
    /// JSON), `key` given for a loop over `(key, value)` pairs; gives the item after the body.
    pub fn run_over(
        &mut self,
        pat: &syn::Pat,
        body: &syn::Block,
        item: Value,
        key: Option<String>,
        mut frame: Frame,
    ) -> Result<Value, EvalError> {
        frame.locals.bind(ITEM.to_owned(), Val::Json(item));
        let reference = Val::Ref(Place { root: ITEM.to_owned(), path: Vec::new() });
        let bound = match key {
            Some(k) => Val::Tuple(vec![Val::Str(k), reference]),
            None => reference,
        };
        if !self.bind_pattern(pat, bound, &mut frame)? {
            return Err(self.unsupported(pat, &frame, "a loop pattern that does not match"));
        }
        match self.run_block(body, None, &mut frame)? {
            Flow::Return(_) => return Err(self.unsupported(body, &frame, "a `return` from inside the loop")),
            Flow::Value(_) | Flow::Break(_) | Flow::Continue => {}
        }
        match frame.locals.get(ITEM) {
            Some(Val::Json(v)) => Ok(v.clone()),
            _ => Err(self.unsupported(body, &frame, "a loop body that replaces what it goes over")),
        }
    }

    /// One round of a loop over a router's keys (`for key in keys { … }`): `pat` bound to `key`,
    /// the body run over the local `root` (a router whose `map` held the key's route); the one
    /// route its map holds after it (renamed or not; none, or more, is refused).
    pub fn run_over_key(
        &mut self,
        pat: &syn::Pat,
        body: &syn::Block,
        key: String,
        root: &str,
        mut frame: Frame,
    ) -> Result<Value, EvalError> {
        if !self.bind_pattern(pat, Val::Str(key), &mut frame)? {
            return Err(self.unsupported(pat, &frame, "a loop pattern that does not match"));
        }
        match self.run_block(body, None, &mut frame)? {
            Flow::Return(_) => return Err(self.unsupported(body, &frame, "a `return` from inside the loop")),
            Flow::Value(_) | Flow::Break(_) | Flow::Continue => {}
        }
        let routes = match frame.locals.get(root) {
            Some(Val::Json(Value::Object(router))) => match router.get("map") {
                Some(Value::Object(map)) => map.values().cloned().collect::<Vec<_>>(),
                _ => Vec::new(),
            },
            _ => return Err(self.unsupported(body, &frame, "a loop body that replaces the router")),
        };
        match <[Value; 1]>::try_from(routes) {
            Ok([route]) => Ok(route),
            Err(v) if v.is_empty() => {
                Err(self.unsupported(body, &frame, "a round that takes its tool out of the router"))
            }
            Err(_) => Err(self.unsupported(body, &frame, "a round that leaves more than one tool in the router")),
        }
    }

    pub(super) fn step(&mut self, at: &dyn Spanned, f: &Frame) -> Result<(), EvalError> {
        if !self.budget.step() {
            return Err(self.unsupported(at, f, format!("it runs more than {MAX_STEPS} statements")));
        }
        Ok(())
    }

    /// `bytes` more made at `at` (a string, a JSON value), within the run's size budget.
    pub(super) fn grown(&mut self, bytes: usize, at: &dyn Spanned, f: &Frame) -> Result<(), EvalError> {
        if !self.budget.grow(bytes) {
            let mib = super::budget::MAX_BYTES >> 20;
            return Err(self.unsupported(at, f, format!("it makes more than {mib} MiB of strings and values")));
        }
        Ok(())
    }

    /// The value of a block run statement by statement in a frame of its own.
    pub(super) fn run_block_value(&mut self, block: &syn::Block, want: Option<&Ty>, f: &Frame) -> Eval {
        let mut frame = f.clone();
        match self.run_block(block, want, &mut frame)? {
            Flow::Value(v) | Flow::Return(v) => Ok(v),
            Flow::Break(_) | Flow::Continue => {
                Err(self.unsupported(block, f, "a `break` or `continue` outside a loop"))
            }
        }
    }

    pub(super) fn run_block(
        &mut self,
        block: &syn::Block,
        want: Option<&Ty>,
        f: &mut Frame,
    ) -> Result<Flow, EvalError> {
        let mark = f.locals.mark();
        let out = match self.bind_block_consts(&block.stmts, f) {
            Ok(()) => self.run_stmts(&block.stmts, want, mark, f),
            Err(e) => Err(e),
        };
        f.locals.end_scope(mark);
        out
    }

    fn run_stmts(
        &mut self,
        stmts: &[syn::Stmt],
        want: Option<&Ty>,
        mark: usize,
        f: &mut Frame,
    ) -> Result<Flow, EvalError> {
        let mut out = Val::Unit;
        for (i, stmt) in stmts.iter().enumerate() {
            self.step(stmt, f)?;
            let last = i + 1 == stmts.len();
            out = Val::Unit;
            match stmt {
                syn::Stmt::Local(local) => {
                    value!(self.run_let(local, f));
                }
                // Items are read where a path names them (consts, fns, `thread_local!` caches).
                syn::Stmt::Item(_) => {}
                syn::Stmt::Macro(m) if m.mac.path.is_ident("thread_local") => self.thread_local_caches(&m.mac, f),
                syn::Stmt::Macro(m) => {
                    let e = Expr::Macro(syn::ExprMacro { attrs: Vec::new(), mac: m.mac.clone() });
                    let v = value!(self.run_expr(&e, None, f));
                    if last && m.semi_token.is_none() {
                        out = v;
                    }
                }
                syn::Stmt::Expr(e, semi) => {
                    let tail = last && semi.is_none();
                    if tail && take_tail_local(e, mark, f, &mut out) {
                        break;
                    }
                    let v = value!(self.run_expr(e, if tail { want } else { None }, f));
                    if tail {
                        out = v;
                    }
                }
            }
        }
        Ok(Flow::Value(out))
    }

    fn run_let(&mut self, local: &syn::Local, f: &mut Frame) -> Result<Flow, EvalError> {
        let Some(init) = &local.init else {
            return Err(self.unsupported(local, f, "a `let` without a plain initialiser"));
        };
        let (pat, ty) = match &local.pat {
            syn::Pat::Type(pt) => (&*pt.pat, Some(self.types.lower(&pt.ty, &f.scope))),
            p => (p, None),
        };
        let v = value!(self.run_expr(&init.expr, ty.as_ref(), f));
        if self.bind_pattern(pat, v, f)? {
            return Ok(Flow::Value(Val::Unit));
        }
        match &init.diverge {
            Some((_, other)) => match self.run_expr(other, None, f)? {
                Flow::Value(_) => Err(self.unsupported(&**other, f, "a `let … else` whose `else` does not leave")),
                flow => Ok(flow),
            },
            None => Err(self.fail(&local.pat, f, Failure::Invalid, "a `let` pattern that does not match")),
        }
    }

    /// An expression that may change the frame's locals.
    pub(super) fn run_expr(&mut self, e: &Expr, want: Option<&Ty>, f: &mut Frame) -> Result<Flow, EvalError> {
        match e {
            Expr::Paren(p) => self.run_expr(&p.expr, want, f),
            Expr::Block(b) if b.label.is_none() => self.run_block(&b.block, want, f),
            Expr::Unsafe(b) => self.run_block(&b.block, want, f),
            Expr::If(i) => self.run_if(i, want, f),
            Expr::Match(m) => self.run_match(m, want, f),
            Expr::ForLoop(l) if l.label.is_none() => self.run_for(l, f),
            Expr::Return(r) => Ok(Flow::Return(match &r.expr {
                Some(x) => value!(self.run_expr(x, None, f)),
                None => Val::Unit,
            })),
            Expr::Break(b) if b.label.is_none() => Ok(Flow::Break(match &b.expr {
                Some(x) => value!(self.run_expr(x, None, f)),
                None => Val::Unit,
            })),
            Expr::Continue(c) if c.label.is_none() => Ok(Flow::Continue),
            Expr::Assign(a) => {
                let v = value!(self.run_expr(&a.right, None, f));
                // `*s = …` with `s` bound by `Value::String(s)` over a place: the place, then `s`.
                if let Some((name, place)) = self.alias_of(&a.left, f) {
                    self.write_place(place, v.clone(), &a.left, f)?;
                    f.locals.assign(name, v);
                    return Ok(Flow::Value(Val::Unit));
                }
                let place = self.place_of(&a.left, f)?;
                self.write_place(place, v, &a.left, f)?;
                Ok(Flow::Value(Val::Unit))
            }
            // `x += y` and the other compound assignments: `x = x + y`.
            Expr::Binary(b) if plain_op(&b.op).is_some() => self.run_compound(b, f),
            Expr::Reference(r) if r.mutability.is_some() => Ok(Flow::Value(Val::Ref(self.place_of(&r.expr, f)?))),
            Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => match value!(self.run_expr(&u.expr, want, f)) {
                Val::Ref(place) => Ok(Flow::Value(self.read(&place, u, f)?)),
                v => Ok(Flow::Value(v)),
            },
            Expr::Try(t) => match value!(self.run_expr(&t.expr, None, f)) {
                Val::Opt(Some(v)) => Ok(Flow::Value(*v)),
                Val::Opt(None) => Ok(Flow::Return(Val::Opt(None))),
                e @ Val::Err(_) => Ok(Flow::Return(e)),
                v @ (Val::Json(_) | Val::Ref(_)) => Ok(Flow::Value(v)),
                other => Err(self.unsupported(e, f, format!("`?` on {}", other.kind_of()))),
            },
            Expr::MethodCall(m) => self.run_method(m, want, f),
            Expr::Call(c) => self.run_call(c, want, f),
            Expr::While(w) if w.label.is_none() => self.run_while(w, f),
            Expr::Loop(l) if l.label.is_none() => self.run_loop(l, f),
            Expr::While(_) | Expr::Loop(_) | Expr::ForLoop(_) => Err(self.unsupported(e, f, "a loop with a label")),
            _ => Ok(Flow::Value(self.eval(e, want, f)?)),
        }
    }

    /// The local and the place of `*name` when `name` was bound by `Value::String(name)` or
    /// `Value::Bool(name)` over a place (see [`super::patterns::alias_local`]).
    fn alias_of(&self, e: &Expr, f: &Frame) -> Option<(String, Place)> {
        let Expr::Unary(u) = e else { return None };
        let (syn::UnOp::Deref(_), Some(name)) = (u.op, syntax::expr_ident(&u.expr)) else { return None };
        match f.locals.get(&super::patterns::alias_local(&name)) {
            Some(Val::Ref(place)) => Some((name, place.clone())),
            _ => None,
        }
    }

    /// `x += y`: `x = x + y` (kept out of [`Self::run_expr`], whose frame recursion stacks).
    #[inline(never)]
    fn run_compound(&mut self, b: &syn::ExprBinary, f: &mut Frame) -> Result<Flow, EvalError> {
        let op = plain_op(&b.op).expect("checked");
        let right = value!(self.run_expr(&b.right, None, f));
        let left = (*b.left).clone();
        let frame = f.clone().bind("__rhs", right);
        let sum: Expr = syn::parse_quote!(#left #op __rhs);
        let v = self.eval(&sum, None, &frame)?;
        let place = self.place_of(&b.left, f)?;
        self.write_place(place, v, &b.left, f)?;
        Ok(Flow::Value(Val::Unit))
    }

    fn run_if(&mut self, i: &syn::ExprIf, want: Option<&Ty>, f: &mut Frame) -> Result<Flow, EvalError> {
        let mark = f.locals.mark();
        let taken = match self.run_cond(&i.cond, f)? {
            Ok(taken) => taken,
            Err(flow) => return Ok(flow),
        };
        let out = if taken {
            self.run_block(&i.then_branch, want, f)
        } else {
            f.locals.end_scope(mark);
            match &i.else_branch {
                Some((_, other)) => self.run_expr(other, want, f),
                None => Ok(Flow::Value(Val::Unit)),
            }
        };
        f.locals.end_scope(mark);
        out
    }

    /// An `if` condition: a bool, `let P = e`, or a chain of them joined by `&&` (a let chain:
    /// what one part binds, the next and the branch see); `Err` for a flow that leaves.
    fn run_cond(&mut self, cond: &Expr, f: &mut Frame) -> Result<Result<bool, Flow>, EvalError> {
        match cond {
            Expr::Let(l) => match self.scrutinee(&l.expr, f)? {
                Flow::Value(v) => Ok(Ok(self.bind_pattern(&l.pat, v, f)?)),
                flow => Ok(Err(flow)),
            },
            Expr::Binary(b) if matches!(b.op, syn::BinOp::And(_)) && has_let(cond) => {
                match self.run_cond(&b.left, f)? {
                    Ok(true) => self.run_cond(&b.right, f),
                    other => Ok(other),
                }
            }
            cond => match self.run_expr(cond, Some(&Ty::Bool), f)? {
                Flow::Value(Val::Bool(b)) => Ok(Ok(b)),
                Flow::Value(other) => {
                    Err(self.unsupported(cond, f, format!("{} where a bool is expected", other.kind_of())))
                }
                flow => Ok(Err(flow)),
            },
        }
    }

    /// What `match`/`if let` look at: a local that is a reference stays one, so that the arms
    /// write through it (`match value { Value::Object(o) => o.insert(…) }`).
    fn scrutinee(&mut self, e: &Expr, f: &mut Frame) -> Result<Flow, EvalError> {
        let mut inner = e;
        loop {
            inner = match inner {
                Expr::Paren(p) => &p.expr,
                Expr::Reference(r) => &r.expr,
                Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => &u.expr,
                _ => break,
            };
        }
        if let Some(name) = syntax::expr_ident(inner) {
            match f.locals.get(&name) {
                Some(Val::Ref(place)) => return Ok(Flow::Value(Val::Ref(place.clone()))),
                // A JSON local: its arms' bindings are its parts (moved or borrowed, they are
                // what the arm changes).
                Some(Val::Json(_)) => return Ok(Flow::Value(Val::Ref(Place { root: name, path: Vec::new() }))),
                _ => {}
            }
        }
        self.run_expr(e, None, f)
    }

    fn run_match(&mut self, m: &syn::ExprMatch, want: Option<&Ty>, f: &mut Frame) -> Result<Flow, EvalError> {
        let v = value!(self.scrutinee(&m.expr, f));
        for arm in &m.arms {
            let mark = f.locals.mark();
            let mut taken = self.bind_pattern(&arm.pat, v.clone(), f)?;
            if let (true, Some((_, guard))) = (taken, &arm.guard) {
                taken = matches!(value!(self.run_expr(guard, Some(&Ty::Bool), f)), Val::Bool(true));
            }
            if taken {
                let out = self.run_expr(&arm.body, want, f);
                f.locals.end_scope(mark);
                return out;
            }
            f.locals.end_scope(mark);
        }
        Err(self.fail(m, f, Failure::Invalid, "no arm of the `match` matches"))
    }

    /// The place an expression names: a local, a key or index of one, what a reference reaches.
    pub(super) fn place_of(&mut self, e: &Expr, f: &mut Frame) -> Result<Place, EvalError> {
        match e {
            Expr::Paren(p) => self.place_of(&p.expr, f),
            Expr::Reference(r) => self.place_of(&r.expr, f),
            Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => self.place_of(&u.expr, f),
            Expr::Path(p) if p.path.get_ident().is_some() => {
                let name = p.path.get_ident().expect("checked").to_string();
                match f.locals.get(&name) {
                    Some(Val::Ref(place)) => Ok(place.clone()),
                    Some(_) => Ok(Place { root: name, path: Vec::new() }),
                    None => Err(self.unsupported(e, f, format!("`{name}` is not a local the CLI tracks"))),
                }
            }
            Expr::Field(x) => {
                let base = self.place_of(&x.base, f)?;
                match &x.member {
                    syn::Member::Named(n) => Ok(base.child(Seg::Key(crate::source::unraw_ident(&n.to_string())))),
                    // `meta.0 = …`, `meta.0.insert(…)`: a newtype held as its JSON object (see
                    // `Evaluator::field`) is its own `.0`.
                    syn::Member::Unnamed(i)
                        if i.index == 0 && matches!(place_ref(f, &base), Some(Ok(Value::Object(_)))) =>
                    {
                        Ok(base)
                    }
                    syn::Member::Unnamed(i) => Ok(base.child(Seg::Index(i.index as usize))),
                }
            }
            Expr::Index(x) => {
                let base = self.place_of(&x.expr, f)?;
                let k = self.eval(&x.index, None, f)?;
                let seg = seg_of(&k).ok_or_else(|| self.unsupported(&*x.index, f, "an index that is not a key"))?;
                Ok(base.child(seg))
            }
            Expr::Call(c) if is_make_mut(c) => self.place_of(&c.args[0], f),
            Expr::MethodCall(m) => match (m.method.to_string().as_str(), m.args.len()) {
                (
                    "unwrap" | "expect" | "as_object_mut" | "as_array_mut" | "as_mut" | "borrow_mut" | "write" | "lock",
                    _,
                ) => self.place_of(&m.receiver, f),
                ("get_mut", 1) => {
                    let base = self.place_of(&m.receiver, f)?;
                    let k = self.eval(&m.args[0], None, f)?;
                    let seg =
                        seg_of(&k).ok_or_else(|| self.unsupported(&m.args[0], f, "a key that is not a string"))?;
                    Ok(base.child(seg))
                }
                ("entry", 1) => {
                    let base = self.place_of(&m.receiver, f)?;
                    let k = self.eval(&m.args[0], None, f)?;
                    let seg =
                        seg_of(&k).ok_or_else(|| self.unsupported(&m.args[0], f, "a key that is not a string"))?;
                    Ok(base.child(seg))
                }
                _ => match self.run_expr(e, None, f)? {
                    Flow::Value(Val::Ref(place)) => Ok(place),
                    _ => Err(self.unsupported(e, f, "a value that is not a place the CLI tracks")),
                },
            },
            _ => match self.run_expr(e, None, f)? {
                Flow::Value(Val::Ref(place)) => Ok(place),
                _ => Err(self.unsupported(e, f, "a value that is not a place the CLI tracks")),
            },
        }
    }

    pub(super) fn read(&self, place: &Place, at: &dyn Spanned, f: &Frame) -> Eval {
        read_place(f, place).ok_or_else(|| self.fail(at, f, Failure::Invalid, "a key or index that is not there"))
    }

    /// Writes a value at a place (a JSON part takes the value's JSON).
    pub(super) fn write_place(
        &mut self,
        place: Place,
        v: Val,
        at: &dyn Spanned,
        f: &mut Frame,
    ) -> Result<(), EvalError> {
        let v = match v {
            Val::Ref(p) => self.read(&p, at, f)?,
            v => v,
        };
        if place.path.is_empty() {
            f.locals.assign(place.root, v);
            return Ok(());
        }
        let json = self.json_of(v, at, f)?;
        let (last, parents) = place.path.split_last().expect("not empty");
        // A JSON local is written where it is, not copied out and back.
        if let Some(Val::Json(root)) = f.locals.get_mut(&place.root) {
            let written = match (last, jsonval::json_at_mut(root, parents)) {
                (Seg::Key(k), Some(Value::Object(m))) => {
                    m.insert(k.clone(), json);
                    true
                }
                (Seg::Index(i), Some(Value::Array(a))) if *i < a.len() => {
                    a[*i] = json;
                    true
                }
                _ => false,
            };
            if !written {
                return Err(self.fail(at, f, Failure::Invalid, "a key or index that is not there"));
            }
            return Ok(());
        }
        let root = self.read(&Place { root: place.root.clone(), path: Vec::new() }, at, f)?;
        let mut root = self.json_of(root, at, f)?;
        let Some(parent) = jsonval::json_at_mut(&mut root, parents) else {
            return Err(self.fail(at, f, Failure::Invalid, "a key or index that is not there"));
        };
        match (last, parent) {
            (Seg::Key(k), Value::Object(m)) => {
                m.insert(k.clone(), json);
            }
            (Seg::Index(i), Value::Array(a)) if *i < a.len() => a[*i] = json,
            _ => return Err(self.fail(at, f, Failure::Invalid, "a key or index that is not there")),
        }
        f.locals.assign(place.root, Val::Json(root));
        Ok(())
    }

    /// A method call: the mutating methods of `Value`, `Map` and `Vec` on a place, the `&mut`
    /// accessors, else the plain evaluator's methods.
    fn run_method(&mut self, m: &syn::ExprMethodCall, want: Option<&Ty>, f: &mut Frame) -> Result<Flow, EvalError> {
        let name = m.method.to_string();
        let args: Vec<&Expr> = m.args.iter().collect();
        match (name.as_str(), args.as_slice()) {
            ("get_mut", [_]) | ("as_object_mut" | "as_array_mut", []) => {
                let place = self.place_of(&m.receiver, f)?;
                if jsonval::place_ref(f, &place).is_none() {
                    return Err(self.fail(m, f, Failure::Invalid, "a key or index that is not there"));
                }
                let target = match (name.as_str(), args.as_slice()) {
                    ("get_mut", [k]) => {
                        let k = self.eval(k, None, f)?;
                        let seg =
                            seg_of(&k).ok_or_else(|| self.unsupported(args[0], f, "a key that is not a string"))?;
                        let there = match (&seg, jsonval::place_ref(f, &place)) {
                            (Seg::Key(k), Some(Ok(j))) => j.get(k).is_some(),
                            (Seg::Index(i), Some(Ok(j))) => j.get(*i).is_some(),
                            _ => false,
                        };
                        there.then(|| place.child(seg))
                    }
                    ("as_object_mut", _) => {
                        matches!(jsonval::place_ref(f, &place), Some(Ok(Value::Object(_)))).then_some(place)
                    }
                    _ => matches!(jsonval::place_ref(f, &place), Some(Ok(Value::Array(_)))).then_some(place),
                };
                Ok(Flow::Value(Val::Opt(target.map(|p| Box::new(Val::Ref(p))))))
            }
            // schemars' `Schema::ensure_object()`: a bool schema becomes its object; the object.
            ("ensure_object", []) => {
                let place = self.place_of(&m.receiver, f)?;
                match self.read(&place, m, f)? {
                    Val::Json(Value::Object(_)) => {}
                    Val::Json(Value::Bool(b)) => {
                        self.write_place(place.clone(), Val::Json(super::mutate::bool_schema_object(b)), m, f)?
                    }
                    other => return Err(self.unsupported(m, f, format!("`.ensure_object()` on {}", other.kind_of()))),
                }
                Ok(Flow::Value(Val::Ref(place)))
            }
            // `.and_then(Value::as_object_mut)` on what a `&mut` accessor gave (`get_mut(k)`): the
            // accessor on that place, as `.and_then(|v| v.as_object_mut())` is.
            ("and_then", [Expr::Path(p)]) if mut_accessor(&p.path).is_some() => {
                let object = mut_accessor(&p.path) == Some("as_object_mut");
                match value!(self.run_expr(&m.receiver, None, f)) {
                    Val::Opt(None) => Ok(Flow::Value(Val::Opt(None))),
                    Val::Opt(Some(inner)) => match *inner {
                        Val::Ref(place) => {
                            let fits = match jsonval::place_ref(f, &place) {
                                Some(Ok(Value::Object(_))) => object,
                                Some(Ok(Value::Array(_))) => !object,
                                _ => false,
                            };
                            Ok(Flow::Value(Val::Opt(fits.then(|| Box::new(Val::Ref(place))))))
                        }
                        other => Err(self.unsupported(
                            m,
                            f,
                            format!("`.{name}(…)` of a `&mut` accessor on {}", other.kind_of()),
                        )),
                    },
                    other => Err(self.unsupported(m, f, format!("`.{name}(…)` on {}", other.kind_of()))),
                }
            }
            ("unwrap" | "expect", _) => match value!(self.run_expr(&m.receiver, want, f)) {
                Val::Opt(Some(v)) => Ok(Flow::Value(*v)),
                // A `Result` known to be `Ok`: a schema fn's, `to_value`'s, a lock's guard.
                v @ (Val::Json(_) | Val::Ref(_) | Val::Map(_)) => Ok(Flow::Value(v)),
                Val::Opt(None) => Err(self.fail(m, f, Failure::Invalid, format!("`.{name}()` on `None` panics"))),
                other => Err(self.unsupported(m, f, format!("`.{name}()` on {}", other.kind_of()))),
            },
            (mutating, _) if is_mutating(mutating) => self.mutate(m, mutating, &args, f).map(Flow::Value),
            // `Option::take()` (an iterator's `take(n)` has an argument) and `Option::replace(x)`
            // on a place.
            ("take", []) | ("replace", [_]) if self.is_place(&m.receiver, f) => {
                self.mutate(m, &name, &args, f).map(Flow::Value)
            }
            // A lock or cell around a cache: its guard is the cache itself.
            ("read" | "write" | "lock" | "borrow" | "borrow_mut", []) if self.is_cache(&m.receiver, f) => {
                Ok(Flow::Value(Val::Ref(self.place_of(&m.receiver, f)?)))
            }
            // `CACHE.with(|cache| …)`: the closure runs with the thread-local cache.
            ("with", [Expr::Closure(c)]) if c.inputs.len() == 1 && self.is_cache(&m.receiver, f) => {
                let place = self.place_of(&m.receiver, f)?;
                let mark = f.locals.mark();
                self.bind_pattern(&c.inputs[0], Val::Ref(place), f)?;
                let flow = self.run_expr(&c.body, want, f);
                f.locals.end_scope(mark);
                match flow? {
                    Flow::Value(v) | Flow::Return(v) => Ok(Flow::Value(v)),
                    Flow::Break(_) | Flow::Continue => Err(self.unsupported(m, f, "a `break` out of a closure")),
                }
            }
            ("for_each", [func]) => {
                for item in self.loop_items(&m.receiver, f)? {
                    self.step(m, f)?;
                    let flow = match func {
                        Expr::Closure(c) if c.inputs.len() == 1 => {
                            let mark = f.locals.mark();
                            self.bind_pattern(&c.inputs[0], item, f)?;
                            let flow = self.run_expr(&c.body, None, f);
                            f.locals.end_scope(mark);
                            flow?
                        }
                        Expr::Path(_) => {
                            let mark = f.locals.mark();
                            f.locals.bind(EACH.to_owned(), item);
                            let call: Expr = syn::parse_quote!(#func(__each));
                            let flow = self.run_expr(&call, None, f);
                            f.locals.end_scope(mark);
                            flow?
                        }
                        other => return Err(self.unsupported(*other, f, "a computed fn applied by `.for_each`")),
                    };
                    if let Flow::Return(v) = flow {
                        return Ok(Flow::Return(v));
                    }
                }
                Ok(Flow::Value(Val::Unit))
            }
            _ => {
                // A receiver with effects (`x.remove(k).is_some()`) runs here; the method is the
                // plain evaluator's.
                if needs_receiver_run(&m.receiver) {
                    let recv = value_of(self.run_expr(&m.receiver, None, f)?, &*m.receiver, self, f)?;
                    let mut call = m.clone();
                    call.receiver = Box::new(syn::parse_quote!(__receiver));
                    let frame = f.clone().bind("__receiver", recv);
                    return Ok(Flow::Value(self.eval(&Expr::MethodCall(call), want, &frame)?));
                }
                Ok(Flow::Value(self.eval(&Expr::MethodCall(m.clone()), want, f)?))
            }
        }
    }

    /// A call: a workspace fn run statement by statement (its `&mut` arguments written back),
    /// else the plain evaluator's call.
    fn run_call(&mut self, c: &syn::ExprCall, want: Option<&Ty>, f: &mut Frame) -> Result<Flow, EvalError> {
        if is_make_mut(c) {
            return Ok(Flow::Value(Val::Ref(self.place_of(&c.args[0], f)?)));
        }
        let Expr::Path(p) = &*c.func else { return Ok(Flow::Value(self.eval(&Expr::Call(c.clone()), want, f)?)) };
        let segs = path_segments(&p.path);
        let Some(found) = self.fn_parts(&segs, want, f) else {
            return Ok(Flow::Value(self.eval(&Expr::Call(c.clone()), want, f)?));
        };
        if c.args.len() != found.params.len() {
            return Err(self.unsupported(c, f, "a call with the wrong number of arguments"));
        }
        let active = Active::member(found.item, found.body);
        if !needs_run(found.body) && self.budget.is_active(&active) {
            return Err(self.unsupported(c, f, "a recursive fn"));
        }
        let mut frame = found.frame;
        bind_type_args(&mut frame, found.sig, &p.path, f);
        let mut written_back = Vec::new();
        for (((name, ty), a), by_mut) in found.params.iter().zip(&c.args).zip(mut_params(found.sig)) {
            // A `&mut` argument is a place (`simplify(child)` with `child` a reference).
            let v = if by_mut { Val::Ref(self.place_of(a, f)?) } else { value!(self.run_expr(a, ty.as_ref(), f)) };
            let v = match v {
                Val::Ref(place) => {
                    let owned = self.read(&place, a, f)?;
                    if by_mut {
                        written_back.push((name.clone(), place));
                    }
                    owned
                }
                v => v,
            };
            frame.locals.bind(name.clone(), v);
        }
        // Recursion nests as deep as evaluations may (a schema is not nested deeper).
        if !self.budget.enter() {
            return Err(self.unsupported(c, f, format!("it nests more than {MAX_DEPTH} calls deep")));
        }
        self.budget.push(active);
        self.ran.push(found.item);
        let out = self.run_block(found.body, found.ret.as_ref().or(want), &mut frame);
        self.budget.pop();
        self.budget.leave();
        let v = match out? {
            Flow::Value(v) | Flow::Return(v) => v,
            Flow::Break(_) | Flow::Continue => return Err(self.unsupported(c, f, "a `break` outside a loop")),
        };
        for (name, place) in written_back {
            if let Some(after) = frame.locals.get(&name).cloned() {
                self.write_place(place, after, c, f)?;
            }
        }
        Ok(Flow::Value(v))
    }
}

impl Evaluator<'_, '_> {
    /// Whether an expression names a local (or a part of one) holding an `Option` or JSON.
    fn is_place(&self, e: &Expr, f: &Frame) -> bool {
        match e {
            Expr::Paren(p) => self.is_place(&p.expr, f),
            Expr::Field(x) => self.is_place(&x.base, f),
            Expr::Index(x) => self.is_place(&x.expr, f),
            _ => matches!(syntax::expr_ident(e).and_then(|n| f.local(&n)), Some(Val::Opt(_) | Val::Json(_))),
        }
    }
}

/// The value of a flow where only a value may come (a closure's body, an argument).
/// The value of a block's tail that names a local bound in the block (`root` after `let mut root
/// = …`), moved out of the frame: the block's bindings end right after it, so a copy would be
/// thrown away. Only values that reading gives back unchanged: a `Ref` reads through its place,
/// and an unsuffixed integer takes the type the context wants.
/// Written into `out` (kept off the frame of the statement loop, which recursion deepens).
#[inline(never)]
fn take_tail_local(e: &Expr, mark: usize, f: &mut Frame, out: &mut Val) -> bool {
    let Expr::Path(p) = e else { return false };
    if p.qself.is_some() || !p.attrs.is_empty() {
        return false;
    }
    let Some(name) = p.path.get_ident().map(|i| i.to_string()) else { return false };
    let movable = |v: &Val| matches!(v, Val::Json(_) | Val::Str(_) | Val::Seq(_) | Val::Map(_) | Val::Struct { .. });
    if !f.locals.get(&name).is_some_and(movable) {
        return false;
    }
    match f.locals.take_since(mark, &name) {
        Some(v) => {
            *out = v;
            true
        }
        None => false,
    }
}

pub(super) fn value_of(flow: Flow, at: &dyn Spanned, ev: &Evaluator, f: &Frame) -> Eval {
    match flow {
        Flow::Value(Val::Ref(place)) => ev.read(&place, at, f),
        Flow::Value(v) => Ok(v),
        _ => Err(ev.unsupported(at, f, "a `return` or `break` where a value is expected")),
    }
}

/// Whether an expression uses `?` outside a closure (it may leave the fn: a run's `return`).
fn has_try(e: &Expr) -> bool {
    match e {
        Expr::Try(_) => true,
        Expr::Paren(p) => has_try(&p.expr),
        Expr::Reference(r) => has_try(&r.expr),
        Expr::Unary(u) => has_try(&u.expr),
        Expr::Binary(b) => has_try(&b.left) || has_try(&b.right),
        Expr::Field(x) => has_try(&x.base),
        Expr::MethodCall(m) => has_try(&m.receiver) || m.args.iter().any(has_try),
        Expr::Call(c) => c.args.iter().any(has_try),
        _ => false,
    }
}

/// The operator a compound assignment applies (`+` for `+=`).
fn plain_op(op: &syn::BinOp) -> Option<syn::BinOp> {
    use syn::BinOp::*;
    let span = op.span();
    Some(match op {
        AddAssign(_) => Add(syn::Token![+](span)),
        SubAssign(_) => Sub(syn::Token![-](span)),
        MulAssign(_) => Mul(syn::Token![*](span)),
        DivAssign(_) => Div(syn::Token![/](span)),
        RemAssign(_) => Rem(syn::Token![%](span)),
        BitOrAssign(_) => BitOr(syn::Token![|](span)),
        BitAndAssign(_) => BitAnd(syn::Token![&](span)),
        BitXorAssign(_) => BitXor(syn::Token![^](span)),
        ShlAssign(_) => Shl(syn::Token![<<](span)),
        ShrAssign(_) => Shr(syn::Token![>>](span)),
        _ => return None,
    })
}

/// `Arc::make_mut(&mut x)` / `Rc::make_mut(&mut x)`: the place of `x`.
fn is_make_mut(c: &syn::ExprCall) -> bool {
    matches!(&*c.func, Expr::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "make_mut"))
        && c.args.len() == 1
}

/// `Value::as_object_mut` or `Value::as_array_mut` as a fn value: which of the two.
fn mut_accessor(path: &syn::Path) -> Option<&'static str> {
    let last = path.segments.last()?;
    ["as_object_mut", "as_array_mut"].into_iter().find(|n| last.ident == n)
}

/// Whether a receiver changes the frame (`x.remove(k)`), so it must run before the method.
fn needs_receiver_run(e: &Expr) -> bool {
    match e {
        Expr::MethodCall(m) => {
            is_mutating(&m.method.to_string())
                || matches!(m.method.to_string().as_str(), "get_mut" | "as_object_mut" | "as_array_mut")
                || needs_receiver_run(&m.receiver)
        }
        Expr::Paren(p) => needs_receiver_run(&p.expr),
        _ => false,
    }
}

/// Which parameters of a fn (its receiver first, as the evaluator binds it) are `&mut`.
fn mut_params(sig: &syn::Signature) -> Vec<bool> {
    sig.inputs
        .iter()
        .map(|a| match a {
            syn::FnArg::Typed(t) => matches!(&*t.ty, syn::Type::Reference(r) if r.mutability.is_some()),
            syn::FnArg::Receiver(r) => r.reference.is_some() && r.mutability.is_some(),
        })
        .collect()
}

/// A call's turbofish types bound to the fn's generic parameters, as the caller names them.
pub(super) fn bind_type_args(frame: &mut Frame, sig: &syn::Signature, path: &syn::Path, caller: &Frame) {
    let Some(given) = turbofish(path) else { return };
    let names = sig.generics.params.iter().filter_map(|g| match g {
        syn::GenericParam::Type(t) => Some(t.ident.to_string()),
        _ => None,
    });
    for (name, ty) in names.zip(given) {
        let (ty, scope) = jsonval::bound_type(&ty, caller);
        frame.type_args.push((name, ty, scope));
    }
}
