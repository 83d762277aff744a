//! More std methods as data, in the shape of [`super::methods::METHODS`]: `Option` and `Result`
//! (`and_then`, `is_some_and`, `map_or`, `ok_or`, `filter`, `unwrap_or_else`…, and an `Err`'s
//! methods), iterator adapters over sequences (`filter`, `any`, `all`, `find`, `enumerate`,
//! `flat_map`, `fold`, `join`…) and more `str` methods (`split`, `replace`, `trim_*`, `chars`…).
//! A sequence row applies to a JSON array too (and a JSON object's `(key, value)` pairs), as
//! `Value::as_array().iter()` would go over it. One row here is one case in `methods_tests.rs`.

use serde_json::Value;

use super::methods::{Call, Method, On};
use super::{Eval, Evaluator, Failure, IntKind, Ty, Val};

fn usize(n: usize) -> Val {
    Val::Int(n as i128, IntKind::Usize)
}

fn opt(x: Option<Val>) -> Val {
    Val::Opt(x.map(Box::new))
}

fn opt_of(v: Val) -> Option<Val> {
    match v {
        Val::Opt(o) => o.map(|b| *b),
        _ => unreachable!("an Option row"),
    }
}

fn err_of(v: Val) -> Val {
    match v {
        Val::Err(e) => *e,
        _ => unreachable!("an Err row"),
    }
}

/// The `char::is_*` methods without arguments.
const CHAR_CLASSES: &[&str] = &[
    "is_alphabetic",
    "is_alphanumeric",
    "is_numeric",
    "is_whitespace",
    "is_uppercase",
    "is_lowercase",
    "is_control",
    "is_ascii",
    "is_ascii_alphabetic",
    "is_ascii_alphanumeric",
    "is_ascii_digit",
    "is_ascii_hexdigit",
    "is_ascii_lowercase",
    "is_ascii_uppercase",
    "is_ascii_punctuation",
    "is_ascii_whitespace",
    "is_ascii_graphic",
    "is_ascii_control",
];

fn char_class(name: &str, c: char) -> bool {
    match name {
        "is_alphabetic" => c.is_alphabetic(),
        "is_alphanumeric" => c.is_alphanumeric(),
        "is_numeric" => c.is_numeric(),
        "is_whitespace" => c.is_whitespace(),
        "is_uppercase" => c.is_uppercase(),
        "is_lowercase" => c.is_lowercase(),
        "is_control" => c.is_control(),
        "is_ascii" => c.is_ascii(),
        "is_ascii_alphabetic" => c.is_ascii_alphabetic(),
        "is_ascii_alphanumeric" => c.is_ascii_alphanumeric(),
        "is_ascii_digit" => c.is_ascii_digit(),
        "is_ascii_hexdigit" => c.is_ascii_hexdigit(),
        "is_ascii_lowercase" => c.is_ascii_lowercase(),
        "is_ascii_uppercase" => c.is_ascii_uppercase(),
        "is_ascii_punctuation" => c.is_ascii_punctuation(),
        "is_ascii_whitespace" => c.is_ascii_whitespace(),
        "is_ascii_graphic" => c.is_ascii_graphic(),
        "is_ascii_control" => c.is_ascii_control(),
        _ => unreachable!("a row of CHAR_CLASSES"),
    }
}

fn char_of(v: &Val) -> char {
    match v {
        Val::Char(c) => *c,
        _ => unreachable!("a char row"),
    }
}

fn str_of(v: Val) -> String {
    match v {
        Val::Str(s) => s,
        _ => unreachable!("a string row"),
    }
}

/// The items a sequence row goes over: a sequence's, a JSON array's, a JSON object's pairs.
pub(super) fn items_of(v: Val) -> Vec<Val> {
    match v {
        Val::Seq(s) => s,
        Val::Json(Value::Array(a)) => a.into_iter().map(Val::Json).collect(),
        Val::Json(Value::Object(o)) => {
            let keys = crate::key_order::keys_as_iterated(&o);
            keys.into_iter().map(|k| Val::Tuple(vec![Val::Str(k.clone()), Val::Json(o[k].clone())])).collect()
        }
        _ => unreachable!("a sequence row"),
    }
}

/// A closure's verdict on one value.
fn verdict(ev: &mut Evaluator<'_, '_>, func: &syn::Expr, x: Val, c: &Call<'_>) -> Result<bool, super::EvalError> {
    match ev.apply_fn(func, x, Some(&Ty::Bool), c.f)? {
        Val::Bool(b) => Ok(b),
        other => Err(ev.unsupported(func, c.f, format!("{} where a bool is expected", other.kind_of()))),
    }
}

