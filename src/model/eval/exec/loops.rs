//! Loops, each round one step of the budget: `for` over values, or over places (`values_mut()`,
//! `iter_mut()`, `&mut x`, read where they are), `while`, `while let`, and `loop` with its
//! `break value`.

use super::*;

impl Evaluator<'_, '_> {
    pub(super) fn run_for(&mut self, l: &syn::ExprForLoop, f: &mut Frame) -> Result<Flow, EvalError> {
        let items = self.loop_items(&l.expr, f)?;
        for item in items {
            self.step(&l.body, f)?;
            let mark = f.locals.mark();
            if !self.bind_pattern(&l.pat, item, f)? {
                return Err(self.unsupported(&l.pat, f, "a loop pattern that does not match"));
            }
            let flow = self.run_block(&l.body, None, f);
            f.locals.end_scope(mark);
            match flow? {
                Flow::Break(_) => break,
                Flow::Return(v) => return Ok(Flow::Return(v)),
                Flow::Value(_) | Flow::Continue => {}
            }
        }
        Ok(Flow::Value(Val::Unit))
    }

    /// `while cond { … }` and `while let pat = e { … }`, each round one step.
    pub(super) fn run_while(&mut self, w: &syn::ExprWhile, f: &mut Frame) -> Result<Flow, EvalError> {
        loop {
            self.step(&w.body, f)?;
            let mark = f.locals.mark();
            let go = match &*w.cond {
                Expr::Let(l) => {
                    let v = match self.scrutinee(&l.expr, f)? {
                        Flow::Value(v) => v,
                        other => {
                            f.locals.end_scope(mark);
                            return Ok(other);
                        }
                    };
                    self.bind_pattern(&l.pat, v, f)?
                }
                cond => match value!(self.run_expr(cond, Some(&Ty::Bool), f)) {
                    Val::Bool(b) => b,
                    other => {
                        return Err(self.unsupported(cond, f, format!("{} where a bool is expected", other.kind_of())))
                    }
                },
            };
            if !go {
                f.locals.end_scope(mark);
                return Ok(Flow::Value(Val::Unit));
            }
            let flow = self.run_block(&w.body, None, f);
            f.locals.end_scope(mark);
            match flow? {
                Flow::Break(_) => return Ok(Flow::Value(Val::Unit)),
                Flow::Return(v) => return Ok(Flow::Return(v)),
                Flow::Value(_) | Flow::Continue => {}
            }
        }
    }

    /// `loop { … }`: its value is what `break value` gives; each round one step.
    pub(super) fn run_loop(&mut self, l: &syn::ExprLoop, f: &mut Frame) -> Result<Flow, EvalError> {
        loop {
            self.step(&l.body, f)?;
            match self.run_block(&l.body, None, f)? {
                Flow::Break(v) => return Ok(Flow::Value(v)),
                Flow::Return(v) => return Ok(Flow::Return(v)),
                Flow::Value(_) | Flow::Continue => {}
            }
        }
    }

