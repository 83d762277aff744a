//! `convertJSONSchemaToOpenAPISchema` of `@ai-sdk/google` 3.0.141
//! (src/convert-json-schema-to-openapi-schema.ts): the JSON Schema of a tool's parameters turned
//! into the OpenAPI subset of the Gemini API's `parameters`, step for step in JavaScript's
//! object order (a key set anew goes last, a key set again keeps its place, `delete` closes the
//! gap). Everything it does not name (`additionalProperties`, `$defs`, `title`, `default`,
//! `minimum`, …) is dropped.
//!
//! Failures are the library's: a recursive `$ref` (the caller falls back to sending the schema
//! as `parametersJsonSchema`), a `$ref` that is not a direct child of the root's `$defs` or
//! `definitions`, an enum of mixed or unsupported values, and the `TypeError`s its code throws
//! on a non-array `allOf`/`anyOf`/`oneOf`/`enum`.

use serde_json::{json, Map, Value};

use super::js;

/// Why the conversion stopped.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Failure {
    /// A `$ref` met again while resolving it: the library sends the schema unconverted.
    Recursive(String),
    /// Anything else: the error propagates and the request is not made.
    Thrown(String),
}

/// How deep the conversion goes (mcp-schema's limit, far past real schemas: Node's own stack
/// gives out at a few thousand levels, with a `RangeError` that fails the request the same way).
const MAX_DEPTH: usize = 512;
/// How many schema objects the conversion may produce (mcp-schema's limit): `$ref`s are
/// inlined, so a chain of definitions each referring to the next twice doubles at every link.
const MAX_PRODUCED: usize = 250_000;

struct Context<'a> {
    definitions: Option<&'a Value>,
    dollar_definitions: Option<&'a Value>,
    resolving: Vec<String>,
    produced: usize,
}

/// The converted schema; `None` where the library returns `undefined` (an empty object schema at
/// the root: the declaration gets no `parameters`).
pub(super) fn convert(schema: &Value) -> Result<Option<Value>, Failure> {
    let root = schema.as_object();
    let mut context = Context {
        definitions: root.and_then(|r| r.get("definitions")),
        dollar_definitions: root.and_then(|r| r.get("$defs")),
        resolving: Vec::new(),
        produced: 0,
    };
    definition(Some(schema), true, &mut context, 0)
}

fn definition(schema: Option<&Value>, is_root: bool, cx: &mut Context, depth: usize) -> Result<Option<Value>, Failure> {
    if depth > MAX_DEPTH {
        return Err(Failure::Thrown(format!("the schema nests deeper than {MAX_DEPTH} levels (mcp-schema's limit)")));
    }
    cx.produced += 1;
    if cx.produced > MAX_PRODUCED {
        return Err(Failure::Thrown(format!(
            "the conversion would produce more than {MAX_PRODUCED} schemas (mcp-schema's limit)"
        )));
    }
    let schema = match schema {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Bool(_)) => return Ok(Some(json!({"type": "boolean", "properties": {}}))),
        Some(Value::Object(map)) => map,
        // A number, string or array has none of the keywords: `{}`.
        Some(_) => return Ok(Some(json!({}))),
    };
    if let Some(reference) = schema.get("$ref").filter(|r| !r.is_null()) {
        return resolve(schema, reference, is_root, cx, depth);
    }
    if is_empty_object_schema(schema) {
        if is_root {
            return Ok(None);
        }
        let mut result = Map::new();
        result.insert("type".into(), json!("object"));
        if js::truthy(schema.get("description")) {
            result.insert("description".into(), schema["description"].clone());
        }
        return Ok(Some(Value::Object(result)));
    }
    let field = |key: &str| schema.get(key);
    let mut result = Map::new();
    for key in ["description", "required", "format"] {
        if js::truthy(field(key)) {
            result.insert(key.into(), schema[key].clone());
        }
    }
    let ty = field("type");
    if js::truthy(ty) {
        convert_type(ty.unwrap(), &mut result);
    }
    let values = match (field("enum").filter(|e| !e.is_null()), field("const")) {
        (Some(values), _) => Some(values.clone()),
        (None, Some(constant)) => Some(Value::Array(vec![constant.clone()])),
        (None, None) => None,
    };
    if let Some(values) = values {
        add_enum(&values, ty, &mut result)?;
    }
    if let Some(properties) = field("properties").filter(|p| !p.is_null()) {
        let mut converted = Map::new();
        for (key, value) in js::entries(properties) {
            if let Some(v) = definition(Some(&value), false, cx, depth + 1)? {
                converted.insert(key.into_owned(), v);
            }
        }
        result.insert("properties".into(), Value::Object(converted));
    }
    if js::truthy(field("items")) {
        match &schema["items"] {
            Value::Array(items) => {
                let converted = each(items, cx, depth)?;
                result.insert("items".into(), Value::Array(converted));
            }
            items => {
                if let Some(v) = definition(Some(items), false, cx, depth + 1)? {
                    result.insert("items".into(), v);
                }
            }
        }
    }
    if js::truthy(field("allOf")) {
        let converted = each(array(schema, "allOf")?, cx, depth)?;
        result.insert("allOf".into(), Value::Array(converted));
    }
    if js::truthy(field("anyOf")) {
        convert_any_of(array(schema, "anyOf")?, &mut result, cx, depth)?;
    }
    if js::truthy(field("oneOf")) {
        let converted = each(array(schema, "oneOf")?, cx, depth)?;
        result.insert("oneOf".into(), Value::Array(converted));
    }
    if let Some(min_length) = field("minLength") {
        result.insert("minLength".into(), min_length.clone());
    }
    Ok(Some(Value::Object(result)))
}

