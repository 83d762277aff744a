//! `ToolBuilder::new` panics on a name SEP-986 does not allow; a title that is not a value the
//! CLI can evaluate is an error too.

use tower_mcp::{CallToolResult, McpRouter, ToolBuilder};

fn main() {
    let _ = McpRouter::new()
        .tool(ToolBuilder::new("has space").no_params_handler(|| async { Ok(CallToolResult::text("")) }).build())
        .tool(
            ToolBuilder::new("ok")
                .title(std::env::var("TITLE").unwrap())
                .no_params_handler(|| async { Ok(CallToolResult::text("")) })
                .build(),
        );
}
