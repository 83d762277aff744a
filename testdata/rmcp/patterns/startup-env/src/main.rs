//! A constructor whose rewrite of every tool's inputSchema depends on the environment the server
//! runs with: `STRICT_INPUTS=1` closes every object schema (`additionalProperties: false`),
//! `KEEP_SCHEMA_URI` (set to anything) keeps `$schema`. Unset, the server's default branch is
//! listed, with a note naming each variable; `--env` and the config's `[env]` list it as set.

use std::sync::Arc;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Search {
    pub query: String,
    pub limit: Option<u8>,
}

#[derive(Clone)]
pub struct Finder {
    pub tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Finder {
    pub fn new() -> Self {
        let mut router = Self::tool_router();
        for route in router.map.values_mut() {
            let strict = std::env::var("STRICT_INPUTS").map(|v| v == "1").unwrap_or(false);
            let schema = Arc::make_mut(&mut route.attr.input_schema);
            if std::env::var_os("KEEP_SCHEMA_URI").is_none() {
                schema.remove("$schema");
            }
            if strict && schema.get("type").and_then(Value::as_str) == Some("object") {
                schema.insert("additionalProperties".to_string(), Value::Bool(false));
            }
        }
        Self { tool_router: router }
    }

    /// Searches.
    #[tool]
    fn search(&self, Parameters(_s): Parameters<Search>) -> String {
        todo!()
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Finder {}

fn main() {
    println!("{}", serde_json::to_string_pretty(&Finder::new().tool_router.list_all()).unwrap());
}
