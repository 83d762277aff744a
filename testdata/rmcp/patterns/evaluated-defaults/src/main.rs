//! Defaults that need a little evaluation: arithmetic, consts of another module, strings through
//! `.into()` / `String::from` / `.to_string()`, `Some`, `vec!`, `usize::MAX`, casts, a hand-written
//! `Default` and `..Default::default()`, enum variants.

mod sizes;

use rmcp::{
    handler::server::{router::tool::ToolRouter, wrapper::Parameters},
    schemars::{self, JsonSchema},
    tool, tool_handler, tool_router, ServerHandler,
};
use serde::{Deserialize, Serialize};

use crate::sizes::{DAY_SECONDS, MAX_UPLOAD};

#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Quiet,
    #[default]
    Normal,
    Verbose,
}

#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct Limits {
    pub max_bytes: u64,
    pub ttl_secs: u32,
    pub label: String,
    pub level: Level,
}

impl Default for Limits {
    fn default() -> Self {
        Self { max_bytes: MAX_UPLOAD, ttl_secs: DAY_SECONDS * 7, label: "standard".into(), level: Level::Verbose }
    }
}

#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct UploadRequest {
    pub name: String,
    #[serde(default = "default_chunk")]
    pub chunk: usize,
    #[serde(default = "default_tags")]
    pub tags: Vec<String>,
    #[serde(default = "default_greeting")]
    pub greeting: String,
    #[serde(default = "default_ratio")]
    pub ratio: f32,
    #[serde(default)]
    pub limits: Limits,
    #[serde(default = "default_tuned")]
    pub tuned: Limits,
    #[serde(default = "default_timeout")]
    pub timeout_ms: Option<u64>,
    #[serde(default = "default_unbounded")]
    pub unbounded: usize,
    #[serde(default = "default_level")]
    pub level: Level,
    #[serde(default = "default_wrapped")]
    pub wrapped: u8,
}

fn default_chunk() -> usize {
    64 * 1024
}

fn default_tags() -> Vec<String> {
    vec!["inbox".to_string(), String::from("new")]
}

fn default_greeting() -> String {
    sizes::GREETING.into()
}

fn default_ratio() -> f32 {
    sizes::RATIO * 3.0
}

fn default_tuned() -> Limits {
    Limits { ttl_secs: 60, ..Default::default() }
}

fn default_timeout() -> Option<u64> {
    Some(30 * 1000)
}

fn default_unbounded() -> usize {
    usize::MAX
}

fn default_level() -> Level {
    Level::Quiet
}

fn default_wrapped() -> u8 {
    300u16 as u8
}

#[derive(Clone)]
pub struct Uploader {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Uploader {
    #[tool(description = "Upload a file")]
    async fn upload(&self, Parameters(req): Parameters<UploadRequest>) -> String {
        req.name
    }
}

#[tool_handler]
impl ServerHandler for Uploader {}

fn main() {}
