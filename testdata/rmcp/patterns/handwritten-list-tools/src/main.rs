//! Servers that write `list_tools` themselves: one pages through its router's `list_all()`, one
//! serves a list built elsewhere (here: with a tool renamed).

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{ListToolsResult, PaginatedRequestParams, Tool};
use rmcp::service::RequestContext;
use rmcp::{tool, tool_handler, tool_router, ErrorData, RoleServer, ServerHandler};

#[derive(Clone)]
pub struct Paged {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Paged {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }

    /// First tool.
    #[tool]
    async fn alpha(&self) -> String {
        String::new()
    }

    /// Second tool.
    #[tool]
    async fn beta(&self) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Paged {
    // `#[tool_handler]` keeps a `list_tools` that is written out.
    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let all = self.tool_router.list_all();
        let start = request.and_then(|r| r.cursor).and_then(|c| c.parse().ok()).unwrap_or(0);
        Ok(ListToolsResult::with_all_items(all.into_iter().skip(start).collect()))
    }
}

#[derive(Clone)]
pub struct Renamed {
    tool_router: ToolRouter<Self>,
}

#[tool_router(router = basics)]
impl Renamed {
    /// Says hello.
    #[tool]
    async fn hello(&self) -> String {
        String::new()
    }
}

#[tool_router(router = extras)]
impl Renamed {
    /// Says goodbye.
    #[tool]
    async fn goodbye(&self) -> String {
        String::new()
    }
}

fn catalog() -> Vec<Tool> {
    let mut tools = (Renamed::basics() + Renamed::extras()).list_all();
    for t in &mut tools {
        t.name = format!("renamed_{}", t.name).into();
    }
    tools
}

impl ServerHandler for Renamed {
    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(catalog()))
    }
}

fn main() {}
