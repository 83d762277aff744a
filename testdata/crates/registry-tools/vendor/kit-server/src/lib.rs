//! Request types, and a demo server of the crate's own: its tools are not the dependent's.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use schemars::JsonSchema;
use serde::Deserialize;

/// What to look up.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct Lookup {
    /// The key.
    pub key: String,
}

#[derive(Clone)]
pub struct DemoServer {
    tool_router: rmcp::handler::server::router::tool::ToolRouter<Self>,
}

#[tool_router]
impl DemoServer {
    #[tool(description = "The demo's own tool")]
    fn demo(&self, Parameters(_l): Parameters<Lookup>) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for DemoServer {}
