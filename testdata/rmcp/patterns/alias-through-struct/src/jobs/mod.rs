pub mod steps;

use rmcp::schemars::{self, JsonSchema};
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
pub struct PlanArgs {
    pub name: String,
    pub first: steps::FollowUps,
}
