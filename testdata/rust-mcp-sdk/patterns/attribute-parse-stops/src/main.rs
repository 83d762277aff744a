//! The derive reads `#[json_schema(...)]` and `#[serde(...)]` entry by entry and stops at the first
//! one it cannot take: an unknown `key = value`, a float where it wants an integer, a value that is
//! not a literal. The keys before it are kept; the ones after it are lost.
use rust_mcp_sdk::macros::{mcp_tool, JsonSchema};
use serde::{Deserialize, Serialize};

#[mcp_tool(name = "book_room", description = "Book a meeting room.")]
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct BookRoom {
    /// Kept: the unknown key comes last.
    #[json_schema(title = "Room", example = "A-12")]
    pub room: String,
    /// Lost title: the unknown key comes first.
    #[json_schema(example = "4", title = "Seats")]
    pub seats: u32,
    #[json_schema(maximum = 8, minimum = 0.5)]
    pub hours: f32,
    /// Renamed: `rename` comes before the entry that stops the parse.
    #[serde(rename = "startsAt", default = "now")]
    pub starts_at: String,
    /// Not renamed: `rename` comes after it.
    #[serde(default = "now", rename = "endsAt")]
    pub ends_at: String,
    #[json_schema(x_mcp_header = "Tenant", description = "lost after the header")]
    pub tenant: String,
    pub r#ref: Option<String>,
}

rust_mcp_sdk::tool_box!(Rooms, [BookRoom]);

fn main() {}
