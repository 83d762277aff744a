//! Where the versions come from: `--sdk-version`, else the Cargo.lock (the crate's or a
//! parent's: rust-mcp-sdk and the rust-mcp-macros and rust-mcp-schema it depends on), else the
//! Cargo.toml requirement resolved against the known releases, else the newest reproduced
//! release, with a warning.

use std::path::PathBuf;

use super::table::{companions, Behaviour, SDK_RELEASES};
use super::{Version, NEWEST_REPRODUCED, OLDEST_REPRODUCED};
use crate::diagnostics::{Code, Diagnostic};
use crate::source::{find_lock, DependencySpec, LockedPackage, Workspace};

const SDK: &str = "rust-mcp-sdk";

/// The three versions a run reproduces.
#[derive(Debug, Clone)]
pub struct Versions {
    pub sdk: Version,
    pub macros: Version,
    pub schema: Version,
    /// Where they were read, for `--verbose`.
    pub origin: String,
    /// Warnings to report (an assumed version, a release outside the reproduced range).
    pub warnings: Vec<String>,
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
        None => from_lock(ws).or_else(|| from_requirement(ws)).unwrap_or_else(|| {
            let (macros, schema) = companions(NEWEST_REPRODUCED);
            Versions {
                sdk: NEWEST_REPRODUCED,
                macros,
                schema,
                origin: "assumed".into(),
                warnings: vec![format!(
                    "no Cargo.lock or Cargo.toml tells the rust-mcp-sdk version; assuming {NEWEST_REPRODUCED} (set it with --sdk-version)"
                )],
            }
        }),
    };
    if out.sdk < OLDEST_REPRODUCED || out.sdk > NEWEST_REPRODUCED {
        out.warnings.push(format!(
            "rust-mcp-sdk {} is outside {OLDEST_REPRODUCED} to {NEWEST_REPRODUCED}, the releases this profile reproduces; listing as the nearest one would",
            out.sdk
        ));
    }
    Ok(out)
}

/// The lock's rust-mcp-sdk, and the macros and schema releases it depends on.
fn from_lock(ws: &Workspace) -> Option<Versions> {
    let mut dirs: Vec<PathBuf> = ws.packages.iter().map(|m| m.dir.clone()).collect();
    dirs.push(ws.root.clone());
    for dir in dirs {
        let Some((path, pkgs)) = find_lock(&dir) else { continue };
        let Some(sdk_entry) = newest(&pkgs, SDK) else { continue };
        let sdk = Version::parse(&sdk_entry.version)?;
        let (default_macros, default_schema) = companions(sdk);
        let macros = dependency_version(&pkgs, sdk_entry, "rust-mcp-macros").unwrap_or(default_macros);
        let schema = dependency_version(&pkgs, sdk_entry, "rust-mcp-schema").unwrap_or(default_schema);
        return Some(Versions {
            sdk,
            macros,
            schema,
            origin: format!("from {}", path.display()),
            warnings: Vec::new(),
        });
    }
    None
}

fn newest<'p>(pkgs: &'p [LockedPackage], name: &str) -> Option<&'p LockedPackage> {
    pkgs.iter().filter(|p| p.name == name).max_by_key(|p| Version::parse(&p.version))
}

/// The version of `name` that `owner` depends on (`"name X.Y.Z"`, or a bare `"name"` when only
/// one is locked).
fn dependency_version(pkgs: &[LockedPackage], owner: &LockedPackage, name: &str) -> Option<Version> {
    owner.dependencies.iter().find_map(|dep| {
        let mut parts = dep.split_whitespace();
        if parts.next() != Some(name) {
            return None;
        }
        match parts.next() {
            Some(v) => Version::parse(v),
            None => newest(pkgs, name).and_then(|p| Version::parse(&p.version)),
        }
    })
}

/// A Cargo.toml requirement (`rust-mcp-sdk = "0.8"`) resolved to the newest release it allows.
fn from_requirement(ws: &Workspace) -> Option<Versions> {
    for m in &ws.packages {
        let Some(spec) = m.dependency_requirement(SDK) else { continue };
        let req = match spec {
            DependencySpec::Version(req) => req,
            DependencySpec::Workspace => {
                let Some(req) = m.workspace_root().and_then(|r| r.workspace_dependency_requirement(SDK)) else {
                    continue;
                };
                req
            }
            DependencySpec::Other => continue,
        };
        let Some(sdk) = resolve_requirement(&req) else { continue };
        let (macros, schema) = companions(sdk);
        let warning = format!(
            "no Cargo.lock names rust-mcp-sdk; assuming {sdk}, the newest release that \"{req}\" in {} allows",
            m.path.display()
        );
        return Some(Versions {
            sdk,
            macros,
            schema,
            origin: format!("resolved from \"{req}\""),
            warnings: vec![warning],
        });
    }
    None
}

fn resolve_requirement(req: &str) -> Option<Version> {
    let req = semver::VersionReq::parse(req.trim()).ok()?;
    SDK_RELEASES.iter().rev().map(|r| r.0).find(|v| req.matches(&semver::Version::new(v.0, v.1, v.2)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requirements_resolve_to_the_newest_allowed_release() {
        let r = |s: &str| resolve_requirement(s).map(|v| v.to_string());
        assert_eq!(r("0.8").as_deref(), Some("0.8.3"));
        assert_eq!(r("1").as_deref(), Some("1.1.0"));
        assert_eq!(r("=1.0.1").as_deref(), Some("1.0.1"));
        assert_eq!(r("99"), None);
    }
}
