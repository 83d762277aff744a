#[cfg(feature = "search")]
mod search;

use labels::Label;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::{schemars, tool, tool_handler, tool_router, ServerHandler};
use serde::Deserialize;

#[cfg(feature = "search")]
use search::SearchRequest;

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct ShelveRequest {
    /// The book's title.
    pub title: String,
    pub label: Label,
    /// Shelve even when the shelf is full.
    #[cfg(feature = "admin")]
    pub force: bool,
    #[cfg_attr(feature = "search", serde(rename = "indexed"))]
    #[cfg_attr(not(feature = "search"), doc = "Never indexed: search is off.")]
    pub index: bool,
    pub shelf: Shelf,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub enum Shelf {
    Fiction,
    Reference,
    #[cfg(feature = "admin")]
    Restricted,
    #[cfg(not(feature = "admin"))]
    Public,
}

/// Two definitions of one name: only the enabled one exists.
#[cfg(feature = "audit")]
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct Removal {
    pub title: String,
    /// Why, for the audit log.
    pub reason: String,
}

#[cfg(not(feature = "audit"))]
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct Removal {
    pub title: String,
}

#[derive(Clone)]
pub struct Library {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Library {
    /// Put a book on a shelf.
    #[tool]
    async fn shelve(&self, Parameters(req): Parameters<ShelveRequest>) -> String {
        req.title
    }

    /// Take a book away.
    #[tool]
    async fn remove(&self, Parameters(req): Parameters<Removal>) -> String {
        req.title
    }

    /// Find books.
    #[cfg(feature = "search")]
    #[tool]
    async fn search(&self, Parameters(req): Parameters<SearchRequest>) -> String {
        req.query
    }

    /// Lend statistics.
    #[cfg(feature = "reports")]
    #[tool]
    async fn report(&self) -> Json<reports::Report> {
        Json(reports::Report::default())
    }

    /// Open loans.
    #[cfg(feature = "loans")]
    #[tool]
    async fn loans(&self) -> Json<loan_ledger::Report> {
        Json(loan_ledger::Report::default())
    }

    #[cfg_attr(feature = "admin", tool(description = "Empty every shelf."))]
    async fn purge(&self) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Library {}

fn main() {
    let _ = Library { tool_router: Library::tool_router() };
}
