use rmcp::tool;
use rmcp::tool_router;

use crate::desk::Desk;

#[tool_router(router = notes_router, vis = "pub")]
impl Desk {
    /// Writes a note.
    #[tool]
    async fn write_note(&self) -> String {
        String::new()
    }

    /// Lists the notes.
    #[tool]
    async fn list_notes(&self) -> String {
        String::new()
    }
}
