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
//! `format!` (plain `{}` placeholders), `stringify!`, `include_str!`, `json!`,
//! `env!("CARGO_PKG_…")` (from the manifest); `Some`, `None`, `String::from`, `.to_string()`,
//! `.into()`, `Vec::new()`, `HashMap::from`, `Box::new`, `Duration::from_secs`…; std methods as
//! tables, a row and a test each (`methods.rs`, `methods_std.rs`: `Option`/`Result`, iterators
//! and closures, `str`, `Value`/`Map`; a path to a method is a fn value, `Value::as_str`); `Err(e)`
//! is a value of its own ([`Val::Err`]), `Ok(x)` is `x`; struct literals with
//! `..Default::default()`; enum variants; `Default::default()` of any type of ours; calls of fns
//! of the workspace (free or associated) whose body is itself in this grammar, arguments bound.
//!
//! The rule for what is not: an expression outside the grammar fails with
//! [`Failure::Unsupported`] (our limit, an error: the user simplifies it or gives the schema in
//! the config); one whose value is made when the program runs or is built (the clock, the
//! environment, randomness, files, another `env!`: see [`RUNTIME_APIS`]) with
//! [`Failure::Runtime`] (a warning, the key left out); one rustc would refuse (an overflow, a
//! missing field) with [`Failure::Invalid`] (an error). Every failure carries the span of the
//! sub-expression at fault.
//!
//! This is the evaluator core. [`syntax`] is its reading of code (locals and scopes, parameters,
//! branches and their conditions, `#[cfg]`, flat chains), which the router evaluator
//! (`profile::rmcp::routers`) shares; [`json`] is the one reader of `json!` literals. The
//! evaluator reads the sources through the shared [`Resolver`] and asks the model builder for
//! types through [`Types`]; it names no builder, so that `model`'s modules form no cycle: the
//! builder (`lower`) calls the evaluator, never the reverse.

pub mod budget;
mod calls;
mod default_impl;
mod exec;
mod items;
pub mod json;
mod jsonval;
mod macros;
mod methods;
mod methods_std;
mod mutate;
mod numbers;
mod patterns;
mod std_fns;
pub mod syntax;

pub use jsonval::{Place, SchemaCall};

pub use syntax::tail_expr;
use syntax::Locals;

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Expr, Lit};

use super::resolve::Resolver;
use super::{Body, DefId, FloatKind, IntKind, Model, Opt, Scope, Ty};
use crate::diagnostics::{Code, Location};
use crate::source::impls::TypeKey;
use crate::source::{ItemKind, ItemRef, ModuleId, Namespace, Resolved, Workspace};

/// Diagnostic code: a serde default (a field's or container's `default`, a `Default` impl)
/// outside what the evaluator knows.
pub const DEFAULT_NOT_EVALUABLE: Code = Code::DefaultNotEvaluable;

/// Diagnostic code: an attribute value (`description = expr`, `#[schemars(example = expr)]`)
/// outside what the evaluator knows.
pub const VALUE_NOT_EVALUABLE: Code = Code::ValueNotEvaluable;

/// What to tell the user when a default cannot be evaluated.
pub const HELP: &str = "the CLI evaluates literals, arithmetic, casts, consts and statics, strings, `Some`/`vec!`/\
     `Vec::new()`, struct literals with `..Default::default()`, enum variants and fns of the workspace made of these; \
     simplify the expression to these, or give the tool's schema in the config `schemas` table";

/// What to tell the user when an attribute value cannot be evaluated.
pub const HELP_VALUE: &str = "the CLI evaluates literals, `concat!`, `env!(\"CARGO_PKG_…\")`, `include_str!`, consts \
     and statics, and fns of the workspace made of these; write the value in these terms";

pub use budget::{Budget, MAX_DEPTH, MAX_STEPS};
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
    /// A `&mut` to a local or to a part of a local's JSON value (`v.get_mut("k")`,
    /// `for x in m.values_mut()`); only a statement-by-statement run makes one.
    Ref(Place),
    /// A schemars `SchemaSettings` or `SchemaGenerator`.
    Schemars(jsonval::Generator),
    /// A `Result`'s `Err(e)` (`ok_or`, `Err(…)`); an `Ok(x)` is `x` itself.
    Err(Box<Val>),
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
    pub fn location(&self, ws: &Workspace) -> Location {
        ws.crates[self.krate].file_of(self.module).location(self.span)
    }
}

pub type Eval = Result<Val, EvalError>;

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

