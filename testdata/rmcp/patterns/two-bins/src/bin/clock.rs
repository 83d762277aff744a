use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use two_bins::Place;

#[derive(Clone)]
pub struct Clock {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Clock {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }

    /// The local time at a place.
    #[tool]
    async fn local_time(&self, Parameters(place): Parameters<Place>) -> String {
        place.city
    }
}

#[tool_handler]
impl ServerHandler for Clock {}

fn main() {}
