//! A constructor that rewrites every tool's inputSchema for clients that read a small subset of
//! JSON Schema, with a recursive fn over `serde_json::Value` written with std's `Option`,
//! iterator and closure methods: `type` arrays collapsed with `retain`, `"default": null`
//! dropped, and `format` kept only when a const keep-list names it (read with
//! `obj.get("format").and_then(Value::as_str)`).

use std::sync::Arc;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

/// The formats clients of this server understand; every other `format` is dropped.
const KEPT_FORMATS: [&str; 2] = ["date-time", "uri"];

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Event {
    /// What happens.
    pub title: String,
    /// When it starts.
    #[schemars(extend("format" = "date-time"))]
    pub starts: String,
    /// How many people at most.
    #[serde(default)]
    pub seats: Option<u32>,
    /// A page about it.
    #[serde(default)]
    pub link: Option<Link>,
    pub tags: Vec<Tag>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Link {
    #[schemars(extend("format" = "uri"))]
    pub href: String,
    pub weight: Option<f32>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Tag {
    pub name: String,
    pub color: Option<u8>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Cancel {
    pub id: u64,
    #[serde(default)]
    pub reason: Option<String>,
}

#[derive(Clone)]
pub struct Calendar {
    pub tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Calendar {
    pub fn new() -> Self {
        let mut router = Self::tool_router();
        for route in router.map.values_mut() {
            let mut schema = Value::Object((*route.attr.input_schema).clone());
            simplify(&mut schema);
            if let Value::Object(object) = schema {
                route.attr.input_schema = Arc::new(object);
            }
        }
        Self { tool_router: router }
    }

    /// Adds an event.
    #[tool]
    fn add(&self, Parameters(_e): Parameters<Event>) -> String {
        todo!()
    }

    /// Cancels an event.
    #[tool]
    fn cancel(&self, Parameters(_c): Parameters<Cancel>) -> String {
        todo!()
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Calendar {}

fn simplify(value: &mut Value) {
    match value {
        Value::Object(obj) => {
            if let Some(Value::Array(types)) = obj.get_mut("type") {
                types.retain(|t| t.as_str().is_some_and(|t| t != "null"));
                if let [only] = types.as_slice() {
                    let only = only.clone();
                    obj.insert("type".to_string(), only);
                }
            }
            if obj.get("default").is_some_and(Value::is_null) {
                obj.remove("default");
            }
            let keep = obj.get("format").and_then(Value::as_str).map(|f| KEPT_FORMATS.contains(&f)).unwrap_or(true);
            if !keep {
                obj.remove("format");
            }
            for child in obj.values_mut() {
                simplify(child);
            }
        }
        Value::Array(items) => {
            for item in items {
                simplify(item);
            }
        }
        _ => {}
    }
}

fn main() {
    println!("{}", serde_json::to_string_pretty(&Calendar::new().tool_router.list_all()).unwrap());
}
