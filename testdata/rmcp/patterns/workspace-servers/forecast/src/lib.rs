use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{schemars, tool, tool_handler, tool_router, ServerHandler};
use serde::Deserialize;

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct ForecastRequest {
    /// The city to forecast.
    pub city: String,
    /// How many days ahead.
    pub days: Option<u8>,
}

#[derive(Clone)]
pub struct Forecast {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Forecast {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }

    /// The forecast for a city.
    #[tool]
    async fn get_forecast(&self, Parameters(req): Parameters<ForecastRequest>) -> String {
        req.city
    }
}

#[tool_handler]
impl ServerHandler for Forecast {}
