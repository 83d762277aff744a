//! A `description = expr` whose value the CLI cannot compute (a method it does not evaluate):
//! an error on the expression at fault.

use rmcp::{handler::server::router::tool::ToolRouter, tool, tool_handler, tool_router, ServerHandler};

const SHOUT: &str = "ping the server";

#[derive(Clone)]
pub struct Pinger {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Pinger {
    #[tool(description = SHOUT.rsplitn(2, "ping ").next().unwrap())]
    async fn ping(&self) -> String {
        "pong".into()
    }
}

#[tool_handler]
impl ServerHandler for Pinger {}

fn main() {}
