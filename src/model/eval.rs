//! The one evaluator of Rust expressions whose value is known without running the program:
//! serde defaults, `Default` impls, attribute values (`description = CONST`, `concat!`),
//! `skip_serializing_if` predicates, enum discriminants.
//!
//! Values are typed ([`Val`]): integers carry their Rust type (so `u8` arithmetic overflows where
//! rustc would refuse it, `as` casts truncate, `usize` is the 64-bit host's), floats are `f32` or
//! `f64` (an `f32` is widened to `f64` as serde_json does), and structs and enum values keep
//! their definition so that serde's serialisation can be emulated afterwards.
//!
//! The grammar: literals; unary and binary operators (checked integer arithmetic, float
//! arithmetic, comparisons, `&&`/`||`); `as` casts; `i64::MAX`-style constants; paths to `const`
//! and `static` items (any module or crate of the workspace, associated consts of our types);
//! blocks with `let` bindings and `if`/`else`; arrays, `[x; n]`, tuples, `vec![]`, `concat!`,
//! `stringify!`, `include_str!`, `json!`; `Some`, `None`, `String::from`, `.to_string()`,
//! `.into()`, `Vec::new()`, `Box::new`, `Duration::from_secs`…; struct literals with
//! `..Default::default()`; enum variants; `Default::default()` of any type of ours; calls of fns
//! of the workspace (free or associated) whose body is itself in this grammar, arguments bound.
//!
//! An expression outside the grammar fails with [`Failure::Unsupported`] (our limit: the user
//! must simplify it or give the schema in the config), one that needs the running program (the
//! clock, the environment, randomness, files, the network: see [`RUNTIME_APIS`]) with
//! [`Failure::Runtime`], one that rustc would refuse (an overflow) with [`Failure::Invalid`].
//! Every failure carries the span of the sub-expression at fault.

mod default_impl;

pub use default_impl::derives;

use std::collections::HashMap;

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Expr, Lit};

use super::{Body, DefId, FloatKind, IntKind, Leaf, Lowerer, Opt, Scope, Ty};
use crate::diagnostics::Location;
use crate::source::{ItemKind, ItemRef, ModuleId, Namespace, Resolved};

/// Diagnostic code: a serde default (a field's or container's `default`, a `Default` impl)
/// outside what the evaluator knows.
pub const DEFAULT_NOT_EVALUABLE: &str = "default-not-evaluable";

/// Diagnostic code: an attribute value (`description = expr`, `#[schemars(example = expr)]`)
/// outside what the evaluator knows.
pub const VALUE_NOT_EVALUABLE: &str = "value-not-evaluable";

/// What to tell the user when a default cannot be evaluated.
pub const HELP: &str = "the CLI evaluates literals, arithmetic, casts, consts and statics, strings, `Some`/`vec!`/\
     `Vec::new()`, struct literals with `..Default::default()`, enum variants and fns of the workspace made of these; \
     simplify the expression to these, or give the tool's schema in the config `schemas` table";

/// What to tell the user when an attribute value cannot be evaluated.
pub const HELP_VALUE: &str = "the CLI evaluates literals, `concat!`, `env!(\"CARGO_PKG_…\")`, `include_str!`, consts \
     and statics, and fns of the workspace made of these; write the value in these terms";

/// Nested evaluations (calls, consts, sub-expressions) deeper than this are refused.
const MAX_DEPTH: usize = 96;
/// Longest sequence a `[x; n]` or `vec![x; n]` may build.
const MAX_REPEAT: u64 = 4096;

/// A value computed from source.
#[derive(Debug, Clone, PartialEq)]
pub enum Val {
    Int(i128, IntKind),
    Float(f64, FloatKind),
    Bool(bool),
    Char(char),
    Str(String),
    Unit,
    Opt(Option<Box<Val>>),
    /// `Vec`, arrays, slices, sets.
    Seq(Vec<Val>),
    Tuple(Vec<Val>),
    Map(Vec<(Val, Val)>),
    /// A struct of ours; a field is `None` when serde never serialises it (not evaluated).
    Struct {
        def: DefId,
        args: Vec<Ty>,
        fields: Vec<Option<Val>>,
    },
    /// An enum value of ours, with its fields in declaration order.
    Variant {
        def: DefId,
        args: Vec<Ty>,
        variant: usize,
        fields: Vec<Option<Val>>,
    },
    /// A value whose serialisation is known directly (`json!`, a `Duration`, a chrono epoch).
    Json(serde_json::Value),
}

/// Why an expression has no value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// Outside the grammar this evaluator knows: our limit.
    Unsupported,
    /// Its value exists only when the program runs (clock, environment, randomness, I/O).
    Runtime,
    /// rustc would refuse it (an overflow, a division by zero).
    Invalid,
}

/// A failure with the sub-expression at fault.
#[derive(Debug, Clone)]
pub struct EvalError {
    pub failure: Failure,
    pub reason: String,
    pub span: Span,
    pub krate: usize,
    pub module: ModuleId,
}

impl EvalError {
    pub fn location(&self, lw: &Lowerer) -> Location {
        lw.location(self.krate, self.module, self.span)
    }
}

pub type Eval = Result<Val, EvalError>;

/// `[workspace.package].<key>` of the workspace a package at `dir` belongs to: the nearest
/// `Cargo.toml` above it with a `[workspace]` table, as cargo finds it.
fn workspace_package_field(dir: &std::path::Path, key: &str) -> Option<toml::Value> {
    for ancestor in dir.ancestors().skip(1).take(8) {
        let Ok(m) = crate::source::read_manifest(&ancestor.join("Cargo.toml")) else { continue };
        if let Some(ws) = m.raw.get("workspace") {
            return ws.get("package")?.get(key).cloned();
        }
    }
    None
}

/// Paths (or their last segments, `*::now`) whose value is only known when the program runs.
pub const RUNTIME_APIS: &[&str] = &[
    "std::env",
    "env::var",
    "env::var_os",
    "env::args",
    "env::current_dir",
    "env::temp_dir",
    "env::home_dir",
    "std::fs",
    "fs::read_to_string",
    "std::process",
    "std::time::Instant",
    "std::time::SystemTime",
    "*::now",
    "*::now_utc",
    "*::new_v4",
    "*::new_v7",
    "*::random",
    "*::thread_rng",
    "rand",
    "dirs",
    "home",
    "num_cpus",
    "hostname",
    "*::available_parallelism",
];

/// Where an expression is evaluated: its module, the `Self` type, the locals bound so far.
#[derive(Debug, Clone)]
pub struct Frame {
    pub scope: Scope,
    pub self_ty: Option<Ty>,
    pub locals: Vec<(String, Val)>,
}

impl Frame {
    pub fn new(scope: Scope) -> Self {
        Frame { scope, self_ty: None, locals: Vec::new() }
    }

    pub fn with_self(mut self, ty: Option<Ty>) -> Self {
        self.self_ty = ty;
        self
    }

    pub fn bind(mut self, name: &str, v: Val) -> Self {
        self.locals.push((name.to_owned(), v));
        self
    }

    fn local(&self, name: &str) -> Option<&Val> {
        self.locals.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v)
    }
}

/// The hand-written impls of the workspace, found once per run.
#[derive(Debug, Default)]
pub struct ImplIndex {
    /// `impl Default for X`, by X.
    pub default: HashMap<ItemRef, ItemRef>,
    /// Inherent `impl X { … }` blocks, by X.
    pub inherent: HashMap<ItemRef, Vec<ItemRef>>,
    /// Types with a hand-written `impl Serialize`.
    pub serialize: std::collections::HashSet<ItemRef>,
}

/// The evaluator, over the types lowered so far.
pub struct Evaluator<'a, 'w> {
    pub lw: &'a mut Lowerer<'w>,
    depth: usize,
    /// Consts and fns being evaluated: reaching one again is a cycle.
    active: Vec<ItemRef>,
}

/// The tail expression of a block without statements (or a lone `return`).
pub fn tail_expr(block: &syn::Block) -> Option<&Expr> {
    match block.stmts.as_slice() {
        [syn::Stmt::Expr(e, None)] => Some(e),
        [syn::Stmt::Expr(Expr::Return(r), _)] => r.expr.as_deref(),
        _ => None,
    }
}

pub fn path_segments(path: &syn::Path) -> Vec<String> {
    let mut segs: Vec<String> =
        path.segments.iter().map(|s| crate::source::unraw_ident(&s.ident.to_string())).collect();
    if path.leading_colon.is_some() {
        segs.insert(0, String::new());
    }
    segs
}

fn int_kind(name: &str) -> Option<IntKind> {
    Some(match name {
        "i8" => IntKind::I8,
        "i16" => IntKind::I16,
        "i32" => IntKind::I32,
        "i64" => IntKind::I64,
        "i128" => IntKind::I128,
        "isize" => IntKind::Isize,
        "u8" => IntKind::U8,
        "u16" => IntKind::U16,
        "u32" => IntKind::U32,
        "u64" => IntKind::U64,
        "u128" => IntKind::U128,
        "usize" => IntKind::Usize,
        _ => return None,
    })
}

fn float_kind(name: &str) -> Option<FloatKind> {
    match name {
        "f32" => Some(FloatKind::F32),
        "f64" => Some(FloatKind::F64),
        _ => None,
    }
}

