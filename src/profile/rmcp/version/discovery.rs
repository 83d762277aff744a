//! Where the rmcp version comes from: [`crate::profile::release::discover`]'s sequence
//! (`--rmcp-version`, the Cargo.lock, the Cargo.toml, the newest reproduced release) over
//! rmcp's data; what rmcp reads beside it (rmcp-macros, schemars) is here.

use super::{Behaviour, Version, KNOWN_RELEASES, NEWEST_REPRODUCED, OLDEST_READ};
use crate::diagnostics::{Code, Diagnostic};
pub use crate::profile::release::Origin;
use crate::profile::release::{self, Discovered, Lock, ReleaseFlag, Sdk, SdkReleases};

/// rmcp as release discovery sees it: a lock naming rmcp-macros or schemars (and not rmcp) is
/// still the one to read them from, and its rmcp-macros stands for rmcp.
pub const RMCP: SdkReleases = SdkReleases {
    sdk: Sdk { package: "rmcp", lock_names: &["rmcp", "rmcp-macros", "schemars"] },
    stand_ins: &["rmcp-macros"],
    known: KNOWN_RELEASES,
    reproduced: (OLDEST_READ.0, NEWEST_REPRODUCED),
    flag: ReleaseFlag::Rmcp,
    code: Code::RmcpVersion,
};

/// The versions the run reproduces, and where they come from.
#[derive(Debug, Clone)]
pub struct Versions {
    pub rmcp: Version,
    pub macros: Version,
    pub schemars: Option<Version>,
    pub origin: Origin,
    /// Warnings of the companion crates (rmcp-macros outside the reproduced range, an old
    /// schemars).
    pub warnings: Vec<Diagnostic>,
}

impl Versions {
    pub fn behaviour(&self) -> Behaviour {
        Behaviour::of(self.rmcp, self.macros)
    }

    /// The `--verbose` note.
    pub fn note(&self) -> String {
        let schemars = self.schemars.map_or("unknown".to_owned(), |v| v.to_string());
        format!("rmcp {} (rmcp-macros {}, schemars {schemars}) {}", self.rmcp, self.macros, self.origin.words(&RMCP))
    }

    /// The release reproduced, as the run's provenance tells it.
    pub fn release(&self) -> crate::provenance::SdkRelease {
        RMCP.sdk.release(self.rmcp, self.note())
    }
}

impl Versions {
    /// The versions of what discovery found: rmcp-macros and schemars as the lock's rmcp
    /// depends on them (rmcp-macros: the release itself, unless the lock says), with their
    /// warnings (discovery's own are not repeated here).
    pub fn of(found: &Discovered) -> Versions {
        let (rmcp, schemars) = (found.version, found.lock.as_ref().and_then(|l| companion(l, "schemars")));
        let macros = match found.origin {
            Origin::Lock(_) => found.lock.as_ref().and_then(|l| companion(l, "rmcp-macros")).unwrap_or(rmcp),
            _ => rmcp,
        };
        let mut out = Versions { rmcp, macros, schemars, origin: found.origin.clone(), warnings: Vec::new() };
        let macros_range = (OLDEST_READ.1, NEWEST_REPRODUCED);
        out.warnings.extend(release::outside_range(&RMCP, "rmcp-macros", out.macros, macros_range));
        out.warnings.extend(schemars_warning(&out));
        out
    }
}

/// `name` as the locked rmcp depends on it, else as locked.
fn companion(lock: &Lock, name: &str) -> Option<Version> {
    let rmcp = lock.version("rmcp");
    rmcp.and_then(|v| lock.dependency_of("rmcp", v, name)).or_else(|| lock.version(name))
}

/// A warning when the locked schemars is older than the 1.2 the profile reproduces (rmcp before
/// 0.3 drives schemars 0.8, which the profile reproduces as such).
fn schemars_warning(v: &Versions) -> Option<Diagnostic> {
    let schemars = v.schemars.filter(|_| v.behaviour().schema.schemars08.is_none())?;
    (schemars < Version(1, 2, 0)).then(|| {
        Diagnostic::warning(
            Code::SchemarsVersion,
            format!("schemars {schemars} is locked: the profile reproduces schemars 1.2.x, and older releases differ (maps with enum keys, flattened enums, `extend`)"),
        )
        .with_help("run `cargo update -p schemars` to lock schemars 1.2 or newer")
    })
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

    /// The versions, with every warning: discovery's, then the companions'.
    fn versions_of(dir: &Path, override_version: Option<&str>) -> Versions {
        let ws = crate::source::load(&[dir.to_path_buf()], &[]).unwrap();
        let found = release::discover(&ws, &RMCP, override_version).unwrap();
        let mut v = Versions::of(&found);
        v.warnings.splice(0..0, found.warnings);
        v
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
