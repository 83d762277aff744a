//! The template every profile runs in, as typeshare's `Language::generate_types` is for its
//! languages: what every SDK does is written here once, and a profile supplies hooks.
//!
//! 1. The SDK release ([`release::discover`] over the profile's [`SdkReleases`]), described by
//!    the profile's [`Profile::release`] hook (its companion crates, their warnings); a release
//!    flag that names no release is an error, the same for every SDK.
//! 2. The key order: for an SDK whose listing keeps serde_json's key order, whether the
//!    server's build turns `preserve_order` on (from the SDK release that does it itself, else
//!    from the build's resolved feature graph, with a note).
//! 3. The peer's protocol (`--protocol`), for an SDK whose listing depends on it: an error when
//!    it is not a date, a warning when it is an unknown one.
//! 4. The profile's [`Profile::list`] hook: its tools, with the facts above in [`Run`].

use super::protocol::{peer_protocol, LATEST_PROTOCOL};
use super::release::{self, Discovered, SdkReleases, Version};
use super::{serde_json_keeps_insertion_order, Profile, ProfileRun};
use crate::diagnostics::Diagnostic;
use crate::options::ProfileOptions;
use crate::source::Workspace;

/// What the template worked out for a profile's [`Profile::list`], and what the run has told so
/// far (`out`), which the hook adds to.
pub struct Run<'a> {
    pub ws: &'a Workspace,
    pub options: &'a ProfileOptions,
    /// What release discovery found, for a profile whose SDK has releases.
    pub release: Option<Discovered>,
    /// Whether the server's serde_json keeps keys in insertion order ([`JsonOrder::SerdeJson`]);
    /// `false` for an SDK with an order of its own.
    pub insertion_order: bool,
    /// The peer's protocol version (the newest when none is given, or when the SDK's listing
    /// does not depend on it).
    pub protocol: String,
    pub out: ProfileRun,
}

/// How an SDK orders the keys of the objects it lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JsonOrder {
    /// Its own order, whatever serde_json does (pydantic's, rust-mcp-sdk's derive).
    Own,
    /// serde_json's: insertion order when the server's build turns `preserve_order` on, else
    /// sorted. From the release `preserved_since` on, the SDK turns it on itself; whether its own
    /// crates (`sdk_crates`) do is the release's word, not the lock's (which may hold another).
    SerdeJson { preserved_since: Option<Version>, sdk_crates: &'static [&'static str] },
}

/// A release as the profile describes it: its provenance (with the `--verbose` note) and the
/// warnings its companion crates give (discovery's own come first).
pub struct Described {
    pub release: crate::provenance::SdkRelease,
    pub warnings: Vec<Diagnostic>,
}

/// Run `profile` over `ws`: the template's steps, then the profile's hook.
pub fn run(profile: &dyn Profile, ws: &Workspace, options: &ProfileOptions) -> ProfileRun {
    let info = profile.info();
    let mut out = ProfileRun::default();
    let release = match info.releases {
        Some(sdk) => match release::discover(ws, sdk, options.release_override(sdk)) {
            Ok(found) => {
                let described = profile.release(&found);
                out.reproduces(described.release, &found.warnings);
                out.diagnostics.0.extend(described.warnings);
                Some(found)
            }
            Err(d) => return ProfileRun::failed(d),
        },
        None => None,
    };
    let insertion_order = match info.json_order {
        JsonOrder::Own => false,
        JsonOrder::SerdeJson { preserved_since, sdk_crates } => {
            let by_the_sdk = preserved_since.zip(release.as_ref()).is_some_and(|(since, r)| r.version >= since);
            by_the_sdk || serde_json_keeps_insertion_order(ws, sdk_crates, &mut out.notes)
        }
    };
    let protocol = if info.reads_protocol {
        match peer_protocol(options.protocol.as_deref()) {
            Ok((protocol, warning)) => {
                out.diagnostics.0.extend(warning);
                protocol
            }
            Err(d) => {
                out.diagnostics.push(d);
                return out;
            }
        }
    } else {
        LATEST_PROTOCOL.to_owned()
    };
    let mut run = Run { ws, options, release, insertion_order, protocol, out };
    run.out.manifest = profile.list(&mut run);
    run.out
}

impl ProfileOptions {
    /// The release the user gave for `sdk` (its flag's value), if any.
    pub fn release_override(&self, sdk: &SdkReleases) -> Option<&str> {
        match sdk.flag {
            release::ReleaseFlag::Rmcp => self.rmcp_version.as_deref(),
            release::ReleaseFlag::Sdk => self.sdk_version.as_deref(),
        }
    }
}
