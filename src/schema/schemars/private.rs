//! schemars' own helpers (`schemars::_private`) applied to our JSON values: the functions
//! schemars exports are called directly; the few it keeps private are mirrored here.

use schemars::Schema;
use serde_json::{json, Map, Value};

/// A JSON value that is a schema (an object or a bool) seen as a schemars `Schema`.
pub fn as_schema(v: &mut Value) -> &mut Schema {
    if !(v.is_object() || v.is_boolean()) {
        *v = Value::Bool(true);
    }
    <&mut Schema>::try_from(v).expect("objects and bools are schemas")
}

/// `Schema::insert`: a bool schema first becomes the equivalent object.
pub fn insert(v: &mut Value, key: &str, value: Value) {
    as_schema(v).insert(key.to_owned(), value);
}

/// `Schema::ensure_object`.
pub fn ensure_object(v: &mut Value) -> &mut Map<String, Value> {
    as_schema(v).ensure_object()
}

pub fn has_type(v: &Value, ty: &str) -> bool {
    match v.get("type") {
        Some(Value::String(s)) => s == ty,
        Some(Value::Array(a)) => a.iter().any(|t| t == ty),
        _ => false,
    }
}

fn null_schema() -> Value {
    json!({"type": "null"})
}

pub fn contains_immediate_subschema(obj: &Map<String, Value>) -> bool {
    ["if", "allOf", "anyOf", "oneOf", "$ref"].into_iter().any(|k| obj.contains_key(k))
}

/// `schemars::_private::allow_null` (what `Option<T>` does to `T`'s subschema).
pub fn allow_null(schema: &mut Value) {
    match schema {
        Value::Object(obj) => {
            if obj.len() == 1
                && obj.get("anyOf").and_then(Value::as_array).is_some_and(|a| a.iter().any(|s| has_type(s, "null")))
            {
                return;
            }
            if contains_immediate_subschema(obj) {
                let inner = Value::Object(std::mem::take(obj));
                *schema = crate::schema::object([("anyOf", Value::Array(vec![inner, null_schema()]))]);
                return;
            }
            if let Some(instance_type) = obj.get_mut("type") {
                match instance_type {
                    Value::Array(array) => {
                        let null = Value::from("null");
                        if !array.contains(&null) {
                            array.push(null);
                        }
                    }
                    Value::String(s) if s != "null" => {
                        let current = Value::String(std::mem::take(s));
                        *instance_type = Value::Array(vec![current, "null".into()]);
                    }
                    _ => {}
                }
            }
            if let Some(c) = obj.remove("const") {
                if !c.is_null() {
                    obj.insert("enum".into(), Value::Array(vec![c, Value::Null]));
                }
            } else if let Some(Value::Array(e)) = obj.get_mut("enum") {
                if !e.contains(&Value::Null) {
                    e.push(Value::Null);
                }
            }
        }
        Value::Bool(false) => *schema = null_schema(),
        _ => {}
    }
}

/// `schemars::_private::flatten`: merge a flattened field's schema into its parent.
pub fn flatten(parent: &mut Value, other: Value) {
    let other = match Schema::try_from(other) {
        Ok(s) => s,
        Err(_) => return,
    };
    schemars::_private::flatten(as_schema(parent), other);
}

/// The body of `schemars::_private::json_schema_for_flatten` once the non-optional schema of the
/// flattened type is known.
pub fn flatten_schema(mut schema: Value, is_optional: bool) -> Value {
    if let Some(unit_variants) = remove_unit_variants(&mut schema) {
        if let Some(Value::Array(one_of)) =
            Some(ensure_object(&mut schema).entry("oneOf").or_insert(Value::Array(Vec::new())))
        {
            one_of.extend(unit_variants.iter().filter_map(Value::as_str).map(|variant| {
                json!({
                    "type": "object",
                    "properties": { variant: { "type": "null" } },
                    "required": [variant],
                })
            }));
        }
    }
    if is_optional {
        if let Value::Object(obj) = &mut schema {
            obj.remove("required");
        }
        let one_of = match &mut schema {
            Value::Object(obj) => obj.remove("oneOf"),
            _ => None,
        };
        if let Some(one_of) = one_of {
            flatten(&mut schema, json!({"anyOf": [{"oneOf": one_of}, {}]}));
        }
        if let Some(Value::Array(any_of)) = schema.get_mut("anyOf") {
            let empty = Value::Object(Map::new());
            if !any_of.contains(&empty) {
                any_of.push(empty);
            }
        }
    }
    allow_unknown_properties(&mut schema);
    schema
}

