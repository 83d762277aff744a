//! No `tool_box!`: every `#[mcp_tool]` item is listed in source order, with a note. An alias of
//! a struct is a tool too.
use rust_mcp_sdk::macros::{mcp_tool, JsonSchema};
use serde::{Deserialize, Serialize};

#[mcp_tool(name = "second_in_name", description = "Declared first.")]
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct Zeta {
    pub id: i64,
}

#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct Query {
    pub q: String,
}

#[mcp_tool(name = "first_in_name", description = "Declared second, through an alias.")]
pub type QueryTool = Query;

fn main() {}