/// The range of an integer type (`usize`/`isize` of a 64-bit host). `u128::MAX` does not fit an
/// `i128`: it is refused as out of range.
pub fn int_range(kind: IntKind) -> (i128, i128) {
    use IntKind::*;
    match kind {
        I8 => (i8::MIN.into(), i8::MAX.into()),
        I16 => (i16::MIN.into(), i16::MAX.into()),
        I32 => (i32::MIN.into(), i32::MAX.into()),
        I64 | Isize => (i64::MIN.into(), i64::MAX.into()),
        I128 => (i128::MIN, i128::MAX),
        U8 => (0, u8::MAX.into()),
        U16 => (0, u16::MAX.into()),
        U32 => (0, u32::MAX.into()),
        U64 | Usize => (0, u64::MAX.into()),
        U128 => (0, i128::MAX),
    }
}

fn kind_name(kind: IntKind) -> &'static str {
    use IntKind::*;
    match kind {
        I8 => "i8",
        I16 => "i16",
        I32 => "i32",
        I64 => "i64",
        I128 => "i128",
        Isize => "isize",
        U8 => "u8",
        U16 => "u16",
        U32 => "u32",
        U64 => "u64",
        U128 => "u128",
        Usize => "usize",
    }
}

/// `n as kind`: two's-complement truncation.
fn wrap(n: i128, kind: IntKind) -> i128 {
    use IntKind::*;
    match kind {
        I8 => n as i8 as i128,
        I16 => n as i16 as i128,
        I32 => n as i32 as i128,
        I64 | Isize => n as i64 as i128,
        I128 | U128 => n,
        U8 => n as u8 as i128,
        U16 => n as u16 as i128,
        U32 => n as u32 as i128,
        U64 | Usize => n as u64 as i128,
    }
}

/// `f as kind`: saturating, NaN is 0.
fn float_to_int(f: f64, kind: IntKind) -> i128 {
    let (lo, hi) = int_range(kind);
    if f.is_nan() {
        0
    } else {
        (f.trunc() as i128).clamp(lo, hi)
    }
}

fn round(f: f64, kind: FloatKind) -> f64 {
    match kind {
        FloatKind::F32 => f as f32 as f64,
        FloatKind::F64 => f,
    }
}

/// `T::MAX`, `T::MIN`, `T::BITS`, `f64::EPSILON`… of a primitive type.
fn primitive_const(ty: &str, name: &str) -> Option<Val> {
    if let Some(k) = int_kind(ty) {
        let (lo, hi) = int_range(k);
        let bits = match k {
            IntKind::I8 | IntKind::U8 => 8,
            IntKind::I16 | IntKind::U16 => 16,
            IntKind::I32 | IntKind::U32 => 32,
            IntKind::I64 | IntKind::U64 | IntKind::Isize | IntKind::Usize => 64,
            IntKind::I128 | IntKind::U128 => 128,
        };
        return match name {
            "MAX" if k != IntKind::U128 => Some(Val::Int(hi, k)),
            "MIN" => Some(Val::Int(lo, k)),
            "BITS" => Some(Val::Int(bits, IntKind::U32)),
            _ => None,
        };
    }
    let k = float_kind(ty)?;
    let f = match (k, name) {
        (FloatKind::F32, "MAX") => f32::MAX.into(),
        (FloatKind::F32, "MIN") => f32::MIN.into(),
        (FloatKind::F32, "EPSILON") => f32::EPSILON.into(),
        (FloatKind::F32, "MIN_POSITIVE") => f32::MIN_POSITIVE.into(),
        (FloatKind::F64, "MAX") => f64::MAX,
        (FloatKind::F64, "MIN") => f64::MIN,
        (FloatKind::F64, "EPSILON") => f64::EPSILON,
        (FloatKind::F64, "MIN_POSITIVE") => f64::MIN_POSITIVE,
        (_, "INFINITY") => f64::INFINITY,
        (_, "NEG_INFINITY") => f64::NEG_INFINITY,
        (_, "NAN") => f64::NAN,
        (_, "PI") => std::f64::consts::PI,
        (_, "E") => std::f64::consts::E,
        (_, "TAU") => std::f64::consts::TAU,
        (_, "SQRT_2") => std::f64::consts::SQRT_2,
        (_, "LN_2") => std::f64::consts::LN_2,
        (_, "LN_10") => std::f64::consts::LN_10,
        _ => return None,
    };
    Some(Val::Float(round(f, k), k))
}

/// Whether a path (as spelled out by the resolver) reads the running program's world.
pub fn is_runtime_api(segs: &[String]) -> bool {
    let segs: Vec<&str> = segs.iter().map(String::as_str).filter(|s| !s.is_empty()).collect();
    let joined = segs.join("::");
    RUNTIME_APIS.iter().any(|api| match api.strip_prefix("*::") {
        Some(last) => segs.last() == Some(&last),
        None => joined == *api || joined.starts_with(&format!("{api}::")) || joined.ends_with(&format!("::{api}")),
    })
}

impl Val {
    pub fn kind_of(&self) -> &'static str {
        match self {
            Val::Int(..) => "an integer",
            Val::Float(..) => "a float",
            Val::Bool(_) => "a bool",
            Val::Char(_) => "a char",
            Val::Str(_) => "a string",
            Val::Unit => "`()`",
            Val::Opt(_) => "an Option",
            Val::Seq(_) => "a sequence",
            Val::Tuple(_) => "a tuple",
            Val::Map(_) => "a map",
            Val::Struct { .. } => "a struct",
            Val::Variant { .. } => "an enum value",
            Val::Json(_) => "a JSON value",
        }
    }

    /// The text `Display` gives (`concat!` pieces, `format!` arguments, `.to_string()`).
    fn display(&self) -> Option<String> {
        Some(match self {
            Val::Int(n, _) => n.to_string(),
            Val::Float(f, FloatKind::F32) => (*f as f32).to_string(),
            Val::Float(f, FloatKind::F64) => f.to_string(),
            Val::Bool(b) => b.to_string(),
            Val::Char(c) => c.to_string(),
            Val::Str(s) => s.clone(),
            _ => return None,
        })
    }
}

/// The value a type's `Default` gives when it is not one of our types (those are resolved in
/// [`default_impl`]).
fn builtin_default(ty: &Ty) -> Option<Val> {
    Some(match ty {
        Ty::Int(k) => Val::Int(0, *k),
        Ty::Float(k) => Val::Float(0.0, *k),
        Ty::Bool => Val::Bool(false),
        Ty::String => Val::Str(String::new()),
        Ty::Char => Val::Char('\0'),
        Ty::Unit => Val::Unit,
        Ty::Option(_) => Val::Opt(None),
        Ty::JsonValue => Val::Json(serde_json::Value::Null),
        Ty::Seq(_) | Ty::Set(_) => Val::Seq(Vec::new()),
        Ty::Map(..) => Val::Map(Vec::new()),
        Ty::Leaf(leaf) => Val::Json(match leaf {
            Leaf::Duration => serde_json::json!({"secs": 0, "nanos": 0}),
            Leaf::DateTime => "1970-01-01T00:00:00Z".into(),
            Leaf::NaiveDateTime => "1970-01-01T00:00:00".into(),
            Leaf::NaiveDate => "1970-01-01".into(),
            Leaf::NaiveTime => "00:00:00".into(),
            Leaf::Uuid => "00000000-0000-0000-0000-000000000000".into(),
            Leaf::PathBuf => "".into(),
            _ => return None,
        }),
        _ => return None,
    })
}

impl<'a, 'w> Evaluator<'a, 'w> {
    pub fn new(lw: &'a mut Lowerer<'w>) -> Self {
        Evaluator { lw, depth: 0, active: Vec::new() }
    }

    fn fail(&self, node: &dyn Spanned, f: &Frame, failure: Failure, reason: impl Into<String>) -> EvalError {
        EvalError { failure, reason: reason.into(), span: node.span(), krate: f.scope.krate, module: f.scope.module }
    }

    pub fn unsupported(&self, node: &dyn Spanned, f: &Frame, reason: impl Into<String>) -> EvalError {
        self.fail(node, f, Failure::Unsupported, reason)
    }

    /// The value of `e`, of type `want` when known, evaluated in `f`.
    pub fn eval(&mut self, e: &Expr, want: Option<&Ty>, f: &Frame) -> Eval {
        if self.depth >= MAX_DEPTH {
            return Err(self.unsupported(e, f, format!("it nests more than {MAX_DEPTH} evaluations deep")));
        }
        self.depth += 1;
        let out = self.eval_inner(e, want, f);
        self.depth -= 1;
        // An unsuffixed integer (i32 only by fallback) takes the type the context expects: rustc
        // would have inferred it.
        match (out?, want) {
            (Val::Int(n, IntKind::I32), Some(Ty::Int(k))) if *k != IntKind::I32 => self.in_range(n, *k, e, f),
            (v, _) => Ok(v),
        }
    }

