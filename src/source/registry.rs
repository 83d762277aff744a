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

use toml::Value;

use super::cargo::{parse_lock, LockedPackage as Locked};

/// Finds the sources of the locked dependencies of the packages under one Cargo.lock.
#[derive(Debug)]
pub(crate) struct Locator {
    locked: Vec<Locked>,
    cargo_home: Option<PathBuf>,
    /// Directories that a source replacement puts in place of crates.io or a git source.
    vendor_dirs: Vec<PathBuf>,
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
        let vendor_dirs =
            configs.iter().filter(|(c, _)| c.is_file()).flat_map(|(c, base)| replaced_dirs(c, base)).collect();
        Locator { locked, cargo_home, vendor_dirs }
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

    /// `vendor/<name>-<version>/` or `vendor/<name>/` of the locked version.
    fn vendored(&self, locked: &Locked) -> Option<PathBuf> {
        self.vendor_dirs.iter().find_map(|v| {
            [v.join(format!("{}-{}", locked.name, locked.version)), v.join(&locked.name)]
                .into_iter()
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
/// are of `base` (the directory holding `.cargo/`).
fn replaced_dirs(config: &Path, base: &Path) -> Vec<PathBuf> {
    let Some(raw) = crate::read::read_given(config).ok().and_then(|t| toml::from_str::<Value>(&t).ok()) else {
        return Vec::new();
    };
    let Some(sources) = raw.get("source").and_then(Value::as_table) else { return Vec::new() };
    sources
        .values()
        .filter_map(|s| s.get("replace-with").and_then(Value::as_str))
        .filter_map(|name| sources.get(name)?.get("directory")?.as_str())
        .map(|d| base.join(d))
        .collect()
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
        Locator { locked: parse_lock(LOCK), cargo_home: Some(home.to_path_buf()), vendor_dirs: Vec::new() }
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
        assert_eq!(replaced_dirs(&config, dir.path()), [dir.path().join("vendor")]);
    }
}
