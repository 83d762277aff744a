//! A property named `default` or `properties` keeps the order in which pydantic generates its
//! schema (`type`, then what the type adds, then `default`, `description`, `title`); everything
//! inside it is sorted as usual.
use rmcp::tool;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, HashMap};

#[derive(Serialize, Deserialize, JsonSchema)]
pub struct Layout {
    /// Cells, two by two.
    pub default: [Vec<u8>; 2],
    #[serde(default)]
    pub properties: HashMap<String, (u8, String)>,
}

#[tool]
fn keyword_property_order(default: BTreeSet<i64>, properties: Option<Vec<String>>) -> Layout {
    todo!()
}
