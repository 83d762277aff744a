//! SDK release discovery, one sequence for every SDK ([`discover`]): the release the user gives
//! (`--rmcp-version`, `--sdk-version`, the configuration), else the Cargo.lock (the crate's or a
//! parent's) names it; where none does, the Cargo.toml's requirement (written in the package or
//! inherited from the workspace, renamed or not) resolves to the newest known release it allows,
//! or a path dependency gives its own version; else the newest reproduced release is assumed.
//! Every way but the lock and the override warns, and so does a release outside the reproduced
//! range. Each SDK gives its data ([`SdkReleases`]: crate names, releases, the flag and the code
//! of its warnings); what follows from the release (its companion crates, its behaviour) is its
//! profile's.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::diagnostics::{Code, Diagnostic};
use crate::source::{CargoManifest, DependencySpec, LockedPackage, Workspace};

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

/// What discovery needs to know of one SDK.
#[derive(Debug, Clone, Copy)]
pub struct Sdk {
    /// The SDK's package, as Cargo.toml and Cargo.lock name it.
    pub package: &'static str,
    /// The crates whose entry in a Cargo.lock makes it the lock to read: the SDK, and any
    /// companion the profile reads from the lock on its own.
    pub lock_names: &'static [&'static str],
}

impl Sdk {
    /// The release of this SDK a run reproduces, with `note` saying where it was read (for
    /// [`crate::provenance::Provenance`]).
    pub fn release(&self, version: Version, note: String) -> crate::provenance::SdkRelease {
        crate::provenance::SdkRelease { name: self.package, version: version.to_string(), note }
    }
}

/// What [`discover`] needs to know of one SDK: its crates, its releases, and how its users set
/// the release.
#[derive(Debug, Clone, Copy)]
pub struct SdkReleases {
    /// The SDK's crates.
    pub sdk: Sdk,
    /// Crates whose locked version stands for the SDK's when the lock names the SDK itself at
    /// no version of its own (rmcp-macros for rmcp).
    pub stand_ins: &'static [&'static str],
    /// Every published release (pre-releases left out), oldest first: what a requirement
    /// resolves against.
    pub known: &'static [Version],
    /// The oldest and the newest release the profile reproduces.
    pub reproduced: (Version, Version),
    /// The flag that sets the release.
    pub flag: ReleaseFlag,
    /// The code of the warnings and errors about the release read.
    pub code: Code,
}

/// The flag that sets an SDK's release.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReleaseFlag {
    /// `--rmcp-version` (the configuration's `rmcp-version`).
    Rmcp,
    /// `--sdk-version` (the configuration's `sdk-version`).
    Sdk,
}

impl ReleaseFlag {
    /// As the command line spells it.
    pub fn name(self) -> &'static str {
        match self {
            ReleaseFlag::Rmcp => "--rmcp-version",
            ReleaseFlag::Sdk => "--sdk-version",
        }
    }
}

impl fmt::Display for ReleaseFlag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where a release was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// The flag (or the configuration's key).
    Override,
    /// A Cargo.lock.
    Lock(PathBuf),
    /// A Cargo.toml requirement, resolved to the newest release it allows.
    Requirement { manifest: PathBuf, requirement: String },
    /// The version of a path dependency's own Cargo.toml.
    PathDependency(PathBuf),
    /// Nothing found: the newest reproduced release.
    Assumed,
}

impl Origin {
    /// Where the release of `sdk` was read, in words, for the `--verbose` note (`from Cargo.lock`).
    pub fn words(&self, sdk: &SdkReleases) -> String {
        match self {
            Origin::Override => format!("from {}", sdk.flag),
            Origin::Lock(p) => format!("from {}", p.display()),
            Origin::Requirement { manifest, requirement } => {
                format!("resolved from the requirement \"{requirement}\" in {}", manifest.display())
            }
            Origin::PathDependency(p) => format!("from the path dependency {}", p.display()),
            Origin::Assumed => format!("assumed: no Cargo.lock or Cargo.toml names {}", sdk.sdk.package),
        }
    }
}

/// The release [`discover`] found, where, the lock it read (companion crates are read from it),
/// and the warnings to report.
pub struct Discovered {
    pub version: Version,
    pub origin: Origin,
    /// The first Cargo.lock naming one of the SDK's crates, if any (also with an override).
    pub lock: Option<Lock>,
    pub warnings: Vec<Diagnostic>,
}