/// A closure that takes no argument, called (`unwrap_or_else(|| …)`, `ok_or_else(|| …)`).
fn call0(ev: &mut Evaluator<'_, '_>, func: &syn::Expr, want: Option<&Ty>, c: &Call<'_>) -> Eval {
    call_init(ev, func, want, c.f)
}

/// A fn value that takes no argument, called (a closure `|| …`, a path to a fn).
pub(super) fn call_init(ev: &mut Evaluator<'_, '_>, func: &syn::Expr, want: Option<&Ty>, f: &super::Frame) -> Eval {
    match func {
        syn::Expr::Closure(cl) if cl.inputs.is_empty() => ev.eval(&cl.body, want, f),
        syn::Expr::Path(p) => {
            let segs = super::path_segments(&p.path);
            if let Some(out) = ev.call_values(&segs, Vec::new(), want, func, f) {
                return out;
            }
            match (segs.last().map(String::as_str), want) {
                (Some("new" | "default"), Some(t)) => ev.type_default(&t.clone(), func, f),
                _ => Err(ev.unsupported(func, f, format!("`{}` applied as a fn", segs.join("::")))),
            }
        }
        other => Err(ev.unsupported(other, f, "a computed fn applied as a fn")),
    }
}

/// The integer argument of a row (`skip(n)`, `take(n)`, `repeat(n)`).
fn count_arg(ev: &mut Evaluator<'_, '_>, c: &Call<'_>) -> Result<usize, super::EvalError> {
    match ev.eval(c.args[0], Some(&Ty::Int(IntKind::Usize)), c.f)? {
        Val::Int(n, _) if n >= 0 => Ok(n.min(super::MAX_REPEAT as i128 * 64) as usize),
        other => Err(ev.unsupported(c.args[0], c.f, format!("{} as a count", other.kind_of()))),
    }
}

/// A string argument (a pattern or a separator); a char is a one-char string.
fn str_arg(ev: &mut Evaluator<'_, '_>, i: usize, c: &Call<'_>) -> Result<String, super::EvalError> {
    match ev.eval(c.args[i], None, c.f)? {
        Val::Str(s) => Ok(s),
        Val::Char(ch) => Ok(ch.to_string()),
        other => Err(ev.unsupported(c.args[i], c.f, format!("{} as a pattern", other.kind_of()))),
    }
}

/// `s.parse::<k>()`: the integer, or the text of std's `ParseIntError` (as `Display` gives it).
fn parse_int(s: &str, k: IntKind) -> Result<i128, String> {
    fn of<T: std::str::FromStr<Err = std::num::ParseIntError> + Into<i128>>(s: &str) -> Result<i128, String> {
        s.parse::<T>().map(Into::into).map_err(|e| e.to_string())
    }
    match k {
        IntKind::I8 => of::<i8>(s),
        IntKind::I16 => of::<i16>(s),
        IntKind::I32 => of::<i32>(s),
        IntKind::I64 | IntKind::Isize => of::<i64>(s),
        IntKind::I128 => of::<i128>(s),
        IntKind::U8 => of::<u8>(s),
        IntKind::U16 => of::<u16>(s),
        IntKind::U32 => of::<u32>(s),
        IntKind::U64 | IntKind::Usize => of::<u64>(s),
        // Past `i128::MAX` the evaluator holds no integer: refused as out of range.
        IntKind::U128 => s
            .parse::<u128>()
            .map_err(|e| e.to_string())
            .and_then(|n| i128::try_from(n).map_err(|_| "number too large to fit in target type".to_owned())),
    }
}

fn strs(parts: impl Iterator<Item = impl Into<String>>) -> Val {
    Val::Seq(parts.map(|p| Val::Str(p.into())).collect())
}

