use std::sync::Arc;

use rmcp::model::JsonObject;
use schemars::{json_schema, Schema, SchemaGenerator};
use serde_json::json;

use crate::MAX_WAIT_SECS;

const LABEL_MAX: usize = 40;

pub fn counter(_generator: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "integer",
        "minimum": 0,
    })
}

pub fn maybe_counter(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "anyOf": [
            {"type": "null"},
            {"type": "integer", "minimum": 0}
        ]
    })
}

pub fn wait(_gen: &mut SchemaGenerator) -> Schema {
    json_schema!({"type": ["integer", "null"], "minimum": 1, "maximum": MAX_WAIT_SECS})
}

pub fn label(_gen: &mut SchemaGenerator) -> Schema {
    let mut schema = json_schema!({"type": "string"});
    schema.insert("maxLength".into(), json!(LABEL_MAX * 2));
    schema.insert("pattern".to_owned(), "^[a-z ]+$".into());
    schema
}

pub fn bytes(_gen: &mut SchemaGenerator) -> Schema {
    Schema::from(json!({"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 255}}).as_object().unwrap().clone())
}

pub fn asks_the_generator(generator: &mut SchemaGenerator) -> Schema {
    let mut schema = generator.subschema_for::<f64>();
    schema.insert("minimum".into(), json!(20));
    schema
}

/// An explicit tool input schema built the same way.
pub fn limits_input() -> Arc<JsonObject> {
    let mut v = json!({"type": "object", "properties": {"taps": {"type": "integer", "maximum": TAPS}}});
    v.as_object_mut().unwrap().insert("maxProperties".into(), json!(TAPS / 2));
    Arc::new(v.as_object().unwrap().clone())
}

const TAPS: u16 = 4 * 3;
