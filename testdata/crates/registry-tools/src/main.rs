//! A server whose tool takes a type of a registry crate that has a `#[tool_router]` and an
//! `impl ServerHandler` of its own: only this crate's tool is listed.

use kit_server::Lookup;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, tool_router};

#[derive(Clone)]
pub struct Server;

#[tool_router(server_handler)]
impl Server {
    #[tool(description = "Look a key up")]
    fn lookup(&self, Parameters(_l): Parameters<Lookup>) -> String {
        String::new()
    }
}

fn main() {}
