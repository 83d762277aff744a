//! `undescribed-tool`: a tool with no doc comment and no `description` key is published without a
//! description; one with either is not reported.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};

#[derive(Clone)]
pub struct Alerts {
    tool_router: ToolRouter<Alerts>,
}

#[tool_router]
impl Alerts {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }

    #[tool]
    async fn clear_alerts(&self) -> String {
        String::new()
    }

    #[tool(name = "reset")]
    async fn reset_everything(&self) -> String {
        String::new()
    }

    /// Count the alerts set.
    #[tool]
    async fn count_alerts(&self) -> String {
        String::new()
    }

    #[tool(description = "List the alerts set.")]
    async fn list_alerts(&self) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Alerts {}

fn main() {
    println!("{}", serde_json::to_string_pretty(&Alerts::new().tool_router.list_all()).unwrap());
}
