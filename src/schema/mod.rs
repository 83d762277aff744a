//! IR → JSON Schema, one flavour per profile: [`pydantic`] (what pydantic 2 generates, for the
//! python-sdk profile) and `schemars` (what schemars 1.x generates, for rmcp).

pub mod order;
pub mod pydantic;
pub mod rust_mcp_sdk;
pub mod schemars;
pub mod text;
