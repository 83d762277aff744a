//! `output_schema_for::<T>()` (from 0.23).

use serde_json::Value;
use tower_mcp::{CallToolResult, NoParams, Tool, ToolBuilder};

use crate::more::{AddInput, Page, Report};
use crate::types::*;

fn paged() -> Tool {
    Tool::builder("paged")
        .output_schema_for::<Report>()
        .handler(|p: Page<AddInput>| async move { Ok(CallToolResult::text(format!("{p:?}"))) })
        .build()
}

fn maybe_output() -> Tool {
    ToolBuilder::new("maybe_report")
        .output_schema_for::<Option<Report>>()
        .handler(|v: Value| async move { Ok(CallToolResult::json(v)) })
        .build()
}

pub fn tools() -> Vec<Tool> {
    vec![
        ToolBuilder::new("weather")
            .output_schema_for::<Weather>()
            .handler(|_input: NoParams| async { Ok(CallToolResult::text("sunny")) })
            .build(),
        ToolBuilder::new("list_items")
            .description("A list as output: not an object, dropped for 2025 peers")
            .output_schema_for::<Vec<Item>>()
            .handler(|i: Paging| async move { Ok(CallToolResult::text(format!("{i:?}"))) })
            .build(),
        ToolBuilder::new("tagged")
            .output_schema_for::<Tagged>()
            .handler(|s: Tagged| async move { Ok(CallToolResult::text(format!("{s:?}"))) })
            .build(),
        ToolBuilder::new("nested")
            .read_only_safe()
            .output_schema_for::<Tree>()
            .handler(|t: Tree| async move { Ok(CallToolResult::text(format!("{t:?}"))) })
            .build(),
        paged(),
        maybe_output(),
    ]
}
