//! The `JsonSchema` derive of rust-mcp-sdk (crate rust-mcp-macros), reproduced over the written
//! IR ([`crate::model::written`]).
//!
//! The derive is syntactic: it looks at how a field's type is spelled, never at what it means.
//! A single identifier it knows (`String`, `i32`, `Option<…>`, `Vec<…>`, `Number`…) gets a fixed
//! schema; any other single identifier without arguments is taken for a struct or enum deriving
//! the same macro, and its schema is inlined (there is no `$defs`); everything else (a
//! qualified path, a generic type, a map, a tuple) gets the "unknown" schema. Its attribute
//! parser stops at the first entry it does not expect, dropping the rest of that attribute.
//! Objects come out with their keys in byte order (serde_json without `preserve_order`), which
//! [`sorted`] gives; with `preserve_order`, in the order the derive's code inserts them (checked
//! against compiled rust-mcp-sdk 2.0 and 1.1 servers): every map is built here in that order.

use serde_json::{Map, Value};

use crate::diagnostics::Location;
use crate::model::written::{
    EntryValue, MetaEntries, SegmentArgs, Target, VariantFields, WrittenAttrs, WrittenBody, WrittenField, WrittenId,
    WrittenLit, WrittenModel, WrittenPath, WrittenTy,
};

/// How an `Option<T>` field says that `null` is allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionStyle {
    /// The inner schema plus `"nullable": true` (rust-mcp-macros before 1.0).
    Nullable,
    /// `"type": [T, "null"]`, or `{"anyOf": [inner, {"type": "null"}]}` when the inner schema
    /// has no `type` (1.0 and later).
    TypeUnion,
}

/// What a type the derive does not recognise becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnknownStyle {
    /// `{"type": "unknown"}` (before 1.0).
    TypeUnknown,
    /// `{}` (1.0 and later).
    Empty,
}

/// The derive's rules for one rust-mcp-macros release.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    pub option: OptionStyle,
    pub unknown: UnknownStyle,
    /// A bare `Value` (imported from serde_json) is `{}` rather than a struct to inline.
    pub single_segment_value: bool,
    /// `#[json_schema(x_mcp_header = "…")]` as the first key of its attribute gives `x-mcp-header`.
    pub mcp_header: bool,
}

/// Why a schema cannot be made: the real crate would not compile, or its server would crash.
#[derive(Debug, Clone)]
pub enum SchemaError {
    /// A field whose type has no `json_schema()`.
    Missing { field: Location, type_name: String, why: String },
    /// A struct that contains itself: building its schema never ends.
    Recursive { field: Location, chain: Vec<String> },
    /// A field whose type's hand-written `json_schema()` cannot be evaluated (`at`: where the
    /// evaluation stops): a gap, the field's schema left empty.
    Unevaluable { field: Location, at: Location, type_name: String, why: String },
}

/// A schema, and the gaps in it.
pub type WithGaps = (Map<String, Value>, Vec<SchemaError>);

/// The `json_schema()` of a definition, keys in byte order (in the derive's insertion order when
/// the server's serde_json keeps it, `insertion_order`), with the gaps in it (a field's schema
/// left empty, [`SchemaError::Unevaluable`]); or every reason it cannot be made (each field at
/// fault once).
pub fn def_schema(
    model: &WrittenModel,
    id: WrittenId,
    rules: &Rules,
    insertion_order: bool,
) -> Result<WithGaps, Vec<SchemaError>> {
    let mut derive = Derive { model, rules, stack: Vec::new(), errors: Vec::new(), gaps: Vec::new() };
    let schema = derive.def(id, None);
    if derive.errors.is_empty() {
        Ok((if insertion_order { schema } else { sorted_map(&schema) }, derive.gaps))
    } else {
        Err(derive.errors)
    }
}

struct Derive<'m> {
    model: &'m WrittenModel,
    rules: &'m Rules,
    /// The definitions being built, outermost first (against recursion).
    stack: Vec<WrittenId>,
    /// What went wrong; the schema built around it is a placeholder.
    errors: Vec<SchemaError>,
    /// Field schemas left empty: the rest of the schema is what the server lists.
    gaps: Vec<SchemaError>,
}

