//! The generator: schemars' `SchemaGenerator` driven over our IR. It owns the `$defs` being
//! built, gives each named type its `$defs` name on first reference (`Name`, `Name2`, …), and
//! writes the schemas of the built-in composite types (`Option`, sequences, maps, tuples,
//! arrays) the way their schemars impls do, leaves being asked of schemars itself.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde_json::{json, Map, Value};

use super::leaf::{definitions_path, leaf_info, meta_schema};
use super::private::{allow_null, ensure_object};
use super::v0_8;
use super::{Contract, Opaque, RootSchema, Settings, SharedSchemas};
use crate::diagnostics::{Diagnostic, Location};
use crate::model::transform::RunCode;
use crate::model::{Model, Ty, Unknown};
use crate::schema::object;

/// Types nested deeper than this while generating are a cycle schemars itself would not survive
/// (an inlined recursive type): reported, not followed.
const MAX_DEPTH: usize = 128;

/// Types of more nodes than this are not followed: the model's limit for a generic instance
/// (`model::reach::MAX_INSTANCE_SIZE`), which it reports.
const MAX_TYPE_NODES: usize = 4096;

pub struct Gen<'a> {
    /// Every type the schema reaches, lowered and evaluated.
    pub model: &'a Model,
    /// The schemas the user gives for types, by the config's key.
    overrides: &'a BTreeMap<String, Value>,
    /// The keys of `overrides` this schema used.
    overrides_used: BTreeSet<String>,
    /// Errors of values the schema shows (defaults, examples the CLI cannot evaluate).
    pub diagnostics: Vec<Diagnostic>,
    pub settings: Settings,
    pub definitions: Map<String, Value>,
    id_to_name: HashMap<String, String>,
    used_names: BTreeSet<String>,
    root_ids: Vec<String>,
    /// schemars 0.8's pending schema ids (the types whose schemas are being made), for
    /// `inline_subschemas`.
    pending: Vec<String>,
    pub opaque: Vec<Opaque>,
    pub unknown: Vec<Unknown>,
    depth: usize,
    defs_path: String,
    /// What runs the code of `#[schemars(transform = …)]` values.
    pub code: &'a dyn RunCode,
}

impl<'a> Gen<'a> {
    pub fn new(
        model: &'a Model,
        overrides: &'a BTreeMap<String, Value>,
        settings: Settings,
        code: &'a dyn RunCode,
    ) -> Self {
        Gen {
            model,
            overrides,
            overrides_used: BTreeSet::new(),
            diagnostics: Vec::new(),
            settings,
            definitions: Map::new(),
            id_to_name: HashMap::new(),
            used_names: BTreeSet::new(),
            root_ids: Vec::new(),
            pending: Vec::new(),
            opaque: Vec::new(),
            unknown: Vec::new(),
            depth: 0,
            defs_path: definitions_path(settings.dialect),
            code,
        }
    }

    /// An error about a value the schema shows, once (a type is reached by several fields).
    pub fn report(&mut self, d: &Diagnostic) {
        let key = |d: &Diagnostic| (d.location.as_ref().map(|l| (l.start, l.file.path.clone())), d.message.clone());
        if !self.diagnostics.iter().any(|o| o.code == d.code && key(o) == key(d)) {
            self.diagnostics.push(d.clone());
        }
    }

    pub fn is_serialize(&self) -> bool {
        self.settings.contract == Contract::Serialize
    }

    pub fn opaque(&mut self, reason: String) {
        self.opaque_at(reason, None);
    }

    /// A runtime-only part, with what is at fault.
    pub fn opaque_at(&mut self, reason: String, location: Option<Location>) {
        if !self.opaque.iter().any(|o| o.reason == reason) {
            self.opaque.push(Opaque { reason, location, type_path: None });
        }
    }

    /// `root_schema_for::<T>()`. `identity`: whether the root is `T` itself (a reference to `T`
    /// inside it is `{"$ref": "#"}`), or a wrapper with `T`'s name and schema but its own
    /// identity (rmcp's `Parameters<T>`: `T` gets a `$defs` copy).
    pub fn root(self, ty: &Ty, identity: bool) -> RootSchema {
        let mut root = self.root_in_generation_order(ty, identity);
        // Sorted, or (serde_json's `preserve_order`) in the order schemars serializes a schema.
        crate::schema::order::schemars_root_order(&mut root.schema);
        root
    }

