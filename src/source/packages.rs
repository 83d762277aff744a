//! The packages of a run and their cargo features.
//!
//! The run starts from root packages (the crate the user points at, or every member of the
//! workspace root they point at). Their `path` dependencies are read too, transitively: plain
//! (`kit = { path = "../kit" }`), inherited (`kit.workspace = true` with the root's
//! `[workspace.dependencies]`) and renamed (`alias = { package = "kit", … }`). Registry and git
//! dependencies are never read; neither are the SDK's own crates when the repository holds them
//! (the profiles know them by name, and reading them would make their types look like ours).
//!
//! Features are then resolved as cargo does for one build of the root packages (resolver 2,
//! without dev-dependencies): `default` unless `--no-default-features`, `--features` and
//! `--all-features` on the roots, what each dependent asks of a path dependency (`features`,
//! `default-features = false`), feature-enables-feature, `dep:x`, `x/feat`, `x?/feat`, and the
//! implicit feature of an optional dependency. A path dependency that is optional and not enabled
//! is not part of the build, and not read. At a workspace root every member is a root, and their
//! requests are unified, as `cargo build` there unifies them.

use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;
use std::sync::Arc;

use super::cargo::{read_manifest, CargoManifest, Dependency};
use super::registry::{Locator, Missing};
use crate::diagnostics::{Code, Diagnostic, Diagnostics};
use crate::options::FeatureSelection;

/// The SDK crates: known to the profiles by name, never read as sources.
const SDK_PACKAGES: &[&str] = &["rmcp", "rmcp-macros"];

/// Crates whose types the model knows by their paths (`model::lower::known`): schemars implements
/// `JsonSchema` for them itself, so their own sources would say less than it does.
pub(crate) const NATIVE_PACKAGES: &[&str] = &[
    "std",
    "core",
    "alloc",
    "serde",
    "serde_json",
    "schemars",
    "chrono",
    "uuid",
    "url",
    "bytes",
    "rust_decimal",
    "semver",
    "smallvec",
    "arrayvec",
    "indexmap",
    "either",
    "enumset",
    "smol_str",
    "jiff",
    "bigdecimal",
    "time",
];

/// One package of the run.
#[derive(Debug)]
pub(crate) struct Package {
    pub manifest: Arc<CargoManifest>,
    pub deps: Vec<Dependency>,
    /// Per entry of `deps`: the index of the package it is, when it is a path dependency read.
    pub local: Vec<Option<usize>>,
    /// Given by the user (all targets are read), rather than reached as a dependency (its library).
    pub is_root: bool,
    /// Read from where cargo put a registry, vendored or git dependency (not a crate of ours).
    pub is_registry: bool,
    features: Vec<(String, Vec<String>)>,
    /// Finds the registry dependencies of the package (shared by the packages under one lock).
    locator: Option<Arc<Locator>>,
}

impl Package {
    fn has_feature(&self, name: &str) -> bool {
        self.features.iter().any(|(f, _)| f == name)
    }

    /// Optional dependencies named by no `dep:` entry have a feature of their own name.
    fn implicit_feature(&self, key: &str) -> bool {
        let dep_entry = format!("dep:{key}");
        self.deps.iter().any(|d| d.key == key && d.optional)
            && !self.features.iter().flat_map(|(_, l)| l).any(|e| *e == dep_entry)
    }

    fn dep_index(&self, key: &str) -> Option<usize> {
        self.deps.iter().position(|d| d.key == key)
    }

    pub fn name(&self) -> &str {
        self.manifest.package_name.as_deref().unwrap_or_default()
    }

    fn version(&self) -> Option<&str> {
        self.manifest.raw.get("package")?.get("version")?.as_str()
    }

    /// The entries of the features of the package that are `on`.
    pub fn features_on<'a>(&'a self, on: &'a BTreeSet<String>) -> impl Iterator<Item = &'a str> + 'a {
        self.features.iter().filter(|(f, _)| on.contains(f)).flat_map(|(_, list)| list.iter().map(String::as_str))
    }

    /// Whether this package's Cargo.lock locks `name` without `dependency` (see
    /// [`Locator::lock_rules_out`]); `false` when the package has no lock read.
    pub fn lock_rules_out(&self, name: &str, dependency: &str) -> bool {
        self.locator.as_ref().is_some_and(|l| l.lock_rules_out(name, dependency))
    }

    /// `name version` of dependency `package` as the lock names it for this package, else `name`.
    pub fn locked_label(&self, package: &str) -> String {
        let locked = self.locator.as_ref().and_then(|l| l.locked_dependency(self.name(), self.version(), package));
        locked.map_or_else(|| package.to_owned(), |l| format!("{} {}", l.name, l.version))
    }

    fn new(manifest: Arc<CargoManifest>, is_root: bool, is_registry: bool) -> Self {
        Package {
            manifest,
            deps: Vec::new(),
            local: Vec::new(),
            is_root,
            is_registry,
            features: Vec::new(),
            locator: None,
        }
    }
}

