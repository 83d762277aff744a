//! Which rmcp release the crate runs ([`discovery`]), and what that release does ([`table`]).
//!
//! Every release difference lives in [`table::RELEASES`]; the rest of the profile asks a
//! [`Behaviour`] and never compares versions itself.

mod discovery;
mod table;

use std::fmt;

pub use discovery::{read, resolve_requirement, Versions};
pub use table::{Behaviour, DefaultRouter, EmptyInput, MacroSide};

/// A release number `major.minor.patch` (a pre-release suffix is read and ignored).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Version(pub u64, pub u64, pub u64);

impl Version {
    pub fn parse(s: &str) -> Option<Version> {
        let core = s.trim().split(['-', '+']).next()?;
        let mut it = core.split('.');
        let major = it.next()?.parse().ok()?;
        let minor = it.next()?.parse().ok()?;
        let patch = it.next()?.parse().ok()?;
        if it.next().is_some() {
            return None;
        }
        Some(Version(major, minor, patch))
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.0, self.1, self.2)
    }
}

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

/// The oldest and newest releases whose behaviour the profile reproduces.
pub const OLDEST_REPRODUCED: Version = Version(0, 6, 0);
pub const NEWEST_REPRODUCED: Version = Version(3, 11, 0);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_releases_are_ordered() {
        assert!(KNOWN_RELEASES.windows(2).all(|w| w[0] < w[1]));
        assert!(KNOWN_RELEASES.contains(&OLDEST_REPRODUCED) && KNOWN_RELEASES.contains(&NEWEST_REPRODUCED));
    }

    #[test]
    fn versions_parse() {
        assert_eq!(Version::parse("3.0.0-beta.1"), Some(Version(3, 0, 0)));
        assert_eq!(Version::parse("1.2"), None);
    }
}
