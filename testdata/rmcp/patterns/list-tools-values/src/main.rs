//! A hand-written `list_tools` that builds its tools itself, with no router: `Tool::new(name,
//! description, schema)`, the schema a `json!` literal made an object, rmcp's
//! `schema_for_type::<T>()`, or schemars' `schema_for!(T)` serialised; `with_title` on one.
//! Listed as the server serves them, in the order it gives them (rmcp does not sort them).

use std::sync::Arc;

use rmcp::handler::server::common::schema_for_type;
use rmcp::model::{JsonObject, ListToolsResult, PaginatedRequestParams, Tool};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct AddArgs {
    /// The first number.
    pub a: i64,
    /// The second number.
    pub b: i64,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Path {
    pub path: String,
}

/// A JSON object as rmcp holds a schema.
fn object(v: serde_json::Value) -> Arc<JsonObject> {
    Arc::new(v.as_object().cloned().unwrap_or_default())
}

#[derive(Clone)]
pub struct Handmade;

impl ServerHandler for Handmade {
    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let echo = Tool::new(
            "echo",
            "Echoes a message.",
            object(json!({
                "type": "object",
                "properties": { "message": { "type": "string" } },
                "required": ["message"]
            })),
        );
        let add = Tool::new("add", "Adds two numbers.", schema_for_type::<AddArgs>()).with_title("Add");
        let stat = Tool::new(
            "stat",
            "Describes a path.",
            object(serde_json::to_value(schemars::schema_for!(Path)).unwrap_or_default()),
        );
        Ok(ListToolsResult::with_all_items(vec![echo, add, stat]))
    }
}

fn main() {}
