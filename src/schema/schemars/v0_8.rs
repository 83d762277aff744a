//! schemars 0.8, which rmcp 0.1 and 0.2 drive: what differs from 1.x, as the rest of the flavour
//! asks for it. Its own types are asked of schemars 0.8 itself (the `schemars08` dependency);
//! the derive's rules (docs, `Option`, flattening) are schemars_derive 0.8.22's, read from its
//! sources.

use schemars08::gen::SchemaSettings;
use schemars08::JsonSchema;
use serde_json::{json, Map, Value};

use super::leaf::LeafInfo;
use super::Schemars08;
use crate::model::{FloatKind, IntKind, Leaf, Ty};

/// The generator settings: `SchemaSettings::draft07()` with the SDK's changes. The visitors do
/// not change a leaf's own schema, so they are left to [`remove_ref_siblings`].
fn settings(s: Schemars08) -> SchemaSettings {
    let mut settings = SchemaSettings::draft07();
    settings.option_nullable = s.option_nullable;
    settings.option_add_null_type = s.option_add_null_type;
    settings.visitors = Vec::new();
    settings
}

fn info<T: JsonSchema + ?Sized>(s: Schemars08) -> LeafInfo {
    let mut generator = settings(s).into_generator();
    LeafInfo {
        name: T::schema_name(),
        id: T::schema_id().into_owned(),
        inline: !T::is_referenceable(),
        schema: serde_json::to_value(T::json_schema(&mut generator)).unwrap_or(Value::Bool(true)),
    }
}

/// The schemars 0.8 facts of a leaf type, `None` for the composite and user-defined ones.
pub fn leaf_info(ty: &Ty, s: Schemars08) -> Option<LeafInfo> {
    use std::num::*;
    Some(match ty {
        Ty::Int(k) => match k {
            IntKind::I8 => info::<i8>(s),
            IntKind::I16 => info::<i16>(s),
            IntKind::I32 => info::<i32>(s),
            IntKind::I64 => info::<i64>(s),
            IntKind::I128 => info::<i128>(s),
            IntKind::Isize => info::<isize>(s),
            IntKind::U8 => info::<u8>(s),
            IntKind::U16 => info::<u16>(s),
            IntKind::U32 => info::<u32>(s),
            IntKind::U64 => info::<u64>(s),
            IntKind::U128 => info::<u128>(s),
            IntKind::Usize => info::<usize>(s),
        },
        Ty::Float(FloatKind::F32) => info::<f32>(s),
        Ty::Float(FloatKind::F64) => info::<f64>(s),
        Ty::Bool => info::<bool>(s),
        Ty::Char => info::<char>(s),
        Ty::String => info::<String>(s),
        Ty::Unit => info::<()>(s),
        Ty::JsonValue => info::<serde_json::Value>(s),
        Ty::JsonNumber => info::<serde_json::Number>(s),
        Ty::Leaf(leaf) => match leaf {
            Leaf::DateTime => info::<chrono::DateTime<chrono::Utc>>(s),
            Leaf::NaiveDateTime => info::<chrono::NaiveDateTime>(s),
            Leaf::NaiveDate => info::<chrono::NaiveDate>(s),
            Leaf::NaiveTime => info::<chrono::NaiveTime>(s),
            Leaf::Uuid => info::<uuid::Uuid>(s),
            Leaf::Duration => info::<std::time::Duration>(s),
            Leaf::SystemTime => info::<std::time::SystemTime>(s),
            Leaf::IpAddr => info::<std::net::IpAddr>(s),
            Leaf::Ipv4Addr => info::<std::net::Ipv4Addr>(s),
            Leaf::Ipv6Addr => info::<std::net::Ipv6Addr>(s),
            Leaf::SocketAddr => info::<std::net::SocketAddr>(s),
            Leaf::PathBuf => info::<std::path::PathBuf>(s),
            Leaf::Url => info::<url::Url>(s),
            Leaf::Bytes => info::<bytes::Bytes>(s),
            Leaf::Decimal => info::<rust_decimal::Decimal>(s),
            Leaf::BigDecimal => info::<bigdecimal::BigDecimal>(s),
            Leaf::SemVer => info::<semver::Version>(s),
            // schemars 0.8 has no jiff impls: such a server does not build against it.
            Leaf::Jiff(_) => return None,
            Leaf::NonZero(k) => match k {
                IntKind::I8 => info::<NonZeroI8>(s),
                IntKind::I16 => info::<NonZeroI16>(s),
                IntKind::I32 => info::<NonZeroI32>(s),
                IntKind::I64 => info::<NonZeroI64>(s),
                IntKind::I128 => info::<NonZeroI128>(s),
                IntKind::Isize => info::<NonZeroIsize>(s),
                IntKind::U8 => info::<NonZeroU8>(s),
                IntKind::U16 => info::<NonZeroU16>(s),
                IntKind::U32 => info::<NonZeroU32>(s),
                IntKind::U64 => info::<NonZeroU64>(s),
                IntKind::U128 => info::<NonZeroU128>(s),
                IntKind::Usize => info::<NonZeroUsize>(s),
            },
        },
        _ => return None,
    })
}

