//! Where the versions come from: `--sdk-version`, else the Cargo.lock (the crate's or a
//! parent's: rust-mcp-sdk and the rust-mcp-macros and rust-mcp-schema it depends on), else the
//! Cargo.toml requirement resolved against the known releases (or a path dependency's version),
//! else the newest reproduced release, with a warning. The search is [`crate::profile::release`]'s.

use super::table::{companions, Behaviour, SDK_RELEASES};
use super::{Version, NEWEST_REPRODUCED, OLDEST_REPRODUCED};
use crate::diagnostics::{Code, Diagnostic};
use crate::profile::release::{self, Declared, Sdk};
use crate::source::Workspace;

const SDK: Sdk = Sdk { package: "rust-mcp-sdk", lock_names: &["rust-mcp-sdk"] };

/// The three versions a run reproduces.
#[derive(Debug, Clone)]
pub struct Versions {
    pub sdk: Version,
    pub macros: Version,
    pub schema: Version,
    /// Where they were read, for `--verbose`.
    pub origin: String,
    /// Warnings to report (an assumed version, a release outside the reproduced range).
    pub warnings: Vec<Diagnostic>,
}

impl Versions {
    pub fn behaviour(&self) -> Behaviour {
        Behaviour::of(self.macros, self.schema)
    }

    pub fn note(&self) -> String {
        format!(
            "rust-mcp-sdk {} (rust-mcp-macros {}, rust-mcp-schema {}) {}",
            self.sdk, self.macros, self.schema, self.origin
        )
    }

    /// The release reproduced, as the run's provenance tells it.
    pub fn release(&self) -> crate::SdkRelease {
        SDK.release(self.sdk, self.note())
    }
}

/// The versions for the workspace; an override that is not a release number is an error.
pub fn read(ws: &Workspace, override_version: Option<&str>) -> Result<Versions, Diagnostic> {
    let mut out = match override_version {
        Some(text) => {
            let Some(sdk) = Version::parse(text) else {
                return Err(Diagnostic::error(
                    Code::SdkVersion,
                    format!("--sdk-version `{text}` is not a rust-mcp-sdk release number (X.Y.Z)"),
                )
                .with_help(format!("the profile reproduces {OLDEST_REPRODUCED} to {NEWEST_REPRODUCED}")));
            };
            let (macros, schema) = companions(sdk);
            Versions { sdk, macros, schema, origin: "from --sdk-version".into(), warnings: Vec::new() }
        }
        None => from_lock(ws).or_else(|| from_manifest(ws)).unwrap_or_else(|| {
            let (macros, schema) = companions(NEWEST_REPRODUCED);
            Versions {
                sdk: NEWEST_REPRODUCED,
                macros,
                schema,
                origin: "assumed".into(),
                warnings: vec![sdk_version(format!(
                    "no Cargo.lock or Cargo.toml tells the rust-mcp-sdk version; assuming {NEWEST_REPRODUCED} (set it with --sdk-version)"
                ))
                .with_help("give the crate whose Cargo.toml depends on rust-mcp-sdk, or set `--sdk-version`")],
            }
        }),
    };
    if out.sdk < OLDEST_REPRODUCED || out.sdk > NEWEST_REPRODUCED {
        out.warnings.push(
            sdk_version(format!(
                "rust-mcp-sdk {} is outside {OLDEST_REPRODUCED} to {NEWEST_REPRODUCED}, the releases this profile reproduces; listing as the nearest one would",
                out.sdk
            ))
            .with_help(format!("lock rust-mcp-sdk {OLDEST_REPRODUCED} to {NEWEST_REPRODUCED}, or check the manifest against the running server's `tools/list`")),
        );
    }
    Ok(out)
}

/// The lock's rust-mcp-sdk, and the macros and schema releases it depends on (else those the
/// release comes with).
fn from_lock(ws: &Workspace) -> Option<Versions> {
    let lock = release::find_lock(ws, &SDK)?;
    let sdk = lock.version(SDK.package)?;
    let (default_macros, default_schema) = companions(sdk);
    let macros = lock.dependency_of(SDK.package, sdk, "rust-mcp-macros").unwrap_or(default_macros);
    let schema = lock.dependency_of(SDK.package, sdk, "rust-mcp-schema").unwrap_or(default_schema);
    Some(Versions { sdk, macros, schema, origin: format!("from {}", lock.path.display()), warnings: Vec::new() })
}

/// What the Cargo.toml says: a requirement (`rust-mcp-sdk = "0.8"`) resolved to the newest
/// release it allows, or a path dependency's version.
fn from_manifest(ws: &Workspace) -> Option<Versions> {
    let releases: Vec<Version> = SDK_RELEASES.iter().map(|r| r.0).collect();
    let (sdk, origin, warning) = match release::declared(ws, &SDK, &releases)? {
        Declared::Requirement { version, requirement, manifest } => (
            version,
            format!("resolved from \"{requirement}\""),
            format!(
                "no Cargo.lock names rust-mcp-sdk; assuming {version}, the newest release that \"{requirement}\" in {} allows",
                manifest.display()
            ),
        ),
        Declared::PathDependency { version, manifest } => (
            version,
            format!("from the path dependency {}", manifest.display()),
            format!("no Cargo.lock names rust-mcp-sdk; using the version of the path dependency {}", manifest.display()),
        ),
    };
    let (macros, schema) = companions(sdk);
    let warning = sdk_version(warning)
        .with_help("run `cargo generate-lockfile` (or any cargo build) so a Cargo.lock tells the release");
    Some(Versions { sdk, macros, schema, origin, warnings: vec![warning] })
}

/// A warning about the rust-mcp-sdk release read.
fn sdk_version(message: String) -> Diagnostic {
    Diagnostic::warning(Code::SdkVersion, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requirements_resolve_to_the_newest_allowed_release() {
        let releases: Vec<Version> = SDK_RELEASES.iter().map(|r| r.0).collect();
        let r = |s: &str| release::resolve_requirement(s, &releases).map(|v| v.to_string());
        assert_eq!(r("0.8").as_deref(), Some("0.8.3"));
        assert_eq!(r("1").as_deref(), Some("1.1.0"));
        assert_eq!(r("=1.0.1").as_deref(), Some("1.0.1"));
        assert_eq!(r("99"), None);
    }
}
