//! The list is the `tool_box!` order, not the source order; a `#[mcp_tool]` struct the box does
//! not name is not listed. Tool keys: hints, icons, meta (keys sorted, numbers re-written).
use rust_mcp_sdk::macros::{mcp_tool, JsonSchema};
use serde::{Deserialize, Serialize};

#[mcp_tool(name = "archive", description = "Archive a note.", destructive_hint = true, meta = r#"{"z": 2.50, "a": {"y": 1, "b": 0}}"#)]
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct ArchiveNote {
    pub note_id: u64,
}

#[mcp_tool(
    name = concat!("notes", ".", "search"),
    title = "Search notes",
    description = "Search the notes.",
    icons = [(src = "https://example.org/find.svg", theme = "dark", sizes = ["any"])]
)]
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct SearchNotes {
    pub text: String,
}

#[mcp_tool(name = "unlisted", description = "Not in the tool box.")]
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct Unlisted {}

rust_mcp_sdk::tool_box!(NoteTools, [SearchNotes, ArchiveNote]);

fn main() {}
