//! Our own type IR, apart from syn. A [`Ty`] is a type expression with every name resolved; a
//! [`TypeDef`] is a struct or enum of the crate with its serde and schemars attributes already
//! interpreted (both the Rust name and the serde names are kept), its traits, `with` types,
//! literal schema fns, defaults and examples evaluated. The schema flavours read only this, never
//! syn: [`Lowerer::lower_reachable`] lowers a root type and everything a schema of it can reach
//! before any schema is made.
//!
//! Three parts make the model: the [`Resolver`] (`resolve`: the workspace, its impl index, the
//! config's names for a path; read-only, shared by `&`), the model builder [`Lowerer`] (`lower`,
//! completed by `reach`, `defaults` and `literal`: lowers each struct and enum once and keeps
//! beside it what the later passes read of its source), and the evaluator ([`eval::Evaluator`]),
//! which borrows the resolver and asks the builder for types through [`eval::Types`].

mod attrs;
pub(crate) mod defaults;
pub mod eval;
pub(crate) mod literal;
mod lower;
pub(crate) mod native_values;
mod reach;
mod resolve;
mod scope;
mod serde_panic;
pub mod transform;
pub mod written;

pub use attrs::{nested as attr_args, SchemarsAttrs, Validations};
pub use lower::{Lowerer, SchemaSource};
pub use resolve::Resolver;
pub use scope::Scope;

use std::rc::Rc;

use serde_json::Value;

use crate::diagnostics::{Diagnostic, Location};
use crate::source::ItemRef;

/// A value that may be absent, known, or not knowable from the sources (the reason why): the
/// crate-wide three-way state.
#[derive(Debug, Clone, PartialEq)]
pub enum Opt<T> {
    Absent,
    Known(T),
    Opaque(String),
}

/// A value the sources give (a default, an example, a literal schema), evaluated while lowering.
#[derive(Debug, Clone)]
pub enum Shown {
    /// Absent, known, or only known at runtime (the reason: the schema is opaque).
    Value(Opt<Value>),
    /// The CLI cannot evaluate it: an error with the span at fault, reported where a schema uses it.
    Error(Box<Diagnostic>),
}

impl Shown {
    pub const ABSENT: Shown = Shown::Value(Opt::Absent);
}

/// What a type implements, as far as the sources show (derived or hand-written).
#[derive(Debug, Clone, Default)]
pub struct Traits {
    /// How the type is `JsonSchema`.
    pub json_schema: JsonSchemaImpl,
    /// `Serialize`, derived or hand-written (schemars shows no default of a type that is not).
    pub serialize: bool,
    /// A hand-written `impl Serialize` (no derive): its values are what that code writes, which
    /// the CLI does not run.
    pub own_serialize: Option<OwnSerialize>,
    /// `Default`, derived or hand-written (for the profiles; schemars' rules do not ask).
    #[allow(dead_code)]
    pub default: bool,
}

/// What a hand-written `impl Serialize` does, as far as it tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OwnSerialize {
    /// `serializer.collect_str(self)`: the JSON is a string, the type's `Display`.
    CollectStr,
    /// Anything else.
    Custom,
}

/// How a type of ours implements `JsonSchema`.
#[derive(Debug, Clone, Default)]
pub enum JsonSchemaImpl {
    /// No impl in the sources: the schema is what the derive would make.
    #[default]
    None,
    /// `#[derive(JsonSchema)]`.
    Derived,
    /// `#[derive(JsonSchema_repr)]` without `JsonSchema`: the enum's discriminants (absent when
    /// it is not an enum; opaque when one cannot be evaluated).
    Repr(Opt<Vec<i128>>),
    /// A hand-written `impl JsonSchema`: read as literals, or why it is runtime-only, and where its
    /// `for Type` is written.
    HandWritten { literal: Result<Box<HandWritten>, String>, location: Option<Location> },
}

