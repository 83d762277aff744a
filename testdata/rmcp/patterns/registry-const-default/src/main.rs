//! Defaults made of consts of registry crates whose own `Serialize` writes them: a newtype's
//! `Default` returning `Self(semver::VersionReq::STAR)` (semver serialises a requirement with
//! `collect_str`, through its `Display`: `"*"`), and a `default = "path"` fn returning
//! `uuid::Uuid::NAMESPACE_DNS` (uuid's hyphenated lower-case form). Before, the first cost the
//! whole manifest (`default-not-evaluable`).
use rmcp::{
    handler::server::{router::tool::ToolRouter, wrapper::Parameters},
    schemars::{self, JsonSchema},
    tool, tool_handler, tool_router, ServerHandler,
};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(transparent)]
pub struct Req(#[schemars(with = "String")] pub semver::VersionReq);

impl Default for Req {
    fn default() -> Self {
        Self(semver::VersionReq::STAR)
    }
}

#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct FindArgs {
    pub name: String,
    #[serde(default)]
    pub req: Req,
    #[serde(default = "namespace")]
    pub namespace: uuid::Uuid,
}

fn namespace() -> uuid::Uuid {
    uuid::Uuid::NAMESPACE_DNS
}

#[derive(Clone)]
pub struct S {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl S {
    #[tool(description = "Find")]
    async fn find(&self, Parameters(a): Parameters<FindArgs>) -> String {
        a.name
    }
}

#[tool_handler]
impl ServerHandler for S {}

fn main() {}
