use schemars::JsonSchema;
use serde::Deserialize;

use crate::model::Destination;

/// Ask for a quote.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteRequest {
    pub destination: Destination,
    pub parcel_count: u32,
}

/// Follow a parcel.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct TrackRequest {
    pub tracking_id: String,
}
