//! Schemas built by helper fns over `serde_json::Value`: the ones the evaluator follows, in
//! tower-mcp's key order, and the ones it cannot, each a warning where it stops.

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{json, Value};
use tower_mcp::{CallToolResult, McpRouter, ToolBuilder};

const VERSION: &str = "3";

/// A query.
#[derive(Deserialize, JsonSchema)]
struct Query {
    text: String,
    limit: Option<u8>,
}

/// Without `$schema`: serde_json's `remove` moves the last key into its place.
fn schema<T: JsonSchema>() -> Value {
    let mut s = serde_json::to_value(schemars::schema_for!(T)).unwrap();
    s.as_object_mut().unwrap().remove("$schema");
    s
}

/// A helper over a helper: inserts go at the end.
fn versioned<T: JsonSchema>() -> Value {
    let mut s = schema::<T>();
    s["x-version"] = json!(VERSION);
    s
}

/// Read from a file when the server starts: only known at runtime.
fn from_file() -> Value {
    serde_json::from_str(&std::fs::read_to_string("schema.json").unwrap()).unwrap()
}

/// Rewritten by a fn of another crate: not followed.
fn patched<T: JsonSchema>() -> Value {
    let mut s = schema::<T>();
    schema_tools::patch(&mut s);
    s
}

fn main() {
    let _ = McpRouter::new()
        .tool(
            ToolBuilder::new("plain")
                .input_schema(schema::<Query>())
                .output_schema(versioned::<Query>())
                .handler(|q: Query| async move { Ok(CallToolResult::text(q.text)) })
                .build(),
        )
        .tool(
            ToolBuilder::new("wrapped")
                .output_schema(json!({"type": "object", "properties": {"query": schema::<Query>()}}))
                .handler(|q: Query| async move { Ok(CallToolResult::text(q.text)) })
                .build(),
        )
        .tool(
            ToolBuilder::new("from_file")
                .output_schema(from_file())
                .handler(|q: Query| async move { Ok(CallToolResult::text(q.text)) })
                .build(),
        )
        .tool(
            ToolBuilder::new("patched")
                .input_schema(patched::<Query>())
                .handler(|q: Query| async move { Ok(CallToolResult::text(q.text)) })
                .build(),
        );
}
