//! Shared by every example that declares `mod common;`.

pub mod notes;
pub mod weather;
