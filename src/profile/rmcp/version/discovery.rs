//! Where the rmcp version comes from: `--rmcp-version`, the Cargo.lock (the crate's or a
//! parent's), else the Cargo.toml requirement (workspace, renamed and path dependencies) resolved
//! against the known releases, else the newest reproduced release with a warning. The search is
//! [`crate::profile::release`]'s; what rmcp reads beside it (rmcp-macros, schemars) is here.

use std::path::PathBuf;

use super::{Behaviour, Version, KNOWN_RELEASES, NEWEST_REPRODUCED, OLDEST_READ};
use crate::diagnostics::{Code, Diagnostic};
use crate::profile::release::{self, Declared, Sdk};
use crate::source::Workspace;

/// Where a version was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// `--rmcp-version` or the configuration.
    Override,
    Lock(PathBuf),
    /// A Cargo.toml requirement resolved to the newest release it allows.
    Requirement {
        manifest: PathBuf,
        requirement: String,
    },
    /// The version of a path dependency's own Cargo.toml.
    PathDependency(PathBuf),
    /// Nothing found: the newest reproduced release.
    Assumed,
}

/// The versions the run reproduces, and where they come from.
#[derive(Debug, Clone)]
pub struct Versions {
    pub rmcp: Version,
    pub macros: Version,
    pub schemars: Option<Version>,
    pub origin: Origin,
    /// Warnings to report (an assumed version, a release the profile does not reproduce…).
    pub warnings: Vec<Diagnostic>,
}

impl Versions {
    pub fn behaviour(&self) -> Behaviour {
        Behaviour::of(self.rmcp, self.macros)
    }

    /// The `--verbose` note.
    pub fn note(&self) -> String {
        let schemars = self.schemars.map_or("unknown".to_owned(), |v| v.to_string());
        let from = match &self.origin {
            Origin::Override => "from --rmcp-version".to_owned(),
            Origin::Lock(p) => format!("from {}", p.display()),
            Origin::Requirement { manifest, requirement } => {
                format!("resolved from the requirement \"{requirement}\" in {}", manifest.display())
            }
            Origin::PathDependency(p) => format!("from the path dependency {}", p.display()),
            Origin::Assumed => "assumed: no Cargo.lock or Cargo.toml names rmcp".to_owned(),
        };
        format!("rmcp {} (rmcp-macros {}, schemars {schemars}) {from}", self.rmcp, self.macros)
    }

    /// The release reproduced, as the run's provenance tells it.
    pub fn release(&self) -> crate::SdkRelease {
        RMCP.release(self.rmcp, self.note())
    }
}

/// Read the versions for the workspace, or take the override.
pub fn read(ws: &Workspace, override_version: Option<&str>) -> Versions {
    let mut out = if let Some(text) = override_version {
        match Version::parse(text).or_else(|| resolve_requirement(text)) {
            Some(v) => {
                let schemars = lock_versions(ws).and_then(|l| l.schemars);
                Versions { rmcp: v, macros: v, schemars, origin: Origin::Override, warnings: Vec::new() }
            }
            None => {
                let mut v = from_sources(ws);
                v.warnings.push(
                    rmcp_version(format!(
                        "--rmcp-version `{text}` is not a version (X.Y.Z); using rmcp {} instead",
                        v.rmcp
                    ))
                    .with_help(format!("give a release number, such as `--rmcp-version {NEWEST_REPRODUCED}`")),
                );
                v
            }
        }
    } else {
        from_sources(ws)
    };
    for (what, v, oldest) in [("rmcp", out.rmcp, OLDEST_READ.0), ("rmcp-macros", out.macros, OLDEST_READ.1)] {
        if v < oldest {
            out.warnings.push(
                rmcp_version(format!(
                    "{what} {v} is older than {oldest}, the oldest release this profile reproduces; the tools are listed as {oldest} lists them"
                ))
                .with_help(format!("upgrade rmcp to {oldest} or newer (`cargo update -p rmcp` after raising the requirement in Cargo.toml)")),
            );
        } else if v > NEWEST_REPRODUCED {
            out.warnings.push(
                rmcp_version(format!(
                    "{what} {v} is newer than {NEWEST_REPRODUCED}, the newest release this profile reproduces; the tools are listed as {NEWEST_REPRODUCED} lists them"
                ))
                .with_help(format!("check the manifest against the running server's `tools/list`, or pin `rmcp = \"={NEWEST_REPRODUCED}\"` in Cargo.toml")),
            );
        }
    }
    // rmcp before 0.3 drives schemars 0.8, which the profile reproduces as such.
    let schemars_1 = out.behaviour().schema.schemars08.is_none();
    if let Some(s) = out.schemars.filter(|_| schemars_1) {
        if s < Version(1, 2, 0) {
            out.warnings.push(
                Diagnostic::warning(
                    Code::SchemarsVersion,
                    format!("schemars {s} is locked: the profile reproduces schemars 1.2.x, and older releases differ (maps with enum keys, flattened enums, `extend`)"),
                )
                .with_help("run `cargo update -p schemars` to lock schemars 1.2 or newer"),
            );
        }
    }
    out
}

