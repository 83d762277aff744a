//! A server whose build may turn on serde_json's `preserve_order` (see Cargo.toml).

use rmcp::{tool, tool_router};

#[derive(Clone)]
pub struct Server;

#[tool_router(server_handler)]
impl Server {
    #[tool(description = "Say hello")]
    fn hello(&self) -> String {
        "hello".into()
    }
}

fn main() {}
