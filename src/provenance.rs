//! What made a manifest: the profile that ran and the SDK release it reproduced, told without
//! `-v` and in every report.

use crate::ProfileChoice;

/// Which profile ran, and which SDK release it reproduced.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Provenance {
    /// The profile that ran (never `Auto`); `None` when no profile ran.
    pub profile: Option<ProfileChoice>,
    /// The SDK release the profile reproduced; `None` for a profile that reproduces no release
    /// of a Rust SDK (python-sdk), or when no profile ran.
    pub sdk: Option<SdkRelease>,
    /// The tools a stateless 2026-07-28 request also gets an outputSchema for (not an object:
    /// the listing written, an `initialize` client's, has none), in the manifest's order.
    pub other_view: Vec<String>,
}

/// An SDK release a profile reproduced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SdkRelease {
    /// The SDK's crate, as Cargo.toml names it (`rmcp`, `rust-mcp-sdk`).
    pub name: &'static str,
    /// The release, `X.Y.Z`.
    pub version: String,
    /// The SDK releases and where they were read, in words (`rmcp 3.11.0 (rmcp-macros 3.11.0,
    /// schemars 1.2.3) from Cargo.lock`), for reports that say what made a manifest.
    pub note: String,
}

impl Provenance {
    /// The profile as `--profile` spells it.
    pub fn profile_name(&self) -> Option<String> {
        self.profile.map(|profile| profile.name().to_owned())
    }

    /// The release reproduced of the SDK crate `name`, when that is the SDK the profile reproduces.
    pub fn version_of(&self, name: &str) -> Option<&str> {
        self.sdk.as_ref().filter(|sdk| sdk.name == name).map(|sdk| sdk.version.as_str())
    }
}

/// `profile rmcp (rmcp 3.11.0)`, `profile rust-mcp-sdk (rust-mcp-sdk 0.8.2)`, `profile python-sdk`.
impl std::fmt::Display for Provenance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "profile {}", self.profile_name().as_deref().unwrap_or("none"))?;
        match &self.sdk {
            Some(sdk) => write!(f, " ({} {})", sdk.name, sdk.version),
            None => Ok(()),
        }
    }
}