    /// [`Gen::root`] with the keys in the order schemars inserts them (an SDK that prints its
    /// schemas through serde_json's `preserve_order`, as tower-mcp does, shows that order).
    pub fn root_in_generation_order(mut self, ty: &Ty, identity: bool) -> RootSchema {
        // schemars 0.8's root never has the type's identity: a reference to it goes to `definitions`.
        let identity = identity && self.settings.schemars08.is_none();
        let uid = if identity { self.schema_id(ty) } else { "\u{0}root-wrapper".to_owned() };
        self.root_ids.push(uid);
        let root_id = self.schema_id(ty);
        self.pending.push(root_id);
        let mut schema = self.json_schema(ty);
        self.pending.pop();
        let name = self.schema_name(ty);
        let object = ensure_object(&mut schema);
        object.entry("title").or_insert_with(|| Value::String(name));
        object.insert("$schema".into(), Value::String(meta_schema(self.settings.dialect)));
        if !self.definitions.is_empty() {
            let key = self.defs_path.trim_start_matches('/').to_owned();
            let defs = std::mem::take(&mut self.definitions);
            match object.entry(key).or_insert_with(|| Value::Object(Map::new())) {
                Value::Object(target) => target.extend(defs),
                other => *other = Value::Object(defs),
            }
        }
        if self.settings.schemars08.is_some_and(|s| s.remove_ref_siblings) {
            v0_8::remove_ref_siblings(&mut schema);
        }
        if self.settings.nullable {
            let mut transform = schemars::transform::AddNullable::default();
            schemars::transform::Transform::transform(&mut transform, super::private::as_schema(&mut schema));
        }
        self.root_ids.pop();
        RootSchema {
            schema,
            opaque: self.opaque,
            unknown: self.unknown,
            overrides_used: self.overrides_used,
            diagnostics: self.diagnostics,
        }
    }

    /// `T::json_schema(generator)` for each of `tys` in turn, with this one generator, then
    /// `generator.take_definitions()`: each type's own schema (never a `$ref` to it, and without
    /// a root's `title` or `$schema`), and the definitions they reached, shared, in the order they
    /// were made (turbomcp's input schema since 3.3.0).
    pub fn shared(mut self, tys: &[Ty]) -> SharedSchemas {
        let schemas = tys.iter().map(|ty| self.json_schema(ty)).collect();
        SharedSchemas {
            schemas,
            definitions: std::mem::take(&mut self.definitions),
            opaque: self.opaque,
            unknown: self.unknown,
            overrides_used: self.overrides_used,
            diagnostics: self.diagnostics,
        }
    }

    /// `generator.subschema_for::<T>()`: a `$ref` for named types, the schema itself otherwise.
    pub fn subschema_for(&mut self, ty: &Ty) -> Value {
        if self.inline_schema(ty) {
            return self.json_schema(ty);
        }
        if self.settings.schemars08.is_some() {
            return self.subschema_for_0_8(ty);
        }
        let uid = self.schema_id(ty);
        if self.root_ids.last() == Some(&uid) {
            return json!({"$ref": "#"});
        }
        let name = match self.id_to_name.get(&uid) {
            Some(n) => n.clone(),
            None => {
                let base = self.schema_name(ty);
                let mut name = base.clone();
                if self.used_names.contains(&base) {
                    for i in 2.. {
                        name = format!("{base}{i}");
                        if !self.used_names.contains(&name) {
                            break;
                        }
                    }
                }
                self.used_names.insert(name.clone());
                self.id_to_name.insert(uid, name.clone());
                name
            }
        };
        let reference = format!("#{}/{}", self.defs_path, super::private::encode_ref_name(&name));
        if !self.definitions.contains_key(&name) {
            // Reserved before the schema is made, so that a type reaching itself finds it.
            self.definitions.insert(name.clone(), Value::Bool(false));
            let schema = self.json_schema(ty);
            self.definitions.insert(name, schema);
        }
        json!({"$ref": reference})
    }

    /// schemars 0.8's `subschema_for`: definitions are keyed by name alone (a second type of the
    /// same name gets a reference to the first's), and the name is not encoded in the `$ref`.
    fn subschema_for_0_8(&mut self, ty: &Ty) -> Value {
        if self.settings.schemars08.is_some_and(|s| s.inline_subschemas) {
            let id = self.schema_id(ty);
            if !self.pending.contains(&id) {
                self.pending.push(id);
                let schema = self.json_schema(ty);
                self.pending.pop();
                return schema;
            }
        }
        let name = self.schema_name(ty);
        if !self.definitions.contains_key(&name) {
            self.definitions.insert(name.clone(), Value::Bool(false));
            let schema = self.json_schema(ty);
            self.definitions.insert(name.clone(), schema);
        }
        json!({"$ref": format!("#{}/{name}", self.defs_path)})
    }

