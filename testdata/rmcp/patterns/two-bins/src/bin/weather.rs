use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use two_bins::Place;

#[derive(Clone)]
pub struct Weather {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Weather {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }

    /// Today's forecast for a place.
    #[tool]
    async fn forecast(&self, Parameters(place): Parameters<Place>) -> String {
        place.city
    }
}

#[tool_handler]
impl ServerHandler for Weather {}

fn main() {}
