//! The weather server of the MCP structured-output guide, in Rust.
//!
//! `mcp-schema generate testdata/weather` prints the tools/list manifest an MCP SDK publishes for
//! it (the crate has no rmcp dependency, so `--profile auto` picks `python-sdk`).

mod readings;
mod station;

use std::collections::HashMap;

use readings::{WeatherData, READINGS};
use station::Station;

pub struct Weather;

impl Weather {
    /// Current temperature in a city, in whole degrees Celsius.
    #[tool]
    pub fn get_temperature(&self, city: String) -> i64 {
        READINGS.iter().find(|(c, _)| *c == city).map_or(0, |(_, t)| *t as i64)
    }

    /// Current weather for a city.
    #[tool]
    pub fn get_weather(&self, city: String) -> WeatherData {
        let _ = city;
        WeatherData { temperature: 16.2, humidity: 0.83, conditions: "Overcast".into() }
    }

    /// Daily forecast for a city.
    #[tool]
    pub fn get_forecast(&self, city: String, days: u32) -> Vec<WeatherData> {
        let _ = city;
        (0..days).map(|d| WeatherData { temperature: 16.2 + d as f64, humidity: 0.83, conditions: "Overcast".into() }).collect()
    }

    /// Current temperature for each city, in degrees Celsius.
    #[tool]
    pub fn get_temperatures(&self, cities: Vec<String>) -> HashMap<String, f64> {
        READINGS.iter().filter(|(c, _)| cities.iter().any(|x| x == c)).map(|(c, t)| (c.to_string(), *t)).collect()
    }

    /// A human-readable weather report for a city.
    #[tool(structured_output = false)]
    pub fn weather_report(&self, city: String) -> String {
        format!("{city}: 17 degrees, overcast, light rain easing by evening.")
    }

    /// Look up a weather station by name.
    #[tool]
    pub fn get_station(&self, name: String) -> Station {
        Station::connect(&name, true)
    }
}

fn main() {}
