//! Which rmcp release the crate runs, and what that release does (spec §9).
//!
//! Every release difference lives in [`RELEASES`], one row per range of releases; the rest of the
//! profile asks a [`Behaviour`] and never compares versions itself. rmcp decides the schema side
//! (dialect, nullable style, contracts, validation, stripping, legacy peers); rmcp-macros decides
//! the syntactic side (discovery, docs, accepted keys, the empty-input form, the default router),
//! so a [`Behaviour`] is put together from the rows of both crates' versions.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::schema::schemars::{Contract, Dialect};
use crate::source::{find_lock, CargoManifest, DependencySpec, LockedPackage, Workspace};

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

/// Every published rmcp release (pre-releases left out), oldest first: what a Cargo.toml
/// requirement resolves against.
pub const KNOWN_RELEASES: &[Version] = &[
    Version(0, 1, 0),
    Version(0, 1, 1),
    Version(0, 1, 2),
    Version(0, 1, 3),
    Version(0, 1, 4),
    Version(0, 1, 5),
    Version(0, 2, 0),
    Version(0, 2, 1),
    Version(0, 3, 0),
    Version(0, 3, 1),
    Version(0, 3, 2),
    Version(0, 4, 0),
    Version(0, 4, 1),
    Version(0, 5, 0),
    Version(0, 6, 0),
    Version(0, 6, 1),
    Version(0, 6, 2),
    Version(0, 6, 3),
    Version(0, 6, 4),
    Version(0, 7, 0),
    Version(0, 8, 0),
    Version(0, 8, 1),
    Version(0, 8, 2),
    Version(0, 8, 3),
    Version(0, 8, 4),
    Version(0, 8, 5),
    Version(0, 9, 0),
    Version(0, 9, 1),
    Version(0, 10, 0),
    Version(0, 11, 0),
    Version(0, 12, 0),
    Version(0, 13, 0),
    Version(0, 14, 0),
    Version(0, 15, 0),
    Version(0, 16, 0),
    Version(0, 17, 0),
    Version(1, 0, 0),
    Version(1, 1, 0),
    Version(1, 1, 1),
    Version(1, 2, 0),
    Version(1, 3, 0),
    Version(1, 4, 0),
    Version(1, 5, 0),
    Version(1, 6, 0),
    Version(1, 7, 0),
    Version(1, 8, 0),
    Version(2, 0, 0),
    Version(2, 1, 0),
    Version(2, 2, 0),
    Version(3, 0, 0),
    Version(3, 0, 1),
    Version(3, 1, 0),
    Version(3, 1, 1),
    Version(3, 1, 2),
    Version(3, 1, 3),
    Version(3, 1, 4),
    Version(3, 2, 0),
    Version(3, 3, 0),
    Version(3, 4, 0),
    Version(3, 4, 1),
    Version(3, 5, 0),
    Version(3, 5, 1),
    Version(3, 6, 0),
    Version(3, 7, 0),
    Version(3, 8, 0),
    Version(3, 9, 0),
    Version(3, 10, 0),
    Version(3, 11, 0),
];

/// The oldest and newest releases whose behaviour the profile reproduces.
pub const OLDEST_REPRODUCED: Version = Version(0, 6, 0);
pub const NEWEST_REPRODUCED: Version = Version(3, 11, 0);

/// What a tool without a `Parameters<T>` argument gets as `inputSchema`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EmptyInput {
    /// rmcp's `EmptyObject` schema, draft-07, with its title and doc.
    EmptyObjectSchema,
    /// `{}`.
    Empty,
    /// `{"type": "object", "properties": {}}`.
    ObjectNoProperties,
}

/// The router a bare `#[tool_handler]` serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DefaultRouter {
    /// `self.tool_router`.
    Field,
    /// `Self::tool_router()`.
    AssociatedFn,
}

