//! Crate text written to do harm where it is shown: tool names, descriptions, field names and
//! docs that carry a GitHub workflow command after a line break (`::error`, `::stop-commands::`),
//! terminal escapes (`ESC [2J`, a carriage return), and Markdown that would end a table row, add a
//! heading, notify someone or show an image. Every format prints them escaped for its sink.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use schemars::JsonSchema;
use serde::Deserialize;

/// Where to look.
#[derive(Deserialize, JsonSchema)]
pub struct Query {
    /// Words | to find
    /// # not a heading
    #[serde(rename = "p\n::warning file=src/main.rs::forged field")]
    pub text: String,
    /// How many, @user ![x](http://evil.example/x.png) <img src=x onerror=alert(1)>
    pub count: u32,
}

#[derive(Clone)]
pub struct Hostile {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Hostile {
    /// Clears the screen.
    #[tool(name = "a\n::error file=src/main.rs,line=1::forged", description = "Clears \x1b[2J the screen\r over")]
    async fn forged(&self, Parameters(_q): Parameters<Query>) -> String {
        String::new()
    }

    #[tool(
        name = "::stop-commands::tok",
        description = "| # Heading\n\n@user ![x](http://evil.example/x.png) <img src=x onerror=alert(1)>\n::error::late"
    )]
    async fn stop(&self) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Hostile {}

impl Hostile {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }
}

fn main() {
    let _ = Hostile::new();
}
