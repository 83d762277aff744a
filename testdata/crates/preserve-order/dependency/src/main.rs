//! A server whose build may turn on serde_json's `preserve_order` (see Cargo.toml): rmcp then
//! lists schema keys as schemars writes them and rmcp removes the root title and description.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

/// Which greeting to send.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Greeting {
    /// Who to greet.
    pub name: String,
    /// How many times, at most ten.
    #[schemars(range(min = 1, max = 10))]
    pub times: Option<u8>,
    pub tone: Tone,
}

/// The tone of the greeting.
#[derive(Deserialize, JsonSchema)]
pub enum Tone {
    Warm,
    Formal,
}

#[derive(Clone)]
pub struct Server;

#[tool_router(server_handler)]
impl Server {
    #[tool(description = "Say hello")]
    fn hello(&self) -> String {
        "hello".into()
    }

    #[tool(description = "Greet someone")]
    fn greet(&self, Parameters(_g): Parameters<Greeting>) -> String {
        String::new()
    }
}

fn main() {}