/// What rmcp does with schemas (decided by the rmcp crate's version).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SchemaSide {
    pub dialect: Dialect,
    /// schemars' `AddNullable` transform over the whole document.
    pub nullable: bool,
    /// Remove the root `title` and `description` of parameters and outputs.
    pub strip_root_meta: bool,
    /// A parameters root that is not `"type": "object"` makes rmcp panic.
    pub input_must_be_object: bool,
    /// An output root that is not `"type": "object"` makes rmcp panic.
    pub output_must_be_object: bool,
    pub output_contract: Contract,
    /// Peers on a protocol older than [`LATEST_PROTOCOL`] get no non-object `outputSchema`.
    pub legacy_peers_lose_non_object_output: bool,
    /// `ToolBase` / `with_sync_tool` / `with_async_tool`.
    pub trait_tools: bool,
    /// The `Tool` model has an `execution` field.
    pub execution: bool,
}

/// What rmcp-macros accepts and generates (decided by the rmcp-macros version).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MacroSide {
    pub empty_input: EmptyInput,
    pub default_router: DefaultRouter,
    /// `#[tool_router(server_handler)]`.
    pub server_handler_flag: bool,
    /// An empty `#[tool_router]` block without `allow_empty` does not compile.
    pub empty_router_is_error: bool,
    /// `description = <expr>` (const paths, `concat!`), not only literals.
    pub description_expressions: bool,
    /// `#[doc = macro!(…)]` values are kept (before: they reset the doc accumulator).
    pub doc_macros: bool,
    /// Tool-level `title` and `icons` keys.
    pub title_and_icons: bool,
    /// The `meta` key.
    pub meta: bool,
    /// `execution(task_support = …)`.
    pub execution: bool,
}

/// The behaviour of one rmcp + rmcp-macros pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Behaviour {
    pub schema: SchemaSide,
    pub macros: MacroSide,
}

/// One range of releases: from `first` up to the next row's `first`.
pub struct Row {
    pub first: Version,
    pub schema: SchemaSide,
    pub macros: MacroSide,
}

use Contract::{Deserialize as De, Serialize as Ser};
use DefaultRouter::{AssociatedFn, Field};
use Dialect::{Draft07, Draft2020_12};
use EmptyInput::{Empty, EmptyObjectSchema, ObjectNoProperties};

/// Compact constructors so that each row of the table fits on a few lines.
#[allow(clippy::too_many_arguments)]
const fn s(
    dialect: Dialect,
    nullable: bool,
    strip_root_meta: bool,
    input_must_be_object: bool,
    output_must_be_object: bool,
    output_contract: Contract,
    legacy_peers_lose_non_object_output: bool,
    trait_tools: bool,
    execution: bool,
) -> SchemaSide {
    SchemaSide {
        dialect,
        nullable,
        strip_root_meta,
        input_must_be_object,
        output_must_be_object,
        output_contract,
        legacy_peers_lose_non_object_output,
        trait_tools,
        execution,
    }
}

#[allow(clippy::too_many_arguments)]
const fn m(
    empty_input: EmptyInput,
    default_router: DefaultRouter,
    server_handler_flag: bool,
    empty_router_is_error: bool,
    description_expressions: bool,
    doc_macros: bool,
    title_and_icons: bool,
    meta: bool,
    execution: bool,
) -> MacroSide {
    MacroSide {
        empty_input,
        default_router,
        server_handler_flag,
        empty_router_is_error,
        description_expressions,
        doc_macros,
        title_and_icons,
        meta,
        execution,
    }
}