    fn eval_inner(&mut self, e: &Expr, want: Option<&Ty>, f: &Frame) -> Eval {
        match e {
            Expr::Lit(l) => self.literal(&l.lit, want, f),
            Expr::Paren(p) => self.eval(&p.expr, want, f),
            Expr::Group(g) => self.eval(&g.expr, want, f),
            Expr::Reference(r) => self.eval(&r.expr, want, f),
            Expr::Unary(u) => self.unary(u, want, f),
            Expr::Binary(b) => self.binary(b, want, f),
            Expr::Cast(c) => self.cast(c, f),
            Expr::Block(b) if b.label.is_none() => self.block(&b.block, want, f),
            Expr::Unsafe(b) => self.block(&b.block, want, f),
            Expr::Const(b) => self.block(&b.block, want, f),
            Expr::If(i) => self.if_else(i, want, f),
            Expr::Array(a) => {
                let item = element_type(want);
                let items = a.elems.iter().map(|x| self.eval(x, item.as_ref(), f)).collect::<Result<_, _>>()?;
                Ok(Val::Seq(items))
            }
            Expr::Repeat(r) => {
                let item = element_type(want);
                let x = self.eval(&r.expr, item.as_ref(), f)?;
                let n = self.count(&r.len, f)?;
                Ok(Val::Seq(vec![x; n]))
            }
            Expr::Tuple(t) if t.elems.is_empty() => Ok(Val::Unit),
            Expr::Tuple(t) => {
                let tys: Vec<Option<Ty>> = match want {
                    Some(Ty::Tuple(ts)) if ts.len() == t.elems.len() => ts.iter().cloned().map(Some).collect(),
                    _ => vec![None; t.elems.len()],
                };
                let items =
                    t.elems.iter().zip(&tys).map(|(x, ty)| self.eval(x, ty.as_ref(), f)).collect::<Result<_, _>>()?;
                Ok(Val::Tuple(items))
            }
            Expr::Macro(m) => self.mac(&m.mac, e, want, f),
            Expr::Path(p) if p.qself.is_none() => self.path(&p.path, e, want, f),
            Expr::Call(c) => self.call(c, want, f),
            Expr::MethodCall(m) => self.method(m, want, f),
            Expr::Struct(s) if s.qself.is_none() => self.struct_literal(s, want, f),
            Expr::Field(x) => self.field(x, f),
            Expr::Index(x) => {
                let base = self.eval(&x.expr, None, f)?;
                let i = self.count(&x.index, f)?;
                match base {
                    Val::Seq(items) | Val::Tuple(items) => {
                        items.get(i).cloned().ok_or_else(|| self.fail(e, f, Failure::Invalid, "index out of bounds"))
                    }
                    other => Err(self.unsupported(e, f, format!("indexing {}", other.kind_of()))),
                }
            }
            Expr::Return(r) => match &r.expr {
                Some(x) => self.eval(x, want, f),
                None => Ok(Val::Unit),
            },
            _ => Err(self.unsupported(e, f, format!("`{}` is not a value expression the CLI evaluates", text(e)))),
        }
    }

    fn count(&mut self, e: &Expr, f: &Frame) -> Result<usize, EvalError> {
        match self.eval(e, Some(&Ty::Int(IntKind::Usize)), f)? {
            Val::Int(n, _) if (0..=MAX_REPEAT as i128).contains(&n) => Ok(n as usize),
            Val::Int(..) => Err(self.unsupported(e, f, format!("a length above {MAX_REPEAT}"))),
            other => Err(self.unsupported(e, f, format!("{} where a length is expected", other.kind_of()))),
        }
    }

    fn literal(&mut self, lit: &Lit, want: Option<&Ty>, f: &Frame) -> Eval {
        match lit {
            Lit::Int(i) => {
                if let Some(k) = float_kind(i.suffix()) {
                    let v = i.base10_parse::<f64>().map_err(|x| self.unsupported(lit, f, x.to_string()))?;
                    return Ok(Val::Float(round(v, k), k));
                }
                let kind = match (int_kind(i.suffix()), want) {
                    (Some(k), _) => k,
                    (None, Some(Ty::Float(k))) => {
                        let v = i.base10_parse::<f64>().map_err(|x| self.unsupported(lit, f, x.to_string()))?;
                        return Ok(Val::Float(round(v, *k), *k));
                    }
                    (None, Some(Ty::Int(k))) => *k,
                    (None, _) => IntKind::I32,
                };
                let n = i.base10_parse::<i128>().map_err(|_| {
                    self.fail(lit, f, Failure::Invalid, format!("`{}` does not fit an i128", i.base10_digits()))
                })?;
                self.in_range(n, kind, lit, f)
            }
            Lit::Float(x) => {
                let v = x.base10_parse::<f64>().map_err(|e| self.unsupported(lit, f, e.to_string()))?;
                let k = match (float_kind(x.suffix()), want) {
                    (Some(k), _) => k,
                    (None, Some(Ty::Float(k))) => *k,
                    _ => FloatKind::F64,
                };
                Ok(Val::Float(round(v, k), k))
            }
            Lit::Str(s) => Ok(Val::Str(s.value())),
            Lit::Bool(b) => Ok(Val::Bool(b.value)),
            Lit::Char(c) => Ok(Val::Char(c.value())),
            Lit::Byte(b) => Ok(Val::Int(b.value().into(), IntKind::U8)),
            _ => Err(self.unsupported(lit, f, "a byte-string or C-string literal")),
        }
    }

    /// An integer of `kind`, or the overflow rustc reports.
    fn in_range(&self, n: i128, kind: IntKind, at: &dyn Spanned, f: &Frame) -> Eval {
        let (lo, hi) = int_range(kind);
        if n < lo || n > hi {
            return Err(self.fail(at, f, Failure::Invalid, format!("{n} overflows `{}`", kind_name(kind))));
        }
        Ok(Val::Int(n, kind))
    }

    fn unary(&mut self, u: &syn::ExprUnary, want: Option<&Ty>, f: &Frame) -> Eval {
        let v = self.eval(&u.expr, want, f)?;
        match (&u.op, v) {
            (syn::UnOp::Deref(_), v) => Ok(v),
            (syn::UnOp::Not(_), Val::Bool(b)) => Ok(Val::Bool(!b)),
            (syn::UnOp::Not(_), Val::Int(n, k)) => Ok(Val::Int(wrap(!n, k), k)),
            (syn::UnOp::Neg(_), Val::Int(n, k)) if k.is_signed() => self.in_range(-n, k, u, f),
            (syn::UnOp::Neg(_), Val::Float(x, k)) => Ok(Val::Float(-x, k)),
            (_, v) => Err(self.unsupported(u, f, format!("`{}` applied to {}", text_op(&u.op), v.kind_of()))),
        }
    }

    fn binary(&mut self, b: &syn::ExprBinary, want: Option<&Ty>, f: &Frame) -> Eval {
        use syn::BinOp::*;
        if let And(_) | Or(_) = b.op {
            let l = self.boolean(&b.left, f)?;
            if matches!(b.op, And(_)) != l {
                return Ok(Val::Bool(l));
            }
            return Ok(Val::Bool(self.boolean(&b.right, f)?));
        }
        let comparison = matches!(b.op, Eq(_) | Ne(_) | Lt(_) | Le(_) | Gt(_) | Ge(_));
        let shift = matches!(b.op, Shl(_) | Shr(_));
        let operand_want = if comparison { None } else { want };
        let mut l = self.eval(&b.left, operand_want, f)?;
        let right_want = match (&l, shift) {
            (_, true) => None,
            (Val::Int(_, k), _) => Some(Ty::Int(*k)),
            (Val::Float(_, k), _) => Some(Ty::Float(*k)),
            _ => operand_want.cloned(),
        };
        let mut r = self.eval(&b.right, right_want.as_ref(), f)?;
        // An unsuffixed literal takes the type of the other operand (i32 is only its fallback).
        if let (Val::Int(x, IntKind::I32), Val::Int(_, k)) = (&l, &r) {
            if !shift && *k != IntKind::I32 {
                l = self.in_range(*x, *k, &b.left, f)?;
            }
        }
        if let (Val::Int(_, k), Val::Int(y, IntKind::I32)) = (&l, &r) {
            if !shift && *k != IntKind::I32 {
                r = self.in_range(*y, *k, &b.right, f)?;
            }
        }
        if comparison {
            return match compare(&l, &r) {
                Some(ord) => Ok(Val::Bool(match b.op {
                    Eq(_) => ord == std::cmp::Ordering::Equal,
                    Ne(_) => ord != std::cmp::Ordering::Equal,
                    Lt(_) => ord.is_lt(),
                    Le(_) => ord.is_le(),
                    Gt(_) => ord.is_gt(),
                    _ => ord.is_ge(),
                })),
                None if matches!(b.op, Eq(_) | Ne(_)) && !is_number(&l) => {
                    Ok(Val::Bool((l == r) == matches!(b.op, Eq(_))))
                }
                None => Err(self.unsupported(b, f, format!("comparing {} with {}", l.kind_of(), r.kind_of()))),
            };
        }
        match (l, r) {
            (Val::Int(x, k), Val::Int(y, ky)) => {
                let invalid = |s: &Self, why: &str| s.fail(b, f, Failure::Invalid, why.to_owned());
                let n = match b.op {
                    Add(_) => x.checked_add(y),
                    Sub(_) => x.checked_sub(y),
                    Mul(_) => x.checked_mul(y),
                    Div(_) | Rem(_) if y == 0 => return Err(invalid(self, "a division by zero")),
                    Div(_) => x.checked_div(y),
                    Rem(_) => x.checked_rem(y),
                    BitAnd(_) => Some(x & y),
                    BitOr(_) => Some(x | y),
                    BitXor(_) => Some(x ^ y),
                    Shl(_) | Shr(_) => {
                        let bits = match primitive_const(kind_name(k), "BITS") {
                            Some(Val::Int(n, _)) => n,
                            _ => 128,
                        };
                        if y < 0 || y >= bits {
                            return Err(invalid(self, "a shift by more than the type's width"));
                        }
                        let _ = ky;
                        return Ok(Val::Int(if matches!(b.op, Shl(_)) { wrap(x << y, k) } else { x >> y }, k));
                    }
                    _ => return Err(self.unsupported(b, f, "a compound assignment")),
                };
                match n {
                    Some(n) => self.in_range(n, k, b, f),
                    None => Err(invalid(self, "an overflow")),
                }
            }
            (Val::Float(x, k), Val::Float(y, _)) => {
                let v = match b.op {
                    Add(_) => x + y,
                    Sub(_) => x - y,
                    Mul(_) => x * y,
                    Div(_) => x / y,
                    Rem(_) => x % y,
                    _ => return Err(self.unsupported(b, f, "a bitwise operator on floats")),
                };
                Ok(Val::Float(round(v, k), k))
            }
            (Val::Bool(x), Val::Bool(y)) => match b.op {
                BitAnd(_) => Ok(Val::Bool(x & y)),
                BitOr(_) => Ok(Val::Bool(x | y)),
                BitXor(_) => Ok(Val::Bool(x ^ y)),
                _ => Err(self.unsupported(b, f, "an arithmetic operator on bools")),
            },
            (Val::Str(x), Val::Str(y)) if matches!(b.op, Add(_)) => Ok(Val::Str(x + &y)),
            (l, r) => Err(self.unsupported(b, f, format!("an operator between {} and {}", l.kind_of(), r.kind_of()))),
        }
    }

