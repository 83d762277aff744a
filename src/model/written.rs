//! Types and attributes as they are written, for a schema flavour whose derive reads spelling
//! rather than meaning: rust-mcp-sdk's own `JsonSchema` derive tells `Option<T>` from
//! `std::option::Option<T>`, and reads `#[json_schema(...)]` and `#[serde(...)]` with a parser
//! that stops at the first entry it does not expect. So this keeps, as plain data, each path's
//! segments as written and each attribute's entries in order, up to where its syntax ends.
//!
//! The profile that discovers the tools builds it from the syntax tree (resolving the single
//! identifiers the derive would call `json_schema()` on); the flavour reads only this.

use crate::diagnostics::Location;

/// Index of a [`WrittenDef`] in [`WrittenModel::defs`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WrittenId(pub usize);

/// Every struct and enum whose derived schema some tool reaches.
#[derive(Debug, Default)]
pub struct WrittenModel {
    pub defs: Vec<WrittenDef>,
}

impl WrittenModel {
    pub fn def(&self, id: WrittenId) -> &WrittenDef {
        &self.defs[id.0]
    }
}

/// A struct or enum that derives the schema.
#[derive(Debug, Clone)]
pub struct WrittenDef {
    pub rust_name: String,
    /// Where its name is written.
    pub location: Location,
    pub body: WrittenBody,
}

#[derive(Debug, Clone)]
pub enum WrittenBody {
    /// A struct with named fields (the only struct shape the derive takes).
    Struct(Vec<WrittenField>),
    Enum(Vec<WrittenVariant>),
}

/// A named or positional field.
#[derive(Debug, Clone)]
pub struct WrittenField {
    /// The identifier as written (`r#type` keeps its `r#`); empty for a positional field.
    pub ident: String,
    pub ty: WrittenTy,
    pub attrs: WrittenAttrs,
    /// Where the field is written.
    pub location: Location,
}

#[derive(Debug, Clone)]
pub struct WrittenVariant {
    pub ident: String,
    pub attrs: WrittenAttrs,
    pub fields: VariantFields,
}

#[derive(Debug, Clone)]
pub enum VariantFields {
    Unit,
    Tuple(Vec<WrittenField>),
    Named(Vec<WrittenField>),
}

/// The attributes of a field or variant that a derive may read, in the order written.
#[derive(Debug, Clone, Default)]
pub struct WrittenAttrs {
    /// The string of each `#[doc = "…"]` whose value is a plain literal (`///` comments included),
    /// untrimmed; other doc values (`#[doc = concat!(…)]`) are left out.
    pub docs: Vec<String>,
    /// Each `#[serde(...)]`.
    pub serde: Vec<MetaEntries>,
    /// Each `#[json_schema(...)]`.
    pub json_schema: Vec<MetaEntries>,
}

/// The entries of one `name(...)` attribute, as far as they parse as `path`, `path = value` or
/// `path(...)` separated by commas.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MetaEntries {
    pub entries: Vec<MetaEntry>,
    /// The text after the last entry is not another entry (a parser stops there).
    pub broken: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct MetaEntry {
    /// The path as written, segments joined with `::`.
    pub key: String,
    pub value: EntryValue,
}

#[derive(Debug, Clone, PartialEq)]
pub enum EntryValue {
    /// `key` alone.
    None,
    /// `key = literal` (a leading `-` is part of a number literal).
    Lit(WrittenLit),
    /// `key = expression` that is not a literal.
    Expr,
    /// `key(...)`.
    Group,
}

#[derive(Debug, Clone, PartialEq)]
pub enum WrittenLit {
    Str(String),
    /// Base-10 digits, with a leading `-` when negative, without suffix.
    Int(String),
    /// The digits of a float literal, with a leading `-` when negative, without suffix.
    Float(String),
    Bool(bool),
    /// A byte, char or byte-string literal.
    Other,
}

/// A type as written.
#[derive(Debug, Clone, PartialEq)]
pub enum WrittenTy {
    Path(WrittenPath),
    /// A tuple, array, reference, slice, `impl Trait`, macro…
    Other,
}

#[derive(Debug, Clone, PartialEq)]
pub struct WrittenPath {
    pub leading_colon: bool,
    pub segments: Vec<WrittenSegment>,
    /// For a single identifier with no arguments: the schema its `json_schema()` gives.
    pub target: Option<Target>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct WrittenSegment {
    pub ident: String,
    pub args: SegmentArgs,
}

#[derive(Debug, Clone, PartialEq)]
pub enum SegmentArgs {
    None,
    /// `<…>`: each argument, `None` for one that is not a type (a lifetime, a const, a binding).
    Angle(Vec<Option<WrittenTy>>),
    /// `(…) -> …`.
    Paren,
}

impl SegmentArgs {
    /// syn's `PathArguments::is_empty`: no arguments, or empty angle brackets.
    pub fn is_empty(&self) -> bool {
        match self {
            SegmentArgs::None => true,
            SegmentArgs::Angle(args) => args.is_empty(),
            SegmentArgs::Paren => false,
        }
    }
}

/// What the `json_schema()` of a single identifier is.
#[derive(Debug, Clone, PartialEq)]
pub enum Target {
    /// The derive of a struct or enum of the crate.
    Def(WrittenId),
    /// There is none (the crate would not compile): why, in a few words.
    Missing(String),
    /// A `json_schema()` written by hand on a type that does not derive it (any inherent
    /// `fn json_schema() -> serde_json::Map<String, Value>` satisfies the derive's call), as its
    /// body evaluates.
    Given(serde_json::Map<String, serde_json::Value>),
    /// A hand-written `json_schema()` the CLI cannot evaluate: why, and where it stops.
    Unevaluable { why: String, at: Location },
}
