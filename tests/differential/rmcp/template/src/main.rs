use rmcp::{handler::server::wrapper::Parameters, schemars::{self, JsonSchema}, tool, tool_router, handler::server::router::tool::ToolRouter};
use serde::Deserialize;
#[derive(Deserialize, JsonSchema)]
pub struct A { pub x: i32 }
#[derive(Clone)]
pub struct S { tool_router: ToolRouter<S> }
#[tool_router]
impl S {
    #[tool]
    async fn t(&self, Parameters(_a): Parameters<A>) -> String { String::new() }
}
fn main() { println!("{}", serde_json::to_string(&S::tool_router().list_all()).unwrap()); }
