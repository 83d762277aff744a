//! Which rmcp release the crate runs ([`discovery`]), and what that release does ([`table`]).
//!
//! Every release difference lives in [`table::RELEASES`]; the rest of the profile asks a
//! [`Behaviour`] and never compares versions itself.

mod discovery;
mod table;

pub use discovery::{resolve_requirement, Versions, RMCP};
pub use table::{Behaviour, DefaultRouter, EmptyInput, MacroSide, TOOL_BOX_SCHEMARS};

pub use crate::profile::release::Version;

/// Every published rmcp release (pre-releases left out), oldest first: what a Cargo.toml
/// requirement resolves against.
pub const KNOWN_RELEASES: &[Version] = &[
    Version(0, 1, 0),
    Version(0, 1, 1),
    Version(0, 1, 2),
    Version(0, 1, 3),
    Version(0, 1, 4),
    Version(0, 1, 5),
    Version(0, 2, 0),
    Version(0, 2, 1),
    Version(0, 3, 0),
    Version(0, 3, 1),
    Version(0, 3, 2),
    Version(0, 4, 0),
    Version(0, 4, 1),
    Version(0, 5, 0),
    Version(0, 6, 0),
    Version(0, 6, 1),
    Version(0, 6, 2),
    Version(0, 6, 3),
    Version(0, 6, 4),
    Version(0, 7, 0),
    Version(0, 8, 0),
    Version(0, 8, 1),
    Version(0, 8, 2),
    Version(0, 8, 3),
    Version(0, 8, 4),
    Version(0, 8, 5),
    Version(0, 9, 0),
    Version(0, 9, 1),
    Version(0, 10, 0),
    Version(0, 11, 0),
    Version(0, 12, 0),
    Version(0, 13, 0),
    Version(0, 14, 0),
    Version(0, 15, 0),
    Version(0, 16, 0),
    Version(0, 17, 0),
    Version(1, 0, 0),
    Version(1, 1, 0),
    Version(1, 1, 1),
    Version(1, 2, 0),
    Version(1, 3, 0),
    Version(1, 4, 0),
    Version(1, 5, 0),
    Version(1, 6, 0),
    Version(1, 7, 0),
    Version(1, 8, 0),
    Version(2, 0, 0),
    Version(2, 1, 0),
    Version(2, 2, 0),
    Version(3, 0, 0),
    Version(3, 0, 1),
    Version(3, 1, 0),
    Version(3, 1, 1),
    Version(3, 1, 2),
    Version(3, 1, 3),
    Version(3, 1, 4),
    Version(3, 2, 0),
    Version(3, 3, 0),
    Version(3, 4, 0),
    Version(3, 4, 1),
    Version(3, 5, 0),
    Version(3, 5, 1),
    Version(3, 6, 0),
    Version(3, 7, 0),
    Version(3, 8, 0),
    Version(3, 9, 0),
    Version(3, 10, 0),
    Version(3, 11, 0),
];

/// Whether `text` is something `--rmcp-version` can use: a release `X.Y.Z`, or a requirement
/// (`0.8`, `^1.2`) that some reproduced release meets. The error says why not.
pub fn check_flag(text: &str) -> Result<(), String> {
    if Version::parse(text).or_else(|| resolve_requirement(text)).is_some() {
        return Ok(());
    }
    Err(format!("`{text}` is not an rmcp version: give a release such as 3.11.0, or a requirement such as 0.8"))
}

/// The oldest rmcp and rmcp-macros releases whose servers are read: rmcp 0.1.4's `tool_box`
/// servers (read apart from the table, by `profile::rmcp::tool_box_tools`).
pub const OLDEST_READ: (Version, Version) = (Version(0, 1, 4), Version(0, 1, 1));
/// The newest release the profile reproduces.
pub const NEWEST_REPRODUCED: Version = Version(3, 11, 0);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_releases_are_ordered() {
        assert!(KNOWN_RELEASES.windows(2).all(|w| w[0] < w[1]));
        assert!(KNOWN_RELEASES.contains(&OLDEST_READ.0) && KNOWN_RELEASES.contains(&NEWEST_REPRODUCED));
    }
}
