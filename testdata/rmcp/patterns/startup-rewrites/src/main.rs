//! A constructor that rewrites every tool's inputSchema for client portability, through helper
//! fns over `&mut JsonObject` and `&mut Value` (recursive): `$schema` stripped, `$ref`s inlined,
//! `"null"` dropped from `type` arrays, `"default": null` and formats removed. A statement
//! elsewhere that changes a schema in place is not followed: a warning.

use std::sync::Arc;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::JsonObject;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Booking {
    /// Who books.
    pub guest: String,
    /// How many nights.
    #[serde(default)]
    pub nights: Option<u16>,
    pub room: Room,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Room {
    pub floor: u8,
    pub view: Option<View>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub enum View {
    Sea,
    Garden,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Lookup {
    pub guest: String,
}

#[derive(Clone)]
pub struct Hotel {
    pub tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Hotel {
    pub fn new() -> Self {
        let mut tool_router = Self::tool_router();
        for route in tool_router.map.values_mut() {
            let schema = Arc::make_mut(&mut route.attr.input_schema);
            make_portable(schema);
        }
        Self { tool_router }
    }

    /// Books a room.
    #[tool]
    fn book(&self, Parameters(_b): Parameters<Booking>) -> String {
        todo!()
    }

    /// Finds a booking.
    #[tool]
    fn find(&self, Parameters(_l): Parameters<Lookup>) -> String {
        todo!()
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Hotel {}

fn make_portable(schema: &mut JsonObject) {
    schema.remove("$schema");
    let defs = match schema.remove("$defs") {
        Some(Value::Object(defs)) => defs,
        _ => Map::new(),
    };
    let mut root = Value::Object(schema.clone());
    inline_refs(&mut root, &defs);
    simplify(&mut root);
    if let Value::Object(object) = root {
        *schema = object;
    }
}

fn inline_refs(value: &mut Value, defs: &Map<String, Value>) {
    match value {
        Value::Object(object) => {
            if let Some(Value::String(target)) = object.get("$ref") {
                if let Some(name) = target.strip_prefix("#/$defs/") {
                    if let Some(def) = defs.get(name) {
                        *value = def.clone();
                        inline_refs(value, defs);
                        return;
                    }
                }
            }
            for child in object.values_mut() {
                inline_refs(child, defs);
            }
        }
        Value::Array(items) => {
            for item in items.iter_mut() {
                inline_refs(item, defs);
            }
        }
        _ => {}
    }
}

fn simplify(value: &mut Value) {
    match value {
        Value::Object(object) => {
            if let Some(Value::Array(types)) = object.get_mut("type") {
                types.retain(|t| t.as_str() != Some("null"));
                if types.len() == 1 {
                    let only = types.remove(0);
                    object.insert("type".to_string(), only);
                }
            }
            if matches!(object.get("default"), Some(Value::Null)) {
                object.remove("default");
            }
            object.remove("format");
            for child in object.values_mut() {
                simplify(child);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(simplify),
        _ => {}
    }
}

/// Not a loop over the router: not followed, a warning here.
pub fn hide_outputs(router: &mut ToolRouter<Hotel>, name: &str) {
    if let Some(route) = router.map.get_mut(name) {
        route.attr.output_schema = None;
    }
}

fn main() {
    println!("{}", serde_json::to_string_pretty(&Hotel::new().tool_router.list_all()).unwrap());
}