/// `Schema::into_object`: `true` is `{}`, `false` is `{"not": {}}`.
pub fn into_object(schema: Value) -> Map<String, Value> {
    match schema {
        Value::Object(o) => o,
        Value::Bool(false) => {
            let mut o = Map::new();
            o.insert("not".into(), json!({}));
            o
        }
        _ => Map::new(),
    }
}

/// `impl JsonSchema for Option<T>` over `T`'s subschema.
pub fn option(schema: Value, s: Schemars08) -> Value {
    let mut schema = schema;
    if s.option_add_null_type {
        schema = match schema {
            Value::Bool(true) => Value::Bool(true),
            Value::Bool(false) => json!({"type": "null"}),
            Value::Object(mut o) if o.contains_key("type") => {
                add_null_type(&mut o);
                Value::Object(o)
            }
            other => json!({"anyOf": [other, {"type": "null"}]}),
        };
    }
    if s.option_nullable {
        let mut o = into_object(schema);
        o.insert("nullable".into(), Value::Bool(true));
        schema = Value::Object(o);
    }
    schema
}

fn add_null_type(o: &mut Map<String, Value>) {
    match o.get_mut("type") {
        Some(Value::String(t)) if t != "null" => {
            let t = std::mem::take(t);
            o.insert("type".into(), json!([t, "null"]));
        }
        Some(Value::Array(a)) if !a.iter().any(|t| t == "null") => a.push(json!("null")),
        _ => {}
    }
}

/// schemars_derive 0.8's `get_title_and_desc_from_doc`, over the doc strings.
pub fn title_and_description(docs: &[String]) -> (Option<String>, Option<String>) {
    let Some(doc) = get_doc(docs) else { return (None, None) };
    if doc.starts_with('#') {
        let mut split = doc.splitn(2, '\n');
        let title = split.next().unwrap_or("").trim_start_matches('#').trim().to_owned();
        let description = split.next().and_then(merge_description_lines);
        (none_if_empty(title), description)
    } else {
        (None, merge_description_lines(&doc))
    }
}

fn merge_description_lines(doc: &str) -> Option<String> {
    let paragraphs: Vec<String> =
        doc.trim().split("\n\n").filter_map(|p| none_if_empty(p.trim().replace('\n', " "))).collect();
    none_if_empty(paragraphs.join("\n\n"))
}

fn get_doc(docs: &[String]) -> Option<String> {
    let mut lines: Vec<&str> =
        docs.iter().flat_map(|d| d.split('\n')).map(str::trim).skip_while(|s| s.is_empty()).collect();
    if lines.last() == Some(&"") {
        lines.pop();
    }
    // schemars keeps this for `/** … */` blocks whose lines all start with `*`.
    if lines.iter().all(|l| l.starts_with('*')) {
        for line in lines.iter_mut() {
            *line = line[1..].trim();
        }
        while lines.first() == Some(&"") {
            lines.remove(0);
        }
    }
    none_if_empty(lines.join("\n"))
}

fn none_if_empty(s: String) -> Option<String> {
    (!s.is_empty()).then_some(s)
}

/// `Schema::flatten` (schemars 0.8's `Merge`): the second schema's keywords merged into the first.
pub fn flatten(a: Value, b: Value) -> Value {
    if is_null_type(&a) {
        return b;
    }
    if is_null_type(&b) {
        return a;
    }
    Value::Object(merge(into_object(a), into_object(b)))
}

fn is_null_type(v: &Value) -> bool {
    v.get("type").and_then(Value::as_str) == Some("null")
}