/// The release of `sdk` a run reproduces: `given` (a release, or a requirement resolved against
/// the known releases), else the lock's, else the Cargo.toml's, else the newest reproduced. A
/// `given` text that is neither is an error: the same for every SDK.
pub fn discover(ws: &Workspace, sdk: &SdkReleases, given: Option<&str>) -> Result<Discovered, Diagnostic> {
    let lock = find_lock(ws, &sdk.sdk);
    let (version, origin, mut warnings) = match given {
        Some(text) => (overridden(sdk, text)?, Origin::Override, Vec::new()),
        None => match lock.as_ref().and_then(|l| locked(sdk, l).map(|v| (v, l.path.clone()))) {
            Some((version, path)) => (version, Origin::Lock(path), Vec::new()),
            None => from_manifest(ws, sdk),
        },
    };
    warnings.extend(outside_range(sdk, sdk.sdk.package, version, sdk.reproduced));
    Ok(Discovered { version, origin, lock, warnings })
}

/// The release `text` names (`3.11.0`, or a requirement such as `0.8`), or the error saying it
/// names none.
fn overridden(sdk: &SdkReleases, text: &str) -> Result<Version, Diagnostic> {
    Version::parse(text).or_else(|| resolve_requirement(text, sdk.known)).ok_or_else(|| {
        let (oldest, newest) = sdk.reproduced;
        Diagnostic::error(
            sdk.code,
            format!("{} `{text}` is not a {} release number (X.Y.Z)", sdk.flag, sdk.sdk.package),
        )
        .with_help(format!("the profile reproduces {oldest} to {newest}"))
    })
}

/// The lock's release of the SDK, or of a stand-in crate.
fn locked(sdk: &SdkReleases, lock: &Lock) -> Option<Version> {
    std::iter::once(&sdk.sdk.package).chain(sdk.stand_ins).find_map(|name| lock.version(name))
}

/// What to do when no Cargo.lock tells the release.
const LOCK_HELP: &str = "run `cargo generate-lockfile` (or any cargo build) so a Cargo.lock tells the release";

/// The release the Cargo.toml tells (a requirement, a path dependency), else the newest
/// reproduced; a warning either way, since only a lock says what cargo built.
fn from_manifest(ws: &Workspace, sdk: &SdkReleases) -> (Version, Origin, Vec<Diagnostic>) {
    let package = sdk.sdk.package;
    let warning = |message: String| Diagnostic::warning(sdk.code, message);
    match declared(ws, &sdk.sdk, sdk.known) {
        Some(Declared::PathDependency { version, manifest }) => {
            let w = warning(format!(
                "no Cargo.lock names {package}; using the version of the path dependency {}",
                from_here(&manifest)
            ));
            (version, Origin::PathDependency(manifest), vec![w.with_help(LOCK_HELP)])
        }
        Some(Declared::Requirement { version, requirement, manifest }) => {
            let w = warning(format!(
                "no Cargo.lock names {package}; assuming {package} {version}, the newest release that \"{requirement}\" in {} allows",
                from_here(&manifest)
            ));
            (version, Origin::Requirement { manifest, requirement }, vec![w.with_help(LOCK_HELP)])
        }
        None => {
            let newest = sdk.reproduced.1;
            let w = warning(format!(
                "no Cargo.lock or Cargo.toml tells the {package} version; assuming {newest} (set it with {})",
                sdk.flag
            ))
            .with_help(format!("give the crate whose Cargo.toml depends on {package}, or set `{}`", sdk.flag));
            (newest, Origin::Assumed, vec![w])
        }
    }
}

/// A warning when `version` of the crate `what` (the SDK, or a companion of it) is outside
/// `range`, the releases the profile reproduces.
pub fn outside_range(sdk: &SdkReleases, what: &str, version: Version, range: (Version, Version)) -> Option<Diagnostic> {
    let (oldest, newest) = range;
    let package = sdk.sdk.package;
    if version < oldest {
        Some(Diagnostic::warning(
            sdk.code,
            format!("{what} {version} is older than {oldest}, the oldest release this profile reproduces; the tools are listed as {oldest} lists them"),
        )
        .with_help(format!("upgrade {package} to {oldest} or newer (`cargo update -p {package}` after raising the requirement in Cargo.toml)")))
    } else if version > newest {
        Some(Diagnostic::warning(
            sdk.code,
            format!("{what} {version} is newer than {newest}, the newest release this profile reproduces; the tools are listed as {newest} lists them"),
        )
        .with_help(format!("check the manifest against the running server's `tools/list`, or pin `{package} = \"={newest}\"` in Cargo.toml")))
    } else {
        None
    }
}

