//! The mutating methods of `Value`, `Map` and `Vec` on a place (`insert`, `remove`, `retain`,
//! `entry(k).or_insert(v)`, `push`…), for the statement-by-statement run of [`super::exec`], and
//! the thread-local memo caches it meets.

use super::exec::value_of;
use super::jsonval::{empty_object, read_place, seg_of, Seg};
use super::*;
use serde_json::Value;

impl Evaluator<'_, '_> {
    /// A mutating method on a place; its value is what the method returns.
    pub(super) fn mutate(&mut self, m: &syn::ExprMethodCall, name: &str, args: &[&Expr], f: &mut Frame) -> Eval {
        // `map.entry(k).or_insert(v)`: the entry's place, filled when empty.
        if matches!(name, "or_insert" | "or_insert_with" | "or_default") {
            let place = self.place_of(&m.receiver, f)?;
            if read_place(f, &place).is_none() {
                let v = match (name, args) {
                    ("or_insert", [v]) => value_of(self.run_expr(v, None, f)?, *v, self, f)?,
                    ("or_insert_with", [func]) => self.apply_fn_none(func, f)?,
                    _ => Val::Json(Value::Null),
                };
                self.write_place(place.clone(), v, m, f)?;
            }
            return Ok(Val::Ref(place));
        }
        let place = self.place_of(&m.receiver, f)?;
        let current = self.read(&place, m, f)?;
        let mut values = Vec::new();
        for a in args {
            if name == "retain" {
                break;
            }
            values.push(value_of(self.run_expr(a, None, f)?, *a, self, f)?);
        }
        let (updated, out) = match current {
            Val::Seq(items) => self.mutate_seq(m, name, items, values, args, f)?,
            Val::Map(entries) if entries.is_empty() => {
                self.mutate_json(m, name, Value::Object(Default::default()), values, args, f)?
            }
            Val::Json(j) => self.mutate_json(m, name, j, values, args, f)?,
            other => return Err(self.unsupported(m, f, format!("`.{name}()` on {}", other.kind_of()))),
        };
        self.write_place(place, updated, m, f)?;
        Ok(out)
    }

    fn mutate_json(
        &mut self,
        m: &syn::ExprMethodCall,
        name: &str,
        mut j: Value,
        values: Vec<Val>,
        args: &[&Expr],
        f: &mut Frame,
    ) -> Result<(Val, Val), EvalError> {
        let opt = |x: Option<Value>| Val::Opt(x.map(|x| Box::new(Val::Json(x))));
        let mut values = values.into_iter();
        let out = match (name, &mut j) {
            ("insert", Value::Object(o)) if args.len() == 2 => {
                let (k, v) = (values.next().expect("two"), values.next().expect("two"));
                let Some(Seg::Key(k)) = seg_of(&k) else {
                    return Err(self.unsupported(args[0], f, "a key that is not a string"));
                };
                let v = self.json_of(v, args[1], f)?;
                opt(o.insert(k, v))
            }
            ("remove" | "shift_remove" | "swap_remove", Value::Object(o)) if args.len() == 1 => {
                let k = values.next().expect("one");
                let Some(Seg::Key(k)) = seg_of(&k) else {
                    return Err(self.unsupported(args[0], f, "a key that is not a string"));
                };
                // With `preserve_order`, serde_json's `Map::remove` is `swap_remove`: the last key
                // takes the removed one's place; `shift_remove` keeps the others in place.
                opt(if name == "shift_remove" { o.shift_remove(&k) } else { o.swap_remove(&k) })
            }
            ("remove", Value::Array(a)) if args.len() == 1 => match seg_of(&values.next().expect("one")) {
                Some(Seg::Index(i)) if i < a.len() => Val::Json(a.remove(i)),
                _ => return Err(self.fail(m, f, Failure::Invalid, "an index out of bounds")),
            },
            ("push", Value::Array(a)) if args.len() == 1 => {
                let v = self.json_of(values.next().expect("one"), args[0], f)?;
                a.push(v);
                Val::Unit
            }
            ("extend" | "append", Value::Array(a)) if args.len() == 1 => {
                match self.json_of(values.next().expect("one"), args[0], f)? {
                    Value::Array(more) => a.extend(more),
                    _ => return Err(self.unsupported(args[0], f, "extending an array with something else")),
                }
                Val::Unit
            }
            ("extend" | "append", Value::Object(o)) if args.len() == 1 => {
                match self.json_of(values.next().expect("one"), args[0], f)? {
                    Value::Object(more) => o.extend(more),
                    _ => return Err(self.unsupported(args[0], f, "extending a map with something else")),
                }
                Val::Unit
            }
            ("clear", Value::Object(o)) => {
                o.clear();
                Val::Unit
            }
            ("clear", Value::Array(a)) => {
                a.clear();
                Val::Unit
            }
            ("sort" | "sort_unstable", Value::Array(a)) if args.is_empty() => {
                a.sort_by(|x, y| x.as_str().cmp(&y.as_str()));
                Val::Unit
            }
            ("dedup", Value::Array(a)) => {
                a.dedup();
                Val::Unit
            }
            ("retain", Value::Object(o)) if args.len() == 1 => {
                let mut kept = serde_json::Map::new();
                for (k, v) in std::mem::take(o) {
                    if self.predicate(args[0], vec![Val::Str(k.clone()), Val::Json(v.clone())], f)? {
                        kept.insert(k, v);
                    }
                }
                *o = kept;
                Val::Unit
            }
            ("retain", Value::Array(a)) if args.len() == 1 => {
                let mut kept = Vec::new();
                for v in std::mem::take(a) {
                    if self.predicate(args[0], vec![Val::Json(v.clone())], f)? {
                        kept.push(v);
                    }
                }
                *a = kept;
                Val::Unit
            }
            (_, other) => {
                let kind = match other {
                    Value::Object(_) => "a JSON object",
                    Value::Array(_) => "a JSON array",
                    _ => "a JSON value that is not an object or array",
                };
                return Err(self.unsupported(m, f, format!("`.{name}()` on {kind}")));
            }
        };
        Ok((Val::Json(j), out))
    }

