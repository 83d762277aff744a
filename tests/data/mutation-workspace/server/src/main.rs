//! A server whose types come from a path dependency and a vendored registry crate.
mod tools;

use rmcp::{tool_handler, ServerHandler};

pub use tools::Server;

#[tool_handler]
impl ServerHandler for Server {}

fn main() {}
