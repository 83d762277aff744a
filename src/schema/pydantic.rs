//! The pydantic flavour: IR → the JSON Schema pydantic 2 generates for the equivalent Python
//! types (the python-sdk profile's Rust → Python mapping; conformance cases in
//! `testdata/python-sdk/cases`). Keys are put in their final order by
//! [`super::order::pydantic_order`].

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde_json::{json, Map, Value};

mod core;

pub use self::core::Document;
use self::core::Finished;
use super::object;
use super::text::{class_description, field_description, python_title};
use crate::model::{substitute, Body, DefId, FieldDefault, FloatKind, Leaf, Model, Style, Ty, TypeDef, Unknown};

/// Whether a schema describes what a client sends (parameters) or what it reads (results).
/// Renamed fields use the deserialize or the serialize name accordingly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Input,
    Output,
}

/// One schema document under construction: the `$defs` it needs, and the types it could not see.
pub struct Pydantic<'m> {
    model: &'m Model,
    dir: Direction,
    /// `$defs` entries in the order they were first reached; `None` while being built.
    defs: Vec<(String, Option<Value>)>,
    keys: HashMap<String, String>,
    pub unknown: Vec<Unknown>,
    /// Schema nodes still allowed: inlined generic types can grow exponentially
    /// (`struct P<T>(T, T)` nested through aliases).
    budget: usize,
    /// The budget ran out; the schema is incomplete and must not be published.
    pub exceeded: bool,
    /// The definitions pydantic keeps apart (see [`Pydantic::plan`]), by identity, with their
    /// place in its generation order.
    kept: HashMap<String, usize>,
    /// The kept definitions being built, innermost last.
    building_kept: Vec<usize>,
    /// From the replay of pydantic's class creation (see [`core`]): whether the definition a
    /// `$ref` property points to was finished when pydantic wrote the property.
    finished: Option<Finished>,
    /// The definition each `$defs` key stands for.
    key_defs: HashMap<String, DefId>,
    /// The config's schemas for types, by the key an unknown type carries.
    type_overrides: Option<&'m BTreeMap<String, Value>>,
    /// The keys of `type_overrides` this document used.
    pub overrides_used: BTreeSet<String>,
    /// The structs being flattened into the model being built, innermost last.
    flattening: Vec<String>,
    /// A `#[serde(flatten)]` field that flattens a struct into itself (its properties would
    /// never end): the field's place and the struct's name. The schema must not be published.
    pub flatten_cycle: Option<(crate::diagnostics::Location, String)>,
}

/// The most schema nodes one document may have.
pub const MAX_SCHEMA_NODES: usize = 200_000;

impl<'m> Pydantic<'m> {
    pub fn new(model: &'m Model, dir: Direction) -> Self {
        Pydantic {
            model,
            dir,
            defs: Vec::new(),
            keys: HashMap::new(),
            unknown: Vec::new(),
            budget: MAX_SCHEMA_NODES,
            exceeded: false,
            kept: HashMap::new(),
            building_kept: Vec::new(),
            finished: None,
            key_defs: HashMap::new(),
            type_overrides: None,
            overrides_used: BTreeSet::new(),
            flattening: Vec::new(),
            flatten_cycle: None,
        }
    }

    /// Types the config gives a schema for are that schema, wherever they are used.
    pub fn with_type_overrides(mut self, overrides: &'m BTreeMap<String, Value>) -> Self {
        self.type_overrides = Some(overrides);
        self
    }

