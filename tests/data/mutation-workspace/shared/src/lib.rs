//! Types the server's tools take.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A query.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct Query {
    /// The words to look for.
    pub text: String,
    /// How to page the answer.
    #[serde(default)]
    pub page: Option<pager::Page>,
    pub kind: Kind,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Exact,
    Prefix { min: u8 },
}

#[derive(Debug, Default, Serialize, JsonSchema)]
pub struct Found {
    pub ids: Vec<u64>,
}
