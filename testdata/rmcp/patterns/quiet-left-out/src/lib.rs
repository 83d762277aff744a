//! Schemas only known at runtime: `-q` hides the warnings, and says in one line that the
//! manifest lacks them.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};

fn schema_from_env() -> std::sync::Arc<serde_json::Map<String, serde_json::Value>> {
    std::sync::Arc::new(serde_json::from_str(&std::env::var("SCHEMA").unwrap()).unwrap())
}

#[derive(Clone)]
pub struct Search {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Search {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }

    #[tool(description = "Free-form query", input_schema = schema_from_env())]
    async fn query(&self) -> String {
        String::new()
    }

    #[tool(description = "Saved queries", input_schema = schema_from_env())]
    async fn saved(&self) -> String {
        String::new()
    }

    /// Always known.
    #[tool]
    async fn ping(&self) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Search {}
