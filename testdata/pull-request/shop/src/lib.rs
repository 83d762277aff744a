//! A shop whose tools share types: the base of the drift tests (tests/baseline.rs), which edit
//! it commit by commit and compare with `check --baseline`.

use rmcp::handler::server::{router::tool::ToolRouter, wrapper::Parameters};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use schemars::JsonSchema;
use serde::Deserialize;

/// Which slice of the results to return.
#[derive(Deserialize, JsonSchema)]
pub struct Page {
    /// Items per page.
    pub limit: u64,
}

/// How to sort.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Order {
    Newest,
    Oldest,
}

/// A filter on one attribute.
#[derive(Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Filter {
    Price { max: u32 },
    Brand { name: String },
}

#[derive(Deserialize, JsonSchema)]
pub struct SearchArgs {
    /// What to look for.
    pub query: String,
    pub page: Page,
    pub order: Order,
    pub filter: Filter,
}

#[derive(Deserialize, JsonSchema)]
pub struct ListArgs {
    pub page: Page,
}

#[derive(Clone)]
pub struct Shop {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Shop {
    #[tool(description = "Search the catalogue.")]
    async fn search(&self, Parameters(args): Parameters<SearchArgs>) -> String {
        let _ = args;
        String::new()
    }

    /// List the catalogue.
    #[tool]
    async fn list(&self, Parameters(args): Parameters<ListArgs>) -> String {
        let _ = args;
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Shop {}
