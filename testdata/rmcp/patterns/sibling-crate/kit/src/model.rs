use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use units::Distance;

/// Where a parcel goes.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct Destination {
    /// Street and number.
    pub street: String,
    /// How far from the depot.
    pub distance: Distance,
}

/// A shipping quote.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Quote {
    /// Price in cents.
    pub cents: u64,
    pub express: bool,
}
