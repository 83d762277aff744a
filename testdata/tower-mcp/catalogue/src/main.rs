//! A catalogue of tower-mcp tools: every builder form the profile reads, each once.

#[cfg(feature = "helpers")]
mod helpers;
mod more;
#[cfg(feature = "v0_15")]
mod since_0_15;
#[cfg(feature = "v0_22")]
mod since_0_22;
#[cfg(feature = "v0_23")]
mod since_0_23;
#[cfg(feature = "v0_9")]
mod since_0_9;
mod types;

use std::sync::Arc;

use serde_json::{json, Value};
use tower_mcp::extract::{Context, Json, State};
use tower_mcp::protocol::ToolAnnotations;
use tower_mcp::{CallToolResult, McpRouter, NoParams, TaskSupportMode, TestClient, Tool, ToolBuilder};

use crate::types::*;

pub struct App {
    prefix: String,
}

/// A schema helper as real servers write it: the value schemars gives for `T`.
fn schema<T: schemars::JsonSchema>() -> Value {
    serde_json::to_value(schemars::schema_for!(T)).unwrap()
}

fn search_tool(state: Arc<App>) -> Tool {
    ToolBuilder::new("search_crates")
        .title("Search crates")
        .description("Search crates.io for crates matching a query.")
        .read_only_safe()
        .output_schema(schema::<SearchOutput>())
        .extractor_handler(state, |State(app): State<Arc<App>>, Json(input): Json<SearchInput>| async move {
            Ok(CallToolResult::text(format!("{}{}", app.prefix, input.query)))
        })
        .build()
}

fn greet() -> Tool {
    ToolBuilder::new("greet")
        .description("Greet someone by name")
        .handler(|input: GreetInput| async move { Ok(CallToolResult::text(input.name)) })
        .build()
}

fn status_tools() -> Vec<Tool> {
    let status = ToolBuilder::new("status")
        .description("Current status")
        .no_params_handler(|| async { Ok(CallToolResult::text("ok")) })
        .build();
    let ping =
        ToolBuilder::new("ping").read_only().handler(|_: NoParams| async { Ok(CallToolResult::text("pong")) }).build();
    vec![status, ping]
}

fn admin_tool() -> Tool {
    ToolBuilder::new("admin")
        .description("Never registered")
        .no_params_handler(|| async { Ok(CallToolResult::text("")) })
        .build()
}

/// Tools whose builder methods only newer releases have (the catalogue's `v0_*` features; older
/// releases are recorded without them).
fn gated_tools() -> Vec<Tool> {
    let mut tools = Vec::new();
    #[cfg(feature = "v0_9")]
    tools.extend(since_0_9::tools());
    #[cfg(feature = "v0_15")]
    tools.extend(since_0_15::tools());
    #[cfg(feature = "v0_22")]
    tools.extend(since_0_22::tools());
    #[cfg(feature = "v0_23")]
    tools.extend(since_0_23::tools());
    #[cfg(feature = "helpers")]
    tools.extend(helpers::tools());
    tools
}

fn router(app: Arc<App>) -> McpRouter {
    let router = McpRouter::new().server_info("catalogue", "0.1.0");
    more::register(router)
        .tool(search_tool(app.clone()))
        .tool(greet())
        .tools(status_tools())
        .tool_if(false, admin_tool())
        .tools(gated_tools())
        .tool(
            ToolBuilder::new("delete_file")
                .title("Delete a file")
                .description("Deletes a file for good.")
                .destructive()
                .handler(|i: PathInput| async move { Ok(CallToolResult::text(i.path)) })
                .build(),
        )
        .tool(
            ToolBuilder::new("put_key")
                .idempotent()
                .non_destructive()
                .handler(|i: KeyValue| async move { Ok(CallToolResult::text(i.key)) })
                .build(),
        )
        .tool(
            ToolBuilder::new("annotated")
                .annotations(ToolAnnotations {
                    title: Some("Annotated tool".to_string()),
                    read_only_hint: true,
                    destructive_hint: false,
                    idempotent_hint: false,
                    open_world_hint: false,
                })
                .handler(|i: Empty| async move { Ok(CallToolResult::text(format!("{i:?}"))) })
                .build(),
        )
        .tool(
            ToolBuilder::new("iconic")
                .icon("https://example.com/icon.png")
                .icon_with_meta(
                    "https://example.com/icon.svg",
                    Some("image/svg+xml".to_string()),
                    Some(vec!["48x48".to_string()]),
                )
                .handler(|i: Unit| async move { Ok(CallToolResult::text(format!("{i:?}"))) })
                .build(),
        )
        .tool(ToolBuilder::new("any_value").handler(|v: Value| async move { Ok(CallToolResult::json(v)) }).build())
        .tool(
            ToolBuilder::new("shape")
                .handler(|s: Shape| async move { Ok(CallToolResult::text(format!("{s:?}"))) })
                .build(),
        )
        .tool(
            ToolBuilder::new("with_context")
                .extractor_handler(app.clone(), |ctx: Context, Json(input): Json<GreetInput>| async move {
                    let _ = ctx;
                    Ok(CallToolResult::text(input.name))
                })
                .build(),
        )
        .tool(
            ToolBuilder::new("state_only")
                .extractor_handler(app.clone(), |State(app): State<Arc<App>>| async move {
                    Ok(CallToolResult::text(app.prefix.clone()))
                })
                .build(),
        )
        .tool(
            ToolBuilder::new("renamed")
                .description("Serde renames and defaults")
                .handler(|i: Renamed| async move { Ok(CallToolResult::text(format!("{i:?}"))) })
                .build(),
        )
        .tool(
            ToolBuilder::new("optional_task")
                .task_support(TaskSupportMode::Optional)
                .handler(|i: GreetInput| async move { Ok(CallToolResult::text(i.name)) })
                .build(),
        )
        .tool(
            ToolBuilder::new("greet")
                .title("Greet, again")
                .description("A later tool of the same name replaces the first")
                .handler(|input: GreetInput| async move { Ok(CallToolResult::text(input.name)) })
                .build(),
        )
        .tool(
            ToolBuilder::new("ns/tool.v2-x")
                .title("")
                .description("")
                .handler(|m: std::collections::BTreeMap<String, i64>| async move {
                    Ok(CallToolResult::text(format!("{m:?}")))
                })
                .build(),
        )
        .tool(
            ToolBuilder::new("dates")
                .output_schema(schema::<Stats>())
                .handler(|i: Range| async move { Ok(CallToolResult::text(format!("{i:?}"))) })
                .build(),
        )
}

#[tokio::main]
async fn main() {
    let app = Arc::new(App { prefix: "> ".to_string() });
    let mut client = TestClient::from_router(router(app));
    client.initialize().await;
    let tools = client.list_tools().await;
    println!("{}", serde_json::to_string_pretty(&json!({ "tools": tools })).unwrap());
}