/// Which dependencies a discovery reads.
#[derive(Clone, Copy)]
enum Reach<'w> {
    /// Path dependencies, and the registry ones whose extern names are wanted: the sources a run
    /// reads (never the SDK's, nor the crates whose types the model knows by path).
    Sources(&'w BTreeSet<String>),
    /// Every normal dependency of the build, the SDK's and serde's included, for their manifests
    /// only (see [`discover_build_graph`]); `unified` (cargo's resolver 1): build- and
    /// dev-dependencies too, and the dependencies of proc-macros.
    BuildGraph { unified: bool },
}

impl Reach<'_> {
    /// A registry dependency the discovery reads.
    fn registry(self, dep: &Dependency) -> bool {
        match self {
            Reach::Sources(wanted) => {
                dep.path.is_none()
                    && wanted.contains(&dep.key.replace('-', "_"))
                    && !SDK_PACKAGES.contains(&dep.package.as_str())
                    && !NATIVE_PACKAGES.contains(&dep.package.replace('-', "_").as_str())
            }
            Reach::BuildGraph { .. } => dep.path.is_none(),
        }
    }

    /// A path dependency the discovery reads.
    fn path(self, dep: &Dependency) -> bool {
        matches!(self, Reach::BuildGraph { .. }) || !SDK_PACKAGES.contains(&dep.package.as_str())
    }

    /// The dependency entries of `manifest` this discovery follows.
    fn dependencies(
        self,
        manifest: &CargoManifest,
        workspace: Option<&CargoManifest>,
        is_root: bool,
    ) -> Vec<Dependency> {
        match self {
            Reach::BuildGraph { unified: true } => {
                let kinds: &[&str] = if is_root {
                    &["dependencies", "build-dependencies", "dev-dependencies"]
                } else {
                    &["dependencies", "build-dependencies"]
                };
                manifest.unified_dependencies(workspace, kinds)
            }
            // Resolver 2 builds a proc-macro and its dependencies for the host, apart.
            Reach::BuildGraph { unified: false } if manifest.is_proc_macro() => Vec::new(),
            _ => manifest.dependencies(workspace),
        }
    }
}

/// The root packages and every path dependency they reach, and the registry dependencies whose
/// extern names are in `wanted`.
pub(crate) fn discover(
    roots: Vec<Arc<CargoManifest>>,
    wanted: &BTreeSet<String>,
    diagnostics: &mut Diagnostics,
) -> Vec<Package> {
    discover_reaching(roots, Reach::Sources(wanted), diagnostics)
}

/// Every package in the build of the roots' targets whose manifest is on disk: path dependencies
/// and the locked registry, vendored and git ones, through normal (and target) dependencies only.
/// Build-dependencies and the dependencies of proc-macro crates are built for the host, and under
/// resolver 2 their features do not reach the target's crates, so they are left out. A dependency
/// whose sources are not on disk stays unread (`local` is `None`; nothing is told). Under cargo's
/// resolver 1 (the default before edition 2021) everything is unified instead.
pub(crate) fn discover_build_graph(roots: Vec<Arc<CargoManifest>>) -> Vec<Package> {
    let unified = roots.first().is_some_and(|m| m.resolver() == 1);
    discover_reaching(roots, Reach::BuildGraph { unified }, &mut Diagnostics::default())
}