/// The `#[json_schema(...)]` keys the derive reads for a field.
#[derive(Debug, Default, Clone)]
struct Keys {
    title: Option<String>,
    description: Option<String>,
    format: Option<String>,
    min_length: Option<u64>,
    max_length: Option<u64>,
    minimum: Option<i64>,
    maximum: Option<i64>,
    default: Option<Value>,
    mcp_header: Option<String>,
    /// The field's doc comment.
    doc: Option<String>,
}

impl Keys {
    fn description(&self) -> Option<&String> {
        self.description.as_ref().or(self.doc.as_ref())
    }
}

impl Derive<'_> {
    fn def(&mut self, id: WrittenId, via: Option<&Location>) -> Map<String, Value> {
        if let Some(at) = self.stack.iter().position(|d| *d == id) {
            let mut chain: Vec<String> =
                self.stack[at..].iter().map(|d| self.model.def(*d).rust_name.clone()).collect();
            chain.push(self.model.def(id).rust_name.clone());
            let field = via.cloned().unwrap_or_else(|| self.model.def(id).location.clone());
            self.errors.push(SchemaError::Recursive { field, chain });
            return Map::new();
        }
        self.stack.push(id);
        let model = self.model;
        let out = match &model.def(id).body {
            WrittenBody::Struct(fields) => self.object(fields, true),
            WrittenBody::Enum(variants) => {
                let mut one_of = Vec::new();
                for v in variants {
                    let (title, description) = variant_keys(&v.attrs);
                    let mut map = match &v.fields {
                        VariantFields::Unit => {
                            let name = serde_rename(&v.attrs).unwrap_or_else(|| v.ident.clone());
                            let mut m = Map::new();
                            m.insert("enum".into(), Value::Array(vec![Value::String(name)]));
                            m
                        }
                        VariantFields::Tuple(fields) if fields.len() == 1 => self.field(&fields[0]),
                        VariantFields::Tuple(fields) => {
                            let items = fields.iter().map(|f| Value::Object(self.field(f))).collect();
                            let mut m = Map::new();
                            m.insert("type".into(), "array".into());
                            m.insert("items".into(), Value::Array(items));
                            m.insert("additionalItems".into(), Value::Bool(false));
                            m
                        }
                        VariantFields::Named(fields) => self.object(fields, false),
                    };
                    insert_opt(&mut map, "title", title);
                    insert_opt(&mut map, "description", description);
                    one_of.push(Value::Object(map));
                }
                let mut m = Map::new();
                m.insert("oneOf".into(), Value::Array(one_of));
                m
            }
        };
        self.stack.pop();
        out
    }

    /// `{"type": "object", "properties": …, "required": …}` of named fields; a struct's fields
    /// (`headers`, not a struct variant's) get their `x-mcp-header` after their schema.
    fn object(&mut self, fields: &[WrittenField], headers: bool) -> Map<String, Value> {
        let mut properties = Map::new();
        let mut required = Vec::new();
        for f in fields {
            let name = property_name(f);
            let mut schema = self.field(f);
            if headers {
                let header = field_keys(&f.attrs, self.rules).mcp_header;
                insert_opt(&mut schema, "x-mcp-header", header.map(Value::String));
            }
            properties.insert(name.clone(), Value::Object(schema));
            if !is_option(&f.ty) {
                required.push(Value::String(name));
            }
        }
        let mut m = Map::new();
        m.insert("type".into(), "object".into());
        m.insert("properties".into(), Value::Object(properties));
        if !required.is_empty() {
            m.insert("required".into(), Value::Array(required));
        }
        m
    }

    fn field(&mut self, f: &WrittenField) -> Map<String, Value> {
        let keys = field_keys(&f.attrs, self.rules);
        self.ty(&f.ty, &keys, f)
    }

    /// The derive's `type_to_json_schema`, for a type written `ty` with the keys of its field.
    fn ty(&mut self, ty: &WrittenTy, keys: &Keys, field: &WrittenField) -> Map<String, Value> {
        let WrittenTy::Path(path) = ty else { return self.unknown(keys) };
        if path.segments.len() == 1 {
            let seg = &path.segments[0];
            let ident = seg.ident.as_str();
            match ident {
                "Option" => {
                    if let Some(inner) = single_type_arg(&seg.args) {
                        let inner = self.ty(inner, keys, field);
                        return self.option(inner, keys);
                    }
                }
                "Vec" => {
                    if let Some(inner) = single_type_arg(&seg.args) {
                        let items = self.ty(inner, &Keys::default(), field);
                        let mut m = typed("array");
                        m.insert("items".into(), Value::Object(items));
                        self.head(&mut m, keys);
                        insert_opt(&mut m, "minItems", keys.min_length.map(Value::from));
                        insert_opt(&mut m, "maxItems", keys.max_length.map(Value::from));
                        self.tail(&mut m, keys);
                        return m;
                    }
                }
                "Number" => return self.numeric("number", keys),
                "Value" if seg.args.is_empty() && self.rules.single_segment_value => {
                    let mut m = Map::new();
                    self.common(&mut m, keys);
                    return m;
                }
                _ if might_be_struct(path) => return self.nested(path, keys, field),
                "String" => {
                    let mut m = typed("string");
                    self.head(&mut m, keys);
                    insert_opt(&mut m, "format", keys.format.clone().map(Value::String));
                    insert_opt(&mut m, "minLength", keys.min_length.map(Value::from));
                    insert_opt(&mut m, "maxLength", keys.max_length.map(Value::from));
                    self.tail(&mut m, keys);
                    return m;
                }
                _ if INTEGERS.contains(&ident) => return self.numeric("integer", keys),
                "f32" | "f64" => return self.numeric("number", keys),
                "bool" => {
                    let mut m = typed("boolean");
                    self.common(&mut m, keys);
                    return m;
                }
                _ => {}
            }
        } else if path.segments.len() == 2 && !path.leading_colon {
            let (a, b) = (&path.segments[0], &path.segments[1]);
            if a.ident == "serde_json" && a.args.is_empty() && b.ident == "Number" && b.args.is_empty() {
                return self.numeric("number", keys);
            }
            // `serde_json::Value` is `{}` from 1.0 on, the "unknown" schema before: both are what
            // the fallback gives.
        }
        self.unknown(keys)
    }

    /// A single identifier taken for a struct or enum: its `json_schema()`, inlined.
    fn nested(&mut self, path: &WrittenPath, keys: &Keys, field: &WrittenField) -> Map<String, Value> {
        let type_name = path.segments[0].ident.clone();
        let mut m = match &path.target {
            Some(Target::Def(id)) => self.def(*id, Some(&field.location)),
            Some(Target::Given(schema)) => schema.clone(),
            Some(Target::Unevaluable { why, at }) => {
                if !self
                    .gaps
                    .iter()
                    .any(|e| matches!(e, SchemaError::Unevaluable { field: f, .. } if *f == field.location))
                {
                    let field = field.location.clone();
                    self.gaps.push(SchemaError::Unevaluable { field, at: at.clone(), type_name, why: why.clone() });
                }
                Map::new()
            }
            missing => {
                let why = match missing {
                    Some(Target::Missing(why)) => why.clone(),
                    _ => "its definition was not looked up".to_owned(),
                };
                let error = SchemaError::Missing { field: field.location.clone(), type_name, why };
                // A type reached from several fields is reported at each; the same field reached
                // twice (a struct used twice) once.
                if !self
                    .errors
                    .iter()
                    .any(|e| matches!(e, SchemaError::Missing { field: f, .. } if *f == field.location))
                {
                    self.errors.push(error);
                }
                return Map::new();
            }
        };
        self.common(&mut m, keys);
        m
    }

    fn option(&self, inner: Map<String, Value>, keys: &Keys) -> Map<String, Value> {
        let mut m = inner;
        match self.rules.option {
            OptionStyle::Nullable => {
                m.insert("nullable".into(), Value::Bool(true));
            }
            OptionStyle::TypeUnion => match m.get("type").cloned() {
                Some(Value::String(t)) if t != "null" => {
                    m.insert("type".into(), Value::Array(vec![Value::String(t), "null".into()]));
                }
                Some(Value::Array(mut types)) => {
                    let null = Value::String("null".into());
                    if !types.contains(&null) {
                        types.push(null);
                        m.insert("type".into(), Value::Array(types));
                    }
                }
                _ => {
                    let mut null = Map::new();
                    null.insert("type".into(), "null".into());
                    let mut wrapper = Map::new();
                    wrapper.insert("anyOf".into(), Value::Array(vec![Value::Object(m), Value::Object(null)]));
                    m = wrapper;
                }
            },
        }
        self.head(&mut m, keys);
        insert_opt(&mut m, "format", keys.format.clone().map(Value::String));
        insert_opt(&mut m, "minLength", keys.min_length.map(Value::from));
        insert_opt(&mut m, "maxLength", keys.max_length.map(Value::from));
        insert_opt(&mut m, "minimum", keys.minimum.map(Value::from));
        insert_opt(&mut m, "maximum", keys.maximum.map(Value::from));
        self.tail(&mut m, keys);
        m
    }

    fn numeric(&self, ty: &str, keys: &Keys) -> Map<String, Value> {
        let mut m = typed(ty);
        self.head(&mut m, keys);
        insert_opt(&mut m, "minimum", keys.minimum.map(Value::from));
        insert_opt(&mut m, "maximum", keys.maximum.map(Value::from));
        self.tail(&mut m, keys);
        m
    }

    fn unknown(&self, keys: &Keys) -> Map<String, Value> {
        let mut m = match self.rules.unknown {
            UnknownStyle::TypeUnknown => typed("unknown"),
            UnknownStyle::Empty => Map::new(),
        };
        self.common(&mut m, keys);
        m
    }

    /// `description` (the key, else the doc comment), `title` and `default`: what every branch
    /// adds, in this order when it adds nothing between them.
    fn common(&self, m: &mut Map<String, Value>, keys: &Keys) {
        self.head(m, keys);
        self.tail(m, keys);
    }

    /// `description` and `title`: every branch adds them after its own first keys (`type`,
    /// `items`).
    fn head(&self, m: &mut Map<String, Value>, keys: &Keys) {
        insert_opt(m, "description", keys.description().cloned().map(Value::String));
        insert_opt(m, "title", keys.title.clone().map(Value::String));
    }

    /// `default`: every branch adds it last (after the format and bounds keys).
    fn tail(&self, m: &mut Map<String, Value>, keys: &Keys) {
        insert_opt(m, "default", keys.default.clone());
    }
}

