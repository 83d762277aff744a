//! A small rmcp server: the example of the README's quick start.

use std::collections::BTreeMap;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The unit temperatures are given in.
#[derive(Debug, Clone, Copy, Default, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Units {
    #[default]
    Celsius,
    Fahrenheit,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ForecastRequest {
    /// City name, as on a map.
    pub city: String,
    /// How many days ahead, 1 to 7.
    #[serde(default = "three")]
    pub days: u32,
    /// Temperature unit.
    #[serde(default)]
    pub units: Units,
}

fn three() -> u32 {
    3
}

/// One day of the forecast.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Forecast {
    pub date: String,
    pub high: f64,
    pub low: f64,
    /// Chance of rain, 0 to 1.
    pub rain: Option<f64>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct ForecastReport {
    pub city: String,
    pub days: Vec<Forecast>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct AlertRequest {
    pub city: String,
    /// Alert when the temperature rises above this.
    pub above: f64,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Averages {
    /// Mean temperature by city.
    pub by_city: BTreeMap<String, f64>,
}

#[derive(Clone)]
pub struct ForecastServer {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl ForecastServer {
    /// Daily forecast for a city.
    #[tool(annotations(read_only_hint = true, open_world_hint = true))]
    async fn get_forecast(&self, Parameters(req): Parameters<ForecastRequest>) -> Json<ForecastReport> {
        Json(ForecastReport { city: req.city, days: Vec::new() })
    }

    /// Mean temperature of each city watched.
    #[tool(title = "Average temperatures", annotations(read_only_hint = true))]
    async fn averages(&self) -> Json<Averages> {
        Json(Averages { by_city: BTreeMap::new() })
    }

    /// Be told when a city gets hot.
    #[tool(annotations(idempotent_hint = true))]
    async fn set_alert(&self, Parameters(req): Parameters<AlertRequest>) -> String {
        format!("alert set for {}", req.city)
    }

    /// Forget every alert.
    #[tool(annotations(destructive_hint = true, idempotent_hint = true))]
    async fn clear_alerts(&self) -> String {
        String::new()
    }
}

impl ForecastServer {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }
}

#[tool_handler]
impl ServerHandler for ForecastServer {}

fn main() {}
