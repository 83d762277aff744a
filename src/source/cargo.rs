//! Cargo.toml and Cargo.lock: the targets of a package, the members of a workspace, and which
//! dependencies (and locked versions) a package has.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use toml::Value;

use crate::diagnostics::{Code, Diagnostic, Diagnostics};

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
    /// The name cargo gives it (`--bin NAME`): the `[[bin]]` name, the package's for
    /// `src/main.rs`, the file stem of `src/bin/`.
    pub name: String,
    /// The name its code is known by in paths (`-` written `_`).
    pub crate_name: String,
    pub root_file: PathBuf,
    pub kind: TargetKind,
}

impl Target {
    /// A library: other crates can name it in paths.
    pub fn is_lib(&self) -> bool {
        self.kind == TargetKind::Lib
    }
}

/// What a target is built as. Each is a crate of its own: a module file two examples declare
/// (`mod common;`) is read once for each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetKind {
    Lib,
    Bin,
    Example,
}

/// The targets found by their place in `dir`: `*.rs` and `*/main.rs`, by name, after those
/// already `found` (a file declared in the manifest is not found twice).
fn discover_in(dir: &Path, found: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        let (file, stem) =
            if path.is_dir() { (path.join("main.rs"), path.file_name()) } else { (path.clone(), path.file_stem()) };
        let Some(stem) = stem else { continue };
        if file.extension().is_some_and(|e| e == "rs") && file.is_file() && !found.iter().any(|(_, p)| p == &file) {
            found.push((stem.to_string_lossy().into_owned(), file));
        }
    }
}

/// One `[[package]]` of a Cargo.lock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LockedPackage {
    pub name: String,
    pub version: String,
    /// `registry+…`, `sparse+…`, `git+…#rev`; `None` for a package of the workspace or a path.
    pub source: Option<String>,
    pub dependencies: Vec<String>,
}

pub fn read_manifest(path: &Path) -> Result<CargoManifest, Diagnostic> {
    let text = crate::read::read_given(path).map_err(|e| match &e.why {
        crate::read::Why::Io(io) => super::bad_path(path, io),
        _ => Diagnostic::error(Code::BadPath, e.to_string()).in_file(path),
    })?;
    if let Some(m) = recent_manifest(path, &text) {
        return Ok(m);
    }
    let raw: Value = toml::from_str(&text).map_err(|e| {
        Diagnostic::error(Code::BadCargoToml, format!("{} is not valid TOML: {}", path.display(), e.message()))
            .in_file(path)
    })?;
    let package_name = raw.get("package").and_then(|p| p.get("name")).and_then(Value::as_str).map(str::to_owned);
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let manifest = CargoManifest { path: path.to_path_buf(), dir, package_name, raw };
    remember_manifest(path, text, &manifest);
    Ok(manifest)
}

/// The manifests parsed last, by path and text: a run reads a workspace root's Cargo.toml once
/// per member and per question about it (its workspace, its dependencies, its features), and
/// parsing it each time was a sixth of a small server's run. The file is still read each time:
/// a text that changed is parsed again.
type RecentManifests = Vec<(PathBuf, Arc<str>, CargoManifest)>;
static RECENT_MANIFESTS: std::sync::Mutex<RecentManifests> = std::sync::Mutex::new(Vec::new());
const RECENT_MANIFESTS_KEPT: usize = 32;

fn recent_manifest(path: &Path, text: &str) -> Option<CargoManifest> {
    let mut recent = RECENT_MANIFESTS.lock().ok()?;
    // Kept last used last, so that the manifests asked for again and again stay.
    let i = recent.iter().position(|(p, t, _)| p == path && **t == *text)?;
    let hit = recent.remove(i);
    let m = hit.2.clone();
    recent.push(hit);
    Some(m)
}

