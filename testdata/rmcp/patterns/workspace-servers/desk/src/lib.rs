//! Two server types in one crate, each with its own tool list: a `[[servers]]` entry each.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{schemars, tool, tool_handler, tool_router, ServerHandler};
use serde::Deserialize;

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct Ticket {
    pub title: String,
    /// How urgent, 1 to 5.
    pub priority: u8,
}

#[derive(Clone)]
pub struct Front {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Front {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }

    /// Open a ticket.
    #[tool]
    async fn open_ticket(&self, Parameters(t): Parameters<Ticket>) -> String {
        t.title
    }
}

#[tool_handler]
impl ServerHandler for Front {}

#[derive(Clone)]
pub struct Back {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Back {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }

    /// Close every ticket.
    #[tool]
    async fn close_all(&self) -> String {
        String::new()
    }

    /// Reopen a ticket.
    #[tool]
    async fn reopen(&self, Parameters(t): Parameters<Ticket>) -> String {
        t.title
    }
}

#[tool_handler]
impl ServerHandler for Back {}
