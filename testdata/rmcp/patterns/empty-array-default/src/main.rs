//! `[T; 0]` is `Default` whatever `T` is: its default is `[]`, also when `T` has no `Default`.

use rmcp::handler::server::{router::tool::ToolRouter, wrapper::Parameters};
use rmcp::schemars::{self, JsonSchema};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use serde::{Deserialize, Serialize};

/// A reading; it has no `Default`.
#[derive(Deserialize, Serialize, JsonSchema)]
pub struct Reading {
    pub value: f64,
}

#[derive(Deserialize, Serialize, JsonSchema)]
pub struct CalibrateArgs {
    #[serde(default)]
    pub none_yet: [Reading; 0],
    #[serde(default)]
    pub pair: [u8; 2],
    pub sensor: String,
}

#[derive(Clone)]
pub struct Sensors {
    tool_router: ToolRouter<Sensors>,
}

#[tool_router]
impl Sensors {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }

    /// Calibrate a sensor.
    #[tool]
    async fn calibrate(&self, Parameters(_args): Parameters<CalibrateArgs>) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Sensors {}

fn main() {
    println!("{}", serde_json::to_string_pretty(&Sensors::new().tool_router.list_all()).unwrap());
}
