use turbomcp::prelude::*;

#[derive(Clone)]
struct Notes;

#[server]
impl Notes {
    /// Add a note.
    #[tool(descriptio = "typo", read_only = true)]
    async fn add(&self, text: String) -> String {
        text
    }

    /// List the notes.
    #[tool(read_only = true)]
    async fn list(&self) -> String {
        String::new()
    }
}

fn main() {}
