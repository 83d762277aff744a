//! `Option<T>` is pydantic's nullable schema: `Option<()>` is just `null`, and an `Option` of a
//! newtype that is itself optional is one `anyOf`, not an `anyOf` inside another.
use rmcp::tool;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, JsonSchema)]
pub struct MaybeCount(Option<u32>);

#[derive(Serialize, Deserialize, JsonSchema)]
pub struct Nothing(());

#[derive(Serialize, Deserialize, JsonSchema)]
pub struct Probe {
    pub marker: Option<()>,
    pub count: Option<MaybeCount>,
    pub counts: Vec<Option<MaybeCount>>,
    pub gone: Option<Nothing>,
}

#[tool]
fn nullable_flattening(probe: Probe, hint: Option<MaybeCount>) -> Option<Option<()>> {
    todo!()
}