    fn boolean(&mut self, e: &Expr, f: &Frame) -> Result<bool, EvalError> {
        match self.eval(e, Some(&Ty::Bool), f)? {
            Val::Bool(b) => Ok(b),
            other => Err(self.unsupported(e, f, format!("{} where a bool is expected", other.kind_of()))),
        }
    }

    fn cast(&mut self, c: &syn::ExprCast, f: &Frame) -> Eval {
        let target = match &*c.ty {
            syn::Type::Path(p) if p.qself.is_none() => p.path.get_ident().map(|i| i.to_string()).unwrap_or_default(),
            _ => String::new(),
        };
        let v = self.eval(&c.expr, None, f)?;
        if let Some(k) = int_kind(&target) {
            return Ok(Val::Int(
                match v {
                    Val::Int(n, _) => wrap(n, k),
                    Val::Float(x, _) => float_to_int(x, k),
                    Val::Bool(b) => b.into(),
                    Val::Char(ch) => wrap(u32::from(ch).into(), k),
                    other => return Err(self.unsupported(c, f, format!("casting {} to `{target}`", other.kind_of()))),
                },
                k,
            ));
        }
        if let Some(k) = float_kind(&target) {
            return match v {
                Val::Int(n, _) => Ok(Val::Float(round(n as f64, k), k)),
                Val::Float(x, _) => Ok(Val::Float(round(x, k), k)),
                other => Err(self.unsupported(c, f, format!("casting {} to `{target}`", other.kind_of()))),
            };
        }
        match (target.as_str(), v) {
            ("char", Val::Int(n, IntKind::U8)) => Ok(Val::Char(char::from(n as u8))),
            (_, v) => Err(self.unsupported(c, f, format!("casting {} to `{}`", v.kind_of(), text(&*c.ty)))),
        }
    }

    /// A block: `let x = …;` bindings, then its tail expression.
    fn block(&mut self, block: &syn::Block, want: Option<&Ty>, f: &Frame) -> Eval {
        let mut frame = f.clone();
        let Some((last, init)) = block.stmts.split_last() else { return Ok(Val::Unit) };
        for stmt in init {
            match stmt {
                syn::Stmt::Local(local) => {
                    let (name, ty) = match &local.pat {
                        syn::Pat::Ident(pi) if pi.subpat.is_none() => (pi.ident.to_string(), None),
                        syn::Pat::Type(pt) => match &*pt.pat {
                            syn::Pat::Ident(pi) => (pi.ident.to_string(), Some(self.lw.lower(&pt.ty, &f.scope))),
                            _ => return Err(self.unsupported(&local.pat, f, "a `let` with a pattern")),
                        },
                        _ => return Err(self.unsupported(&local.pat, f, "a `let` with a pattern")),
                    };
                    let Some(init) = local.init.as_ref().filter(|i| i.diverge.is_none()) else {
                        return Err(self.unsupported(local, f, "a `let` without a plain initialiser"));
                    };
                    let v = self.eval(&init.expr, ty.as_ref(), &frame)?;
                    frame.locals.push((name, v));
                }
                syn::Stmt::Item(syn::Item::Const(_) | syn::Item::Use(_)) => {}
                other => return Err(self.unsupported(other, f, "a statement with side effects")),
            }
        }
        match last {
            syn::Stmt::Expr(e, None) => self.eval(e, want, &frame),
            syn::Stmt::Expr(Expr::Return(r), _) => match &r.expr {
                Some(e) => self.eval(e, want, &frame),
                None => Ok(Val::Unit),
            },
            other => Err(self.unsupported(other, f, "a block that ends with a statement")),
        }
    }

    fn if_else(&mut self, i: &syn::ExprIf, want: Option<&Ty>, f: &Frame) -> Eval {
        if let Expr::Let(l) = &*i.cond {
            return Err(self.unsupported(l, f, "an `if let`"));
        }
        if self.boolean(&i.cond, f)? {
            self.block(&i.then_branch, want, f)
        } else {
            match &i.else_branch {
                Some((_, e)) => self.eval(e, want, f),
                None => Ok(Val::Unit),
            }
        }
    }

    fn mac(&mut self, mac: &syn::Macro, e: &Expr, want: Option<&Ty>, f: &Frame) -> Eval {
        use syn::punctuated::Punctuated;
        let name = mac.path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default();
        let args = || mac.parse_body_with(Punctuated::<Expr, syn::Token![,]>::parse_terminated);
        match name.as_str() {
            "vec" => {
                if let Ok(r) = mac.parse_body::<RepeatBody>() {
                    let item = element_type(want);
                    let x = self.eval(&r.0, item.as_ref(), f)?;
                    let n = self.count(&r.1, f)?;
                    return Ok(Val::Seq(vec![x; n]));
                }
                let elems = args().map_err(|x| self.unsupported(mac, f, x.to_string()))?;
                let item = element_type(want);
                let items = elems.iter().map(|x| self.eval(x, item.as_ref(), f)).collect::<Result<_, _>>()?;
                Ok(Val::Seq(items))
            }
            "concat" => {
                let mut out = String::new();
                for part in &args().map_err(|x| self.unsupported(mac, f, x.to_string()))? {
                    // A number literal is pasted as written (`1.50` stays `1.50`).
                    if let Expr::Lit(syn::ExprLit { lit: Lit::Int(i), .. }) = part {
                        out.push_str(i.base10_digits());
                        continue;
                    }
                    if let Expr::Lit(syn::ExprLit { lit: Lit::Float(x), .. }) = part {
                        out.push_str(x.base10_digits());
                        continue;
                    }
                    let v = self.eval(part, None, f)?;
                    match v.display() {
                        Some(s) => out.push_str(&s),
                        None => return Err(self.unsupported(part, f, format!("{} in `concat!`", v.kind_of()))),
                    }
                }
                Ok(Val::Str(out))
            }
            "stringify" => Ok(Val::Str(mac.tokens.to_string())),
            "format" => {
                let parts = args().map_err(|x| self.unsupported(mac, f, x.to_string()))?;
                let Some(Expr::Lit(syn::ExprLit { lit: Lit::Str(template), .. })) = parts.first() else {
                    return Err(self.unsupported(mac, f, "`format!` without a literal format string"));
                };
                self.format(template, &parts.iter().skip(1).collect::<Vec<_>>(), f)
            }
            "include_str" => {
                let arg: Expr = mac.parse_body().map_err(|x| self.unsupported(mac, f, x.to_string()))?;
                let Val::Str(rel) = self.eval(&arg, None, f)? else {
                    return Err(self.unsupported(&arg, f, "a path that is not a string"));
                };
                let file = self.lw.ws.crates[f.scope.krate].file_of(f.scope.module).source.path.clone();
                let path = file.parent().map(|d| d.join(&rel)).unwrap_or_else(|| rel.clone().into());
                std::fs::read_to_string(&path)
                    .map(Val::Str)
                    .map_err(|x| self.unsupported(mac, f, format!("`{}` cannot be read: {x}", path.display())))
            }
            "json" => match super::expr_to_json(e) {
                Some(v) => Ok(Val::Json(v)),
                None => Err(self.unsupported(mac, f, "a `json!` value with Rust expressions in it")),
            },
            "env" | "option_env" => {
                let var = match mac.parse_body::<Expr>() {
                    Ok(Expr::Lit(syn::ExprLit { lit: Lit::Str(s), .. })) => s.value(),
                    _ => return Err(self.unsupported(mac, f, format!("`{name}!` of anything but a string literal"))),
                };
                match (self.cargo_env(&var, f), name.as_str()) {
                    (Some(v), "env") => Ok(Val::Str(v)),
                    (Some(v), _) => Ok(Val::Opt(Some(Box::new(Val::Str(v))))),
                    (None, _) => Err(self.fail(
                        mac,
                        f,
                        Failure::Runtime,
                        format!("`{name}!(\"{var}\")` is set by the build environment"),
                    )),
                }
            }
            _ => Err(self.unsupported(mac, f, format!("the macro `{name}!`"))),
        }
    }

