//! The clients that send MCP tools to Google's Gemini API: Google's own `@google/genai`
//! (`mcpToTool`) and the Vercel AI SDK (`@ai-sdk/mcp`'s client with the `@ai-sdk/google`
//! provider), read from their published JavaScript.
//!
//! All of them run on Node: the server's `tools/list` goes through `JSON.parse`, so every number
//! becomes a double before anything else happens ([`js::as_parsed`]).
//!
//! - `@google/genai` 3.3.0 (`mcpToGeminiTool`): `{name, description, parametersJsonSchema:
//!   inputSchema, responseJsonSchema: outputSchema}`, the schemas as listed. Nothing validates
//!   the tool on the way.
//! - `@ai-sdk/mcp` (`toolsFromDefinitions`, 1.0.102 and 2.0.99): the `tools/list` result is
//!   parsed with zod first; one tool that does not fit (`ToolSchema`: a string `name`, an object
//!   `inputSchema` whose `properties` is an object, …) fails the parse and the client lists no
//!   tool of the server. zod's `looseObject` puts the keys it names (`type`, `properties`) first;
//!   the client then spreads the schema with `properties` (`{}` when absent) and
//!   `additionalProperties: false`. 1.x also requires `"type": "object"` at the root.
//! - `@ai-sdk/google` 4.0.121 (`prepareFunctionDeclaration`): `{name, description: description
//!   ?? "", parametersJsonSchema}` of that schema. 3.0.141 converts it to the OpenAPI subset
//!   ([`google_openapi`]) as `parameters`; a recursive `$ref` makes it send the schema as
//!   `parametersJsonSchema` instead, any other failure fails the request. Neither sends the
//!   output schema.
//! - The Gemini API takes a function name that starts with a letter or `_` and holds only
//!   a-z, A-Z, 0-9, `_`, `.`, `:` and `-`, at most 128 characters (`FunctionDeclaration.name`
//!   in the API reference, as `@google/genai` 3.3.0's genai.d.ts ships it): the provider's rule,
//!   and the whole request fails with a 400 (`INVALID_ARGUMENT`).

use serde_json::{json, Map, Value};

use super::google_openapi::{self, Failure};
use super::{delivery_of, js, Delivery, Projected, Refusal, Scope, Side};

/// `@google/genai`'s `mcpToTool`.
pub(super) fn project_genai(tool: &Value) -> Projected {
    let (tool, rounded) = js::as_parsed(tool);
    let name = tool_name(&tool);
    let mut declaration = Map::new();
    declaration.insert("name".into(), tool.get("name").cloned().unwrap_or(Value::Null));
    for (from, to) in [("description", "description"), ("inputSchema", "parametersJsonSchema")] {
        if let Some(value) = tool.get(from) {
            declaration.insert(to.into(), value.clone());
        }
    }
    if js::truthy(tool.get("outputSchema")) {
        declaration.insert("responseJsonSchema".into(), tool["outputSchema"].clone());
    }
    let sent = Value::Object(declaration);
    let delivery = delivery_of(tool.get("inputSchema"), sent.get("parametersJsonSchema").unwrap_or(&Value::Null));
    finish(name, delivery, sent, rounded)
}

/// The AI SDK's MCP client and Google provider, at `release`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum AiSdk {
    /// `@ai-sdk/mcp` 1.0.102, `@ai-sdk/google` 3.0.141 (`ai` 6).
    V3,
    /// `@ai-sdk/mcp` 2.0.99, `@ai-sdk/google` 4.0.121 (`ai` 7).
    V4,
}

pub(super) fn project_ai_sdk_google_3(tool: &Value) -> Projected {
    project_ai_sdk(tool, AiSdk::V3)
}

pub(super) fn project_ai_sdk_google_4(tool: &Value) -> Projected {
    project_ai_sdk(tool, AiSdk::V4)
}

fn project_ai_sdk(tool: &Value, release: AiSdk) -> Projected {
    let (tool, rounded) = js::as_parsed(tool);
    let name = tool_name(&tool);
    if let Err((why, at)) = fits_tool_schema(&tool, release) {
        let reason = format!(
            "the AI SDK's MCP client cannot parse the `tools/list` result ({why}), so it lists no tool of this server"
        );
        let refusal = Refusal { scope: Scope::Server, by: Side::Library, reason, at: Some(at), with: None };
        return Projected {
            name,
            delivery: Delivery::Refused,
            refusal: Some(refusal),
            notes: Vec::new(),
            at: None,
            sent: None,
        };
    }
    let input = client_input_schema(tool["inputSchema"].as_object().unwrap());
    let description = tool.get("description").cloned().unwrap_or_else(|| json!(""));
    let mut declaration = Map::new();
    declaration.insert("name".into(), tool["name"].clone());
    declaration.insert("description".into(), description);
    let mut notes = Vec::new();
    match release {
        AiSdk::V4 => {
            declaration.insert("parametersJsonSchema".into(), input.clone());
        }
        AiSdk::V3 => match google_openapi::convert(&input) {
            Ok(Some(parameters)) => {
                declaration.insert("parameters".into(), parameters);
            }
            Ok(None) => {}
            Err(Failure::Recursive(why)) => {
                notes.push(format!("sent as `parametersJsonSchema`, unconverted: {why}"));
                declaration.insert("parametersJsonSchema".into(), input.clone());
            }
            Err(Failure::Thrown(why)) => {
                let reason = format!("`@ai-sdk/google` cannot convert the input schema and fails the request: {why}");
                let refusal = Refusal {
                    scope: Scope::Request,
                    by: Side::Library,
                    reason,
                    at: Some("/inputSchema".into()),
                    with: None,
                };
                return Projected {
                    name,
                    delivery: Delivery::Refused,
                    refusal: Some(refusal),
                    notes,
                    at: None,
                    sent: None,
                };
            }
        },
    }
    let sent = Value::Object(declaration);
    let parameters = sent.get("parameters").or(sent.get("parametersJsonSchema")).unwrap_or(&Value::Null);
    let delivery = delivery_of(tool.get("inputSchema"), parameters);
    let mut projected = finish(name, delivery, sent, rounded);
    projected.notes.splice(0..0, notes);
    projected
}