/// What a hand-written `impl JsonSchema` says, when every fn of it is a literal or hands the
/// question to another type (`Other::json_schema(generator)`, `generator.subschema_for::<T>()`,
/// `<T as JsonSchema>::schema_name()`), which the flavour then asks as schemars would.
#[derive(Debug, Clone, PartialEq)]
pub struct HandWritten {
    pub name: Part<String>,
    /// `schema_id()`; `None` when the impl leaves it to schemars' default, `Self::schema_name()`.
    pub id: Option<Part<String>>,
    /// `inline_schema()`, `false` unless the impl says otherwise.
    pub inline: Part<bool>,
    pub schema: HandSchema,
}

/// One fn of a hand-written `impl JsonSchema`: a literal, or the same fn of another type.
#[derive(Debug, Clone, PartialEq)]
pub enum Part<T> {
    Literal(T),
    /// `Other::schema_name()`, `<Other as JsonSchema>::inline_schema()`: what `Other` answers.
    Of(Ty),
}

/// What the `json_schema` fn of a hand-written impl returns.
#[derive(Debug, Clone, PartialEq)]
pub enum HandSchema {
    /// A `json!`/`json_schema!` literal, perhaps changed by `insert`/`remove`.
    Literal(Value),
    /// `Other::json_schema(generator)`: `Other`'s own schema, never a `$ref` to it; then the
    /// keys the body inserts or removes (`let mut s = Other::json_schema(g); s.insert(…); s`).
    JsonSchemaOf(Ty, Vec<KeyChange>),
    /// `generator.subschema_for::<Other>()`: a `$ref` to `Other`'s `$defs` entry (its schema
    /// itself when `Other` is inlined); then the keys the body inserts or removes.
    SubschemaFor(Ty, Vec<KeyChange>),
}

/// `schema.insert(key, value)` (`Some`) or `schema.remove(key)` (`None`), in the body's order.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyChange {
    pub key: String,
    pub value: Option<Value>,
}

impl HandWritten {
    /// The types the impl hands a question to (lowered with it, reached by its schemas).
    pub fn delegates(&self) -> Vec<&Ty> {
        let schema = match &self.schema {
            HandSchema::JsonSchemaOf(t, _) | HandSchema::SubschemaFor(t, _) => Some(t),
            HandSchema::Literal(_) => None,
        };
        let id = self.id.as_ref().and_then(Part::delegate);
        [self.name.delegate(), id, self.inline.delegate(), schema].into_iter().flatten().collect()
    }
}

impl<T> Part<T> {
    /// The type asked, when the fn delegates.
    pub fn delegate(&self) -> Option<&Ty> {
        match self {
            Part::Of(t) => Some(t),
            Part::Literal(_) => None,
        }
    }
}

/// `#[schemars(schema_with = "path")]`: the fn's path as written and the schema it returns (known
/// when its body is a literal; opaque with the reason otherwise).
#[derive(Debug, Clone, PartialEq)]
pub struct SchemaFn {
    pub path: String,
    pub schema: Opt<Value>,
}

/// The `"default"` schemars shows for a field.
#[derive(Debug, Clone)]
pub enum FieldDefaultValue {
    /// From the field's own type or `default = "path"` fn (or none: `Shown::ABSENT`).
    Own(Shown),
    /// From the container's default value, per instantiation ([`TypeDef::container_defaults`]).
    FromContainer,
}

/// A container `#[serde(default)]` evaluated for one instantiation of the type.
#[derive(Debug, Clone)]
pub struct ContainerDefaults {
    /// The generic arguments of the instantiation.
    pub args: Vec<Ty>,
    /// Per struct field, what it shows from the container's value; `Err`: why the container's
    /// value is not known (given to the first field that asks).
    pub fields: Result<Vec<Shown>, Shown>,
}