/// The Option and Result methods, the iterator adapters, the more `str` methods.
pub(super) const MORE_METHODS: &[Method] = &[
    // char: the classes (`s.retain(|c| c.is_alphanumeric())`, `chars().all(…)`).
    Method {
        names: CHAR_CLASSES,
        on: On::Char,
        arity: Some(0),
        run: |_, v, c| Ok(Val::Bool(char_class(c.name, char_of(&v)))),
    },
    Method {
        names: &["to_ascii_lowercase", "to_ascii_uppercase"],
        on: On::Char,
        arity: Some(0),
        run: |_, v, c| {
            let ch = char_of(&v);
            Ok(Val::Char(if c.name == "to_ascii_lowercase" {
                ch.to_ascii_lowercase()
            } else {
                ch.to_ascii_uppercase()
            }))
        },
    },
    Method {
        names: &["len_utf8"],
        on: On::Char,
        arity: Some(0),
        run: |_, v, _| Ok(Val::Int(char_of(&v).len_utf8() as i128, IntKind::Usize)),
    },
    // Option.
    Method {
        names: &["is_some_and"],
        on: On::Opt,
        arity: Some(1),
        run: |ev, v, c| match opt_of(v) {
            Some(x) => Ok(Val::Bool(verdict(ev, c.args[0], x, c)?)),
            None => Ok(Val::Bool(false)),
        },
    },
    Method {
        names: &["is_none_or"],
        on: On::Opt,
        arity: Some(1),
        run: |ev, v, c| match opt_of(v) {
            Some(x) => Ok(Val::Bool(verdict(ev, c.args[0], x, c)?)),
            None => Ok(Val::Bool(true)),
        },
    },
    Method {
        names: &["and_then"],
        on: On::Opt,
        arity: Some(1),
        run: |ev, v, c| match opt_of(v) {
            Some(x) => ev.apply_fn(c.args[0], x, c.want, c.f),
            None => Ok(Val::Opt(None)),
        },
    },
    Method {
        names: &["filter"],
        on: On::Opt,
        arity: Some(1),
        run: |ev, v, c| match opt_of(v) {
            Some(x) if verdict(ev, c.args[0], x.clone(), c)? => Ok(opt(Some(x))),
            _ => Ok(Val::Opt(None)),
        },
    },
    Method {
        names: &["map_or"],
        on: On::Opt,
        arity: Some(2),
        run: |ev, v, c| match opt_of(v) {
            Some(x) => ev.apply_fn(c.args[1], x, c.want, c.f),
            None => ev.eval(c.args[0], c.want, c.f),
        },
    },
    Method {
        names: &["map_or_else"],
        on: On::Opt,
        arity: Some(2),
        run: |ev, v, c| match opt_of(v) {
            Some(x) => ev.apply_fn(c.args[1], x, c.want, c.f),
            None => call0(ev, c.args[0], c.want, c),
        },
    },
    Method {
        names: &["unwrap_or_else"],
        on: On::Opt,
        arity: Some(1),
        run: |ev, v, c| match opt_of(v) {
            Some(x) => Ok(x),
            None => call0(ev, c.args[0], c.want, c),
        },
    },
    Method {
        names: &["ok_or"],
        on: On::Opt,
        arity: Some(1),
        run: |ev, v, c| match opt_of(v) {
            Some(x) => Ok(x),
            None => Ok(Val::Err(Box::new(ev.eval(c.args[0], None, c.f)?))),
        },
    },
    Method {
        names: &["ok_or_else"],
        on: On::Opt,
        arity: Some(1),
        run: |ev, v, c| match opt_of(v) {
            Some(x) => Ok(x),
            None => Ok(Val::Err(Box::new(call0(ev, c.args[0], None, c)?))),
        },
    },
    Method {
        names: &["or"],
        on: On::Opt,
        arity: Some(1),
        run: |ev, v, c| match opt_of(v) {
            Some(x) => Ok(opt(Some(x))),
            None => ev.eval(c.args[0], c.want, c.f),
        },
    },
    Method {
        names: &["or_else"],
        on: On::Opt,
        arity: Some(1),
        run: |ev, v, c| match opt_of(v) {
            Some(x) => Ok(opt(Some(x))),
            None => call0(ev, c.args[0], c.want, c),
        },
    },
    Method {
        names: &["and"],
        on: On::Opt,
        arity: Some(1),
        run: |ev, v, c| match opt_of(v) {
            Some(_) => ev.eval(c.args[0], c.want, c.f),
            None => Ok(Val::Opt(None)),
        },
    },
    Method {
        names: &["flatten"],
        on: On::Opt,
        arity: Some(0),
        run: |_, v, _| match opt_of(v) {
            Some(Val::Opt(inner)) => Ok(Val::Opt(inner)),
            Some(other) => Ok(opt(Some(other))),
            None => Ok(Val::Opt(None)),
        },
    },
    // Outside a statement-by-statement run nothing reads the Option again: its value.
    Method { names: &["take"], on: On::Opt, arity: Some(0), run: |_, v, _| Ok(v) },
    Method {
        names: &["as_deref", "as_deref_mut", "as_mut", "get_or_insert_with"],
        on: On::Opt,
        arity: None,
        run: |_, v, _| Ok(v),
    },
    Method {
        names: &["is_err_and"],
        on: On::Err,
        arity: Some(1),
        run: |ev, v, c| Ok(Val::Bool(verdict(ev, c.args[0], err_of(v), c)?)),
    },
    Method { names: &["is_ok_and"], on: On::Err, arity: Some(1), run: |_, _, _| Ok(Val::Bool(false)) },
    Method { names: &["map_or"], on: On::Err, arity: Some(2), run: |ev, _, c| ev.eval(c.args[0], c.want, c.f) },
    // Result: an `Err`'s methods (an `Ok(x)` is `x`; its rows are the JSON ones below).
    Method { names: &["is_err"], on: On::Err, arity: Some(0), run: |_, _, _| Ok(Val::Bool(true)) },
    Method { names: &["is_ok"], on: On::Err, arity: Some(0), run: |_, _, _| Ok(Val::Bool(false)) },
    Method { names: &["ok"], on: On::Err, arity: Some(0), run: |_, _, _| Ok(Val::Opt(None)) },
    Method { names: &["err"], on: On::Err, arity: Some(0), run: |_, v, _| Ok(opt(Some(err_of(v)))) },
    Method { names: &["unwrap_or"], on: On::Err, arity: Some(1), run: |ev, _, c| ev.eval(c.args[0], c.want, c.f) },
    Method {
        names: &["unwrap_or_else"],
        on: On::Err,
        arity: Some(1),
        run: |ev, v, c| ev.apply_fn(c.args[0], err_of(v), c.want, c.f),
    },
    Method {
        names: &["unwrap_or_default"],
        on: On::Err,
        arity: Some(0),
        run: |ev, _, c| match c.want {
            Some(t) => ev.type_default(&t.clone(), c.at, c.f),
            None => Err(ev.unsupported(c.at, c.f, "`unwrap_or_default()` of a type the CLI cannot tell")),
        },
    },
    Method { names: &["map", "and_then"], on: On::Err, arity: Some(1), run: |_, v, _| Ok(v) },
    Method {
        names: &["map_err"],
        on: On::Err,
        arity: Some(1),
        run: |ev, v, c| Ok(Val::Err(Box::new(ev.apply_fn(c.args[0], err_of(v), None, c.f)?))),
    },
    Method {
        names: &["or_else"],
        on: On::Err,
        arity: Some(1),
        run: |ev, v, c| ev.apply_fn(c.args[0], err_of(v), c.want, c.f),
    },
    Method {
        names: &["unwrap", "expect"],
        on: On::Err,
        arity: None,
        run: |ev, _, c| Err(ev.fail(c.at, c.f, Failure::Invalid, format!("`.{}()` on an `Err` panics", c.name))),
    },
    // An `Ok` the evaluator holds as its value (`serde_json::to_value(x)`).
    Method { names: &["is_ok"], on: On::Json, arity: Some(0), run: |_, _, _| Ok(Val::Bool(true)) },
    Method { names: &["is_err"], on: On::Json, arity: Some(0), run: |_, _, _| Ok(Val::Bool(false)) },
    Method { names: &["ok"], on: On::Json, arity: Some(0), run: |_, v, _| Ok(opt(Some(v))) },
    Method {
        names: &["map_err", "unwrap_or", "unwrap_or_else", "or_else"],
        on: On::Json,
        arity: Some(1),
        run: |_, v, _| Ok(v),
    },
    Method { names: &["unwrap_or_default"], on: On::Json, arity: Some(0), run: |_, v, _| Ok(v) },
    // Iterator adapters and slice methods (`map` of a `Vec` is the first table's).
    Method {
        names: &["map"],
        on: On::Seq,
        arity: Some(1),
        run: |ev, v, c| {
            let mut out = Vec::new();
            for x in items_of(v) {
                ev.step(c.at, c.f)?;
                out.push(ev.apply_fn(c.args[0], x, None, c.f)?);
            }
            Ok(Val::Seq(out))
        },
    },
    Method {
        names: &["filter"],
        on: On::Seq,
        arity: Some(1),
        run: |ev, v, c| {
            let mut kept = Vec::new();
            for x in items_of(v) {
                ev.step(c.at, c.f)?;
                if verdict(ev, c.args[0], x.clone(), c)? {
                    kept.push(x);
                }
            }
            Ok(Val::Seq(kept))
        },
    },
    Method {
        names: &["filter_map", "flat_map"],
        on: On::Seq,
        arity: Some(1),
        run: |ev, v, c| {
            let mut out = Vec::new();
            for x in items_of(v) {
                ev.step(c.at, c.f)?;
                match ev.apply_fn(c.args[0], x, None, c.f)? {
                    Val::Opt(o) => out.extend(o.map(|b| *b)),
                    Val::Err(_) if c.name == "flat_map" => {}
                    Val::Seq(s) if c.name == "flat_map" => out.extend(s),
                    j @ Val::Json(Value::Array(_)) if c.name == "flat_map" => out.extend(items_of(j)),
                    other if c.name == "flat_map" => out.push(other),
                    other => {
                        return Err(ev.unsupported(
                            c.args[0],
                            c.f,
                            format!("{} where an Option is expected", other.kind_of()),
                        ))
                    }
                }
            }
            Ok(Val::Seq(out))
        },
    },
    Method {
        names: &["find"],
        on: On::Seq,
        arity: Some(1),
        run: |ev, v, c| {
            for x in items_of(v) {
                ev.step(c.at, c.f)?;
                if verdict(ev, c.args[0], x.clone(), c)? {
                    return Ok(opt(Some(x)));
                }
            }
            Ok(Val::Opt(None))
        },
    },
    Method {
        names: &["position"],
        on: On::Seq,
        arity: Some(1),
        run: |ev, v, c| {
            for (i, x) in items_of(v).into_iter().enumerate() {
                ev.step(c.at, c.f)?;
                if verdict(ev, c.args[0], x, c)? {
                    return Ok(opt(Some(usize(i))));
                }
            }
            Ok(Val::Opt(None))
        },
    },
    Method {
        names: &["any", "all"],
        on: On::Seq,
        arity: Some(1),
        run: |ev, v, c| {
            let all = c.name == "all";
            for x in items_of(v) {
                ev.step(c.at, c.f)?;
                if verdict(ev, c.args[0], x, c)? != all {
                    return Ok(Val::Bool(!all));
                }
            }
            Ok(Val::Bool(all))
        },
    },
    Method {
        names: &["fold"],
        on: On::Seq,
        arity: Some(2),
        run: |ev, v, c| {
            let mut acc = ev.eval(c.args[0], c.want, c.f)?;
            for x in items_of(v) {
                ev.step(c.at, c.f)?;
                acc = ev.apply_fn_n(c.args[1], vec![acc, x], c.want, c.f)?;
            }
            Ok(acc)
        },
    },
    Method { names: &["count"], on: On::Seq, arity: Some(0), run: |_, v, _| Ok(usize(items_of(v).len())) },
    Method {
        names: &["enumerate"],
        on: On::Seq,
        arity: Some(0),
        run: |_, v, _| {
            Ok(Val::Seq(items_of(v).into_iter().enumerate().map(|(i, x)| Val::Tuple(vec![usize(i), x])).collect()))
        },
    },
    Method {
        names: &["rev"],
        on: On::Seq,
        arity: Some(0),
        run: |_, v, _| Ok(Val::Seq(items_of(v).into_iter().rev().collect())),
    },
    Method {
        names: &["skip", "take"],
        on: On::Seq,
        arity: Some(1),
        run: |ev, v, c| {
            let n = count_arg(ev, c)?;
            let items = items_of(v).into_iter();
            Ok(Val::Seq(if c.name == "skip" { items.skip(n).collect() } else { items.take(n).collect() }))
        },
    },
    Method {
        names: &["chain", "zip"],
        on: On::Seq,
        arity: Some(1),
        run: |ev, v, c| {
            let other = match ev.eval(c.args[0], None, c.f)? {
                o @ (Val::Seq(_) | Val::Json(Value::Array(_) | Value::Object(_))) => items_of(o),
                Val::Opt(o) => o.into_iter().map(|b| *b).collect(),
                other => return Err(ev.unsupported(c.args[0], c.f, format!("{} as an iterator", other.kind_of()))),
            };
            let items = items_of(v);
            Ok(Val::Seq(if c.name == "chain" {
                items.into_iter().chain(other).collect()
            } else {
                items.into_iter().zip(other).map(|(a, b)| Val::Tuple(vec![a, b])).collect()
            }))
        },
    },
    Method {
        names: &["flatten"],
        on: On::Seq,
        arity: Some(0),
        run: |ev, v, c| {
            let mut out = Vec::new();
            for x in items_of(v) {
                match x {
                    Val::Opt(o) => out.extend(o.map(|b| *b)),
                    Val::Seq(s) => out.extend(s),
                    j @ Val::Json(Value::Array(_)) => out.extend(items_of(j)),
                    other => return Err(ev.unsupported(c.at, c.f, format!("flattening {}", other.kind_of()))),
                }
            }
            Ok(Val::Seq(out))
        },
    },
    Method {
        names: &["first", "last", "next", "next_back"],
        on: On::Seq,
        arity: Some(0),
        run: |_, v, c| {
            let mut items = items_of(v);
            Ok(opt(if matches!(c.name, "first" | "next") { items.into_iter().next() } else { items.pop() }))
        },
    },
    Method {
        names: &["get", "nth"],
        on: On::Seq,
        arity: Some(1),
        run: |ev, v, c| {
            let i = count_arg(ev, c)?;
            Ok(opt(items_of(v).into_iter().nth(i)))
        },
    },
    Method {
        names: &["join", "concat"],
        on: On::Seq,
        arity: None,
        run: |ev, v, c| {
            let sep = if c.args.is_empty() { String::new() } else { str_arg(ev, 0, c)? };
            let mut parts = Vec::new();
            for x in items_of(v) {
                match x.display() {
                    Some(s) if matches!(x, Val::Str(_) | Val::Char(_) | Val::Json(Value::String(_))) => parts.push(s),
                    _ => return Err(ev.unsupported(c.at, c.f, format!("joining {}", x.kind_of()))),
                }
            }
            Ok(Val::Str(parts.join(&sep)))
        },
    },
    // More `str` methods.
    Method {
        // `str::parse::<T>()` of an integer or `bool`, typed by the turbofish or the `Result`
        // wanted: `Ok(n)`, or `Err` with the text of std's error.
        names: &["parse"],
        on: On::Str,
        arity: Some(0),
        run: |ev, v, c| {
            let named = c.at.turbofish.as_ref().and_then(|t| t.args.first()).and_then(|a| match a {
                syn::GenericArgument::Type(syn::Type::Path(p)) => p.path.get_ident().map(ToString::to_string),
                _ => None,
            });
            let s = str_of(v);
            let parsed = match (named.as_deref(), c.want) {
                (Some("bool"), _) => s.parse::<bool>().map(Val::Bool).map_err(|e| e.to_string()),
                (Some(n), _) => match super::numbers::int_kind(n) {
                    Some(k) => parse_int(&s, k).map(|n| Val::Int(n, k)),
                    None => return Err(ev.unsupported(c.at, c.f, format!("`.parse::<{n}>()`"))),
                },
                (None, Some(Ty::Int(k))) => parse_int(&s, *k).map(|n| Val::Int(n, *k)),
                (None, Some(Ty::Bool)) => s.parse::<bool>().map(Val::Bool).map_err(|e| e.to_string()),
                _ => return Err(ev.unsupported(c.at, c.f, "`.parse()` into a type the CLI cannot tell")),
            };
            Ok(parsed.unwrap_or_else(|e| Val::Err(Box::new(Val::Str(e)))))
        },
    },
    Method {
        names: &["split"],
        on: On::Str,
        arity: Some(1),
        run: |ev, v, c| {
            let p = str_arg(ev, 0, c)?;
            Ok(strs(str_of(v).split(p.as_str()).map(str::to_owned)))
        },
    },
    Method {
        names: &["split_once", "rsplit_once"],
        on: On::Str,
        arity: Some(1),
        run: |ev, v, c| {
            let p = str_arg(ev, 0, c)?;
            let s = str_of(v);
            let parts = if c.name == "split_once" { s.split_once(p.as_str()) } else { s.rsplit_once(p.as_str()) };
            Ok(opt(parts.map(|(a, b)| Val::Tuple(vec![Val::Str(a.into()), Val::Str(b.into())]))))
        },
    },
    Method {
        names: &["split_whitespace"],
        on: On::Str,
        arity: Some(0),
        run: |_, v, _| Ok(strs(str_of(v).split_whitespace().map(str::to_owned))),
    },
    Method {
        names: &["lines"],
        on: On::Str,
        arity: Some(0),
        run: |_, v, _| Ok(strs(str_of(v).lines().map(str::to_owned))),
    },
    Method {
        names: &["chars"],
        on: On::Str,
        arity: Some(0),
        run: |_, v, _| Ok(Val::Seq(str_of(v).chars().map(Val::Char).collect())),
    },
    Method {
        names: &["trim_start", "trim_end"],
        on: On::Str,
        arity: Some(0),
        run: |_, v, c| {
            let s = str_of(v);
            Ok(Val::Str(if c.name == "trim_start" { s.trim_start() } else { s.trim_end() }.to_owned()))
        },
    },
    Method {
        names: &["trim_matches", "trim_start_matches", "trim_end_matches"],
        on: On::Str,
        arity: Some(1),
        run: |ev, v, c| {
            let p = str_arg(ev, 0, c)?;
            let s = str_of(v);
            let out = match c.name {
                "trim_start_matches" => s.trim_start_matches(p.as_str()),
                "trim_end_matches" => s.trim_end_matches(p.as_str()),
                _ => s.trim_start_matches(p.as_str()).trim_end_matches(p.as_str()),
            };
            Ok(Val::Str(out.to_owned()))
        },
    },
    Method {
        names: &["replace"],
        on: On::Str,
        arity: Some(2),
        run: |ev, v, c| {
            let (from, to) = (str_arg(ev, 0, c)?, str_arg(ev, 1, c)?);
            Ok(Val::Str(str_of(v).replace(&from, &to)))
        },
    },
    Method {
        names: &["repeat"],
        on: On::Str,
        arity: Some(1),
        run: |ev, v, c| {
            let n = count_arg(ev, c)?;
            let s = str_of(v);
            if s.len().saturating_mul(n) > 1 << 20 {
                return Err(ev.unsupported(c.at, c.f, "a string longer than 1 MiB"));
            }
            Ok(Val::Str(s.repeat(n)))
        },
    },
    Method {
        names: &["to_ascii_lowercase", "to_ascii_uppercase"],
        on: On::Str,
        arity: Some(0),
        run: |_, v, c| {
            let s = str_of(v);
            Ok(Val::Str(if c.name == "to_ascii_lowercase" { s.to_ascii_lowercase() } else { s.to_ascii_uppercase() }))
        },
    },
    Method {
        names: &["eq_ignore_ascii_case"],
        on: On::Str,
        arity: Some(1),
        run: |ev, v, c| {
            let other = str_arg(ev, 0, c)?;
            Ok(Val::Bool(str_of(v).eq_ignore_ascii_case(&other)))
        },
    },
];

