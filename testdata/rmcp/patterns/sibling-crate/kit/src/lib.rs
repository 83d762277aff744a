//! Shared request and response types; the server re-exports them.

pub mod model;
pub mod tools;

mod carrier;
mod tracking;

// Glob re-exports of private modules; `tracking` names `Carrier` through the crate root, with a
// private `use` that these globs do not re-export.
pub use carrier::*;
pub use tracking::*;
