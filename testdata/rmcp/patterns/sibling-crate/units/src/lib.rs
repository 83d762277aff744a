use schemars::JsonSchema;
use serde::Deserialize;

/// A distance, in one of two units.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Distance {
    Metres(u32),
    Miles(u32),
}
