//! serde's derive panics on `rename_all = "camelCase"` when a name's camelCase form would start
//! inside a non-ASCII character: the crate does not compile, so no manifest is written, and the
//! error points at the field.
use rmcp::tool;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Measure {
    pub unit_name: String,
    #[serde(rename = "size")]
    pub größe: u32,
    pub über: u32,
}

#[tool]
fn serde_camel_case_panic(measure: Measure) {}
