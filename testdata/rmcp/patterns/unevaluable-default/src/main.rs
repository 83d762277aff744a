//! A default the CLI cannot evaluate (`str::replacen` is outside its grammar): an error on the
//! expression, not a schema silently left out.

use rmcp::{
    handler::server::{router::tool::ToolRouter, wrapper::Parameters},
    schemars::{self, JsonSchema},
    tool, tool_handler, tool_router, ServerHandler,
};
use serde::{Deserialize, Serialize};

const PREFIX: &str = "tmp";

#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct ArchiveRequest {
    pub path: String,
    #[serde(default = "default_suffix")]
    pub suffix: String,
}

fn default_suffix() -> String {
    PREFIX.replacen('t', "T", 1)
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
}

#[tool_handler]
impl ServerHandler for Archiver {}

fn main() {}
