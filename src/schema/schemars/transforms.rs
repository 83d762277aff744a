//! `#[schemars(transform = …)]` applied where schemars_derive applies it (a post-mutator, after
//! the `extend` keys): [`crate::model::transform::apply`] (schemars' own transforms are the real
//! `schemars::transform` types, `RecursiveTransform(inner)` goes over the subschemas as
//! schemars' own does), code of the workspace run by the model's interpreter through [`RunCode`].

use serde_json::Value;

use crate::model::transform::{self, CodeGap, RunCode, Transform};

pub use transform::name;

/// Applies one transform to a schema; the first code that cannot be followed stops it.
pub fn apply(t: &Transform, schema: &mut Value, code: &dyn RunCode) -> Result<(), CodeGap> {
    transform::apply(t, schema, &mut |c, v| code.run(c, v))
}
