//! Three values the CLI cannot evaluate, each costing that one value, not the manifest: a field's
//! default and a field's `example` made by fns of a crate whose sources are not read, and a tool
//! description made by a fn the CLI cannot see. `generate` fails and prints, for each, the configuration line that
//! supplies exactly that value; `-W left-out` writes every other key and tool as the server
//! lists them; `configured/` supplies the three values and is exact.

use rmcp::{
    handler::server::{router::tool::ToolRouter, wrapper::Parameters},
    schemars::{self, JsonSchema},
    tool, tool_handler, tool_router, ServerHandler,
};
use serde::{Deserialize, Serialize};

#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct ArchiveRequest {
    #[schemars(example = naming::sample_path())]
    pub path: String,
    /// Kept as a default the CLI evaluates.
    #[serde(default = "default_level")]
    pub level: u8,
    #[serde(default = "naming::suffix")]
    pub suffix: String,
}

fn default_level() -> u8 {
    3
}

#[derive(Clone)]
pub struct Archiver {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Archiver {
    #[tool(description = "Archive a directory")]
    async fn archive(&self, Parameters(req): Parameters<ArchiveRequest>) -> String {
        req.path
    }

    #[tool(description = naming::ping_text())]
    async fn ping(&self) -> String {
        "pong".into()
    }

    /// Reports the status.
    #[tool]
    async fn status(&self) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Archiver {}

fn main() {}
