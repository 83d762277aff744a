//! A list handler that filters `tool_box!`'s tools by a set read from the command line when the
//! server starts: every tool is listed (what the server lists without the flag), with a note.
use std::collections::HashSet;

use async_trait::async_trait;
use rust_mcp_sdk::macros::{mcp_tool, JsonSchema};
use rust_mcp_sdk::schema::{ListToolsRequest, ListToolsResult, RpcError};
use rust_mcp_sdk::{mcp_server::ServerHandler, McpServer};
use serde::{Deserialize, Serialize};

#[mcp_tool(name = "read_file", description = "Read a file.")]
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct ReadFile {
    pub path: String,
}

#[mcp_tool(name = "delete_file", description = "Delete a file.")]
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct DeleteFile {
    pub path: String,
}

rust_mcp_sdk::tool_box!(FileTools, [ReadFile, DeleteFile]);

pub struct Handler {
    /// `--disable-tools a,b`.
    disabled: HashSet<String>,
}

#[async_trait]
impl ServerHandler for Handler {
    async fn handle_list_tools_request(
        &self,
        _request: ListToolsRequest,
        _runtime: &dyn McpServer,
    ) -> Result<ListToolsResult, RpcError> {
        Ok(ListToolsResult {
            tools: FileTools::tools().into_iter().filter(|t| !self.disabled.contains(&t.name)).collect(),
            meta: None,
            next_cursor: None,
        })
    }
}

fn main() {}
