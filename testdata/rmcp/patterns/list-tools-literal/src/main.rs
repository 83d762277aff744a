//! A hand-written `list_tools` on rmcp 0.16 (before `Tool` became `#[non_exhaustive]` in 1.0)
//! that writes its tools as `Tool { .. }` literals, the schema a `json!` object: listed as the
//! server serves them, `None` fields left out, in the order it gives them.

use std::sync::Arc;

use rmcp::model::{ListToolsResult, PaginatedRequestParams, Tool};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::json;

fn schema(v: serde_json::Value) -> Arc<rmcp::model::JsonObject> {
    Arc::new(v.as_object().cloned().unwrap_or_default())
}

#[derive(Clone)]
pub struct Literal;

impl ServerHandler for Literal {
    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let ping = Tool {
            name: "ping".into(),
            title: Some("Ping".to_string()),
            description: Some("Answers pong.".into()),
            input_schema: schema(json!({ "type": "object", "properties": {} })),
            output_schema: None,
            annotations: None,
            execution: None,
            icons: None,
            meta: None,
        };
        let echo = Tool {
            name: "echo".into(),
            title: None,
            description: None,
            input_schema: schema(json!({
                "type": "object",
                "properties": { "text": { "type": "string", "description": "What to echo." } },
                "required": ["text"]
            })),
            output_schema: None,
            annotations: None,
            execution: None,
            icons: None,
            meta: None,
        };
        Ok(ListToolsResult { tools: vec![ping, echo], next_cursor: None, meta: None })
    }
}

fn main() {}
