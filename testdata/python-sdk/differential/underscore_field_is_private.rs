//! A struct field whose name starts with `_` is a private attribute of the pydantic model: it is
//! never in the schema, whatever its serde name.
use rmcp::tool;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, JsonSchema)]
pub struct Job {
    pub id: u64,
    /// Internal bookkeeping.
    pub _attempts: u32,
    #[serde(rename = "cache")]
    pub __cache: Option<String>,
}

#[tool]
fn underscore_field_is_private(job: Job) -> Job {
    todo!()
}
