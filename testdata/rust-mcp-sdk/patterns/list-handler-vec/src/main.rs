//! No `tool_box!`: the list handler returns `registered_tools()`, a `vec![T::tool(), …]` in an
//! order of its own. The tools are listed in that order (`SearchTool` before `DetailsTool`, the
//! reverse of the source order), and `UnusedTool`, which no handler lists, is left out.
use async_trait::async_trait;
use rust_mcp_sdk::macros::{mcp_tool, JsonSchema};
use rust_mcp_sdk::schema::{ListToolsRequest, ListToolsResult, RpcError, Tool};
use rust_mcp_sdk::{mcp_server::ServerHandler, McpServer};
use serde::{Deserialize, Serialize};

#[mcp_tool(name = "details", description = "Project details.")]
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct DetailsTool {
    pub project: String,
}

#[mcp_tool(name = "unused", description = "Not listed.")]
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct UnusedTool {}

#[mcp_tool(name = "search", description = "Search symbols.")]
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct SearchTool {
    pub query: String,
}

pub struct Handler;

impl Handler {
    pub fn registered_tools() -> Vec<Tool> {
        vec![SearchTool::tool(), DetailsTool::tool()]
    }
}

#[async_trait]
impl ServerHandler for Handler {
    async fn handle_list_tools_request(
        &self,
        _request: ListToolsRequest,
        _runtime: &dyn McpServer,
    ) -> Result<ListToolsResult, RpcError> {
        Ok(ListToolsResult { tools: Self::registered_tools(), meta: None, next_cursor: None })
    }
}

fn main() {}
