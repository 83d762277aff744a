//! What both binaries share.

use schemars::JsonSchema;
use serde::Deserialize;

/// Where to look.
#[derive(Deserialize, JsonSchema)]
pub struct Place {
    /// A city name.
    pub city: String,
}
