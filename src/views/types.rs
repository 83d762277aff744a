//! JSON Schema → the type as a reader writes it: `string`, `integer`, `Forecast[]`,
//! `{string: number}`, `"a" | "b"`, `{city: string, days?: integer}`.
//!
//! Read from the manifest's schemas only (both profiles' flavours), never from the Rust sources:
//! what is shown is what clients see. Objects reached through `$ref` are shown by their
//! definition's name; anything else a `$ref` names (an enum of strings, say) is shown inline, so
//! that `units` reads `"celsius" | "fahrenheit"` rather than a name the reader cannot look up.

use serde_json::{Map, Value};

/// How deep inline objects are spelled out before they are shown as `{…}`.
const INLINE_DEPTH: usize = 3;

/// The schema of `root` (an input or output schema) under which `$ref`s are resolved.
#[derive(Clone, Copy)]
pub struct Schemas<'a> {
    root: &'a Value,
}

impl<'a> Schemas<'a> {
    /// The schemas under `root`, a tool's `inputSchema` or `outputSchema` (where its `$ref`s point).
    pub fn new(root: &'a Value) -> Self {
        Schemas { root }
    }

    /// The definition a local `$ref` (`#/$defs/X`, `#/definitions/X`) points at.
    pub fn resolve(&self, reference: &str) -> Option<&'a Value> {
        let pointer = reference.strip_prefix('#')?;
        self.root.pointer(pointer)
    }

    /// The type of `schema`, as a reader writes it.
    pub fn type_of(&self, schema: &Value) -> String {
        self.render(schema, 0, &mut Vec::new())
    }

    /// The schema behind `$ref`s and single-element `allOf`s: where the properties of an object
    /// are, for expanding it. `None` when the chain loops.
    pub fn target<'v>(&self, schema: &'v Value) -> Option<&'v Value>
    where
        'a: 'v,
    {
        let mut current = schema;
        for _ in 0..16 {
            match follow_once(self, current) {
                Some(next) => current = next,
                None => return Some(current),
            }
        }
        None
    }

    fn render(&self, schema: &Value, depth: usize, seen: &mut Vec<String>) -> String {
        let obj = match schema {
            Value::Bool(true) => return "any".to_owned(),
            Value::Bool(false) => return "never".to_owned(),
            Value::Object(obj) => obj,
            _ => return "any".to_owned(),
        };
        if let Some(reference) = obj.get("$ref").and_then(Value::as_str) {
            return self.render_ref(reference, depth, seen);
        }
        if let Some(c) = obj.get("const") {
            return literal(c);
        }
        if let Some(values) = obj.get("enum").and_then(Value::as_array) {
            return values.iter().map(literal).collect::<Vec<_>>().join(" | ");
        }
        for key in ["anyOf", "oneOf"] {
            if let Some(members) = obj.get(key).and_then(Value::as_array) {
                return union(members.iter().map(|m| self.render(m, depth, seen)));
            }
        }
        if let Some([only]) = obj.get("allOf").and_then(Value::as_array).map(Vec::as_slice) {
            return self.render(only, depth, seen);
        }
        match obj.get("type") {
            Some(Value::String(t)) => self.render_typed(t, obj, depth, seen),
            Some(Value::Array(types)) => {
                union(types.iter().filter_map(Value::as_str).map(|t| self.render_typed(t, obj, depth, seen)))
            }
            _ if obj.contains_key("properties") => self.render_object(obj, depth, seen),
            _ => "any".to_owned(),
        }
    }

    fn render_ref(&self, reference: &str, depth: usize, seen: &mut Vec<String>) -> String {
        let name = reference.rsplit('/').next().unwrap_or(reference).to_owned();
        let Some(target) = self.resolve(reference) else { return name };
        if is_object(target) || seen.contains(&name) {
            return name;
        }
        seen.push(name);
        let shown = self.render(target, depth, seen);
        seen.pop();
        shown
    }

    fn render_typed(&self, t: &str, obj: &Map<String, Value>, depth: usize, seen: &mut Vec<String>) -> String {
        match t {
            "array" => self.render_array(obj, depth, seen),
            "object" => self.render_object(obj, depth, seen),
            other => other.to_owned(),
        }
    }

    fn render_array(&self, obj: &Map<String, Value>, depth: usize, seen: &mut Vec<String>) -> String {
        if let Some(prefix) = obj.get("prefixItems").and_then(Value::as_array) {
            let items: Vec<String> = prefix.iter().map(|s| self.render(s, depth, seen)).collect();
            return format!("[{}]", items.join(", "));
        }
        match obj.get("items") {
            Some(Value::Array(tuple)) => {
                let items: Vec<String> = tuple.iter().map(|s| self.render(s, depth, seen)).collect();
                format!("[{}]", items.join(", "))
            }
            Some(items) => {
                let inner = self.render(items, depth, seen);
                if inner.contains(" | ") {
                    format!("({inner})[]")
                } else {
                    format!("{inner}[]")
                }
            }
            None => "any[]".to_owned(),
        }
    }

    fn render_object(&self, obj: &Map<String, Value>, depth: usize, seen: &mut Vec<String>) -> String {
        let properties = obj.get("properties").and_then(Value::as_object);
        if let Some(title) = obj.get("title").and_then(Value::as_str).filter(|_| depth > 0 && properties.is_some()) {
            return title.to_owned();
        }
        match properties.filter(|p| !p.is_empty()) {
            Some(_) if depth >= INLINE_DEPTH => "{…}".to_owned(),
            Some(props) => {
                let required = required(obj);
                let fields: Vec<String> = props
                    .iter()
                    .map(|(name, schema)| {
                        let optional = if required.contains(&name.as_str()) { "" } else { "?" };
                        format!("{name}{optional}: {}", self.render(schema, depth + 1, seen))
                    })
                    .collect();
                format!("{{{}}}", fields.join(", "))
            }
            None => match obj.get("additionalProperties") {
                Some(Value::Bool(false)) => "{}".to_owned(),
                Some(values @ Value::Object(_)) => format!("{{string: {}}}", self.render(values, depth + 1, seen)),
                _ => "object".to_owned(),
            },
        }
    }
}

