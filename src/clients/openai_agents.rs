//! The OpenAI Agents SDK (PyPI `openai-agents` 0.24.0): `MCPUtil.to_function_tool` turns each
//! MCP tool into a `FunctionTool`, and the Responses model sends it as
//! `{"name", "parameters", "strict", "type": "function", "description"}`
//! (`Converter._convert_function_tool`; no output schema, annotations or `_meta`).
//!
//! - `parameters` is a deep copy of `inputSchema` with `"properties": {}` appended when it has
//!   none. The copy first checks the nesting (at most 100 containers deep); deeper, the SDK
//!   raises outside any handler and the agent's run fails: every tool of every server is lost.
//! - With `convert_schemas_to_strict`, `ensure_strict_json_schema` rewrites a copy (this file's
//!   [`Strict`] is that function, step for step, in Python's dict order: a key set anew goes last,
//!   a key set again keeps its place). Anything it raises makes the SDK send the unconverted
//!   schema with `strict: false`.
//! - The description is the tool's non-empty `description`, else its `title`, else
//!   `annotations.title`, else `""` (`resolve_mcp_tool_description_for_model`).
//! - The OpenAI API refuses a function name outside `^[a-zA-Z0-9_-]{1,64}$` with a 400 for the
//!   whole request (API reference, `function.name`): the provider's rule, not the library's.

use serde_json::{json, Map, Value};

use super::{delivery_of, Delivery, Projected, Refusal, Scope, Side};

/// `convert_schemas_to_strict` off (the SDK's default).
pub(super) fn project_default(tool: &Value) -> Projected {
    project(tool, false)
}

/// `convert_schemas_to_strict` on.
pub(super) fn project_strict(tool: &Value) -> Projected {
    project(tool, true)
}

const SCHEMA_DEPTH_ERROR: &str = "JSON schema is too deeply nested to process safely. Simplify or flatten the schema.";
const ADDITIONAL_PROPERTIES_ERROR: &str = "additionalProperties should not be set for object types. This could be \
     because you're using an older version of Pydantic, or because you configured additional properties to be \
     allowed. If you really need this, update the function or output tool to not use a strict schema.";
const OPEN_OBJECT_ERROR: &str = "JSON schema contains an object that permits undeclared properties and cannot be \
     converted to a strict schema without changing its accepted values.";
const UNVALIDATED_REF_ERROR: &str = "JSON schema contains a reference whose target was not validated for strict mode.";
const NESTED_RESOURCE_REF_ERROR: &str = "JSON schema contains a reference owned by or crossing a nested `$id` \
     resource that cannot be resolved against the document root.";
const MAX_SCHEMA_NODES: usize = 100_000;
/// How many JSON values the `$ref` expansions may copy in all. The SDK's expansion shares the
/// target's values (a shallow dict merge), so only its node budget bounds it; copies here could
/// grow with the targets' non-schema contents (`examples`, `enum`) times the references, so
/// they have their own bound, far above any real schema.
const MAX_COPIED_VALUES: usize = 1_000_000;
const MAX_SCHEMA_DEPTH: usize = 100;

/// Keywords that may sit beside a `$ref` without constraining it (`_REF_NON_CONSTRAINING_SIBLINGS`).
const REF_SIBLINGS: &[&str] = &[
    "$anchor",
    "$comment",
    "$defs",
    "$schema",
    "contentEncoding",
    "contentMediaType",
    "contentSchema",
    "default",
    "definitions",
    "deprecated",
    "description",
    "examples",
    "readOnly",
    "title",
    "writeOnly",
];