    /// schemars 0.8's own impls where they differ from 1.x: its leaves, tuples as `items`
    /// arrays, maps by their values alone, `Option` by the settings.
    fn json_schema_0_8(&mut self, ty: &Ty, s: crate::schema::schemars::Schemars08) -> Option<Value> {
        if let Some(info) = v0_8::leaf_info(ty, s) {
            return Some(info.schema);
        }
        Some(match ty {
            Ty::Tuple(items) => {
                let items: Vec<Value> = items.iter().map(|t| self.subschema_for(t)).collect();
                let n = items.len();
                json!({"type": "array", "items": items, "minItems": n, "maxItems": n})
            }
            Ty::Map(_, v) => json!({"type": "object", "additionalProperties": self.subschema_for(v)}),
            Ty::Option(inner) => {
                let schema = self.subschema_for(inner);
                v0_8::option(schema, s)
            }
            _ => return None,
        })
    }

    /// `T::json_schema(generator)`.
    pub fn json_schema(&mut self, ty: &Ty) -> Value {
        if self.depth >= MAX_DEPTH {
            self.opaque("a type contains itself without an indirection schemars could follow".to_owned());
            return Value::Bool(true);
        }
        if matches!(ty, Ty::Named(..)) && ty.size_up_to(MAX_TYPE_NODES) >= MAX_TYPE_NODES {
            // A generic type instantiated with ever larger arguments (`G<T>` holding `G<(T, T)>`):
            // the model reports it (`type-too-large`).
            self.opaque(format!("a type of more than {MAX_TYPE_NODES} nodes"));
            return Value::Bool(true);
        }
        self.depth += 1;
        let out = self.json_schema_inner(ty);
        self.depth -= 1;
        out
    }

    fn json_schema_inner(&mut self, ty: &Ty) -> Value {
        if let Some(s) = self.settings.schemars08 {
            if let Some(schema) = self.json_schema_0_8(ty, s) {
                return schema;
            }
        }
        if let Some(info) = leaf_info(ty, self.settings.dialect, self.settings.contract) {
            return info.schema;
        }
        match ty {
            Ty::Seq(item) => object([("type", json!("array")), ("items", self.subschema_for(item))]),
            Ty::Set(item) => object([
                ("type", json!("array")),
                ("uniqueItems", Value::Bool(true)),
                ("items", self.subschema_for(item)),
            ]),
            Ty::Array(_, 0) => json!({"type": "array", "maxItems": 0}),
            Ty::Array(item, n) => object([
                ("type", json!("array")),
                ("items", self.subschema_for(item)),
                ("minItems", json!(n)),
                ("maxItems", json!(n)),
            ]),
            Ty::Tuple(items) => {
                let prefix: Vec<Value> = items.iter().map(|t| self.subschema_for(t)).collect();
                object([
                    ("type", json!("array")),
                    ("prefixItems", Value::Array(prefix)),
                    ("minItems", json!(items.len())),
                    ("maxItems", json!(items.len())),
                ])
            }
            Ty::Map(k, v) => self.map_schema(k, v),
            Ty::Option(inner) => {
                let mut schema = self.subschema_for(inner);
                allow_null(&mut schema);
                schema
            }
            Ty::Named(id, args) => self.named_json_schema(*id, args),
            Ty::Unknown(u) => self.unknown_type(u),
            Ty::Param(i) => {
                self.opaque(format!("unresolved generic parameter #{i}"));
                Value::Bool(true)
            }
            _ => Value::Bool(true),
        }
    }

    fn unknown_type(&mut self, u: &Unknown) -> Value {
        if let Some(key) = &u.override_key {
            self.overrides_used.insert(key.clone());
            return self.overrides.get(key).cloned().unwrap_or(Value::Bool(true));
        }
        if let Some(t) = known_unknown(&u.written) {
            return self.json_schema(&t);
        }
        if !self.unknown.iter().any(|k| k.written == u.written && k.location == u.location) {
            self.unknown.push(u.clone());
        }
        Value::Bool(true)
    }

