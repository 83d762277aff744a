//! A hand-written JSON-RPC server with no MCP SDK.
fn main() {}
