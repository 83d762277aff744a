//! Canonical forms of a schema for the walker: `$ref`s resolved (locally, percent-decoded), the
//! nullable part split off, boolean schemas as objects, a plain schema as a union of itself.
//!
//! Nullability is one concept whatever its spelling: a `type` array with `"null"`, an
//! `anyOf`/`oneOf` with a `{"type":"null"}` variant, `null` in an `enum`, OpenAPI's
//! `nullable: true`. So `Option<T>` written in any of those forms compares as "T, nullable".

use std::collections::HashSet;

use serde_json::{Map, Value};

/// Keywords that stay beside a union when the other side's plain schema is turned into one.
const UNION_SIBLINGS: &[&str] = &["description", "title", "default", "$defs", "definitions"];

/// How many `$ref` hops and null wrappers [`normalize`] unwraps before it stops.
const MAX_UNWRAPS: usize = 32;

/// A schema with its nullability split off and its `$ref`s resolved.
pub(crate) struct Normalized {
    pub nullable: bool,
    /// The schema without its nullable part.
    pub core: Value,
    /// The `$ref`s followed to get there, in order.
    pub refs: Vec<String>,
}

/// Resolve `$ref`s and split nullability off, repeatedly (a nullable wrapper around a `$ref`
/// to a nullable definition is still one nullable schema). `root` is the schema `$ref`s point into.
pub(crate) fn normalize(root: &Value, node: &Value) -> Normalized {
    let mut refs: Vec<String> = Vec::new();
    let mut nullable = false;
    let mut cur = node.clone();
    for _ in 0..MAX_UNWRAPS {
        if let Some(r) = cur.get("$ref").and_then(Value::as_str).map(str::to_owned) {
            if refs.contains(&r) {
                break;
            }
            let Some(target) = resolve_ref(root, &r) else { break };
            refs.push(r);
            let mut merged = match target {
                Value::Object(m) => m.clone(),
                Value::Bool(true) => Map::new(),
                other => {
                    cur = other.clone();
                    continue;
                }
            };
            if let Value::Object(siblings) = &cur {
                for (k, v) in siblings {
                    if k != "$ref" {
                        merged.insert(k.clone(), v.clone());
                    }
                }
            }
            cur = Value::Object(merged);
            continue;
        }
        let split = split_null(cur);
        nullable |= split.nullable;
        cur = split.rest;
        if !split.unwrap_again {
            break;
        }
    }
    Normalized { nullable, core: cur, refs }
}

/// One schema with its nullable part split off.
struct NullSplit {
    nullable: bool,
    rest: Value,
    /// The result must be normalized once more: an `anyOf` of one schema and null became that
    /// schema, which may be a `$ref` or nullable itself.
    unwrap_again: bool,
}

fn split_null(v: Value) -> NullSplit {
    let Value::Object(mut m) = v else { return NullSplit { nullable: false, rest: v, unwrap_again: false } };
    let mut nullable = false;
    if m.get("nullable") == Some(&Value::Bool(true)) {
        m.remove("nullable");
        nullable = true;
    }
    if let Some(Value::Array(ts)) = m.get("type") {
        if ts.len() > 1 && ts.iter().any(|t| t == "null") {
            let mut rest: Vec<Value> = ts.iter().filter(|t| *t != "null").cloned().collect();
            let t = if rest.len() == 1 { rest.remove(0) } else { Value::Array(rest) };
            m.insert("type".into(), t);
            nullable = true;
        }
    }
    if let Some(Value::Array(vals)) = m.get("enum") {
        if vals.len() > 1 && vals.iter().any(Value::is_null) {
            let rest: Vec<Value> = vals.iter().filter(|v| !v.is_null()).cloned().collect();
            m.insert("enum".into(), Value::Array(rest));
            nullable = true;
        }
    }
    for kw in ["anyOf", "oneOf"] {
        let Some(Value::Array(vs)) = m.get(kw) else { continue };
        let Some(i) = vs.iter().position(is_null_schema) else { continue };
        if vs.len() < 2 {
            continue;
        }
        let mut rest = vs.clone();
        rest.remove(i);
        nullable = true;
        if rest.len() == 1 {
            let only = rest.remove(0);
            m.remove(kw);
            match only {
                Value::Object(mut merged) => {
                    // The outer keywords (the field's description, default) describe the value best.
                    for (k, v) in m {
                        merged.insert(k, v);
                    }
                    return NullSplit { nullable, rest: Value::Object(merged), unwrap_again: true };
                }
                other if m.is_empty() => return NullSplit { nullable, rest: other, unwrap_again: false },
                other => {
                    m.insert(kw.into(), Value::Array(vec![other]));
                }
            }
        } else {
            m.insert(kw.into(), Value::Array(rest));
        }
        break;
    }
    NullSplit { nullable, rest: Value::Object(m), unwrap_again: false }
}

