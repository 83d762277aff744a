//! A hand-written `list_tools` that serves its router's `list_all()` with, per tool name, an
//! output schema (`schema_for_output::<T>()`) and a task-support execution set at runtime,
//! computed once in a `OnceLock` and paged through: read as the server lists it.

use std::sync::{Arc, OnceLock};

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{ListToolsResult, PaginatedRequestParams, TaskSupport, Tool, ToolExecution};
use rmcp::service::RequestContext;
use rmcp::{tool, tool_router, ErrorData, RoleServer, ServerHandler};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

const PAGE_SIZE: usize = 20;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Lookup {
    /// The word to look up.
    pub word: String,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Definition {
    /// What the word means.
    pub meaning: String,
    pub examples: Vec<String>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Stats {
    pub words: u64,
}

#[derive(Clone)]
pub struct Dictionary {
    pub tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Dictionary {
    /// Defines a word.
    #[tool]
    async fn define(&self, Parameters(_l): Parameters<Lookup>) -> String {
        String::new()
    }

    /// Counts the words known.
    #[tool]
    async fn stats(&self) -> String {
        String::new()
    }

    /// Says hello.
    #[tool]
    async fn hello(&self) -> String {
        String::new()
    }
}

fn output_schema_for<T: JsonSchema + 'static>(name: &str) -> Arc<rmcp::model::JsonObject> {
    rmcp::handler::server::tool::schema_for_output::<T>().unwrap_or_else(|e| {
        tracing::error!(tool = %name, error = %e, "no output schema");
        Arc::new(rmcp::model::JsonObject::default())
    })
}

fn annotate(tool: &mut Tool, support: TaskSupport, schema: Arc<rmcp::model::JsonObject>) {
    tool.execution = Some(ToolExecution::from_raw(Some(support)));
    tool.output_schema = Some(schema);
}

fn build_tools() -> Vec<Tool> {
    let mut tools = Dictionary::tool_router().list_all();
    for tool in tools.iter_mut() {
        let (schema, support) = match tool.name.as_ref() {
            "define" => (output_schema_for::<Definition>("define"), TaskSupport::Forbidden),
            "stats" => (output_schema_for::<Stats>("stats"), TaskSupport::Optional),
            _ => {
                tracing::warn!(tool = %tool.name, "no output schema");
                continue;
            }
        };
        annotate(tool, support, schema);
    }
    tools
}

fn tools() -> &'static [Tool] {
    static TOOLS: OnceLock<Vec<Tool>> = OnceLock::new();
    TOOLS.get_or_init(build_tools)
}

impl ServerHandler for Dictionary {
    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        tracing::debug!("listing tools");
        let all = tools();
        let (tools, next_cursor) = if let Some(params) = request {
            let start = params.cursor.and_then(|c| c.parse::<usize>().ok()).unwrap_or(0).min(all.len());
            let end = (start + PAGE_SIZE).min(all.len());
            let next = if end < all.len() { Some(end.to_string()) } else { None };
            (all[start..end].to_vec(), next)
        } else {
            (all.to_vec(), None)
        };
        Ok(ListToolsResult { tools, next_cursor, ..Default::default() })
    }
}

fn main() {}