/// The release table (spec §9.1). Schema columns: dialect, nullable, strip root title/description,
/// input must be an object, output must be an object, output contract, legacy peers lose
/// non-object outputs, trait tools, `execution`. Macro columns: empty input, default router,
/// `server_handler`, empty router is an error, description expressions, doc macros,
/// `title`/`icons`, `meta`, `execution`.
#[rustfmt::skip]
pub const RELEASES: &[Row] = &[
    Row { first: Version(0, 6, 0),
          schema: s(Draft07, true, false, false, false, De, false, false, false),
          macros: m(EmptyObjectSchema, Field, false, false, false, false, false, false, false) },
    Row { first: Version(0, 6, 4),
          schema: s(Draft07, true, false, false, false, De, false, false, false),
          macros: m(Empty, Field, false, false, false, false, true, false, false) },
    Row { first: Version(0, 7, 0),
          schema: s(Draft07, true, false, false, false, De, false, false, false),
          macros: m(Empty, Field, false, false, false, true, true, false, false) },
    Row { first: Version(0, 8, 0),
          schema: s(Draft07, true, false, false, false, De, false, false, false),
          macros: m(ObjectNoProperties, Field, false, false, false, true, true, false, false) },
    Row { first: Version(0, 9, 0),
          schema: s(Draft2020_12, true, false, false, false, De, false, false, false),
          macros: m(ObjectNoProperties, Field, false, false, false, true, true, true, false) },
    Row { first: Version(0, 11, 0),
          schema: s(Draft2020_12, true, false, false, true, De, false, false, false),
          macros: m(ObjectNoProperties, Field, false, false, false, true, true, true, false) },
    Row { first: Version(0, 15, 0),
          schema: s(Draft2020_12, true, false, false, true, De, false, false, true),
          macros: m(ObjectNoProperties, Field, false, false, false, true, true, true, true) },
    Row { first: Version(0, 17, 0),
          schema: s(Draft2020_12, false, false, false, true, De, false, true, true),
          macros: m(ObjectNoProperties, Field, false, false, false, true, true, true, true) },
    Row { first: Version(1, 4, 0),
          schema: s(Draft2020_12, false, false, false, true, De, false, true, true),
          macros: m(ObjectNoProperties, AssociatedFn, true, false, false, true, true, true, true) },
    Row { first: Version(1, 8, 0),
          schema: s(Draft2020_12, false, true, true, true, De, false, true, true),
          macros: m(ObjectNoProperties, AssociatedFn, true, false, false, true, true, true, true) },
    Row { first: Version(3, 0, 0),
          schema: s(Draft2020_12, false, true, true, false, De, false, true, false),
          macros: m(ObjectNoProperties, AssociatedFn, true, false, false, true, true, true, false) },
    Row { first: Version(3, 3, 0),
          schema: s(Draft2020_12, false, true, true, false, De, false, true, false),
          macros: m(ObjectNoProperties, AssociatedFn, true, true, false, true, true, true, false) },
    Row { first: Version(3, 4, 1),
          schema: s(Draft2020_12, false, true, true, false, De, false, true, false),
          macros: m(ObjectNoProperties, AssociatedFn, true, true, true, true, true, true, false) },
    Row { first: Version(3, 9, 0),
          schema: s(Draft2020_12, false, true, true, false, Ser, false, true, false),
          macros: m(ObjectNoProperties, AssociatedFn, true, true, true, true, true, true, false) },
    Row { first: Version(3, 11, 0),
          schema: s(Draft2020_12, false, true, true, false, Ser, true, true, false),
          macros: m(ObjectNoProperties, AssociatedFn, true, true, true, true, true, true, false) },
];

fn row(v: Version) -> &'static Row {
    RELEASES.iter().rev().find(|r| r.first <= v).unwrap_or(&RELEASES[0])
}

impl Behaviour {
    /// The behaviour of rmcp `rmcp` driven by rmcp-macros `macros`.
    pub fn of(rmcp: Version, macros: Version) -> Behaviour {
        Behaviour { schema: row(rmcp).schema, macros: row(macros).macros }
    }
}

/// The newest protocol version; older peers are "legacy" for rmcp 3.11.
pub const LATEST_PROTOCOL: &str = "2026-07-28";
pub const KNOWN_PROTOCOLS: &[&str] = &["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"];

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
    pub warnings: Vec<String>,
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
}

