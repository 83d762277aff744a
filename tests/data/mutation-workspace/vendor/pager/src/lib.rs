//! Paging, as a registry crate.
/// A page of answers.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
pub struct Page {
    /// Answers per page.
    pub size: u32,
    #[serde(rename = "after")]
    pub cursor: Option<String>,
}
