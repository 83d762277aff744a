use schemars::JsonSchema;
use serde::Deserialize;

/// The order of the results.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Sort {
    Newest,
    Oldest,
}
