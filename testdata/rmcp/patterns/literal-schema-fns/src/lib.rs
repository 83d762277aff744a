//! `#[schemars(schema_with = "…")]` fns whose bodies only build a literal schema.

use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

mod shapes;

pub const MAX_WAIT_SECS: u64 = 10 * 60;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct PourRequest {
    /// Which tap to open.
    #[schemars(schema_with = "crate::shapes::counter")]
    pub tap: u16,
    /// Millilitres; none pours until the glass is full.
    #[schemars(schema_with = "shapes::maybe_counter")]
    pub volume_ml: Option<u32>,
    /// Seconds to wait for the glass.
    #[serde(default)]
    #[schemars(schema_with = "shapes::wait")]
    pub wait_secs: Option<u64>,
    #[schemars(schema_with = "shapes::label")]
    pub label: String,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Poured {
    #[schemars(schema_with = "crate::shapes::counter")]
    pub millilitres: u64,
    #[schemars(schema_with = "crate::shapes::bytes")]
    pub receipt: Vec<u8>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct CleanRequest {
    /// How hot the rinse is.
    #[schemars(schema_with = "shapes::asks_the_generator")]
    pub temperature: f32,
}

#[derive(Clone)]
pub struct Bar;

#[tool_router(server_handler)]
impl Bar {
    #[tool(description = "Pour a drink")]
    fn pour(&self, Parameters(_r): Parameters<PourRequest>) -> Json<Poured> {
        todo!()
    }

    #[tool(description = "Set the tap limits", input_schema = shapes::limits_input())]
    fn limits(&self) -> String {
        todo!()
    }

    #[tool(description = "Rinse the lines")]
    fn clean(&self, Parameters(_r): Parameters<CleanRequest>) -> String {
        todo!()
    }
}
