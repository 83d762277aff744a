//! Where the versions come from: [`crate::profile::release::discover`]'s sequence
//! (`--sdk-version`, the Cargo.lock, the Cargo.toml, the newest reproduced release) over
//! rust-mcp-sdk's data; the rust-mcp-macros and rust-mcp-schema it depends on are read from the
//! same lock, else are those the release comes with.

use super::table::{companions, Behaviour, KNOWN_RELEASES};
use super::{Version, NEWEST_REPRODUCED, OLDEST_REPRODUCED};
use crate::diagnostics::Code;
use crate::profile::release::{Discovered, Origin, ReleaseFlag, Sdk, SdkReleases};

/// rust-mcp-sdk as release discovery sees it.
pub const SDK: SdkReleases = SdkReleases {
    sdk: Sdk { package: "rust-mcp-sdk", lock_names: &["rust-mcp-sdk"] },
    stand_ins: &[],
    known: &KNOWN_RELEASES,
    reproduced: (OLDEST_REPRODUCED, NEWEST_REPRODUCED),
    flag: ReleaseFlag::Sdk,
    code: Code::SdkVersion,
};

/// The three versions a run reproduces.
#[derive(Debug, Clone)]
pub struct Versions {
    pub sdk: Version,
    pub macros: Version,
    pub schema: Version,
    /// Where they were read, for `--verbose`.
    pub origin: Origin,
}

impl Versions {
    pub fn behaviour(&self) -> Behaviour {
        Behaviour::of(self.macros, self.schema)
    }

    pub fn note(&self) -> String {
        format!(
            "rust-mcp-sdk {} (rust-mcp-macros {}, rust-mcp-schema {}) {}",
            self.sdk,
            self.macros,
            self.schema,
            self.origin.words(&SDK)
        )
    }

    /// The release reproduced, as the run's provenance tells it.
    pub fn release(&self) -> crate::provenance::SdkRelease {
        SDK.sdk.release(self.sdk, self.note())
    }
}

impl Versions {
    /// The versions of what discovery found: the macros and schema releases the lock's
    /// rust-mcp-sdk depends on, else those the release comes with.
    pub fn of(found: &Discovered) -> Versions {
        let sdk = found.version;
        let (mut macros, mut schema) = companions(sdk);
        if let (Origin::Lock(_), Some(lock)) = (&found.origin, &found.lock) {
            macros = lock.dependency_of(SDK.sdk.package, sdk, "rust-mcp-macros").unwrap_or(macros);
            schema = lock.dependency_of(SDK.sdk.package, sdk, "rust-mcp-schema").unwrap_or(schema);
        }
        Versions { sdk, macros, schema, origin: found.origin.clone() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requirements_resolve_to_the_newest_allowed_release() {
        let r = |s: &str| crate::profile::release::resolve_requirement(s, &KNOWN_RELEASES).map(|v| v.to_string());
        assert_eq!(r("0.8").as_deref(), Some("0.8.3"));
        assert_eq!(r("1").as_deref(), Some("1.1.0"));
        assert_eq!(r("=1.0.1").as_deref(), Some("1.0.1"));
        assert_eq!(r("99"), None);
    }
}
