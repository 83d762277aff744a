//! pydantic drops a key next to a `$ref` when the definition it points to has the same value: a
//! field documented exactly as its struct or enum is only the `$ref`. Inside a recursive cycle
//! the definition is not built yet when the field is, so the description stays.
use rmcp::tool;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Where a parcel goes.
#[derive(Serialize, Deserialize, JsonSchema)]
pub struct Address {
    pub street: String,
}

/// How fast.
#[derive(Serialize, Deserialize, JsonSchema)]
pub enum Speed {
    Slow,
    Fast,
}

/// A parcel.
#[derive(Serialize, Deserialize, JsonSchema)]
pub struct Parcel {
    /// Where a parcel goes.
    pub to: Address,
    /// Where it comes from.
    pub from: Address,
    /// How fast.
    pub speed: Speed,
    /// Where a parcel goes.
    pub forward: Option<Address>,
    /// A parcel.
    pub inner: Option<Box<Parcel>>,
}

#[tool]
fn field_doc_same_as_type_doc(parcel: Parcel) {}
