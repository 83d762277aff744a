//! Parts of tools only the running server knows: each is said, at its line, never dropped silently.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tower_mcp::{CallToolResult, McpRouter, Tool, ToolBuilder};

#[derive(Deserialize, JsonSchema)]
struct Query {
    text: String,
}

#[derive(Serialize, JsonSchema)]
struct Answer {
    text: String,
}

struct Config {
    admin: bool,
}

/// Builds its schema at runtime: not something the CLI evaluates.
fn answer_schema() -> Value {
    let mut v = serde_json::to_value(schemars::schema_for!(Answer)).unwrap();
    v["x-generated"] = Value::Bool(true);
    v
}

/// The helper real servers write: `schema_for!` of its type parameter.
fn schema<T: JsonSchema>() -> Value {
    serde_json::to_value(schemars::schema_for!(T)).unwrap()
}

fn plugin_tools() -> Vec<Tool> {
    std::env::args().map(|a| ToolBuilder::new(&a).no_params_handler(|| async { Ok(CallToolResult::text("")) }).build()).collect()
}

fn router(config: &Config) -> McpRouter {
    let ask = ToolBuilder::new("ask")
        .description("Ask a question")
        .output_schema(answer_schema())
        .handler(|q: Query| async move { Ok(CallToolResult::text(q.text)) })
        .build();
    let answer = ToolBuilder::new("answer")
        .output_schema(schema::<Answer>())
        .handler(|q: Query| async move { Ok(CallToolResult::text(q.text)) })
        .build();
    let admin = ToolBuilder::new("admin")
        .destructive()
        .no_params_handler(|| async { Ok(CallToolResult::text("")) })
        .build();
    McpRouter::new()
        .tool(ask)
        .tool(answer)
        .tool_if(config.admin, admin)
        .tools(plugin_tools())
}

fn main() {
    let _ = router(&Config { admin: std::env::var("ADMIN").is_ok() });
}