    /// What a `for` loop goes over: references for `values_mut()`/`iter_mut()`, values otherwise.
    pub(super) fn loop_items(&mut self, e: &Expr, f: &mut Frame) -> Result<Vec<Val>, EvalError> {
        if let Expr::MethodCall(m) = e {
            let name = m.method.to_string();
            if matches!(name.as_str(), "values_mut" | "iter_mut") && m.args.is_empty() {
                let place = self.place_of(&m.receiver, f)?;
                return match self.parts_at(&place, m, f)? {
                    Parts::Keys(o) => Ok(o
                        .into_iter()
                        .map(|k| {
                            let r = Val::Ref(place.child(Seg::Key(k.clone())));
                            if name == "iter_mut" {
                                Val::Tuple(vec![Val::Str(k.clone()), r])
                            } else {
                                r
                            }
                        })
                        .collect()),
                    Parts::Len(n) => Ok((0..n).map(|i| Val::Ref(place.child(Seg::Index(i)))).collect()),
                    Parts::Other(kind) => Err(self.unsupported(m, f, format!("`.{name}()` on {kind}"))),
                };
            }
        }
        // `for x in &mut items`: each element by reference.
        if let Expr::Reference(r) = e {
            if r.mutability.is_some() {
                let place = self.place_of(&r.expr, f)?;
                return match self.parts_at(&place, e, f)? {
                    Parts::Len(n) => Ok((0..n).map(|i| Val::Ref(place.child(Seg::Index(i)))).collect()),
                    Parts::Keys(o) => Ok(o
                        .into_iter()
                        .map(|k| Val::Tuple(vec![Val::Str(k.clone()), Val::Ref(place.child(Seg::Key(k)))]))
                        .collect()),
                    Parts::Other(kind) => Err(self.unsupported(e, f, format!("a loop over `&mut` {kind}"))),
                };
            }
        }
        if let Expr::Range(r) = e {
            let (Some(from), Some(to)) = (&r.start, &r.end) else {
                return Err(self.unsupported(e, f, "an open range"));
            };
            let (a, b) = (self.count(from, f)?, self.count(to, f)?);
            let end = if matches!(r.limits, syn::RangeLimits::Closed(_)) { b + 1 } else { b };
            return Ok((a..end).map(|i| Val::Int(i as i128, IntKind::Usize)).collect());
        }
        // `for x in items` with `items` a `&mut` local: each element by reference.
        if let Some(Val::Ref(place)) = syntax::expr_ident(e).and_then(|n| f.locals.get(&n).cloned()) {
            match self.parts_at(&place, e, f)? {
                Parts::Len(n) => return Ok((0..n).map(|i| Val::Ref(place.child(Seg::Index(i)))).collect()),
                Parts::Keys(o) => {
                    return Ok(o
                        .into_iter()
                        .map(|k| Val::Tuple(vec![Val::Str(k.clone()), Val::Ref(place.child(Seg::Key(k)))]))
                        .collect())
                }
                Parts::Other(_) => {}
            }
        }
        let v = value_of(self.run_expr(e, None, f)?, e, self, f)?;
        match v {
            Val::Seq(items) => Ok(items),
            Val::Map(m) => Ok(m.into_iter().map(|(k, v)| Val::Tuple(vec![k, v])).collect()),
            Val::Opt(o) => Ok(o.into_iter().map(|x| *x).collect()),
            Val::Json(Value::Array(a)) => Ok(a.into_iter().map(Val::Json).collect()),
            Val::Json(Value::Object(o)) => {
                Ok(o.into_iter().map(|(k, v)| Val::Tuple(vec![Val::Str(k), Val::Json(v)])).collect())
            }
            other => Err(self.unsupported(e, f, format!("a loop over {}", other.kind_of()))),
        }
    }

    /// What a loop over a place goes over, read where it is: the keys of a JSON object, the
    /// length of a JSON array, or the kind of value it is instead.
    fn parts_at(&self, place: &Place, at: &dyn Spanned, f: &Frame) -> Result<Parts, EvalError> {
        Ok(match jsonval::place_ref(f, place) {
            None => return Err(self.fail(at, f, Failure::Invalid, "a key or index that is not there")),
            Some(Ok(Value::Object(o))) => {
                Parts::Keys(crate::key_order::keys_as_iterated(o).into_iter().cloned().collect())
            }
            Some(Ok(Value::Array(a))) => Parts::Len(a.len()),
            Some(Ok(other)) => Parts::Other(Val::Json(other.clone()).kind_of()),
            Some(Err(other)) => Parts::Other(other.kind_of()),
        })
    }
}

/// What a loop over a place goes over ([`Evaluator::parts_at`]).
enum Parts {
    Keys(Vec<String>),
    Len(usize),
    Other(&'static str),
}
