//! Key order of a schema as schemars 1's `Schema` serializes it (its `OrderedKeywordWrapper`):
//! `$id`, `$schema`, `title`, `description`, `type`, `format`, `properties` first, `$defs` and
//! `definitions` last, every other key where it was inserted; applied to every subschema, but not
//! inside `default`, `examples` or `x-…` values, and not to the keys of `properties`,
//! `patternProperties`, `dependentSchemas`, `$defs` and `definitions` maps themselves.

use serde_json::{Map, Value};

const START: [&str; 7] = ["$id", "$schema", "title", "description", "type", "format", "properties"];
const END: [&str; 2] = ["$defs", "definitions"];

/// Reorder a schema (and its subschemas) as schemars prints it.
pub fn schemars_order(v: &mut Value) {
    schema(v);
}

fn schema(v: &mut Value) {
    match v {
        Value::Array(items) => items.iter_mut().for_each(schema),
        Value::Object(m) => {
            let old = std::mem::take(m);
            let mut rest: Vec<(String, Value)> = Vec::new();
            let mut start: Vec<Option<(String, Value)>> = vec![None; START.len()];
            let mut end: Vec<Option<(String, Value)>> = vec![None; END.len()];
            for (k, mut val) in old {
                property(&k, &mut val);
                if let Some(i) = START.iter().position(|s| *s == k) {
                    start[i] = Some((k, val));
                } else if let Some(i) = END.iter().position(|s| *s == k) {
                    end[i] = Some((k, val));
                } else {
                    rest.push((k, val));
                }
            }
            let mut out = Map::new();
            out.extend(start.into_iter().flatten());
            out.extend(rest);
            out.extend(end.into_iter().flatten());
            *m = out;
        }
        _ => {}
    }
}

/// A keyword's value: plain data, a map of schemas, or a schema (or array of schemas).
fn property(key: &str, v: &mut Value) {
    if matches!(key, "examples" | "default") || key.starts_with("x-") {
        return;
    }
    if matches!(key, "properties" | "patternProperties" | "dependentSchemas" | "$defs" | "definitions") {
        if let Value::Object(m) = v {
            m.values_mut().for_each(schema);
            return;
        }
    }
    schema(v);
}

/// schemars before 1.2.3 appended an internally tagged variant's tag property after its fields
/// (1.2.3 puts it first, as serde writes it): in each `oneOf`/`anyOf` branch whose first property
/// is the tag (`{"type": "string", "const": …}`, first in `required` too), move it last.
pub fn tag_property_last(v: &mut Value) {
    match v {
        Value::Array(items) => items.iter_mut().for_each(tag_property_last),
        Value::Object(m) => {
            for (k, child) in m.iter_mut() {
                if let (true, Value::Array(branches)) = (k == "oneOf" || k == "anyOf", &mut *child) {
                    branches.iter_mut().for_each(move_tag_last);
                }
                tag_property_last(child);
            }
        }
        _ => {}
    }
}

fn move_tag_last(branch: &mut Value) {
    let Value::Object(b) = branch else { return };
    let first_required = b.get("required").and_then(|r| r.get(0)).and_then(Value::as_str).map(str::to_owned);
    let Some(Value::Object(props)) = b.get_mut("properties") else { return };
    let Some((first, value)) = props.iter().next() else { return };
    let is_tag = value.as_object().is_some_and(|t| {
        t.len() == 2
            && t.get("type").and_then(Value::as_str) == Some("string")
            && t.get("const").is_some_and(Value::is_string)
    });
    if !is_tag || first_required.as_deref() != Some(first.as_str()) {
        return;
    }
    let first = first.clone();
    if let Some(tag) = props.shift_remove(&first) {
        props.insert(first, tag);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_old_schemars_puts_the_tag_last() {
        let mut v = serde_json::json!({"oneOf": [{"type": "object", "properties": {"kind": {"type": "string", "const": "a"}, "x": {"type": "integer"}}, "required": ["kind", "x"]}]});
        tag_property_last(&mut v);
        assert_eq!(
            serde_json::to_string(&v["oneOf"][0]["properties"]).unwrap(),
            r#"{"x":{"type":"integer"},"kind":{"type":"string","const":"a"}}"#
        );
    }

    #[test]
    fn ordered_keywords_first_defs_last_rest_as_inserted() {
        let mut v = serde_json::json!({
            "required": ["b"], "$defs": {"Z": {"enum": [1], "type": "integer"}}, "properties": {"b": {"minimum": 0, "type": "integer"}, "a": {"default": {"z": 1, "a": 2}}},
            "type": "object", "title": "T", "$schema": "s"
        });
        schemars_order(&mut v);
        assert_eq!(
            serde_json::to_string(&v).unwrap(),
            r#"{"$schema":"s","title":"T","type":"object","properties":{"b":{"type":"integer","minimum":0},"a":{"default":{"z":1,"a":2}}},"required":["b"],"$defs":{"Z":{"type":"integer","enum":[1]}}}"#
        );
    }
}
