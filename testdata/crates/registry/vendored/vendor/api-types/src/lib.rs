//! A published crate of request types: read from where cargo put it, with its own features.

mod sort;

pub use sort::Sort;

use schemars::JsonSchema;
use serde::Deserialize;

/// A search over the catalogue.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Query {
    /// Words to look for.
    pub search_text: String,
    #[serde(default)]
    pub page_size: Option<u32>,
    pub sort: Sort,
    /// Present when the dependent turns on `tracing`.
    #[cfg(feature = "tracing")]
    pub trace_id: Option<String>,
    #[cfg(not(feature = "tracing"))]
    pub untraced: bool,
}