fn project(tool: &Value, strict: bool) -> Projected {
    let name = tool.get("name").and_then(Value::as_str).unwrap_or_default().to_owned();
    let Some(Value::Object(input)) = tool.get("inputSchema") else {
        // The `mcp` package's `Tool` model refuses the list result: `list_tools` raises.
        let why = "the `mcp` package's Tool model requires an object `inputSchema`";
        return refused(name, Scope::Server, Side::Library, why);
    };
    if nesting_depth(tool.get("inputSchema").unwrap()) > MAX_SCHEMA_DEPTH {
        return refused(name, Scope::Request, Side::Library, SCHEMA_DEPTH_ERROR);
    }
    let mut schema = input.clone();
    let empty = schema.is_empty();
    if !schema.contains_key("properties") {
        schema.insert("properties".into(), json!({}));
    }
    let mut notes = Vec::new();
    let mut at = None;
    let (parameters, is_strict) = if strict {
        match ensure_strict_json_schema(Value::Object(schema.clone()), !empty) {
            Ok(converted) => (converted, true),
            Err((why, pointer)) => {
                notes.push(format!("strict conversion failed, sent with `strict: false`: {why}"));
                at = Some(format!("/inputSchema{pointer}"));
                (Value::Object(schema), false)
            }
        }
    } else {
        (Value::Object(schema), false)
    };
    let delivery = delivery_of(tool.get("inputSchema"), &parameters);
    let sent = json!({
        "name": name,
        "parameters": parameters,
        "strict": is_strict,
        "type": "function",
        "description": description_for_model(tool),
    });
    let refusal = (!api_accepts_name(&name)).then(|| Refusal {
        scope: Scope::Request,
        by: Side::Provider,
        reason: "the OpenAI API takes function names of a-z, A-Z, 0-9, `_` and `-`, at most 64 characters, and \
                 answers any other with a 400 for the whole request"
            .into(),
        at: Some("/name".into()),
        with: None,
    });
    let delivery = if refusal.is_some() { Delivery::Refused } else { delivery };
    Projected { name, delivery, refusal, notes, at, sent: Some(sent) }
}

fn refused(name: String, scope: Scope, by: Side, reason: &str) -> Projected {
    Projected {
        name,
        delivery: Delivery::Refused,
        refusal: Some(Refusal { scope, by, reason: reason.into(), at: Some("/inputSchema".into()), with: None }),
        notes: Vec::new(),
        at: None,
        sent: None,
    }
}

/// `^[a-zA-Z0-9_-]{1,64}$`.
fn api_accepts_name(name: &str) -> bool {
    (1..=64).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// The description, else the title, else the annotations' title, else `""`.
fn description_for_model(tool: &Value) -> String {
    let non_empty = |v: Option<&Value>| v.and_then(Value::as_str).filter(|s| !s.is_empty()).map(str::to_owned);
    non_empty(tool.get("description"))
        .or_else(|| non_empty(tool.get("title")))
        .or_else(|| non_empty(tool.get("annotations").and_then(|a| a.get("title"))))
        .unwrap_or_default()
}

/// How deep objects and arrays nest, the value itself counting 1 (`_validate_json_schema_depth`).
fn nesting_depth(value: &Value) -> usize {
    let mut deepest = 0;
    let mut stack = vec![(value, 1usize)];
    while let Some((v, depth)) = stack.pop() {
        deepest = deepest.max(depth);
        if depth > MAX_SCHEMA_DEPTH {
            break;
        }
        let children: Box<dyn Iterator<Item = &Value>> = match v {
            Value::Object(m) => Box::new(m.values()),
            Value::Array(a) => Box::new(a.iter()),
            _ => continue,
        };
        stack.extend(children.filter(|c| c.is_object() || c.is_array()).map(|c| (c, depth + 1)));
    }
    deepest
}

/// How many JSON values `value` holds, itself included.
fn value_count(value: &Value) -> usize {
    let mut count = 0;
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        count += 1;
        match v {
            Value::Object(m) => stack.extend(m.values()),
            Value::Array(a) => stack.extend(a.iter()),
            _ => {}
        }
    }
    count
}

/// `ensure_strict_json_schema(schema, _reject_open_objects=reject_open)`: the converted schema,
/// or the message of what it raised and the JSON pointer (in the schema) of the node that did.
fn ensure_strict_json_schema(schema: Value, reject_open: bool) -> Result<Value, (String, String)> {
    if nesting_depth(&schema) > MAX_SCHEMA_DEPTH {
        return Err((SCHEMA_DEPTH_ERROR.into(), String::new()));
    }
    let mut strict =
        Strict { root: schema, budget: MAX_SCHEMA_NODES, reject_open, failed_at: None, copies_left: MAX_COPIED_VALUES };
    let converted = strict.ensure(&mut Vec::new(), 1, false).and_then(|()| strict.ensure_root());
    match converted {
        Ok(()) => Ok(strict.root),
        Err(why) => Err((why, pointer(strict.failed_at.as_deref().unwrap_or_default()))),
    }
}

/// `path` as a JSON pointer (`/properties/a~1b/anyOf/0`).
fn pointer(path: &[Step]) -> String {
    path.iter()
        .map(|s| match s {
            Step::Key(k) => format!("/{}", k.replace('~', "~0").replace('/', "~1")),
            Step::Index(i) => format!("/{i}"),
        })
        .collect()
}

