//! Routers merged under `#[cfg(feature = …)]` statements: `history` is a default feature (on),
//! `beta` is not (off).

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};

#[derive(Clone)]
pub struct Ledger {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Ledger {
    /// Records an entry.
    #[tool]
    async fn record(&self) -> String {
        String::new()
    }
}

#[tool_router(router = history)]
impl Ledger {
    /// Shows past entries.
    #[tool]
    async fn past_entries(&self) -> String {
        String::new()
    }
}

#[tool_router(router = beta)]
impl Ledger {
    /// Not ready yet.
    #[tool]
    async fn forecast(&self) -> String {
        String::new()
    }
}

impl Ledger {
    pub fn new() -> Self {
        let mut router = Self::tool_router();
        #[cfg(feature = "history")]
        router.merge(Self::history());
        #[cfg(all(feature = "beta", not(feature = "history")))]
        {
            router += Self::beta();
        }
        Self { tool_router: router }
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Ledger {}

fn main() {}
