//! The std fns and constructors the evaluator knows, as data: a row is the type (or module) the
//! path names before the fn, the fn's names, its number of arguments and its handler. Adding a
//! std fn is one row here and one row in the table test (`std_fns_tests.rs`, which fails for a
//! row it has no case of).
//!
//! [`STD_FNS`] are tried before the fns of the workspace (`Some(x)`, `String::from(x)`,
//! `Vec::new()`, `Duration::from_secs(n)`…), [`AFTER_WORKSPACE`] after them and the SDK schema
//! fns (`TypeId::of::<T>()`, `Map::new()`): a fn of the workspace by that name wins.

use syn::Expr;

use super::numbers::nonzero_kind;
use super::{Eval, Evaluator, Frame, IntKind, Ty, Val};

/// A call as a handler sees it: the last two segments of its path (`head` is `""` for a path of
/// one segment), the arguments (not yet evaluated), the type the context wants, the frame, the
/// call (for failures).
pub(super) struct Call<'c> {
    pub head: &'c str,
    pub last: &'c str,
    pub args: &'c [&'c Expr],
    pub want: Option<&'c Ty>,
    pub f: &'c Frame,
    pub at: &'c syn::ExprCall,
}

/// The types a row's fns belong to.
pub(super) enum Heads {
    Of(&'static [&'static str]),
    /// `NonZeroU8` and the rest.
    NonZero,
}

impl Heads {
    fn hold(&self, head: &str) -> bool {
        match self {
            Heads::Of(heads) => heads.contains(&head),
            Heads::NonZero => nonzero_kind(head).is_some(),
        }
    }
}

/// A handler: the call's value.
pub(super) type Handler = fn(&mut Evaluator<'_, '_>, &Call<'_>) -> Eval;

/// One std fn.
pub(super) struct StdFn {
    pub heads: Heads,
    pub names: &'static [&'static str],
    /// How many arguments: `None` for any number (`Vec::with_capacity(n)`, `Vec::new()`).
    pub arity: Option<usize>,
    pub run: Handler,
}