const INTEGERS: &[&str] = &["i8", "i16", "i32", "i64", "i128", "u8", "u16", "u32", "u64", "u128"];

/// The identifiers the derive never takes for a struct.
const COMMON_TYPES: &[&str] = &[
    "i8", "i16", "i32", "i64", "i128", "u8", "u16", "u32", "u64", "u128", "f32", "f64", "bool", "char", "str",
    "String", "Vec", "Option",
];

/// A single identifier with no arguments that is none of the common types: the derive calls its
/// `json_schema()`.
pub fn might_be_struct(path: &WrittenPath) -> bool {
    path.segments.len() == 1
        && !COMMON_TYPES.contains(&path.segments[0].ident.as_str())
        && path.segments[0].args.is_empty()
}

/// `Option<…>` spelled as one segment (what makes a field optional for the derive).
pub fn is_option(ty: &WrittenTy) -> bool {
    matches!(ty, WrittenTy::Path(p) if p.segments.len() == 1
        && p.segments[0].ident == "Option"
        && matches!(p.segments[0].args, SegmentArgs::Angle(_)))
}

fn single_type_arg(args: &SegmentArgs) -> Option<&WrittenTy> {
    match args {
        SegmentArgs::Angle(a) if a.len() == 1 => a[0].as_ref(),
        _ => None,
    }
}