/// The schema `@ai-sdk/mcp` hands on: zod's key order, then `properties` and
/// `additionalProperties: false` set.
fn client_input_schema(input: &Map<String, Value>) -> Value {
    let named = ["type", "properties"];
    let mut schema: Map<String, Value> =
        named.iter().filter_map(|k| input.get(*k).map(|v| ((*k).to_owned(), v.clone()))).collect();
    schema.extend(input.iter().filter(|(k, _)| !named.contains(&k.as_str())).map(|(k, v)| (k.clone(), v.clone())));
    let properties = input.get("properties").filter(|p| !p.is_null()).cloned().unwrap_or_else(|| json!({}));
    schema.insert("properties".into(), properties);
    schema.insert("additionalProperties".into(), json!(false));
    Value::Object(schema)
}

/// `ToolSchema` of `@ai-sdk/mcp`, as zod checks it: the reason and the JSON pointer of the first
/// field that does not fit.
fn fits_tool_schema(tool: &Value, release: AiSdk) -> Result<(), (String, String)> {
    let fail = |why: &str, at: &str| Err((why.to_owned(), at.to_owned()));
    let Some(tool) = tool.as_object() else { return fail("a tool is not an object", "") };
    if !tool.get("name").is_some_and(Value::is_string) {
        return fail("`name` is not a string", "/name");
    }
    for key in ["title", "description"] {
        if tool.get(key).is_some_and(|v| !v.is_string()) {
            return fail(&format!("`{key}` is not a string"), &format!("/{key}"));
        }
    }
    let Some(input) = tool.get("inputSchema").and_then(Value::as_object) else {
        return fail("`inputSchema` is not an object", "/inputSchema");
    };
    if release == AiSdk::V3 && input.get("type") != Some(&json!("object")) {
        return fail("`inputSchema.type` is not \"object\"", "/inputSchema/type");
    }
    if input.get("properties").is_some_and(|p| !p.is_object()) {
        return fail("`inputSchema.properties` is not an object", "/inputSchema/properties");
    }
    for key in ["outputSchema", "_meta"] {
        if tool.get(key).is_some_and(|v| !v.is_object()) {
            return fail(&format!("`{key}` is not an object"), &format!("/{key}"));
        }
    }
    if let Some(annotations) = tool.get("annotations") {
        let Some(annotations) = annotations.as_object() else {
            return fail("`annotations` is not an object", "/annotations");
        };
        if annotations.get("title").is_some_and(|v| !v.is_string()) {
            return fail("`annotations.title` is not a string", "/annotations/title");
        }
        for hint in ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] {
            if annotations.get(hint).is_some_and(|v| !v.is_boolean()) {
                return fail(&format!("`annotations.{hint}` is not a boolean"), &format!("/annotations/{hint}"));
            }
        }
    }
    Ok(())
}

fn tool_name(tool: &Value) -> String {
    tool.get("name").and_then(Value::as_str).unwrap_or_default().to_owned()
}

/// The provider's name rule over a built declaration, and the note on rounded numbers.
fn finish(name: String, delivery: Delivery, sent: Value, rounded: bool) -> Projected {
    let mut notes = Vec::new();
    let mut delivery = delivery;
    if rounded {
        notes.push(
            "a number in the tool is past what a JavaScript double holds exactly: the client sends it rounded".into(),
        );
        delivery = Delivery::Rewritten;
    }
    let refusal = (!gemini_accepts_name(&name)).then(|| Refusal {
        scope: Scope::Request,
        by: Side::Provider,
        reason: "the Gemini API takes function names that start with a letter or `_` and hold only a-z, A-Z, 0-9, \
                 `_`, `.`, `:` and `-`, at most 128 characters, and answers any other with a 400 for the whole request"
            .into(),
        at: Some("/name".into()),
        with: None,
    });
    let delivery = if refusal.is_some() { Delivery::Refused } else { delivery };
    Projected { name, delivery, refusal, notes, at: None, sent: Some(sent) }
}

/// `^[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}$`.
fn gemini_accepts_name(name: &str) -> bool {
    let mut bytes = name.bytes();
    let first_ok = bytes.next().is_some_and(|b| b.is_ascii_alphabetic() || b == b'_');
    first_ok && name.len() <= 128 && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b':' | b'-'))
}