fn remove_unit_variants(schema: &mut Value) -> Option<Vec<Value>> {
    let obj = schema.as_object_mut()?;
    if obj.get("type").and_then(Value::as_str) == Some("string") {
        if let Some(Value::Array(a)) = obj.remove("enum") {
            obj.remove("type");
            return Some(a);
        }
    }
    let one_of = obj.get_mut("oneOf")?.as_array_mut()?;
    let first = one_of.get_mut(0)?.as_object_mut()?;
    if first.get("type").and_then(Value::as_str) == Some("string") {
        if let Some(Value::Array(a)) = first.remove("enum") {
            one_of.remove(0);
            return Some(a);
        }
    }
    None
}

/// schemars' `AllowUnknownProperties` transform: drop `additionalProperties: false` /
/// `unevaluatedProperties: false` here and in the immediate subschemas. Whether it changed
/// anything.
pub fn allow_unknown_properties(schema: &mut Value) -> bool {
    let mut did_modify = false;
    if let Value::Object(obj) = schema {
        for key in ["additionalProperties", "unevaluatedProperties"] {
            if obj.get(key).and_then(Value::as_bool) == Some(false) {
                obj.remove(key);
                did_modify = true;
            }
        }
    }
    did_modify | allow_unknown_in_immediate_subschemas(schema)
}

pub fn allow_unknown_in_immediate_subschemas(schema: &mut Value) -> bool {
    let mut did_modify = false;
    if let Value::Object(obj) = schema {
        for (key, value) in obj.iter_mut() {
            match key.as_str() {
                "if" | "then" | "else" => did_modify |= allow_unknown_properties(value),
                "allOf" | "anyOf" | "oneOf" => {
                    if let Value::Array(items) = value {
                        for item in items {
                            did_modify |= allow_unknown_properties(item);
                        }
                    }
                }
                _ => {}
            }
        }
    }
    did_modify
}

/// `schemars::_private::apply_internal_enum_variant_tag`.
pub fn apply_internal_tag(schema: &mut Value, tag: &str, variant: &str, deny_unknown_fields: bool) {
    schemars::_private::apply_internal_enum_variant_tag(as_schema(schema), tag, variant, deny_unknown_fields);
}

/// `schemars::_private::insert_object_property`.
pub fn insert_object_property(schema: &mut Value, key: &str, is_optional: bool, sub_schema: Value) {
    let sub = Schema::try_from(sub_schema).unwrap_or_else(|_| Schema::from(true));
    schemars::_private::insert_object_property(as_schema(schema), key, is_optional, sub);
}

/// `schemars::_private::insert_validation_property`.
pub fn insert_validation(schema: &mut Value, required_type: &str, key: &str, value: Value) {
    schemars::_private::insert_validation_property(as_schema(schema), required_type, key, value);
}

/// `schemars::_private::get_title_and_description` of a doc string.
pub fn title_and_description(doc: &str) -> (String, String) {
    let (t, d) = schemars::_private::get_title_and_description(doc);
    (t.to_owned(), d.to_owned())
}

/// schemars' `encode_ref_name`: a name as a JSON-pointer fragment in a URI.
pub fn encode_ref_name(name: &str) -> String {
    fn needs_encoding(byte: u8) -> bool {
        match byte {
            b'~' | b'/' => true,
            b'!' | b'$' | b'&'..=b';' | b'=' | b'?'..=b'Z' | b'_' | b'a'..=b'z' => false,
            _ => true,
        }
    }
    let mut buf = String::new();
    for byte in name.bytes() {
        if byte == b'~' {
            buf.push_str("~0");
        } else if byte == b'/' {
            buf.push_str("~1");
        } else if needs_encoding(byte) {
            buf.push_str(&format!("%{byte:2X}"));
        } else {
            buf.push(byte as char);
        }
    }
    buf
}