/// The SDK as release discovery sees it: a lock naming rmcp-macros or schemars (and not rmcp)
/// is still the one to read them from.
const RMCP: Sdk = Sdk { package: "rmcp", lock_names: &["rmcp", "rmcp-macros", "schemars"] };

/// The three versions read from a Cargo.lock, with its path.
struct Locked {
    path: PathBuf,
    rmcp: Option<Version>,
    macros: Option<Version>,
    schemars: Option<Version>,
}

/// rmcp-macros and schemars as the locked rmcp depends on them, else as locked.
fn lock_versions(ws: &Workspace) -> Option<Locked> {
    let lock = release::find_lock(ws, &RMCP)?;
    let rmcp = lock.version("rmcp");
    let of_rmcp = |name: &str| rmcp.and_then(|v| lock.dependency_of("rmcp", v, name)).or_else(|| lock.version(name));
    let (macros, schemars) = (of_rmcp("rmcp-macros"), of_rmcp("schemars"));
    Some(Locked { path: lock.path, rmcp, macros, schemars })
}

fn from_sources(ws: &Workspace) -> Versions {
    let lock = lock_versions(ws);
    let schemars = lock.as_ref().and_then(|l| l.schemars);
    if let Some(l) = &lock {
        if let Some(rmcp) = l.rmcp.or(l.macros) {
            let macros = l.macros.unwrap_or(rmcp);
            return Versions { rmcp, macros, schemars, origin: Origin::Lock(l.path.clone()), warnings: Vec::new() };
        }
    }
    match release::declared(ws, &RMCP, KNOWN_RELEASES) {
        Some(Declared::PathDependency { version: v, manifest: path }) => {
            let warnings = vec![rmcp_version(format!(
                "no Cargo.lock names rmcp; using the version of the path dependency {}",
                from_here(&path)
            ))
            .with_help(LOCK_HELP)];
            Versions { rmcp: v, macros: v, schemars, origin: Origin::PathDependency(path), warnings }
        }
        Some(Declared::Requirement { version: v, requirement, manifest }) => {
            let warnings = vec![rmcp_version(format!(
                "no Cargo.lock names rmcp; assuming rmcp {v}, the newest release that \"{requirement}\" in {} allows",
                from_here(&manifest)
            ))
            .with_help(LOCK_HELP)];
            Versions { rmcp: v, macros: v, schemars, origin: Origin::Requirement { manifest, requirement }, warnings }
        }
        None => Versions {
            rmcp: NEWEST_REPRODUCED,
            macros: NEWEST_REPRODUCED,
            schemars,
            origin: Origin::Assumed,
            warnings: vec![rmcp_version(format!(
                "no Cargo.lock or Cargo.toml tells the rmcp version; assuming {NEWEST_REPRODUCED} (set it with --rmcp-version)"
            ))
            .with_help("give the crate whose Cargo.toml depends on rmcp, or set `--rmcp-version`")],
        },
    }
}