/// Where code is read, for every walker of the interpreter: its module, the `Self` type, the
/// locals bound so far. A walker plugs its value domain in: `V` is what a local holds (a
/// [`Val`] for the value evaluator, the routes of a router for the rmcp router evaluator, the
/// tools of a list for the tower-mcp reader), `S` what `Self` is to it (a lowered type, the
/// router's server type, nothing).
#[derive(Debug, Clone)]
pub struct Frame<V = Val, S = Option<Ty>> {
    pub scope: Scope,
    pub self_ty: S,
    pub locals: Locals<V>,
    /// The fn's generic parameters bound by the call (`helper::<Out>()`): the type as written
    /// and where, so that `schema_for!(T)` in the body means the caller's type.
    pub type_args: Vec<(String, syn::Type, Scope)>,
}

impl<V, S> Frame<V, S> {
    /// A frame of a walker's domain, with no local bound yet.
    pub fn of(scope: Scope, self_ty: S) -> Self {
        Frame { scope, self_ty, locals: Locals::default(), type_args: Vec::new() }
    }
}

impl Frame {
    pub fn new(scope: Scope) -> Self {
        Frame::of(scope, None)
    }

    pub fn with_self(mut self, ty: Option<Ty>) -> Self {
        self.self_ty = ty;
        self
    }

    pub fn bind(mut self, name: &str, v: Val) -> Self {
        self.locals.bind(name.to_owned(), v);
        self
    }

    /// A local's value, through a reference when the local is one.
    fn local(&self, name: &str) -> Option<Val> {
        match self.locals.get(name)? {
            Val::Ref(place) => jsonval::read_place(self, place),
            v => Some(v.clone()),
        }
    }
}

/// What is being evaluated, for the recursion checks: an item, and the member of an impl block
/// when it is one, by the address of its syntax (the workspace's trees do not move during a run).
/// An impl block alone would take a method that calls another method, or reads a const, of its
/// own impl for recursion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Active {
    item: ItemRef,
    member: usize,
}

impl Active {
    /// A whole item (a const, a static, a free fn, an `impl Default`).
    pub(crate) fn item(item: ItemRef) -> Active {
        Active { item, member: 0 }
    }

    /// A member of the impl block `item` (a method by its body, an associated const).
    pub(crate) fn member<T>(item: ItemRef, member: &T) -> Active {
        Active { item, member: member as *const T as usize }
    }
}

/// What the evaluator asks of the model builder ([`super::Lowerer`] implements it): the
/// definitions lowered so far, and the lowering of the types it meets (a `let x: T`, a fn's
/// parameters, a struct literal's type). The evaluator names no builder: lowering needs the
/// evaluator (array lengths, discriminants, attribute values), not the other way round.
pub trait Types {
    fn model(&self) -> &Model;
    fn lower(&mut self, ty: &syn::Type, scope: &Scope) -> Ty;
    /// The schema an SDK or schemars fn gives for a type (`schema_for!(T)`,
    /// `schema_for_type::<T>()`), from the schema pipeline of the profile that runs; `Err` with
    /// why not (no profile gives one, or the type's schema cannot be made).
    fn schema_of(&mut self, _ty: &syn::Type, _scope: &Scope, _call: SchemaCall) -> Result<serde_json::Value, String> {
        Err("no schema pipeline is given to the evaluator here".into())
    }
    /// What `serde_json::to_value` gives for a value (serde's serialisation emulated).
    fn serialize(&mut self, v: &Val) -> Result<serde_json::Value, String>;
    /// The definition of a struct or enum, lowered on first use.
    fn def_for(&mut self, item: ItemRef) -> DefId;
    /// Whether a plain `#[derive(…)]` on the definition names the trait.
    fn derives(&self, def: DefId, name: &str) -> bool;
}