fn typed(ty: &str) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("type".into(), Value::String(ty.into()));
    m
}

fn insert_opt(m: &mut Map<String, Value>, key: &str, value: Option<Value>) {
    if let Some(v) = value {
        m.insert(key.into(), v);
    }
}

/// The property's name: the last `#[serde(rename = "…")]` the derive could read, else the
/// identifier as written (`r#type` included).
pub fn property_name(f: &WrittenField) -> String {
    serde_rename(&f.attrs).unwrap_or_else(|| f.ident.clone())
}

/// The derive's reading of `#[serde(...)]`: only `rename = "…"`; the parse of an attribute stops
/// at an entry with a value it does not consume (any other `key = value`, `rename(…)`).
fn serde_rename(attrs: &WrittenAttrs) -> Option<String> {
    let mut renamed = None;
    for attr in &attrs.serde {
        for e in &attr.entries {
            match (e.key.as_str(), &e.value) {
                ("rename", EntryValue::Lit(WrittenLit::Str(s))) => renamed = Some(s.clone()),
                // A literal is read (and dropped) whatever its kind.
                ("rename", EntryValue::Lit(_)) | (_, EntryValue::None) => {}
                _ => break,
            }
        }
    }
    renamed
}

/// A variant's `#[json_schema(title, description)]`.
fn variant_keys(attrs: &WrittenAttrs) -> (Option<Value>, Option<Value>) {
    let (mut title, mut description) = (None, None);
    for attr in &attrs.json_schema {
        for e in &attr.entries {
            match (e.key.as_str(), &e.value) {
                ("title", EntryValue::Lit(WrittenLit::Str(s))) => title = Some(Value::String(s.clone())),
                ("description", EntryValue::Lit(WrittenLit::Str(s))) => description = Some(Value::String(s.clone())),
                (_, EntryValue::None) => {}
                _ => break,
            }
        }
    }
    (title, description)
}