fn merge(mut a: Map<String, Value>, b: Map<String, Value>) -> Map<String, Value> {
    let a_has_additional = a.contains_key("additionalProperties");
    let mut b_additional = None;
    for (k, v) in b {
        match k.as_str() {
            "properties" | "patternProperties" => {
                let target = a.entry(k).or_insert_with(|| Value::Object(Map::new()));
                if let (Value::Object(t), Value::Object(v)) = (target, v) {
                    t.extend(v);
                }
            }
            "required" => {
                let mut set: std::collections::BTreeSet<String> = a
                    .get("required")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter_map(|x| x.as_str().map(str::to_owned))
                    .collect();
                set.extend(v.as_array().into_iter().flatten().filter_map(|x| x.as_str().map(str::to_owned)));
                a.insert(k, json!(set));
            }
            "enum" | "examples" => {
                if let (Some(Value::Array(t)), Value::Array(v)) = (a.get_mut(&k), &v) {
                    t.extend(v.iter().cloned());
                } else {
                    a.entry(k).or_insert(v);
                }
            }
            "deprecated" | "readOnly" | "writeOnly" => {
                let on = a.get(&k).and_then(Value::as_bool).unwrap_or(false) || v.as_bool().unwrap_or(false);
                if on {
                    a.insert(k, Value::Bool(true));
                }
            }
            "type" => merge_type(&mut a, v),
            "additionalProperties" => b_additional = Some(v),
            _ => {
                a.entry(k).or_insert(v);
            }
        }
    }
    // `Option<Box<Schema>>::merge`: `true` wins, a missing side leaves none.
    let merged = match (a.remove("additionalProperties"), b_additional) {
        (Some(Value::Bool(true)), _) | (_, Some(Value::Bool(true))) => Some(Value::Bool(true)),
        (None, _) | (_, None) => None,
        (Some(Value::Object(x)), Some(Value::Object(y))) => Some(Value::Object(merge(x, y))),
        (Some(x @ Value::Object(_)), Some(_)) => Some(x),
        (Some(_), Some(y @ Value::Object(_))) => Some(y),
        (Some(_), Some(_)) => Some(Value::Bool(false)),
    };
    let _ = a_has_additional;
    if let Some(m) = merged {
        a.insert("additionalProperties".into(), m);
    }
    a
}

/// `SingleOrVec<InstanceType>::merge`: equal stays, else the union, sorted and deduplicated.
fn merge_type(a: &mut Map<String, Value>, b: Value) {
    let Some(existing) = a.get("type").cloned() else {
        a.insert("type".into(), b);
        return;
    };
    if existing == b {
        return;
    }
    let as_vec = |v: &Value| -> Vec<String> {
        match v {
            Value::String(s) => vec![s.clone()],
            Value::Array(x) => x.iter().filter_map(|t| t.as_str().map(str::to_owned)).collect(),
            _ => Vec::new(),
        }
    };
    let mut all = as_vec(&existing);
    all.extend(as_vec(&b));
    all.sort_by_key(|t| instance_type_rank(t));
    all.dedup();
    a.insert("type".into(), json!(all));
}

/// The declaration order of schemars 0.8's `InstanceType`, which its `sort` follows.
fn instance_type_rank(t: &str) -> usize {
    ["null", "boolean", "object", "array", "number", "string", "integer"].iter().position(|x| *x == t).unwrap_or(7)
}

/// The `RemoveRefSiblings` visitor, over a whole document: a `$ref` beside other keywords moves
/// into an `allOf` of its own.
pub fn remove_ref_siblings(v: &mut Value) {
    match v {
        Value::Object(o) => {
            for (_, x) in o.iter_mut() {
                remove_ref_siblings(x);
            }
            if o.len() > 1 {
                if let Some(r) = o.remove("$ref") {
                    match o.get_mut("allOf") {
                        Some(Value::Array(all)) => all.push(json!({"$ref": r})),
                        _ => {
                            o.insert("allOf".into(), json!([{"$ref": r}]));
                        }
                    }
                }
            }
        }
        Value::Array(a) => a.iter_mut().for_each(remove_ref_siblings),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn docs(lines: &[&str]) -> Vec<String> {
        lines.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn docs_merge_lines_and_read_a_heading_as_title() {
        assert_eq!(title_and_description(&docs(&["first", "", " second"])), (None, Some("first\n\nsecond".into())));
        assert_eq!(title_and_description(&docs(&["a", "b"])), (None, Some("a b".into())));
        assert_eq!(
            title_and_description(&docs(&["# Title", "body", "more"])),
            (Some("Title".into()), Some("body more".into()))
        );
        assert_eq!(
            title_and_description(&docs(&["* Block doc", " * with stars."])).1.as_deref(),
            Some("Block doc with stars.")
        );
    }

    #[test]
    fn options_per_settings() {
        let nullable = Schemars08 {
            option_nullable: true,
            option_add_null_type: false,
            remove_ref_siblings: false,
            inline_subschemas: false,
        };
        let null_type = Schemars08 {
            option_nullable: false,
            option_add_null_type: true,
            remove_ref_siblings: true,
            inline_subschemas: false,
        };
        let r = json!({"$ref": "#/definitions/A"});
        assert_eq!(option(r.clone(), nullable), json!({"$ref": "#/definitions/A", "nullable": true}));
        assert_eq!(option(r.clone(), null_type), json!({"anyOf": [r, {"type": "null"}]}));
        assert_eq!(option(json!({"type": "string"}), null_type), json!({"type": ["string", "null"]}));
    }

    #[test]
    fn leaves_come_from_schemars_0_8() {
        let s = Schemars08 {
            option_nullable: true,
            option_add_null_type: false,
            remove_ref_siblings: false,
            inline_subschemas: false,
        };
        let u8 = leaf_info(&Ty::Int(IntKind::U8), s).unwrap();
        assert_eq!(u8.schema, json!({"type": "integer", "format": "uint8", "minimum": 0.0}));
        assert_eq!(u8.name, "uint8");
    }
}
