//! A struct flattened into itself, directly or through another flattened struct, has properties
//! that never end: an error at the field that closes the cycle, and the tool is not published.
//! The other tool is listed, but no manifest is written while an error stands.
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize)]
pub struct Filter {
    pub field: String,
    #[serde(flatten)]
    pub and: Option<Box<Filter>>,
}

#[derive(Serialize, Deserialize)]
pub struct Page {
    pub size: u32,
    #[serde(flatten)]
    pub cursor: Cursor,
}

#[derive(Serialize, Deserialize)]
pub struct Cursor {
    pub after: Option<String>,
    #[serde(flatten)]
    pub next: Option<Box<Page>>,
}

#[tool]
fn search(filter: Filter) -> Vec<String> {
    todo!()
}

#[tool]
fn browse(page: Page) -> Page {
    todo!()
}

#[tool]
fn ping() -> String {
    todo!()
}
