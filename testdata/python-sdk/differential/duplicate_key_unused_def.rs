//! Two fields renamed to the same key: the later one replaces the earlier property, and the
//! definition only the earlier one used is not published (pydantic drops unreferenced `$defs`).
use rmcp::tool;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, JsonSchema)]
pub struct Legacy {
    pub code: u32,
}

#[derive(Serialize, Deserialize, JsonSchema)]
pub struct Reply {
    #[serde(rename = "status")]
    pub old_status: Legacy,
    #[serde(rename = "status")]
    pub new_status: String,
}

#[tool]
fn duplicate_key_unused_def(reply: Reply) -> Reply {
    todo!()
}
