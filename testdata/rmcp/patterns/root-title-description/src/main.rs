//! The root `title` and `description` schemars writes for a documented type (its name and doc).
//! rmcp up to 1.7 lists them; from 1.8 it removes them from the root of `inputSchema` and of
//! `outputSchema` (nested ones stay). 1.8 – 2.2 refuse a non-object output root, 3.0 lists it,
//! stripped too. A schema the server builds with `schema_for_type` keeps them on every release.

use std::sync::Arc;

use rmcp::handler::server::common::schema_for_type;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Where to look.
#[derive(Deserialize, JsonSchema)]
pub struct Query {
    /// Words to find.
    pub text: String,
    pub within: Scope,
}

/// A part of the archive.
#[derive(Deserialize, JsonSchema)]
pub struct Scope {
    pub shelf: u32,
}

/// What was found.
#[derive(Serialize, JsonSchema)]
pub struct Hits {
    pub count: u32,
}

/// How the archive answers.
#[derive(Serialize, JsonSchema)]
pub enum Mode {
    Fast,
    Thorough,
}

fn query_schema() -> Arc<serde_json::Map<String, serde_json::Value>> {
    schema_for_type::<Query>()
}

#[derive(Clone)]
pub struct Archive {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Archive {
    /// Searches the archive.
    #[tool]
    async fn search(&self, Parameters(_q): Parameters<Query>) -> Json<Hits> {
        Json(Hits { count: 0 })
    }

    /// Searches with a schema the server builds itself.
    #[tool(input_schema = query_schema())]
    async fn search_raw(&self) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Archive {}

impl Archive {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }
}

/// A server apart: rmcp 0.11 – 2.2 refuse its non-object output root.
#[derive(Clone)]
pub struct Settings {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Settings {
    /// The archive's mode.
    #[tool]
    async fn mode(&self) -> Json<Mode> {
        Json(Mode::Fast)
    }
}

#[tool_handler]
impl ServerHandler for Settings {}

impl Settings {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }
}

fn main() {
    let _ = (Archive::new(), Settings::new());
}
