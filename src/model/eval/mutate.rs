//! The mutating methods of `Value`, `Map`, `Vec` and `String` on a place (`insert`, `remove`,
//! `retain`, `entry(k).or_insert(v)`, `push`, `pop`, `push_str`, `truncate`…), for the statement-by-statement run of [`super::exec`], and
//! the thread-local memo caches it meets.

use super::exec::value_of;
use super::jsonval::{empty_object, place_ref, seg_of, take_place, Seg};
use super::*;
use serde_json::Value;

/// What a mutating method changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Holder {
    /// A JSON object (`Value::Object`, `serde_json::Map`).
    Object,
    /// A JSON array.
    Array,
    /// A `Vec`, an array, a set.
    Seq,
    /// A `String` (also a JSON string reached through a place: `if let Some(Value::String(d)) =
    /// schema.get_mut("description") { d.push_str(…) }`).
    Str,
    /// Any other JSON value (no row applies).
    Other,
}

/// A mutating call as a handler sees it: the name it was called by, the arguments as written
/// (their values are given apart, evaluated in order), the call (for failures).
pub(super) struct MutCall<'c> {
    pub name: &'c str,
    pub args: &'c [&'c Expr],
    pub at: &'c syn::ExprMethodCall,
}

/// The arguments' values, in order.
type Values = std::vec::IntoIter<Val>;

