use schemars::JsonSchema;
use serde::Serialize;

use crate::Carrier;

/// Where a parcel is now.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TrackReply {
    pub carrier: Carrier,
    pub delivered: bool,
}