/// `{"type": "null"}`, `{"const": null}` or `{"enum": [null]}`, with at most a title and a description.
fn is_null_schema(v: &Value) -> bool {
    let Some(m) = v.as_object() else { return false };
    let only_meta = |m: &Map<String, Value>, k: &str| m.keys().all(|x| x == k || x == "description" || x == "title");
    (m.get("type") == Some(&Value::String("null".into())) && only_meta(m, "type"))
        || (m.get("const") == Some(&Value::Null) && only_meta(m, "const"))
        || (m.get("enum").and_then(Value::as_array).is_some_and(|e| e.len() == 1 && e[0].is_null())
            && only_meta(m, "enum"))
}

/// A local `$ref` (`#/$defs/Name`, `#/definitions/Name`, any `#/pointer`), percent-decoded.
fn resolve_ref<'v>(root: &'v Value, r: &str) -> Option<&'v Value> {
    let frag = percent_decode(r.strip_prefix('#')?);
    if frag.is_empty() {
        Some(root)
    } else {
        root.pointer(&frag)
    }
}

fn percent_decode(s: &str) -> String {
    percent_encoding::percent_decode_str(s).decode_utf8().map_or_else(|_| s.to_owned(), std::borrow::Cow::into_owned)
}

/// Every local `$ref` in `v`, as a decoded JSON pointer.
pub(crate) fn collect_refs(v: &Value, out: &mut HashSet<String>) {
    match v {
        Value::Object(m) => {
            if let Some(r) = m.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix('#')) {
                out.insert(percent_decode(r));
            }
            m.values().for_each(|x| collect_refs(x, out));
        }
        Value::Array(a) => a.iter().for_each(|x| collect_refs(x, out)),
        _ => {}
    }
}

/// `true` is the schema `{}`, `false` is `{"not": {}}`; anything else that is not an object is
/// not a schema we can walk.
pub(crate) fn as_schema_object(v: &Value) -> Option<Map<String, Value>> {
    match v {
        Value::Object(m) => Some(m.clone()),
        Value::Bool(true) => Some(Map::new()),
        Value::Bool(false) => {
            let mut m = Map::new();
            m.insert("not".into(), Value::Object(Map::new()));
            Some(m)
        }
        _ => None,
    }
}

/// The union keyword of a schema (`anyOf` or `oneOf` holding an array), if any.
pub(crate) fn union_keyword(m: &Map<String, Value>) -> Option<&'static str> {
    ["anyOf", "oneOf"].into_iter().find(|k| m.get(*k).is_some_and(Value::is_array))
}

/// A schema seen as a union.
pub(crate) struct Union {
    /// The keywords beside the union.
    pub rest: Map<String, Value>,
    /// `anyOf` or `oneOf`; `None` for a plain schema made a union of itself.
    pub keyword: Option<&'static str>,
    pub variants: Vec<Value>,
}

/// A schema as a union. A schema that is not one becomes a union of itself, its descriptive
/// keywords staying outside.
pub(crate) fn as_union(mut m: Map<String, Value>) -> Union {
    if let Some(kw) = union_keyword(&m) {
        let Some(Value::Array(variants)) = m.remove(kw) else { unreachable!("union_keyword checked the array") };
        return Union { rest: m, keyword: Some(kw), variants };
    }
    let mut rest = Map::new();
    for k in UNION_SIBLINGS {
        if let Some(v) = m.remove(*k) {
            rest.insert((*k).into(), v);
        }
    }
    Union { rest, keyword: None, variants: vec![Value::Object(m)] }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn percent_encoded_refs_resolve() {
        assert_eq!(percent_decode("/$defs/A%3CB%3E"), "/$defs/A<B>");
        assert_eq!(percent_decode("/a%2"), "/a%2");
        let root = json!({"$defs": {"A<B>": {"type": "string"}}});
        assert_eq!(resolve_ref(&root, "#/$defs/A%3CB%3E"), Some(&json!({"type": "string"})));
    }

    #[test]
    fn every_spelling_of_nullable_is_split_off() {
        let root = json!({"$defs": {"S": {"type": ["string", "null"]}}});
        for v in [
            json!({"type": ["string", "null"]}),
            json!({"anyOf": [{"type": "string"}, {"type": "null"}]}),
            json!({"type": "string", "nullable": true}),
            json!({"anyOf": [{"$ref": "#/$defs/S"}, {"const": null}]}),
        ] {
            let n = normalize(&root, &v);
            assert!(n.nullable, "{v}");
            assert_eq!(n.core, json!({"type": "string"}), "{v}");
        }
        let e = normalize(&root, &json!({"enum": ["a", null]}));
        assert!(e.nullable);
        assert_eq!(e.core, json!({"enum": ["a"]}));
    }
}