/// A path as the user reads it: from the current directory when it is below it (the workspace
/// root's Cargo.toml found above a member is otherwise an absolute path).
fn from_here(path: &Path) -> String {
    let here = std::env::current_dir().ok();
    let relative = here.as_deref().and_then(|d| path.strip_prefix(d).ok());
    relative.unwrap_or(path).display().to_string()
}

/// A Cargo.lock naming one of the SDK's crates.
pub struct Lock {
    pub path: PathBuf,
    packages: Vec<LockedPackage>,
    /// The package of the run this lock was found for, when it is one.
    own: Option<String>,
}

impl Lock {
    /// The locked version of `name`: the one the run's package depends on when several are
    /// locked, else the newest.
    pub fn version(&self, name: &str) -> Option<Version> {
        let owner = self.own.as_deref().and_then(|o| self.packages.iter().find(|p| p.name == o));
        owner.and_then(|owner| self.dependency(owner, name)).or_else(|| self.newest(name))
    }

    /// The version of `name` that the locked package `owner` at `version` depends on.
    pub fn dependency_of(&self, owner: &str, version: Version, name: &str) -> Option<Version> {
        let owner = self.packages.iter().find(|p| p.name == owner && Version::parse(&p.version) == Some(version))?;
        self.dependency(owner, name)
    }

    /// The version of `name` in `owner`'s dependencies (`"name X.Y.Z"`, or a bare `"name"` when
    /// only one is locked).
    fn dependency(&self, owner: &LockedPackage, name: &str) -> Option<Version> {
        owner.dependencies.iter().find_map(|dep| {
            let mut parts = dep.split_whitespace();
            if parts.next() != Some(name) {
                return None;
            }
            match parts.next() {
                Some(v) => Version::parse(v),
                None => self.newest(name),
            }
        })
    }

    fn newest(&self, name: &str) -> Option<Version> {
        self.packages.iter().filter(|p| p.name == name).filter_map(|p| Version::parse(&p.version)).max()
    }
}

/// The packages of the run, those depending on the SDK first.
fn packages<'w>(ws: &'w Workspace, sdk: &Sdk) -> Vec<&'w CargoManifest> {
    let mut all: Vec<&CargoManifest> = ws.packages.iter().map(|m| &**m).collect();
    all.sort_by_key(|m| m.dependency_requirement(sdk.package).is_none());
    all
}

/// The first Cargo.lock naming one of the SDK's crates: at or above the packages depending on
/// the SDK, then the others', then the workspace root's.
pub fn find_lock(ws: &Workspace, sdk: &Sdk) -> Option<Lock> {
    let packages = packages(ws, sdk);
    let dirs = packages.iter().map(|m| m.dir.clone()).chain(std::iter::once(ws.root.clone()));
    for dir in dirs {
        let Some((path, locked)) = crate::source::find_lock(&dir) else { continue };
        let own = packages.iter().find(|m| m.dir == dir).and_then(|m| m.package_name.clone());
        let lock = Lock { path, packages: locked, own };
        if sdk.lock_names.iter().any(|name| lock.version(name).is_some()) {
            return Some(lock);
        }
    }
    None
}

/// What a Cargo.toml says of the SDK where no lock does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Declared {
    /// A requirement, resolved to the newest known release it allows.
    Requirement {
        version: Version,
        requirement: String,
        /// The Cargo.toml it is written in (the workspace root's for `workspace = true`).
        manifest: PathBuf,
    },
    /// A path dependency: the version in that crate's own Cargo.toml.
    PathDependency { version: Version, manifest: PathBuf },
}

/// The first package of the run (those depending on the SDK first) whose Cargo.toml tells the
/// SDK's release; requirements resolve against `releases` (oldest first).
pub fn declared(ws: &Workspace, sdk: &Sdk, releases: &[Version]) -> Option<Declared> {
    for m in packages(ws, sdk) {
        let Some(spec) = m.dependency_requirement(sdk.package) else { continue };
        // A path dependency builds the crate at that path, whatever requirement it also
        // states (cargo only checks that the requirement allows it): its own version wins.
        let path_dependency = match spec {
            DependencySpec::Workspace => m.workspace_root().and_then(|root| {
                let table = root.raw.get("workspace").and_then(|w| w.get("dependencies")).cloned();
                path_dependency_version(&root, table.iter(), sdk.package)
            }),
            _ => path_dependency_version(m, &dependency_tables(m), sdk.package),
        };
        if let Some((version, manifest)) = path_dependency {
            return Some(Declared::PathDependency { version, manifest });
        }
        let (requirement, manifest) = match spec {
            DependencySpec::Version(req) => (req, m.path.clone()),
            DependencySpec::Workspace => {
                let Some(root) = m.workspace_root() else { continue };
                let Some(req) = root.workspace_dependency_requirement(sdk.package) else { continue };
                (req, root.path)
            }
            DependencySpec::Other => continue,
        };
        if let Some(version) = resolve_requirement(&requirement, releases) {
            return Some(Declared::Requirement { version, requirement, manifest });
        }
    }
    None
}

