//! Schemas made by helper fns over `serde_json::Value`: rmcp's and schemars' schema fns named with
//! a generic parameter, keys inserted, removed and hoisted, a recursive walk that rewrites every
//! subschema, and a helper the CLI cannot follow.

use std::any::TypeId;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use rmcp::handler::server::tool::schema_for_output;
use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::model::JsonObject;
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

/// Formats some clients reject.
const DROPPED_FORMATS: &[&str] = &["uint16", "uint32", "uint64", "int64", "double"];

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Query {
    /// What to look for.
    pub text: String,
    /// At most this many.
    pub limit: Option<u32>,
    pub filter: Option<Filter>,
}

#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct Filter {
    pub tags: Vec<String>,
    pub since: Option<u64>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Answer {
    pub hits: Vec<Hit>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Hit {
    pub id: u64,
    pub score: f64,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Failure {
    pub message: String,
}

/// `{"ok": true, "result": …}` or `{"ok": false, "error": …}`, definitions hoisted to the root.
pub fn envelope<T: JsonSchema + std::any::Any>() -> Arc<JsonObject> {
    let mut defs = Map::new();
    let result = lift(&schema_for_output::<T>(), &mut defs);
    let error = lift(&schema_for_output::<Failure>(), &mut defs);
    let mut root = JsonObject::new();
    if !defs.is_empty() {
        root.insert("$defs".into(), Value::Object(defs));
    }
    root.insert(
        "oneOf".into(),
        json!([
            {"type": "object", "properties": {"ok": {"const": true}, "result": result}, "required": ["ok", "result"]},
            {"type": "object", "properties": {"ok": {"const": false}, "error": error}, "required": ["ok", "error"]},
        ]),
    );
    root.insert("type".into(), json!("object"));
    Arc::new(root)
}

/// [`envelope`], cached per type the way rmcp caches its own schemas.
pub fn cached_envelope<T: JsonSchema + std::any::Any>() -> Arc<JsonObject> {
    thread_local! {
        static CACHE: RwLock<HashMap<TypeId, Arc<JsonObject>>> = RwLock::default();
    }
    CACHE.with(|cache| {
        if let Some(schema) = cache.read().expect("cache lock").get(&TypeId::of::<T>()) {
            return schema.clone();
        }
        let schema = envelope::<T>();
        cache.write().expect("cache lock").insert(TypeId::of::<T>(), schema.clone());
        schema
    })
}

fn lift(root: &JsonObject, defs: &mut Map<String, Value>) -> Value {
    let mut body = root.clone();
    body.remove("$schema");
    if let Some(Value::Object(own)) = body.remove("$defs") {
        for (name, def) in own {
            defs.entry(name).or_insert(def);
        }
    }
    Value::Object(body)
}

/// The schemars schema of `T`, made portable for strict clients.
pub fn portable<T: JsonSchema>() -> Arc<JsonObject> {
    let mut schema = serde_json::to_value(schemars::schema_for!(T)).expect("a schema serialises");
    if let Some(object) = schema.as_object_mut() {
        object.remove("$schema");
    }
    simplify(&mut schema);
    match schema {
        Value::Object(object) => Arc::new(object),
        _ => unreachable!(),
    }
}

/// Drops `"null"` from `type` arrays, `"default": null` and formats clients reject, everywhere.
fn simplify(schema: &mut Value) {
    let Some(object) = schema.as_object_mut() else { return };
    if let Some(Value::Array(types)) = object.get_mut("type") {
        types.retain(|t| t != "null");
        if types.len() == 1 {
            let only = types.remove(0);
            object.insert("type".into(), only);
        }
    }
    if object.get("default") == Some(&Value::Null) {
        object.remove("default");
    }
    if let Some(Value::String(format)) = object.get("format") {
        if DROPPED_FORMATS.contains(&format.as_str()) {
            object.remove("format");
        }
    }
    for key in ["properties", "$defs"] {
        if let Some(Value::Object(children)) = object.get_mut(key) {
            for child in children.values_mut() {
                simplify(child);
            }
        }
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(branches)) = object.get_mut(key) {
            for branch in branches.iter_mut() {
                simplify(branch);
            }
        }
    }
    if let Some(items) = object.get_mut("items") {
        simplify(items);
    }
}

/// What `T` serializes to, by a schemars generator of its own, `$schema` left out.
pub fn serialized<T: JsonSchema>() -> Arc<JsonObject> {
    let generator = schemars::generate::SchemaSettings::draft2020_12().for_serialize().into_generator();
    let mut schema = serde_json::to_value(generator.into_root_schema_for::<T>()).unwrap();
    let object = schema.as_object_mut().unwrap();
    object.remove("$schema");
    Arc::new(object.clone())
}

/// Reads the schema from a file when the server starts: not followed.
pub fn from_disk() -> Arc<JsonObject> {
    let text = std::fs::read_to_string("answer.schema.json").unwrap_or_default();
    Arc::new(serde_json::from_str(&text).unwrap_or_default())
}

#[derive(Clone)]
pub struct Search;

#[tool_router(server_handler)]
impl Search {
    #[tool(description = "Search", input_schema = portable::<Query>(), output_schema = envelope::<Answer>())]
    fn search(&self, Parameters(_q): Parameters<Query>) -> Json<Answer> {
        todo!()
    }

    #[tool(description = "Search, cached", output_schema = cached_envelope::<Hit>())]
    fn cached(&self, Parameters(_q): Parameters<Query>) -> Json<Hit> {
        todo!()
    }

    #[tool(
        description = "Filter, with the SDK's own schema fn",
        input_schema = rmcp::handler::server::tool::schema_for_type::<Filter>()
    )]
    fn filter(&self, Parameters(_f): Parameters<Filter>) -> String {
        todo!()
    }

    #[tool(description = "Search, serialized", output_schema = serialized::<Answer>())]
    fn serialized(&self, Parameters(_q): Parameters<Query>) -> Json<Answer> {
        todo!()
    }

    #[tool(description = "Search, plainly", output_schema = schema_for_output::<Answer>())]
    fn plain(&self, Parameters(_q): Parameters<Query>) -> Json<Answer> {
        todo!()
    }

    #[tool(description = "Search, from a file", output_schema = from_disk())]
    fn stored(&self, Parameters(_q): Parameters<Query>) -> Json<Answer> {
        todo!()
    }
}

fn main() {
    println!("{}", serde_json::to_string_pretty(&Search::tool_router().list_all()).unwrap());
}
