//! `#[schemars(rename = …)]` and `#[schemars(skip)]` change the schema only: a default value is
//! still written by serde, with serde's names and skips. Maps built with `.collect()` are maps.

use std::collections::{BTreeMap, HashMap};

use rmcp::handler::server::{router::tool::ToolRouter, wrapper::Parameters};
use rmcp::schemars::{self, JsonSchema};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use serde::{Deserialize, Serialize};

#[derive(Deserialize, Serialize, JsonSchema, Default)]
pub struct Retry {
    #[serde(rename = "maxAttempts")]
    #[schemars(rename = "attempts")]
    pub max_attempts: u8,
    #[schemars(skip)]
    pub jitter: bool,
    pub mode: Backoff,
}

#[derive(Deserialize, Serialize, JsonSchema, Default)]
pub enum Backoff {
    #[default]
    #[schemars(rename = "LINEAR")]
    Linear,
    Exponential,
}

fn weights() -> BTreeMap<bool, u8> {
    [(false, 1)].into_iter().collect()
}

fn labels() -> HashMap<String, Vec<i32>> {
    [("first".to_string(), vec![-3])].into_iter().collect()
}

#[derive(Deserialize, Serialize, JsonSchema)]
pub struct ScheduleArgs {
    #[serde(default)]
    pub retry: Retry,
    #[serde(default = "weights")]
    pub weights: BTreeMap<bool, u8>,
    #[serde(default = "labels")]
    pub labels: HashMap<String, Vec<i32>>,
}

#[derive(Clone)]
pub struct Scheduler {
    tool_router: ToolRouter<Scheduler>,
}

#[tool_router]
impl Scheduler {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }

    /// Schedule a job.
    #[tool]
    async fn schedule(&self, Parameters(_args): Parameters<ScheduleArgs>) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Scheduler {}

fn main() {
    println!("{}", serde_json::to_string_pretty(&Scheduler::new().tool_router.list_all()).unwrap());
}
