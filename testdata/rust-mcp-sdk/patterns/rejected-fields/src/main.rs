//! Field types whose `json_schema()` does not exist: the crate does not compile (E0599).
use rust_mcp_sdk::macros::{mcp_tool, JsonSchema};
use serde::{Deserialize, Serialize};

pub type Count = u32;

#[derive(Debug, Deserialize, Serialize)]
pub struct Plain {
    pub v: String,
}

#[mcp_tool(name = "tally", description = "Count things.")]
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct Tally {
    pub how_many: usize,
    pub limit: Count,
    pub plain: Plain,
}

rust_mcp_sdk::tool_box!(Counting, [Tally]);

fn main() {}
