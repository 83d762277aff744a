//! Tools from helper fns, `Vec`s built by `push`, `cfg`, consts and metadata.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tower_mcp::{CallToolResult, McpRouter, Tool, ToolBuilder};

const CALC_TITLE: &str = "Calculator";

/// Two numbers.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct AddInput {
    pub a: i64,
    pub b: i64,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Numbers(pub Vec<f64>);

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Query {
    ById { id: u64 },
    ByName { name: String },
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Page<T> {
    pub items: Vec<T>,
    #[serde(flatten)]
    pub cursor: Cursor,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Cursor {
    /// Where the next page starts.
    pub next: Option<String>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Report {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    #[schemars(description = "How long it took, in ms")]
    pub elapsed: u32,
    pub detail: Option<Detail>,
}

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "UPPERCASE")]
pub enum Detail {
    Short,
    Long,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Job {
    pub command: String,
    pub args: Vec<String>,
}

fn calc() -> Tool {
    ToolBuilder::new("calc")
        .title(CALC_TITLE)
        .description(concat!("Evaluate ", "an expression"))
        .read_only()
        .idempotent()
        .handler(|q: Query| async move { Ok(CallToolResult::text(format!("{q:?}"))) })
        .build()
}

fn fallible() -> tower_mcp::Result<Tool> {
    Ok(ToolBuilder::try_new("fallible")?
        .description("Built with try_new")
        .output_schema(json!({"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]}))
        .handler(|v: Vec<String>| async move { Ok(CallToolResult::text(v.join(","))) })
        .build())
}

pub fn helper_tools() -> Vec<Tool> {
    let mut tools = Vec::new();
    tools.push(calc());
    #[cfg(feature = "admin")]
    tools.push(ToolBuilder::new("admin_only").no_params_handler(|| async { Ok(CallToolResult::text("")) }).build());
    if cfg!(feature = "extra") {
        tools.push(more_extra());
    }
    tools
}

pub fn register(router: McpRouter) -> McpRouter {
    let router = router.tools(helper_tools());
    let router = router.tool(fallible().unwrap());
    router.tool({
        let t = ToolBuilder::new("block_built")
            .non_destructive()
            .handler(|m: std::collections::HashMap<String, Vec<u8>>| async move {
                Ok(CallToolResult::text(format!("{}", m.len())))
            })
            .build();
        t
    })
}

fn more_extra() -> Tool {
    ToolBuilder::new("extra")
        .description("Only with the `extra` feature (a default one)")
        .handler(|v: Value| async move { Ok(CallToolResult::json(v)) })
        .build()
}
