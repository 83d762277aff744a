//! schemars shows a default only when `serde_json::to_value` of it succeeds. A default that serde
//! cannot write (a skipped variant, an integer past the JSON range) leaves the property without
//! `default`; the rest of the schema stays. A flattened unit variant is written as
//! `"Variant": null`; integers at the limits stay integers.

use rmcp::handler::server::{router::tool::ToolRouter, wrapper::Parameters};
use rmcp::schemars::{self, JsonSchema};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use serde::{Deserialize, Serialize};

#[derive(Deserialize, Serialize, JsonSchema, Default)]
pub enum Channel {
    Stable,
    #[default]
    #[serde(skip)]
    Internal,
}

#[derive(Deserialize, Serialize, JsonSchema, Default)]
pub enum Layout {
    #[default]
    Compact,
    Wide,
}

#[derive(Deserialize, Serialize, JsonSchema, Default)]
pub struct View {
    pub zoom: u8,
    #[serde(flatten)]
    pub layout: Layout,
}

fn huge() -> i128 {
    i128::MIN
}

fn small() -> i128 {
    -5
}

fn lowest() -> i64 {
    i64::MIN
}

fn limits() -> Vec<i64> {
    vec![i64::MIN, i64::MAX]
}

#[derive(Deserialize, Serialize, JsonSchema)]
pub struct ReleaseArgs {
    #[serde(default)]
    pub channel: Channel,
    #[serde(default)]
    pub view: View,
    #[serde(default = "huge")]
    pub huge: i128,
    #[serde(default = "small")]
    pub small: i128,
    #[serde(default = "lowest")]
    pub lowest: i64,
    #[serde(default = "limits")]
    pub limits: Vec<i64>,
    pub name: String,
}

#[derive(Clone)]
pub struct Releases {
    tool_router: ToolRouter<Releases>,
}

#[tool_router]
impl Releases {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }

    /// Cut a release.
    #[tool]
    async fn cut_release(&self, Parameters(_args): Parameters<ReleaseArgs>) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Releases {}

fn main() {
    println!("{}", serde_json::to_string_pretty(&Releases::new().tool_router.list_all()).unwrap());
}
