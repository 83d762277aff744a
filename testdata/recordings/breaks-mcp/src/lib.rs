//! A store whose `lookup` schemas are read from files at runtime; the configuration gives the
//! same files to mcp-schema, and they break MCP: a `$ref` to nothing, a `type` that is no type,
//! and a non-object outputSchema that peers older than 2026-07-28 do not take.

use std::sync::Arc;

use rmcp::model::JsonObject;
use rmcp::{tool, tool_router};

fn schema_file(text: &str) -> Arc<JsonObject> {
    Arc::new(serde_json::from_str(text).expect("the schema files are JSON objects"))
}

fn lookup_input() -> Arc<JsonObject> {
    schema_file(include_str!("../schemas/lookup.input.json"))
}

fn lookup_output() -> Arc<JsonObject> {
    schema_file(include_str!("../schemas/lookup.output.json"))
}

#[derive(Clone)]
pub struct Store;

#[tool_router(server_handler)]
impl Store {
    #[tool(description = "Look a key up", input_schema = lookup_input(), output_schema = lookup_output())]
    fn lookup(&self) -> String {
        String::new()
    }

    #[tool(description = "Count the keys")]
    fn count(&self) -> String {
        "0".into()
    }
}
