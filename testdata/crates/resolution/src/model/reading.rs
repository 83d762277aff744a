use serde::{Deserialize, Serialize};

use crate::units::Unit;

/// A measurement.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Reading {
    /// The measured value.
    pub value: f64,
    pub unit: Unit,
    pub taken_at: chrono::DateTime<chrono::Utc>,
}
