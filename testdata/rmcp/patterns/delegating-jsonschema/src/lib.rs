//! Hand-written `impl JsonSchema` blocks that hand the question to another type: followed as
//! schemars follows them, `$defs` names included.

use std::borrow::Cow;

use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};

/// A count, published as `u64` under a name of its own.
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

/// Where to look.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Area {
    /// Degrees north.
    pub lat: f64,
    /// Degrees east.
    pub lon: f64,
}

/// An `Area` checked on the way in: the same schema with its own description, its own `$defs`
/// entry.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Checked(Area);

impl schemars::JsonSchema for Checked {
    fn schema_name() -> Cow<'static, str> {
        "CheckedArea".into()
    }

    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        let mut schema = <Area as JsonSchema>::json_schema(g);
        schema.insert("description".into(), "An area, checked on the way in.".into());
        schema
    }
}

/// Everything of `Area`'s but its id: the same name, so schemars numbers the second one.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Lookalike(Area);

impl JsonSchema for Lookalike {
    fn schema_name() -> Cow<'static, str> {
        Area::schema_name()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        Area::json_schema(generator)
    }
}

/// `Area` itself, to schemars: the same id, one `$defs` entry.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Alias(Area);

impl JsonSchema for Alias {
    fn inline_schema() -> bool {
        Area::inline_schema()
    }

    fn schema_name() -> Cow<'static, str> {
        <Area as JsonSchema>::schema_name()
    }

    fn schema_id() -> Cow<'static, str> {
        Area::schema_id()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        generator.subschema_for::<Area>()
    }
}

/// A label, as a plain string, inlined.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Label(String);

impl JsonSchema for Label {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        String::schema_name()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        String::json_schema(generator)
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct SearchRequest {
    pub area: Area,
    pub checked: Checked,
    pub near: Option<Lookalike>,
    pub also: Vec<Alias>,
    pub label: Label,
    pub limit: Tally,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Found {
    pub count: Tally,
    pub labels: Vec<Label>,
}

#[derive(Clone)]
pub struct Finder;

#[tool_router(server_handler)]
impl Finder {
    #[tool(description = "Search an area")]
    fn search(&self, Parameters(_r): Parameters<SearchRequest>) -> Json<Found> {
        todo!()
    }
}
