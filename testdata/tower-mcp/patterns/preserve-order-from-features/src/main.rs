//! tower-mcp before 0.20 does not turn on serde_json's `preserve_order` itself; this crate does
//! (its own `serde_json` dependency asks for it), and features are unified: the server's schemas
//! keep schemars' insertion order (`zone` before `at`), read from the resolved feature graph as
//! for every profile. `--serde-json-preserve-order false` lists them sorted, as without it.
use schemars::JsonSchema;
use serde::Deserialize;
use tower_mcp::{CallToolResult, McpRouter, ToolBuilder};

/// When to wake up.
#[derive(Deserialize, JsonSchema)]
struct Alarm {
    /// The time zone.
    zone: String,
    /// The hour.
    at: u8,
}

fn main() {
    let _ = McpRouter::new().tool(
        ToolBuilder::new("set_alarm")
            .description("Set an alarm")
            .handler(|a: Alarm| async move { Ok(CallToolResult::text(a.zone)) })
            .build(),
    );
}