/// A handler: the container changed in place, the arguments' values; the method's value.
pub(super) enum Run {
    Json(fn(&mut Evaluator<'_, '_>, &mut Value, &mut Values, &MutCall<'_>, &mut Frame) -> Eval),
    Seq(fn(&mut Evaluator<'_, '_>, &mut Vec<Val>, &mut Values, &MutCall<'_>, &mut Frame) -> Eval),
    Str(fn(&mut Evaluator<'_, '_>, &mut String, &mut Values, &MutCall<'_>, &mut Frame) -> Eval),
}

/// One mutating method of `Value`, `Map`, `Vec` or `String`.
pub(super) struct Mutation {
    pub names: &'static [&'static str],
    pub on: Holder,
    /// How many arguments: `None` for any number.
    pub arity: Option<usize>,
    pub run: Run,
}

/// `map.entry(k).or_insert(v)` and the like: the entry's place, filled when empty.
const ENTRY_METHODS: &[&str] = &["or_insert", "or_insert_with", "or_default"];

/// Methods that change their receiver but are not followed: refused where they are met (rather
/// than read as methods that leave their receiver alone). `Vec::remove(i)` and a set's
/// `remove(&x)` are one name on one kind of value here, so a sequence's `remove` is refused by
/// having no row; the rest of std's in-place methods (`drain`, `split_off`, `rotate_*`…) are not
/// met in schema code.
const UNFOLLOWED: &[&str] = &["drain", "split_off", "swap", "rotate_left", "rotate_right", "fill", "resize"];

/// Whether a method changes its receiver in place.
pub(super) fn is_mutating(name: &str) -> bool {
    ENTRY_METHODS.contains(&name) || UNFOLLOWED.contains(&name) || MUTATIONS.iter().any(|m| m.names.contains(&name))
}

/// The row for a mutating method called by `name` on `on` with `arity` arguments.
pub(super) fn find_mutation(name: &str, on: Holder, arity: usize) -> Option<&'static Mutation> {
    MUTATIONS.iter().find(|m| m.names.contains(&name) && m.on == on && m.arity.map_or(true, |n| n == arity))
}

fn next(values: &mut Values) -> Val {
    values.next().expect("the row's arity")
}

fn object(j: &mut Value) -> &mut serde_json::Map<String, Value> {
    match j {
        Value::Object(o) => o,
        _ => unreachable!("an object row"),
    }
}

fn array(j: &mut Value) -> &mut Vec<Value> {
    match j {
        Value::Array(a) => a,
        _ => unreachable!("an array row"),
    }
}

/// A string key of a map, or a refusal at the argument.
fn key(ev: &Evaluator, k: &Val, c: &MutCall, f: &Frame) -> Result<String, EvalError> {
    match seg_of(k) {
        Some(Seg::Key(k)) => Ok(k),
        _ => Err(ev.unsupported(c.args[0], f, "a key that is not a string")),
    }
}

/// The object schema a bool schema is (`Schema::ensure_object`): `true` is `{}`, `false` is
/// `{"not": {}}`.
pub(super) fn bool_schema_object(b: bool) -> Value {
    if b {
        Value::Object(Default::default())
    } else {
        serde_json::json!({"not": {}})
    }
}

/// An index argument (`usize`), or a refusal at it.
fn index(ev: &Evaluator, v: &Val, at: &Expr, f: &Frame) -> Result<usize, EvalError> {
    match seg_of(v) {
        Some(Seg::Index(i)) => Ok(i),
        _ => Err(ev.unsupported(at, f, format!("{} where an index is expected", v.kind_of()))),
    }
}

/// A `&str` argument, or a refusal at it.
fn text(ev: &Evaluator, v: Val, at: &Expr, f: &Frame) -> Result<String, EvalError> {
    match v {
        Val::Str(s) | Val::Json(Value::String(s)) => Ok(s),
        other => Err(ev.unsupported(at, f, format!("{} where a `&str` is expected", other.kind_of()))),
    }
}

/// A `char` argument, or a refusal at it.
fn char_arg(ev: &Evaluator, v: Val, at: &Expr, f: &Frame) -> Result<char, EvalError> {
    match v {
        Val::Char(c) => Ok(c),
        other => Err(ev.unsupported(at, f, format!("{} where a `char` is expected", other.kind_of()))),
    }
}

/// A byte index into a string that Rust accepts (`insert`, `insert_str`, `remove`): on a char
/// boundary, and within the string (`remove` also needs a char after it). Anything else panics.
fn byte_index(ev: &Evaluator, s: &str, i: usize, c: &MutCall, f: &Frame, char_after: bool) -> Result<usize, EvalError> {
    let within = if char_after { i < s.len() } else { i <= s.len() };
    if within && s.is_char_boundary(i) {
        Ok(i)
    } else {
        Err(ev.fail(
            c.at,
            f,
            Failure::Invalid,
            format!("`.{}()` at byte {i} panics: not a char boundary of the string", c.name),
        ))
    }
}

fn json_opt(x: Option<Value>) -> Val {
    Val::Opt(x.map(|x| Box::new(Val::Json(x))))
}

/// The mutating methods, in the order they are tried.
pub(super) const MUTATIONS: &[Mutation] = &[
    // schemars' `Schema::insert` on a bool schema: it becomes the equivalent object first.
    Mutation {
        names: &["insert"],
        on: Holder::Other,
        arity: Some(2),
        run: Run::Json(|ev, j, values, c, f| {
            let Value::Bool(b) = *j else {
                return Err(ev.unsupported(c.at, f, "`.insert()` on a JSON value that is not an object or array"));
            };
            *j = bool_schema_object(b);
            let (k, v) = (next(values), next(values));
            let k = key(ev, &k, c, f)?;
            let v = ev.json_of(v, c.args[1], f)?;
            ev.grown(k.len() + super::budget::json_size(&v), c.at, f)?;
            Ok(json_opt(object(j).insert(k, v)))
        }),
    },
    // `Schema::remove` on a bool schema: nothing to remove.
    Mutation {
        names: &["remove"],
        on: Holder::Other,
        arity: Some(1),
        run: Run::Json(|ev, j, _, c, f| match j {
            Value::Bool(_) => Ok(Val::Opt(None)),
            _ => Err(ev.unsupported(c.at, f, "`.remove()` on a JSON value that is not an object or array")),
        }),
    },
    Mutation {
        names: &["insert"],
        on: Holder::Object,
        arity: Some(2),
        run: Run::Json(|ev, j, values, c, f| {
            let (k, v) = (next(values), next(values));
            let k = key(ev, &k, c, f)?;
            let v = ev.json_of(v, c.args[1], f)?;
            ev.grown(k.len() + super::budget::json_size(&v), c.at, f)?;
            Ok(json_opt(object(j).insert(k, v)))
        }),
    },
    Mutation {
        names: &["remove", "shift_remove", "swap_remove"],
        on: Holder::Object,
        arity: Some(1),
        run: Run::Json(|ev, j, values, c, f| {
            let k = key(ev, &next(values), c, f)?;
            // With `preserve_order`, serde_json's `Map::remove` is `swap_remove`: the last key
            // takes the removed one's place; `shift_remove` keeps the others in place.
            let o = object(j);
            Ok(json_opt(if c.name == "shift_remove" { o.shift_remove(&k) } else { o.swap_remove(&k) }))
        }),
    },
    Mutation {
        names: &["remove"],
        on: Holder::Array,
        arity: Some(1),
        run: Run::Json(|ev, j, values, c, f| {
            let a = array(j);
            match seg_of(&next(values)) {
                Some(Seg::Index(i)) if i < a.len() => Ok(Val::Json(a.remove(i))),
                _ => Err(ev.fail(c.at, f, Failure::Invalid, "an index out of bounds")),
            }
        }),
    },
    Mutation {
        names: &["push"],
        on: Holder::Array,
        arity: Some(1),
        run: Run::Json(|ev, j, values, c, f| {
            let v = ev.json_of(next(values), c.args[0], f)?;
            ev.grown(super::budget::json_size(&v), c.at, f)?;
            array(j).push(v);
            Ok(Val::Unit)
        }),
    },
    Mutation {
        names: &["extend", "append"],
        on: Holder::Array,
        arity: Some(1),
        run: Run::Json(|ev, j, values, c, f| match ev.json_of(next(values), c.args[0], f)? {
            Value::Array(more) => {
                ev.grown(more.iter().map(super::budget::json_size).sum(), c.at, f)?;
                array(j).extend(more);
                Ok(Val::Unit)
            }
            _ => Err(ev.unsupported(c.args[0], f, "extending an array with something else")),
        }),
    },
    Mutation {
        names: &["extend", "append"],
        on: Holder::Object,
        arity: Some(1),
        run: Run::Json(|ev, j, values, c, f| match ev.json_of(next(values), c.args[0], f)? {
            Value::Object(more) => {
                ev.grown(more.iter().map(|(k, v)| k.len() + super::budget::json_size(v)).sum(), c.at, f)?;
                object(j).extend(more);
                Ok(Val::Unit)
            }
            _ => Err(ev.unsupported(c.args[0], f, "extending a map with something else")),
        }),
    },
    Mutation {
        names: &["clear"],
        on: Holder::Object,
        arity: None,
        run: Run::Json(|_, j, _, _, _| {
            object(j).clear();
            Ok(Val::Unit)
        }),
    },
    Mutation {
        names: &["clear"],
        on: Holder::Array,
        arity: None,
        run: Run::Json(|_, j, _, _, _| {
            array(j).clear();
            Ok(Val::Unit)
        }),
    },
    Mutation {
        names: &["sort", "sort_unstable"],
        on: Holder::Array,
        arity: Some(0),
        run: Run::Json(|_, j, _, _, _| {
            array(j).sort_by(|x, y| x.as_str().cmp(&y.as_str()));
            Ok(Val::Unit)
        }),
    },
    Mutation {
        names: &["dedup"],
        on: Holder::Array,
        arity: None,
        run: Run::Json(|_, j, _, _, _| {
            array(j).dedup();
            Ok(Val::Unit)
        }),
    },
    Mutation {
        names: &["retain"],
        on: Holder::Object,
        arity: Some(1),
        run: Run::Json(|ev, j, _, c, f| {
            let o = object(j);
            let mut kept = serde_json::Map::new();
            for (k, v) in std::mem::take(o) {
                if ev.predicate(c.args[0], vec![Val::Str(k.clone()), Val::Json(v.clone())], f)? {
                    kept.insert(k, v);
                }
            }
            *o = kept;
            Ok(Val::Unit)
        }),
    },
    Mutation {
        names: &["retain"],
        on: Holder::Array,
        arity: Some(1),
        run: Run::Json(|ev, j, _, c, f| {
            let a = array(j);
            let mut kept = Vec::new();
            for v in std::mem::take(a) {
                if ev.predicate(c.args[0], vec![Val::Json(v.clone())], f)? {
                    kept.push(v);
                }
            }
            *a = kept;
            Ok(Val::Unit)
        }),
    },
    Mutation {
        names: &["push"],
        on: Holder::Seq,
        arity: Some(1),
        run: Run::Seq(|ev, items, values, c, f| {
            let v = next(values);
            ev.grown(super::budget::size_of(&v), c.at, f)?;
            items.push(v);
            Ok(Val::Unit)
        }),
    },
    Mutation {
        names: &["extend", "append"],
        on: Holder::Seq,
        arity: Some(1),
        run: Run::Seq(|ev, items, values, c, f| match next(values) {
            Val::Seq(more) => {
                ev.grown(more.iter().map(super::budget::size_of).sum(), c.at, f)?;
                items.extend(more);
                Ok(Val::Unit)
            }
            Val::Json(Value::Array(more)) => {
                ev.grown(more.iter().map(super::budget::json_size).sum(), c.at, f)?;
                items.extend(more.into_iter().map(Val::Json));
                Ok(Val::Unit)
            }
            other => Err(ev.unsupported(c.args[0], f, format!("extending a sequence with {}", other.kind_of()))),
        }),
    },
    Mutation {
        names: &["clear"],
        on: Holder::Seq,
        arity: Some(0),
        run: Run::Seq(|_, items, _, _, _| {
            items.clear();
            Ok(Val::Unit)
        }),
    },
    Mutation {
        names: &["retain"],
        on: Holder::Seq,
        arity: Some(1),
        run: Run::Seq(|ev, items, _, c, f| {
            let mut kept = Vec::new();
            for v in std::mem::take(items) {
                if ev.predicate(c.args[0], vec![v.clone()], f)? {
                    kept.push(v);
                }
            }
            *items = kept;
            Ok(Val::Unit)
        }),
    },
    // `Vec::pop`, `insert`, `truncate`, `reverse`, `sort`, `dedup` on a sequence, and the same on
    // a JSON array (`Vec<Value>`).
    Mutation {
        names: &["pop"],
        on: Holder::Seq,
        arity: Some(0),
        run: Run::Seq(|_, items, _, _, _| Ok(Val::Opt(items.pop().map(Box::new)))),
    },
    Mutation {
        names: &["insert"],
        on: Holder::Seq,
        arity: Some(2),
        run: Run::Seq(|ev, items, values, c, f| {
            let i = index(ev, &next(values), c.args[0], f)?;
            let v = next(values);
            if i > items.len() {
                return Err(ev.fail(c.at, f, Failure::Invalid, format!("`.insert({i}, …)` past the end panics")));
            }
            ev.grown(super::budget::size_of(&v), c.at, f)?;
            items.insert(i, v);
            Ok(Val::Unit)
        }),
    },
    Mutation {
        names: &["truncate"],
        on: Holder::Seq,
        arity: Some(1),
        run: Run::Seq(|ev, items, values, c, f| {
            items.truncate(index(ev, &next(values), c.args[0], f)?);
            Ok(Val::Unit)
        }),
    },
    Mutation {
        names: &["reverse"],
        on: Holder::Seq,
        arity: Some(0),
        run: Run::Seq(|_, items, _, _, _| {
            items.reverse();
            Ok(Val::Unit)
        }),
    },
    Mutation {
        names: &["sort", "sort_unstable"],
        on: Holder::Seq,
        arity: Some(0),
        run: Run::Seq(|ev, items, _, c, f| {
            // `sort` needs `Ord`: integers, strings, chars, bools, one kind in a `Vec`.
            let ordered = |v: &Val| match v {
                Val::Int(..) => Some(0),
                Val::Str(_) => Some(1),
                Val::Char(_) => Some(2),
                Val::Bool(_) => Some(3),
                _ => None,
            };
            let kind = items.first().and_then(ordered);
            if items.iter().any(|v| ordered(v).is_none() || ordered(v) != kind) {
                return Err(ev.unsupported(c.at, f, "sorting values other than integers, strings, chars or bools"));
            }
            items.sort_by(|x, y| super::numbers::compare(x, y).unwrap_or(std::cmp::Ordering::Equal));
            Ok(Val::Unit)
        }),
    },
    Mutation {
        names: &["dedup"],
        on: Holder::Seq,
        arity: Some(0),
        run: Run::Seq(|_, items, _, _, _| {
            items.dedup();
            Ok(Val::Unit)
        }),
    },
    Mutation {
        names: &["pop"],
        on: Holder::Array,
        arity: Some(0),
        run: Run::Json(|_, j, _, _, _| Ok(json_opt(array(j).pop()))),
    },
    Mutation {
        names: &["insert"],
        on: Holder::Array,
        arity: Some(2),
        run: Run::Json(|ev, j, values, c, f| {
            let i = index(ev, &next(values), c.args[0], f)?;
            let v = ev.json_of(next(values), c.args[1], f)?;
            let a = array(j);
            if i > a.len() {
                return Err(ev.fail(c.at, f, Failure::Invalid, format!("`.insert({i}, …)` past the end panics")));
            }
            ev.grown(super::budget::json_size(&v), c.at, f)?;
            a.insert(i, v);
            Ok(Val::Unit)
        }),
    },
    Mutation {
        names: &["swap_remove"],
        on: Holder::Array,
        arity: Some(1),
        run: Run::Json(|ev, j, values, c, f| {
            let i = index(ev, &next(values), c.args[0], f)?;
            let a = array(j);
            if i >= a.len() {
                return Err(ev.fail(c.at, f, Failure::Invalid, "an index out of bounds"));
            }
            Ok(Val::Json(a.swap_remove(i)))
        }),
    },
    Mutation {
        names: &["truncate"],
        on: Holder::Array,
        arity: Some(1),
        run: Run::Json(|ev, j, values, c, f| {
            array(j).truncate(index(ev, &next(values), c.args[0], f)?);
            Ok(Val::Unit)
        }),
    },
    Mutation {
        names: &["reverse"],
        on: Holder::Array,
        arity: Some(0),
        run: Run::Json(|_, j, _, _, _| {
            array(j).reverse();
            Ok(Val::Unit)
        }),
    },
    // `String`'s in-place methods. Byte indices that are not char boundaries panic, as in Rust.
    Mutation {
        names: &["push_str"],
        on: Holder::Str,
        arity: Some(1),
        run: Run::Str(|ev, s, values, c, f| {
            let more = text(ev, next(values), c.args[0], f)?;
            ev.grown(more.len(), c.at, f)?;
            s.push_str(&more);
            Ok(Val::Unit)
        }),
    },
    Mutation {
        names: &["push"],
        on: Holder::Str,
        arity: Some(1),
        run: Run::Str(|ev, s, values, c, f| {
            let ch = char_arg(ev, next(values), c.args[0], f)?;
            ev.grown(ch.len_utf8(), c.at, f)?;
            s.push(ch);
            Ok(Val::Unit)
        }),
    },
    Mutation {
        names: &["pop"],
        on: Holder::Str,
        arity: Some(0),
        run: Run::Str(|_, s, _, _, _| Ok(Val::Opt(s.pop().map(|c| Box::new(Val::Char(c)))))),
    },
    Mutation {
        names: &["insert"],
        on: Holder::Str,
        arity: Some(2),
        run: Run::Str(|ev, s, values, c, f| {
            let i = index(ev, &next(values), c.args[0], f)?;
            let ch = char_arg(ev, next(values), c.args[1], f)?;
            let i = byte_index(ev, s, i, c, f, false)?;
            ev.grown(ch.len_utf8(), c.at, f)?;
            s.insert(i, ch);
            Ok(Val::Unit)
        }),
    },
    Mutation {
        names: &["insert_str"],
        on: Holder::Str,
        arity: Some(2),
        run: Run::Str(|ev, s, values, c, f| {
            let i = index(ev, &next(values), c.args[0], f)?;
            let more = text(ev, next(values), c.args[1], f)?;
            let i = byte_index(ev, s, i, c, f, false)?;
            ev.grown(more.len(), c.at, f)?;
            s.insert_str(i, &more);
            Ok(Val::Unit)
        }),
    },
    Mutation {
        names: &["remove"],
        on: Holder::Str,
        arity: Some(1),
        run: Run::Str(|ev, s, values, c, f| {
            let i = index(ev, &next(values), c.args[0], f)?;
            let i = byte_index(ev, s, i, c, f, true)?;
            Ok(Val::Char(s.remove(i)))
        }),
    },
    Mutation {
        names: &["truncate"],
        on: Holder::Str,
        arity: Some(1),
        run: Run::Str(|ev, s, values, c, f| {
            let n = index(ev, &next(values), c.args[0], f)?;
            if n < s.len() {
                s.truncate(byte_index(ev, s, n, c, f, false)?);
            }
            Ok(Val::Unit)
        }),
    },
    Mutation {
        names: &["clear"],
        on: Holder::Str,
        arity: Some(0),
        run: Run::Str(|_, s, _, _, _| {
            s.clear();
            Ok(Val::Unit)
        }),
    },
    Mutation {
        names: &["retain"],
        on: Holder::Str,
        arity: Some(1),
        run: Run::Str(|ev, s, _, c, f| {
            let mut kept = String::new();
            for ch in s.chars() {
                if ev.predicate(c.args[0], vec![Val::Char(ch)], f)? {
                    kept.push(ch);
                }
            }
            *s = kept;
            Ok(Val::Unit)
        }),
    },
    Mutation {
        names: &["make_ascii_lowercase", "make_ascii_uppercase"],
        on: Holder::Str,
        arity: Some(0),
        run: Run::Str(|_, s, _, c, _| {
            if c.name == "make_ascii_lowercase" {
                s.make_ascii_lowercase();
            } else {
                s.make_ascii_uppercase();
            }
            Ok(Val::Unit)
        }),
    },
];

impl Evaluator<'_, '_> {
    /// A mutating method on a place; its value is what the method returns.
    pub(super) fn mutate(&mut self, m: &syn::ExprMethodCall, name: &str, args: &[&Expr], f: &mut Frame) -> Eval {
        // `settings.transforms.push(Box::new(t))` on a local holding schemars settings.
        if let (Expr::Field(x), "push", [t]) = (&*m.receiver, name, args) {
            let local =
                syntax::expr_ident(&x.base).filter(|_| matches!(&x.member, syn::Member::Named(n) if n == "transforms"));
            if let Some((local, Val::Schemars(g))) = local.and_then(|l| f.locals.get(&l).cloned().map(|v| (l, v))) {
                let g = self.with_transform(g, t, f);
                f.locals.assign(local, Val::Schemars(g));
                return Ok(Val::Unit);
            }
        }
        // `map.entry(k).or_insert(v)`: the entry's place, filled when empty.
        if ENTRY_METHODS.contains(&name) {
            let place = self.place_of(&m.receiver, f)?;
            if place_ref(f, &place).is_none() {
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
        let current = match place_ref(f, &place) {
            None => return Err(self.fail(m, f, Failure::Invalid, "a key or index that is not there")),
            Some(Ok(_) | Err(Val::Opt(_))) if matches!(name, "take" | "replace") => self.read(&place, m, f)?,
            // Taken out below, after the arguments (which cannot borrow it in Rust either).
            Some(_) => Val::Unit,
        };
        // `Option::take`/`replace` and `Value::take`: the value out, `None` (`null`) or the new
        // value in.
        if let ("take" | "replace", Val::Opt(_) | Val::Json(_)) = (name, &current) {
            let new = match (args, &current) {
                ([], Val::Opt(_)) => Val::Opt(None),
                ([], _) => Val::Json(Value::Null),
                ([x], Val::Opt(_)) => Val::Opt(Some(Box::new(value_of(self.run_expr(x, None, f)?, *x, self, f)?))),
                _ => return Err(self.unsupported(m, f, format!("`.{name}()` with these arguments"))),
            };
            self.write_place(place, new, m, f)?;
            return Ok(current);
        }
        let mut values = Vec::new();
        for a in args {
            if name == "retain" {
                break;
            }
            values.push(value_of(self.run_expr(a, None, f)?, *a, self, f)?);
        }
        // The value is mutated out of its place and written back: a copy of a whole local per
        // `insert` made building a map quadratic.
        let Some(current) = take_place(f, &place) else {
            return Err(self.fail(m, f, Failure::Invalid, "a key or index that is not there"));
        };
        let (updated, out) = match current {
            Val::Seq(items) => self.mutate_seq(m, name, items, values, args, f)?,
            Val::Map(entries) if entries.is_empty() => {
                self.mutate_json(m, name, Value::Object(Default::default()), values, args, f)?
            }
            Val::Str(text) => {
                let (text, out) = self.mutate_str(m, name, text, values, args, f)?;
                (Val::Str(text), out)
            }
            Val::Json(Value::String(text)) => {
                let (text, out) = self.mutate_str(m, name, text, values, args, f)?;
                (Val::Json(Value::String(text)), out)
            }
            Val::Json(j) => self.mutate_json(m, name, j, values, args, f)?,
            other => {
                let kind = other.kind_of();
                self.write_place(place, other, m, f)?;
                return Err(self.unsupported(m, f, format!("`.{name}()` on {kind}")));
            }
        };
        // `d.push_str(…)` with `d` bound by `Value::String(d)` over a place: that place too.
        if let (Some(alias), Val::Str(_)) = (self.string_alias(&m.receiver, f), &updated) {
            self.write_place(alias, updated.clone(), m, f)?;
        }
        self.write_place(place, updated, m, f)?;
        Ok(out)
    }

    /// The place a `Value::String(name)` binding was read from, for `name` or `*name` (see
    /// [`super::patterns::alias_local`]).
    fn string_alias(&self, e: &Expr, f: &Frame) -> Option<super::jsonval::Place> {
        let e = match e {
            Expr::Paren(p) => &*p.expr,
            Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => &*u.expr,
            e => e,
        };
        match f.locals.get(&super::patterns::alias_local(&syntax::expr_ident(e)?)) {
            Some(Val::Ref(place)) => Some(place.clone()),
            _ => None,
        }
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
        let on = match &j {
            Value::Object(_) => Holder::Object,
            Value::Array(_) => Holder::Array,
            _ => Holder::Other,
        };
        let Some(Run::Json(run)) = find_mutation(name, on, args.len()).map(|row| &row.run) else {
            let kind = match on {
                Holder::Object => "a JSON object",
                Holder::Array => "a JSON array",
                _ => "a JSON value that is not an object or array",
            };
            return Err(self.unsupported(m, f, format!("`.{name}()` on {kind}")));
        };
        let out = run(self, &mut j, &mut values.into_iter(), &MutCall { name, args, at: m }, f)?;
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
        let Some(Run::Seq(run)) = find_mutation(name, Holder::Seq, args.len()).map(|row| &row.run) else {
            return Err(self.unsupported(m, f, format!("`.{name}()` on a sequence")));
        };
        let out = run(self, &mut items, &mut values.into_iter(), &MutCall { name, args, at: m }, f)?;
        Ok((Val::Seq(items), out))
    }

    fn mutate_str(
        &mut self,
        m: &syn::ExprMethodCall,
        name: &str,
        mut text: String,
        values: Vec<Val>,
        args: &[&Expr],
        f: &mut Frame,
    ) -> Result<(String, Val), EvalError> {
        let Some(Run::Str(run)) = find_mutation(name, Holder::Str, args.len()).map(|row| &row.run) else {
            return Err(self.unsupported(m, f, format!("`.{name}()` on a string")));
        };
        let out = run(self, &mut text, &mut values.into_iter(), &MutCall { name, args, at: m }, f)?;
        Ok((text, out))
    }

    /// A closure's verdict on values (`retain(|k, v| …)`).
    pub(super) fn predicate(&mut self, func: &Expr, values: Vec<Val>, f: &Frame) -> Result<bool, EvalError> {
        let Expr::Closure(c) = func else {
            // A path used as a fn value (`retain(Value::is_string)`).
            return match self.apply_fn_n(func, values, Some(&Ty::Bool), f)? {
                Val::Bool(b) => Ok(b),
                other => Err(self.unsupported(func, f, format!("{} where a bool is expected", other.kind_of()))),
            };
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
            _ => match syntax::expr_ident(e).and_then(|n| f.locals.get(&n)) {
                Some(Val::Map(_)) => true,
                Some(Val::Ref(place)) => {
                    matches!(place_ref(f, place), Some(Err(Val::Map(_)) | Ok(Value::Object(_))))
                }
                _ => false,
            },
        }
    }
}
