//! The std methods the evaluator knows, as data: a row is the method's names, the receiver it
//! applies to, its number of arguments and its handler. Adding a std method is one row here and
//! one row in the table test (`methods_tests.rs`, which fails for a row it has no case of).
//!
//! [`METHODS`] are the methods of Rust values (`str`/`String`, `Vec` and slices, maps, `Option`,
//! integers); [`JSON_METHODS`] the reading methods of `serde_json::Value` and `Map`. A receiver
//! is evaluated first; the first row whose name, receiver and arity fit runs. The methods that
//! pass their receiver through ([`IDENTITY`]) need no row of their own. The mutating methods of a
//! statement-by-statement run are in `mutate.rs`.

use crate::key_order::keys_as_iterated;
use serde_json::Value;
use syn::Expr;

use super::jsonval::{seg_of, Seg};
pub(super) use super::methods_std::MORE_METHODS;
use super::{element_type, Eval, Evaluator, Failure, Frame, IntKind, Ty, Val};

/// Methods whose value is their receiver's (`"x".to_string()`, `v.iter()`, `s.clone()`).
pub(super) const IDENTITY: &[&str] = &[
    "to_string",
    "to_owned",
    "into",
    "clone",
    "to_vec",
    "into_owned",
    "as_str",
    "as_ref",
    "as_slice",
    "iter",
    "into_iter",
    "cloned",
    "copied",
    "collect",
    "into_boxed_str",
];

/// A method call as a handler sees it: the name it was called by, the arguments (not yet
/// evaluated), the type the context wants, the frame, and the call (for failures).
pub(super) struct Call<'c> {
    pub name: &'c str,
    pub args: &'c [&'c Expr],
    pub want: Option<&'c Ty>,
    pub f: &'c Frame,
    pub at: &'c syn::ExprMethodCall,
}

/// The receiver a row applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum On {
    Str,
    Char,
    Seq,
    Map,
    Opt,
    Int,
    Json,
    /// A `Result`'s `Err`.
    Err,
}

impl On {
    fn holds(self, v: &Val) -> bool {
        matches!(
            (self, v),
            (On::Str, Val::Str(_))
                | (On::Char, Val::Char(_))
                | (On::Seq, Val::Seq(_))
                | (On::Map, Val::Map(_))
                | (On::Opt, Val::Opt(_))
                | (On::Int, Val::Int(..))
                | (On::Json, Val::Json(_))
                | (On::Err, Val::Err(_))
        )
    }
}

/// How many arguments a row takes: `None` for any number (`expect(msg)` and `unwrap()`).
pub(super) type Arity = Option<usize>;

/// A handler: the receiver's value and the call.
pub(super) type Handler = fn(&mut Evaluator<'_, '_>, Val, &Call<'_>) -> Eval;

/// One std method.
pub(super) struct Method {
    pub names: &'static [&'static str],
    pub on: On,
    pub arity: Arity,
    pub run: Handler,
}

/// The row for a method called by `name` on `v` with `arity` arguments.
/// The rows of [`METHODS`] first, then those of [`MORE_METHODS`], whose sequence rows apply to
/// a JSON array or object too (unless `Value` has a reading method by that name).
pub(super) fn find(name: &str, v: &Val, arity: usize) -> Option<&'static Method> {
    let fits = |m: &&Method| m.names.contains(&name) && m.arity.map_or(true, |n| n == arity);
    METHODS.iter().find(|m| fits(m) && m.on.holds(v)).or_else(|| {
        let json_seq = matches!(v, Val::Json(Value::Array(_) | Value::Object(_))) && find_json(name, arity).is_none();
        MORE_METHODS.iter().find(|m| fits(m) && (m.on.holds(v) || (m.on == On::Seq && json_seq)))
    })
}

/// What a method gives on a receiver it does not apply to.
fn not_known(ev: &Evaluator, v: &Val, c: &Call) -> super::EvalError {
    ev.unsupported(c.at, c.f, format!("the method `.{}()` on {}", c.name, v.kind_of()))
}

fn usize(n: usize) -> Val {
    Val::Int(n as i128, IntKind::Usize)
}