/// A type expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Ty {
    Int(IntKind),
    Float(FloatKind),
    Bool,
    Char,
    String,
    Unit,
    /// `Vec`, `VecDeque`, `LinkedList`, `BinaryHeap`, slices.
    Seq(Box<Ty>),
    /// `HashSet`, `BTreeSet`, `IndexSet`.
    Set(Box<Ty>),
    /// `[T; N]`.
    Array(Box<Ty>, u64),
    /// `(A, B, …)` with at least one element (`()` is `Unit`).
    Tuple(Vec<Ty>),
    /// `HashMap`, `BTreeMap`, `IndexMap`, `serde_json::Map` (key, value).
    Map(Box<Ty>, Box<Ty>),
    Option(Box<Ty>),
    /// `serde_json::Value`.
    JsonValue,
    /// `serde_json::Number`.
    JsonNumber,
    /// A type of another crate whose schema is known (chrono, uuid, std::net, std::time…).
    Leaf(Leaf),
    /// A struct or enum of ours, with its generic arguments.
    Named(DefId, Vec<Ty>),
    /// The n-th generic type parameter of the definition being described.
    Param(usize),
    /// A type we cannot see: another crate's type without a known schema, a macro type.
    Unknown(Unknown),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Unknown {
    /// The path as written (`url::Url`).
    pub written: String,
    pub location: Option<Location>,
    /// Where it was written, for telling a type we failed to find from another crate's type;
    /// `None` for the placeholders lowering makes itself (`_`, a type too deep).
    pub origin: Option<Origin>,
    /// The key of `GenerateOptions::overrides.types` that gives its schema.
    pub override_key: Option<String>,
}

/// The module an unknown type path was written in, and the path.
#[derive(Debug, Clone, PartialEq)]
pub struct Origin {
    pub krate: usize,
    pub module: crate::source::ModuleId,
    /// The segments as written (a leading `::` is an empty first segment); empty when the type
    /// is not a path (`impl Trait`, a macro).
    pub segments: Vec<String>,
}

