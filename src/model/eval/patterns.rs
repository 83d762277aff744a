//! Patterns of `let`, `if let`, `match`, `for` and closure parameters, for the
//! statement-by-statement run of [`super::exec`]: names, `_`, `..`, `name @ p`, `|`, tuples,
//! slices (`[only]`, `[first, ..]`), literals, `None`/`Value::Null`, `Some(p)`, `Ok(p)`/`Err(p)`
//! and the variants of `serde_json::Value`. A part of a reference stays a reference, so that an
//! arm writes through it.

use super::jsonval::{read_place, Seg};
use super::*;
use serde_json::Value;

/// The hidden local holding the place a `Value::String(name)` / `Value::Bool(name)` binding was
/// read from (no Rust name can be it), so that `*name = …` writes that place.
pub(super) fn alias_local(name: &str) -> String {
    format!("\u{0}alias:{name}")
}

impl Evaluator<'_, '_> {
    /// Binds the names of `pat` to the parts of `v`; `false` when `v` does not match. A part of a
    /// reference is a reference (`if let Value::Object(m) = schema` keeps writing to `schema`).
    pub(crate) fn bind_pattern(&mut self, pat: &syn::Pat, v: Val, f: &mut Frame) -> Result<bool, EvalError> {
        // What `v` is, for the patterns that look into it (a name, `_` and `|` need no copy).
        let looks_in = matches!(
            pat,
            syn::Pat::Slice(_) | syn::Pat::Tuple(_) | syn::Pat::Lit(_) | syn::Pat::Path(_) | syn::Pat::TupleStruct(_)
        );
        // A value that is not a reference moves into `seen` (`v` is then read only as "not a
        // reference").
        let (v, seen) = match v {
            v if !looks_in => (v, Val::Unit),
            Val::Ref(place) => {
                let seen = read_place(f, &place).unwrap_or(Val::Unit);
                (Val::Ref(place), seen)
            }
            other => (Val::Unit, other),
        };
        let inner = |v: &Val, seen: Val| match v {
            Val::Ref(_) => v.clone(),
            _ => seen,
        };
        match pat {
            syn::Pat::Ident(pi) if pi.subpat.is_none() => {
                f.locals.bind(pi.ident.to_string(), v);
                Ok(true)
            }
            // `name @ pattern`: bound when the pattern matches.
            syn::Pat::Ident(pi) => {
                let (_, sub) = pi.subpat.as_ref().expect("checked");
                if !self.bind_pattern(sub, v.clone(), f)? {
                    return Ok(false);
                }
                f.locals.bind(pi.ident.to_string(), v);
                Ok(true)
            }
            syn::Pat::Slice(sl) => self.bind_slice(sl, v, seen, f),
            syn::Pat::Wild(_) | syn::Pat::Rest(_) => Ok(true),
            syn::Pat::Paren(p) => self.bind_pattern(&p.pat, v, f),
            syn::Pat::Reference(r) => self.bind_pattern(&r.pat, v, f),
            syn::Pat::Type(t) => self.bind_pattern(&t.pat, v, f),
            syn::Pat::Or(o) => {
                for case in &o.cases {
                    if self.bind_pattern(case, v.clone(), f)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            syn::Pat::Tuple(t) => match seen {
                Val::Tuple(items) if items.len() == t.elems.len() => {
                    for (p, x) in t.elems.iter().zip(items) {
                        if !self.bind_pattern(p, x, f)? {
                            return Ok(false);
                        }
                    }
                    Ok(true)
                }
                _ => Err(self.unsupported(pat, f, "a tuple pattern on another value")),
            },
            syn::Pat::Lit(l) => {
                let want = self.eval(&Expr::Lit(l.clone()), None, f)?;
                let want = self.json_of(want, l, f)?;
                let got = self.json_of(seen, l, f)?;
                Ok(want == got)
            }
            syn::Pat::Path(p) => {
                let segs = path_segments(&p.path);
                match (segs.last().map(String::as_str), &seen) {
                    (Some("None"), Val::Opt(o)) => Ok(o.is_none()),
                    (Some("Null"), Val::Json(j)) => Ok(j.is_null()),
                    (Some("Null"), _) => Ok(false),
                    _ => Err(self.unsupported(pat, f, "a path pattern on another value")),
                }
            }
            syn::Pat::TupleStruct(ts) => {
                let segs = path_segments(&ts.path);
                let name = segs.last().map(String::as_str).unwrap_or("");
                let [sub] = ts.elems.iter().collect::<Vec<_>>()[..] else {
                    return Err(self.unsupported(pat, f, "a pattern with several fields"));
                };
                let part = match (name, seen) {
                    ("Some", Val::Opt(Some(x))) => *x,
                    ("Some", Val::Opt(None)) => return Ok(false),
                    // An `Option` field seen as JSON (a tool's `output_schema`): `null` is `None`.
                    ("Some", Val::Json(Value::Null)) => return Ok(false),
                    ("Some", Val::Json(j)) => inner(&v, Val::Json(j)),
                    // A `Result` the evaluator knows is `Ok` (`to_value`, an SDK schema fn).
                    ("Ok", Val::Err(_)) => return Ok(false),
                    ("Ok", x) => x,
                    ("Err", Val::Err(e)) => *e,
                    ("Err", _) => return Ok(false),
                    (variant, Val::Json(j)) => {
                        let is = match variant {
                            "Object" => j.is_object(),
                            "Array" => j.is_array(),
                            "String" => j.is_string(),
                            "Number" => j.is_number(),
                            "Bool" => j.is_boolean(),
                            _ => return Err(self.unsupported(pat, f, format!("the pattern `{variant}(…)` on JSON"))),
                        };
                        if !is {
                            return Ok(false);
                        }
                        match (j, &v, sub) {
                            // `Value::String(s)` over a place: `s` is the string, and `*s = …`
                            // writes the place (its alias, see [`alias_local`]).
                            (j @ (Value::String(_) | Value::Bool(_)), Val::Ref(place), syn::Pat::Ident(pi))
                                if pi.subpat.is_none() =>
                            {
                                f.locals.bind(alias_local(&pi.ident.to_string()), Val::Ref(place.clone()));
                                match j {
                                    Value::String(s) => Val::Str(s),
                                    Value::Bool(b) => Val::Bool(b),
                                    _ => unreachable!("matched above"),
                                }
                            }
                            (Value::String(s), ..) => Val::Str(s),
                            (Value::Bool(b), ..) => Val::Bool(b),
                            (j, ..) => inner(&v, Val::Json(j)),
                        }
                    }
                    (_, other) => {
                        return Err(self.unsupported(pat, f, format!("the pattern `{name}(…)` on {}", other.kind_of())))
                    }
                };
                self.bind_pattern(sub, part, f)
            }
            other => Err(self.unsupported(other, f, "a pattern the CLI does not match")),
        }
    }

    /// A slice pattern on a sequence or a JSON array: each element by reference when `v` is one.
    fn bind_slice(&mut self, sl: &syn::PatSlice, v: Val, seen: Val, f: &mut Frame) -> Result<bool, EvalError> {
        let items: Vec<Val> = match (&v, seen) {
            (Val::Ref(place), Val::Json(Value::Array(a))) => {
                (0..a.len()).map(|i| Val::Ref(place.child(Seg::Index(i)))).collect()
            }
            (_, Val::Json(Value::Array(a))) => a.into_iter().map(Val::Json).collect(),
            (_, Val::Seq(items)) => items,
            (_, other) => return Err(self.unsupported(sl, f, format!("a slice pattern on {}", other.kind_of()))),
        };
        let rest = sl.elems.iter().position(|p| matches!(p, syn::Pat::Rest(_)));
        let fixed = sl.elems.len() - usize::from(rest.is_some());
        if items.len() < fixed || (rest.is_none() && items.len() != fixed) {
            return Ok(false);
        }
        let (before, after) = match rest {
            Some(r) => (r, sl.elems.len() - r - 1),
            None => (fixed, 0),
        };
        let pats: Vec<&syn::Pat> = sl.elems.iter().collect();
        for (p, x) in pats[..before].iter().zip(&items) {
            if !self.bind_pattern(p, x.clone(), f)? {
                return Ok(false);
            }
        }
        for (p, x) in pats[pats.len() - after..].iter().zip(&items[items.len() - after..]) {
            if !self.bind_pattern(p, x.clone(), f)? {
                return Ok(false);
            }
        }
        Ok(true)
    }
}
