//! A type whose schema exists only when the server runs: the key that uses it is left out with a
//! warning, `--validate` fails on the missing inputSchema, and `check` against a manifest that
//! had the schema names the cause.

use std::borrow::Cow;

use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};

/// A region, whose schema the server reads from its environment at startup.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Region(String);

impl JsonSchema for Region {
    fn schema_name() -> Cow<'static, str> {
        "Region".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let names: Vec<String> = std::env::var("REGIONS").unwrap_or_default().split(',').map(String::from).collect();
        schemars::json_schema!({ "type": "string", "enum": names })
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct FetchRequest {
    pub link: String,
    pub region: Region,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Located {
    pub region: Region,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Fetched {
    pub bytes: u64,
}

#[derive(Clone)]
pub struct Fetcher;

#[tool_router(server_handler)]
impl Fetcher {
    #[tool(description = "Fetch a page")]
    fn fetch(&self, Parameters(_r): Parameters<FetchRequest>) -> Json<Fetched> {
        todo!()
    }

    #[tool(description = "Where the server runs")]
    fn locate(&self) -> Json<Located> {
        todo!()
    }
}
