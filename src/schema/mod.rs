//! IR → JSON Schema, one flavour per profile: [`pydantic`] (what pydantic 2 generates, for the
//! python-sdk profile), `schemars` (what schemars 1.x generates, for rmcp) and [`rust_mcp_sdk`].

use serde_json::Value;

pub mod order;
pub mod pydantic;
pub mod rust_mcp_sdk;
pub mod schemars;
pub mod text;

/// A JSON object from its entries, in order. `json!` would copy every `Value` given to it (it
/// serialises them), which costs the size of the nested schema at every level of nesting.
pub(crate) fn object<const N: usize>(entries: [(&str, Value); N]) -> Value {
    Value::Object(entries.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
}
