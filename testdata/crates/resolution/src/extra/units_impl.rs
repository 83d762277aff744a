use serde::{Deserialize, Serialize};

/// Units of measurement.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Unit {
    DegreesCelsius,
    Percent,
}
