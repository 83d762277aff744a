//! Which rust-mcp-sdk release the crate builds with ([`discovery`]), and what that release does
//! ([`table`]).
//!
//! Three crates decide: rust-mcp-macros the derive's schemas and the keys `#[mcp_tool]` reads,
//! rust-mcp-schema the `Tool` type (its fields and their order), and rust-mcp-sdk which releases
//! of the other two come with it when the Cargo.lock does not say. Every difference lives in the
//! tables; the rest of the profile asks a [`Behaviour`].

mod discovery;
mod table;

pub use discovery::{Versions, SDK};
pub use table::{Behaviour, InputKeyOrder};

pub use crate::profile::release::Version;

/// The oldest and newest rust-mcp-sdk releases the profile reproduces.
pub const OLDEST_REPRODUCED: Version = Version(0, 8, 0);
pub const NEWEST_REPRODUCED: Version = Version(2, 0, 0);
