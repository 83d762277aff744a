//! Its build script writes `src/generated.rs`; a clean checkout does not have it.

mod generated;

#[derive(serde::Deserialize, schemars::JsonSchema)]
pub struct Thing {
    pub name: String,
}
