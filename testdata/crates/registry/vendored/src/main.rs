//! A server whose parameters are types of a dependency: the same schemas whether the dependency
//! is a path, a registry crate in CARGO_HOME, or vendored.

use api_types::{Query, Sort};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct SearchRequest {
    pub query: Query,
    pub order: Option<Sort>,
}

#[derive(Clone)]
pub struct Catalogue;

#[tool_router(server_handler)]
impl Catalogue {
    #[tool(description = "Search the catalogue")]
    fn search(&self, Parameters(_r): Parameters<SearchRequest>) -> String {
        todo!()
    }

    #[tool(description = "Search with a bare query")]
    fn quick(&self, Parameters(_q): Parameters<api_types::Query>) -> String {
        todo!()
    }
}

fn main() {}
