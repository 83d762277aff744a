//! An rmcp 0.1 server, written as rmcp 0.1.5's examples write one: `#[tool(tool_box)]` on the
//! impl block and on `impl ServerHandler`, parameters marked `#[tool(param)]` / `#[tool(aggr)]`.
use rmcp::{model::*, schemars, tool, ServerHandler};
use serde::Deserialize;

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct StructRequest {
    /// The left-hand number.
    pub a: i32,
    pub b: i32,
}

#[derive(Clone)]
pub struct Calculator;

#[tool(tool_box)]
impl Calculator {
    #[tool(description = "Calculate the sum of two numbers")]
    async fn sum(&self, #[tool(aggr)] StructRequest { a, b }: StructRequest) -> String {
        (a + b).to_string()
    }

    #[tool(description = "Calculate the difference of two numbers")]
    fn sub(
        &self,
        #[tool(param)]
        #[schemars(description = "the left hand side number")]
        a: i32,
        #[tool(param)]
        #[schemars(description = "the right hand side number")]
        b: i32,
    ) -> String {
        (a - b).to_string()
    }
}

#[tool(tool_box)]
impl ServerHandler for Calculator {
    fn get_info(&self) -> ServerInfo {
        ServerInfo::default()
    }
}

fn main() {}