/// Read the versions for the workspace (spec §9.2), or take the override.
pub fn read(ws: &Workspace, override_version: Option<&str>) -> Versions {
    let mut out = if let Some(text) = override_version {
        match Version::parse(text).or_else(|| resolve_requirement(text)) {
            Some(v) => {
                let schemars = lock_versions(ws).and_then(|l| l.schemars);
                Versions { rmcp: v, macros: v, schemars, origin: Origin::Override, warnings: Vec::new() }
            }
            None => {
                let mut v = from_sources(ws);
                v.warnings
                    .push(format!("--rmcp-version `{text}` is not a version (X.Y.Z); using rmcp {} instead", v.rmcp));
                v
            }
        }
    } else {
        from_sources(ws)
    };
    for (what, v) in [("rmcp", out.rmcp), ("rmcp-macros", out.macros)] {
        if v < OLDEST_REPRODUCED {
            out.warnings.push(format!(
                "{what} {v} is older than {OLDEST_REPRODUCED}, the oldest release this profile reproduces; listing as {OLDEST_REPRODUCED} would"
            ));
        } else if v > NEWEST_REPRODUCED {
            out.warnings.push(format!(
                "{what} {v} is newer than {NEWEST_REPRODUCED}, the newest release this profile reproduces; listing as {NEWEST_REPRODUCED} would"
            ));
        }
    }
    if let Some(s) = out.schemars {
        if s < Version(1, 2, 0) {
            out.warnings.push(format!(
                "schemars {s} is locked: the profile reproduces schemars 1.2.x, and older releases differ (maps with enum keys, flattened enums, `extend`)"
            ));
        }
    }
    out
}

/// The three versions read from a Cargo.lock, with its path.
struct Locked {
    path: PathBuf,
    rmcp: Option<Version>,
    macros: Option<Version>,
    schemars: Option<Version>,
}

/// The packages of the run that depend on rmcp come first.
fn packages(ws: &Workspace) -> Vec<&CargoManifest> {
    let mut all: Vec<&CargoManifest> = ws.packages.iter().map(|m| &**m).collect();
    all.sort_by_key(|m| m.dependency_requirement("rmcp").is_none());
    all
}

fn lock_versions(ws: &Workspace) -> Option<Locked> {
    let mut dirs: Vec<PathBuf> = packages(ws).iter().map(|m| m.dir.clone()).collect();
    dirs.push(ws.root.clone());
    for dir in dirs {
        let Some((path, pkgs)) = find_lock(&dir) else { continue };
        let own = packages(ws).iter().find(|m| m.dir == dir).and_then(|m| m.package_name.clone());
        let rmcp = pick(&pkgs, "rmcp", own.as_deref());
        let rmcp_entry =
            rmcp.and_then(|v| pkgs.iter().find(|p| p.name == "rmcp" && Version::parse(&p.version) == Some(v)));
        let macros = pick_from(&pkgs, "rmcp-macros", rmcp_entry).or_else(|| pick(&pkgs, "rmcp-macros", own.as_deref()));
        let schemars = pick_from(&pkgs, "schemars", rmcp_entry).or_else(|| pick(&pkgs, "schemars", own.as_deref()));
        if rmcp.is_some() || macros.is_some() {
            return Some(Locked { path, rmcp, macros, schemars });
        }
        if schemars.is_some() {
            return Some(Locked { path, rmcp: None, macros: None, schemars });
        }
    }
    None
}

/// The locked version of `name`: the one the package `own` depends on when several are locked.
fn pick(pkgs: &[LockedPackage], name: &str, own: Option<&str>) -> Option<Version> {
    let owner = own.and_then(|o| pkgs.iter().find(|p| p.name == o));
    pick_from(pkgs, name, owner).or_else(|| {
        let all: Vec<Version> =
            pkgs.iter().filter(|p| p.name == name).filter_map(|p| Version::parse(&p.version)).collect();
        all.iter().max().copied()
    })
}

