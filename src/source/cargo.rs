//! Cargo.toml and Cargo.lock: the targets of a package, the members of a workspace, and which
//! dependencies (and locked versions) a package has.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use toml::Value;

use crate::diagnostics::{Diagnostic, Diagnostics};

/// What we read from one Cargo.toml.
#[derive(Debug, Clone)]
pub struct CargoManifest {
    pub path: PathBuf,
    pub dir: PathBuf,
    pub package_name: Option<String>,
    pub raw: Value,
}

/// A compilation target of a package.
#[derive(Debug, Clone)]
pub struct Target {
    pub crate_name: String,
    pub root_file: PathBuf,
    pub is_lib: bool,
}

/// One `[[package]]` of a Cargo.lock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LockedPackage {
    pub name: String,
    pub version: String,
    pub dependencies: Vec<String>,
}

pub fn read_manifest(path: &Path) -> Result<CargoManifest, Diagnostic> {
    let text = std::fs::read_to_string(path).map_err(|e| crate::bad_path(path, e))?;
    let raw: Value = toml::from_str(&text).map_err(|e| {
        Diagnostic::error("bad-cargo-toml", format!("{} is not valid TOML: {}", path.display(), e.message()))
            .in_file(path)
    })?;
    let package_name = raw.get("package").and_then(|p| p.get("name")).and_then(Value::as_str).map(str::to_owned);
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    Ok(CargoManifest { path: path.to_path_buf(), dir, package_name, raw })
}

/// The nearest Cargo.toml with a `[package]` above a file, for a single file given on the
/// command line.
pub fn find_package_above(file: &Path) -> Option<Arc<CargoManifest>> {
    let abs = file.canonicalize().ok()?;
    for dir in abs.ancestors().skip(1) {
        let toml = dir.join("Cargo.toml");
        if toml.is_file() {
            let m = read_manifest(&toml).ok()?;
            return m.package_name.is_some().then(|| Arc::new(m));
        }
    }
    None
}

impl CargoManifest {
    /// The member directories of a `[workspace]`, globs expanded; excluded members left out.
    pub fn workspace_members(&self, root: &Path, diagnostics: &mut Diagnostics) -> Vec<PathBuf> {
        let Some(ws) = self.raw.get("workspace") else { return Vec::new() };
        let list = |key: &str| -> Vec<String> {
            ws.get(key)
                .and_then(Value::as_array)
                .map(|a| a.iter().filter_map(Value::as_str).map(str::to_owned).collect())
                .unwrap_or_default()
        };
        let excluded: Vec<PathBuf> = list("exclude").iter().map(|e| root.join(e)).collect();
        let mut members = Vec::new();
        for pattern in list("members") {
            let full = root.join(&pattern);
            let matches = match glob::glob(&full.to_string_lossy()) {
                Ok(paths) => paths.filter_map(Result::ok).collect::<Vec<_>>(),
                Err(e) => {
                    diagnostics.push(
                        Diagnostic::warning(
                            "bad-workspace-member",
                            format!("workspace member pattern `{pattern}`: {e}"),
                        )
                        .in_file(&self.path),
                    );
                    continue;
                }
            };
            for dir in matches {
                if dir.join("Cargo.toml").is_file()
                    && !excluded.contains(&dir)
                    && dir != root
                    && !members.contains(&dir)
                {
                    members.push(dir);
                }
            }
        }
        members.sort();
        members
    }

