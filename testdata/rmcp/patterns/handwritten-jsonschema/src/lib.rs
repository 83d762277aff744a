//! Hand-written `impl JsonSchema` blocks whose fns return literals, and one that delegates.

use std::borrow::Cow;

use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};

mod grid;

/// A point in time, as text.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Stamp(String);

impl JsonSchema for Stamp {
    fn schema_name() -> Cow<'static, str> {
        "Stamp".into()
    }

    fn json_schema(_generator: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "format": "date-time",
            "description": "An instant in RFC 3339 form.",
        })
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Colour(String);

impl schemars::JsonSchema for Colour {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        Cow::Borrowed("Colour")
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let mut schema = json_schema!({"type": "string"});
        schema.insert("pattern".into(), "^#[0-9a-f]{6}$".into());
        schema
    }
}

/// Its schema is `u64`'s, asked of the generator: followed as schemars follows it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Tally(u64);

impl JsonSchema for Tally {
    fn schema_name() -> Cow<'static, str> {
        "Tally".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        generator.subschema_for::<u64>()
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct PaintRequest {
    pub at: Stamp,
    pub colour: Colour,
    pub also: Option<Colour>,
    pub cells: Vec<grid::Cell>,
    pub layout: grid::Layout,
}

/// What was painted.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(extend("$id" = "urn:example:painted:v1"))]
pub struct Painted {
    pub finished: Stamp,
    pub started: Option<Stamp>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Counted {
    pub tally: Tally,
}

#[derive(Clone)]
pub struct Studio;

#[tool_router(server_handler)]
impl Studio {
    #[tool(description = "Paint cells")]
    fn paint(&self, Parameters(_r): Parameters<PaintRequest>) -> Json<Painted> {
        todo!()
    }

    #[tool(description = "Count strokes")]
    fn count(&self) -> Json<Counted> {
        todo!()
    }
}