/// A field's `#[json_schema(...)]` keys and doc comment, read as the derive reads them: an
/// attribute's parse stops at the first entry whose value is not what its key takes (a float
/// `minimum`, a `concat!` description) or whose key is unknown and has a value.
fn field_keys(attrs: &WrittenAttrs, rules: &Rules) -> Keys {
    let mut k = Keys::default();
    for attr in &attrs.json_schema {
        read_json_schema_attr(attr, &mut k);
        if rules.mcp_header {
            if let Some(first) = attr.entries.first() {
                if let ("x_mcp_header", EntryValue::Lit(WrittenLit::Str(s))) = (first.key.as_str(), &first.value) {
                    k.mcp_header = Some(s.clone());
                }
            }
        }
    }
    if !attrs.docs.is_empty() {
        k.doc = Some(attrs.docs.iter().map(|d| d.trim()).collect::<Vec<_>>().join("\n"));
    }
    k
}

fn read_json_schema_attr(attr: &MetaEntries, k: &mut Keys) {
    for e in &attr.entries {
        let ok = match (e.key.as_str(), &e.value) {
            ("title", EntryValue::Lit(WrittenLit::Str(s))) => set(&mut k.title, s.clone()),
            ("description", EntryValue::Lit(WrittenLit::Str(s))) => set(&mut k.description, s.clone()),
            ("format", EntryValue::Lit(WrittenLit::Str(s))) => set(&mut k.format, s.clone()),
            ("min_length", EntryValue::Lit(WrittenLit::Int(d))) => {
                d.parse().ok().map(|v| k.min_length = Some(v)).is_some()
            }
            ("max_length", EntryValue::Lit(WrittenLit::Int(d))) => {
                d.parse().ok().map(|v| k.max_length = Some(v)).is_some()
            }
            ("minimum", EntryValue::Lit(WrittenLit::Int(d))) => d.parse().ok().map(|v| k.minimum = Some(v)).is_some(),
            ("maximum", EntryValue::Lit(WrittenLit::Int(d))) => d.parse().ok().map(|v| k.maximum = Some(v)).is_some(),
            ("default", EntryValue::Lit(lit)) => match default_value(lit) {
                Some(v) => set(&mut k.default, v),
                None => false,
            },
            (
                "title" | "description" | "format" | "min_length" | "max_length" | "minimum" | "maximum" | "default",
                _,
            ) => false,
            // An unknown key alone is passed over; with a value, the parse stops.
            (_, EntryValue::None) => true,
            _ => false,
        };
        if !ok {
            break;
        }
    }
}