impl PartialEq for Location {
    fn eq(&self, other: &Self) -> bool {
        self.start == other.start && self.len == other.len && self.file.path == other.file.path
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IntKind {
    I8,
    I16,
    I32,
    I64,
    I128,
    Isize,
    U8,
    U16,
    U32,
    U64,
    U128,
    Usize,
}

impl IntKind {
    pub fn is_signed(self) -> bool {
        matches!(self, IntKind::I8 | IntKind::I16 | IntKind::I32 | IntKind::I64 | IntKind::I128 | IntKind::Isize)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FloatKind {
    F32,
    F64,
}

/// Types of std and well-known crates with a fixed schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Leaf {
    DateTime,
    NaiveDateTime,
    NaiveDate,
    NaiveTime,
    Uuid,
    /// `std::time::Duration`.
    Duration,
    SystemTime,
    IpAddr,
    Ipv4Addr,
    Ipv6Addr,
    SocketAddr,
    PathBuf,
    NonZero(IntKind),
    /// The types schemars implements `JsonSchema` for behind a feature of its own (`url2`,
    /// `bytes1`, …): asked of schemars at run time like the ones above.
    Url,
    /// `bytes::Bytes` and `BytesMut`.
    Bytes,
    /// `rust_decimal::Decimal`.
    Decimal,
    BigDecimal,
    /// `semver::Version`.
    SemVer,
    Jiff(JiffKind),
}

/// The jiff 0.2 types schemars (`jiff02`) knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JiffKind {
    Timestamp,
    Zoned,
    Date,
    Time,
    DateTime,
    Span,
    SignedDuration,
}

/// Index of a [`TypeDef`] in [`Model::defs`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DefId(pub usize);

/// Every struct and enum of the crate that some tool reaches, lowered on first use.
#[derive(Debug, Default)]
pub struct Model {
    /// By `Rc`: a pass reads a definition ([`Model::shared`]) while the evaluator lowers more
    /// types, which only appends here; nothing is copied.
    pub defs: Vec<Rc<TypeDef>>,
}

impl Model {
    pub fn def(&self, id: DefId) -> &TypeDef {
        &self.defs[id.0]
    }

    /// A definition to read while evaluating (which may lower more types).
    pub fn shared(&self, id: DefId) -> Rc<TypeDef> {
        Rc::clone(&self.defs[id.0])
    }

    /// A definition to fill in. The passes drop what they read ([`Model::shared`]) before they
    /// write, so this never copies it.
    pub(crate) fn def_mut(&mut self, id: DefId) -> &mut TypeDef {
        Rc::make_mut(&mut self.defs[id.0])
    }

    /// Add a definition; its id.
    pub(crate) fn push(&mut self, def: TypeDef) -> DefId {
        self.defs.push(Rc::new(def));
        DefId(self.defs.len() - 1)
    }
}

/// A struct or enum declaration.
#[derive(Debug, Clone)]
pub struct TypeDef {
    /// The Rust identifier (`WeatherData`).
    pub rust_name: String,
    pub item: ItemRef,
    /// Where the type's name is written: diagnostics about the type point here.
    pub location: Location,
    /// The names of the generic type parameters, in order.
    pub generics: Vec<String>,
    /// The crate and modules the type is written in (`["kit", "model"]`).
    pub module_path: Vec<String>,
    /// Raw doc lines: each `#[doc]` string with one leading space removed.
    pub docs: Vec<String>,
    pub serde: ContainerSerde,
    pub schemars: SchemarsAttrs,
    pub deprecated: bool,
    pub body: Body,
    /// Its traits (filled by [`Lowerer::lower_reachable`]).
    pub traits: Traits,
    /// Container defaults per instantiation reached (filled by [`Lowerer::lower_reachable`]).
    pub container_defaults: Vec<ContainerDefaults>,
}

/// serde's container attributes, as serde itself reads them.
#[derive(Debug, Clone, Default)]
pub struct ContainerSerde {
    pub ser_name: String,
    pub de_name: String,
    pub tag: Tag,
    pub transparent: bool,
    pub deny_unknown_fields: bool,
    /// Container `#[serde(default)]` / `default = "path"`.
    pub default: FieldDefault,
    pub from: Option<Ty>,
    pub try_from: Option<Ty>,
    pub into: Option<Ty>,
    /// serde could not read the attributes (it would not compile); the messages.
    pub errors: Vec<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Tag {
    #[default]
    External,
    Internal(String),
    Adjacent(String, String),
    Untagged,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    Struct,
    Tuple,
    Newtype,
    Unit,
}

#[derive(Debug, Clone)]
pub enum Body {
    Struct {
        style: Style,
        fields: Vec<Field>,
    },
    Enum {
        variants: Vec<Variant>,
    },
    /// A union, or something serde refuses: no schema.
    Unsupported(String),
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum FieldDefault {
    #[default]
    None,
    /// `#[serde(default)]`: the type's `Default`.
    Default,
    /// `#[serde(default = "path")]`.
    Path(String),
}

#[derive(Debug, Clone)]
pub struct Field {
    /// `None` for tuple fields.
    pub rust_name: Option<String>,
    pub ser_name: String,
    pub de_name: String,
    pub ty: Ty,
    pub docs: Vec<String>,
    /// The field as written: diagnostics about it point here.
    pub location: Location,
    pub skip_ser: bool,
    pub skip_de: bool,
    /// `skip_serializing_if = "path"`.
    pub skip_ser_if: Option<String>,
    pub default: FieldDefault,
    pub flatten: bool,
    pub schemars: SchemarsAttrs,
    pub deprecated: bool,
    /// The `"default"` schemars shows (filled by [`Lowerer::lower_reachable`]).
    pub default_value: FieldDefaultValue,
    /// The name and skip serde itself writes a value with: schemars' `rename`/`skip` change the
    /// schema only, a default value is still serialised by serde.
    pub value_name: String,
    pub value_skip: bool,
}

#[derive(Debug, Clone)]
pub struct Variant {
    pub rust_name: String,
    pub ser_name: String,
    pub de_name: String,
    pub style: Style,
    pub fields: Vec<Field>,
    pub docs: Vec<String>,
    /// The variant as written: diagnostics about it point here.
    pub location: Location,
    pub skip_ser: bool,
    pub skip_de: bool,
    pub untagged: bool,
    pub schemars: SchemarsAttrs,
    pub deprecated: bool,
    /// As for [`Field::value_name`].
    pub value_name: String,
    pub value_skip: bool,
}

impl TypeDef {
    pub fn is_unit_struct(&self) -> bool {
        matches!(self.body, Body::Struct { style: Style::Unit, .. })
    }

    /// An enum whose variants are all unit variants (and there is at least one).
    pub fn is_unit_enum(&self) -> bool {
        match &self.body {
            Body::Enum { variants } => !variants.is_empty() && variants.iter().all(|v| v.style == Style::Unit),
            _ => false,
        }
    }

    /// The single field of a newtype struct.
    pub fn newtype_field(&self) -> Option<&Field> {
        match &self.body {
            Body::Struct { style: Style::Newtype, fields } => fields.first(),
            _ => None,
        }
    }

    /// The crate-qualified path of the type (`kit::model::Blob`).
    pub fn qualified_path(&self) -> String {
        let mut path = self.module_path.clone();
        path.push(self.rust_name.clone());
        path.join("::")
    }

    /// The container defaults of an instantiation, when it was reached.
    pub fn container_defaults_for(&self, args: &[Ty]) -> Option<&ContainerDefaults> {
        self.container_defaults.iter().find(|c| c.args == args)
    }

    /// The scope the definition is written in: its module, with its generic parameters.
    pub fn scope(&self) -> Scope {
        Scope { krate: self.item.krate, module: self.item.module, generics: self.generics.clone() }
    }
}

impl Ty {
    /// Whether a generic parameter appears in the type.
    pub fn mentions_param(&self) -> bool {
        match self {
            Ty::Param(_) => true,
            Ty::Seq(t) | Ty::Set(t) | Ty::Array(t, _) | Ty::Option(t) => t.mentions_param(),
            Ty::Map(k, v) => k.mentions_param() || v.mentions_param(),
            Ty::Tuple(ts) | Ty::Named(_, ts) => ts.iter().any(Ty::mentions_param),
            _ => false,
        }
    }

    /// The number of nodes of the type tree, counted up to `limit` (then `limit`).
    pub fn size_up_to(&self, limit: usize) -> usize {
        let mut count = 0;
        self.count_nodes(&mut count, limit);
        count.min(limit)
    }

    fn count_nodes(&self, count: &mut usize, limit: usize) {
        *count += 1;
        if *count >= limit {
            return;
        }
        match self {
            Ty::Seq(t) | Ty::Set(t) | Ty::Array(t, _) | Ty::Option(t) => t.count_nodes(count, limit),
            Ty::Map(k, v) => {
                k.count_nodes(count, limit);
                v.count_nodes(count, limit);
            }
            Ty::Tuple(ts) | Ty::Named(_, ts) => ts.iter().for_each(|t| t.count_nodes(count, limit)),
            _ => {}
        }
    }
}

/// Replace `Param(i)` by `args[i]` (a missing argument stays a parameter).
pub fn substitute(ty: &Ty, args: &[Ty]) -> Ty {
    if args.is_empty() {
        return ty.clone();
    }
    let sub = |t: &Ty| Box::new(substitute(t, args));
    match ty {
        Ty::Param(i) => args.get(*i).cloned().unwrap_or(Ty::Param(*i)),
        Ty::Seq(t) => Ty::Seq(sub(t)),
        Ty::Set(t) => Ty::Set(sub(t)),
        Ty::Array(t, n) => Ty::Array(sub(t), *n),
        Ty::Tuple(ts) => Ty::Tuple(ts.iter().map(|t| substitute(t, args)).collect()),
        Ty::Map(k, v) => Ty::Map(sub(k), sub(v)),
        Ty::Option(t) => Ty::Option(sub(t)),
        Ty::Named(id, a) => Ty::Named(*id, a.iter().map(|t| substitute(t, args)).collect()),
        other => other.clone(),
    }
}

/// The raw doc of an item: every `#[doc = "…"]` string with one leading space removed.
pub fn doc_lines(attrs: &[syn::Attribute]) -> Vec<String> {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("doc"))
        .filter_map(|a| match &a.meta {
            syn::Meta::NameValue(nv) => match &nv.value {
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        })
        .map(|s| s.strip_prefix(' ').map(str::to_owned).unwrap_or(s))
        .collect()
}