/// The std methods of Rust values, in the order they are tried.
pub(super) const METHODS: &[Method] = &[
    Method { names: &["len"], on: On::Str, arity: Some(0), run: |_, v, _| Ok(usize(str_of(v).len())) },
    Method { names: &["len"], on: On::Seq, arity: Some(0), run: |_, v, _| Ok(usize(seq_of(v).len())) },
    Method { names: &["len"], on: On::Map, arity: Some(0), run: |_, v, _| Ok(usize(map_of(v).len())) },
    Method { names: &["is_empty"], on: On::Str, arity: Some(0), run: |_, v, _| Ok(Val::Bool(str_of(v).is_empty())) },
    Method { names: &["is_empty"], on: On::Seq, arity: Some(0), run: |_, v, _| Ok(Val::Bool(seq_of(v).is_empty())) },
    Method { names: &["is_empty"], on: On::Map, arity: Some(0), run: |_, v, _| Ok(Val::Bool(map_of(v).is_empty())) },
    Method {
        names: &["contains"],
        on: On::Seq,
        arity: Some(1),
        run: |ev, v, c| {
            let x = ev.eval(c.args[0], None, c.f)?;
            let mut found = false;
            for item in &seq_of(v) {
                found = match ev.json_eq(item, &x) {
                    Some(same) => same,
                    None => *item == x,
                };
                if found {
                    break;
                }
            }
            Ok(Val::Bool(found))
        },
    },
    Method {
        names: &["get"],
        on: On::Map,
        arity: Some(1),
        run: |ev, v, c| {
            let k = ev.eval(c.args[0], None, c.f)?;
            Ok(Val::Opt(map_of(v).into_iter().find(|(key, _)| *key == k).map(|(_, v)| Box::new(v))))
        },
    },
    // A lock or cell around a map (a cache): its guard is the map.
    Method {
        names: &["read", "write", "lock", "borrow", "borrow_mut"],
        on: On::Map,
        arity: Some(0),
        run: |_, v, _| Ok(v),
    },
    Method { names: &["expect", "unwrap"], on: On::Map, arity: None, run: |_, v, _| Ok(v) },
    Method { names: &["is_none"], on: On::Opt, arity: Some(0), run: |_, v, _| Ok(Val::Bool(opt_of(v).is_none())) },
    Method { names: &["is_some"], on: On::Opt, arity: Some(0), run: |_, v, _| Ok(Val::Bool(opt_of(v).is_some())) },
    Method {
        names: &["unwrap", "expect"],
        on: On::Opt,
        arity: None,
        run: |ev, v, c| match v {
            Val::Opt(Some(x)) => Ok(*x),
            v => Err(not_known(ev, &v, c)),
        },
    },
    Method {
        names: &["unwrap_or"],
        on: On::Opt,
        arity: Some(1),
        run: |ev, v, c| match opt_of(v) {
            Some(x) => Ok(x),
            None => ev.eval(c.args[0], c.want, c.f),
        },
    },
    Method {
        names: &["unwrap_or_default"],
        on: On::Opt,
        arity: Some(0),
        run: |ev, v, c| match (opt_of(v), c.want) {
            (Some(x), _) => Ok(x),
            (None, Some(t)) => ev.type_default(&t.clone(), c.at, c.f),
            (None, None) => Err(ev.unsupported(c.at, c.f, "`unwrap_or_default()` of a type the CLI cannot tell")),
        },
    },
    Method {
        names: &["strip_prefix", "strip_suffix"],
        on: On::Str,
        arity: Some(1),
        run: |ev, v, c| {
            let s = str_of(v);
            match ev.eval(c.args[0], None, c.f)? {
                Val::Str(p) => {
                    let rest = if c.name == "strip_prefix" { s.strip_prefix(&p) } else { s.strip_suffix(&p) };
                    Ok(Val::Opt(rest.map(|r| Box::new(Val::Str(r.to_owned())))))
                }
                other => Err(ev.unsupported(c.args[0], c.f, format!("{} as a pattern", other.kind_of()))),
            }
        },
    },
    Method {
        names: &["starts_with", "ends_with", "contains"],
        on: On::Str,
        arity: Some(1),
        run: |ev, v, c| {
            let s = str_of(v);
            match ev.eval(c.args[0], None, c.f)? {
                Val::Str(p) => Ok(Val::Bool(match c.name {
                    "starts_with" => s.starts_with(&p),
                    "ends_with" => s.ends_with(&p),
                    _ => s.contains(&p),
                })),
                Val::Char(p) => Ok(Val::Bool(match c.name {
                    "starts_with" => s.starts_with(p),
                    "ends_with" => s.ends_with(p),
                    _ => s.contains(p),
                })),
                other => Err(ev.unsupported(c.args[0], c.f, format!("{} as a pattern", other.kind_of()))),
            }
        },
    },
    Method {
        names: &["to_uppercase"],
        on: On::Str,
        arity: Some(0),
        run: |_, v, _| Ok(Val::Str(str_of(v).to_uppercase())),
    },
    Method {
        names: &["to_lowercase"],
        on: On::Str,
        arity: Some(0),
        run: |_, v, _| Ok(Val::Str(str_of(v).to_lowercase())),
    },
    Method { names: &["trim"], on: On::Str, arity: Some(0), run: |_, v, _| Ok(Val::Str(str_of(v).trim().to_owned())) },
    Method {
        names: &["pow"],
        on: On::Int,
        arity: Some(1),
        run: |ev, v, c| {
            let Val::Int(x, k) = v else { unreachable!("an integer row") };
            match ev.eval(c.args[0], Some(&Ty::Int(IntKind::U32)), c.f)? {
                Val::Int(p, _) if (0..=128).contains(&p) => match x.checked_pow(p as u32) {
                    Some(n) => ev.in_range(n, k, c.at, c.f),
                    None => Err(ev.fail(c.at, c.f, Failure::Invalid, "an overflow")),
                },
                _ => Err(ev.unsupported(c.args[0], c.f, "an exponent that is not a small integer")),
            }
        },
    },
    Method {
        names: &["min", "max"],
        on: On::Int,
        arity: Some(1),
        run: |ev, v, c| {
            let Val::Int(x, k) = v else { unreachable!("an integer row") };
            match ev.eval(c.args[0], Some(&Ty::Int(k)), c.f)? {
                Val::Int(y, _) => Ok(Val::Int(if c.name == "min" { x.min(y) } else { x.max(y) }, k)),
                other => Err(ev.unsupported(c.args[0], c.f, format!("{} as an integer", other.kind_of()))),
            }
        },
    },
    Method {
        names: &[
            "checked_add",
            "checked_sub",
            "checked_mul",
            "saturating_add",
            "saturating_sub",
            "saturating_mul",
            "wrapping_add",
            "wrapping_sub",
            "wrapping_mul",
        ],
        on: On::Int,
        arity: Some(1),
        run: |ev, v, c| {
            let Val::Int(x, k) = v else { unreachable!("an integer row") };
            let y = match ev.eval(c.args[0], Some(&Ty::Int(k)), c.f)? {
                Val::Int(y, _) => y,
                other => return Err(ev.unsupported(c.args[0], c.f, format!("{} as an integer", other.kind_of()))),
            };
            let (op, mode) = c.name.split_once('_').map(|(m, op)| (op, m)).unwrap_or_default();
            // Exact in i128 for every kind but the 128-bit ones, where an overflow of i128
            // itself is an overflow of the kind too (u128 past i128::MAX is out of our range).
            let exact = match op {
                "add" => x.checked_add(y),
                "sub" => x.checked_sub(y),
                _ => x.checked_mul(y),
            };
            let (lo, hi) = super::numbers::int_range(k);
            let fits = exact.filter(|n| (lo..=hi).contains(n));
            Ok(match mode {
                "checked" => Val::Opt(fits.map(|n| Box::new(Val::Int(n, k)))),
                "saturating" => {
                    // Past the range on the side the operation moves towards.
                    let below = match op {
                        "add" => y < 0,
                        "sub" => y > 0,
                        _ => (x < 0) != (y < 0),
                    };
                    Val::Int(fits.unwrap_or(if below { lo } else { hi }), k)
                }
                _ => match exact {
                    Some(n) => Val::Int(super::numbers::wrap(n, k), k),
                    None => return Err(ev.unsupported(c.at, c.f, "a wrapping operation past 128 bits")),
                },
            })
        },
    },
    Method {
        names: &["map"],
        on: On::Seq,
        arity: Some(1),
        run: |ev, v, c| {
            let item = element_type(c.want);
            seq_of(v)
                .into_iter()
                .map(|x| ev.apply_fn(c.args[0], x, item.as_ref(), c.f))
                .collect::<Result<_, _>>()
                .map(Val::Seq)
        },
    },
    Method {
        names: &["map"],
        on: On::Opt,
        arity: Some(1),
        run: |ev, v, c| match opt_of(v) {
            None => Ok(Val::Opt(None)),
            Some(x) => Ok(Val::Opt(Some(Box::new(ev.apply_fn(c.args[0], x, None, c.f)?)))),
        },
    },
    // A `Result` the evaluator knows is `Ok` (`to_value`, an SDK schema fn).
    Method { names: &["expect", "unwrap"], on: On::Json, arity: None, run: |_, v, _| Ok(v) },
];

