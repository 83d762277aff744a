use rmcp::schemars::{self, JsonSchema};
use serde::{Deserialize, Serialize};

/// The steps that follow.
pub type FollowUps = Vec<Step>;

#[derive(Deserialize, Serialize, JsonSchema)]
pub struct Step {
    pub command: String,
    pub then: FollowUps,
}
