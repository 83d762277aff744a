//! The `contract` lints on the rust-mcp-sdk profile: its derive publishes a description per enum
//! value from `#[json_schema(description = "...")]` (not from doc comments), so an enum whose
//! variants have none is reported, at the tool (this profile's source map names no types).
use rust_mcp_sdk::macros::{mcp_tool, JsonSchema};
use serde::{Deserialize, Serialize};

#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub enum Order {
    Newest,
    Oldest,
}

#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub enum Effort {
    #[json_schema(description = "The index only.")]
    Fast,
    #[json_schema(description = "Every file.")]
    Exact,
}

#[mcp_tool(name = "search", description = "Search the catalogue.")]
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct Search {
    /// What to look for.
    pub text: String,
    pub order: Order,
    /// How hard to look.
    pub effort: Effort,
}

rust_mcp_sdk::tool_box!(Catalogue, [Search]);

fn main() {}
