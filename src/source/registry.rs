//! Registry, vendored and git dependencies: the sources of the locked version, where cargo
//! already put them, the way rust-analyzer finds them. Nothing is downloaded and cargo is never
//! run: a source that is not on disk is told once per crate (`cargo fetch` brings it).
//!
//! The version is the one Cargo.lock names for the dependent. Its sources are looked for, in
//! order, in the directory a `.cargo/config.toml` source replacement names (`cargo vendor`'s
//! `vendor/`: `<name>/` or `<name>-<version>/`), in `$CARGO_HOME/registry/src/*/<name>-<version>/`
//! for a registry source, and in `$CARGO_HOME/git/checkouts/<repo>-<hash>/<short rev>/` for a git
//! source (the package's own directory inside the checkout).

use std::path::{Path, PathBuf};

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use toml::Value;

use crate::diagnostics::{Code, Diagnostic, Location, SourceFile};
use crate::read::{Root, RootKind};

use super::cargo::{parse_lock, LockedPackage as Locked};

/// Finds the sources of the locked dependencies of the packages under one Cargo.lock.
#[derive(Debug)]
pub(crate) struct Locator {
    locked: Vec<Locked>,
    cargo_home: Option<PathBuf>,
    /// Directories that a source replacement puts in place of crates.io or a git source (each
    /// inside the project or the cargo home: see [`replaced_dirs`]).
    vendor_dirs: Vec<PathBuf>,
    /// The source replacements refused, each a diagnostic at its `directory` line, told once
    /// ([`Locator::refusals`]).
    refused: Vec<Diagnostic>,
    told: AtomicBool,
}

/// Why a dependency's sources cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Missing {
    /// No Cargo.lock names a version of it.
    NotLocked,
    /// The locked version is not on disk.
    NotOnDisk(String),
}

impl Locator {
    /// The locator for packages in `dir`: the nearest Cargo.lock at or above it, the
    /// `.cargo/config.toml` files above it and in `CARGO_HOME`.
    pub fn new(dir: &Path) -> Self {
        let abs = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
        let locked = lock_above(&abs)
            .and_then(|l| crate::read::read_given(&l).ok())
            .map(|text| parse_lock(&text))
            .unwrap_or_default();
        let cargo_home = cargo_home();
        let mut configs: Vec<(PathBuf, PathBuf)> = abs
            .ancestors()
            .flat_map(|d| [d.join(".cargo/config.toml"), d.join(".cargo/config")].map(|c| (c, d.to_path_buf())))
            .collect();
        if let Some(home) = &cargo_home {
            let base = home.parent().map(Path::to_path_buf).unwrap_or_default();
            configs.extend([home.join("config.toml"), home.join("config")].map(|c| (c, base.clone())));
        }
        // A vendor directory is a registry root the user configured, read only inside the project
        // the package is in (a pull request's `.cargo/config.toml` names `/` or `../../..`
        // otherwise) or the cargo home.
        let mut within = vec![Root::project(&abs)];
        within.extend(cargo_home.iter().map(|h| Root::new(RootKind::Registry, h)));
        let (mut vendor_dirs, mut refused) = (Vec::new(), Vec::new());
        for (config, base) in configs.iter().filter(|(c, _)| c.is_file()) {
            let (dirs, refusals) = replaced_dirs(config, base, &within, &crate::read::shown(dir, config));
            vendor_dirs.extend(dirs);
            refused.extend(refusals);
        }
        Locator { locked, cargo_home, vendor_dirs, refused, told: AtomicBool::new(false) }
    }

    /// The source replacements this locator refused, the first time it is asked (a locator is
    /// shared by the packages under one Cargo.lock).
    pub fn refusals(&self) -> &[Diagnostic] {
        if self.told.swap(true, Ordering::Relaxed) {
            return &[];
        }
        &self.refused
    }

    /// The locator for packages in `dir`, shared with the packages under the same Cargo.lock
    /// (`known`, by lock file): a lock is read once however many packages it holds.
    pub fn shared(
        dir: &Path,
        known: &mut std::collections::HashMap<Option<PathBuf>, std::sync::Arc<Locator>>,
    ) -> std::sync::Arc<Self> {
        let abs = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
        let lock = lock_above(&abs);
        // Without a lock, the `.cargo/config.toml` files above each package may differ.
        if lock.is_none() {
            return std::sync::Arc::new(Locator::new(dir));
        }
        known.entry(lock).or_insert_with(|| std::sync::Arc::new(Locator::new(dir))).clone()
    }

