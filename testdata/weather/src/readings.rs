use serde::{Deserialize, Serialize};

pub const READINGS: [(&str, f64); 3] = [("London", 16.2), ("Cairo", 34.1), ("Reykjavik", 4.4)];

#[derive(Debug, Serialize, Deserialize)]
pub struct WeatherData {
    /// Degrees Celsius.
    pub temperature: f64,
    /// Relative humidity, 0 to 1.
    pub humidity: f64,
    pub conditions: String,
}