    fn mutate_seq(
        &mut self,
        m: &syn::ExprMethodCall,
        name: &str,
        mut items: Vec<Val>,
        values: Vec<Val>,
        args: &[&Expr],
        f: &mut Frame,
    ) -> Result<(Val, Val), EvalError> {
        let mut values = values.into_iter();
        match (name, args.len()) {
            ("push", 1) => items.push(values.next().expect("one")),
            ("extend" | "append", 1) => match values.next().expect("one") {
                Val::Seq(more) => items.extend(more),
                Val::Json(Value::Array(more)) => items.extend(more.into_iter().map(Val::Json)),
                other => {
                    return Err(self.unsupported(args[0], f, format!("extending a sequence with {}", other.kind_of())))
                }
            },
            ("clear", 0) => items.clear(),
            ("retain", 1) => {
                let mut kept = Vec::new();
                for v in items {
                    if self.predicate(args[0], vec![v.clone()], f)? {
                        kept.push(v);
                    }
                }
                items = kept;
            }
            _ => return Err(self.unsupported(m, f, format!("`.{name}()` on a sequence"))),
        }
        Ok((Val::Seq(items), Val::Unit))
    }

    /// A closure's verdict on values (`retain(|k, v| …)`).
    pub(super) fn predicate(&mut self, func: &Expr, values: Vec<Val>, f: &Frame) -> Result<bool, EvalError> {
        let Expr::Closure(c) = func else {
            return Err(self.unsupported(func, f, "a predicate that is not a closure"));
        };
        if c.inputs.len() != values.len() {
            return Err(self.unsupported(func, f, "a closure with another number of parameters"));
        }
        let mut frame = f.clone();
        for (p, v) in c.inputs.iter().zip(values) {
            if !self.bind_pattern(p, v, &mut frame)? {
                return Err(self.unsupported(p, f, "a closure parameter pattern that does not match"));
            }
        }
        match value_of(self.run_expr(&c.body, Some(&Ty::Bool), &mut frame)?, &*c.body, self, f)? {
            Val::Bool(b) => Ok(b),
            other => Err(self.unsupported(&*c.body, f, format!("{} where a bool is expected", other.kind_of()))),
        }
    }

    fn apply_fn_none(&mut self, func: &Expr, f: &mut Frame) -> Eval {
        match func {
            Expr::Closure(c) if c.inputs.is_empty() => value_of(self.run_expr(&c.body, None, f)?, &*c.body, self, f),
            Expr::Path(p) => {
                let segs = path_segments(&p.path);
                match segs.last().map(String::as_str) {
                    Some("new" | "default") => Ok(empty_object()),
                    _ => Err(self.unsupported(func, f, "a fn that fills an entry")),
                }
            }
            _ => Err(self.unsupported(func, f, "a fn that fills an entry")),
        }
    }

    /// `thread_local! { static CACHE: RwLock<HashMap<K, V>> = …; }` in a fn: a memo cache, bound
    /// as an empty map. A cache never changes what the fn gives (a hit holds what a miss
    /// computes), so one that starts empty at each evaluation gives the server's values.
    pub(super) fn thread_local_caches(&mut self, mac: &syn::Macro, f: &mut Frame) {
        let tokens: Vec<proc_macro2::TokenTree> = mac.tokens.clone().into_iter().collect();
        for (i, t) in tokens.iter().enumerate() {
            let proc_macro2::TokenTree::Ident(kw) = t else { continue };
            if kw != "static" {
                continue;
            }
            let Some(proc_macro2::TokenTree::Ident(name)) = tokens.get(i + 1) else { continue };
            let ty: String = tokens[i + 2..]
                .iter()
                .take_while(|t| !matches!(t, proc_macro2::TokenTree::Punct(p) if p.as_char() == '='))
                .map(|t| t.to_string())
                .collect();
            if ty.contains("HashMap") || ty.contains("BTreeMap") {
                f.locals.bind(name.to_string(), Val::Map(Vec::new()));
            }
        }
    }

    /// Whether an expression names a memo cache (see [`Self::thread_local_caches`]) or a guard
    /// of one.
    pub(super) fn is_cache(&self, e: &Expr, f: &Frame) -> bool {
        match e {
            Expr::Paren(p) => self.is_cache(&p.expr, f),
            Expr::MethodCall(m) => self.is_cache(&m.receiver, f),
            _ => match syntax::expr_ident(e).and_then(|n| f.locals.get(&n).cloned()) {
                Some(Val::Map(_)) => true,
                Some(Val::Ref(place)) => {
                    matches!(read_place(f, &place), Some(Val::Map(_) | Val::Json(Value::Object(_))))
                }
                _ => false,
            },
        }
    }
}
