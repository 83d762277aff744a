//! Found by its place: `examples/clock.rs`.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};

#[derive(Clone)]
struct Clock {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Clock {
    /// The time now.
    #[tool]
    async fn now(&self) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Clock {}

fn main() {
    let _ = Clock { tool_router: Clock::tool_router() };
}
