//! Tools from helper fns, `#[tool_fn]`, `Vec`s built by `push`, `cfg`, consts and metadata.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tower_mcp::{tool_fn, CallToolResult, McpRouter, TaskContext, TaskOutcome, Tool, ToolBuilder};

const CALC_TITLE: &str = "Calculator";

/// Two numbers.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct AddInput {
    pub a: i64,
    pub b: i64,
}

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

fn paged() -> Tool {
    Tool::builder("paged")
        .output_schema_for::<Report>()
        .handler(|p: Page<AddInput>| async move { Ok(CallToolResult::text(format!("{p:?}"))) })
        .build()
}

fn fallible() -> tower_mcp::Result<Tool> {
    Ok(ToolBuilder::try_new("fallible")?
        .description("Built with try_new")
        .output_schema(json!({"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]}))
        .handler(|v: Vec<String>| async move { Ok(CallToolResult::text(v.join(","))) })
        .build())
}

fn with_meta() -> Tool {
    ToolBuilder::new("with_meta")
        .handler(|o: Option<AddInput>| async move { Ok(CallToolResult::text(format!("{o:?}"))) })
        .build()
        .with_meta(json!({"com.example/tier": "gold", "version": 2}))
        .unwrap()
}

fn job() -> Tool {
    ToolBuilder::new("run_job")
        .description("Runs as a task")
        .live_task_handler(|task: TaskContext, job: Job| async move {
            let _ = (task, job);
            Ok(TaskOutcome::Completed(CallToolResult::text("done")))
        })
        .build()
}

fn maybe_output() -> Tool {
    ToolBuilder::new("maybe_report")
        .output_schema_for::<Option<Report>>()
        .handler(|v: Value| async move { Ok(CallToolResult::json(v)) })
        .build()
}

pub fn helper_tools() -> Vec<Tool> {
    let mut tools = Vec::new();
    tools.push(calc());
    tools.push(paged());
    tools.extend(vec![with_meta(), job()]);
    #[cfg(feature = "admin")]
    tools.push(ToolBuilder::new("admin_only").no_params_handler(|| async { Ok(CallToolResult::text("")) }).build());
    if cfg!(feature = "extra") {
        tools.push(maybe_output());
    }
    tools
}

pub fn register(router: McpRouter) -> McpRouter {
    let router = router.tools(helper_tools()).tool(add_tool()).tool(multiply_numbers_tool()).tool(sum_all_tool());
    let router = router.tool(fallible().unwrap());
    router.tool({
        let t = ToolBuilder::new("block_built")
            .non_destructive()
            .handler(|m: std::collections::HashMap<String, Vec<u8>>| async move { Ok(CallToolResult::text(format!("{}", m.len()))) })
            .build();
        t
    })
}