    /// Plans the document before its schema is built: the replay of pydantic's class creation
    /// (see [`core`]) tells which definitions are finished when a property refers to them. As a
    /// fallback, when the replay runs past its budget: which definitions pydantic keeps apart,
    /// and in which order it generates them. Its core schema inlines a model or enum reached
    /// once; one reached twice or more (recursive ones included) stays a definition, and those
    /// are turned into JSON first, in the order they were first reached (a model returned at
    /// the root counts as reached once).
    pub fn plan(&mut self, doc: Document) {
        self.finished = self.replay_finished(&doc);
        let roots: Vec<&Ty> = match &doc {
            Document::Fresh(props) => props.iter().map(|(_, ty)| *ty).collect(),
            Document::Model(ty) => vec![*ty],
        };
        let mut seen: HashMap<String, (usize, usize)> = HashMap::new();
        // Inlined generic types can grow exponentially: the walk has the schema's node budget
        // (past it, building the schema reports `schema-too-large` anyway).
        let mut budget = MAX_SCHEMA_NODES;
        for ty in roots {
            self.count_refs(ty, &mut seen, &mut budget);
        }
        self.kept = seen.into_iter().filter(|(_, (count, _))| *count >= 2).map(|(k, (_, order))| (k, order)).collect();
    }

    fn count_refs(&self, ty: &Ty, seen: &mut HashMap<String, (usize, usize)>, budget: &mut usize) {
        if *budget == 0 {
            return;
        }
        *budget -= 1;
        match ty {
            Ty::Seq(t) | Ty::Set(t) | Ty::Array(t, _) | Ty::Option(t) => self.count_refs(t, seen, budget),
            Ty::Tuple(ts) => ts.iter().for_each(|t| self.count_refs(t, seen, budget)),
            Ty::Map(k, v) => {
                if matches!(k.as_ref(), Ty::Named(id, _) if self.model.def(*id).is_unit_enum()) {
                    self.count_refs(k, seen, budget);
                }
                self.count_refs(v, seen, budget);
            }
            Ty::Named(id, args) => {
                let def = self.model.def(*id);
                if def.serde.transparent || def.newtype_field().is_some() {
                    if let Some(field) = sole_live_field(def) {
                        return self.count_refs(&substitute(&field.ty, args), seen, budget);
                    }
                }
                match &def.body {
                    Body::Struct { style: Style::Unit | Style::Tuple, fields } => {
                        for f in fields.iter().filter(|f| !self.skipped(f)) {
                            self.count_refs(&substitute(&f.ty, args), seen, budget);
                        }
                    }
                    Body::Unsupported(_) => {}
                    Body::Struct { fields, .. } => {
                        if self.reached(*id, args, seen) {
                            for f in fields.iter().filter(|f| !self.skipped(f)) {
                                self.count_refs(&substitute(&f.ty, args), seen, budget);
                            }
                        }
                    }
                    Body::Enum { variants } => {
                        if self.reached(*id, args, seen) {
                            for f in variants.iter().flat_map(|v| &v.fields) {
                                self.count_refs(&substitute(&f.ty, args), seen, budget);
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// Counts one more reference to a definition; says whether it is the first.
    fn reached(&self, id: DefId, args: &[Ty], seen: &mut HashMap<String, (usize, usize)>) -> bool {
        let next = seen.len();
        let entry = seen.entry(def_identity(id, args)).or_insert((0, next));
        entry.0 += 1;
        entry.0 == 1
    }

    /// The `$defs` object, or `None` when nothing was referenced.
    pub fn take_defs(&mut self) -> Option<Map<String, Value>> {
        if self.defs.is_empty() {
            return None;
        }
        Some(self.defs.drain(..).map(|(k, v)| (k, v.unwrap_or_else(|| json!({})))).collect())
    }

    /// The inline schema of a type, as it appears in `items`, a property, a map value…
    pub fn schema(&mut self, ty: &Ty) -> Value {
        if self.budget == 0 {
            self.exceeded = true;
            return json!({});
        }
        self.budget -= 1;
        match ty {
            Ty::Int(_) | Ty::Leaf(Leaf::NonZero(_)) => json!({"type": "integer"}),
            Ty::Float(FloatKind::F32 | FloatKind::F64) | Ty::JsonNumber => json!({"type": "number"}),
            Ty::Bool => json!({"type": "boolean"}),
            Ty::Char | Ty::String => json!({"type": "string"}),
            Ty::Unit => json!({"type": "null"}),
            Ty::Seq(item) => object([("items", self.schema(item)), ("type", json!("array"))]),
            Ty::Set(item) => {
                object([("items", self.schema(item)), ("type", json!("array")), ("uniqueItems", Value::Bool(true))])
            }
            Ty::Array(item, n) => object([
                ("items", self.schema(item)),
                ("maxItems", json!(n)),
                ("minItems", json!(n)),
                ("type", json!("array")),
            ]),
            Ty::Tuple(items) => {
                let prefix: Vec<Value> = items.iter().map(|t| self.schema(t)).collect();
                object([
                    ("maxItems", json!(items.len())),
                    ("minItems", json!(items.len())),
                    ("prefixItems", Value::Array(prefix)),
                    ("type", json!("array")),
                ])
            }
            Ty::Map(key, value) => self.map(key, value),
            Ty::Option(inner) => self.optional(inner),
            Ty::JsonValue => json!({}),
            Ty::Leaf(leaf) => leaf_schema(*leaf),
            Ty::Named(id, args) => self.named(*id, args),
            Ty::Param(_) => json!({}),
            Ty::Unknown(u) => {
                if let Some(given) = u.override_key.as_ref().and_then(|k| Some((k, self.type_overrides?.get(k)?))) {
                    self.overrides_used.insert(given.0.clone());
                    return given.1.clone();
                }
                self.unknown.push(u.clone());
                json!({})
            }
        }
    }

    /// pydantic's nullable schema: `null` stays `null` (`Option<()>`), and an inner `anyOf` (an
    /// `Option` reached through a newtype) is flattened into one, without repeated members.
    fn optional(&mut self, inner: &Ty) -> Value {
        let null = json!({"type": "null"});
        let inner = self.schema(inner);
        if inner == null {
            return null;
        }
        let mut members = match inner {
            Value::Object(map) if map.len() == 1 && map.contains_key("anyOf") => match map.into_iter().next() {
                Some((_, Value::Array(members))) => members,
                Some((_, other)) => vec![object([("anyOf", other)])],
                None => Vec::new(),
            },
            other => vec![other],
        };
        members.push(null);
        let mut unique: Vec<Value> = Vec::with_capacity(members.len());
        for m in members {
            if !unique.contains(&m) {
                unique.push(m);
            }
        }
        if unique.len() == 1 {
            return unique.pop().expect("one member");
        }
        object([("anyOf", Value::Array(unique))])
    }

    /// `additionalProperties` of a map: the value's schema, or `true` when that schema is `{}`
    /// (any value: `Value`, a newtype of it), as pydantic writes `dict[str, Any]`.
    pub fn map_value(&mut self, value: &Ty) -> Value {
        match self.schema(value) {
            Value::Object(map) if map.is_empty() => Value::Bool(true),
            other => other,
        }
    }

    fn map(&mut self, key: &Ty, value: &Ty) -> Value {
        let v = self.map_value(value);
        let mut out = object([("additionalProperties", v), ("type", json!("object"))]);
        if let Some(enum_key) = self.unit_enum_key(key) {
            out["propertyNames"] = enum_key;
        }
        out
    }

    /// `propertyNames` for a map keyed by a unit-only enum of ours.
    fn unit_enum_key(&mut self, key: &Ty) -> Option<Value> {
        let Ty::Named(id, _) = key else { return None };
        self.model.def(*id).is_unit_enum().then(|| self.schema(key))
    }

    fn named(&mut self, id: DefId, args: &[Ty]) -> Value {
        let def = self.model.def(id);
        if def.serde.transparent || def.newtype_field().is_some() {
            // NewType("S", T): just T.
            if let Some(field) = sole_live_field(def) {
                let ty = substitute(&field.ty, args);
                return self.schema(&ty);
            }
        }
        match &def.body {
            Body::Struct { style: Style::Unit, .. } => json!({"type": "null"}),
            Body::Struct { style: Style::Tuple, fields } => {
                let tys: Vec<Ty> =
                    fields.iter().filter(|f| !self.skipped(f)).map(|f| substitute(&f.ty, args)).collect();
                self.schema(&Ty::Tuple(tys))
            }
            Body::Unsupported(_) => json!({}),
            _ => {
                let key = self.ensure_def(id, args);
                json!({"$ref": format!("#/$defs/{key}")})
            }
        }
    }

    fn skipped(&self, f: &crate::model::Field) -> bool {
        // A named field starting with `_` is a private attribute in pydantic: never in the schema.
        f.rust_name.as_deref().is_some_and(|n| n.starts_with('_'))
            || f.skip_ser && f.skip_de
            || match self.dir {
                Direction::Input => f.skip_de,
                Direction::Output => f.skip_ser,
            }
    }

    /// The `$defs` key of a struct or enum instance, building its entry on first use.
    pub fn ensure_def(&mut self, id: DefId, args: &[Ty]) -> String {
        let identity = def_identity(id, args);
        if let Some(k) = self.keys.get(&identity) {
            return k.clone();
        }
        let def = self.model.def(id);
        let title = self.title_of(def, args);
        let mut key = def_key(&title);
        if self.keys.values().any(|k| *k == key) {
            // Another type with the same name: qualify it with its module, as pydantic does.
            let module = &self.model.def(id).item;
            key = format!("{}__{key}", module.module.0);
        }
        self.keys.insert(identity.clone(), key.clone());
        self.key_defs.insert(key.clone(), id);
        let slot = self.defs.len();
        self.defs.push((key.clone(), None));
        let kept = self.kept.get(&identity).copied();
        self.building_kept.extend(kept);
        let schema = self.def_schema(id, args, &title);
        if kept.is_some() {
            self.building_kept.pop();
        }
        self.defs[slot].1 = Some(schema);
        key
    }

    /// The title pydantic gives a (possibly generic) model: `Page[Filter]`.
    fn title_of(&self, def: &TypeDef, args: &[Ty]) -> String {
        if args.is_empty() {
            return def.rust_name.clone();
        }
        let args: Vec<String> = args.iter().map(|a| self.python_name(a)).collect();
        format!("{}[{}]", def.rust_name, args.join(", "))
    }

    fn python_name(&self, ty: &Ty) -> String {
        match ty {
            Ty::Int(_) | Ty::Leaf(Leaf::NonZero(_)) => "int".into(),
            Ty::Float(_) | Ty::JsonNumber => "float".into(),
            Ty::Bool => "bool".into(),
            Ty::Char | Ty::String => "str".into(),
            Ty::Unit => "NoneType".into(),
            Ty::Seq(t) | Ty::Array(t, _) => format!("list[{}]", self.python_name(t)),
            Ty::Set(t) => format!("set[{}]", self.python_name(t)),
            Ty::Tuple(ts) => {
                format!("tuple[{}]", ts.iter().map(|t| self.python_name(t)).collect::<Vec<_>>().join(", "))
            }
            Ty::Map(k, v) => format!("dict[{}, {}]", self.python_name(k), self.python_name(v)),
            Ty::Option(t) => format!("Optional[{}]", self.python_name(t)),
            Ty::JsonValue | Ty::Param(_) | Ty::Unknown(_) => "Any".into(),
            Ty::Leaf(l) => format!("{l:?}"),
            Ty::Named(id, args) => self.title_of(self.model.def(*id), args),
        }
    }

    /// The body of a `$defs` entry (or of a model at the root).
    pub fn def_schema(&mut self, id: DefId, args: &[Ty], title: &str) -> Value {
        let def = self.model.def(id);
        let mut out = Map::new();
        if let Some(doc) = definition_description(def) {
            out.insert("description".into(), Value::String(doc));
        }
        match &def.body {
            Body::Enum { variants } if def.is_unit_enum() => {
                let values: Vec<Value> =
                    variants.iter().map(|v| Value::String(self.name_of(&v.ser_name, &v.de_name))).collect();
                out.insert("enum".into(), Value::Array(values));
                out.insert("title".into(), Value::String(title.to_owned()));
                out.insert("type".into(), Value::String("string".into()));
            }
            Body::Enum { variants } => {
                // Data-carrying enums are outside the profile; describe serde's external
                // representation as a union, the closest pydantic form.
                let mut members = Vec::new();
                for v in variants {
                    let name = self.name_of(&v.ser_name, &v.de_name);
                    let content = match v.style {
                        Style::Unit => {
                            members.push(json!({"const": name, "type": "string"}));
                            continue;
                        }
                        Style::Newtype => self.schema(&substitute(&v.fields[0].ty, args)),
                        Style::Tuple => {
                            let tys: Vec<Ty> = v.fields.iter().map(|f| substitute(&f.ty, args)).collect();
                            self.schema(&Ty::Tuple(tys))
                        }
                        Style::Struct => {
                            let (props, required) = self.properties(&def_identity(id, args), &v.fields, args);
                            let mut obj = object([("properties", Value::Object(props)), ("type", json!("object"))]);
                            if !required.is_empty() {
                                obj["required"] = json!(required);
                            }
                            obj
                        }
                    };
                    members.push(object([
                        ("properties", Value::Object(Map::from_iter([(name.clone(), content)]))),
                        ("required", json!([name])),
                        ("type", json!("object")),
                    ]));
                }
                out.insert("anyOf".into(), Value::Array(members));
                out.insert("title".into(), Value::String(title.to_owned()));
            }
            Body::Struct { fields, .. } => {
                let (props, required) = self.properties(&def_identity(id, args), fields, args);
                out.insert("properties".into(), Value::Object(props));
                if !required.is_empty() {
                    out.insert("required".into(), Value::Array(required.into_iter().map(Value::String).collect()));
                }
                out.insert("title".into(), Value::String(title.to_owned()));
                out.insert("type".into(), Value::String("object".into()));
            }
            Body::Unsupported(_) => {
                out.insert("title".into(), Value::String(title.to_owned()));
            }
        }
        Value::Object(out)
    }

    fn name_of(&self, ser: &str, de: &str) -> String {
        match self.dir {
            Direction::Input => de.to_owned(),
            Direction::Output => ser.to_owned(),
        }
    }

    /// The properties of a model, in declaration order, and its required keys.
    fn properties(
        &mut self,
        owner: &str,
        fields: &[crate::model::Field],
        args: &[Ty],
    ) -> (Map<String, Value>, Vec<String>) {
        let mut props = Map::new();
        let mut required = Vec::new();
        for f in fields {
            if self.skipped(f) {
                continue;
            }
            let ty = substitute(&f.ty, args);
            if f.flatten {
                self.flatten_into(owner, f, &ty, &mut props, &mut required);
                continue;
            }
            let key = self.name_of(&f.ser_name, &f.de_name);
            let is_option = matches!(ty, Ty::Option(_));
            let default = if is_option {
                Some(Value::Null)
            } else if f.default != FieldDefault::None {
                default_value(&ty, self.model)
            } else {
                None
            };
            let optional = is_option || f.default != FieldDefault::None;
            let schema = self.property_of(owner, &key, &ty, &f.docs, default);
            if !optional {
                required.push(key.clone());
            }
            props.insert(key, schema);
        }
        (props, required)
    }

    fn flatten_into(
        &mut self,
        owner: &str,
        field: &crate::model::Field,
        ty: &Ty,
        props: &mut Map<String, Value>,
        required: &mut Vec<String>,
    ) {
        let (ty, optional) = match ty {
            Ty::Option(inner) => (inner.as_ref(), true),
            other => (other, false),
        };
        if let Ty::Named(id, args) = ty {
            let def = self.model.def(*id);
            if let Body::Struct { style: Style::Struct, fields } = &def.body {
                let identity = def_identity(*id, args);
                if identity == owner || self.flattening.contains(&identity) {
                    self.flatten_cycle.get_or_insert_with(|| (field.location.clone(), def.rust_name.clone()));
                    return;
                }
                self.flattening.push(identity);
                let (p, r) = self.properties(owner, fields, args);
                self.flattening.pop();
                props.extend(p);
                if !optional {
                    required.extend(r);
                }
            }
        }
    }

    /// A property: the type's schema with the property's title, description and default.
    pub fn property(&mut self, key: &str, ty: &Ty, docs: &[String], default: Option<Value>) -> Value {
        self.property_of("", key, ty, docs, default)
    }

    /// A property of the model `owner` (a definition identity; `""` for the document's own).
    fn property_of(&mut self, owner: &str, key: &str, ty: &Ty, docs: &[String], default: Option<Value>) -> Value {
        let mut schema = self.schema(ty);
        let Value::Object(map) = &mut schema else { return schema };
        if !is_ref_like(map) {
            map.insert("title".into(), Value::String(python_title(key)));
        }
        if let Some(doc) = field_description(docs) {
            if !self.repeats_referenced(owner, key, map, &doc) {
                map.insert("description".into(), Value::String(doc));
            }
        }
        if let Some(d) = default {
            map.insert("default".into(), d);
        }
        schema
    }
}

impl Pydantic<'_> {
    /// pydantic drops a key next to a `$ref` when the referenced definition has the same value
    /// (`handle_ref_overrides`): a field doc identical to its type's doc is not repeated. That
    /// needs the definition's JSON finished already, which the replay of pydantic's class
    /// creation tells (see [`core`]).
    fn repeats_referenced(&self, owner: &str, property: &str, map: &Map<String, Value>, doc: &str) -> bool {
        let Some(target) = map.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix("#/$defs/")) else {
            return false;
        };
        let replayed = self.finished.as_ref().and_then(|f| f.get(&(owner.to_owned(), property.to_owned())));
        match replayed {
            Some(&finished) => {
                finished
                    && self
                        .key_defs
                        .get(target)
                        .is_some_and(|&id| definition_description(self.model.def(id)).as_deref() == Some(doc))
            }
            None => self.repeats_referenced_unordered(target, doc),
        }
    }

    /// Without the replay (it ran past its budget): a definition pydantic keeps apart (see
    /// [`Pydantic::plan`]) is made first, in the order first reached; inside one, a reference to
    /// one kept at the same place or later is not finished yet.
    fn repeats_referenced_unordered(&self, target: &str, doc: &str) -> bool {
        let identity = self.keys.iter().find(|(_, k)| k.as_str() == target).map(|(identity, _)| identity);
        let target_order = identity.and_then(|i| self.kept.get(i));
        if let (Some(building), Some(target)) = (self.building_kept.last(), target_order) {
            if target >= building {
                return false;
            }
        }
        self.defs
            .iter()
            .find(|(k, _)| k == target)
            .and_then(|(_, def)| def.as_ref())
            .is_some_and(|def| def.get("description").and_then(Value::as_str) == Some(doc))
    }
}

/// The `description` of a struct's or enum's definition: its cleaned doc, except the default
/// docstring of a Python enum, which pydantic never publishes.
fn definition_description(def: &TypeDef) -> Option<String> {
    let default_doc = def.is_unit_enum().then_some("An enumeration.");
    class_description(&def.docs).filter(|d| Some(d.as_str()) != default_doc)
}

/// Removes the `$defs` entries the document no longer reaches, as pydantic does at the end: a
/// property replaced by a later one with the same key (two fields renamed alike) leaves its
/// type's definition unused.
pub fn drop_unreferenced_defs(root: &mut Value) {
    let Some(Value::Object(defs)) = root.get("$defs") else { return };
    let mut reached: Vec<String> = Vec::new();
    let mut todo: Vec<&Value> =
        root.as_object().into_iter().flatten().filter(|(k, _)| *k != "$defs").map(|(_, v)| v).collect();
    while let Some(v) = todo.pop() {
        match v {
            Value::Object(m) => {
                if let Some(target) = m.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix("#/$defs/")) {
                    if !reached.iter().any(|r| r == target) {
                        reached.push(target.to_owned());
                        todo.extend(defs.get(target));
                    }
                }
                todo.extend(m.values());
            }
            Value::Array(a) => todo.extend(a),
            _ => {}
        }
    }
    if reached.len() == defs.len() {
        return;
    }
    let Some(Value::Object(defs)) = root.get_mut("$defs") else { return };
    defs.retain(|k, _| reached.contains(k));
    if defs.is_empty() {
        root.as_object_mut().expect("a schema with $defs is an object").shift_remove("$defs");
    }
}

/// What tells two instances of a definition apart: the type and its generic arguments.
fn def_identity(id: DefId, args: &[Ty]) -> String {
    format!("{}{}", id.0, args.iter().map(|a| format!("{a:?}")).collect::<String>())
}

/// The only field not skipped both ways, if there is exactly one: what a newtype or
/// `#[serde(transparent)]` struct stands for (callers check that it is one).
fn sole_live_field(def: &TypeDef) -> Option<&crate::model::Field> {
    match &def.body {
        Body::Struct { fields, .. } => {
            let live: Vec<&crate::model::Field> = fields.iter().filter(|f| !(f.skip_ser && f.skip_de)).collect();
            (live.len() == 1).then(|| live[0])
        }
        _ => None,
    }
}

/// A `$ref`, or `Option` of one: such properties carry no title.
pub fn is_ref_like(map: &Map<String, Value>) -> bool {
    if map.contains_key("$ref") {
        return true;
    }
    match map.get("anyOf").and_then(Value::as_array) {
        Some(members) if members.len() == 2 => {
            members[0].get("$ref").is_some() && members[1] == json!({"type": "null"})
        }
        _ => false,
    }
}

/// `$defs` keys: the title with every character outside `[A-Za-z0-9.\-_]` replaced by `_`.
pub fn def_key(title: &str) -> String {
    title.chars().map(|c| if c.is_ascii_alphanumeric() || ".-_".contains(c) { c } else { '_' }).collect()
}

fn leaf_schema(leaf: Leaf) -> Value {
    match leaf {
        Leaf::DateTime | Leaf::NaiveDateTime | Leaf::SystemTime => json!({"format": "date-time", "type": "string"}),
        Leaf::NaiveDate => json!({"format": "date", "type": "string"}),
        Leaf::NaiveTime => json!({"format": "time", "type": "string"}),
        Leaf::Uuid => json!({"format": "uuid", "type": "string"}),
        Leaf::Duration => json!({"format": "duration", "type": "string"}),
        Leaf::IpAddr | Leaf::SocketAddr => json!({"format": "ipvanyaddress", "type": "string"}),
        Leaf::Ipv4Addr => json!({"format": "ipv4", "type": "string"}),
        Leaf::Ipv6Addr => json!({"format": "ipv6", "type": "string"}),
        Leaf::PathBuf => json!({"format": "path", "type": "string"}),
        Leaf::NonZero(_) => json!({"type": "integer"}),
        // Rust crates' types: no Python model lowers to them.
        Leaf::Url | Leaf::Bytes | Leaf::Decimal | Leaf::BigDecimal | Leaf::SemVer | Leaf::Jiff(_) => {
            json!({"type": "string"})
        }
    }
}

/// The JSON form of `T::default()` for the std types the profile lists; `None` for the rest.
pub fn default_value(ty: &Ty, model: &Model) -> Option<Value> {
    Some(match ty {
        Ty::Int(_) => json!(0),
        Ty::Float(_) => json!(0.0),
        Ty::Bool => json!(false),
        Ty::String => json!(""),
        Ty::Char => json!("\u{0}"),
        Ty::Unit => Value::Null,
        Ty::Seq(_) | Ty::Set(_) => json!([]),
        Ty::Array(item, n) => {
            let d = default_value(item, model)?;
            Value::Array(vec![d; usize::try_from(*n).ok()?.min(4096)])
        }
        Ty::Map(..) => json!({}),
        Ty::Tuple(items) => Value::Array(items.iter().map(|t| default_value(t, model)).collect::<Option<_>>()?),
        Ty::Option(_) | Ty::JsonValue => Value::Null,
        Ty::Named(id, args) => {
            let def = model.def(*id);
            let field = sole_live_field(def).filter(|_| def.serde.transparent || def.newtype_field().is_some())?;
            default_value(&substitute(&field.ty, args), model)?
        }
        _ => return None,
    })
}
