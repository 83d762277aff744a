//! `#[schemars(extend(...))]` values are `json!` bodies: objects and arrays too, on a container,
//! a field and a variant.

use rmcp::handler::server::{router::tool::ToolRouter, wrapper::Parameters};
use rmcp::schemars::{self, JsonSchema};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
#[schemars(extend("x-owner" = {"team": "search", "oncall": null, "weight": 1.5}))]
pub struct QueryArgs {
    #[schemars(extend("x-examples" = ["a", 2, true, {"nested": [null]}], "x-level" = -3))]
    pub text: String,
    pub mode: Mode,
}

#[derive(Deserialize, JsonSchema)]
pub enum Mode {
    #[schemars(extend("x-cost" = {"cpu": 2}))]
    Fast,
    Thorough,
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

    /// Run a query.
    #[tool]
    async fn query(&self, Parameters(_args): Parameters<QueryArgs>) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Search {}

fn main() {
    println!("{}", serde_json::to_string_pretty(&Search::new().tool_router.list_all()).unwrap());
}