    /// Whether a Cargo.lock was found and no version of `name` it locks depends on `dependency`:
    /// then no build under this lock turns on what would need it.
    pub fn lock_rules_out(&self, name: &str, dependency: &str) -> bool {
        !self.locked.is_empty()
            && !self
                .locked
                .iter()
                .filter(|p| p.name == name)
                .any(|p| p.dependencies.iter().any(|d| d.split(' ').next() == Some(dependency)))
    }

    /// The locked package `package` is, as a dependency of the locked package `dependent`
    /// (`version` when the dependent's manifest says it).
    pub fn locked_dependency(&self, dependent: &str, version: Option<&str>, package: &str) -> Option<&Locked> {
        let of_dependent = self
            .locked
            .iter()
            .filter(|p| p.name == dependent && version.map_or(true, |v| p.version == v))
            .flat_map(|p| &p.dependencies)
            .find(|d| d.split(' ').next() == Some(package));
        let named = |p: &&Locked| p.name == package;
        match of_dependent.map(|d| d.split(' ').nth(1)) {
            Some(Some(v)) => self.locked.iter().filter(named).find(|p| p.version == v),
            _ => {
                let mut all = self.locked.iter().filter(named);
                let first = all.next()?;
                // Without the dependent's entry, a name locked at several versions is ambiguous.
                (of_dependent.is_some() || all.next().is_none()).then_some(first)
            }
        }
    }

    /// The package directory holding the sources of `locked`.
    pub fn source_dir(&self, locked: &Locked) -> Option<PathBuf> {
        let source = locked.source.as_deref()?;
        if let Some(dir) = self.vendored(locked) {
            return Some(dir);
        }
        let home = self.cargo_home.as_ref()?;
        if source.starts_with("registry+") || source.starts_with("sparse+") {
            let dirs = sorted_dirs(&home.join("registry/src"));
            let leaf = format!("{}-{}", locked.name, locked.version);
            return dirs.into_iter().map(|d| d.join(&leaf)).find(|d| d.join("Cargo.toml").is_file());
        }
        let git = source.strip_prefix("git+")?;
        let (url, rev) = git.split_once('#')?;
        let repo = url.split('?').next()?.trim_end_matches('/').rsplit('/').next()?.trim_end_matches(".git");
        let checkouts = sorted_dirs(&home.join("git/checkouts"));
        let prefix = format!("{repo}-");
        checkouts
            .iter()
            .filter(|d| d.file_name().is_some_and(|n| n.to_string_lossy().starts_with(&prefix)))
            .flat_map(|d| sorted_dirs(d))
            .filter(|d| d.file_name().is_some_and(|n| !n.is_empty() && rev.starts_with(&*n.to_string_lossy())))
            .find_map(|checkout| package_in(&checkout, &locked.name))
    }

    /// `vendor/<name>-<version>/` or `vendor/<name>/` of the locked version (inside the vendor
    /// directory once symlinks are resolved: a link in it to elsewhere is not followed).
    fn vendored(&self, locked: &Locked) -> Option<PathBuf> {
        self.vendor_dirs.iter().find_map(|v| {
            let root = Root::new(RootKind::Registry, v);
            [v.join(format!("{}-{}", locked.name, locked.version)), v.join(&locked.name)]
                .into_iter()
                .filter(|d| root.holds(d))
                .find(|d| manifest_version(d).as_deref() == Some(locked.version.as_str()))
        })
    }

    /// Where the sources of dependency `package` of `dependent` are, or why they cannot be read.
    pub fn find(&self, dependent: &str, version: Option<&str>, package: &str) -> Result<PathBuf, Missing> {
        let locked = self.locked_dependency(dependent, version, package).ok_or(Missing::NotLocked)?;
        self.source_dir(locked).ok_or_else(|| Missing::NotOnDisk(locked.version.clone()))
    }
}

/// The nearest Cargo.lock at or above `dir`.
fn lock_above(dir: &Path) -> Option<PathBuf> {
    dir.ancestors().map(|d| d.join("Cargo.lock")).find(|l| l.is_file())
}

