//! Schemas made by helper fns over `serde_json::Value`: `$schema` removed (serde_json's
//! `remove` moves the last key into its place), keys inserted (at the end), wrapped, a helper
//! calling a helper with its type parameter, a draft-07 generator. Recorded from 0.20, where
//! tower-mcp turns on `preserve_order` and the order these give shows.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tower_mcp::{CallToolResult, Tool, ToolBuilder};

/// A lookup.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct Lookup {
    /// What to look up.
    pub key: String,
    pub limit: Option<u32>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Hit {
    pub key: String,
    pub score: f64,
}

fn bare<T: JsonSchema>() -> Value {
    let mut s = serde_json::to_value(schemars::schema_for!(T)).unwrap();
    s.as_object_mut().unwrap().remove("$schema");
    s
}

fn tagged<T: JsonSchema>(version: &str) -> Value {
    let mut s = serde_json::to_value(schemars::schema_for!(T)).unwrap();
    let m = s.as_object_mut().unwrap();
    m.shift_remove("title");
    m.insert("x-version".to_string(), json!(version));
    m.insert("additionalProperties".to_string(), Value::Bool(false));
    s
}

fn envelope<T: JsonSchema>() -> Value {
    let data = serde_json::to_value(schemars::schema_for!(T)).unwrap();
    json!({
        "type": "object",
        "properties": { "ok": { "type": "boolean" }, "data": data },
        "required": ["ok", "data"]
    })
}

fn strict<T: JsonSchema>() -> Value {
    let mut s = bare::<T>();
    if let Some(o) = s.as_object_mut() {
        o.insert("additionalProperties".into(), json!(false));
        o.remove("description");
    }
    s
}

fn draft07<T: JsonSchema>() -> Value {
    let generator = schemars::generate::SchemaSettings::draft07().into_generator();
    serde_json::to_value(generator.into_root_schema_for::<T>()).unwrap()
}

pub fn tools() -> Vec<Tool> {
    vec![
        ToolBuilder::new("helper_bare")
            .input_schema(bare::<Lookup>())
            .output_schema(bare::<Hit>())
            .handler(|i: Lookup| async move { Ok(CallToolResult::text(i.key)) })
            .build(),
        ToolBuilder::new("helper_tagged")
            .output_schema(tagged::<Hit>("2"))
            .handler(|i: Lookup| async move { Ok(CallToolResult::text(i.key)) })
            .build(),
        ToolBuilder::new("helper_envelope")
            .output_schema(envelope::<Vec<Hit>>())
            .handler(|i: Lookup| async move { Ok(CallToolResult::text(i.key)) })
            .build(),
        ToolBuilder::new("helper_strict")
            .input_schema(strict::<Lookup>())
            .handler(|i: Lookup| async move { Ok(CallToolResult::text(i.key)) })
            .build(),
        ToolBuilder::new("helper_draft07")
            .output_schema(draft07::<Hit>())
            .handler(|i: Lookup| async move { Ok(CallToolResult::text(i.key)) })
            .build(),
    ]
}
