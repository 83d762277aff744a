//! A registry crate of values: consts, statics, associated consts and `Default` impls, some
//! serialised by serde's derive, one by a hand-written `Serialize` through `collect_str` (its
//! `Display`). The tests compile this file as it is and compare serde's JSON of each value with
//! what `mcp-schema generate` shows.

use serde::{de::Error as _, Deserialize, Deserializer, Serialize, Serializer};

/// A page size every service uses.
pub const PAGE_SIZE: u32 = 25;

/// A static, read as a const is.
pub static REGION: &str = "eu-west";

/// Built from another const of the crate.
pub const MAX_PAGE: u32 = PAGE_SIZE * 4;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    Stable,
    Beta,
}

impl Channel {
    /// An associated const of a registry type.
    pub const PREVIEW: Channel = Channel::Beta;
}

impl Default for Channel {
    fn default() -> Self {
        Channel::Stable
    }
}

/// A derived `Default` of a registry struct.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Retry {
    pub attempts: u8,
    pub backoff_ms: u64,
}

/// Serialised by its own `Serialize`, through `collect_str`: the JSON is its `Display`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Version {
    pub major: u64,
    pub minor: u64,
}

impl Version {
    pub const FIRST: Version = Version { major: 1, minor: 0 };
}

impl std::fmt::Display for Version {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

impl Serialize for Version {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Version {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        let (major, minor) = text.split_once('.').ok_or_else(|| D::Error::custom("MAJOR.MINOR"))?;
        Ok(Version { major: major.parse().map_err(D::Error::custom)?, minor: minor.parse().map_err(D::Error::custom)? })
    }
}
