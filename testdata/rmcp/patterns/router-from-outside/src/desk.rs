//! The server type: its router is handed in by whoever builds it.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::{tool_handler, tool_router, ServerHandler};

#[derive(Clone)]
pub struct Desk {
    pub owner: String,
    tool_router: ToolRouter<Self>,
}

#[tool_router(allow_empty)]
impl Desk {
    pub fn new(owner: String, tool_router: ToolRouter<Self>) -> Self {
        Self { owner, tool_router }
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Desk {}
