//! The server's tools are in src/tools.rs, but its `mod tools;` was deleted: rustc would refuse
//! the `use` below, and the sources as read declare no tool. The run is an error naming the file,
//! not an empty manifest with exit 0.

use rmcp::{tool_handler, ServerHandler};

pub use tools::Server;

#[tool_handler]
impl ServerHandler for Server {}

fn main() {}
