use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{schemars, tool, tool_handler, tool_router, ServerHandler};
use serde::Deserialize;

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct NoteRequest {
    pub text: String,
    #[serde(default)]
    pub pinned: bool,
}

#[derive(Clone)]
pub struct Notes {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Notes {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }

    /// Keep a note.
    #[tool]
    async fn add_note(&self, Parameters(req): Parameters<NoteRequest>) -> String {
        req.text
    }

    /// Forget every note.
    #[tool]
    async fn clear_notes(&self) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Notes {}
