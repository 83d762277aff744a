//! Types that cannot be found: a typo, a path into a module of ours that has no such item, and
//! a type of a path dependency that is not there to read.

use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

mod kinds {
    #[derive(Debug, serde::Serialize, schemars::JsonSchema)]
    pub struct Known {
        pub ok: bool,
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct LookupRequest {
    pub key: String,
    /// Spelled wrong.
    pub limit: Optinal<u32>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct LookupResult {
    pub known: kinds::Known,
    pub missing: crate::kinds::Unknown,
}

#[derive(Clone)]
pub struct Index;

#[tool_router(server_handler)]
impl Index {
    #[tool(description = "Look a key up")]
    fn lookup(&self, Parameters(_r): Parameters<LookupRequest>) -> Json<LookupResult> {
        todo!()
    }

    #[tool(description = "Describe a shape kept in a sibling crate")]
    fn shape(&self) -> Json<sibling_kit::Shape> {
        todo!()
    }

    #[tool(description = "Still listed in full")]
    fn ping(&self) -> Json<kinds::Known> {
        todo!()
    }
}