/// One step of a path from the document's root.
#[derive(Debug, Clone)]
enum Step {
    Key(String),
    Index(usize),
}

/// The conversion's state: the document being rewritten in place (a `$ref` resolves against it
/// as it is at that moment, as the SDK's does), the node budget, and whether open objects are
/// refused (`_NodeBudget`).
struct Strict {
    root: Value,
    budget: usize,
    reject_open: bool,
    /// The innermost node whose conversion raised.
    failed_at: Option<Vec<Step>>,
    /// What the `$ref` expansions may still copy ([`MAX_COPIED_VALUES`]).
    copies_left: usize,
}

impl Strict {
    fn spend(&mut self) -> Result<(), String> {
        if self.budget == 0 {
            return Err("JSON schema is too large to convert to a strict schema. This can happen when a schema \
                        expands `$ref`s exponentially, which may indicate a malformed or malicious schema."
                .into());
        }
        self.budget -= 1;
        Ok(())
    }

    fn node(&mut self, path: &[Step]) -> &mut Value {
        let mut at = &mut self.root;
        for step in path {
            at = match step {
                Step::Key(k) => &mut at[k.as_str()],
                Step::Index(i) => &mut at[*i],
            };
        }
        at
    }

    fn object(&mut self, path: &[Step]) -> &mut Map<String, Value> {
        self.node(path).as_object_mut().expect("checked to be an object")
    }

    /// `_ensure_strict_json_schema` on the node at `path`, in place; where it raised is kept.
    fn ensure(&mut self, path: &mut Vec<Step>, depth: usize, inside_resource: bool) -> Result<(), String> {
        let result = self.ensure_node(path, depth, inside_resource);
        if result.is_err() && self.failed_at.is_none() {
            self.failed_at = Some(path.clone());
        }
        result
    }

    fn ensure_node(&mut self, path: &mut Vec<Step>, depth: usize, inside_resource: bool) -> Result<(), String> {
        if depth > MAX_SCHEMA_DEPTH {
            return Err(SCHEMA_DEPTH_ERROR.into());
        }
        let is_root = path.is_empty();
        if !self.node(path).is_object() {
            let shown = self.node(path).to_string();
            return Err(format!("Expected {shown} to be a dictionary; path={}", python_path(path)));
        }
        let node = self.object(path);
        let explicitly_closed = node.get("additionalProperties") == Some(&Value::Bool(false));
        let inside_resource = inside_resource || (!is_root && declares_resource(node));
        let keys: Vec<String> = node.keys().cloned().collect();
        let has_ref = node.contains_key("$ref");
        self.spend()?;
        let next = depth + 1;
        if has_ref {
            if inside_resource {
                return Err(NESTED_RESOURCE_REF_ERROR.into());
            }
            let mut incompatible: Vec<&str> = keys
                .iter()
                .map(String::as_str)
                .filter(|k| *k != "$ref" && !REF_SIBLINGS.contains(k) && !(is_root && *k == "$id"))
                .collect();
            incompatible.sort_unstable();
            if !incompatible.is_empty() {
                return Err(format!(
                    "JSON schema contains a `$ref` with incompatible sibling keyword(s) ({}) that cannot be merged \
                     without changing its accepted values.",
                    incompatible.join(", ")
                ));
            }
        }
        for defs in ["$defs", "definitions"] {
            let names: Vec<String> = match self.object(path).get(defs) {
                Some(Value::Object(d)) => d.keys().cloned().collect(),
                _ => continue,
            };
            for name in names {
                self.within(path, [Step::Key(defs.into()), Step::Key(name)], |s, p| {
                    s.ensure(p, next, inside_resource)
                })?;
            }
        }
        self.object_keywords(path, next, inside_resource)?;
        self.arrays_and_unions(path, next, inside_resource)?;
        if let Some(Value::Array(all_of)) = self.object(path).get("allOf") {
            if all_of.len() == 1 {
                return self.single_all_of(path, depth, explicitly_closed, inside_resource);
            }
            for i in 0..all_of.len() {
                self.within(path, [Step::Key("allOf".into()), Step::Index(i)], |s, p| {
                    s.ensure(p, next, inside_resource)
                })?;
            }
        }
        let node = self.object(path);
        if node.get("default") == Some(&Value::Null) {
            node.shift_remove("default");
        }
        if let Some(reference) = node.get("$ref").filter(|r| python_truthy(r)).cloned() {
            if node.len() > 1 {
                let Value::String(reference) = reference else {
                    return Err(format!("Received non-string $ref - {reference}"));
                };
                // The `$ref` goes first: a target reached through it would be the string anyway.
                node.shift_remove("$ref");
                let resolved = self.resolve(&reference)?;
                let node = self.object(path);
                for (k, v) in resolved {
                    if !node.contains_key(&k) {
                        node.insert(k, v);
                    }
                }
                return self.ensure(path, next, inside_resource);
            }
        }
        if self.reject_open && self.object(path).contains_key("$ref") {
            return Err(UNVALIDATED_REF_ERROR.into());
        }
        Ok(())
    }