    /// `format!` with `{}`, `{0}`, `{name}` placeholders (no format specs) of `Display` values.
    fn format(&mut self, template: &syn::LitStr, args: &[&Expr], f: &Frame) -> Eval {
        let text = template.value();
        let mut named: Vec<(String, &Expr)> = Vec::new();
        let mut positional: Vec<&Expr> = Vec::new();
        for a in args {
            match a {
                Expr::Assign(x) => match &*x.left {
                    Expr::Path(p) if p.path.get_ident().is_some() => {
                        named.push((p.path.get_ident().expect("ident").to_string(), &x.right))
                    }
                    _ => return Err(self.unsupported(*a, f, "a `format!` argument")),
                },
                _ => positional.push(a),
            }
        }
        let mut out = String::new();
        let mut next = 0;
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '{' if chars.peek() == Some(&'{') => {
                    chars.next();
                    out.push('{');
                }
                '}' if chars.peek() == Some(&'}') => {
                    chars.next();
                    out.push('}');
                }
                '{' => {
                    let spec: String = chars.by_ref().take_while(|&c| c != '}').collect();
                    if spec.contains(':') {
                        return Err(self.unsupported(template, f, format!("the format spec `{{{spec}}}`")));
                    }
                    let v = if spec.is_empty() {
                        next += 1;
                        let Some(e) = positional.get(next - 1) else {
                            return Err(self.fail(template, f, Failure::Invalid, "a `format!` argument is missing"));
                        };
                        self.eval(e, None, f)?
                    } else if let Ok(i) = spec.parse::<usize>() {
                        let Some(e) = positional.get(i) else {
                            return Err(self.fail(template, f, Failure::Invalid, "a `format!` argument is missing"));
                        };
                        self.eval(e, None, f)?
                    } else if let Some((_, e)) = named.iter().find(|(n, _)| *n == spec) {
                        self.eval(e, None, f)?
                    } else {
                        // An inline name: a local, const or static in scope.
                        let path: Expr = syn::parse_str(&spec)
                            .map_err(|_| self.unsupported(template, f, format!("the placeholder `{{{spec}}}`")))?;
                        self.eval(&path, None, f).map_err(|mut e| {
                            e.span = template.span();
                            e
                        })?
                    };
                    match v.display() {
                        Some(s) => out.push_str(&s),
                        None => return Err(self.unsupported(template, f, format!("{} in `format!`", v.kind_of()))),
                    }
                }
                c => out.push(c),
            }
        }
        Ok(Val::Str(out))
    }

    /// What cargo sets for `env!("CARGO_PKG_…")` from the package manifest (a `workspace = true`
    /// field read from the workspace's `[workspace.package]`); `None` for anything else.
    fn cargo_env(&self, var: &str, f: &Frame) -> Option<String> {
        let krate = &self.lw.ws.crates[f.scope.krate];
        if var == "CARGO_CRATE_NAME" {
            return Some(krate.name.clone());
        }
        let manifest = krate.manifest.as_ref()?;
        let field = |key: &str| -> Opt<toml::Value> {
            let Some(v) = manifest.raw.get("package").and_then(|p| p.get(key)) else { return Opt::Absent };
            if v.get("workspace").and_then(toml::Value::as_bool) != Some(true) {
                return Opt::Known(v.clone());
            }
            match workspace_package_field(&manifest.dir, key) {
                Some(v) => Opt::Known(v),
                None => Opt::Opaque(format!("`{key}` is inherited from a workspace the CLI cannot find")),
            }
        };
        let known = |key: &str| match field(key) {
            Opt::Known(v) => Some(v.as_str().map(str::to_owned)),
            Opt::Absent => Some(None),
            Opt::Opaque(_) => None,
        };
        let text = |key: &str| known(key).map(Option::unwrap_or_default);
        // cargo's default version, for a package that gives none.
        let version = || known("version").map(|v| v.unwrap_or_else(|| "0.0.0".to_owned()));
        let part = |i: usize| version().and_then(|v| v.split(['.', '-', '+']).nth(i).map(str::to_owned));
        match var {
            "CARGO_PKG_NAME" => manifest.package_name.clone(),
            "CARGO_PKG_VERSION" => version(),
            "CARGO_PKG_VERSION_MAJOR" => part(0),
            "CARGO_PKG_VERSION_MINOR" => part(1),
            "CARGO_PKG_VERSION_PATCH" => part(2),
            "CARGO_PKG_DESCRIPTION" => text("description"),
            "CARGO_PKG_HOMEPAGE" => text("homepage"),
            "CARGO_PKG_REPOSITORY" => text("repository"),
            "CARGO_PKG_LICENSE" => text("license"),
            "CARGO_PKG_AUTHORS" => match field("authors") {
                Opt::Known(v) => Some(
                    v.as_array()
                        .map(|a| a.iter().filter_map(toml::Value::as_str).collect::<Vec<_>>().join(":"))
                        .unwrap_or_default(),
                ),
                Opt::Absent => Some(String::new()),
                Opt::Opaque(_) => None,
            },
            _ => None,
        }
    }

    /// A path expression: a local, `None`, a const or static, a primitive's constant, a unit
    /// variant or unit struct, an associated const.
    fn path(&mut self, path: &syn::Path, e: &Expr, want: Option<&Ty>, f: &Frame) -> Eval {
        let segs = path_segments(path);
        if let [one] = segs.as_slice() {
            if let Some(v) = f.local(one) {
                return Ok(v.clone());
            }
        }
        if segs == ["None"] || segs.ends_with(&["Option".into(), "None".into()]) {
            return Ok(Val::Opt(None));
        }
        if let [.., ty, name] = segs.as_slice() {
            if let Some(v) = primitive_const(ty, name) {
                return Ok(v);
            }
            if segs.len() >= 3 && segs[segs.len() - 2] == "consts" {
                if let Some(v) = primitive_const(&segs[segs.len() - 3], name) {
                    return Ok(v);
                }
            }
        }
        match self.lw.ws.resolve(f.scope.krate, f.scope.module, &segs, Namespace::Value) {
            Resolved::Item(item, ItemKind::Const | ItemKind::Static) => return self.const_item(item, e, want, f),
            Resolved::Item(_, ItemKind::Fn) => return Err(self.unsupported(e, f, "a fn used as a value")),
            Resolved::External(full) if is_runtime_api(&full) => {
                return Err(self.fail(
                    e,
                    f,
                    Failure::Runtime,
                    format!("`{}` is only known at runtime", full.join("::")),
                ))
            }
            _ => {}
        }
        if let Some(v) = self.assoc_const(&segs, e, want, f)? {
            return Ok(v);
        }
        match self.type_target(&segs, want, f) {
            Some((def, args, Some(variant))) => {
                let fields = self.variant_fields(def, variant);
                if fields.is_empty() {
                    return Ok(Val::Variant { def, args, variant, fields: Vec::new() });
                }
                Err(self.unsupported(e, f, "a variant constructor used as a value"))
            }
            Some((def, args, None)) if self.lw.model.def(def).is_unit_struct() => {
                Ok(Val::Struct { def, args, fields: Vec::new() })
            }
            _ => Err(self.unsupported(e, f, format!("`{}` is not a const, static or value the CLI can see", text(e)))),
        }
    }

    /// The value of a `const` or `static` item, evaluated where it is written.
    fn const_item(&mut self, item: ItemRef, at: &Expr, want: Option<&Ty>, f: &Frame) -> Eval {
        if self.active.contains(&item) {
            return Err(self.fail(at, f, Failure::Invalid, "a const that depends on itself"));
        }
        let ws = self.lw.ws;
        let (init, decl) = match ws.item(item) {
            syn::Item::Const(c) => (&*c.expr, &*c.ty),
            syn::Item::Static(s) => (&*s.expr, &*s.ty),
            _ => return Err(self.unsupported(at, f, "not a const")),
        };
        let scope = Scope { krate: item.krate, module: item.module, generics: Vec::new() };
        let declared = self.lw.lower(decl, &scope);
        let ty = if matches!(declared, Ty::Unknown(_)) { want.cloned() } else { Some(declared) };
        self.active.push(item);
        let out = self.eval(init, ty.as_ref(), &Frame::new(scope));
        self.active.pop();
        out
    }

    /// `Type::CONST` / `Self::CONST`: an associated const of an inherent impl of ours.
    fn assoc_const(
        &mut self,
        segs: &[String],
        at: &Expr,
        want: Option<&Ty>,
        f: &Frame,
    ) -> Result<Option<Val>, EvalError> {
        let Some((owner, name)) = self.owner_and_member(segs, f) else { return Ok(None) };
        for imp in self.inherent_impls(owner) {
            let syn::Item::Impl(i) = self.lw.ws.item(imp) else { continue };
            let items = self.lw.ws.impl_items(imp.krate, imp.module, i);
            let Some(c) = items.iter().find_map(|it| match it {
                syn::ImplItem::Const(c) if c.ident == name => Some(c),
                _ => None,
            }) else {
                continue;
            };
            if self.active.contains(&imp) {
                return Err(self.fail(at, f, Failure::Invalid, "a const that depends on itself"));
            }
            let scope = Scope { krate: imp.krate, module: imp.module, generics: Vec::new() };
            let declared = self.lw.lower(&c.ty, &scope);
            let ty = if matches!(declared, Ty::Unknown(_)) { want.cloned() } else { Some(declared) };
            let self_ty = Ty::Named(self.lw.def_for(owner), Vec::new());
            self.active.push(imp);
            let out = self.eval(&c.expr, ty.as_ref(), &Frame::new(scope).with_self(Some(self_ty)));
            self.active.pop();
            return out.map(Some);
        }
        Ok(None)
    }

    /// `Owner::member` with `Owner` a struct or enum of ours (or `Self`).
    fn owner_and_member(&mut self, segs: &[String], f: &Frame) -> Option<(ItemRef, String)> {
        let (head, last) = segs.split_at(segs.len().checked_sub(1)?);
        if head.is_empty() {
            return None;
        }
        let owner = if head == ["Self"] {
            match &f.self_ty {
                Some(Ty::Named(id, _)) => self.lw.model.def(*id).item,
                _ => return None,
            }
        } else {
            match self.lw.ws.resolve(f.scope.krate, f.scope.module, head, Namespace::Type) {
                Resolved::Item(item, ItemKind::Struct | ItemKind::Enum) => item,
                _ => return None,
            }
        };
        Some((owner, last[0].clone()))
    }

    fn inherent_impls(&mut self, owner: ItemRef) -> Vec<ItemRef> {
        self.impls().inherent.get(&owner).cloned().unwrap_or_default()
    }

    /// The impl index, built on first use.
    pub fn impls(&mut self) -> &ImplIndex {
        let ws = self.lw.ws;
        self.lw.impls.get_or_init(|| {
            let mut index = ImplIndex::default();
            for (k, c) in ws.crates.iter().enumerate() {
                for (m, module) in c.modules.iter().enumerate() {
                    let module_id = ModuleId(m);
                    for (i, item) in module.items.iter().enumerate() {
                        let syn::Item::Impl(imp) = item else { continue };
                        let syn::Type::Path(tp) = &*imp.self_ty else { continue };
                        let segs = path_segments(&tp.path);
                        let Resolved::Item(target, ItemKind::Struct | ItemKind::Enum) =
                            ws.resolve(k, module_id, &segs, Namespace::Type)
                        else {
                            continue;
                        };
                        let here = ItemRef { krate: k, module: module_id, index: i };
                        match &imp.trait_ {
                            None => index.inherent.entry(target).or_default().push(here),
                            Some((_, t, _)) if t.segments.last().is_some_and(|s| s.ident == "Default") => {
                                index.default.insert(target, here);
                            }
                            Some((_, t, _)) if t.segments.last().is_some_and(|s| s.ident == "Serialize") => {
                                index.serialize.insert(target);
                            }
                            Some(_) => {}
                        }
                    }
                }
            }
            index
        })
    }

    /// The definition a path names (`Name`, `Self`, `Enum::Variant`, `Self::Variant`), with its
    /// generic arguments when it is the type expected.
    fn type_target(
        &mut self,
        segs: &[String],
        want: Option<&Ty>,
        f: &Frame,
    ) -> Option<(DefId, Vec<Ty>, Option<usize>)> {
        let args_for = |id: DefId, want: Option<&Ty>, f: &Frame| match (want, &f.self_ty) {
            (Some(Ty::Named(w, a)), _) if *w == id => a.clone(),
            (_, Some(Ty::Named(w, a))) if *w == id => a.clone(),
            _ => Vec::new(),
        };
        if segs == ["Self"] {
            return match &f.self_ty {
                Some(Ty::Named(id, a)) => Some((*id, a.clone(), None)),
                _ => None,
            };
        }
        if let Resolved::Item(item, ItemKind::Struct | ItemKind::Enum) =
            self.lw.ws.resolve(f.scope.krate, f.scope.module, segs, Namespace::Type)
        {
            let id = self.lw.def_for(item);
            return Some((id, args_for(id, want, f), None));
        }
        let (head, last) = segs.split_at(segs.len().checked_sub(1)?);
        let id = if head == ["Self"] {
            match &f.self_ty {
                Some(Ty::Named(id, _)) => *id,
                _ => return None,
            }
        } else {
            match self.lw.ws.resolve(f.scope.krate, f.scope.module, head, Namespace::Type) {
                Resolved::Item(item, ItemKind::Enum) => self.lw.def_for(item),
                _ => return None,
            }
        };
        let Body::Enum { variants } = &self.lw.model.def(id).body else { return None };
        let vi = variants.iter().position(|v| v.rust_name == last[0])?;
        Some((id, args_for(id, want, f), Some(vi)))
    }

    fn variant_fields(&self, def: DefId, variant: usize) -> Vec<super::Field> {
        match &self.lw.model.def(def).body {
            Body::Enum { variants } => variants[variant].fields.clone(),
            _ => Vec::new(),
        }
    }

    fn call(&mut self, c: &syn::ExprCall, want: Option<&Ty>, f: &Frame) -> Eval {
        let Expr::Path(p) = &*c.func else {
            return Err(self.unsupported(&*c.func, f, "a call of a computed fn"));
        };
        let segs = path_segments(&p.path);
        let last = segs.last().cloned().unwrap_or_default();
        let head = if segs.len() >= 2 { segs[segs.len() - 2].as_str() } else { "" };
        let args: Vec<&Expr> = c.args.iter().collect();
        match (head, last.as_str(), args.as_slice()) {
            ("" | "Option", "Some", [a]) => {
                let inner = match want {
                    Some(Ty::Option(t)) => Some((**t).clone()),
                    _ => None,
                };
                return Ok(Val::Opt(Some(Box::new(self.eval(a, inner.as_ref(), f)?))));
            }
            (_, "default", []) if matches!(head, "" | "Default") => {
                let Some(t) = want.cloned() else {
                    return Err(self.unsupported(c, f, "`Default::default()` of a type the CLI cannot tell"));
                };
                return self.type_default(&t, c, f);
            }
            (
                "String" | "Vec" | "VecDeque" | "HashSet" | "BTreeSet" | "HashMap" | "BTreeMap" | "IndexMap"
                | "IndexSet" | "Map" | "LinkedList" | "BinaryHeap",
                "new" | "with_capacity",
                _,
            ) => {
                return Ok(match head {
                    "String" => Val::Str(String::new()),
                    "HashMap" | "BTreeMap" | "IndexMap" | "Map" => Val::Map(Vec::new()),
                    _ => Val::Seq(Vec::new()),
                });
            }
            (
                "String" | "From" | "Box" | "Arc" | "Rc" | "PathBuf" | "Cow" | "Some" | "Into" | "ToString" | "ToOwned",
                "from" | "new" | "into" | "to_string" | "to_owned" | "Borrowed" | "Owned",
                [a],
            ) => {
                return self.eval(a, want, f);
            }
            ("Vec" | "HashSet" | "BTreeSet" | "VecDeque" | "IndexSet", "from", [a]) => {
                let v = self.eval(a, want, f)?;
                return Ok(v);
            }
            ("HashMap" | "BTreeMap" | "IndexMap", "from" | "from_iter", [a]) => {
                let (k, v) = match want {
                    Some(Ty::Map(k, v)) => (Some((**k).clone()), Some((**v).clone())),
                    _ => (None, None),
                };
                let pair = match (k, v) {
                    (Some(k), Some(v)) => Some(Ty::Seq(Box::new(Ty::Tuple(vec![k, v])))),
                    _ => None,
                };
                return match self.eval(a, pair.as_ref(), f)? {
                    Val::Seq(items) => items
                        .into_iter()
                        .map(|kv| match kv {
                            Val::Tuple(mut t) if t.len() == 2 => {
                                let v = t.pop().expect("two");
                                Ok((t.pop().expect("two"), v))
                            }
                            other => Err(self.unsupported(*a, f, format!("{} as a map entry", other.kind_of()))),
                        })
                        .collect::<Result<_, _>>()
                        .map(Val::Map),
                    other => Err(self.unsupported(*a, f, format!("a map from {}", other.kind_of()))),
                };
            }
            ("Duration", name, [a]) if name.starts_with("from_") => {
                let secs_per: Option<f64> = match name {
                    "from_secs" => Some(1.0),
                    "from_millis" => Some(1e-3),
                    "from_micros" => Some(1e-6),
                    "from_nanos" => Some(1e-9),
                    "from_mins" => Some(60.0),
                    "from_hours" => Some(3600.0),
                    _ => None,
                };
                if let Some(unit) = secs_per {
                    let n = match self.eval(a, Some(&Ty::Int(IntKind::U64)), f)? {
                        Val::Int(n, _) => n,
                        other => return Err(self.unsupported(*a, f, format!("{} as a duration", other.kind_of()))),
                    };
                    let (secs, nanos) = if unit >= 1.0 {
                        (n * unit as i128, 0)
                    } else {
                        let per_sec = (1.0 / unit).round() as i128;
                        (n / per_sec, (n % per_sec) * (1_000_000_000 / per_sec))
                    };
                    return Ok(Val::Json(serde_json::json!({"secs": secs as u64, "nanos": nanos as u32})));
                }
            }
            _ => {}
        }
        // A fn of the workspace, free or associated.
        if let Some((item, body, params, frame, ret)) = self.fn_of(&segs, want, f) {
            if self.active.contains(&item) {
                return Err(self.fail(c, f, Failure::Unsupported, "a recursive fn"));
            }
            self.active.push(item);
            let out = self.apply(c, &body, &params, &args, frame, ret.as_ref().or(want), f);
            self.active.pop();
            return out;
        }
        if let Resolved::External(full) = self.lw.ws.resolve(f.scope.krate, f.scope.module, &segs, Namespace::Value) {
            if is_runtime_api(&full) {
                return Err(self.fail(
                    c,
                    f,
                    Failure::Runtime,
                    format!("`{}()` is only known at runtime", full.join("::")),
                ));
            }
        }
        if last == "default" && args.is_empty() {
            let t = self.type_of_path(&segs[..segs.len() - 1], f).or_else(|| want.cloned());
            if let Some(t) = t {
                return self.type_default(&t, c, f);
            }
        }
        // A tuple struct or tuple variant constructor.
        match self.type_target(&segs, want, f) {
            Some((def, targs, variant)) => {
                let fields = match variant {
                    Some(vi) => self.variant_fields(def, vi),
                    None => match &self.lw.model.def(def).body {
                        Body::Struct { fields, .. } => fields.clone(),
                        _ => Vec::new(),
                    },
                };
                if fields.len() != args.len() {
                    return Err(self.unsupported(c, f, "a constructor with the wrong number of fields"));
                }
                let mut values = Vec::new();
                for (field, a) in fields.iter().zip(&args) {
                    let ty = super::substitute(&field.ty, &targs);
                    values.push(if field.skip_ser { None } else { Some(self.eval(a, Some(&ty), f)?) });
                }
                Ok(match variant {
                    Some(variant) => Val::Variant { def, args: targs, variant, fields: values },
                    None => Val::Struct { def, args: targs, fields: values },
                })
            }
            None => Err(self.unsupported(
                c,
                f,
                format!("`{}` is not a fn of the workspace, nor one the CLI knows", segs.join("::")),
            )),
        }
    }

    /// Call the fn of the workspace named by `segs` with values for its parameters; `None` when no
    /// such fn can be seen. `at` is where the call is written (for failures of the call itself).
    pub fn call_values(
        &mut self,
        segs: &[String],
        values: Vec<Val>,
        want: Option<&Ty>,
        at: &dyn Spanned,
        f: &Frame,
    ) -> Option<Eval> {
        let (item, body, params, mut frame, ret) = self.fn_of(segs, want, f)?;
        if params.len() != values.len() {
            return Some(Err(self.unsupported(at, f, "a fn with another number of parameters")));
        }
        if self.active.contains(&item) {
            return Some(Err(self.unsupported(at, f, "a recursive fn")));
        }
        for ((name, _), v) in params.into_iter().zip(values) {
            frame.locals.push((name, v));
        }
        self.active.push(item);
        let out = self.block(&body, ret.as_ref().or(want), &frame);
        self.active.pop();
        Some(out)
    }

    /// Call a fn body with its parameters bound to the arguments' values.
    #[allow(clippy::too_many_arguments)]
    fn apply(
        &mut self,
        at: &dyn Spanned,
        body: &syn::Block,
        params: &[(String, Option<Ty>)],
        args: &[&Expr],
        mut frame: Frame,
        ret: Option<&Ty>,
        f: &Frame,
    ) -> Eval {
        if params.len() != args.len() {
            return Err(self.unsupported(at, f, "a call with the wrong number of arguments"));
        }
        for ((name, ty), a) in params.iter().zip(args) {
            let v = self.eval(a, ty.as_ref(), f)?;
            frame.locals.push((name.clone(), v));
        }
        self.block(body, ret, &frame)
    }

    /// The body, parameters, frame and return type of a fn of the workspace named by `segs`.
    #[allow(clippy::type_complexity)]
    fn fn_of(
        &mut self,
        segs: &[String],
        want: Option<&Ty>,
        f: &Frame,
    ) -> Option<(ItemRef, syn::Block, Vec<(String, Option<Ty>)>, Frame, Option<Ty>)> {
        let ws = self.lw.ws;
        if let Resolved::Item(item, ItemKind::Fn) = ws.resolve(f.scope.krate, f.scope.module, segs, Namespace::Value) {
            let syn::Item::Fn(func) = ws.item(item) else { return None };
            let scope = Scope { krate: item.krate, module: item.module, generics: Vec::new() };
            let params = self.params(&func.sig, &scope)?;
            let ret = self.ret(&func.sig, &scope, None).or_else(|| want.cloned());
            let body = ws.block(item.krate, item.module, &func.block).clone();
            return Some((item, body, params, Frame::new(scope), ret));
        }
        let (owner, name) = self.owner_and_member(segs, f)?;
        for imp in self.inherent_impls(owner) {
            let syn::Item::Impl(i) = ws.item(imp) else { continue };
            let Some(func) = ws.impl_items(imp.krate, imp.module, i).iter().find_map(|it| match it {
                syn::ImplItem::Fn(func) if func.sig.ident == name => Some(func),
                _ => None,
            }) else {
                continue;
            };
            let id = self.lw.def_for(owner);
            let args = match want {
                Some(Ty::Named(w, a)) if *w == id => a.clone(),
                _ => Vec::new(),
            };
            let self_ty = Ty::Named(id, args);
            let scope = Scope { krate: imp.krate, module: imp.module, generics: Vec::new() };
            let params = self.params(&func.sig, &scope)?;
            let ret = self.ret(&func.sig, &scope, Some(&self_ty)).or_else(|| want.cloned());
            let body = ws.block(imp.krate, imp.module, &func.block).clone();
            return Some((imp, body, params, Frame::new(scope).with_self(Some(self_ty)), ret));
        }
        None
    }

    /// Named parameters with their types; `None` for a method (`self`) or a pattern parameter.
    fn params(&mut self, sig: &syn::Signature, scope: &Scope) -> Option<Vec<(String, Option<Ty>)>> {
        let mut out = Vec::new();
        for input in &sig.inputs {
            let syn::FnArg::Typed(pt) = input else { return None };
            let syn::Pat::Ident(pi) = &*pt.pat else { return None };
            let ty = self.lw.lower(&pt.ty, scope);
            out.push((pi.ident.to_string(), (!matches!(ty, Ty::Unknown(_) | Ty::Param(_))).then_some(ty)));
        }
        Some(out)
    }

    fn ret(&mut self, sig: &syn::Signature, scope: &Scope, self_ty: Option<&Ty>) -> Option<Ty> {
        let syn::ReturnType::Type(_, t) = &sig.output else { return None };
        if let (syn::Type::Path(p), Some(s)) = (&**t, self_ty) {
            if p.path.is_ident("Self") {
                return Some(s.clone());
            }
        }
        let ty = self.lw.lower(t, scope);
        (!matches!(ty, Ty::Unknown(_) | Ty::Param(_))).then_some(ty)
    }

    fn type_of_path(&mut self, segs: &[String], f: &Frame) -> Option<Ty> {
        if segs == ["Self"] {
            return f.self_ty.clone();
        }
        let path: syn::Path = syn::parse_str(&segs.join("::")).ok()?;
        let t = syn::Type::Path(syn::TypePath { qself: None, path });
        let lowered = self.lw.lower(&t, &f.scope);
        (!matches!(lowered, Ty::Unknown(_))).then_some(lowered)
    }

    fn method(&mut self, m: &syn::ExprMethodCall, want: Option<&Ty>, f: &Frame) -> Eval {
        let name = m.method.to_string();
        let args: Vec<&Expr> = m.args.iter().collect();
        let identity = matches!(
            name.as_str(),
            "to_string"
                | "to_owned"
                | "into"
                | "clone"
                | "to_vec"
                | "into_owned"
                | "as_str"
                | "as_ref"
                | "as_slice"
                | "iter"
                | "into_iter"
                | "cloned"
                | "copied"
                | "collect"
                | "into_boxed_str"
        );
        if identity && args.is_empty() {
            let v = self.eval(&m.receiver, want, f)?;
            if name == "to_string" {
                if let Some(s) = v.display() {
                    return Ok(Val::Str(s));
                }
            }
            return Ok(v);
        }
        let v = self.eval(&m.receiver, None, f)?;
        match (name.as_str(), v, args.as_slice()) {
            ("len", Val::Str(s), []) => Ok(Val::Int(s.len() as i128, IntKind::Usize)),
            ("len", Val::Seq(s), []) => Ok(Val::Int(s.len() as i128, IntKind::Usize)),
            ("len", Val::Map(s), []) => Ok(Val::Int(s.len() as i128, IntKind::Usize)),
            ("is_empty", Val::Str(s), []) => Ok(Val::Bool(s.is_empty())),
            ("is_empty", Val::Seq(s), []) => Ok(Val::Bool(s.is_empty())),
            ("is_empty", Val::Map(s), []) => Ok(Val::Bool(s.is_empty())),
            ("is_none", Val::Opt(o), []) => Ok(Val::Bool(o.is_none())),
            ("is_some", Val::Opt(o), []) => Ok(Val::Bool(o.is_some())),
            ("unwrap" | "expect", Val::Opt(Some(v)), _) => Ok(*v),
            ("unwrap_or", Val::Opt(o), [d]) => match o {
                Some(v) => Ok(*v),
                None => self.eval(d, want, f),
            },
            ("unwrap_or_default", Val::Opt(o), []) => match (o, want) {
                (Some(v), _) => Ok(*v),
                (None, Some(t)) => self.type_default(&t.clone(), m, f),
                (None, None) => Err(self.unsupported(m, f, "`unwrap_or_default()` of a type the CLI cannot tell")),
            },
            ("to_uppercase", Val::Str(s), []) => Ok(Val::Str(s.to_uppercase())),
            ("to_lowercase", Val::Str(s), []) => Ok(Val::Str(s.to_lowercase())),
            ("trim", Val::Str(s), []) => Ok(Val::Str(s.trim().to_owned())),
            ("pow", Val::Int(x, k), [e]) => match self.eval(e, Some(&Ty::Int(IntKind::U32)), f)? {
                Val::Int(p, _) if (0..=128).contains(&p) => match x.checked_pow(p as u32) {
                    Some(n) => self.in_range(n, k, m, f),
                    None => Err(self.fail(m, f, Failure::Invalid, "an overflow")),
                },
                _ => Err(self.unsupported(*e, f, "an exponent that is not a small integer")),
            },
            ("min" | "max", Val::Int(x, k), [o]) => match self.eval(o, Some(&Ty::Int(k)), f)? {
                Val::Int(y, _) => Ok(Val::Int(if name == "min" { x.min(y) } else { x.max(y) }, k)),
                other => Err(self.unsupported(*o, f, format!("{} as an integer", other.kind_of()))),
            },
            ("map", Val::Seq(items), [func]) => {
                let item = element_type(want);
                items
                    .into_iter()
                    .map(|x| self.apply_fn(func, x, item.as_ref(), f))
                    .collect::<Result<_, _>>()
                    .map(Val::Seq)
            }
            ("map", Val::Opt(o), [func]) => match o {
                None => Ok(Val::Opt(None)),
                Some(x) => Ok(Val::Opt(Some(Box::new(self.apply_fn(func, *x, None, f)?)))),
            },
            (_, v, _) => Err(self.unsupported(m, f, format!("the method `.{name}()` on {}", v.kind_of()))),
        }
    }

    /// A closure `|x| body` or a conversion path (`String::from`, `ToString::to_string`) applied to
    /// a value.
    fn apply_fn(&mut self, func: &Expr, x: Val, want: Option<&Ty>, f: &Frame) -> Eval {
        match func {
            Expr::Closure(c) if c.inputs.len() == 1 => {
                let name = match &c.inputs[0] {
                    syn::Pat::Ident(pi) => pi.ident.to_string(),
                    syn::Pat::Type(pt) => match &*pt.pat {
                        syn::Pat::Ident(pi) => pi.ident.to_string(),
                        _ => return Err(self.unsupported(&c.inputs[0], f, "a closure with a pattern")),
                    },
                    syn::Pat::Reference(r) => match &*r.pat {
                        syn::Pat::Ident(pi) => pi.ident.to_string(),
                        _ => return Err(self.unsupported(&c.inputs[0], f, "a closure with a pattern")),
                    },
                    other => return Err(self.unsupported(other, f, "a closure with a pattern")),
                };
                let frame = f.clone().bind(&name, x);
                self.eval(&c.body, want, &frame)
            }
            Expr::Path(p) => {
                let segs = path_segments(&p.path);
                let last = segs.last().map(String::as_str).unwrap_or("");
                if matches!(last, "from" | "to_string" | "to_owned" | "into" | "clone" | "new") && segs.len() >= 2 {
                    return Ok(match x {
                        v @ (Val::Int(..) | Val::Float(..) | Val::Bool(_) | Val::Char(_)) if last == "to_string" => {
                            Val::Str(v.display().unwrap_or_default())
                        }
                        v => v,
                    });
                }
                Err(self.unsupported(func, f, format!("`{}` applied by `.map`", segs.join("::"))))
            }
            other => Err(self.unsupported(other, f, "a computed fn applied by `.map`")),
        }
    }

    fn field(&mut self, x: &syn::ExprField, f: &Frame) -> Eval {
        let base = self.eval(&x.base, None, f)?;
        match (&x.member, base) {
            (syn::Member::Unnamed(i), Val::Tuple(items)) => items
                .get(i.index as usize)
                .cloned()
                .ok_or_else(|| self.fail(x, f, Failure::Invalid, "no such tuple field")),
            (member, Val::Struct { def, fields, .. }) => {
                let Body::Struct { fields: decl, .. } = &self.lw.model.def(def).body else {
                    return Err(self.unsupported(x, f, "a field of a non-struct"));
                };
                let pos = decl.iter().enumerate().position(|(i, d)| member_is(member, d, i));
                match pos.and_then(|p| fields.get(p).cloned().flatten()) {
                    Some(v) => Ok(v),
                    None => Err(self.unsupported(x, f, "a field the CLI did not evaluate")),
                }
            }
            (_, other) => Err(self.unsupported(x, f, format!("a field of {}", other.kind_of()))),
        }
    }

    /// `Name { a: 1, ..base }` / `Enum::Variant { a: 1 }`.
    fn struct_literal(&mut self, s: &syn::ExprStruct, want: Option<&Ty>, f: &Frame) -> Eval {
        let segs = path_segments(&s.path);
        let Some((def, args, variant)) = self.type_target(&segs, want, f) else {
            return Err(self.unsupported(&s.path, f, format!("`{}` is not a type of the workspace", segs.join("::"))));
        };
        let decl = match variant {
            Some(vi) => self.variant_fields(def, vi),
            None => match &self.lw.model.def(def).body {
                Body::Struct { fields, .. } => fields.clone(),
                _ => return Err(self.unsupported(&s.path, f, "a struct literal of an enum")),
            },
        };
        let self_ty = Ty::Named(def, args.clone());
        let base = match &s.rest {
            Some(rest) => match self.eval(rest, Some(&self_ty), f)? {
                Val::Struct { fields, def: d, .. } if d == def => Some(fields),
                other => {
                    return Err(self.unsupported(&**rest, f, format!("{} as the base of a struct", other.kind_of())))
                }
            },
            None => None,
        };
        let mut values = Vec::new();
        for (i, field) in decl.iter().enumerate() {
            let given = s.fields.iter().find(|fv| member_is(&fv.member, field, i));
            values.push(match (given, &base) {
                (_, _) if field.skip_ser => None,
                (Some(fv), _) => Some(self.eval(&fv.expr, Some(&super::substitute(&field.ty, &args)), f)?),
                (None, Some(b)) => b.get(i).cloned().flatten(),
                (None, None) => {
                    let name = field.rust_name.clone().unwrap_or_else(|| i.to_string());
                    return Err(self.fail(s, f, Failure::Invalid, format!("field `{name}` is not given")));
                }
            });
        }
        Ok(match variant {
            Some(variant) => Val::Variant { def, args, variant, fields: values },
            None => Val::Struct { def, args, fields: values },
        })
    }

    /// `<ty as Default>::default()`.
    pub fn type_default(&mut self, ty: &Ty, at: &dyn Spanned, f: &Frame) -> Eval {
        if let Some(v) = builtin_default(ty) {
            return Ok(v);
        }
        match ty {
            Ty::Array(item, n) => {
                let x = self.type_default(item, at, f)?;
                Ok(Val::Seq(vec![x; (*n).min(MAX_REPEAT) as usize]))
            }
            Ty::Tuple(items) => {
                items.iter().map(|t| self.type_default(t, at, f)).collect::<Result<_, _>>().map(Val::Tuple)
            }
            Ty::Named(id, args) => {
                if self.depth >= MAX_DEPTH {
                    return Err(self.unsupported(at, f, "`Default` impls nested too deep"));
                }
                self.depth += 1;
                let out = self.named_default(*id, args, at, f);
                self.depth -= 1;
                out
            }
            Ty::Unknown(u) => {
                Err(self.unsupported(at, f, format!("the `Default` of `{}`, a type the CLI cannot see", u.written)))
            }
            other => Err(self.unsupported(at, f, format!("the `Default` of {other:?}"))),
        }
    }
}