/// `CARGO_HOME`, else `~/.cargo`.
fn cargo_home() -> Option<PathBuf> {
    if let Some(home) = std::env::var_os("CARGO_HOME").filter(|h| !h.is_empty()) {
        return Some(PathBuf::from(home));
    }
    std::env::var_os("HOME").filter(|h| !h.is_empty()).map(|h| PathBuf::from(h).join(".cargo"))
}

/// The `directory` sources that `replace-with` entries of one config file name; relative paths
/// are of `base` (the directory holding `.cargo/`). A directory outside every root of `within`
/// is refused, with a warning at its `directory` line.
/// `shown`: the config's path as diagnostics name it.
fn replaced_dirs(config: &Path, base: &Path, within: &[Root], shown: &Path) -> (Vec<PathBuf>, Vec<Diagnostic>) {
    let Some(text) = crate::read::read_given(config).ok() else { return Default::default() };
    let Some(raw) = toml::from_str::<Value>(&text).ok() else { return Default::default() };
    let Some(sources) = raw.get("source").and_then(Value::as_table) else { return Default::default() };
    let (mut dirs, mut refused) = (Vec::new(), Vec::new());
    let named = sources
        .values()
        .filter_map(|s| s.get("replace-with").and_then(Value::as_str))
        .filter_map(|name| sources.get(name)?.get("directory")?.as_str());
    for d in named {
        let dir = base.join(d);
        if within.iter().any(|root| root.holds(&dir)) {
            dirs.push(dir);
            continue;
        }
        let roots: Vec<String> = within.iter().map(|r| r.dir.display().to_string()).collect();
        let file = Arc::new(SourceFile::new(shown.to_path_buf(), Arc::from(text.as_str())));
        let at = directory_value(&text, d).map(|(start, len)| Location { file, start, len });
        refused.push(
            Diagnostic::warning(
                Code::OutsideRoot,
                format!("the vendor directory `{d}` is outside the project and the cargo home; not read"),
            )
            .at(at)
            .with_label("outside ".to_string() + &roots.join(" and "))
            .with_help("vendor the sources inside the repository (`cargo vendor` writes `vendor/`), or leave them to the cargo home"),
        );
    }
    (dirs, refused)
}

/// Where the string `value` of a `directory` key is in a config's text (its quotes included).
fn directory_value(text: &str, value: &str) -> Option<(usize, usize)> {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let key = line.trim_start();
        if key.starts_with("directory") {
            for quoted in [format!("\"{value}\""), format!("'{value}'")] {
                if let Some(i) = line.find(&quoted) {
                    return Some((at + i, quoted.len()));
                }
            }
        }
        at += line.len();
    }
    None
}

/// The subdirectories of `dir`, in name order.
fn sorted_dirs(dir: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|r| r.flatten().map(|e| e.path()).filter(|p| p.is_dir()).collect())
        .unwrap_or_default();
    dirs.sort();
    dirs
}

/// `package.version` of the Cargo.toml in `dir`.
fn manifest_version(dir: &Path) -> Option<String> {
    let raw: Value = toml::from_str(&crate::read::read_given(&dir.join("Cargo.toml")).ok()?).ok()?;
    raw.get("package")?.get("version")?.as_str().map(str::to_owned)
}

