//! A type the handler names that the crate does not have (a typo): an error at the type, with
//! what to check, as the rmcp profile says it.

use schemars::JsonSchema;
use serde::Deserialize;
use tower_mcp::{CallToolResult, McpRouter, ToolBuilder};

/// A question.
#[derive(Deserialize, JsonSchema)]
struct Query {
    question: String,
}

fn main() {
    let _ = McpRouter::new().tool(
        ToolBuilder::new("ask")
            .handler(|q: crate::Qurey| async move { Ok(CallToolResult::text(q.question)) })
            .build(),
    );
}
