//! The manifest as a contract: per tool, its schemas and their validators, each compiled once,
//! on the tool's first call.

use std::collections::HashMap;

use jsonschema::Validator;
use serde_json::Value;

use super::Violation;
use crate::manifest::Manifest;

/// One tool of the manifest.
pub(crate) struct ToolContract {
    pub(crate) input_schema: Option<Value>,
    pub(crate) output_schema: Option<Value>,
    input: Option<Compiled>,
    output: Option<Compiled>,
}

/// A schema's validator, or why there is none.
type Compiled = Result<Validator, String>;

/// The tools of a manifest by name (the first of a name wins, as a client's lookup does).
pub(crate) struct Contract {
    tools: HashMap<String, ToolContract>,
}

/// Which schema of a tool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Side {
    Input,
    Output,
}

impl Side {
    pub(crate) fn field(self) -> &'static str {
        match self {
            Side::Input => "inputSchema",
            Side::Output => "outputSchema",
        }
    }
}

impl Contract {
    pub(crate) fn new(manifest: &Manifest) -> Contract {
        let mut tools = HashMap::new();
        for mut tool in manifest.tool_values() {
            let Some(name) = tool.get("name").and_then(Value::as_str).map(str::to_owned) else { continue };
            let input_schema = tool.get_mut("inputSchema").map(Value::take);
            let output_schema = tool.get_mut("outputSchema").map(Value::take);
            tools.entry(name).or_insert(ToolContract { input_schema, output_schema, input: None, output: None });
        }
        Contract { tools }
    }

    pub(crate) fn tool(&self, name: &str) -> Option<&ToolContract> {
        self.tools.get(name)
    }

    /// The validator of one schema of a tool, compiled on first use, with the schema; `None` when
    /// the tool has no such schema. `Err` says why the schema cannot be used.
    pub(crate) fn validator(&mut self, name: &str, side: Side) -> Option<(&Compiled, &Value)> {
        let tool = self.tools.get_mut(name)?;
        let (schema, slot) = match side {
            Side::Input => (tool.input_schema.as_ref()?, &mut tool.input),
            Side::Output => (tool.output_schema.as_ref()?, &mut tool.output),
        };
        let compiled = slot.get_or_insert_with(|| jsonschema::validator_for(schema).map_err(|e| e.to_string()));
        Some((compiled, schema))
    }
}

/// The violations of `instance` against a tool's schema: one per failing keyword.
pub(crate) fn violations(
    validator: &Validator,
    schema: &Value,
    instance: &Value,
    make: impl Fn(String, String, Option<Value>, Value, String) -> Violation,
) -> Vec<Violation> {
    if validator.is_valid(instance) {
        return Vec::new();
    }
    validator
        .iter_errors(instance)
        .map(|e| {
            let schema_path = e.schema_path.as_str();
            let keyword = schema_path.rsplit('/').next().unwrap_or_default().replace("~1", "/").replace("~0", "~");
            let expected = keyword_value(schema, schema_path);
            make(e.instance_path.as_str().to_owned(), keyword, expected, e.instance.as_ref().clone(), e.to_string())
        })
        .collect()
}

/// The value of the keyword at `path` (a path through the schema as the validator walked it,
/// `$ref`s included) in `schema`: what the instance was expected to satisfy.
pub(crate) fn keyword_value(schema: &Value, path: &str) -> Option<Value> {
    let mut at = schema;
    let segments: Vec<String> = path.split('/').skip(1).map(|s| s.replace("~1", "/").replace("~0", "~")).collect();
    for (i, segment) in segments.iter().enumerate() {
        let last = i + 1 == segments.len();
        if !last && (segment == "$ref" || segment == "$dynamicRef") {
            let target = at.get(segment).and_then(Value::as_str)?;
            at = resolve_local(schema, target)?;
            continue;
        }
        at = match at {
            Value::Object(o) => o.get(segment)?,
            Value::Array(a) => a.get(segment.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(at.clone())
}

/// A `$ref` within the same document: `#` and a JSON pointer (percent-encoded as a URI fragment),
/// or `#name` for a `$anchor`.
pub(crate) fn resolve_local<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    let fragment = reference.strip_prefix('#')?;
    let fragment = crate::percent::decode_strict(fragment)?;
    if fragment.is_empty() || fragment.starts_with('/') {
        return root.pointer(&fragment);
    }
    find_anchor(root, &fragment)
}

fn find_anchor<'a>(at: &'a Value, name: &str) -> Option<&'a Value> {
    match at {
        Value::Object(o) => {
            if o.get("$anchor").and_then(Value::as_str) == Some(name) {
                return Some(at);
            }
            o.values().find_map(|v| find_anchor(v, name))
        }
        Value::Array(a) => a.iter().find_map(|v| find_anchor(v, name)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn keyword_values_are_found_through_refs() {
        let schema = json!({
            "type": "object",
            "properties": {"p": {"$ref": "#/$defs/P"}, "q": {"$ref": "#/$defs/a%20b"}},
            "$defs": {"P": {"type": "integer", "minimum": 3}, "a b": {"enum": [1]}}
        });
        let validator = jsonschema::validator_for(&schema).unwrap();
        let found =
            violations(&validator, &schema, &json!({"p": 1, "q": 2}), |pointer, keyword, expected, actual, _| {
                Violation::test(pointer, keyword, expected, actual)
            });
        let got: Vec<_> = found
            .iter()
            .map(|v| (v.pointer.as_str(), v.keyword.as_deref(), v.expected.clone(), v.actual.clone()))
            .collect();
        assert_eq!(
            got,
            [
                ("/p", Some("minimum"), Some(json!(3)), Some(json!(1))),
                ("/q", Some("enum"), Some(json!([1])), Some(json!(2)))
            ]
        );
        assert_eq!(resolve_local(&schema, "#/$defs/P"), Some(&json!({"type": "integer", "minimum": 3})));
        assert_eq!(resolve_local(&schema, "#/$defs/Nope"), None);
        assert_eq!(resolve_local(&schema, "other.json#/x"), None);
    }
}