/// `[x; n]` in `vec![x; n]`.
struct RepeatBody(Expr, Expr);

impl syn::parse::Parse for RepeatBody {
    fn parse(input: syn::parse::ParseStream) -> syn::Result<Self> {
        let x: Expr = input.parse()?;
        input.parse::<syn::Token![;]>()?;
        let n: Expr = input.parse()?;
        Ok(RepeatBody(x, n))
    }
}

fn member_is(member: &syn::Member, field: &super::Field, index: usize) -> bool {
    match (member, &field.rust_name) {
        (syn::Member::Named(n), Some(r)) => crate::source::unraw_ident(&n.to_string()) == *r,
        (syn::Member::Unnamed(ix), None) => ix.index as usize == index,
        _ => false,
    }
}

fn element_type(want: Option<&Ty>) -> Option<Ty> {
    match want {
        Some(Ty::Seq(t) | Ty::Set(t) | Ty::Array(t, _)) => Some((**t).clone()),
        _ => None,
    }
}

fn is_number(v: &Val) -> bool {
    matches!(v, Val::Int(..) | Val::Float(..))
}

fn compare(l: &Val, r: &Val) -> Option<std::cmp::Ordering> {
    match (l, r) {
        (Val::Int(x, _), Val::Int(y, _)) => Some(x.cmp(y)),
        (Val::Float(x, _), Val::Float(y, _)) => x.partial_cmp(y),
        (Val::Int(x, _), Val::Float(y, _)) => (*x as f64).partial_cmp(y),
        (Val::Float(x, _), Val::Int(y, _)) => x.partial_cmp(&(*y as f64)),
        (Val::Str(x), Val::Str(y)) => Some(x.cmp(y)),
        (Val::Char(x), Val::Char(y)) => Some(x.cmp(y)),
        (Val::Bool(x), Val::Bool(y)) => Some(x.cmp(y)),
        _ => None,
    }
}

