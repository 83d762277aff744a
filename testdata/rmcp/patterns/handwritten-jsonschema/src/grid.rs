use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// A hand-written schema named like the derived `Layout::Cell` below, with its own id.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Cell {
    pub row: u8,
    pub col: u8,
}

impl JsonSchema for Cell {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Cell".into()
    }

    fn schema_id() -> std::borrow::Cow<'static, str> {
        "grid::Cell".into()
    }

    fn json_schema(_generator: &mut SchemaGenerator) -> Schema {
        Schema::try_from(json!({
            "type": "array",
            "prefixItems": [{"type": "integer"}, {"type": "integer"}],
            "minItems": 2,
            "maxItems": 2
        }))
        .unwrap()
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Layout {
    pub corner: inner::Cell,
}

pub mod inner {
    use schemars::JsonSchema;
    use serde::Deserialize;

    #[derive(Debug, Deserialize, JsonSchema)]
    pub struct Cell {
        pub merged: bool,
    }
}