/// The version of `name` that `owner` depends on (`"name X.Y.Z"`, or a bare `"name"` for the only
/// one locked).
fn pick_from(pkgs: &[LockedPackage], name: &str, owner: Option<&LockedPackage>) -> Option<Version> {
    let owner = owner?;
    for dep in &owner.dependencies {
        let mut parts = dep.split_whitespace();
        if parts.next() != Some(name) {
            continue;
        }
        return match parts.next() {
            Some(v) => Version::parse(v),
            None => pkgs.iter().find(|p| p.name == name).and_then(|p| Version::parse(&p.version)),
        };
    }
    None
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
    for m in packages(ws) {
        let Some(spec) = m.dependency_requirement("rmcp") else { continue };
        let (req, manifest) = match spec {
            DependencySpec::Version(req) => (Some(req), m.path.clone()),
            DependencySpec::Workspace => match workspace_root_requirement(&m.dir) {
                Some((req, path)) => (Some(req), path),
                None => (None, m.path.clone()),
            },
            DependencySpec::Other => {
                if let Some((v, path)) = path_dependency_version(m) {
                    let warnings = vec![format!(
                        "no Cargo.lock names rmcp; using the version of the path dependency {}",
                        path.display()
                    )];
                    return Versions { rmcp: v, macros: v, schemars, origin: Origin::PathDependency(path), warnings };
                }
                (None, m.path.clone())
            }
        };
        if let Some(req) = req {
            if let Some(v) = resolve_requirement(&req) {
                let warnings = vec![format!(
                    "no Cargo.lock names rmcp; assuming rmcp {v}, the newest release that \"{req}\" in {} allows",
                    manifest.display()
                )];
                return Versions {
                    rmcp: v,
                    macros: v,
                    schemars,
                    origin: Origin::Requirement { manifest, requirement: req },
                    warnings,
                };
            }
        }
    }
    Versions {
        rmcp: NEWEST_REPRODUCED,
        macros: NEWEST_REPRODUCED,
        schemars,
        origin: Origin::Assumed,
        warnings: vec![format!(
            "no Cargo.lock or Cargo.toml tells the rmcp version; assuming {NEWEST_REPRODUCED} (set it with --rmcp-version)"
        )],
    }
}

/// `rmcp = { workspace = true }`: the requirement in the nearest `[workspace.dependencies]` above.
fn workspace_root_requirement(dir: &Path) -> Option<(String, PathBuf)> {
    let abs = dir.canonicalize().ok()?;
    for d in abs.ancestors() {
        let toml = d.join("Cargo.toml");
        if !toml.is_file() {
            continue;
        }
        let Ok(m) = crate::source::read_manifest(&toml) else { continue };
        if m.raw.get("workspace").is_some() {
            return m.workspace_dependency_requirement("rmcp").map(|r| (r, toml));
        }
    }
    None
}

/// `rmcp = { path = "…" }`: the version in that crate's Cargo.toml.
fn path_dependency_version(m: &CargoManifest) -> Option<(Version, PathBuf)> {
    let mut tables = Vec::new();
    tables.extend(m.raw.get("dependencies"));
    if let Some(targets) = m.raw.get("target").and_then(toml::Value::as_table) {
        tables.extend(targets.values().filter_map(|t| t.get("dependencies")));
    }
    for table in tables.into_iter().filter_map(toml::Value::as_table) {
        for (key, spec) in table {
            let real = spec.get("package").and_then(toml::Value::as_str).unwrap_or(key);
            if real != "rmcp" {
                continue;
            }
            let path = spec.get("path").and_then(toml::Value::as_str)?;
            let toml_path = m.dir.join(path).join("Cargo.toml");
            let dep = crate::source::read_manifest(&toml_path).ok()?;
            let v = dep.raw.get("package")?.get("version")?.as_str().and_then(Version::parse)?;
            return Some((v, toml_path));
        }
    }
    None
}

