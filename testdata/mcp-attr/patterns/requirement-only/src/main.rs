use mcp_attr::server::{mcp_server, serve_stdio, McpServer};
use mcp_attr::Result;

struct Clock;

#[mcp_server]
impl McpServer for Clock {
    /// The time in a city.
    #[tool]
    async fn now(&self, city: String) -> Result<String> {
        Ok(city)
    }

    /// Add two numbers.
    #[tool("add_numbers")]
    async fn add(&self, a: i64, b: i64) -> Result<String> {
        Ok((a + b).to_string())
    }
}

#[tokio::main]
async fn main() -> Result<()> {
    serve_stdio(Clock).await
}