/// What to do when no Cargo.lock tells the release.
const LOCK_HELP: &str = "run `cargo generate-lockfile` (or any cargo build) so a Cargo.lock tells the release";

/// A warning about the rmcp release read.
fn rmcp_version(message: String) -> Diagnostic {
    Diagnostic::warning(Code::RmcpVersion, message)
}

/// A path as the user reads it: from the current directory when it is below it (the workspace
/// root's Cargo.toml found above a member is otherwise an absolute path).
fn from_here(path: &std::path::Path) -> String {
    let here = std::env::current_dir().ok();
    let relative = here.as_deref().and_then(|d| path.strip_prefix(d).ok());
    relative.unwrap_or(path).display().to_string()
}

/// The newest known rmcp release that a Cargo requirement allows.
pub fn resolve_requirement(req: &str) -> Option<Version> {
    release::resolve_requirement(req, KNOWN_RELEASES)
}

#[cfg(test)]
mod requirement_tests {
    use super::*;

    #[test]
    fn requirements_resolve_to_the_newest_allowed_release() {
        let r = |s: &str| resolve_requirement(s).map(|v| v.to_string());
        assert_eq!(r("0.8").as_deref(), Some("0.8.5"));
        assert_eq!(r("0.6").as_deref(), Some("0.6.4"));
        assert_eq!(r("=3.11.0").as_deref(), Some("3.11.0"));
        assert_eq!(r("=0.6.0").as_deref(), Some("0.6.0"));
        assert_eq!(r("1").as_deref(), Some("1.8.0"));
        assert_eq!(r("^1.2").as_deref(), Some("1.8.0"));
        assert_eq!(r("~3.4").as_deref(), Some("3.4.1"));
        assert_eq!(r(">=0.9, <0.12").as_deref(), Some("0.11.0"));
        assert_eq!(r("3.4.0").as_deref(), Some("3.11.0"));
        assert_eq!(r("0.9.0").as_deref(), Some("0.9.1"));
        assert_eq!(r("*").as_deref(), Some("3.11.0"));
        assert_eq!(r("0.1.*").as_deref(), Some("0.1.5"));
        assert_eq!(r(" 0.6.1 ").as_deref(), Some("0.6.4"));
        assert_eq!(r("99"), None);
        assert_eq!(r("nonsense"), None);
    }
}

#[cfg(test)]
mod reading_tests {
    use std::path::Path;

    use super::*;

    fn write(dir: &Path, path: &str, text: &str) {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }

    fn versions_of(dir: &Path, override_version: Option<&str>) -> Versions {
        let ws = crate::source::load(&[dir.to_path_buf()], &[]).unwrap();
        read(&ws, override_version)
    }

    const MAIN: &str = "fn main() {}\n";