fn remember_manifest(path: &Path, text: String, manifest: &CargoManifest) {
    let Ok(mut recent) = RECENT_MANIFESTS.lock() else { return };
    if recent.len() == RECENT_MANIFESTS_KEPT {
        recent.remove(0);
    }
    recent.push((path.to_path_buf(), Arc::from(text), manifest.clone()));
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
            // A member is a directory of the workspace: an absolute pattern or one that climbs
            // out (`/usr/**`, `../..`) would walk the file system (cargo refuses both as members).
            if Path::new(&pattern).is_absolute()
                || Path::new(&pattern)
                    .components()
                    .any(|c| matches!(c, std::path::Component::ParentDir | std::path::Component::Prefix(_)))
            {
                diagnostics.push(
                    Diagnostic::warning(
                        Code::BadWorkspaceMember,
                        format!("workspace member pattern `{pattern}` is outside the workspace; not read"),
                    )
                    .in_file(&self.path),
                );
                continue;
            }
            let full = root.join(&pattern);
            let matches = match glob::glob(&full.to_string_lossy()) {
                Ok(paths) => paths.filter_map(Result::ok).collect::<Vec<_>>(),
                Err(e) => {
                    diagnostics.push(
                        Diagnostic::warning(
                            Code::BadWorkspaceMember,
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

    /// The library, binary and example targets, as Cargo finds them: those the manifest names
    /// (`[lib]`, `[[bin]]`, `[[example]]`) and those found by their place (`src/lib.rs`,
    /// `src/main.rs`, `src/bin/*.rs`, `src/bin/*/main.rs`, `examples/*.rs`, `examples/*/main.rs`)
    /// unless `autobins` / `autoexamples` is `false`.
    pub fn targets(&self) -> Vec<Target> {
        let Some(package) = self.package_name.as_deref() else { return Vec::new() };
        let mut targets = Vec::new();
        if let Some(lib) = self.lib_target() {
            targets.push(lib);
        }
        let mut bins = self.declared_targets("bin", "src/bin", Some(package));
        if self.autodiscover("autobins") {
            let main = self.dir.join("src/main.rs");
            if main.is_file() && !bins.iter().any(|(_, p)| p == &main) {
                bins.push((package.to_owned(), main));
            }
            discover_in(&self.dir.join("src/bin"), &mut bins);
        }
        let mut examples = self.declared_targets("example", "examples", None);
        if self.autodiscover("autoexamples") {
            discover_in(&self.dir.join("examples"), &mut examples);
        }
        for (kind, found) in [(TargetKind::Bin, bins), (TargetKind::Example, examples)] {
            for (name, root_file) in found {
                if root_file.is_file() {
                    targets.push(Target { crate_name: name.replace('-', "_"), name, root_file, kind });
                }
            }
        }
        targets
    }

    /// What cargo refuses in the targets of a package it builds: a `[lib]`, `[[bin]]` or
    /// `[[example]]` whose `path` is not a file, or a package with no target at all (a renamed
    /// `src/main.rs`). Errors: the tools of a target that is not read would be missing.
    pub fn missing_targets(&self) -> Vec<Diagnostic> {
        if self.package_name.is_none() {
            return Vec::new();
        }
        let mut missing = Vec::new();
        let declared = self.raw.get("lib").into_iter().map(|t| ("[lib]", t)).chain(
            ["bin", "example"].into_iter().flat_map(|key| {
                let tables = self.raw.get(key).and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
                tables.iter().map(move |t| (if key == "bin" { "[[bin]]" } else { "[[example]]" }, t))
            }),
        );
        for (table, target) in declared {
            let Some(path) = target.get("path").and_then(Value::as_str) else { continue };
            let file = self.dir.join(path);
            if !file.is_file() {
                missing.push(
                    Diagnostic::error(
                        Code::UnreadableFile,
                        format!("cannot read {}: the root file of a `{table}` target is not a file", file.display()),
                    )
                    .in_file(&self.path)
                    .with_help("cargo refuses the package too: correct the target's `path`, or create the file"),
                );
            }
        }
        if missing.is_empty() && self.targets().is_empty() {
            missing.push(
                Diagnostic::error(
                    Code::NoCrate,
                    format!(
                        "{} has no target: no src/lib.rs, no src/main.rs, no `[lib]` or `[[bin]]` with a file",
                        self.path.display()
                    ),
                )
                .in_file(&self.path)
                .with_help("cargo refuses the package too: restore src/main.rs or src/lib.rs, or name the file in `[[bin]] path`"),
            );
        }
        missing
    }

    /// The library target alone: all a dependent can use of a package.
    pub fn lib_target(&self) -> Option<Target> {
        let package = self.package_name.as_deref()?;
        let lib = self.raw.get("lib");
        let lib_path = lib
            .and_then(|l| l.get("path"))
            .and_then(Value::as_str)
            .map(|p| self.dir.join(p))
            .unwrap_or_else(|| self.dir.join("src/lib.rs"));
        let name = lib.and_then(|l| l.get("name")).and_then(Value::as_str).unwrap_or(package).to_owned();
        let crate_name = name.replace('-', "_");
        lib_path.is_file().then_some(Target { name, crate_name, root_file: lib_path, kind: TargetKind::Lib })
    }

    /// `[[bin]]` or `[[example]]` tables: (name, root file). A target without `path` is
    /// `<dir>/<name>.rs`, or `<dir>/<name>/main.rs`.
    fn declared_targets(&self, key: &str, dir: &str, default_name: Option<&str>) -> Vec<(String, PathBuf)> {
        let Some(tables) = self.raw.get(key).and_then(Value::as_array) else { return Vec::new() };
        let mut found = Vec::new();
        for table in tables {
            let Some(name) = table.get("name").and_then(Value::as_str).or(default_name) else { continue };
            let path = match table.get("path").and_then(Value::as_str) {
                Some(p) => self.dir.join(p),
                None => {
                    let flat = self.dir.join(dir).join(format!("{name}.rs"));
                    let nested = self.dir.join(dir).join(name).join("main.rs");
                    if !flat.is_file() && nested.is_file() {
                        nested
                    } else {
                        flat
                    }
                }
            };
            found.push((name.to_owned(), path));
        }
        found
    }

    /// Whether `[package] <key>` (`autobins`, `autoexamples`) leaves target discovery on.
    fn autodiscover(&self, key: &str) -> bool {
        self.raw.get("package").and_then(|p| p.get(key)).and_then(Value::as_bool) != Some(false)
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
            let text = crate::read::read_given(&lock).ok()?;
            return Some((lock, parse_lock(&text)));
        }
    }
    None
}

/// The nearest Cargo.lock at or above `dir` when it is not valid TOML (merge-conflict markers,
/// say): an error at the place, as cargo refuses it too. Every profile reads the locked versions
/// (the SDK release, the registry sources, serde_json's features), which such a lock does not
/// give.
pub fn unreadable_lock(dir: &Path) -> Option<(PathBuf, Diagnostic)> {
    let abs = dir.canonicalize().ok()?;
    let lock = abs.ancestors().map(|d| d.join("Cargo.lock")).find(|l| l.is_file())?;
    let text = crate::read::read_given(&lock).ok()?;
    // The one parse every later reading of this lock shares (`parse_lock`).
    let parsed = parsed_lock(&text);
    let e = parsed.as_ref().as_ref().err()?;
    let shown = crate::read::shown(dir, &lock);
    let file = Arc::new(crate::diagnostics::SourceFile::new(shown.clone(), Arc::from(text.as_str())));
    let at = e.span().map(|r| crate::diagnostics::Location { file, start: r.start, len: r.len() });
    let d = Diagnostic::error(
        Code::BadCargoToml,
        format!("{} is not valid TOML: {}; its locked versions are not read", shown.display(), e.message()),
    )
    .at(at)
    .with_label(e.message().to_owned())
    .in_file(&shown)
    .with_help(
        "resolve the merge conflict, or delete the file and run `cargo generate-lockfile` (cargo refuses it too)",
    );
    Some((lock, d))
}

/// The packages of a Cargo.lock's text. A run asks for the same lock many times (each path
/// dependency's registry check, the SDK's release, the locator of every package under it): the
/// last few texts parsed are kept, and a text equal to one of them is not parsed again (on a
/// workspace with a large lock, parsing it once per package was a third of the run).
pub(crate) fn parse_lock(text: &str) -> Vec<LockedPackage> {
    match &*parsed_lock(text) {
        Ok(packages) => packages.clone(),
        Err(_) => Vec::new(),
    }
}

/// A lock's packages, or why its text is not TOML; see [`parse_lock`] for the cache.
type ParsedLock = Arc<Result<Vec<LockedPackage>, toml::de::Error>>;

fn parsed_lock(text: &str) -> ParsedLock {
    type Parsed = Vec<(Arc<str>, ParsedLock)>;
    static PARSED: std::sync::Mutex<Parsed> = std::sync::Mutex::new(Vec::new());
    const KEPT: usize = 4;
    let cached = |parsed: &Parsed| parsed.iter().find(|(t, _)| **t == *text).map(|(_, p)| Arc::clone(p));
    if let Some(p) = PARSED.lock().ok().and_then(|parsed| cached(&parsed)) {
        return p;
    }
    let packages = Arc::new(parse_lock_text(text));
    if let Ok(mut parsed) = PARSED.lock() {
        if parsed.len() == KEPT {
            parsed.remove(0);
        }
        parsed.push((Arc::from(text), Arc::clone(&packages)));
    }
    packages
}

fn parse_lock_text(text: &str) -> Result<Vec<LockedPackage>, toml::de::Error> {
    let raw = toml::from_str::<Value>(text)?;
    let Some(packages) = raw.get("package").and_then(Value::as_array) else { return Ok(Vec::new()) };
    Ok(packages
        .iter()
        .filter_map(|p| {
            Some(LockedPackage {
                name: p.get("name")?.as_str()?.to_owned(),
                version: p.get("version")?.as_str()?.to_owned(),
                source: p.get("source").and_then(Value::as_str).map(str::to_owned),
                dependencies: p
                    .get("dependencies")
                    .and_then(Value::as_array)
                    .map(|d| d.iter().filter_map(Value::as_str).map(str::to_owned).collect())
                    .unwrap_or_default(),
            })
        })
        .collect())
}

/// One `[dependencies]` entry of a package, with `workspace = true` filled in from the
/// workspace root's `[workspace.dependencies]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dependency {
    /// The key: the name the dependent's code uses (`-` still in it), a rename included.
    pub key: String,
    /// The package it names (`package = "…"`, else the key).
    pub package: String,
    /// The package directory of a `path` dependency; `None` for registry and git ones.
    pub path: Option<PathBuf>,
    pub optional: bool,
    pub default_features: bool,
    pub features: Vec<String>,
}

impl CargoManifest {
    /// The dependencies the package's code is compiled with: `[dependencies]` and the
    /// `[target.'cfg(…)'.dependencies]` whose predicate holds on the host `cfg` evaluates for.
    /// Not `[dev-dependencies]` (tests and examples only, and a dev-only path crate is not part of
    /// the server) nor `[build-dependencies]` (the build script's).
    pub fn dependencies(&self, workspace: Option<&CargoManifest>) -> Vec<Dependency> {
        self.dependency_tables(workspace, &["dependencies"], false)
    }

    /// What cargo's resolver 1 unifies into one set of features per package: the entries of the
    /// `kinds` tables (`dependencies`, `build-dependencies`, `dev-dependencies`), for every target
    /// platform, an entry named in several tables asking for the union of what each asks.
    pub fn unified_dependencies(&self, workspace: Option<&CargoManifest>, kinds: &[&str]) -> Vec<Dependency> {
        self.dependency_tables(workspace, kinds, true)
    }

    /// The feature resolver cargo uses for this package's workspace (`resolver`, else the edition's
    /// default): 1 before edition 2021.
    pub fn resolver(&self) -> u32 {
        let get = |m: &CargoManifest, table: &str, key: &str| m.raw.get(table)?.get(key)?.as_str().map(str::to_owned);
        let root = self.workspace_root();
        let root = root.as_ref().unwrap_or(self);
        let said = get(root, "workspace", "resolver").or_else(|| get(root, "package", "resolver"));
        let edition = get(root, "package", "edition").unwrap_or_default();
        match said.as_deref() {
            Some(r) => r.parse().unwrap_or(2),
            None if matches!(edition.as_str(), "2021" | "2024") => 2,
            None => 1,
        }
    }

    fn dependency_tables(&self, workspace: Option<&CargoManifest>, kinds: &[&str], unified: bool) -> Vec<Dependency> {
        let mut tables: Vec<&toml::Table> = Vec::new();
        tables.extend(kinds.iter().filter_map(|k| self.raw.get(*k).and_then(Value::as_table)));
        if let Some(targets) = self.raw.get("target").and_then(Value::as_table) {
            for (spec, t) in targets {
                if unified || target_spec_holds(spec) {
                    tables.extend(kinds.iter().filter_map(|k| t.get(*k).and_then(Value::as_table)));
                }
            }
        }
        let inherited = workspace.and_then(|w| w.raw.get("workspace")?.get("dependencies")?.as_table());
        let mut deps = Vec::new();
        for table in tables {
            for (key, spec) in table {
                let from_workspace = spec.get("workspace").and_then(Value::as_bool) == Some(true);
                let dep = if from_workspace {
                    let Some((root, base)) = workspace.zip(inherited.and_then(|t| t.get(key))) else { continue };
                    let mut dep = dependency(key, base, &root.dir);
                    // The member adds features and may make it optional; defaults are the root's.
                    dep.features.extend(string_list(spec.get("features")));
                    dep.optional = spec.get("optional").and_then(Value::as_bool).unwrap_or(false);
                    dep
                } else {
                    dependency(key, spec, &self.dir)
                };
                match deps.iter_mut().find(|d: &&mut Dependency| d.key == dep.key) {
                    None => deps.push(dep),
                    Some(first) if unified => {
                        first.features.extend(dep.features);
                        first.optional &= dep.optional;
                        first.default_features |= dep.default_features;
                    }
                    Some(_) => {}
                }
            }
        }
        deps
    }

    /// A proc-macro crate (`[lib] proc-macro = true`): built for the host, like its dependencies.
    pub fn is_proc_macro(&self) -> bool {
        let lib = self.raw.get("lib");
        lib.and_then(|l| l.get("proc-macro").or_else(|| l.get("proc_macro"))).and_then(Value::as_bool) == Some(true)
    }

    /// The `[features]` table: each feature and what it enables.
    pub fn features_table(&self) -> Vec<(String, Vec<String>)> {
        let Some(table) = self.raw.get("features").and_then(Value::as_table) else { return Vec::new() };
        table.iter().map(|(name, list)| (name.clone(), string_list(Some(list)))).collect()
    }

    /// The workspace this package belongs to: `package.workspace`, else the nearest Cargo.toml
    /// with a `[workspace]` at or above the package (itself, for a root package).
    pub fn workspace_root(&self) -> Option<CargoManifest> {
        if self.raw.get("workspace").is_some() {
            return Some(self.clone());
        }
        if let Some(dir) = self.raw.get("package").and_then(|p| p.get("workspace")).and_then(Value::as_str) {
            return read_manifest(&self.dir.join(dir).join("Cargo.toml")).ok();
        }
        let abs = self.dir.canonicalize().ok()?;
        abs.ancestors().skip(1).map(|d| d.join("Cargo.toml")).filter(|t| t.is_file()).find_map(|t| {
            let m = read_manifest(&t).ok()?;
            m.raw.get("workspace").is_some().then_some(m)
        })
    }
}

/// A dependency entry written in the Cargo.toml in `dir` (a version string or a table).
fn dependency(key: &str, spec: &Value, dir: &Path) -> Dependency {
    let get_bool = |name: &str| spec.get(name).and_then(Value::as_bool);
    Dependency {
        key: key.to_owned(),
        package: spec.get("package").and_then(Value::as_str).unwrap_or(key).to_owned(),
        path: spec.get("path").and_then(Value::as_str).map(|p| without_dots(&dir.join(p))),
        optional: get_bool("optional").unwrap_or(false),
        default_features: get_bool("default-features").or_else(|| get_bool("default_features")).unwrap_or(true),
        features: string_list(spec.get("features")),
    }
}

/// `a/./b` → `a/b`, `./../kit` → `../kit`: paths as diagnostics show them.
fn without_dots(path: &Path) -> PathBuf {
    let clean: PathBuf = path.components().filter(|c| !matches!(c, std::path::Component::CurDir)).collect();
    if clean.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        clean
    }
}

fn string_list(value: Option<&Value>) -> Vec<String> {
    value
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).map(str::to_owned).collect())
        .unwrap_or_default()
}

