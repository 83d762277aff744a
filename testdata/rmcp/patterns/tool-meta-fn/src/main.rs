//! `#[tool(meta = …)]` with plain fns that build rmcp's `MetaObject`: one with `json!` values
//! and `insert`s, one from a `json!` object, one extending another (and writing the newtype's
//! map through `.0`). rmcp-macros passes the
//! expression to `Tool::with_meta`, and the tool lists it as `_meta`. One only the running server
//! knows is left out, with a warning at the value.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::MetaObject;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use serde_json::json;

mod meta {
    use rmcp::model::MetaObject;
    use serde_json::json;

    pub const CATEGORY: &str = "serial";

    /// What every tool of the server carries.
    pub fn tool_meta() -> MetaObject {
        let mut meta = MetaObject::new();
        meta.insert("category".to_string(), json!(CATEGORY));
        meta.insert("version".into(), json!({ "major": 1, "minor": 2 }));
        meta
    }

    /// A dangerous tool's: the common keys and one more.
    pub fn dangerous() -> MetaObject {
        let mut meta = tool_meta();
        meta.extend(MetaObject(json!({ "confirm": true }).as_object().cloned().unwrap_or_default()));
        // The newtype's map itself, through its public field.
        meta.0.insert("audit".to_owned(), json!(true));
        meta
    }
}

fn literal() -> MetaObject {
    MetaObject(json!({ "ui": { "icon": "port" } }).as_object().cloned().unwrap_or_default())
}

#[derive(Clone)]
pub struct Ports {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Ports {
    /// Lists the ports.
    #[tool(meta = meta::tool_meta())]
    async fn list(&self) -> String {
        String::new()
    }

    /// Erases a port's flash.
    #[tool(meta = meta::dangerous())]
    async fn erase(&self) -> String {
        String::new()
    }

    /// Opens a port.
    #[tool(meta = literal())]
    async fn open(&self) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Ports {}

/// A `_meta` only the running server knows: not evaluated, the key left out with a warning.
fn from_args() -> MetaObject {
    let mut meta = MetaObject::new();
    meta.insert("argv0".into(), json!(std::env::args().next()));
    meta
}

#[derive(Clone)]
pub struct Runtime {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Runtime {
    /// Says who runs.
    #[tool(meta = from_args())]
    async fn whoami(&self) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Runtime {}

fn main() {
    let _ = json!(null);
}