fn follow_once<'v>(schemas: &Schemas<'v>, schema: &'v Value) -> Option<&'v Value> {
    let obj = schema.as_object()?;
    if let Some(reference) = obj.get("$ref").and_then(Value::as_str) {
        return schemas.resolve(reference);
    }
    match obj.get("allOf").and_then(Value::as_array).map(Vec::as_slice) {
        Some([only]) => Some(only),
        _ => None,
    }
}

/// The names in an object schema's `required`.
pub fn required(obj: &Map<String, Value>) -> Vec<&str> {
    obj.get("required").and_then(Value::as_array).map_or(Vec::new(), |r| r.iter().filter_map(Value::as_str).collect())
}

/// Whether a schema is an object with named fields (shown by name when it has one).
fn is_object(schema: &Value) -> bool {
    schema.get("properties").is_some() || schema.get("type").and_then(Value::as_str) == Some("object")
}

/// A JSON value as it is written in a literal type: `"a"`, `1`, `null`.
fn literal(value: &Value) -> String {
    value.to_string()
}

/// Members joined with ` | `, each once, in the order first seen; `any` when one of them is
/// (`null | string | any` accepts anything).
fn union(members: impl Iterator<Item = String>) -> String {
    let mut seen: Vec<String> = Vec::new();
    for m in members {
        if m == "any" {
            return m;
        }
        if !seen.contains(&m) {
            seen.push(m);
        }
    }
    match seen.len() {
        0 => "never".to_owned(),
        _ => seen.join(" | "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn ty(schema: Value) -> String {
        Schemas::new(&schema).type_of(&schema)
    }

    #[test]
    fn scalars_and_unions_read_as_written() {
        assert_eq!(ty(json!({"type": "string"})), "string");
        assert_eq!(ty(json!({"type": "integer", "format": "uint32"})), "integer");
        assert_eq!(ty(json!({"type": ["number", "null"]})), "number | null");
        assert_eq!(ty(json!({"enum": ["a", "b"], "type": "string"})), r#""a" | "b""#);
        assert_eq!(ty(json!({"const": 3})), "3");
        assert_eq!(ty(json!({"anyOf": [{"type": "string"}, {"type": "null"}]})), "string | null");
        assert_eq!(ty(json!({"anyOf": [{"type": "null"}, {"type": "string"}, {}]})), "any");
        assert_eq!(ty(json!(true)), "any");
        assert_eq!(ty(json!({})), "any");
    }

    #[test]
    fn arrays_maps_and_objects() {
        assert_eq!(ty(json!({"type": "array", "items": {"type": "string"}})), "string[]");
        assert_eq!(ty(json!({"type": "array", "items": {"type": ["string", "null"]}})), "(string | null)[]");
        assert_eq!(ty(json!({"type": "object", "additionalProperties": {"type": "number"}})), "{string: number}");
        assert_eq!(
            ty(json!({"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}]})),
            "[string, integer]"
        );
        let obj = json!({"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}, "required": ["a"]});
        assert_eq!(ty(obj), "{a: string, b?: integer}");
        assert_eq!(ty(json!({"type": "object"})), "object");
    }

    #[test]
    fn refs_to_objects_are_named_and_other_refs_inlined() {
        let root = json!({
            "$defs": {
                "Forecast": {"type": "object", "properties": {"day": {"type": "string"}}},
                "Units": {"type": "string", "enum": ["celsius", "fahrenheit"]},
                "Node": {"anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}]}
            },
            "type": "object",
            "properties": {
                "days": {"type": "array", "items": {"$ref": "#/$defs/Forecast"}},
                "units": {"$ref": "#/$defs/Units"},
                "next": {"$ref": "#/$defs/Node"}
            },
            "required": ["days", "units", "next"]
        });
        let s = Schemas::new(&root);
        assert_eq!(s.type_of(&root["properties"]["days"]), "Forecast[]");
        assert_eq!(s.type_of(&root["properties"]["units"]), r#""celsius" | "fahrenheit""#);
        assert_eq!(s.type_of(&root["properties"]["next"]), "Node | null", "a ref loop ends at the name");
        assert_eq!(s.type_of(&root), r#"{days: Forecast[], units: "celsius" | "fahrenheit", next: Node | null}"#);
    }

    #[test]
    fn pydantic_titles_name_nested_models_only() {
        let root = json!({
            "title": "get_weatherOutput", "type": "object",
            "properties": {"result": {"title": "WeatherData", "type": "object", "properties": {"t": {"title": "T", "type": "number"}}}},
            "required": ["result"]
        });
        assert_eq!(ty(root), "{result: WeatherData}");
    }
}