/// The methods of a `Result` on a value the evaluator holds as its `Ok` (`std::env::var(…)` set,
/// `s.parse()`): tried when the value's own type has no method by that name.
pub(super) const OK_METHODS: &[&str] = &[
    "is_ok",
    "is_err",
    "ok",
    "err",
    "map",
    "and_then",
    "map_err",
    "unwrap_or",
    "unwrap_or_else",
    "unwrap_or_default",
    "is_ok_and",
    "is_err_and",
    "map_or",
    "map_or_else",
    "or_else",
];

/// A [`OK_METHODS`] method on an `Ok(v)` held as `v`; `None` for another method.
pub(super) fn ok_method(ev: &mut Evaluator<'_, '_>, v: Val, c: &Call<'_>) -> Option<Eval> {
    if !OK_METHODS.contains(&c.name) {
        return None;
    }
    Some(match (c.name, c.args) {
        ("is_ok", []) => Ok(Val::Bool(true)),
        ("is_err", []) => Ok(Val::Bool(false)),
        ("ok", []) => Ok(opt(Some(v))),
        ("err", []) => Ok(Val::Opt(None)),
        ("map" | "and_then", [func]) => ev.apply_fn(func, v, c.want, c.f),
        ("is_ok_and", [func]) => verdict(ev, func, v, c).map(Val::Bool),
        ("is_err_and", [_]) => Ok(Val::Bool(false)),
        ("map_or" | "map_or_else", [_, func]) => ev.apply_fn(func, v, c.want, c.f),
        ("map_err" | "unwrap_or" | "unwrap_or_else" | "or_else", [_]) | ("unwrap_or_default", []) => Ok(v),
        _ => return None,
    })
}
