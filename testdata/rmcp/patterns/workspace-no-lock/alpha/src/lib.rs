use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};

#[derive(Clone)]
pub struct Alpha {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Alpha {
    /// Says hello.
    #[tool]
    async fn hello(&self) -> String {
        "hello".into()
    }
}

#[tool_handler]
impl ServerHandler for Alpha {}
