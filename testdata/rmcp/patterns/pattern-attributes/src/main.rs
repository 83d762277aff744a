//! Every way schemars accepts a pattern: `pattern(…)`, `regex(pattern = …)`, `regex = …` and
//! `contains(…)` (the substring, regex-escaped), on strings; on other types they add nothing.

use rmcp::handler::server::{router::tool::ToolRouter, wrapper::Parameters};
use rmcp::schemars::{self, JsonSchema};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
pub struct SkuArgs {
    #[schemars(pattern(r#"^[A-Z]{3}-\d+$"#))]
    pub sku: String,
    #[schemars(regex(pattern = r"^[a-z]+$"))]
    pub slug: String,
    #[schemars(contains("v1.2 (beta)"))]
    pub release: String,
    #[schemars(pattern("^x$"))]
    pub maybe: Option<String>,
    #[schemars(contains("ab"))]
    pub count: u32,
}

#[derive(Clone)]
pub struct Catalog {
    tool_router: ToolRouter<Catalog>,
}

#[tool_router]
impl Catalog {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }

    /// Look up a product.
    #[tool]
    async fn lookup(&self, Parameters(_args): Parameters<SkuArgs>) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Catalog {}

fn main() {
    println!("{}", serde_json::to_string_pretty(&Catalog::new().tool_router.list_all()).unwrap());
}
