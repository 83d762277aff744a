//! The config's `schemas` table: a tool's schema the chain builds when the server starts, given
//! in the config, replaces it (and silences the warning); entries naming no tool or no type are
//! warnings.

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;
use tower_mcp::{CallToolResult, McpRouter, ToolBuilder};

/// A question.
#[derive(Deserialize, JsonSchema)]
struct Query {
    question: String,
}

/// Read from a file when the server starts: only known at runtime.
fn from_file() -> Value {
    serde_json::from_str(&std::fs::read_to_string("schemas/ask.json").unwrap()).unwrap()
}

fn main() {
    let _ = McpRouter::new()
        .tool(
            ToolBuilder::new("ask")
                .description("Ask a question")
                .input_schema(from_file())
                .handler(|q: Query| async move { Ok(CallToolResult::text(q.question)) })
                .build(),
        )
        .tool(
            ToolBuilder::new("echo")
                .handler(|q: Query| async move { Ok(CallToolResult::text(q.question)) })
                .build(),
        );
}
