//! A server whose parameter and output types carry `#[schemars(transform = …)]`: schemars'
//! own transforms, a `RecursiveTransform` over a fn of the crate, fns and closures on fields and
//! variants. The one transform the CLI cannot follow costs its tool's schema, not the manifest.

mod types;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};

use types::{Listing, Page, Query};

#[derive(Clone)]
pub struct Catalogue {
    pub tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Catalogue {
    /// Lists the items of one page.
    #[tool]
    fn list(&self, Parameters(_p): Parameters<Page>) -> Json<Listing> {
        todo!()
    }

    /// Searches the items.
    #[tool]
    fn search(&self, Parameters(_q): Parameters<Query>) -> String {
        todo!()
    }
}

#[tool_handler]
impl ServerHandler for Catalogue {}

fn main() {}
