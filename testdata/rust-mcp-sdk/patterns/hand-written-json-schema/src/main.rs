//! Field types with a `json_schema()` written by hand instead of derived: the derive calls
//! `Type::json_schema()` by path, so any inherent `fn json_schema() -> Map<String, Value>`
//! answers; its value is the field's schema, with the field's description and the `Option`
//! widening on top, as for a derived one. The body of `Unknowable`'s cannot be evaluated: that
//! tool is left out, with an error at the statement where evaluation stops.
use rust_mcp_sdk::macros::{mcp_tool, JsonSchema};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use std::collections::HashMap;

#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(transparent)]
pub struct Variables(pub HashMap<String, Value>);

impl Variables {
    pub fn json_schema() -> Map<String, Value> {
        let mut map = Map::new();
        map.insert("type".to_string(), Value::String("object".to_string()));
        map.insert("additionalProperties".to_string(), json!({ "type": "string" }));
        map
    }
}

#[derive(Debug, Deserialize, Serialize)]
pub struct Color(pub String);

impl Color {
    pub fn json_schema() -> Map<String, Value> {
        json!({ "type": "string", "pattern": "^#[0-9a-f]{6}$" }).as_object().cloned().unwrap_or_default()
    }
}

#[derive(Debug, Deserialize, Serialize)]
pub struct Unknowable(pub String);

impl Unknowable {
    pub fn json_schema() -> Map<String, Value> {
        let raw = std::fs::read_to_string("schema.json").unwrap_or_default();
        serde_json::from_str(&raw).unwrap_or_default()
    }
}

#[mcp_tool(name = "render", description = "Render a template.")]
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct Render {
    /// The values the template reads.
    pub variables: Option<Variables>,
    /// The background.
    pub background: Color,
}

#[mcp_tool(name = "load", description = "Load a schema from disk.")]
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct Load {
    pub what: Unknowable,
}

rust_mcp_sdk::tool_box!(Tools, [Render, Load]);

fn main() {}
