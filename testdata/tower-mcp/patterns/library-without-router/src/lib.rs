//! A library of tools for other crates' routers: no `McpRouter` here, so every chain is listed.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use tower_mcp::{CallToolResult, Tool, ToolBuilder};

#[derive(Deserialize, JsonSchema)]
pub struct Path {
    /// The file to read.
    pub path: String,
}

/// What was read.
#[derive(Serialize, JsonSchema)]
pub struct Contents {
    pub text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoding: Option<String>,
}

pub fn read_file() -> Tool {
    ToolBuilder::new("read_file")
        .title("Read a file")
        .read_only_safe()
        .output_schema_for::<Contents>()
        .handler(|p: Path| async move { Ok(CallToolResult::text(p.path)) })
        .build()
}

pub fn list_dir() -> Tool {
    ToolBuilder::new("list_dir")
        .read_only()
        .output_schema_for::<Vec<String>>()
        .handler(|p: Path| async move { Ok(CallToolResult::text(p.path)) })
        .build()
}
