//! Defaults made of values of a registry crate (`kit-values`, vendored under `vendor/` as
//! `cargo vendor` puts it): its consts, a static, a const built from another, an associated
//! const, a hand-written and a derived `Default`, read from the crate's own sources and written
//! as serde writes them. `Version` serialises through its own `Serialize` (`collect_str`, its
//! `Display`): that default is left out at its span, with the one `[schemas]` line that supplies it.
use kit_values::{Channel, Retry, Version};
use rmcp::{
    handler::server::{router::tool::ToolRouter, wrapper::Parameters},
    schemars::{self, JsonSchema},
    tool, tool_handler, tool_router, ServerHandler,
};
use serde::{Deserialize, Serialize};

fn page_size() -> u32 {
    kit_values::PAGE_SIZE
}

fn max_page() -> u32 {
    kit_values::MAX_PAGE
}

fn region() -> String {
    kit_values::REGION.to_owned()
}

fn preview() -> Channel {
    Channel::PREVIEW
}

fn first() -> Version {
    Version::FIRST
}

#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct ListArgs {
    pub name: String,
    #[serde(default = "page_size")]
    pub page_size: u32,
    #[serde(default = "max_page")]
    pub max_page: u32,
    #[serde(default = "region")]
    pub region: String,
    #[serde(default)]
    #[schemars(with = "String")]
    pub channel: Channel,
    #[serde(default = "preview")]
    #[schemars(with = "String")]
    pub preview: Channel,
    #[serde(default)]
    #[schemars(with = "std::collections::BTreeMap<String, u64>")]
    pub retry: Retry,
    #[serde(default = "first")]
    #[schemars(with = "String")]
    pub since: Version,
}

#[derive(Clone)]
pub struct S {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl S {
    #[tool(description = "List")]
    async fn list(&self, Parameters(a): Parameters<ListArgs>) -> String {
        a.name
    }
}

#[tool_handler]
impl ServerHandler for S {}

fn main() {}
