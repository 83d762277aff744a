//! The schemars flavour: IR → the JSON Schema that `#[derive(JsonSchema)]` of schemars 1.x
//! generates, with the settings rmcp drives it with (see `settings` in `profile::rmcp::schemas`).
//!
//! * [`generator`]: the generator (`$defs`, names, `$ref`s, root) and the built-in composite types;
//! * [`leaf`]: the types schemars knows itself, asked of schemars at run time;
//! * [`derive`]: what `#[derive(JsonSchema)]` makes of our structs and enums;
//! * [`attr_keywords`]: the keywords docs and schemars attributes add (title, description,
//!   `deprecated`, `examples`, validation keywords, `extend`);
//! * [`private`]: schemars' `_private` helpers applied to JSON values.
//!
//! It reads the [`Model`] alone: defaults, examples, hand-written impls and literal schema fns
//! were evaluated while lowering ([`crate::model::Lowerer::lower_reachable`]).

mod attr_keywords;
mod derive;
mod derive_0_8;
mod generator;
mod leaf;
mod private;
mod transforms;
mod v0_8;

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use crate::diagnostics::{Diagnostic, Location};
use crate::model::transform::RunCode;
use crate::model::{Model, Ty, Unknown};

/// Which side of serde the schema describes: parameters are deserialized, results serialized.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Contract {
    Deserialize,
    Serialize,
}

/// The JSON Schema dialect of the document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// `https://json-schema.org/draft/2020-12/schema`, `$defs`.
    Draft2020_12,
    /// `http://json-schema.org/draft-07/schema#`, `definitions`.
    Draft07,
}

/// How schemars is driven: the release-dependent knobs of rmcp.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    pub contract: Contract,
    pub dialect: Dialect,
    /// schemars' `AddNullable` transform (rmcp 0.6 – 0.16).
    pub nullable: bool,
    /// schemars 0.8 instead of 1.x (rmcp 0.1 – 0.2), with its settings.
    pub schemars08: Option<Schemars08>,
}

/// The schemars 0.8 settings an SDK release uses (`SchemaSettings::draft07()` and changes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Schemars08 {
    /// `option_nullable`: an `Option<T>` schema gets `"nullable": true`.
    pub option_nullable: bool,
    /// `option_add_null_type`: an `Option<T>` schema gets `"null"` in its `type` (or an `anyOf`).
    pub option_add_null_type: bool,
    /// The `RemoveRefSiblings` visitor: a `$ref` with other keys goes into an `allOf`.
    pub remove_ref_siblings: bool,
    /// `inline_subschemas`: a named type is inlined where it is used, a `$ref` only where it
    /// reaches itself (a type whose schema is being made).
    pub inline_subschemas: bool,
}

/// A root schema and what could not be known while making it.
#[derive(Debug, Clone)]
pub struct RootSchema {
    /// `$schema`, `$defs` and the root keywords; title/description not yet stripped. Keys are
    /// sorted as rmcp prints them.
    pub schema: Value,
    /// Parts that only exist at runtime (`schema_with`, a hand-written `impl JsonSchema`…),
    /// each with a human-readable reason. When non-empty the schema must not be published.
    pub opaque: Vec<Opaque>,
    /// Types of other crates without a known schema.
    pub unknown: Vec<Unknown>,
    /// The keys of the type overrides the schema used.
    pub overrides_used: BTreeSet<String>,
    /// Errors of values the schema would show but the CLI cannot evaluate (defaults, examples).
    pub diagnostics: Vec<Diagnostic>,
}

/// Schemas made in turn by one generator, and the definitions they share
/// ([`schemas_sharing_definitions`]).
#[derive(Debug, Clone)]
pub struct SharedSchemas {
    /// Each type's own schema, keys in the order schemars inserts them.
    pub schemas: Vec<Value>,
    /// What `take_definitions` hands over: every named type the schemas refer to, by its name.
    pub definitions: serde_json::Map<String, Value>,
    /// As in [`RootSchema`], for all the schemas together.
    pub opaque: Vec<Opaque>,
    pub unknown: Vec<Unknown>,
    pub overrides_used: BTreeSet<String>,
    pub diagnostics: Vec<Diagnostic>,
}

/// A part of a schema that only exists at runtime.
#[derive(Debug, Clone, PartialEq)]
pub struct Opaque {
    pub reason: String,
    /// What is at fault (a field, an attribute, an impl), when known.
    pub location: Option<Location>,
    /// The path under which the config can give the schema, for a type of ours.
    pub type_path: Option<String>,
}

/// The root schema of `ty` itself (schemars `schema_for!` / `root_schema_for::<T>()` with the
/// given settings). The root carries `ty`'s identity: a reference to `ty` inside it is
/// `{"$ref": "#"}` and `ty` gets no `$defs` entry. This is rmcp's `Json<T>` output: `T` is the root.
/// `model` holds `ty` lowered with [`crate::model::Lowerer::lower_reachable`]; `overrides` are the
/// schemas the user gives for types, by the config's key; `code` runs the code of
/// `#[schemars(transform = …)]` values (the builder's [`crate::model::Lowerer::code`]).
pub fn root_schema(
    model: &Model,
    ty: &Ty,
    settings: &Settings,
    overrides: &BTreeMap<String, Value>,
    code: &dyn RunCode,
) -> RootSchema {
    generator::Gen::new(model, overrides, *settings, code).root(ty, true)
}

/// [`root_schema`] with its keys in the order schemars inserts them rather than sorted: what an
/// SDK printing through serde_json's `preserve_order` (tower-mcp) publishes.
pub fn root_schema_in_generation_order(
    model: &Model,
    ty: &Ty,
    settings: &Settings,
    overrides: &BTreeMap<String, Value>,
    code: &dyn RunCode,
) -> RootSchema {
    generator::Gen::new(model, overrides, *settings, code).root_in_generation_order(ty, true)
}

/// The root schema of rmcp's `Parameters<T>` for `ty` = `T` (a wrapper with `T`'s schema): the same
/// schema, title and `$defs`, but the root is the wrapper, not `T`, so a reference to `T` inside
/// it is `#/$defs/<T's name>` and `T` also gets a copy in `$defs`.
pub fn parameters_root_schema(
    model: &Model,
    ty: &Ty,
    settings: &Settings,
    overrides: &BTreeMap<String, Value>,
    code: &dyn RunCode,
) -> RootSchema {
    generator::Gen::new(model, overrides, *settings, code).root(ty, false)
}

/// `T::json_schema(&mut generator)` for each of `tys` with one generator of `settings`, then
/// `generator.take_definitions()`: what an SDK building one object schema from several types'
/// own schemas, sharing `$defs`, publishes (turbomcp's input schema). Keys are in the order
/// schemars inserts them (what `Schema::to_value` hands over).
pub fn schemas_sharing_definitions(
    model: &Model,
    tys: &[Ty],
    settings: &Settings,
    overrides: &BTreeMap<String, Value>,
    code: &dyn RunCode,
) -> SharedSchemas {
    generator::Gen::new(model, overrides, *settings, code).shared(tys)
}