    /// `f` on the path `path` + `steps`, the path restored after.
    fn within<const N: usize>(
        &mut self,
        path: &mut Vec<Step>,
        steps: [Step; N],
        f: impl FnOnce(&mut Self, &mut Vec<Step>) -> Result<(), String>,
    ) -> Result<(), String> {
        let len = path.len();
        path.extend(steps);
        let result = f(self, path);
        path.truncate(len);
        result
    }

    /// `type`, `additionalProperties`, `required` and each property.
    fn object_keywords(&mut self, path: &mut Vec<Step>, next: usize, inside: bool) -> Result<(), String> {
        let reject_open = self.reject_open;
        let node = self.object(path);
        let mut typ = node.get("type").filter(|t| !t.is_null()).cloned();
        let properties: Option<Vec<String>> = match node.get("properties") {
            Some(Value::Object(p)) => Some(p.keys().cloned().collect()),
            _ => None,
        };
        let additional = node.get("additionalProperties");
        if typ.is_none() && properties.is_some() {
            node.insert("type".into(), json!("object"));
            typ = Some(json!("object"));
        } else if typ.is_none() && additional.is_some_and(|a| a != &Value::Bool(false)) {
            return Err(ADDITIONAL_PROPERTIES_ERROR.into());
        }
        let is_object = match &typ {
            Some(Value::String(t)) => t == "object",
            Some(Value::Array(ts)) => ts.iter().any(|t| t == "object"),
            _ => false,
        };
        let no_declared = match node.get("properties") {
            None => true,
            Some(Value::Object(p)) => p.is_empty(),
            Some(_) => false,
        };
        let additional = node.get("additionalProperties");
        if reject_open && is_object && no_declared && additional != Some(&Value::Bool(false)) {
            return Err(OPEN_OBJECT_ERROR.into());
        }
        match additional {
            None if is_object => {
                node.insert("additionalProperties".into(), Value::Bool(false));
            }
            Some(a) if is_object && a != &Value::Bool(false) => return Err(ADDITIONAL_PROPERTIES_ERROR.into()),
            _ => {}
        }
        if let Some(keys) = properties {
            node.insert("required".into(), Value::Array(keys.iter().cloned().map(Value::String).collect()));
            for key in keys {
                self.within(path, [Step::Key("properties".into()), Step::Key(key)], |s, p| s.ensure(p, next, inside))?;
            }
        }
        Ok(())
    }

    /// `items`, `anyOf`, and `oneOf` folded into `anyOf`.
    fn arrays_and_unions(&mut self, path: &mut Vec<Step>, next: usize, inside: bool) -> Result<(), String> {
        if self.object(path).get("items").is_some_and(Value::is_object) {
            self.within(path, [Step::Key("items".into())], |s, p| s.ensure(p, next, inside))?;
        }
        if let Some(Value::Array(any_of)) = self.object(path).get("anyOf") {
            for i in 0..any_of.len() {
                self.within(path, [Step::Key("anyOf".into()), Step::Index(i)], |s, p| s.ensure(p, next, inside))?;
            }
        }
        if let Some(Value::Array(one_of)) = self.object(path).get("oneOf") {
            for i in 0..one_of.len() {
                self.within(path, [Step::Key("oneOf".into()), Step::Index(i)], |s, p| s.ensure(p, next, inside))?;
            }
            let node = self.object(path);
            let mut any_of = match node.get("anyOf") {
                Some(Value::Array(a)) => a.clone(),
                _ => Vec::new(),
            };
            if let Some(Value::Array(one_of)) = node.get("oneOf") {
                any_of.extend(one_of.iter().cloned());
            }
            node.insert("anyOf".into(), Value::Array(any_of));
            node.shift_remove("oneOf");
        }
        Ok(())
    }

