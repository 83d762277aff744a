//! Code that grows without end: a string doubled in a loop (`format!`), a `json!` tree doubled in
//! a loop, and a generic type whose field instantiates it with a larger argument (`G<T>` holding
//! `G<(T, T)>`, which rustc refuses). Each is refused at its span within the evaluator's size
//! budget and the model's limit on a generic instance, instead of exhausting memory.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use schemars::JsonSchema;
use serde::Deserialize;

fn text() -> String {
    let mut s = String::from("ab");
    for _ in 0..40 {
        s = format!("{s}{s}");
    }
    s
}

fn tree() -> serde_json::Value {
    let mut v = serde_json::json!(["ab"]);
    for _ in 0..40 {
        v = serde_json::json!([v.clone(), v]);
    }
    v
}

#[derive(Deserialize, JsonSchema)]
pub struct Query {
    #[serde(default = "text")]
    pub text: String,
    #[serde(default = "tree")]
    pub tree: serde_json::Value,
}

#[derive(Deserialize, JsonSchema)]
pub struct G<T> {
    pub value: T,
    pub next: Option<Box<G<(T, T)>>>,
}

#[derive(Clone)]
pub struct Growth {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Growth {
    /// Defaults that double in a loop.
    #[tool]
    async fn doubled(&self, Parameters(_q): Parameters<Query>) -> String {
        String::new()
    }

    /// A type that grows with every instantiation.
    #[tool]
    async fn growing(&self, Parameters(_g): Parameters<G<u8>>) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Growth {}

fn main() {
    let _ = Growth { tool_router: Growth::tool_router() };
}
