use schemars::JsonSchema;
use serde::Serialize;

/// Who carries the parcel.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Carrier {
    Courier,
    PostOffice,
}