/// Whether a `[target.<spec>]` table applies to the host `cfg` evaluates for: a `cfg(…)`
/// predicate that holds, or that host's triple.
fn target_spec_holds(spec: &str) -> bool {
    match spec.strip_prefix("cfg(").and_then(|s| s.strip_suffix(')')) {
        Some(predicate) => syn::parse_str::<syn::Meta>(predicate)
            .ok()
            .and_then(|m| super::cfg::eval(&m, &super::cfg::EnabledFeatures::default()))
            .unwrap_or(false),
        None => spec == super::cfg::HOST_TRIPLE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn package(files: &[(&str, &str)]) -> (tempfile::TempDir, CargoManifest) {
        let dir = tempfile::tempdir().unwrap();
        for (path, text) in files {
            let full = dir.path().join(path);
            std::fs::create_dir_all(full.parent().unwrap()).unwrap();
            std::fs::write(full, text).unwrap();
        }
        let m = read_manifest(&dir.path().join("Cargo.toml")).unwrap();
        (dir, m)
    }

    fn names(m: &CargoManifest) -> Vec<(String, TargetKind)> {
        m.targets().into_iter().map(|t| (t.crate_name, t.kind)).collect()
    }

    /// The parsed locks a run keeps are found by their text, not their path: a lock rewritten
    /// in place (a test, `cargo update` between two runs of one process) is read anew.
    #[test]
    fn a_lock_rewritten_in_place_is_parsed_again() {
        let lock = |v: &str| format!("version = 4\n\n[[package]]\nname = \"kit\"\nversion = \"{v}\"\n");
        let (dir, _) = package(&[("Cargo.toml", "[package]\nname = \"kit\"\n"), ("Cargo.lock", &lock("1.0.0"))]);
        let versions = || -> Vec<String> { find_lock(dir.path()).unwrap().1.into_iter().map(|p| p.version).collect() };
        assert_eq!(versions(), ["1.0.0"]);
        assert_eq!(versions(), ["1.0.0"]);
        std::fs::write(dir.path().join("Cargo.lock"), lock("1.0.1")).unwrap();
        assert_eq!(versions(), ["1.0.1"]);
    }

    const FILES: &[(&str, &str)] = &[
        ("src/lib.rs", ""),
        ("src/main.rs", ""),
        ("src/bin/extra-tool.rs", ""),
        ("src/bin/nested/main.rs", ""),
        ("examples/plain.rs", ""),
        ("examples/dir-example/main.rs", ""),
        ("src/declared.rs", ""),
    ];

    #[test]
    fn targets_declared_and_found_by_their_place() {
        let toml = "[package]\nname = \"my-pkg\"\n[[example]]\nname = \"declared\"\npath = \"src/declared.rs\"\n";
        let mut files = FILES.to_vec();
        files.push(("Cargo.toml", toml));
        let (_dir, m) = package(&files);
        use TargetKind::*;
        let expected = [
            ("my_pkg", Lib),
            ("my_pkg", Bin),
            ("extra_tool", Bin),
            ("nested", Bin),
            ("declared", Example),
            ("dir_example", Example),
            ("plain", Example),
        ];
        let expected: Vec<(String, TargetKind)> = expected.iter().map(|(n, k)| (n.to_string(), *k)).collect();
        assert_eq!(names(&m), expected);
    }

    #[test]
    fn autodiscovery_turned_off() {
        let toml = "[package]\nname = \"p\"\nautobins = false\nautoexamples = false\n\
                    [[example]]\nname = \"declared\"\npath = \"src/declared.rs\"\n";
        let mut files = FILES.to_vec();
        files.push(("Cargo.toml", toml));
        let (_dir, m) = package(&files);
        let expected = vec![("p".to_string(), TargetKind::Lib), ("declared".to_string(), TargetKind::Example)];
        assert_eq!(names(&m), expected);
    }

    #[test]
    fn an_example_without_a_path_is_found_by_its_name() {
        let toml = "[package]\nname = \"p\"\nautoexamples = false\n[[example]]\nname = \"dir-example\"\n";
        let mut files = FILES.to_vec();
        files.push(("Cargo.toml", toml));
        let (dir, m) = package(&files);
        let examples: Vec<PathBuf> =
            m.targets().into_iter().filter(|t| t.kind == TargetKind::Example).map(|t| t.root_file).collect();
        assert_eq!(examples, [dir.path().join("examples/dir-example/main.rs")]);
    }

    #[test]
    fn dependencies_plain_renamed_inherited_and_by_target() {
        let root = "[workspace]\nmembers = [\"m\"]\n[workspace.dependencies]\n\
                    kit = { path = \"kit\", package = \"kit-core\", features = [\"a\"] }\n";
        let member = "[package]\nname = \"m\"\n[dependencies]\nkit = { workspace = true, features = [\"b\"], optional = true }\n\
                      plain = { path = \"../plain\", default-features = false }\nserde = \"1\"\n\
                      [target.'cfg(unix)'.dependencies]\nunixy = { path = \"../unixy\" }\n\
                      [target.'cfg(windows)'.dependencies]\nwinny = { path = \"../winny\" }\n\
                      [dev-dependencies]\ntesty = { path = \"../testy\" }\n";
        let (dir, ws) = package(&[("Cargo.toml", root), ("m/Cargo.toml", member)]);
        let m = read_manifest(&dir.path().join("m/Cargo.toml")).unwrap();
        assert!(m.workspace_root().is_some_and(|w| w.dir == ws.dir));
        let deps = m.dependencies(Some(&ws));
        let keys: Vec<&str> = deps.iter().map(|d| d.key.as_str()).collect();
        assert_eq!(keys, ["kit", "plain", "serde", "unixy"]);
        let kit = &deps[0];
        assert_eq!(kit.package, "kit-core");
        assert_eq!(kit.path.as_deref(), Some(dir.path().join("kit").as_path()));
        assert_eq!(kit.features, ["a", "b"]);
        assert!(kit.optional && kit.default_features);
        assert!(!deps[1].default_features);
        assert_eq!(deps[2].path, None);
    }
}
