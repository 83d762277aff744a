//! No Cargo.lock: the requirement `0.8` is resolved to the newest 0.8 release, with a warning.
use rust_mcp_sdk::macros::{mcp_tool, JsonSchema};
use serde::{Deserialize, Serialize};

#[mcp_tool(name = "echo", description = "Echo the text.", execution(task_support = "optional"))]
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct Echo {
    pub text: Option<String>,
    pub raw: serde_json::Value,
}

rust_mcp_sdk::tool_box!(EchoTools, [Echo]);

fn main() {}
