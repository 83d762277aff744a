//! Key order of emitted schemas.

use serde_json::Value;

/// Keywords whose value is data, not a schema: never reordered inside.
const DATA_KEYWORDS: &[&str] = &["default", "enum", "const", "examples", "required"];

/// pydantic's order: every schema object sorted by key, except the members
/// of `properties` (declaration order) and the schema of a property named `default` or
/// `properties`, which keeps generation order: type keys first, then `default`, `description`,
/// `title`.
pub fn pydantic_order(schema: &mut Value) {
    sort_schema(schema);
}

fn sort_schema(v: &mut Value) {
    let Value::Object(map) = v else { return };
    let mut entries: Vec<(String, Value)> = std::mem::take(map).into_iter().collect();
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    for (k, val) in entries.iter_mut() {
        match k.as_str() {
            "properties" => sort_properties(val),
            "$defs" => {
                if let Value::Object(defs) = val {
                    let mut d: Vec<(String, Value)> = std::mem::take(defs).into_iter().collect();
                    d.sort_by(|a, b| a.0.cmp(&b.0));
                    for (_, s) in d.iter_mut() {
                        sort_schema(s);
                    }
                    *defs = d.into_iter().collect();
                }
            }
            k if DATA_KEYWORDS.contains(&k) => {}
            _ => sort_nested(val),
        }
    }
    *map = entries.into_iter().collect();
}

/// A value that holds schemas: a schema, or an array of them (`anyOf`, `prefixItems`).
fn sort_nested(v: &mut Value) {
    match v {
        Value::Object(_) => sort_schema(v),
        Value::Array(items) => items.iter_mut().for_each(sort_schema),
        _ => {}
    }
}

fn sort_properties(v: &mut Value) {
    let Value::Object(props) = v else { return };
    for (name, schema) in props.iter_mut() {
        if name == "default" || name == "properties" {
            generation_order(schema);
        } else {
            sort_schema(schema);
        }
    }
}

/// The order in which pydantic writes the keys of one schema: the type's own keys (`type` first,
/// then what that type adds, in the order its generator adds them), then what the field adds.
/// pydantic leaves the schema of a property named `default` or `properties` in this order (its
/// final sort skips the children of those keys), while everything inside it is sorted.
const GENERATION_ORDER: &[&str] = &[
    "type",
    "$ref",
    "anyOf",
    "enum",
    "const",
    "uniqueItems",
    "items",
    "prefixItems",
    "minItems",
    "maxItems",
    "additionalProperties",
    "propertyNames",
    "format",
    "default",
    "description",
    "title",
];

fn generation_order(v: &mut Value) {
    sort_schema(v);
    let Value::Object(map) = v else { return };
    let rank = |k: &str| GENERATION_ORDER.iter().position(|g| *g == k).unwrap_or(GENERATION_ORDER.len());
    let mut entries: Vec<(String, Value)> = std::mem::take(map).into_iter().collect();
    // A stable sort: keys pydantic does not generate for these types keep their sorted order.
    entries.sort_by_key(|(k, _)| rank(k));
    *map = entries.into_iter().collect();
}

/// Sort the keys of every object, at every depth, with no exception: the members of `properties`,
/// the entries of `$defs` and the objects inside data keywords (`default`, `enum`) included.
/// rmcp holds schemas in maps without serde_json's `preserve_order`, so it prints them this way;
/// the schemars flavour and the rmcp profile both use it.
pub fn sort_all_keys(v: &mut Value) {
    if crate::key_order::insertion_order() {
        return;
    }
    sort_every_key(v);
}

pub use crate::key_order::with_serde_json_order;

/// The keys of a root schema as schemars 1.x hands it over (`serde_json::to_value(schema)`):
/// sorted without serde_json's `preserve_order`; with it, in the order schemars' `Schema`
/// serializer writes them (see [`schemars_serialized`]).
pub fn schemars_root_order(v: &mut Value) {
    if crate::key_order::insertion_order() {
        schemars_serialized(v, false);
    } else {
        sort_every_key(v);
    }
}

/// A schemars 0.8 schema as serde_json writes it: sorted, or (`preserve_order`) in the order of
/// the fields of schemars 0.8's `SchemaObject` (its flattened `Metadata`, `SubschemaValidation`,
/// number, string, array and object validations, `$ref`, then the extensions). The members of
/// `properties`, `patternProperties` and `definitions` are schemars' own `BTreeMap`: sorted
/// either way. Values (`default`, `examples`, `enum`, `const`) are left as they are.
pub fn schemars08_order(v: &mut Value) {
    if crate::key_order::insertion_order() {
        schemars08_serialized(v);
    } else {
        sort_every_key(v);
    }
}

/// `SchemaObject`'s keywords in the order it serializes them.
const SCHEMARS08_FIELDS: &[&str] = &[
    "$id",
    "title",
    "description",
    "default",
    "deprecated",
    "readOnly",
    "writeOnly",
    "examples",
    "type",
    "format",
    "enum",
    "const",
    "allOf",
    "anyOf",
    "oneOf",
    "not",
    "if",
    "then",
    "else",
    "multipleOf",
    "maximum",
    "exclusiveMaximum",
    "minimum",
    "exclusiveMinimum",
    "maxLength",
    "minLength",
    "pattern",
    "items",
    "additionalItems",
    "maxItems",
    "minItems",
    "uniqueItems",
    "contains",
    "maxProperties",
    "minProperties",
    "required",
    "properties",
    "patternProperties",
    "additionalProperties",
    "propertyNames",
    "$ref",
];

