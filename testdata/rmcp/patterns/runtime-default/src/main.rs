//! A default made when the program runs (it reads the environment): runtime-only by design, so a
//! warning naming the tool, and its `inputSchema` left out; not an error.

use rmcp::{
    handler::server::{router::tool::ToolRouter, wrapper::Parameters},
    schemars::{self, JsonSchema},
    tool, tool_handler, tool_router, ServerHandler,
};
use serde::{Deserialize, Serialize};

#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct SessionRequest {
    pub user: String,
    #[serde(default = "default_workdir")]
    pub workdir: String,
}

fn default_workdir() -> String {
    let fallback = "/srv/work".to_owned();
    std::env::var("WORKDIR").unwrap_or(fallback)
}

#[derive(Clone)]
pub struct Sessions {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Sessions {
    #[tool(description = "Start a session")]
    async fn start(&self, Parameters(req): Parameters<SessionRequest>) -> String {
        req.user
    }
}

#[tool_handler]
impl ServerHandler for Sessions {}

fn main() {}