// The receivers of the rows above, taken apart (the row's `on` says which it is).
fn str_of(v: Val) -> String {
    match v {
        Val::Str(s) => s,
        _ => unreachable!("a string row"),
    }
}

fn seq_of(v: Val) -> Vec<Val> {
    match v {
        Val::Seq(s) => s,
        _ => unreachable!("a sequence row"),
    }
}

fn map_of(v: Val) -> Vec<(Val, Val)> {
    match v {
        Val::Map(m) => m,
        _ => unreachable!("a map row"),
    }
}

fn opt_of(v: Val) -> Option<Val> {
    match v {
        Val::Opt(o) => o.map(|b| *b),
        _ => unreachable!("an Option row"),
    }
}

/// A reading method of `Value`: the value read, the call; `None` when the method does not apply
/// to this value (the caller says so).
pub(super) type JsonHandler = fn(&mut Evaluator<'_, '_>, &Value, &JsonCall<'_>) -> Option<Eval>;

/// A JSON method call as a handler sees it.
pub(super) struct JsonCall<'c> {
    pub name: &'c str,
    pub args: &'c [&'c Expr],
    pub f: &'c Frame,
}

/// One reading method of `Value` and `Map`.
pub(super) struct JsonMethod {
    pub names: &'static [&'static str],
    pub arity: usize,
    pub run: JsonHandler,
}