fn set<T>(slot: &mut Option<T>, v: T) -> bool {
    *slot = Some(v);
    true
}

/// `default = literal`: a string, an `i64`, an `f64` or a bool.
fn default_value(lit: &WrittenLit) -> Option<Value> {
    match lit {
        WrittenLit::Str(s) => Some(Value::String(s.clone())),
        WrittenLit::Int(d) => d.parse::<i64>().ok().map(Value::from),
        WrittenLit::Float(d) => d.parse::<f64>().ok().and_then(serde_json::Number::from_f64).map(Value::Number),
        WrittenLit::Bool(b) => Some(Value::Bool(*b)),
        WrittenLit::Other => None,
    }
}

/// `value` with the keys of every object in byte order, as serde_json writes a `BTreeMap`.
pub fn sorted(value: &Value) -> Value {
    match value {
        Value::Object(m) => Value::Object(sorted_map(m)),
        Value::Array(a) => Value::Array(a.iter().map(sorted).collect()),
        v => v.clone(),
    }
}

pub fn sorted_map(m: &Map<String, Value>) -> Map<String, Value> {
    let mut entries: Vec<(&String, &Value)> = m.iter().collect();
    entries.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    entries.into_iter().map(|(k, v)| (k.clone(), sorted(v))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::written::{MetaEntry, WrittenSegment};

    fn entry(key: &str, value: EntryValue) -> MetaEntry {
        MetaEntry { key: key.into(), value }
    }

    fn attrs(json_schema: Vec<MetaEntry>) -> WrittenAttrs {
        WrittenAttrs { json_schema: vec![MetaEntries { entries: json_schema, broken: false }], ..Default::default() }
    }

    const RULES: Rules = Rules {
        option: OptionStyle::TypeUnion,
        unknown: UnknownStyle::Empty,
        single_segment_value: true,
        mcp_header: true,
    };

    #[test]
    fn the_parse_of_an_attribute_stops_at_the_first_entry_it_cannot_take() {
        let str_lit = |s: &str| EntryValue::Lit(WrittenLit::Str(s.into()));
        let keys = field_keys(
            &attrs(vec![
                entry("title", str_lit("kept")),
                entry("flag", EntryValue::None),
                entry("minimum", EntryValue::Lit(WrittenLit::Float("0.5".into()))),
                entry("description", str_lit("lost")),
            ]),
            &RULES,
        );
        assert_eq!((keys.title.as_deref(), keys.description.as_deref(), keys.minimum), (Some("kept"), None, None));
        let header =
            field_keys(&attrs(vec![entry("x_mcp_header", str_lit("H")), entry("title", str_lit("t"))]), &RULES);
        assert_eq!((header.mcp_header.as_deref(), header.title), (Some("H"), None));
    }

    #[test]
    fn only_a_one_segment_option_is_optional() {
        let seg = |ident: &str, args| WrittenSegment { ident: ident.into(), args };
        let path = |segments| WrittenTy::Path(WrittenPath { leading_colon: false, segments, target: None });
        let string = path(vec![seg("String", SegmentArgs::None)]);
        assert!(is_option(&path(vec![seg("Option", SegmentArgs::Angle(vec![Some(string.clone())]))])));
        let qualified = vec![
            seg("std", SegmentArgs::None),
            seg("option", SegmentArgs::None),
            seg("Option", SegmentArgs::Angle(vec![Some(string)])),
        ];
        assert!(!is_option(&path(qualified)));
    }
}
