use schemars::JsonSchema;
use serde::Serialize;

#[derive(Debug, Default, Serialize, JsonSchema)]
pub struct Report {
    pub books: u32,
    pub on_loan: u32,
}
