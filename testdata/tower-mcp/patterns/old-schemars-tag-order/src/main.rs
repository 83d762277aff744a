//! schemars 1.2.1 (locked) writes an internally tagged variant's tag after its fields; 1.2.3
//! writes it first. tower-mcp 0.20 keeps the order (serde_json's `preserve_order`), and with
//! `protocol-2026-07-28` a 2026-07-28 peer keeps a non-object outputSchema; `--protocol
//! 2025-11-25` lists the 2025 form (which 0.20 does not filter either).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tower_mcp::{CallToolResult, McpRouter, ToolBuilder};

#[derive(Deserialize, JsonSchema)]
struct Lookup {
    name: String,
}

/// What a lookup found.
#[derive(Serialize, JsonSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
enum Outcome {
    Found { name: String, version: Option<String> },
    Missing { name: String },
}

fn schema<T: JsonSchema>() -> Value {
    serde_json::to_value(schemars::schema_for!(T)).unwrap()
}

fn main() {
    let _ = McpRouter::new().tool(
        ToolBuilder::new("lookup")
            .output_schema(schema::<Outcome>())
            .handler(|l: Lookup| async move { Ok(CallToolResult::text(l.name)) })
            .build(),
    );
}
