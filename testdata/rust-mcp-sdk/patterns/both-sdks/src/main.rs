//! A crate that depends on two MCP SDKs: `auto` cannot tell which one serves the tools.
use rust_mcp_sdk::macros::{mcp_tool, JsonSchema};
use serde::{Deserialize, Serialize};

#[mcp_tool(name = "ping", description = "Answer pong.")]
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct Ping {}

fn main() {}
