use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::{tool, tool_router};

#[derive(Clone)]
pub struct Server {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Server {
    /// Search the records.
    #[tool]
    async fn search(&self, Parameters(q): Parameters<shared::Query>) -> Json<shared::Found> {
        let _ = q;
        Json(shared::Found::default())
    }

    /// One page of the records.
    #[tool(name = "page", annotations(read_only_hint = true))]
    async fn page(&self, Parameters(p): Parameters<pager::Page>) -> String {
        format!("{}", p.size)
    }
}
