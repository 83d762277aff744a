//! `Self` in a type's own fields names that type (with its own generic parameters).

use std::collections::{BTreeMap, VecDeque};

use rmcp::handler::server::{router::tool::ToolRouter, wrapper::Parameters};
use rmcp::schemars::{self, JsonSchema};
use rmcp::{tool, tool_handler, tool_router, Json, ServerHandler};
use serde::{Deserialize, Serialize};

/// An outline entry.
#[derive(Deserialize, Serialize, JsonSchema)]
pub struct Heading {
    pub text: String,
    /// Sub-headings, in order.
    pub children: VecDeque<Self>,
    pub parent: Option<Box<Self>>,
}

#[derive(Deserialize, Serialize, JsonSchema)]
pub struct Labelled<T> {
    pub label: T,
    pub more: Vec<Self>,
}

#[derive(Deserialize, Serialize, JsonSchema)]
pub enum Expr {
    Number(f64),
    Sum(Vec<Self>),
    Named { name: String, by_key: BTreeMap<String, Self> },
}

#[derive(Deserialize, JsonSchema)]
pub struct OutlineArgs {
    pub root: Heading,
    pub tags: Labelled<u8>,
    pub formula: Expr,
}

#[derive(Clone)]
pub struct Outliner {
    tool_router: ToolRouter<Outliner>,
}

#[tool_router]
impl Outliner {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }

    /// Store an outline.
    #[tool]
    async fn store_outline(&self, Parameters(_args): Parameters<OutlineArgs>) -> Json<Heading> {
        unimplemented!()
    }
}

#[tool_handler]
impl ServerHandler for Outliner {}

fn main() {
    println!("{}", serde_json::to_string_pretty(&Outliner::new().tool_router.list_all()).unwrap());
}
