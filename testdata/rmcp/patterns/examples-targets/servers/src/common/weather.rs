use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{schemars, tool, tool_handler, tool_router, ServerHandler};
use serde::Deserialize;

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct CityRequest {
    /// The city's name.
    pub city: String,
}

#[derive(Clone)]
pub struct Weather {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Weather {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }

    /// Today's forecast.
    #[tool]
    async fn forecast(&self, Parameters(req): Parameters<CityRequest>) -> String {
        req.city
    }
}

#[tool_handler]
impl ServerHandler for Weather {}