/// The directory of package `name` in a git checkout (the checkout itself, or a member).
fn package_in(checkout: &Path, name: &str) -> Option<PathBuf> {
    walkdir::WalkDir::new(checkout)
        .max_depth(4)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| {
            e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.') && e.file_name() != "target"
        })
        .flatten()
        .filter(|e| e.file_name() == "Cargo.toml")
        .find_map(|e| {
            let raw: Value = toml::from_str(&crate::read::read_given(e.path()).ok()?).ok()?;
            (raw.get("package")?.get("name")?.as_str()? == name).then(|| e.path().parent().map(Path::to_path_buf))?
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOCK: &str = r#"
        [[package]]
        name = "app"
        version = "0.1.0"
        dependencies = ["api 2.0.0", "one"]

        [[package]]
        name = "old"
        version = "1.0.0"
        source = "registry+https://github.com/rust-lang/crates.io-index"
        dependencies = ["api 1.4.0"]

        [[package]]
        name = "api"
        version = "1.4.0"
        source = "registry+https://github.com/rust-lang/crates.io-index"

        [[package]]
        name = "api"
        version = "2.0.0"
        source = "git+https://github.com/acme/shared.git?branch=main#0123456789abcdef"

        [[package]]
        name = "one"
        version = "0.3.0"
        source = "sparse+https://index.crates.io/"
    "#;

    fn locator(home: &Path) -> Locator {
        Locator {
            locked: parse_lock(LOCK),
            cargo_home: Some(home.to_path_buf()),
            vendor_dirs: Vec::new(),
            refused: Vec::new(),
            told: AtomicBool::new(false),
        }
    }

    fn write_package(dir: &Path, name: &str, version: &str) {
        std::fs::create_dir_all(dir).unwrap();
        let toml = format!("[package]\nname = \"{name}\"\nversion = \"{version}\"\n");
        std::fs::write(dir.join("Cargo.toml"), toml).unwrap();
    }

    #[test]
    fn the_version_is_the_one_locked_for_the_dependent() {
        let l = locator(Path::new("/nowhere"));
        assert_eq!(l.locked_dependency("app", None, "api").unwrap().version, "2.0.0");
        assert_eq!(l.locked_dependency("old", Some("1.0.0"), "api").unwrap().version, "1.4.0");
        assert_eq!(l.locked_dependency("app", None, "one").unwrap().version, "0.3.0");
        assert!(l.locked_dependency("nobody", None, "api").is_none(), "two versions, no dependent: ambiguous");
        assert_eq!(l.find("app", None, "absent"), Err(Missing::NotLocked));
        assert_eq!(l.find("app", None, "one"), Err(Missing::NotOnDisk("0.3.0".into())));
    }

    #[test]
    fn sources_under_cargo_home_and_in_vendor() {
        let home = tempfile::tempdir().unwrap();
        let one = home.path().join("registry/src/index.crates.io-1949cf8c6b5b557f/one-0.3.0");
        write_package(&one, "one", "0.3.0");
        let api = home.path().join("git/checkouts/shared-5a1b2c3d4e5f6a7b/0123456/api");
        write_package(&api, "api", "2.0.0");
        write_package(&home.path().join("git/checkouts/shared-5a1b2c3d4e5f6a7b/0123456"), "shared-root", "0.0.0");
        let mut l = locator(home.path());
        assert_eq!(l.find("app", None, "one"), Ok(one));
        assert_eq!(l.find("app", None, "api"), Ok(api), "the package's directory inside the checkout");
        let vendor = home.path().join("vendor");
        write_package(&vendor.join("one"), "one", "0.3.0");
        write_package(&vendor.join("api-1.4.0"), "api", "1.4.0");
        l.vendor_dirs.push(vendor.clone());
        assert_eq!(l.find("app", None, "one"), Ok(vendor.join("one")), "a source replacement comes first");
        assert_eq!(l.find("old", Some("1.0.0"), "api"), Ok(vendor.join("api-1.4.0")));
    }

    #[test]
    fn replace_with_names_a_directory_source() {
        let dir = tempfile::tempdir().unwrap();
        let config = dir.path().join(".cargo/config.toml");
        std::fs::create_dir_all(config.parent().unwrap()).unwrap();
        let text = "[source.crates-io]\nreplace-with = \"vendored-sources\"\n\n[source.vendored-sources]\ndirectory = \"vendor\"\n";
        std::fs::write(&config, text).unwrap();
        let within = [Root::new(RootKind::Project, dir.path())];
        let (dirs, refused) = replaced_dirs(&config, dir.path(), &within, &config);
        assert_eq!((dirs, refused.len()), (vec![dir.path().join("vendor")], 0));
    }

    #[test]
    fn a_directory_outside_the_project_and_the_cargo_home_is_refused_at_its_line() {
        let dir = tempfile::tempdir().unwrap();
        let config = dir.path().join("repo/.cargo/config.toml");
        std::fs::create_dir_all(config.parent().unwrap()).unwrap();
        std::fs::create_dir_all(dir.path().join("outside")).unwrap();
        let text = "[source.crates-io]\nreplace-with = \"v\"\n\n[source.v]\ndirectory = \"../outside\"\n";
        std::fs::write(&config, text).unwrap();
        let within = [Root::new(RootKind::Project, &dir.path().join("repo"))];
        let (dirs, refused) = replaced_dirs(&config, &dir.path().join("repo"), &within, &config);
        assert_eq!((dirs.len(), refused.len()), (0, 1));
        assert_eq!(directory_value(text, "../outside"), Some((text.find("\"../").unwrap(), 12)));
    }
}
