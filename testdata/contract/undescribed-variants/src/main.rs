//! `undescribed-variants`: schemars lists an enum's values in `enum` when no variant has a doc
//! comment, and as a `oneOf` with a description per documented value otherwise. Reported once
//! per enum, at the enum, naming the values without one; a fully documented enum is not.

use rmcp::handler::server::{router::tool::ToolRouter, wrapper::Parameters};
use rmcp::schemars::{self, JsonSchema};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use serde::Deserialize;

/// How results are ordered.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    Newest,
    Oldest,
}

/// How hard to look.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Effort {
    /// The index only: quick, may miss recent items.
    Fast,
    Exact,
    Deep { passes: u8 },
}

/// The unit of sizes.
#[derive(Deserialize, JsonSchema)]
pub enum Unit {
    /// Bytes.
    B,
    /// Kibibytes.
    KiB,
}

#[derive(Deserialize, JsonSchema)]
pub struct FindArgs {
    /// Result order.
    pub order: Order,
    /// Search effort.
    pub effort: Effort,
    /// Size unit.
    pub unit: Unit,
}

#[derive(Deserialize, JsonSchema)]
pub struct ListArgs {
    /// Result order.
    pub order: Order,
}

#[derive(Clone)]
pub struct Finder {
    tool_router: ToolRouter<Finder>,
}

#[tool_router]
impl Finder {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }

    /// Find files.
    #[tool]
    async fn find(&self, Parameters(_args): Parameters<FindArgs>) -> String {
        String::new()
    }

    /// List files.
    #[tool]
    async fn list(&self, Parameters(_args): Parameters<ListArgs>) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Finder {}

fn main() {
    println!("{}", serde_json::to_string_pretty(&Finder::new().tool_router.list_all()).unwrap());
}