    #[test]
    fn the_lock_wins_and_names_the_crates_own_rmcp() {
        let d = tempfile::tempdir().unwrap();
        write(
            d.path(),
            "Cargo.toml",
            "[package]\nname = \"app\"\nversion = \"0.1.0\"\n[dependencies]\nrmcp = \"0.8\"\n",
        );
        write(d.path(), "src/main.rs", MAIN);
        write(
            d.path(),
            "Cargo.lock",
            "[[package]]\nname = \"app\"\nversion = \"0.1.0\"\ndependencies = [\"rmcp 0.8.5\", \"other\"]\n\n\
             [[package]]\nname = \"other\"\nversion = \"1.0.0\"\ndependencies = [\"rmcp 3.11.0\"]\n\n\
             [[package]]\nname = \"rmcp\"\nversion = \"0.8.5\"\ndependencies = [\"rmcp-macros 0.8.5\", \"schemars 1.0.4\"]\n\n\
             [[package]]\nname = \"rmcp\"\nversion = \"3.11.0\"\ndependencies = [\"rmcp-macros 3.11.0\", \"schemars 1.2.3\"]\n\n\
             [[package]]\nname = \"rmcp-macros\"\nversion = \"0.8.5\"\n\n[[package]]\nname = \"rmcp-macros\"\nversion = \"3.11.0\"\n\n\
             [[package]]\nname = \"schemars\"\nversion = \"1.0.4\"\n\n[[package]]\nname = \"schemars\"\nversion = \"1.2.3\"\n",
        );
        let v = versions_of(d.path(), None);
        assert_eq!((v.rmcp, v.macros, v.schemars), (Version(0, 8, 5), Version(0, 8, 5), Some(Version(1, 0, 4))));
        assert!(matches!(v.origin, Origin::Lock(_)));
        let schemars = v.warnings.iter().find(|w| w.message.contains("schemars 1.0.4")).expect("a schemars warning");
        assert_eq!(schemars.code, Code::SchemarsVersion);
        assert!(schemars.help.as_deref().is_some_and(|h| h.contains("cargo update -p schemars")));
        assert!(v.note().contains("rmcp 0.8.5") && v.note().contains("Cargo.lock"));
        let v = versions_of(d.path(), Some("1.4.0"));
        assert_eq!((v.rmcp, v.macros, v.origin), (Version(1, 4, 0), Version(1, 4, 0), Origin::Override));
    }

    #[test]
    fn workspace_members_read_the_root_lock_and_workspace_requirements() {
        let d = tempfile::tempdir().unwrap();
        write(
            d.path(),
            "Cargo.toml",
            "[workspace]\nmembers = [\"srv\"]\n[workspace.dependencies]\nrmcp = { version = \"0.6\" }\n",
        );
        write(
            d.path(),
            "srv/Cargo.toml",
            "[package]\nname = \"srv\"\nversion = \"0.1.0\"\n[dependencies]\nrmcp = { workspace = true }\n",
        );
        write(d.path(), "srv/src/main.rs", MAIN);
        let v = versions_of(d.path(), None);
        assert_eq!(v.rmcp, Version(0, 6, 4));
        assert!(matches!(v.origin, Origin::Requirement { .. }));
        assert_eq!(v.warnings.len(), 1);
        write(d.path(), "Cargo.lock", "[[package]]\nname = \"srv\"\nversion = \"0.1.0\"\ndependencies = [\"rmcp\"]\n\n[[package]]\nname = \"rmcp\"\nversion = \"0.6.1\"\n");
        let v = versions_of(&d.path().join("srv"), None);
        assert_eq!((v.rmcp, v.macros), (Version(0, 6, 1), Version(0, 6, 1)));
        assert!(v.warnings.is_empty());
    }

    #[test]
    fn renamed_and_path_dependencies() {
        let d = tempfile::tempdir().unwrap();
        write(d.path(), "app/Cargo.toml", "[package]\nname = \"app\"\nversion = \"0.1.0\"\n[target.'cfg(unix)'.dependencies]\nmcp = { package = \"rmcp\", version = \"=3.4.0\" }\n");
        write(d.path(), "app/src/main.rs", MAIN);
        assert_eq!(versions_of(&d.path().join("app"), None).rmcp, Version(3, 4, 0));
        write(
            d.path(),
            "app/Cargo.toml",
            "[package]\nname = \"app\"\nversion = \"0.1.0\"\n[dependencies]\nrmcp = { path = \"../rmcp\" }\n",
        );
        write(d.path(), "rmcp/Cargo.toml", "[package]\nname = \"rmcp\"\nversion = \"1.2.0\"\n");
        let v = versions_of(&d.path().join("app"), None);
        assert_eq!(v.rmcp, Version(1, 2, 0));
        assert!(matches!(v.origin, Origin::PathDependency(_)));
        write(d.path(), "app/Cargo.toml", "[package]\nname = \"app\"\nversion = \"0.1.0\"\n");
        let v = versions_of(&d.path().join("app"), None);
        assert_eq!((v.rmcp, v.origin.clone()), (NEWEST_REPRODUCED, Origin::Assumed));
        assert!(!v.warnings.is_empty());
    }
}