    /// The `BTreeMap<K, V>` impl: keys by their own schema.
    fn map_schema(&mut self, k: &Ty, v: &Ty) -> Value {
        let key_schema = self.json_schema(k);
        let value_schema = self.subschema_for(v);
        let options: Option<Vec<Map<String, Value>>> = match key_schema.get("anyOf").and_then(Value::as_array) {
            Some(a) => a.iter().map(|o| o.as_object().cloned()).collect(),
            None => key_schema.as_object().map(|o| vec![o.clone()]),
        };
        let Some(mut options) = options else {
            return object([("additionalProperties", value_schema), ("type", json!("object"))]);
        };
        let prefix = format!("#{}/", self.defs_path);
        for option in &mut options {
            let target = option
                .get("$ref")
                .and_then(Value::as_str)
                .and_then(|r| r.strip_prefix(&prefix))
                .and_then(|r| self.definitions.get(r))
                .and_then(Value::as_object)
                .cloned();
            if let Some(d) = target {
                *option = d;
            }
        }
        let mut additional = false;
        let mut ints = 0u8; // 0 none, 1 unsigned, 2 signed
        let mut patterns: BTreeSet<String> = BTreeSet::new();
        let mut properties: BTreeSet<String> = BTreeSet::new();
        for option in &options {
            let pattern = option.get("pattern").and_then(Value::as_str);
            let enum_values = option
                .get("enum")
                .and_then(Value::as_array)
                .and_then(|a| a.iter().map(Value::as_str).collect::<Option<Vec<_>>>());
            let ty = option.get("type").and_then(Value::as_str);
            let minimum = option.get("minimum").and_then(Value::as_u64);
            match (pattern, enum_values, ty) {
                (Some(p), _, Some("string")) => {
                    patterns.insert(p.to_owned());
                }
                (None, Some(values), Some("string")) => properties.extend(values.into_iter().map(str::to_owned)),
                (_, _, Some("integer")) if minimum == Some(0) => ints = ints.max(1),
                (_, _, Some("integer")) => ints = ints.max(2),
                _ => additional = true,
            }
        }
        let mut out = json!({"type": "object"});
        let obj = out.as_object_mut().expect("object");
        obj.insert("additionalProperties".into(), if additional { value_schema.clone() } else { Value::Bool(false) });
        match ints {
            1 => {
                patterns.insert(r"^\d+$".into());
            }
            2 => {
                patterns.insert(r"^-?\d+$".into());
            }
            _ => {}
        }
        if !patterns.is_empty() {
            let m: Map<String, Value> = patterns.into_iter().map(|p| (p, value_schema.clone())).collect();
            obj.insert("patternProperties".into(), Value::Object(m));
        }
        if !properties.is_empty() {
            let m: Map<String, Value> = properties.into_iter().map(|p| (p, value_schema.clone())).collect();
            obj.insert("properties".into(), Value::Object(m));
        }
        out
    }

    /// `T::schema_name()`.
    pub fn schema_name(&mut self, ty: &Ty) -> String {
        if self.depth >= MAX_DEPTH {
            return "Unknown".into();
        }
        self.depth += 1;
        let out = self.schema_name_inner(ty);
        self.depth -= 1;
        out
    }

    fn schema_name_inner(&mut self, ty: &Ty) -> String {
        if let Some(s) = self.settings.schemars08 {
            if let Some(info) = v0_8::leaf_info(ty, s) {
                return info.name;
            }
            if let Ty::Map(_, v) = ty {
                return format!("Map_of_{}", self.schema_name(v));
            }
        }
        if let Some(info) = leaf_info(ty, self.settings.dialect, self.settings.contract) {
            return info.name;
        }
        match ty {
            Ty::Seq(t) => format!("Array_of_{}", self.schema_name(t)),
            Ty::Set(t) => format!("Set_of_{}", self.schema_name(t)),
            Ty::Array(_, 0) => "EmptyArray".into(),
            Ty::Array(t, n) => format!("Array_size_{n}_of_{}", self.schema_name(t)),
            Ty::Tuple(ts) => {
                let names: Vec<String> = ts.iter().map(|t| self.schema_name(t)).collect();
                format!("Tuple_of_{}", names.join("_and_"))
            }
            Ty::Map(k, v) => {
                if self.schema_id(k) == "string" {
                    format!("Map_of_{}", self.schema_name(v))
                } else {
                    format!("Map_from_{}_to_{}", self.schema_name(k), self.schema_name(v))
                }
            }
            Ty::Option(t) => format!("Nullable_{}", self.schema_name(t)),
            Ty::Named(id, args) => self.named_schema_name(*id, args),
            Ty::Unknown(Unknown { override_key: Some(key), .. }) => override_name(key),
            Ty::Unknown(u) => match known_unknown(&u.written) {
                Some(t) => self.schema_name(&t),
                None => u.written.rsplit("::").next().unwrap_or("Unknown").to_owned(),
            },
            _ => "Unknown".into(),
        }
    }