/// The tables of `m` that declare its dependencies: `[dependencies]` and each target's.
fn dependency_tables(m: &CargoManifest) -> Vec<toml::Value> {
    let mut tables: Vec<toml::Value> = m.raw.get("dependencies").cloned().into_iter().collect();
    if let Some(targets) = m.raw.get("target").and_then(toml::Value::as_table) {
        tables.extend(targets.values().filter_map(|t| t.get("dependencies")).cloned());
    }
    tables
}

/// `package = { path = "…" }` in one of `tables` of the Cargo.toml `m` (renamed or not, with a
/// version requirement or not): the version in that crate's own Cargo.toml.
fn path_dependency_version<'t>(
    m: &CargoManifest,
    tables: impl IntoIterator<Item = &'t toml::Value>,
    package: &str,
) -> Option<(Version, PathBuf)> {
    for table in tables.into_iter().filter_map(toml::Value::as_table) {
        for (key, spec) in table {
            let real = spec.get("package").and_then(toml::Value::as_str).unwrap_or(key);
            if real != package {
                continue;
            }
            let path = spec.get("path").and_then(toml::Value::as_str)?;
            let toml_path = m.dir.join(path).join("Cargo.toml");
            // As the loader reads a path dependency: within the checkout (docs/security.md).
            if crate::read::Root::checkout(&m.dir).is_some_and(|root| !root.holds(&toml_path)) {
                return None;
            }
            let dep = crate::source::read_manifest(&toml_path).ok()?;
            let v = dep.raw.get("package")?.get("version")?.as_str().and_then(Version::parse)?;
            return Some((v, toml_path));
        }
    }
    None
}

