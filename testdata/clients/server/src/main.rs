//! An rmcp server whose tools the modelled clients refuse or send without strict mode: the
//! fixture of the `clients` lints (tests/it/list_docs.rs).

use std::collections::HashMap;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Connect {
    /// Host name.
    pub host: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Tag {
    /// The labels to set, by key.
    pub labels: HashMap<String, String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Search {
    /// What to look for.
    pub query: String,
}

#[derive(Clone)]
pub struct Server {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Server {
    /// Connect to a host.
    #[tool(name = "irc.connect")]
    async fn connect(&self, Parameters(req): Parameters<Connect>) -> String {
        req.host
    }

    /// Set labels.
    #[tool]
    async fn tag(&self, Parameters(req): Parameters<Tag>) -> String {
        format!("{}", req.labels.len())
    }

    /// Search.
    #[tool]
    async fn search(&self, Parameters(req): Parameters<Search>) -> String {
        req.query
    }
}

#[tool_handler]
impl ServerHandler for Server {}

fn main() {}