/// The newest known release that a Cargo requirement allows (`"0.8"`, `"^1.2"`, `"=3.11.0"`,
/// `">=0.9, <2"`, `"~0.6.1"`, `"*"`).
pub fn resolve_requirement(req: &str) -> Option<Version> {
    let comparators: Vec<&str> = req.split(',').map(str::trim).filter(|c| !c.is_empty()).collect();
    if comparators.is_empty() {
        return None;
    }
    let mut parsed = Vec::new();
    for c in &comparators {
        parsed.push(Comparator::parse(c)?);
    }
    KNOWN_RELEASES.iter().rev().copied().find(|v| parsed.iter().all(|c| c.matches(*v)))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Caret,
    Tilde,
    Exact,
    Gt,
    Ge,
    Lt,
    Le,
    Wildcard,
}

/// One comparator of a requirement; missing minor/patch are `None`.
#[derive(Debug, Clone, Copy)]
struct Comparator {
    op: Op,
    major: u64,
    minor: Option<u64>,
    patch: Option<u64>,
}

impl Comparator {
    fn parse(text: &str) -> Option<Comparator> {
        let (op, rest) = if let Some(r) = text.strip_prefix(">=") {
            (Op::Ge, r)
        } else if let Some(r) = text.strip_prefix("<=") {
            (Op::Le, r)
        } else if let Some(r) = text.strip_prefix('>') {
            (Op::Gt, r)
        } else if let Some(r) = text.strip_prefix('<') {
            (Op::Lt, r)
        } else if let Some(r) = text.strip_prefix('=') {
            (Op::Exact, r)
        } else if let Some(r) = text.strip_prefix('~') {
            (Op::Tilde, r)
        } else if let Some(r) = text.strip_prefix('^') {
            (Op::Caret, r)
        } else {
            (Op::Caret, text)
        };
        let rest = rest.trim().split(['-', '+']).next()?;
        if rest == "*" {
            return Some(Comparator { op: Op::Wildcard, major: 0, minor: None, patch: None });
        }
        let mut parts = rest.split('.');
        let num = |p: Option<&str>| -> Option<Option<u64>> {
            match p {
                None | Some("*") | Some("x") | Some("X") => Some(None),
                Some(n) => n.parse().ok().map(Some),
            }
        };
        let major = parts.next()?.parse().ok()?;
        let minor = num(parts.next())?;
        let patch = if minor.is_some() { num(parts.next())? } else { None };
        // `1.*` and `1.2.*` behave like `1` and `1.2` with a caret/exact operator.
        let op = if op == Op::Caret && rest.contains('*') { Op::Exact } else { op };
        Some(Comparator { op, major, minor, patch })
    }

    fn matches(&self, v: Version) -> bool {
        let lo = Version(self.major, self.minor.unwrap_or(0), self.patch.unwrap_or(0));
        match self.op {
            Op::Wildcard => true,
            Op::Exact => {
                v.0 == self.major && self.minor.map_or(true, |m| v.1 == m) && self.patch.map_or(true, |p| v.2 == p)
            }
            Op::Ge => v >= lo,
            Op::Gt => match (self.minor, self.patch) {
                (None, _) => v.0 > self.major,
                (Some(m), None) => (v.0, v.1) > (self.major, m),
                _ => v > lo,
            },
            Op::Lt => v < lo,
            Op::Le => match (self.minor, self.patch) {
                (None, _) => v.0 <= self.major,
                (Some(m), None) => (v.0, v.1) <= (self.major, m),
                _ => v <= lo,
            },
            Op::Tilde => {
                v >= lo
                    && v.0 == self.major
                    && match self.minor {
                        Some(m) => v.1 == m,
                        None => true,
                    }
            }
            Op::Caret => {
                if v < lo {
                    return false;
                }
                if self.major > 0 || self.minor.is_none() {
                    v.0 == self.major
                } else if self.minor != Some(0) || self.patch.is_none() {
                    v.0 == 0 && Some(v.1) == self.minor
                } else {
                    v == lo
                }
            }
        }
    }
}