/// `items.map(convert)`: an `undefined` becomes `null` in the JSON.
fn each(items: &[Value], cx: &mut Context, depth: usize) -> Result<Vec<Value>, Failure> {
    items.iter().map(|item| Ok(definition(Some(item), false, cx, depth + 1)?.unwrap_or(Value::Null))).collect()
}

/// `schema[key].map`, which throws unless it is an array.
fn array<'a>(schema: &'a Map<String, Value>, key: &str) -> Result<&'a [Value], Failure> {
    schema[key]
        .as_array()
        .map(Vec::as_slice)
        .ok_or_else(|| Failure::Thrown(format!("TypeError: {key}.map is not a function")))
}

/// A type array becomes one type with `nullable`, or an `anyOf` of the types.
fn convert_type(ty: &Value, result: &mut Map<String, Value>) {
    let Value::Array(types) = ty else {
        result.insert("type".into(), ty.clone());
        return;
    };
    let has_null = types.contains(&json!("null"));
    let non_null: Vec<&Value> = types.iter().filter(|t| **t != json!("null")).collect();
    match non_null.as_slice() {
        [] => {
            result.insert("type".into(), json!("null"));
        }
        [only] => {
            result.insert("type".into(), (*only).clone());
            if has_null {
                result.insert("nullable".into(), json!(true));
            }
        }
        several => {
            let any_of = several.iter().map(|t| json!({"type": t})).collect();
            result.insert("anyOf".into(), Value::Array(any_of));
            if has_null {
                result.insert("nullable".into(), json!(true));
            }
        }
    }
}

fn is_null_schema(schema: &Value) -> bool {
    schema.as_object().is_some_and(|s| s.get("type") == Some(&json!("null")))
}

/// `anyOf` with a `{"type": "null"}` branch becomes `nullable`; a single other branch is merged
/// into the schema itself.
fn convert_any_of(
    any_of: &[Value],
    result: &mut Map<String, Value>,
    cx: &mut Context,
    depth: usize,
) -> Result<(), Failure> {
    if !any_of.iter().any(is_null_schema) {
        let converted = each(any_of, cx, depth)?;
        result.insert("anyOf".into(), Value::Array(converted));
        return Ok(());
    }
    let non_null: Vec<Value> = any_of.iter().filter(|s| !is_null_schema(s)).cloned().collect();
    if let [only] = non_null.as_slice() {
        if let Some(Value::Object(converted)) = definition(Some(only), false, cx, depth + 1)? {
            result.insert("nullable".into(), json!(true));
            result.extend(converted);
        }
    } else {
        let converted = each(&non_null, cx, depth)?;
        result.insert("anyOf".into(), Value::Array(converted));
        result.insert("nullable".into(), json!(true));
    }
    Ok(())
}

/// `addEnumToSchema`: the values (an `enum`, or `[const]`) become a typed OpenAPI enum; numbers
/// and booleans as strings with `format: "enum"`.
fn add_enum(values: &Value, ty: Option<&Value>, result: &mut Map<String, Value>) -> Result<(), Failure> {
    let Value::Array(values) = values else {
        return Err(Failure::Thrown("TypeError: enum values are not an array".into()));
    };
    let type_array = ty.and_then(Value::as_array);
    let type_has = |name: &str| type_array.is_some_and(|types| types.contains(&json!(name)));
    let nullable = type_has("null") || (ty.is_none() && values.contains(&Value::Null));
    let enum_values: Vec<Value> =
        if nullable { values.iter().filter(|v| !v.is_null()).cloned().collect() } else { values.clone() };
    if !values.is_empty() && values.iter().all(Value::is_null) {
        let type_allows_null = ty.is_none() || ty == Some(&json!("null")) || type_has("null");
        if type_allows_null {
            result.insert("type".into(), json!("null"));
            if type_array.is_some() {
                result.shift_remove("anyOf");
            }
            return Ok(());
        }
    }
    let Some(enum_type) = enum_type(&enum_values, ty) else {
        return Err(Failure::Thrown(
            "Google does not support this JSON Schema enum. Enum values must share one supported primitive type and \
             match the schema type."
                .into(),
        ));
    };
    result.insert("type".into(), json!(enum_type));
    if type_array.is_some() {
        result.shift_remove("anyOf");
    }
    if nullable {
        result.insert("nullable".into(), json!(true));
    }
    if enum_type == "string" {
        result.insert("enum".into(), Value::Array(enum_values));
    } else {
        result.insert("format".into(), json!("enum"));
        let strings = enum_values.iter().map(|v| json!(enum_string(v))).collect();
        result.insert("enum".into(), Value::Array(strings));
    }
    Ok(())
}

