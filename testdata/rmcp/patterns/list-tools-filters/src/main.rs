//! A hand-written `list_tools` that filters and renames its router's `list_all()` with literal
//! names, and rewrites a description: read rather than only warned about.

use std::sync::Arc;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{ListToolsResult, PaginatedRequestParams, Tool};
use rmcp::service::RequestContext;
use rmcp::{tool, tool_router, ErrorData, RoleServer, ServerHandler};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Note {
    /// What to write down.
    pub text: String,
}

/// Tools kept from clients.
const HIDDEN: &[&str] = &["debug_dump"];

#[derive(Clone)]
pub struct Desk {
    pub tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Desk {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }

    /// Says hello.
    #[tool]
    async fn hello(&self) -> String {
        String::new()
    }

    /// Writes a note.
    #[tool]
    async fn note(&self, Parameters(_n): Parameters<Note>) -> String {
        String::new()
    }

    /// Dumps the state.
    #[tool]
    async fn debug_dump(&self) -> String {
        String::new()
    }

    /// Old name of a tool.
    #[tool]
    async fn legacy_search(&self) -> String {
        String::new()
    }
}

/// What the server lists: hidden tools out, a tool renamed, a description marked, `$schema` and
/// titles stripped from every input schema.
fn served(mut tools: Vec<Tool>) -> Vec<Tool> {
    tools.retain(|t| !HIDDEN.contains(&t.name.as_ref()));
    for tool in &mut tools {
        let mut schema = (*tool.input_schema).clone();
        schema.remove("$schema");
        schema.remove("title");
        tool.input_schema = Arc::new(schema);
    }
    for tool in tools.iter_mut() {
        if tool.name == "legacy_search" {
            tool.name = "search".into();
            tool.description = Some("Searches (formerly legacy_search).".into());
        }
    }
    tools
}

impl ServerHandler for Desk {
    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(served(self.tool_router.list_all())))
    }
}

fn main() {
    println!("{}", serde_json::to_string_pretty(&served(Desk::new().tool_router.list_all())).unwrap());
}
