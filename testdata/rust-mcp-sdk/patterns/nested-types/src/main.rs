//! A single identifier the derive does not know is taken for a struct or enum and its schema is
//! inlined (through aliases too); a qualified path or a generic type gets the empty schema.
use rust_mcp_sdk::macros::{mcp_tool, JsonSchema};
use serde::{Deserialize, Serialize};

mod geo {
    use super::*;
    #[derive(Debug, Deserialize, Serialize, JsonSchema)]
    pub struct Coord {
        pub lat: f64,
        pub lon: f64,
    }
}
use geo::Coord;

pub type Position = Coord;

#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Target {
    Here,
    Place(Position),
    Named { label: String },
}

#[mcp_tool(name = "route", description = "Plan a route.")]
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct Route {
    /// Inlined through the alias.
    pub from: Position,
    pub to: Target,
    pub via: Vec<Coord>,
    /// A module path: not inlined.
    pub fallback: geo::Coord,
    pub weights: Vec<(u8, u8)>,
}

rust_mcp_sdk::tool_box!(Maps, [Route]);

fn main() {}