/// The row of `table` for a call of `head::last` with `arity` arguments.
pub(super) fn find(table: &'static [StdFn], head: &str, last: &str, arity: usize) -> Option<&'static StdFn> {
    table.iter().find(|r| r.heads.hold(head) && r.names.contains(&last) && r.arity.map_or(true, |n| n == arity))
}

const COLLECTIONS: &[&str] = &[
    "String",
    "Vec",
    "VecDeque",
    "HashSet",
    "BTreeSet",
    "HashMap",
    "BTreeMap",
    "IndexMap",
    "IndexSet",
    "Map",
    "LinkedList",
    "BinaryHeap",
];

/// Durations in seconds per unit, by constructor.
const DURATIONS: &[(&str, f64)] = &[
    ("from_secs", 1.0),
    ("from_millis", 1e-3),
    ("from_micros", 1e-6),
    ("from_nanos", 1e-9),
    ("from_mins", 60.0),
    ("from_hours", 3600.0),
];

/// Std fns tried before the fns of the workspace.
pub(super) const STD_FNS: &[StdFn] = &[
    StdFn {
        heads: Heads::Of(&["", "Option"]),
        names: &["Some"],
        arity: Some(1),
        run: |ev, c| {
            let inner = match c.want {
                Some(Ty::Option(t)) => Some((**t).clone()),
                _ => None,
            };
            Ok(Val::Opt(Some(Box::new(ev.eval(c.args[0], inner.as_ref(), c.f)?))))
        },
    },
    StdFn {
        heads: Heads::Of(&["", "Result"]),
        names: &["Err"],
        arity: Some(1),
        run: |ev, c| Ok(Val::Err(Box::new(ev.eval(c.args[0], None, c.f)?))),
    },
    StdFn {
        heads: Heads::Of(&["", "Default"]),
        names: &["default"],
        arity: Some(0),
        run: |ev, c| {
            let Some(t) = c.want.cloned() else {
                return Err(ev.unsupported(c.at, c.f, "`Default::default()` of a type the CLI cannot tell"));
            };
            ev.type_default(&t, c.at, c.f)
        },
    },
    StdFn {
        heads: Heads::Of(COLLECTIONS),
        names: &["new", "with_capacity"],
        arity: None,
        run: |_, c| {
            Ok(match c.head {
                "String" => Val::Str(String::new()),
                "HashMap" | "BTreeMap" | "IndexMap" | "Map" => Val::Map(Vec::new()),
                _ => Val::Seq(Vec::new()),
            })
        },
    },
    // Conversions and wrappers: the value is the argument's.
    StdFn {
        heads: Heads::Of(&[
            "String", "From", "Box", "Arc", "Rc", "PathBuf", "Cow", "Some", "Into", "ToString", "ToOwned",
        ]),
        names: &["from", "new", "into", "to_string", "to_owned", "Borrowed", "Owned"],
        arity: Some(1),
        run: |ev, c| ev.eval(c.args[0], c.want, c.f),
    },
    StdFn {
        heads: Heads::Of(&["Vec", "HashSet", "BTreeSet", "VecDeque", "IndexSet"]),
        names: &["from"],
        arity: Some(1),
        run: |ev, c| ev.eval(c.args[0], c.want, c.f),
    },
    StdFn {
        heads: Heads::Of(&["HashMap", "BTreeMap", "IndexMap"]),
        names: &["from", "from_iter"],
        arity: Some(1),
        run: |ev, c| {
            let pair = match c.want {
                Some(Ty::Map(k, v)) => Some(Ty::Seq(Box::new(Ty::Tuple(vec![(**k).clone(), (**v).clone()])))),
                _ => None,
            };
            let entries = ev.eval(c.args[0], pair.as_ref(), c.f)?;
            ev.map_of_entries(entries, c.args[0], c.f)
        },
    },
    StdFn {
        heads: Heads::NonZero,
        names: &["new", "new_unchecked"],
        arity: Some(1),
        run: |ev, c| {
            let kind = nonzero_kind(c.head).expect("a NonZero row");
            let n = match ev.eval(c.args[0], Some(&Ty::Int(kind)), c.f)? {
                Val::Int(n, _) => n,
                other => return Err(ev.unsupported(c.args[0], c.f, format!("{} as a `{}`", other.kind_of(), c.head))),
            };
            Ok(match c.last {
                "new" => Val::Opt((n != 0).then(|| Box::new(Val::Int(n, kind)))),
                _ => Val::Int(n, kind),
            })
        },
    },
    StdFn {
        heads: Heads::Of(&["Duration"]),
        names: &["from_secs", "from_millis", "from_micros", "from_nanos", "from_mins", "from_hours"],
        arity: Some(1),
        run: |ev, c| {
            let unit = DURATIONS.iter().find(|(n, _)| *n == c.last).map(|(_, u)| *u).expect("a duration row");
            let n = match ev.eval(c.args[0], Some(&Ty::Int(IntKind::U64)), c.f)? {
                Val::Int(n, _) => n,
                other => return Err(ev.unsupported(c.args[0], c.f, format!("{} as a duration", other.kind_of()))),
            };
            let (secs, nanos) = if unit >= 1.0 {
                (n * unit as i128, 0)
            } else {
                let per_sec = (1.0 / unit).round() as i128;
                (n / per_sec, (n % per_sec) * (1_000_000_000 / per_sec))
            };
            Ok(Val::Json(serde_json::json!({"secs": secs as u64, "nanos": nanos as u32})))
        },
    },
];

/// Std fns tried after the fns of the workspace and the SDK schema fns.
pub(super) const AFTER_WORKSPACE: &[StdFn] = &[
    // A `TypeId` as the type it names (a memo cache's key).
    StdFn {
        heads: Heads::Of(&["TypeId"]),
        names: &["of"],
        arity: Some(0),
        run: |ev, c| {
            let Expr::Path(p) = &*c.at.func else { unreachable!("a call of a path") };
            match super::jsonval::turbofish(&p.path).and_then(|t| t.first().cloned()) {
                Some(ty) => {
                    let (ty, _) = super::jsonval::bound_type(&ty, c.f);
                    Ok(Val::Str(format!("TypeId<{}>", quote::quote!(#ty))))
                }
                // Not Rust (the type cannot be inferred): refused as any fn the CLI does not know.
                None => Err(ev.unsupported(
                    c.at,
                    c.f,
                    format!(
                        "`{}` is not a fn of the workspace, nor one the CLI knows",
                        super::path_segments(&p.path).join("::")
                    ),
                )),
            }
        },
    },
    // `Value::from(x)`, and schemars' `Schema::from(true)` / `from(map)`: the argument's JSON.
    StdFn {
        heads: Heads::Of(&["Value", "Schema"]),
        names: &["from"],
        arity: Some(1),
        run: |ev, c| {
            let v = ev.eval(c.args[0], None, c.f)?;
            ev.json_of(v, c.args[0], c.f).map(Val::Json)
        },
    },
    StdFn {
        heads: Heads::Of(&["JsonObject", "Map"]),
        names: &["new", "default"],
        arity: Some(0),
        run: |_, _| Ok(super::jsonval::empty_object()),
    },
    // `serde_json::from_value(v)`: `Ok` of the argument's JSON, held as the JSON it is (the target
    // type is what the context makes of it: a `JsonObject`, a `Value`, an SDK struct the JSON is
    // the serialisation of). Refused when the target, spelled by a turbofish, is an object type
    // and the JSON is not an object (serde's `Err`, which the CLI does not carry further).
    StdFn {
        heads: Heads::Of(&["serde_json"]),
        names: &["from_value"],
        arity: Some(1),
        run: |ev, c| {
            let v = ev.eval(c.args[0], None, c.f)?;
            let json = ev.json_of(v, c.args[0], c.f)?;
            let Expr::Path(p) = &*c.at.func else { unreachable!("a call of a path") };
            let target = super::jsonval::turbofish(&p.path).and_then(|t| t.first().cloned());
            let object_target = target.is_some_and(|t| {
                matches!(quote::quote!(#t).to_string().rsplit("::").next().map(str::trim), Some(n) if n == "JsonObject" || n.starts_with("Map <"))
            });
            if object_target && !json.is_object() {
                return Err(ev.unsupported(
                    c.at,
                    c.f,
                    "`serde_json::from_value` of a JSON value that is not an object into an object type fails",
                ));
            }
            Ok(Val::Json(json))
        },
    },
    // `Box::pin(future)` (a trait `async fn` written out): the future's value.
    StdFn {
        heads: Heads::Of(&["Box", "Arc", "Rc"]),
        names: &["pin"],
        arity: Some(1),
        run: |ev, c| ev.eval(c.args[0], c.want, c.f),
    },
];
