//! The SDK publishes a returned `dict[K, V]` unwrapped only when `K` is `str` itself: a map keyed
//! by a newtype of `String` is wrapped in `result` like any other value.
use rmcp::tool;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

#[derive(Serialize, Deserialize, JsonSchema, PartialEq, Eq, Hash)]
pub struct CityName(String);

#[tool]
fn dict_output_newtype_key() -> HashMap<CityName, f64> {
    todo!()
}
