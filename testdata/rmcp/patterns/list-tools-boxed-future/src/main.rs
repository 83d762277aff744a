//! A hand-written `list_tools` written as the trait's desugared form (a fn returning
//! `Pin<Box<dyn Future>>` with `Box::pin(async move { … })`), whose tools are `Tool` literals
//! with `input_schema: Arc::new(serde_json::from_value(json!(…)).unwrap_or_default())`, sent
//! through a `to_value`/`from_value` round trip of `ListToolsResult` in an `async fn`.
use std::borrow::Cow;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use rmcp::model::{ListToolsResult, PaginatedRequestParams, Tool};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::json;

fn builtin_tools() -> Vec<Tool> {
    vec![
        Tool {
            name: Cow::Borrowed("load-component"),
            title: None,
            description: Some(Cow::Borrowed("Loads a component from a path.")),
            input_schema: Arc::new(
                serde_json::from_value(json!({
                    "type": "object",
                    "properties": { "path": { "type": "string" } },
                    "required": ["path"]
                }))
                .unwrap_or_default(),
            ),
            output_schema: None,
            annotations: None,
            execution: None,
            icons: None,
            meta: None,
        },
        Tool {
            name: Cow::Borrowed("list-components"),
            title: None,
            description: Some(Cow::Borrowed("Lists the loaded components.")),
            input_schema: Arc::new(serde_json::from_value(json!({ "type": "object" })).unwrap_or_default()),
            output_schema: None,
            annotations: None,
            execution: None,
            icons: None,
            meta: None,
        },
    ]
}

async fn handle_tools_list() -> Result<serde_json::Value, serde_json::Error> {
    let mut tools = Vec::new();
    tools.extend(builtin_tools());
    serde_json::to_value(ListToolsResult { tools, next_cursor: None, meta: None })
}

#[derive(Clone)]
pub struct Components;

impl ServerHandler for Components {
    fn list_tools<'a>(
        &'a self,
        _params: Option<PaginatedRequestParams>,
        _ctx: RequestContext<RoleServer>,
    ) -> Pin<Box<dyn Future<Output = Result<ListToolsResult, ErrorData>> + Send + 'a>> {
        Box::pin(async move {
            match handle_tools_list().await {
                Ok(value) => serde_json::from_value(value).map_err(|e| ErrorData::parse_error(e.to_string(), None)),
                Err(e) => Err(ErrorData::parse_error(e.to_string(), None)),
            }
        })
    }
}

fn main() {}
