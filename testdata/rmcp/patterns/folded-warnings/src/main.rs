//! Seven tools whose output root is not an object: one `mcp-output-schema` warning each, with one
//! help. Without `-v` the terminal shows two in full and folds the other five into one line
//! naming them; `-v` shows each. (rmcp 3.0 – 3.10 list a non-object root to every peer; 3.11 only
//! to a stateless 2026-07-28 request.)

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Json;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};

#[derive(Clone)]
pub struct Catalogue {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Catalogue {
    /// The archive's shelves.
    #[tool]
    async fn shelves(&self) -> Json<Vec<String>> {
        Json(Vec::new())
    }

    /// The archive's authors.
    #[tool]
    async fn authors(&self) -> Json<Vec<String>> {
        Json(Vec::new())
    }

    /// The archive's titles.
    #[tool]
    async fn titles(&self) -> Json<Vec<String>> {
        Json(Vec::new())
    }

    /// The archive's years.
    #[tool]
    async fn years(&self) -> Json<Vec<String>> {
        Json(Vec::new())
    }

    /// The archive's languages.
    #[tool]
    async fn languages(&self) -> Json<Vec<String>> {
        Json(Vec::new())
    }

    /// The archive's series.
    #[tool]
    async fn series(&self) -> Json<Vec<String>> {
        Json(Vec::new())
    }

    /// The archive's tags.
    #[tool]
    async fn tags(&self) -> Json<Vec<String>> {
        Json(Vec::new())
    }
}

#[tool_handler]
impl ServerHandler for Catalogue {}

fn main() {
    let _ = Catalogue { tool_router: Catalogue::tool_router() };
}
