//! `input_schema(v)` and `Tool::with_meta` (from 0.15).

use serde_json::json;
use tower_mcp::extract::RawArgs;
use tower_mcp::{CallToolResult, Tool, ToolBuilder};

use crate::more::AddInput;

fn with_meta() -> Tool {
    ToolBuilder::new("with_meta")
        .handler(|o: Option<AddInput>| async move { Ok(CallToolResult::text(format!("{o:?}"))) })
        .build()
        .with_meta(json!({"com.example/tier": "gold", "version": 2}))
        .unwrap()
}

pub fn tools() -> Vec<Tool> {
    let raw = ToolBuilder::new("raw_query")
        .description("Query with a hand-written schema")
        .input_schema(json!({
            "type": "object",
            "properties": {"filter": {"oneOf": [{"type": "string"}, {"type": "integer"}]}},
            "required": ["filter"]
        }))
        .extractor_handler((), |RawArgs(args): RawArgs| async move { Ok(CallToolResult::json(args)) })
        .build();
    let loose = ToolBuilder::new("loose")
        .description("A schema without a type")
        .input_schema(json!({"properties": {"x": {"type": "number"}}}))
        .extractor_handler((), |RawArgs(args): RawArgs| async move { Ok(CallToolResult::json(args)) })
        .build();
    vec![with_meta(), raw, loose]
}