    /// `T::schema_id()`: what makes two types the same `$defs` entry.
    pub fn schema_id(&mut self, ty: &Ty) -> String {
        if self.depth >= MAX_DEPTH {
            return "\u{0}cycle".into();
        }
        self.depth += 1;
        let out = self.schema_id_inner(ty);
        self.depth -= 1;
        out
    }

    fn schema_id_inner(&mut self, ty: &Ty) -> String {
        if let Some(info) = leaf_info(ty, self.settings.dialect, self.settings.contract) {
            return info.id;
        }
        match ty {
            Ty::Seq(t) => format!("[{}]", self.schema_id(t)),
            Ty::Set(t) => format!("Set<{}>", self.schema_id(t)),
            Ty::Array(_, 0) => "[]".into(),
            Ty::Array(t, n) => format!("[{n}; {}]", self.schema_id(t)),
            Ty::Tuple(ts) => {
                let ids: Vec<String> = ts.iter().map(|t| self.schema_id(t)).collect();
                format!("({})", ids.join(","))
            }
            Ty::Map(k, v) => {
                let kid = self.schema_id(k);
                if kid == "string" {
                    format!("Map<{}>", self.schema_id(v))
                } else {
                    format!("Map<{kid}, {}>", self.schema_id(v))
                }
            }
            Ty::Option(t) => format!("Option<{}>", self.schema_id(t)),
            Ty::Named(id, args) => self.named_schema_id(*id, args),
            Ty::Unknown(Unknown { override_key: Some(key), .. }) => format!("\u{0}override {key}"),
            Ty::Unknown(u) => match known_unknown(&u.written) {
                Some(t) => self.schema_id(&t),
                None => format!("\u{0}unknown {}", u.written),
            },
            Ty::Param(i) => format!("\u{0}param {i}"),
            _ => "\u{0}unknown".into(),
        }
    }

    /// `T::inline_schema()`.
    pub fn inline_schema(&mut self, ty: &Ty) -> bool {
        if self.depth >= MAX_DEPTH {
            return true;
        }
        self.depth += 1;
        let out = self.inline_schema_inner(ty);
        self.depth -= 1;
        out
    }

    fn inline_schema_inner(&mut self, ty: &Ty) -> bool {
        if let Some(s) = self.settings.schemars08 {
            if let Some(info) = v0_8::leaf_info(ty, s) {
                return info.inline;
            }
        }
        if let Some(info) = leaf_info(ty, self.settings.dialect, self.settings.contract) {
            return info.inline;
        }
        match ty {
            Ty::Named(id, args) => self.named_inline(*id, args),
            // A type the user gave a schema for is a named type of its own: a `$defs` entry.
            Ty::Unknown(Unknown { override_key: Some(_), .. }) => false,
            Ty::Unknown(u) => match known_unknown(&u.written) {
                Some(t) => self.inline_schema(&t),
                None => true,
            },
            _ => true,
        }
    }

    /// `T::_schemars_private_is_option()`.
    pub fn is_option(&mut self, ty: &Ty) -> bool {
        if self.depth >= MAX_DEPTH {
            return false;
        }
        self.depth += 1;
        let out = self.is_option_inner(ty);
        self.depth -= 1;
        out
    }

    fn is_option_inner(&mut self, ty: &Ty) -> bool {
        match ty {
            Ty::Option(_) => true,
            Ty::Named(id, args) => match self.forwarded(*id, args) {
                Some(t) => self.is_option(&t),
                None => false,
            },
            _ => false,
        }
    }

    /// `T::_schemars_private_non_optional_json_schema(generator)`.
    pub fn non_optional_json_schema(&mut self, ty: &Ty) -> Value {
        match ty {
            Ty::Option(inner) => self.non_optional_json_schema(inner),
            Ty::Named(id, args) => match self.forwarded(*id, args) {
                Some(t) => self.non_optional_json_schema(&t),
                None => self.json_schema(ty),
            },
            _ => self.json_schema(ty),
        }
    }
}

/// The `$defs` name of a type whose schema the user gave: the last segment of its path (the
/// name a schemars impl would most likely give it), without generic arguments.
fn override_name(key: &str) -> String {
    let head = key.split('<').next().unwrap_or(key);
    head.rsplit("::").next().unwrap_or(head).trim().to_owned()
}

/// Types the IR could not place but whose schemars impl ignores the arguments:
/// `PhantomData<T>` is `()`.
fn known_unknown(written: &str) -> Option<Ty> {
    let head = written.split('<').next().unwrap_or("").trim();
    let last = head.rsplit("::").next().unwrap_or("").trim();
    match last {
        "PhantomData" => Some(Ty::Unit),
        _ => None,
    }
}
