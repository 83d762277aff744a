//! Found by its place: `examples/stopwatch/main.rs`, with a module beside it.

mod laps;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};

use laps::LapRequest;

#[derive(Clone)]
struct Stopwatch {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Stopwatch {
    /// Record a lap.
    #[tool]
    async fn lap(&self, Parameters(req): Parameters<LapRequest>) -> String {
        req.label
    }
}

#[tool_handler]
impl ServerHandler for Stopwatch {}

fn main() {
    let _ = Stopwatch { tool_router: Stopwatch::tool_router() };
}