fn text(node: &dyn quote::ToTokens) -> String {
    let s = node.to_token_stream().to_string();
    if s.chars().count() > 80 {
        format!("{}…", s.chars().take(80).collect::<String>())
    } else {
        s
    }
}

fn text_op(op: &syn::UnOp) -> &'static str {
    match op {
        syn::UnOp::Deref(_) => "*",
        syn::UnOp::Not(_) => "!",
        _ => "-",
    }
}

/// The value of a `&str` expression known without running anything (attribute values such as
/// `description = CONST`), written in `scope`.
pub fn eval_str(lw: &mut Lowerer, e: &Expr, scope: Scope) -> Result<String, EvalError> {
    let frame = Frame::new(scope);
    let mut ev = Evaluator::new(lw);
    match ev.eval(e, Some(&Ty::String), &frame)? {
        Val::Str(s) => Ok(s),
        other => Err(ev.unsupported(e, &frame, format!("{} where a string is expected", other.kind_of()))),
    }
}

/// An enum discriminant (`= 1`, `= -2`, `= BASE + 1`, `= 1 << 3`) written in `scope`.
pub fn discriminant(lw: &mut Lowerer, e: &Expr, scope: Scope) -> Result<i128, EvalError> {
    let frame = Frame::new(scope);
    let mut ev = Evaluator::new(lw);
    match ev.eval(e, Some(&Ty::Int(IntKind::Isize)), &frame)? {
        Val::Int(n, _) => Ok(n),
        other => Err(ev.unsupported(e, &frame, format!("{} as a discriminant", other.kind_of()))),
    }
}

#[cfg(test)]
mod tests;