fn schemars08_serialized(v: &mut Value) {
    match v {
        Value::Array(items) => items.iter_mut().for_each(schemars08_serialized),
        Value::Object(map) => {
            let rank = |k: &str| SCHEMARS08_FIELDS.iter().position(|f| *f == k).unwrap_or(SCHEMARS08_FIELDS.len());
            let mut entries: Vec<(String, Value)> = std::mem::take(map).into_iter().collect();
            entries.sort_by_key(|(k, _)| rank(k));
            for (k, value) in &mut entries {
                match k.as_str() {
                    "default" | "examples" | "enum" | "const" => {}
                    "properties" | "patternProperties" | "definitions" => {
                        if let Value::Object(members) = value {
                            let mut sorted: Vec<(String, Value)> = std::mem::take(members).into_iter().collect();
                            sorted.sort_by(|a, b| a.0.cmp(&b.0));
                            for (_, s) in &mut sorted {
                                schemars08_serialized(s);
                            }
                            members.extend(sorted);
                        }
                    }
                    _ => schemars08_serialized(value),
                }
            }
            map.extend(entries);
        }
        _ => {}
    }
}

/// schemars 1.x writes these keywords of a schema first and these last; the others in between,
/// in insertion order (the sort below is stable).
const SCHEMARS_FIRST: &[&str] = &["$id", "$schema", "title", "description", "type", "format", "properties"];
const SCHEMARS_LAST: &[&str] = &["$defs", "definitions"];

/// schemars' `OrderedKeywordWrapper`: a schema's keys first, middle, last as above; the members of
/// `properties`, `patternProperties`, `dependentSchemas`, `$defs` and `definitions` (`members`)
/// keep their order while their values are schemas; `examples`, `default` and `x-…` are values,
/// left as they are; anything else is a schema or an array of them.
fn schemars_serialized(v: &mut Value, members: bool) {
    match v {
        Value::Array(items) => items.iter_mut().for_each(|s| schemars_serialized(s, false)),
        Value::Object(map) => {
            if !members {
                let rank = |k: &str| {
                    if let Some(i) = SCHEMARS_FIRST.iter().position(|f| *f == k) {
                        (0, i)
                    } else if let Some(i) = SCHEMARS_LAST.iter().position(|f| *f == k) {
                        (2, i)
                    } else {
                        // The schemars flavour inserts these in the order schemars does.
                        (1, 0)
                    }
                };
                let mut entries: Vec<(String, Value)> = std::mem::take(map).into_iter().collect();
                entries.sort_by_key(|(k, _)| rank(k));
                *map = entries.into_iter().collect();
            }
            for (k, child) in map.iter_mut() {
                if members {
                    schemars_serialized(child, false);
                } else if matches!(k.as_str(), "examples" | "default") || k.starts_with("x-") {
                } else {
                    let holds_members = matches!(
                        k.as_str(),
                        "properties" | "patternProperties" | "dependentSchemas" | "$defs" | "definitions"
                    );
                    schemars_serialized(child, holds_members);
                }
            }
        }
        _ => {}
    }
}

fn sort_every_key(v: &mut Value) {
    match v {
        Value::Object(map) => {
            // Most objects come here sorted already (a schema of the schemars flavour is sorted
            // again by the profile): checking is a walk, sorting rebuilds the map's index.
            if !map.keys().zip(map.keys().skip(1)).all(|(a, b)| a <= b) {
                map.sort_keys();
            }
            map.values_mut().for_each(sort_every_key);
        }
        Value::Array(items) => items.iter_mut().for_each(sort_every_key),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn with_preserve_order_a_root_is_written_as_schemars_serializes_it() {
        let schema = || {
            json!({
                "properties": {"b": {"maximum": 1, "type": "integer", "description": "d"}, "a": {}},
                "$defs": {"Z": {"enum": [{"y": 1, "x": 2}], "type": "string"}},
                "required": ["b"],
                "default": {"y": 1, "x": 2},
                "type": "object",
                "title": "T",
                "$schema": "s"
            })
        };
        let mut v = schema();
        with_serde_json_order(true, || {
            schemars_root_order(&mut v);
            // Left as built: the SDK's maps keep it.
            sort_all_keys(&mut v);
        });
        assert_eq!(
            serde_json::to_string(&v).unwrap(),
            r#"{"$schema":"s","title":"T","type":"object","properties":{"b":{"description":"d","type":"integer","maximum":1},"a":{}},"required":["b"],"default":{"y":1,"x":2},"$defs":{"Z":{"type":"string","enum":[{"y":1,"x":2}]}}}"#
        );
        let mut sorted = schema();
        schemars_root_order(&mut sorted);
        assert_eq!(
            serde_json::to_string(&sorted).unwrap(),
            r#"{"$defs":{"Z":{"enum":[{"x":2,"y":1}],"type":"string"}},"$schema":"s","default":{"x":2,"y":1},"properties":{"a":{},"b":{"description":"d","maximum":1,"type":"integer"}},"required":["b"],"title":"T","type":"object"}"#
        );
    }
}