    /// A one-entry `allOf`: the entry (a plain `$ref` chain resolved, anything else converted)
    /// merged into its parent, and the result converted again.
    fn single_all_of(&mut self, path: &mut Vec<Step>, depth: usize, closed: bool, inside: bool) -> Result<(), String> {
        let next = depth + 1;
        let entry = self.object(path)["allOf"][0].clone();
        let plain_ref = entry.as_object().is_some_and(|e| {
            e.contains_key("$ref") && e.keys().all(|k| k == "$ref" || REF_SIBLINGS.contains(&k.as_str()))
        });
        let strict_entry = if plain_ref {
            if inside {
                return Err(NESTED_RESOURCE_REF_ERROR.into());
            }
            self.spend()?;
            self.resolve_chain(entry.as_object().unwrap().clone())?
        } else {
            self.within(path, [Step::Key("allOf".into()), Step::Index(0)], |s, p| s.ensure(p, next, inside))?;
            match &self.object(path)["allOf"][0] {
                Value::Object(e) => e.clone(),
                _ => unreachable!("ensure checked it is an object"),
            }
        };
        let node = self.object(path);
        node.shift_remove("allOf");
        if !closed {
            node.shift_remove("additionalProperties");
        }
        let merged = merge_single_all_of(strict_entry, node)?;
        *node = merged;
        self.ensure(path, next, inside)
    }

    /// `resolve_ref`: the object `reference` (`#/a/b`, percent- and `~`-escaped) points at.
    fn resolve(&mut self, reference: &str) -> Result<Map<String, Value>, String> {
        let Some(pointer) = reference.strip_prefix("#/") else {
            return Err(format!("Unexpected $ref format {reference:?}; Does not start with #/"));
        };
        let pointer = percent_decode(pointer)?;
        let mut at = &self.root;
        for raw in pointer.split('/') {
            let key = raw.replace("~1", "/").replace("~0", "~");
            let Some(value) = at.as_object().and_then(|m| m.get(&key)) else {
                return Err(format!("KeyError: {key:?} (resolving {reference})"));
            };
            let Value::Object(object) = value else {
                return Err(format!("encountered non-dictionary entry while resolving {reference}"));
            };
            if declares_resource(object) {
                return Err(NESTED_RESOURCE_REF_ERROR.into());
            }
            at = value;
        }
        let copied = value_count(at);
        if copied > self.copies_left {
            return Err(format!(
                "mcp-schema's limit: the `$ref`s expand to more than {MAX_COPIED_VALUES} copied values (the SDK \
                 shares them instead, and may still convert this schema)"
            ));
        }
        self.copies_left -= copied;
        Ok(at.as_object().cloned().unwrap_or_default())
    }

    /// `_resolve_non_constraining_ref_chain`: follow `$ref`s whose siblings constrain nothing,
    /// carrying the siblings (the nearer one wins) onto the target.
    fn resolve_chain(&mut self, entry: Map<String, Value>) -> Result<Map<String, Value>, String> {
        let mut resolved = entry;
        let mut seen: Vec<String> = Vec::new();
        let mut carried: Map<String, Value> = Map::new();
        while resolved.contains_key("$ref")
            && resolved.keys().all(|k| k == "$ref" || REF_SIBLINGS.contains(&k.as_str()))
        {
            let Value::String(reference) = resolved["$ref"].clone() else {
                return Err(format!("Received non-string $ref - {}", resolved["$ref"]));
            };
            if seen.contains(&reference) {
                return Err("JSON schema contains a circular `$ref` chain.".into());
            }
            seen.push(reference.clone());
            let mut next_carried: Map<String, Value> =
                resolved.iter().filter(|(k, _)| *k != "$ref").map(|(k, v)| (k.clone(), v.clone())).collect();
            for (k, v) in carried {
                next_carried.insert(k, v);
            }
            carried = next_carried;
            self.spend()?;
            resolved = self.resolve(&reference)?;
        }
        for (k, v) in carried {
            resolved.insert(k, v);
        }
        Ok(resolved)
    }

    /// `_ensure_strict_root`: the root may not be a union or a nullable object.
    fn ensure_root(&mut self) -> Result<(), String> {
        let root = self.root.as_object_mut().expect("the root is an object");
        if root.get("anyOf").is_some_and(Value::is_array) {
            return Err("The root of a strict JSON schema must not use `anyOf`.".into());
        }
        if let Some(Value::Array(types)) = root.get("type") {
            if types.iter().any(|t| t == "object") {
                if types.len() == 1 {
                    root.insert("type".into(), json!("object"));
                } else {
                    return Err(format!(
                        "The root of a strict JSON schema must be a non-nullable object, but its type is {}. Make the \
                         root a plain object, or update the function or output tool to not use a strict schema.",
                        python_repr(&Value::Array(types.clone()))
                    ));
                }
            }
        }
        Ok(())
    }
}