/// Whether `protocol` is older than the newest protocol (rmcp 3.11's legacy peers). Protocol
/// versions are dates, so they compare as strings.
pub fn is_legacy_protocol(protocol: &str) -> bool {
    protocol < LATEST_PROTOCOL
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_ordered_and_starts_at_the_oldest() {
        assert_eq!(RELEASES[0].first, OLDEST_REPRODUCED);
        assert!(RELEASES.windows(2).all(|w| w[0].first < w[1].first));
        assert!(KNOWN_RELEASES.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn behaviours_follow_the_spec_matrix() {
        let b = |v: &str| {
            let v = Version::parse(v).unwrap();
            Behaviour::of(v, v)
        };
        assert_eq!(b("0.6.0").macros.empty_input, EmptyInput::EmptyObjectSchema);
        assert_eq!(b("0.6.3").macros.empty_input, EmptyInput::EmptyObjectSchema);
        assert_eq!(b("0.6.4").macros.empty_input, EmptyInput::Empty);
        assert_eq!(b("0.7.0").macros.empty_input, EmptyInput::Empty);
        assert_eq!(b("0.8.5").macros.empty_input, EmptyInput::ObjectNoProperties);
        assert_eq!(b("0.8.5").schema.dialect, Dialect::Draft07);
        assert_eq!(b("0.9.1").schema.dialect, Dialect::Draft2020_12);
        assert!(b("0.16.0").schema.nullable);
        assert!(!b("0.17.0").schema.nullable);
        assert!(!b("0.10.0").schema.output_must_be_object);
        assert!(b("0.11.0").schema.output_must_be_object);
        assert!(b("2.2.0").schema.output_must_be_object);
        assert!(!b("3.0.0").schema.output_must_be_object);
        assert!(!b("1.7.0").schema.input_must_be_object && !b("1.7.0").schema.strip_root_meta);
        assert!(b("1.8.0").schema.input_must_be_object && b("1.8.0").schema.strip_root_meta);
        assert_eq!(b("1.3.0").macros.default_router, DefaultRouter::Field);
        assert_eq!(b("1.4.0").macros.default_router, DefaultRouter::AssociatedFn);
        assert_eq!(b("3.8.0").schema.output_contract, Contract::Deserialize);
        assert_eq!(b("3.9.0").schema.output_contract, Contract::Serialize);
        assert!(!b("3.10.0").schema.legacy_peers_lose_non_object_output);
        assert!(b("3.11.0").schema.legacy_peers_lose_non_object_output);
        assert!(!b("3.4.0").macros.description_expressions && b("3.4.1").macros.description_expressions);
        assert!(!b("3.2.0").macros.empty_router_is_error && b("3.3.0").macros.empty_router_is_error);
        assert!(!b("0.6.0").macros.doc_macros && b("0.7.0").macros.doc_macros);
        assert!(b("0.15.0").macros.execution && b("2.2.0").macros.execution && !b("3.0.0").macros.execution);
        assert!(!b("0.16.0").schema.trait_tools && b("0.17.0").schema.trait_tools);
    }

    #[test]
    fn the_two_crates_decide_their_own_rules() {
        let b = Behaviour::of(Version(3, 11, 0), Version(1, 3, 0));
        assert_eq!(b.schema.output_contract, Contract::Serialize);
        assert_eq!(b.macros.default_router, DefaultRouter::Field);
    }

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
        assert_eq!(r("99"), None);
        assert_eq!(r("nonsense"), None);
    }

    #[test]
    fn versions_parse() {
        assert_eq!(Version::parse("3.0.0-beta.1"), Some(Version(3, 0, 0)));
        assert_eq!(Version::parse("1.2"), None);
        assert!(is_legacy_protocol("2025-11-25"));
        assert!(!is_legacy_protocol("2026-07-28"));
    }
}

#[cfg(test)]
mod reading_tests {
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
        assert!(v.warnings.iter().any(|w| w.contains("schemars 1.0.4")));
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