/// `String(value)` for the numbers and booleans of a typed enum.
fn enum_string(value: &Value) -> String {
    match value {
        Value::Number(n) => js::number_string(n),
        Value::Bool(b) => b.to_string(),
        other => other.to_string(),
    }
}

/// `getEnumType`: the one primitive type every value has and the schema's type allows.
fn enum_type(values: &[Value], ty: Option<&Value>) -> Option<&'static str> {
    if values.is_empty() {
        return None;
    }
    let allows = |name: &str| match ty {
        None => true,
        Some(Value::Array(types)) => types.contains(&json!(name)),
        Some(t) => t == &json!(name),
    };
    if allows("string") && values.iter().all(Value::is_string) {
        return Some("string");
    }
    if (allows("number") || allows("integer")) && values.iter().all(Value::is_number) {
        if allows("number") {
            return Some("number");
        }
        if values.iter().all(|v| v.as_number().is_some_and(js::is_integer)) {
            return Some("integer");
        }
    }
    if allows("boolean") && values.iter().all(Value::is_boolean) {
        return Some("boolean");
    }
    None
}

/// `convertJSONSchemaReference`: the definition merged with the `$ref`'s siblings (theirs win,
/// in the definition's places), converted with the reference marked as being resolved.
fn resolve(
    schema: &Map<String, Value>,
    reference: &Value,
    is_root: bool,
    cx: &mut Context,
    depth: usize,
) -> Result<Option<Value>, Failure> {
    let Value::String(reference) = reference else {
        return Err(Failure::Thrown("TypeError: reference.startsWith is not a function".into()));
    };
    let (definition_value, key) = referenced_definition(reference, cx)?;
    if cx.resolving.contains(&key) {
        return Err(Failure::Recursive(format!("recursive JSON Schema reference: {reference}")));
    }
    let siblings = schema.iter().filter(|(k, _)| *k != "$ref");
    let resolved = match &definition_value {
        Value::Bool(true) => Value::Object(siblings.map(|(k, v)| (k.clone(), v.clone())).collect()),
        Value::Bool(false) => Value::Bool(false),
        other => {
            let mut merged = js::spread(other);
            merged.extend(siblings.map(|(k, v)| (k.clone(), v.clone())));
            Value::Object(merged)
        }
    };
    cx.resolving.push(key);
    let converted = definition(Some(&resolved), is_root, cx, depth + 1);
    cx.resolving.pop();
    converted
}

/// `getReferencedDefinition`: only `#/$defs/<name>` and `#/definitions/<name>` of the root, the
/// name percent-decoded and then `~0`/`~1`-unescaped.
fn referenced_definition(reference: &str, cx: &Context) -> Result<(Value, String), Failure> {
    let unsupported = || {
        Failure::Thrown(format!(
            "JSON Schema reference: {reference}: Google schema conversion only supports references to direct \
             children of root-level $defs or definitions."
        ))
    };
    let sources = [("#/$defs/", cx.dollar_definitions), ("#/definitions/", cx.definitions)];
    let (prefix, definitions) =
        sources.into_iter().find(|(prefix, _)| reference.starts_with(prefix)).ok_or_else(unsupported)?;
    let encoded = &reference[prefix.len()..];
    if encoded.is_empty() || encoded.contains('/') {
        return Err(unsupported());
    }
    let decoded = js::decode_uri_component(encoded).ok_or_else(unsupported)?;
    let stray_tilde =
        decoded.match_indices('~').any(|(i, _)| !matches!(decoded.as_bytes().get(i + 1), Some(b'0' | b'1')));
    let Some(definitions) = definitions.filter(|d| !d.is_null()) else {
        return Err(unsupported());
    };
    if decoded.contains('/') || stray_tilde {
        return Err(unsupported());
    }
    let name = unescape_tildes(&decoded);
    let definition = js::own_property(definitions, &name).ok_or_else(unsupported)?;
    Ok((definition, format!("{prefix}{name}")))
}

/// `~1` → `/`, `~0` → `~`, left to right in one pass.
fn unescape_tildes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('~', Some('1')) => {
                out.push('/');
                chars.next();
            }
            ('~', Some('0')) => {
                out.push('~');
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

/// `isEmptyObjectSchema`: `type: "object"`, no properties, and no truthy `additionalProperties`.
fn is_empty_object_schema(schema: &Map<String, Value>) -> bool {
    let no_properties = match schema.get("properties") {
        None | Some(Value::Null) => true,
        Some(p) => js::entries(p).is_empty(),
    };
    schema.get("type") == Some(&json!("object")) && no_properties && !js::truthy(schema.get("additionalProperties"))
}
