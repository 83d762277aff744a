//! Plain `#[tool]` fns: listed as the MCP Python SDK lists the same tools (`profile = "python-sdk"`).

/// Keep a note.
#[tool]
pub fn add_note(text: String, pinned: bool) -> String {
    let _ = pinned;
    text
}