fn discover_reaching(roots: Vec<Arc<CargoManifest>>, reach: Reach<'_>, diagnostics: &mut Diagnostics) -> Vec<Package> {
    let mut packages: Vec<Package> = Vec::new();
    let mut by_dir: HashMap<PathBuf, usize> = HashMap::new();
    let mut workspaces: HashMap<PathBuf, Option<Arc<CargoManifest>>> = HashMap::new();
    for m in roots {
        if SDK_PACKAGES.contains(&m.package_name.as_deref().unwrap_or_default()) {
            continue;
        }
        let dir = canonical(&m.dir);
        if let Some(&i) = by_dir.get(&dir) {
            packages[i].is_root = true;
            continue;
        }
        by_dir.insert(dir, packages.len());
        packages.push(Package::new(m, true, false));
    }
    let mut told: BTreeSet<(String, String)> = BTreeSet::new();
    // One per Cargo.lock: the packages of a workspace share it.
    let mut locators: HashMap<Option<PathBuf>, Arc<Locator>> = HashMap::new();
    let mut next = 0;
    while next < packages.len() {
        let manifest = packages[next].manifest.clone();
        let ws_dir = canonical(&manifest.dir);
        let workspace = workspaces.entry(ws_dir).or_insert_with(|| manifest.workspace_root().map(Arc::new)).clone();
        let deps = reach.dependencies(&manifest, workspace.as_deref(), packages[next].is_root);
        let mut local = Vec::with_capacity(deps.len());
        for dep in &deps {
            if reach.registry(dep) {
                let found =
                    registry_dependency(&mut packages, next, dep, &mut by_dir, &mut told, &mut locators, diagnostics);
                local.push(found);
                continue;
            }
            local.push(dep.path.as_ref().filter(|_| reach.path(dep)).and_then(|path| {
                let dir = canonical(path);
                if let Some(&i) = by_dir.get(&dir) {
                    return Some(i);
                }
                // A path dependency of a crate in a git checkout is read within the checkout
                // (docs/security.md).
                let root = crate::read::Root::checkout(&manifest.dir).filter(|_| !packages[next].is_registry);
                let read = match root {
                    Some(root) if !root.holds(path) => Err(Diagnostic::warning(
                        Code::MissingPathDependency,
                        format!("{} is outside the project root {}; not read", path.display(), root.dir.display()),
                    )),
                    _ => read_manifest(&path.join("Cargo.toml")),
                };
                match read {
                    Ok(m) => {
                        by_dir.insert(dir, packages.len());
                        let is_registry = packages[next].is_registry;
                        packages.push(Package::new(Arc::new(m), false, is_registry));
                        if is_registry {
                            // A path dependency of a git dependency: under the same lock.
                            let locator = packages[next].locator.clone();
                            packages.last_mut().expect("just pushed").locator = locator;
                        }
                        Some(packages.len() - 1)
                    }
                    Err(d) => {
                        diagnostics.push(
                            Diagnostic::warning(
                                Code::MissingPathDependency,
                                format!(
                                    "path dependency `{}` of `{}`: {}; its types are unknown",
                                    dep.key,
                                    manifest.package_name.as_deref().unwrap_or_default(),
                                    d.message
                                ),
                            )
                            .in_file(&manifest.path),
                        );
                        None
                    }
                }
            }));
        }
        let p = &mut packages[next];
        p.features = p.manifest.features_table();
        p.deps = deps;
        p.local = local;
        next += 1;
    }
    packages
}

/// The package registry dependency `dep` of package `p` is, read from where cargo put its
/// sources (`None`, told once per crate, when they are not on disk).
fn registry_dependency(
    packages: &mut Vec<Package>,
    p: usize,
    dep: &Dependency,
    by_dir: &mut HashMap<PathBuf, usize>,
    told: &mut BTreeSet<(String, String)>,
    locators: &mut HashMap<Option<PathBuf>, Arc<Locator>>,
    diagnostics: &mut Diagnostics,
) -> Option<usize> {
    let dependent = &packages[p];
    let locator = dependent.locator.clone().unwrap_or_else(|| Locator::shared(&dependent.manifest.dir, locators));
    packages[p].locator = Some(locator.clone());
    for refused in locator.refusals() {
        diagnostics.push(refused.clone());
    }
    let dependent = &packages[p];
    let version = if dependent.is_registry { dependent.version() } else { None };
    let dir = match locator.find(dependent.name(), version, &dep.package) {
        Ok(dir) => dir,
        Err(missing) => {
            let version = match &missing {
                Missing::NotOnDisk(v) => v.clone(),
                Missing::NotLocked => String::new(),
            };
            if told.insert((dep.package.clone(), version)) {
                diagnostics.push(missing_source(dependent, dep, &missing));
            }
            return None;
        }
    };
    let dir = canonical(&dir);
    if let Some(&i) = by_dir.get(&dir) {
        return Some(i);
    }
    let m = read_manifest(&dir.join("Cargo.toml")).ok()?;
    by_dir.insert(dir, packages.len());
    let mut package = Package::new(Arc::new(m), false, true);
    package.locator = Some(locator);
    packages.push(package);
    Some(packages.len() - 1)
}

