//! Two views of one server: an `initialize` client (answered 2025-11-25, the listing written)
//! gets no outputSchema for `search`, whose output is not an object (an array); a stateless
//! 2026-07-28 request gets one. `generate -v` names the tool, `list` marks its output cell and
//! `docs` says so in its section; `--protocol 2026-07-28` lists the other view.
use rmcp::{
    handler::server::{router::tool::ToolRouter, wrapper::Json, wrapper::Parameters},
    schemars::{self, JsonSchema},
    tool, tool_handler, tool_router, ServerHandler,
};
use serde::{Deserialize, Serialize};

#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct Hit {
    pub id: u64,
    pub title: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct SearchArgs {
    pub query: String,
}

#[derive(Clone)]
pub struct Library {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Library {
    #[tool(description = "Search the library")]
    async fn search(&self, Parameters(a): Parameters<SearchArgs>) -> Json<Vec<Hit>> {
        Json(vec![Hit { id: 1, title: a.query }])
    }

    #[tool(description = "The first hit")]
    async fn first(&self, Parameters(a): Parameters<SearchArgs>) -> Json<Hit> {
        Json(Hit { id: 1, title: a.query })
    }
}

#[tool_handler]
impl ServerHandler for Library {}

fn main() {}
