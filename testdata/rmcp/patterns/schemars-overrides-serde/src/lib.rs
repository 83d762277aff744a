//! `#[schemars(...)]` keys that serde also reads win over the `#[serde(...)]` ones, as
//! schemars_derive merges them: `schemars(skip)` stands for both `skip_serializing` and
//! `skip_deserializing`, so a serde attribute naming either is dropped, not a duplicate.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct LaunchRequest {
    /// What to launch.
    pub target: String,
    /// Filled in by the server, never by the caller.
    #[serde(default, skip_deserializing)]
    #[schemars(skip)]
    pub assigned_by_server: Option<String>,
    /// Kept out of the schema only.
    #[serde(skip_serializing)]
    #[schemars(skip)]
    pub internal_note: Option<String>,
    /// The serde name is replaced by the schemars one.
    #[serde(rename = "serdeName")]
    #[schemars(rename = "schemaName")]
    pub renamed: u32,
}

#[derive(Clone)]
pub struct Launcher;

#[tool_router]
impl Launcher {
    /// Launch something.
    #[tool]
    async fn launch(&self, Parameters(_req): Parameters<LaunchRequest>) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Launcher {}