/// The newest of `releases` (oldest first) that a Cargo requirement allows (`"0.8"`, `"^1.2"`,
/// `"=3.11.0"`, `">=0.9, <2"`, `"~0.6.1"`, `"*"`), read with cargo's own requirement grammar
/// (the `semver` crate).
pub fn resolve_requirement(req: &str, releases: &[Version]) -> Option<Version> {
    let req = semver::VersionReq::parse(req.trim()).ok()?;
    releases.iter().rev().copied().find(|v| req.matches(&semver::Version::new(v.0, v.1, v.2)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_parse() {
        assert_eq!(Version::parse("3.0.0-beta.1"), Some(Version(3, 0, 0)));
        assert_eq!(Version::parse("1.2"), None);
        assert_eq!(Version::parse("1.2.3.4"), None);
    }

    #[test]
    fn locked_versions_prefer_the_runs_own_dependency() {
        let package = |name: &str, version: &str, deps: &[&str]| LockedPackage {
            source: None,
            name: name.into(),
            version: version.into(),
            dependencies: deps.iter().map(|d| (*d).to_owned()).collect(),
        };
        let lock = Lock {
            path: PathBuf::from("Cargo.lock"),
            packages: vec![
                package("app", "0.1.0", &["sdk 1.0.0"]),
                package("sdk", "1.0.0", &["macros"]),
                package("sdk", "2.0.0", &[]),
                package("macros", "1.0.1", &[]),
            ],
            own: Some("app".into()),
        };
        assert_eq!(lock.version("sdk"), Some(Version(1, 0, 0)));
        assert_eq!(lock.dependency_of("sdk", Version(1, 0, 0), "macros"), Some(Version(1, 0, 1)));
        assert_eq!(Lock { own: None, ..lock }.version("sdk"), Some(Version(2, 0, 0)));
    }

    const DEMO: SdkReleases = SdkReleases {
        sdk: Sdk { package: "demo-sdk", lock_names: &["demo-sdk"] },
        stand_ins: &[],
        known: &[Version(1, 0, 0), Version(1, 2, 0), Version(2, 0, 0), Version(3, 0, 0)],
        reproduced: (Version(1, 0, 0), Version(2, 0, 0)),
        flag: ReleaseFlag::Sdk,
        code: Code::SdkVersion,
    };

    /// One row per way of telling the release: what is found, from where, and what is said.
    #[test]
    fn one_sequence_for_every_way_of_telling_the_release() {
        let dir = tempfile::tempdir().unwrap();
        let write = |path: &str, text: &str| std::fs::write(dir.path().join(path), text).unwrap();
        std::fs::create_dir_all(dir.path().join("src")).unwrap();
        write("src/main.rs", "fn main() {}\n");
        let package = "[package]\nname = \"app\"\nversion = \"0.1.0\"\n";
        let run = |given: Option<&str>| {
            let ws = crate::source::load(&[dir.path().to_path_buf()], &[]).unwrap();
            match discover(&ws, &DEMO, given) {
                Ok(d) => {
                    let words: Vec<String> = d.warnings.iter().map(|w| w.message.clone()).collect();
                    Ok((
                        d.version.to_string(),
                        d.origin.words(&DEMO).replace(&dir.path().display().to_string(), "DIR"),
                        words,
                    ))
                }
                Err(e) => Err((e.code, e.message)),
            }
        };
        write("Cargo.toml", package);
        assert_eq!(
            run(None),
            Ok((
                "2.0.0".into(),
                "assumed: no Cargo.lock or Cargo.toml names demo-sdk".into(),
                vec!["no Cargo.lock or Cargo.toml tells the demo-sdk version; assuming 2.0.0 (set it with --sdk-version)".into()]
            ))
        );
        assert_eq!(run(Some("1.2.0")), Ok(("1.2.0".into(), "from --sdk-version".into(), vec![])));
        assert_eq!(run(Some("1")), Ok(("1.2.0".into(), "from --sdk-version".into(), vec![])), "a requirement");
        assert_eq!(
            run(Some("banana")),
            Err((Code::SdkVersion, "--sdk-version `banana` is not a demo-sdk release number (X.Y.Z)".into()))
        );
        write("Cargo.toml", &format!("{package}[dependencies]\ndemo-sdk = \"3\"\n"));
        let (version, origin, warnings) = run(None).unwrap();
        assert_eq!((version.as_str(), warnings.len()), ("3.0.0", 2), "{warnings:?}");
        assert!(origin.starts_with("resolved from the requirement \"3\" in "), "{origin}");
        assert!(warnings[1].starts_with("demo-sdk 3.0.0 is newer than 2.0.0"), "{warnings:?}");
        // A path dependency is the crate at the path, also when it states a requirement that
        // a newer release would meet; `workspace = true` finds the path in the root's table.
        std::fs::create_dir_all(dir.path().join("sdk/src")).unwrap();
        write("sdk/Cargo.toml", "[package]\nname = \"demo-sdk\"\nversion = \"1.1.0\"\n");
        write("sdk/src/lib.rs", "");
        for dependency in ["demo-sdk = { version = \"1\", path = \"sdk\" }", "demo-sdk = { path = \"sdk\" }"] {
            write("Cargo.toml", &format!("{package}[dependencies]\n{dependency}\n"));
            let (version, origin, _) = run(None).unwrap();
            assert_eq!((version.as_str(), origin.as_str()), ("1.1.0", "from the path dependency DIR/sdk/Cargo.toml"));
        }
        write(
            "Cargo.toml",
            &format!("{package}[dependencies]\ndemo-sdk.workspace = true\n[workspace.dependencies]\ndemo-sdk = {{ version = \"1\", path = \"sdk\" }}\n"),
        );
        let (version, origin, _) = run(None).unwrap();
        assert_eq!((version.as_str(), origin.as_str()), ("1.1.0", "from the path dependency DIR/sdk/Cargo.toml"));
        // In a checkout, a path out of it is not read: the requirement tells the release.
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("Cargo.toml"), "[package]\nname = \"demo-sdk\"\nversion = \"1.1.0\"\n")
            .unwrap();
        std::fs::create_dir_all(dir.path().join(".git")).unwrap();
        write(
            "Cargo.toml",
            &format!("{package}[dependencies]\ndemo-sdk = {{ version = \"1\", path = {:?} }}\n", outside.path()),
        );
        let (version, origin, _) = run(None).unwrap();
        assert_eq!(version, "1.2.0", "{origin}");
        std::fs::remove_dir(dir.path().join(".git")).unwrap();
        write(
            "Cargo.lock",
            "[[package]]\nname = \"app\"\nversion = \"0.1.0\"\ndependencies = [\"demo-sdk\"]\n\n[[package]]\nname = \"demo-sdk\"\nversion = \"1.0.0\"\n",
        );
        assert_eq!(run(None), Ok(("1.0.0".into(), "from DIR/Cargo.lock".into(), vec![])));
    }
}
