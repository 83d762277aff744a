//! A map whose values have the empty schema (any value) is `"additionalProperties": true`, as
//! pydantic writes `dict[str, Any]`: `Value` itself, and a newtype of it.
use rmcp::tool;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};

#[derive(Serialize, Deserialize, JsonSchema)]
pub struct Payload(Value);

#[derive(Serialize, Deserialize, JsonSchema)]
pub struct Envelope {
    pub headers: BTreeMap<String, Payload>,
    pub nested: Vec<HashMap<u32, Payload>>,
}

#[tool]
fn map_of_any_newtype(envelope: Envelope) -> HashMap<String, Payload> {
    todo!()
}
