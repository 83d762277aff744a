//! `#[tool_fn]` (tower-mcp's `macros` feature, from 0.9).

use tower_mcp::{tool_fn, CallToolResult, Tool};

use crate::more::{AddInput, Numbers};

#[tool_fn(description = "Add two numbers")]
async fn add(input: AddInput) -> Result<CallToolResult, tower_mcp::Error> {
    Ok(CallToolResult::text(format!("{}", input.a + input.b)))
}

#[tool_fn(name = "mul", description = "Multiply")]
async fn multiply_numbers(input: AddInput) -> Result<CallToolResult, tower_mcp::Error> {
    Ok(CallToolResult::text(format!("{}", input.a * input.b)))
}

#[tool_fn]
async fn sum_all(input: Numbers) -> Result<CallToolResult, tower_mcp::Error> {
    Ok(CallToolResult::text(format!("{}", input.0.iter().sum::<f64>())))
}

pub fn tools() -> Vec<Tool> {
    vec![add_tool(), multiply_numbers_tool(), sum_all_tool()]
}
