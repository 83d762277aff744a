//! A type alias that reaches itself only through a struct (`type FollowUps = Vec<Step>` with a
//! field `then: FollowUps` in `Step`) is not a recursive alias: the struct is the recursion.

mod jobs;

use rmcp::handler::server::{router::tool::ToolRouter, wrapper::Parameters};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};

#[derive(Clone)]
pub struct Planner {
    tool_router: ToolRouter<Planner>,
}

#[tool_router]
impl Planner {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }

    /// Plan a job.
    #[tool]
    async fn plan(&self, Parameters(_args): Parameters<jobs::PlanArgs>) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Planner {}

fn main() {
    println!("{}", serde_json::to_string_pretty(&Planner::new().tool_router.list_all()).unwrap());
}
