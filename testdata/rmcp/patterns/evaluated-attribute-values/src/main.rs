//! Attribute values that are expressions: `description = CONST` of another module, `concat!`
//! of literals and `env!("CARGO_PKG_…")`, a local const; validation bounds that are consts.

mod texts;

use rmcp::{
    handler::server::{router::tool::ToolRouter, wrapper::Parameters},
    schemars::{self, JsonSchema},
    tool, tool_handler, tool_router, ServerHandler,
};
use serde::Deserialize;

const LIST: &str = "List every note";

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Query {
    #[schemars(length(min = 1, max = texts::MAX_QUERY))]
    pub text: String,
    #[schemars(range(min = 1, max = texts::MAX_RESULTS))]
    pub limit: u32,
}

#[derive(Clone)]
pub struct Notes {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Notes {
    #[tool(description = texts::SEARCH)]
    async fn search(&self, Parameters(q): Parameters<Query>) -> String {
        q.text
    }

    #[tool(description = LIST)]
    async fn list(&self) -> String {
        String::new()
    }

    #[tool(description = texts::LIMIT_TEXT)]
    async fn top(&self) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Notes {}

fn main() {}
