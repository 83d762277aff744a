use std::collections::HashMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What to search for.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SearchInput {
    /// The search words.
    pub query: String,
    /// At most this many results (default 10).
    #[serde(default)]
    pub limit: Option<u32>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct SearchOutput {
    pub crates: Vec<CrateHit>,
    pub total: u64,
}

/// One crate found.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CrateHit {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub downloads: u64,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct GreetInput {
    /// Who to greet.
    pub name: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct PathInput {
    pub path: String,
    #[serde(default)]
    pub force: bool,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct KeyValue {
    pub key: String,
    pub value: serde_json::Value,
    pub ttl: Option<f64>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Empty {}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Unit;

/// Today's weather.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Weather {
    /// Degrees Celsius.
    pub temperature: f64,
    pub conditions: String,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Item {
    pub id: i32,
    pub tags: Vec<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Paging {
    pub page: Option<u32>,
    pub per_page: Option<u8>,
}

/// A shape.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    Circle { radius: f64 },
    Square(f64),
    Point,
}

#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Tagged {
    First { a: i32 },
    Second { b: String },
}

/// A tree.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct Tree {
    pub label: String,
    pub children: Vec<Tree>,
    pub weights: HashMap<String, f32>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Renamed {
    pub first_name: String,
    #[serde(rename = "LAST")]
    pub last_name: Option<String>,
    #[serde(default = "default_age")]
    pub age_years: u16,
    pub mode: Mode,
}

fn default_age() -> u16 {
    42
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// Fast and loose.
    FastMode,
    SlowMode,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Range {
    pub from: i64,
    pub to: i64,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Stats {
    pub count: usize,
    pub mean: Option<f64>,
}
