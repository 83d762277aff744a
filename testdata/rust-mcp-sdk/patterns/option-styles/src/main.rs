//! `Option<T>` over a scalar, a list, an enum, a type the derive does not know and an `Option`:
//! how `null` is allowed depends on the rust-mcp-macros release (nullable, a type union, anyOf).
use rust_mcp_sdk::macros::{mcp_tool, JsonSchema};
use rust_mcp_sdk::tool_box;
use serde::{Deserialize, Serialize};

#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub enum Unit {
    Celsius,
    Kelvin,
}

#[mcp_tool(name = "read_sensor", description = "Read one sensor.")]
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct ReadSensor {
    /// Which sensor.
    pub sensor_id: String,
    pub samples: Option<u16>,
    pub tags: Option<Vec<String>>,
    /// The unit to convert to.
    pub unit: Option<Unit>,
    pub extra: Option<std::collections::HashMap<String, String>>,
    pub twice: Option<Option<f64>>,
}

tool_box!(SensorTools, [ReadSensor]);

fn main() {}