/// The row for a JSON method called by `name` with `arity` arguments.
pub(super) fn find_json(name: &str, arity: usize) -> Option<&'static JsonMethod> {
    JSON_METHODS.iter().find(|m| m.names.contains(&name) && m.arity == arity)
}

/// `Some(x)` of a part of a JSON value, `None` when it is not there.
fn json_opt(x: Option<&Value>) -> Val {
    Val::Opt(x.map(|x| Box::new(Val::Json(x.clone()))))
}

/// The reading methods of `serde_json::Value` and `Map`.
pub(super) const JSON_METHODS: &[JsonMethod] = &[
    JsonMethod {
        names: &["get"],
        arity: 1,
        run: |ev, v, c| {
            let k = match ev.eval(c.args[0], None, c.f) {
                Ok(k) => k,
                Err(e) => return Some(Err(e)),
            };
            match seg_of(&k)? {
                Seg::Key(k) => Some(Ok(json_opt(v.get(&k)))),
                Seg::Index(i) => Some(Ok(json_opt(v.get(i)))),
            }
        },
    },
    JsonMethod {
        names: &["contains_key"],
        arity: 1,
        run: |ev, v, c| match ev.eval(c.args[0], None, c.f) {
            Ok(Val::Str(k)) => Some(Ok(Val::Bool(v.get(&k).is_some()))),
            Ok(_) => None,
            Err(e) => Some(Err(e)),
        },
    },
    JsonMethod {
        names: &["as_object", "as_array", "as_str", "as_bool", "as_i64", "as_u64", "as_f64"],
        arity: 0,
        run: |_, v, c| {
            let some = match c.name {
                "as_object" => v.is_object(),
                "as_array" => v.is_array(),
                "as_str" => v.is_string(),
                "as_bool" => v.is_boolean(),
                "as_i64" => v.is_i64(),
                "as_u64" => v.is_u64(),
                _ => v.is_number(),
            };
            let inner = match (v, c.name) {
                (Value::String(s), _) => Val::Str(s.clone()),
                (Value::Bool(b), _) => Val::Bool(*b),
                (Value::Number(n), "as_u64") => Val::Int(n.as_u64().map_or(0, i128::from), IntKind::U64),
                (Value::Number(n), "as_i64") => Val::Int(n.as_i64().map_or(0, i128::from), IntKind::I64),
                (Value::Number(n), "as_f64") => Val::Float(n.as_f64().unwrap_or_default(), super::FloatKind::F64),
                (other, _) => Val::Json(other.clone()),
            };
            Some(Ok(Val::Opt(some.then(|| Box::new(inner)))))
        },
    },
    JsonMethod { names: &["is_object"], arity: 0, run: |_, v, _| Some(Ok(Val::Bool(v.is_object()))) },
    JsonMethod { names: &["is_array"], arity: 0, run: |_, v, _| Some(Ok(Val::Bool(v.is_array()))) },
    JsonMethod { names: &["is_string"], arity: 0, run: |_, v, _| Some(Ok(Val::Bool(v.is_string()))) },
    JsonMethod { names: &["is_null"], arity: 0, run: |_, v, _| Some(Ok(Val::Bool(v.is_null()))) },
    JsonMethod { names: &["is_boolean"], arity: 0, run: |_, v, _| Some(Ok(Val::Bool(v.is_boolean()))) },
    JsonMethod { names: &["is_number"], arity: 0, run: |_, v, _| Some(Ok(Val::Bool(v.is_number()))) },
    JsonMethod {
        names: &["is_i64", "is_u64", "is_f64"],
        arity: 0,
        run: |_, v, c| {
            Some(Ok(Val::Bool(match c.name {
                "is_i64" => v.is_i64(),
                "is_u64" => v.is_u64(),
                _ => v.is_f64(),
            })))
        },
    },
    // schemars' `Schema` is its JSON value: `as_value()`, `to_value()` give it.
    JsonMethod { names: &["as_value", "to_value"], arity: 0, run: |_, v, _| Some(Ok(Val::Json(v.clone()))) },
    JsonMethod {
        names: &["as_null"],
        arity: 0,
        run: |_, v, _| Some(Ok(Val::Opt(v.is_null().then(|| Box::new(Val::Unit))))),
    },
    JsonMethod {
        names: &["pointer"],
        arity: 1,
        run: |ev, v, c| match ev.eval(c.args[0], None, c.f) {
            Ok(Val::Str(p)) => Some(Ok(json_opt(v.pointer(&p)))),
            Ok(_) => None,
            Err(e) => Some(Err(e)),
        },
    },
    JsonMethod {
        names: &["len"],
        arity: 0,
        run: |_, v, _| match v {
            Value::Object(m) => Some(Ok(usize(m.len()))),
            Value::Array(a) => Some(Ok(usize(a.len()))),
            _ => None,
        },
    },
    JsonMethod {
        names: &["is_empty"],
        arity: 0,
        run: |_, v, _| match v {
            Value::Object(m) => Some(Ok(Val::Bool(m.is_empty()))),
            Value::Array(a) => Some(Ok(Val::Bool(a.is_empty()))),
            _ => None,
        },
    },
    JsonMethod {
        names: &["keys"],
        arity: 0,
        run: |_, v, _| match v {
            Value::Object(m) => {
                Some(Ok(Val::Seq(keys_as_iterated(m).into_iter().map(|k| Val::Str(k.clone())).collect())))
            }
            _ => None,
        },
    },
    JsonMethod {
        names: &["values"],
        arity: 0,
        run: |_, v, _| match v {
            Value::Object(m) => {
                Some(Ok(Val::Seq(keys_as_iterated(m).into_iter().map(|k| Val::Json(m[k].clone())).collect())))
            }
            _ => None,
        },
    },
    JsonMethod {
        names: &["iter"],
        arity: 0,
        run: |_, v, _| match v {
            Value::Object(m) => Some(Ok(Val::Seq(
                keys_as_iterated(m)
                    .into_iter()
                    .map(|k| Val::Tuple(vec![Val::Str(k.clone()), Val::Json(m[k].clone())]))
                    .collect(),
            ))),
            Value::Array(a) => Some(Ok(Val::Seq(a.iter().map(|x| Val::Json(x.clone())).collect()))),
            _ => None,
        },
    },
    JsonMethod {
        names: &["contains"],
        arity: 1,
        run: |ev, v, c| match (ev.eval(c.args[0], None, c.f), v) {
            (Ok(xv), Value::Array(a)) => match ev.json_of(xv, c.args[0], c.f) {
                Ok(xv) => Some(Ok(Val::Bool(a.contains(&xv)))),
                Err(e) => Some(Err(e)),
            },
            (Err(e), _) => Some(Err(e)),
            _ => None,
        },
    },
];
