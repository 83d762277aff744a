//! `undescribed-parameter`: each property of an `inputSchema` without a description, its own or
//! its type's, is reported at its field.

use rmcp::handler::server::{router::tool::ToolRouter, wrapper::Parameters};
use rmcp::schemars::{self, JsonSchema};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use serde::Deserialize;

/// A point on the map.
#[derive(Deserialize, JsonSchema)]
pub struct Place {
    pub lat: f64,
    pub lon: f64,
}

#[derive(Deserialize, JsonSchema)]
pub struct SearchArgs {
    /// What to look for, in plain words.
    pub query: String,
    pub limit: Option<u32>,
    // Described by its type's doc comment.
    pub near: Option<Place>,
    #[schemars(description = "Skip this many results.")]
    pub offset: u32,
    #[serde(rename = "sortBy")]
    pub sort_by: String,
}

#[derive(Clone)]
pub struct Search {
    tool_router: ToolRouter<Search>,
}

#[tool_router]
impl Search {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }

    /// Search the catalogue.
    #[tool]
    async fn search(&self, Parameters(_args): Parameters<SearchArgs>) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Search {}

fn main() {
    println!("{}", serde_json::to_string_pretty(&Search::new().tool_router.list_all()).unwrap());
}
