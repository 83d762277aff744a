//! Defaults written with std and serde_json values: `NonZeroU32::new(n).unwrap()` and the
//! `NonZero*` constants are their integers; `serde_json::Value::Null`, `Value::Bool(…)`,
//! `Value::String(…)` and `Value::Number(….into())` are the JSON they hold.

use std::num::NonZeroU32;

use rmcp::handler::server::{router::tool::ToolRouter, wrapper::Parameters};
use rmcp::schemars::{self, JsonSchema};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use serde::{Deserialize, Serialize};
use serde_json::Value;

fn five_pages() -> NonZeroU32 {
    NonZeroU32::new(5).unwrap()
}

fn first_page() -> Option<NonZeroU32> {
    Some(NonZeroU32::MIN)
}

fn no_filter() -> Value {
    Value::Null
}

fn markers() -> Vec<Value> {
    vec![serde_json::Value::Bool(true), Value::String("end".into()), Value::Number(7.into()), Value::Null]
}

#[derive(Deserialize, Serialize, JsonSchema)]
pub struct ScanArgs {
    #[serde(default = "five_pages")]
    pub pages: NonZeroU32,
    #[serde(default = "first_page")]
    pub start: Option<NonZeroU32>,
    #[serde(default = "no_filter")]
    pub filter: Value,
    #[serde(default = "markers")]
    pub markers: Vec<Value>,
}

#[derive(Clone)]
pub struct Scanner {
    tool_router: ToolRouter<Scanner>,
}

#[tool_router]
impl Scanner {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }

    /// Scan some pages.
    #[tool]
    async fn scan(&self, Parameters(_args): Parameters<ScanArgs>) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Scanner {}

fn main() {
    println!("{}", serde_json::to_string_pretty(&Scanner::new().tool_router.list_all()).unwrap());
}
