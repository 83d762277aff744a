//! `#[tool]` methods in a block without `#[tool_router]`, and a `ServerHandler` written by hand
//! without `#[tool_handler]`: no router holds the tools, and the rmcp profile lists none. The run
//! says so and names them (`tools-not-listed`, an error unless allowed) instead of writing an
//! empty manifest with exit status 0.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::schemars::{self, JsonSchema};
use rmcp::{tool, ServerHandler};
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
pub struct LookupArgs {
    pub word: String,
}

#[derive(Clone)]
pub struct Dictionary;

impl Dictionary {
    /// Look a word up.
    #[tool]
    async fn lookup(&self, Parameters(args): Parameters<LookupArgs>) -> String {
        args.word
    }

    #[tool(name = "random-word")]
    async fn random(&self) -> String {
        String::new()
    }
}

impl ServerHandler for Dictionary {}

fn main() {}