/// The one diagnostic for a registry crate whose sources are not on disk.
fn missing_source(dependent: &Package, dep: &Dependency, missing: &Missing) -> Diagnostic {
    let what = match missing {
        Missing::NotOnDisk(version) => format!("`{} {version}` is not on disk", dep.package),
        Missing::NotLocked => format!("no Cargo.lock names the version of `{}`", dep.package),
    };
    Diagnostic::warning(
        Code::MissingRegistrySource,
        format!("dependency `{}` of `{}`: {what}; its types are unknown", dep.key, dependent.name()),
    )
    .in_file(&dependent.manifest.path)
    .with_help("`cargo fetch` downloads the locked sources (and writes Cargo.lock) without compiling anything; mcp-schema then reads them from where cargo put them")
}

/// The extern names of the dependencies the run could read from where cargo put them.
pub(crate) fn registry_dependencies(packages: &[Package]) -> BTreeSet<String> {
    packages
        .iter()
        .flat_map(|p| &p.deps)
        .filter(|d| d.path.is_none())
        .filter(|d| !SDK_PACKAGES.contains(&d.package.as_str()))
        .filter(|d| !NATIVE_PACKAGES.contains(&d.package.replace('-', "_").as_str()))
        .map(|d| d.key.replace('-', "_"))
        .collect()
}

fn canonical(dir: &std::path::Path) -> PathBuf {
    dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf())
}

/// Which packages are built, and the features of each.
#[derive(Debug, Default)]
pub(crate) struct Resolution {
    pub active: Vec<bool>,
    pub features: Vec<BTreeSet<String>>,
    /// Per package: the entries of its `deps` that are on.
    pub deps_on: Vec<BTreeSet<usize>>,
}

/// Resolve features over `packages` for one build of the roots (see the module docs).
pub(crate) fn resolve(packages: &[Package], selection: &FeatureSelection) -> Result<Resolution, Diagnostic> {
    let n = packages.len();
    let mut r = Resolver {
        packages,
        out: Resolution { active: vec![false; n], features: vec![BTreeSet::new(); n], deps_on: Vec::new() },
        deps_on: vec![BTreeSet::new(); n],
        weak: Vec::new(),
    };
    let roots: Vec<usize> = (0..n).filter(|&i| packages[i].is_root).collect();
    for &p in &roots {
        r.activate(p);
        if !selection.no_default_features {
            r.enable(p, "default");
        }
        if selection.all_features {
            let p_ref = &packages[p];
            let names: Vec<String> = p_ref
                .features
                .iter()
                .map(|(f, _)| f.clone())
                .chain(p_ref.deps.iter().filter(|d| p_ref.implicit_feature(&d.key)).map(|d| d.key.clone()))
                .collect();
            for name in names {
                r.enable(p, &name);
            }
        }
    }
    for asked in selection.features.iter().flat_map(|f| f.split([',', ' '])).filter(|f| !f.is_empty()) {
        r.enable_asked(&roots, asked)?;
    }
    // `x?/feat` takes effect once `x` is on, whatever turned it on.
    loop {
        let pending: Vec<(usize, usize, String)> =
            r.weak.iter().filter(|(p, d, _)| r.deps_on[*p].contains(d)).cloned().collect();
        let before = r.weak.len();
        r.weak.retain(|(p, d, _)| !r.deps_on[*p].contains(d));
        if pending.is_empty() && before == r.weak.len() {
            break;
        }
        for (p, d, feature) in pending {
            if let Some(q) = packages[p].local[d] {
                r.enable(q, &feature);
            }
        }
    }
    r.out.deps_on = r.deps_on;
    Ok(r.out)
}

struct Resolver<'p> {
    packages: &'p [Package],
    out: Resolution,
    /// Per package: the entries of its `deps` that are on.
    deps_on: Vec<BTreeSet<usize>>,
    /// `x?/feat` not yet in effect: (package, dependency entry, feature).
    weak: Vec<(usize, usize, String)>,
}