/// `_merge_single_all_of`: the entry's keys, then the parent's new ones; a parent keyword that
/// constrains differently is an error.
fn merge_single_all_of(entry: Map<String, Value>, parent: &Map<String, Value>) -> Result<Map<String, Value>, String> {
    let mut merged = entry;
    let mut incompatible: Vec<String> = Vec::new();
    let empty_object = |v: Option<&Value>| v.is_some_and(|v| v.as_object().is_some_and(Map::is_empty));
    if parent.get("additionalProperties") == Some(&Value::Bool(false))
        && (!parent.contains_key("properties") || empty_object(parent.get("properties")))
        && merged.get("properties").is_some_and(|p| p.as_object().is_some_and(|p| !p.is_empty()))
    {
        incompatible.push("properties".into());
    }
    for (key, value) in parent {
        match merged.get(key) {
            None => {
                merged.insert(key.clone(), value.clone());
            }
            Some(_) if REF_SIBLINGS.contains(&key.as_str()) => {
                merged.insert(key.clone(), value.clone());
            }
            Some(existing) if python_json_equal(value, existing) => {}
            Some(_) if key == "properties" && empty_object(Some(value)) => {}
            Some(_) if key == "required" && value.as_array().is_some_and(Vec::is_empty) => {}
            Some(_) => incompatible.push(key.clone()),
        }
    }
    if incompatible.is_empty() {
        return Ok(merged);
    }
    incompatible.sort();
    Err(format!(
        "JSON schema contains a singleton `allOf` entry with incompatible parent keyword(s) ({}) that cannot be \
         merged without changing its accepted values.",
        incompatible.join(", ")
    ))
}

/// `_json_values_equal`: booleans only equal booleans, numbers by value, objects by keys as a
/// set.
fn python_json_equal(left: &Value, right: &Value) -> bool {
    match (left, right) {
        (Value::Number(a), Value::Number(b)) => match (a.as_i128(), b.as_i128()) {
            (Some(x), Some(y)) => x == y,
            _ => a.as_f64() == b.as_f64(),
        },
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| python_json_equal(x, y))
        }
        (Value::Object(a), Value::Object(b)) => {
            a.len() == b.len() && a.iter().all(|(k, v)| b.get(k).is_some_and(|w| python_json_equal(v, w)))
        }
        _ => left == right,
    }
}

/// Whether a node declares its own schema resource (a string `$id`).
fn declares_resource(node: &Map<String, Value>) -> bool {
    node.get("$id").is_some_and(Value::is_string)
}

/// Python's truth of a JSON value: `null`, `false`, `0`, `""`, `[]` and `{}` are false.
fn python_truthy(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64() != Some(0.0),
        Value::String(s) => !s.is_empty(),
        Value::Array(a) => !a.is_empty(),
        Value::Object(o) => !o.is_empty(),
    }
}

/// `urllib.parse.unquote(text, errors="strict")`: `%XX` escapes decoded as UTF-8 (an escape
/// that is not two hex digits stays as written; bytes that are not UTF-8 are an error).
fn percent_decode(text: &str) -> Result<String, String> {
    percent_encoding::percent_decode_str(text)
        .decode_utf8()
        .map(std::borrow::Cow::into_owned)
        .map_err(|e| format!("UnicodeDecodeError: {e}"))
}

/// A path as the SDK's error message writes it (a Python tuple of strings).
fn python_path(path: &[Step]) -> String {
    let parts: Vec<String> = path
        .iter()
        .map(|s| match s {
            Step::Key(k) => format!("{k:?}"),
            Step::Index(i) => format!("'{i}'"),
        })
        .collect();
    match parts.len() {
        1 => format!("({},)", parts[0]),
        _ => format!("({})", parts.join(", ")),
    }
}

/// Python's `repr` of a list of strings (`['object', 'null']`), near enough for a message.
fn python_repr(value: &Value) -> String {
    match value {
        Value::String(s) => format!("'{s}'"),
        Value::Array(a) => format!("[{}]", a.iter().map(python_repr).collect::<Vec<_>>().join(", ")),
        other => other.to_string(),
    }
}
