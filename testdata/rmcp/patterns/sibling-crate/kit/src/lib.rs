//! Shared request and response types; the server re-exports them.

pub mod model;
pub mod tools;
