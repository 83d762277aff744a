use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};

#[derive(Clone)]
pub struct Beta {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Beta {
    /// Says goodbye.
    #[tool]
    async fn goodbye(&self) -> String {
        "goodbye".into()
    }
}

#[tool_handler]
impl ServerHandler for Beta {}