impl Resolver<'_> {
    fn activate(&mut self, p: usize) {
        if std::mem::replace(&mut self.out.active[p], true) {
            return;
        }
        for d in 0..self.packages[p].deps.len() {
            if !self.packages[p].deps[d].optional {
                self.dep_on(p, d);
            }
        }
    }

    /// Turn on dependency entry `d` of `p`, with what `p` asks of it.
    fn dep_on(&mut self, p: usize, d: usize) {
        if !self.deps_on[p].insert(d) {
            return;
        }
        let packages = self.packages;
        let dep = &packages[p].deps[d];
        if dep.optional && packages[p].implicit_feature(&dep.key) {
            self.out.features[p].insert(dep.key.clone());
        }
        let Some(q) = packages[p].local[d] else { return };
        self.activate(q);
        if dep.default_features {
            self.enable(q, "default");
        }
        for f in &dep.features {
            self.enable_entry(q, f);
        }
    }

    /// Enable feature `name` of `p` (nothing when `p` has no such feature: cargo would have refused
    /// the manifest, or it is `default` of a package without one).
    fn enable(&mut self, p: usize, name: &str) {
        let package = &self.packages[p];
        if package.has_feature(name) {
            if !self.out.features[p].insert(name.to_owned()) {
                return;
            }
            let entries = package.features.iter().find(|(f, _)| f == name).map(|(_, l)| l.clone()).unwrap_or_default();
            for entry in entries {
                self.enable_entry(p, &entry);
            }
        } else if package.implicit_feature(name) {
            if let Some(d) = package.dep_index(name) {
                self.dep_on(p, d);
            }
        }
    }

    /// One entry of a feature's list (or of a dependent's `features = [...]`).
    fn enable_entry(&mut self, p: usize, entry: &str) {
        let package = &self.packages[p];
        if let Some(key) = entry.strip_prefix("dep:") {
            if let Some(d) = package.dep_index(key) {
                self.dep_on(p, d);
            }
        } else if let Some((key, feature)) = entry.split_once('/') {
            if let Some(key) = key.strip_suffix('?') {
                if let Some(d) = package.dep_index(key) {
                    self.weak.push((p, d, feature.to_owned()));
                }
            } else if let Some(d) = package.dep_index(key) {
                self.dep_on(p, d);
                if let Some(q) = package.local[d] {
                    self.enable(q, feature);
                }
            }
        } else {
            self.enable(p, entry);
        }
    }

    /// A feature from `--features`: `feat` on every root that has it, `pkg/feat` on that package
    /// (a root, or a dependency of one).
    fn enable_asked(&mut self, roots: &[usize], asked: &str) -> Result<(), Diagnostic> {
        let unknown = |what: String| {
            Diagnostic::error(Code::UnknownFeature, format!("--features `{asked}`: {what}"))
                .with_help("name a feature of the package's [features] table, or an optional dependency")
        };
        if let Some((package, feature)) = asked.split_once('/') {
            if let Some(&p) = roots.iter().find(|&&p| self.packages[p].name() == package) {
                return if self.known(p, feature) {
                    self.enable(p, feature);
                    Ok(())
                } else {
                    Err(unknown(format!("package `{package}` has no feature `{feature}`")))
                };
            }
            for &p in roots {
                let Some(d) = self.packages[p].dep_index(package) else { continue };
                if self.packages[p].local[d].is_some_and(|q| !self.known(q, feature)) {
                    return Err(unknown(format!("dependency `{package}` has no feature `{feature}`")));
                }
                self.enable_entry(p, asked);
                return Ok(());
            }
            return Err(unknown(format!("no package or dependency is named `{package}`")));
        }
        let with: Vec<usize> = roots.iter().copied().filter(|&p| self.known(p, asked)).collect();
        if with.is_empty() {
            return Err(unknown("no package of the run has this feature".into()));
        }
        for p in with {
            self.enable(p, asked);
        }
        Ok(())
    }

    fn known(&self, p: usize, feature: &str) -> bool {
        self.packages[p].has_feature(feature) || self.packages[p].implicit_feature(feature)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Packages from (Cargo.toml text, is_root); dependencies on `path = "../<name>"` are linked by
    /// name without touching the disk.
    fn graph(specs: &[(&str, bool)]) -> Vec<Package> {
        let manifests: Vec<CargoManifest> = specs
            .iter()
            .map(|(text, _)| {
                let raw: toml::Value = toml::from_str(text).unwrap();
                let name = raw["package"]["name"].as_str().unwrap().to_owned();
                let dir = PathBuf::from("/ws").join(&name);
                CargoManifest { path: dir.join("Cargo.toml"), dir, package_name: Some(name), raw }
            })
            .collect();
        let names: Vec<String> = manifests.iter().map(|m| m.package_name.clone().unwrap()).collect();
        manifests
            .into_iter()
            .zip(specs)
            .map(|(m, (_, is_root))| {
                let deps = m.dependencies(None);
                let local = deps
                    .iter()
                    .map(|d| d.path.as_ref().and_then(|_| names.iter().position(|n| *n == d.package)))
                    .collect();
                let mut p = Package::new(Arc::new(m), *is_root, false);
                p.features = p.manifest.features_table();
                p.deps = deps;
                p.local = local;
                p
            })
            .collect()
    }

    fn on(r: &Resolution, p: usize) -> Vec<&str> {
        r.features[p].iter().map(String::as_str).collect()
    }

    const SERVER: &str = r#"
        [package]
        name = "server"
        [features]
        default = ["fast"]
        fast = []
        extra = ["lib/extra", "opt?/weak", "dep:hidden"]
        [dependencies]
        lib = { path = "../lib", default-features = false, features = ["one"] }
        opt = { path = "../opt", optional = true }
        hidden = { path = "../hidden", optional = true }
    "#;
    const LIB: &str = r#"
        [package]
        name = "lib"
        [features]
        default = ["std"]
        std = []
        one = ["two"]
        two = []
        extra = []
    "#;
    const OPT: &str = "[package]\nname = \"opt\"\n[features]\nweak = []\n";
    const HIDDEN: &str = "[package]\nname = \"hidden\"\n";

    fn resolved(selection: FeatureSelection) -> Resolution {
        let packages = graph(&[(SERVER, true), (LIB, false), (OPT, false), (HIDDEN, false)]);
        resolve(&packages, &selection).unwrap()
    }

    #[test]
    fn defaults_and_what_a_dependent_asks() {
        let r = resolved(FeatureSelection::default());
        assert_eq!(on(&r, 0), ["default", "fast"]);
        assert_eq!(on(&r, 1), ["one", "two"], "no defaults, `one` and what it enables");
        assert_eq!(r.active, [true, true, false, false], "optional dependencies are off");
    }

    #[test]
    fn dep_prefix_weak_features_and_implicit_features() {
        let r = resolved(FeatureSelection { features: vec!["extra".into()], ..Default::default() });
        assert_eq!(on(&r, 0), ["default", "extra", "fast"], "`dep:hidden` makes no `hidden` feature");
        assert_eq!(on(&r, 1), ["extra", "one", "two"]);
        assert_eq!(r.active, [true, true, false, true], "`opt?/weak` does not turn `opt` on");
        let r = resolved(FeatureSelection { features: vec!["extra opt".into()], ..Default::default() });
        assert_eq!(on(&r, 0), ["default", "extra", "fast", "opt"], "`opt` is an implicit feature");
        assert_eq!(on(&r, 2), ["weak"], "`opt?/weak` once `opt` is on");
    }

    #[test]
    fn all_and_no_default_features() {
        let r = resolved(FeatureSelection { all_features: true, no_default_features: true, ..Default::default() });
        assert_eq!(on(&r, 0), ["default", "extra", "fast", "opt"]);
        let r = resolved(FeatureSelection { no_default_features: true, ..Default::default() });
        assert!(on(&r, 0).is_empty());
        let r = resolved(FeatureSelection { features: vec!["lib/std".into()], ..Default::default() });
        assert_eq!(on(&r, 1), ["one", "std", "two"], "`dependency/feature` from the command line");
    }

    #[test]
    fn unknown_features_are_errors() {
        let packages = graph(&[(SERVER, true), (LIB, false), (OPT, false), (HIDDEN, false)]);
        for asked in ["nope", "server/nope", "lib/nope", "nobody/x", "hidden"] {
            let selection = FeatureSelection { features: vec![asked.into()], ..Default::default() };
            let err = resolve(&packages, &selection).unwrap_err();
            assert_eq!(err.code, Code::UnknownFeature, "{asked}");
        }
    }
}