    /// The library and binary targets, as Cargo finds them.
    pub fn targets(&self) -> Vec<Target> {
        let Some(package) = self.package_name.as_deref() else { return Vec::new() };
        let snake = package.replace('-', "_");
        let mut targets = Vec::new();
        let lib = self.raw.get("lib");
        let lib_path = lib
            .and_then(|l| l.get("path"))
            .and_then(Value::as_str)
            .map(|p| self.dir.join(p))
            .unwrap_or_else(|| self.dir.join("src/lib.rs"));
        if lib_path.is_file() {
            let name =
                lib.and_then(|l| l.get("name")).and_then(Value::as_str).map_or(snake.clone(), |n| n.replace('-', "_"));
            targets.push(Target { crate_name: name, root_file: lib_path, is_lib: true });
        }
        let mut bin_files: Vec<(String, PathBuf)> = Vec::new();
        if let Some(bins) = self.raw.get("bin").and_then(Value::as_array) {
            for bin in bins {
                let name = bin.get("name").and_then(Value::as_str).unwrap_or(package).replace('-', "_");
                let path = bin
                    .get("path")
                    .and_then(Value::as_str)
                    .map(|p| self.dir.join(p))
                    .unwrap_or_else(|| self.dir.join("src/bin").join(format!("{name}.rs")));
                bin_files.push((name, path));
            }
        }
        let main = self.dir.join("src/main.rs");
        if main.is_file() && !bin_files.iter().any(|(_, p)| p == &main) {
            bin_files.push((snake.clone(), main));
        }
        if let Ok(entries) = std::fs::read_dir(self.dir.join("src/bin")) {
            let mut extra: Vec<PathBuf> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
            extra.sort();
            for path in extra {
                let file = if path.is_dir() { path.join("main.rs") } else { path.clone() };
                if file.extension().is_some_and(|e| e == "rs")
                    && file.is_file()
                    && !bin_files.iter().any(|(_, p)| p == &file)
                {
                    let stem = if path.is_dir() { path.file_name() } else { path.file_stem() };
                    bin_files.push((stem.map_or(snake.clone(), |s| s.to_string_lossy().replace('-', "_")), file));
                }
            }
        }
        for (name, root_file) in bin_files {
            if root_file.is_file() {
                targets.push(Target { crate_name: name, root_file, is_lib: false });
            }
        }
        targets
    }

    /// The version requirement of a dependency, looked up by package name (renames included)
    /// in `[dependencies]` and `[target.*.dependencies]`. `Some("*")` when it has no version.
    pub fn dependency_requirement(&self, package: &str) -> Option<DependencySpec> {
        let mut tables: Vec<&Value> = Vec::new();
        tables.extend(self.raw.get("dependencies"));
        if let Some(targets) = self.raw.get("target").and_then(Value::as_table) {
            for t in targets.values() {
                tables.extend(t.get("dependencies"));
            }
        }
        for table in tables.into_iter().filter_map(Value::as_table) {
            for (key, spec) in table {
                let real = spec.get("package").and_then(Value::as_str).unwrap_or(key);
                if real != package {
                    continue;
                }
                return Some(match spec {
                    Value::String(req) => DependencySpec::Version(req.clone()),
                    Value::Table(t) if t.get("workspace").and_then(Value::as_bool) == Some(true) => {
                        DependencySpec::Workspace
                    }
                    Value::Table(t) => match t.get("version").and_then(Value::as_str) {
                        Some(req) => DependencySpec::Version(req.to_owned()),
                        None => DependencySpec::Other,
                    },
                    _ => DependencySpec::Other,
                });
            }
        }
        None
    }

    /// `[workspace.dependencies]` requirement of a package.
    pub fn workspace_dependency_requirement(&self, package: &str) -> Option<String> {
        let deps = self.raw.get("workspace")?.get("dependencies")?.as_table()?;
        for (key, spec) in deps {
            let real = spec.get("package").and_then(Value::as_str).unwrap_or(key);
            if real == package {
                return match spec {
                    Value::String(req) => Some(req.clone()),
                    other => other.get("version").and_then(Value::as_str).map(str::to_owned),
                };
            }
        }
        None
    }
}

/// How a dependency is declared in Cargo.toml.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DependencySpec {
    Version(String),
    /// `workspace = true`: look in the workspace root's `[workspace.dependencies]`.
    Workspace,
    /// A git or path dependency without a version.
    Other,
}

/// The nearest Cargo.lock at or above `dir`, with its path.
pub fn find_lock(dir: &Path) -> Option<(PathBuf, Vec<LockedPackage>)> {
    let abs = dir.canonicalize().ok()?;
    for d in abs.ancestors() {
        let lock = d.join("Cargo.lock");
        if lock.is_file() {
            let text = std::fs::read_to_string(&lock).ok()?;
            return Some((lock, parse_lock(&text)));
        }
    }
    None
}

fn parse_lock(text: &str) -> Vec<LockedPackage> {
    let Ok(raw) = toml::from_str::<Value>(text) else { return Vec::new() };
    let Some(packages) = raw.get("package").and_then(Value::as_array) else { return Vec::new() };
    packages
        .iter()
        .filter_map(|p| {
            Some(LockedPackage {
                name: p.get("name")?.as_str()?.to_owned(),
                version: p.get("version")?.as_str()?.to_owned(),
                dependencies: p
                    .get("dependencies")
                    .and_then(Value::as_array)
                    .map(|d| d.iter().filter_map(Value::as_str).map(str::to_owned).collect())
                    .unwrap_or_default(),
            })
        })
        .collect()
}