/// The evaluator: reads the sources through the shared [`Resolver`], and asks the model builder
/// for the types it meets.
pub struct Evaluator<'a, 'w> {
    pub rs: &'a Resolver<'w>,
    pub types: &'a mut dyn Types,
    /// Depth and steps so far, and the consts and fns being evaluated: reaching one again is a
    /// cycle (fns run statement by statement may recurse, within the budget).
    budget: Budget<Active>,
    /// Methods of another crate whose value the caller knows (rmcp's `router.list_all()`: the
    /// tools generated), by name, taken without their receiver.
    pub given_methods: Vec<(&'static str, Val)>,
    /// Fns of another crate that only wrap their one argument (`ListToolsResult::with_all_items`).
    pub wrapping_fns: Vec<&'static str>,
    /// Values of another crate's paths the caller knows (rmcp's `TaskSupport::Forbidden`), by
    /// the path's last two segments.
    pub given_paths: Vec<(&'static str, Val)>,
    /// Fns of another crate the caller knows (rmcp's `ToolExecution::from_raw`), by the path's
    /// last two segments: the value for the arguments' values, `None` when they do not fit.
    pub given_fns: Vec<(&'static str, GivenFn)>,
    /// Struct literals of another crate whose value is one field's (`ListToolsResult { tools,
    /// .. }`: its `tools`), by the struct's name.
    pub given_structs: Vec<(&'static str, &'static str)>,
    /// Methods of another crate whose value is their receiver's, unchanged for the caller's
    /// purpose (`ListToolsResult::with_ttl_ms`: the tools listed stay the same), by name; their
    /// arguments are not evaluated.
    pub receiver_methods: Vec<&'static str>,
    /// Fields of another crate's values held as JSON that are `Option`s
    /// (`PaginatedRequestParams::cursor`), by name: `null` reads as `None`, a value as `Some`.
    pub option_fields: Vec<&'static str>,
    /// Builder methods of another crate's values held as JSON objects that set one field to
    /// their one argument (`Tool::with_title(t)`: `title`), by name.
    pub setter_methods: Vec<(&'static str, &'static str)>,
    /// Struct literals of another crate held as the JSON object of their fields, each given
    /// field's value serialised and the others `null` (rmcp's `Tool { name, .. }`), by the
    /// struct's name, with its fields.
    pub json_structs: Vec<(&'static str, &'static [&'static str])>,
    /// The environment startup code runs in (`Some`: `std::env::var`/`var_os` evaluate, a
    /// variable not named here as unset); `None` elsewhere, where reading one is a runtime value.
    pub env: Option<Vec<(String, String)>>,
    /// The variables read as unset, with where (for a note naming each).
    pub env_unset: Vec<EvalError>,
    /// The workspace fns called so far (an associated fn by its `impl`): what a caller that
    /// evaluated a body knows was followed.
    pub ran: Vec<ItemRef>,
    /// The transforms of the schemars settings made so far (`with_transform(t)`,
    /// `settings.transforms.push(Box::new(t))`), as written and where: a [`jsonval::Generator`]
    /// names its list by index.
    generator_transforms: Vec<Vec<(Expr, Scope)>>,
}

pub(crate) use super::scope::path_segments;

/// A fn of another crate whose value the caller knows (see [`Evaluator::given_fns`]).
pub type GivenFn = fn(Vec<Val>) -> Option<Val>;

/// `A::B` of a path's last two segments (`rmcp::model::TaskSupport::Forbidden`).
fn last_two(segs: &[String]) -> Option<String> {
    match segs {
        [.., a, b] => Some(format!("{a}::{b}")),
        _ => None,
    }
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
            Val::Ref(_) => "a reference",
            Val::Schemars(_) => "schemars settings",
            Val::Err(_) => "an `Err`",
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
            Val::Json(serde_json::Value::String(s)) => s.clone(),
            Val::Json(j @ (serde_json::Value::Number(_) | serde_json::Value::Bool(_))) => j.to_string(),
            _ => return None,
        })
    }
}

impl<'a, 'w> Evaluator<'a, 'w> {
    pub fn new(rs: &'a Resolver<'w>, types: &'a mut dyn Types) -> Self {
        Evaluator {
            rs,
            types,
            budget: Budget::default(),
            given_methods: Vec::new(),
            wrapping_fns: Vec::new(),
            given_paths: Vec::new(),
            given_fns: Vec::new(),
            given_structs: Vec::new(),
            receiver_methods: Vec::new(),
            option_fields: Vec::new(),
            setter_methods: Vec::new(),
            json_structs: Vec::new(),
            env: None,
            env_unset: Vec::new(),
            ran: Vec::new(),
            generator_transforms: Vec::new(),
        }
    }

    /// The workspace the sources are read from.
    fn ws(&self) -> &'a Workspace {
        self.rs.ws
    }

    /// The value of a `&str` expression known without running anything (attribute values such
    /// as `description = CONST`), written in `scope`.
    pub fn eval_str(&mut self, e: &Expr, scope: Scope) -> Result<String, EvalError> {
        let frame = Frame::new(scope);
        match self.eval(e, Some(&Ty::String), &frame)? {
            Val::Str(s) => Ok(s),
            other => Err(self.unsupported(e, &frame, format!("{} where a string is expected", other.kind_of()))),
        }
    }

    /// The length of an array type (`[T; 4]`, `[T; 2 * N]` with `N` a const) written in `scope`.
    pub fn array_len(&mut self, e: &Expr, scope: Scope) -> Option<u64> {
        match self.eval(e, Some(&Ty::Int(IntKind::Usize)), &Frame::new(scope)) {
            Ok(Val::Int(n, _)) => u64::try_from(n).ok(),
            _ => None,
        }
    }

    /// An enum discriminant (`= 1`, `= -2`, `= BASE + 1`, `= 1 << 3`) written in `scope`.
    pub fn discriminant(&mut self, e: &Expr, scope: Scope) -> Result<i128, EvalError> {
        let frame = Frame::new(scope);
        match self.eval(e, Some(&Ty::Int(IntKind::Isize)), &frame)? {
            Val::Int(n, _) => Ok(n),
            other => Err(self.unsupported(e, &frame, format!("{} as a discriminant", other.kind_of()))),
        }
    }

    fn fail(&self, node: &dyn Spanned, f: &Frame, failure: Failure, reason: impl Into<String>) -> EvalError {
        EvalError { failure, reason: reason.into(), span: node.span(), krate: f.scope.krate, module: f.scope.module }
    }

    pub fn unsupported(&self, node: &dyn Spanned, f: &Frame, reason: impl Into<String>) -> EvalError {
        self.fail(node, f, Failure::Unsupported, reason)
    }

    /// The value of `e`, of type `want` when known, evaluated in `f`.
    pub fn eval(&mut self, e: &Expr, want: Option<&Ty>, f: &Frame) -> Eval {
        if !self.budget.enter() {
            return Err(self.unsupported(e, f, format!("it nests more than {MAX_DEPTH} evaluations deep")));
        }
        let out = self.eval_inner(e, want, f);
        self.budget.leave();
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
            // An `async` block and `.await`: the tools/list a server sends is the future's value,
            // and the evaluator has no time; a workspace `async fn`'s call is its body's value.
            Expr::Async(a) => self.block(&a.block, want, f),
            Expr::Await(a) => self.eval(&a.base, want, f),
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
                self.grown(n.saturating_mul(budget::size_of(&x)), r, f)?;
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
            Expr::Macro(m) => self.mac(&m.mac, want, f),
            Expr::Path(p) if p.qself.is_none() => self.path(&p.path, e, want, f),
            Expr::Call(c) => self.call(c, want, f),
            Expr::MethodCall(m) => self.method(m, want, f),
            Expr::Struct(s) if s.qself.is_none() => self.struct_literal(s, want, f),
            Expr::Field(x) => self.field(x, f),
            Expr::Index(x) => {
                let base = self.eval(&x.expr, None, f)?;
                if let Expr::Range(range) = &*x.index {
                    return self.slice(base, range, e, f);
                }
                if let Val::Json(j) = &base {
                    // `Index` of `Value`: a missing key or index (or a non-container) reads `null`.
                    let k = self.eval(&x.index, None, f)?;
                    return match jsonval::seg_of(&k) {
                        Some(jsonval::Seg::Key(k)) => Ok(Val::Json(j.get(&k).cloned().unwrap_or_default())),
                        Some(jsonval::Seg::Index(i)) => Ok(Val::Json(j.get(i).cloned().unwrap_or_default())),
                        None => Err(self.unsupported(&*x.index, f, "an index that is not a key")),
                    };
                }
                if let Val::Map(entries) = &base {
                    let k = self.eval(&x.index, None, f)?;
                    return match entries.iter().find(|(key, _)| *key == k) {
                        Some((_, v)) => Ok(v.clone()),
                        None => Err(self.fail(e, f, Failure::Invalid, "a key that is not in the map panics")),
                    };
                }
                let i = self.count(&x.index, f)?;
                match base {
                    Val::Seq(items) | Val::Tuple(items) => {
                        items.get(i).cloned().ok_or_else(|| self.fail(e, f, Failure::Invalid, "index out of bounds"))
                    }
                    other => Err(self.unsupported(e, f, format!("indexing {}", other.kind_of()))),
                }
            }
            // `x?` of an `Option` value known to be `Some`, or of a `Result` known to be `Ok`.
            Expr::Try(t) => match self.eval(&t.expr, None, f)? {
                Val::Opt(Some(v)) => Ok(*v),
                // A `Result` the evaluator knows is `Ok` (`to_value`, an SDK schema fn).
                v @ Val::Json(_) => Ok(v),
                other => Err(self.unsupported(e, f, format!("`?` on {}", other.kind_of()))),
            },
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

    fn boolean(&mut self, e: &Expr, f: &Frame) -> Result<bool, EvalError> {
        match self.eval(e, Some(&Ty::Bool), f)? {
            Val::Bool(b) => Ok(b),
            other => Err(self.unsupported(e, f, format!("{} where a bool is expected", other.kind_of()))),
        }
    }

    /// `base[a..b]` (`a..`, `..b`, `..=b`, `..`) of a sequence, a JSON array or a string; a range
    /// out of bounds (or off a char boundary) panics, as it does in Rust.
    fn slice(&mut self, base: Val, range: &syn::ExprRange, e: &Expr, f: &Frame) -> Eval {
        let len = match &base {
            Val::Seq(items) => items.len(),
            Val::Json(serde_json::Value::Array(items)) => items.len(),
            Val::Str(s) => s.len(),
            other => return Err(self.unsupported(e, f, format!("slicing {}", other.kind_of()))),
        };
        let start = match &range.start {
            Some(s) => self.count(s, f)?,
            None => 0,
        };
        let end = match &range.end {
            Some(x) if matches!(range.limits, syn::RangeLimits::Closed(_)) => self.count(x, f)? + 1,
            Some(x) => self.count(x, f)?,
            None => len,
        };
        if start > end || end > len {
            return Err(self.fail(e, f, Failure::Invalid, "a range out of bounds panics"));
        }
        match base {
            Val::Seq(items) => Ok(Val::Seq(items[start..end].to_vec())),
            Val::Json(serde_json::Value::Array(items)) => {
                Ok(Val::Json(serde_json::Value::Array(items[start..end].to_vec())))
            }
            Val::Str(s) => match s.get(start..end) {
                Some(part) => Ok(Val::Str(part.to_owned())),
                None => Err(self.fail(e, f, Failure::Invalid, "a range off a char boundary panics")),
            },
            _ => unreachable!("measured above"),
        }
    }

    /// The `const` items of a block, bound as locals for the whole block (an item is visible in
    /// all of its block, also before it is written; rustc evaluates it at compile time).
    pub(super) fn bind_block_consts(&mut self, stmts: &[syn::Stmt], frame: &mut Frame) -> Result<(), EvalError> {
        for stmt in stmts {
            if let syn::Stmt::Item(syn::Item::Const(c)) = stmt {
                let ty = self.types.lower(&c.ty, &frame.scope);
                let v = self.eval(&c.expr, Some(&ty), frame)?;
                frame.locals.bind(c.ident.to_string(), v);
            }
        }
        Ok(())
    }

    /// A block: `let x = …;` bindings, then its tail expression.
    fn block(&mut self, block: &syn::Block, want: Option<&Ty>, f: &Frame) -> Eval {
        if exec::needs_run(block) {
            return self.run_block_value(block, want, f);
        }
        let mut frame = f.clone();
        self.bind_block_consts(&block.stmts, &mut frame)?;
        let Some((last, init)) = block.stmts.split_last() else { return Ok(Val::Unit) };
        for stmt in init {
            match stmt {
                syn::Stmt::Local(local) => {
                    let (name, ty) = match &local.pat {
                        syn::Pat::Ident(pi) if pi.subpat.is_none() => (pi.ident.to_string(), None),
                        syn::Pat::Type(pt) => match &*pt.pat {
                            syn::Pat::Ident(pi) => (pi.ident.to_string(), Some(self.types.lower(&pt.ty, &f.scope))),
                            _ => return Err(self.unsupported(&local.pat, f, "a `let` with a pattern")),
                        },
                        _ => return Err(self.unsupported(&local.pat, f, "a `let` with a pattern")),
                    };
                    let Some(init) = local.init.as_ref().filter(|i| i.diverge.is_none()) else {
                        return Err(self.unsupported(local, f, "a `let` without a plain initialiser"));
                    };
                    let v = self.eval(&init.expr, ty.as_ref(), &frame)?;
                    frame.locals.bind(name, v);
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
}

fn member_is(member: &syn::Member, field: &crate::model::Field, index: usize) -> bool {
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

fn text(node: &dyn quote::ToTokens) -> String {
    syntax::clip(&node.to_token_stream().to_string())
}

fn text_op(op: &syn::UnOp) -> &'static str {
    match op {
        syn::UnOp::Deref(_) => "*",
        syn::UnOp::Not(_) => "!",
        _ => "-",
    }
}

#[cfg(test)]
mod json_tests;
#[cfg(test)]
mod macros_tests;
#[cfg(test)]
mod methods_tests;
#[cfg(test)]
mod mutate_tests;
#[cfg(test)]
mod std_fns_tests;
#[cfg(test)]
mod tests;
