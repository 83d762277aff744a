//! Configuration: `[package.metadata.mcp-schema]` in Cargo.toml, or `mcp-schema.toml` beside it.
//!
//! Keys (all optional): `profile`, `manifest`, `protocol`, `strict`, `server`, `rmcp-version`,
//! `include`, `exclude`, `features`, `all-features`, `no-default-features`, and the tables
//! `lints` and `schemas`. Paths are relative to the directory of the file that holds them (the
//! crate root). Command-line flags ([`Flags`]) beat the configuration, and the configuration
//! beats the defaults ([`Config::apply`]). See docs/config.md.

// `Diagnostic` is the crate's error type everywhere (`Config::discover` returns it); it is large,
// but a configuration is read once per run.
#![allow(clippy::result_large_err)]

mod drift;
mod hint;
mod lints;
mod schemas;
mod servers;

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::de::DeserializeOwned;
use serde::Deserialize;
use toml::{Spanned, Value};

use crate::check::accept::{Acceptance, LevelName, RuleName};
pub use crate::diagnostics::shown_path;
use crate::diagnostics::{Code, Diagnostic, Level, LintName, Lints, Location, SourceFile};
use crate::{
    FeatureSelection, GenerateOptions, ParseMode, ProfileChoice, ProfileOptions, RmcpOptions, SchemaOverrides,
};
pub use hint::update_hint;
use lints::{parse_lints, LintsSection};
use schemas::parse_schemas;
pub use servers::{enclosing_servers, layers_table, Server, LAYERS};

/// The name of the stand-alone configuration file.
pub const FILE_NAME: &str = "mcp-schema.toml";

/// The committed manifest when neither `--manifest` nor the configuration names one.
const DEFAULT_MANIFEST: &str = "mcp-tools.json";

const KEYS: &[&str] = &[
    "profile",
    "manifest",
    "protocol",
    "strict",
    "server",
    "rmcp-version",
    "sdk-version",
    "include",
    "exclude",
    "features",
    "all-features",
    "no-default-features",
    "bin",
    "serde-json-preserve-order",
    "lints",
    "schemas",
    "drift",
    "servers",
    "budget",
    "env",
    "clients",
];

/// What the configuration sets. Every field is optional: command-line flags beat it, and it
/// beats the defaults.
#[derive(Debug, Clone, Default)]
pub struct Config {
    pub(crate) profile: Option<ProfileChoice>,
    /// The committed manifest, resolved against the crate root.
    pub(crate) manifest: Option<PathBuf>,
    pub(crate) strict: Option<bool>,
    pub(crate) rmcp: RmcpOptions,
    /// `sdk-version`: the rust-mcp-sdk release to reproduce.
    pub(crate) sdk_version: Option<String>,
    /// What to read instead of the crate root (crate directories, workspace roots or `.rs`
    /// files), resolved against the crate root.
    pub(crate) include: Vec<PathBuf>,
    /// Path prefixes to leave out of the scan, relative to the crate root (as
    /// [`crate::options::GenerateOptions::exclude`] wants them).
    pub(crate) exclude: Vec<PathBuf>,
    pub(crate) features: Option<Vec<String>>,
    pub(crate) all_features: Option<bool>,
    pub(crate) no_default_features: Option<bool>,
    /// `bin`: the one binary target to read (`--bin`).
    pub(crate) bin: Option<String>,
    /// `serde-json-preserve-order`: whether serde_json's `preserve_order` is on in the server.
    pub(crate) serde_json_preserve_order: Option<bool>,
    /// `[lints]`: levels by diagnostic code, each checked against the known codes.
    pub(crate) lints: BTreeMap<LintName, Level>,
    /// `[lints.crates.NAME]`: levels by code for the diagnostics about one crate's sources.
    pub(crate) crate_lints: BTreeMap<String, BTreeMap<LintName, Level>>,
    /// `[schemas]`: the files it names, read and parsed.
    pub(crate) schemas: SchemaOverrides,
    /// `[drift]`: levels of drift rules and accepted changes, for `check`.
    pub(crate) drift: Acceptance,
    /// `[budget]`: what the tools may cost a model, in tokens.
    pub(crate) budget: crate::tokens::budget::Budget,
    /// `[env]`: the environment variables the server runs with, by name.
    pub(crate) env: Vec<(String, String)>,
    /// `clients`: the MCP clients the server targets, by name (docs/clients.md).
    pub(crate) clients: Vec<&'static str>,
    /// The file the configuration came from, if any.
    pub(crate) source: Option<PathBuf>,
    /// The directory that holds Cargo.toml / mcp-schema.toml: the crate root.
    pub(crate) root: Option<PathBuf>,
    /// The path the configuration was looked up for, as the user gave it.
    target: Option<PathBuf>,
    /// `[[servers]]`: the servers of a repository, when it lists several.
    servers: Vec<servers::Entry>,
}

/// What the command line says. Everything it sets beats the configuration.
#[derive(Debug, Clone, Default)]
pub struct Flags {
    /// `PATH`s; when empty, the configured `include` (else the directory the configuration was
    /// discovered for, else the current directory).
    pub paths: Vec<PathBuf>,
    /// `--profile`: beats the configured `profile`.
    pub profile: Option<ProfileChoice>,
    /// `--strict`: on here turns it on whatever the configuration says.
    pub strict: bool,
    /// `-A/-W/-D CODE`: beat the configured level of the same code.
    pub levels: BTreeMap<LevelName, Level>,
    /// `--protocol`, `--server`, `--rmcp-version`: each beats its configured key.
    pub rmcp: RmcpOptions,
    /// `--sdk-version`.
    pub sdk_version: Option<String>,
    /// `--features` (when it names any) replaces the configured list; `--all-features` and
    /// `--no-default-features` turn theirs on.
    pub features: FeatureSelection,
    /// `--full-parse`: parse fn bodies too, on one thread.
    pub parse_mode: ParseMode,
    /// `--env NAME=VALUE`: beat the configured `[env]` value of the same name.
    pub env: Vec<(String, String)>,
}

/// `Cargo.toml`, of which only `[package.metadata.mcp-schema]` and
/// `[workspace.metadata.mcp-schema]` (as a `T`) are read.
#[derive(Deserialize)]
struct CargoToml<T> {
    package: Option<CargoPackage<T>>,
    workspace: Option<CargoPackage<T>>,
}

/// `[package]` or `[workspace]`: only its `metadata` is read.
#[derive(Deserialize)]
struct CargoPackage<T> {
    metadata: Option<CargoMetadata<T>>,
}

#[derive(Deserialize)]
struct CargoMetadata<T> {
    #[serde(rename = "mcp-schema")]
    mcp_schema: Option<T>,
}

/// The configuration's own keys, each with the span of its name and of its value.
type Table = BTreeMap<Spanned<String>, Spanned<Value>>;

/// The configuration's sub-tables, read again with the span of every entry (a `toml::Value`
/// keeps none inside a table).
#[derive(Deserialize, Default)]
struct Sections {
    #[serde(default)]
    lints: LintsSection,
    #[serde(default)]
    schemas: Table,
    #[serde(default)]
    drift: Table,
}

/// Where a configuration was read from: enough to point into it.
struct ConfigFile<'a> {
    path: &'a Path,
    text: &'a str,
    /// Whether it is a Cargo.toml (the keys are under `[package.metadata.mcp-schema]`).
    in_cargo: bool,
}

impl Config {
    /// Find and read the configuration for the crate at `path` (default: the current directory).
    ///
    /// For a directory, its own Cargo.toml and mcp-schema.toml; for a file, those of the nearest
    /// directory above it that has either. Having both configure mcp-schema is an error. The
    /// files the `schemas` table names are read here too.
    pub fn discover(path: Option<&Path>) -> Result<Config, Diagnostic> {
        let target = path.map(Path::to_path_buf);
        let start = path.unwrap_or(Path::new("."));
        let Some(dir) = config_dir(start) else { return Ok(Config { target, ..Config::default() }) };
        // `Cargo.toml`, not `./Cargo.toml`, in messages about the current directory.
        let in_dir = |name: &str| if dir == Path::new(".") { PathBuf::from(name) } else { dir.join(name) };
        let cargo = in_dir("Cargo.toml");
        let own = in_dir(FILE_NAME);
        let from_cargo = if cargo.is_file() { read_cargo(&cargo)? } else { None };
        let from_own = if own.is_file() { Some(read_own(&own)?) } else { None };
        let (file, text, table, in_cargo) = match (from_cargo, from_own) {
            (Some(_), Some((_, text, _))) => {
                return Err(Diagnostic::error(
                    Code::ConfigConflict,
                    format!(
                        "both {} ([package.metadata.mcp-schema]) and {} configure mcp-schema",
                        cargo.display(),
                        own.display()
                    ),
                )
                .at(Some(location(&own, &text, 0..0)))
                .in_file(&own)
                .with_help("keep one of them"));
            }
            (Some((file, text, table)), None) => (file, text, table, true),
            (None, Some((file, text, table))) => (file, text, table, false),
            (None, None) => return Ok(Config { root: Some(dir), target, ..Config::default() }),
        };
        let mut config = parse_table(&ConfigFile { path: &file, text: &text, in_cargo }, table, &dir)?;
        config.source = Some(file);
        config.root = Some(dir);
        config.target = target;
        Ok(config)
    }

    /// The levels of drift rules and the accepted changes: the configuration's `[drift]`, then
    /// the command line's `-A/-W/-D RULE` (`levels`), which beat it.
    pub fn acceptance(&self, levels: &BTreeMap<LevelName, Level>) -> Acceptance {
        let mut acceptance = self.drift.clone();
        for (name, level) in levels {
            if let LevelName::Rule(RuleName(rule)) = name {
                acceptance.set_level(rule, *level);
            }
        }
        acceptance
    }

    /// The options of a run: the command line's `flags` over this configuration, over the
    /// defaults.
    pub fn apply(&self, flags: Flags) -> GenerateOptions {
        // Paths on the command line beat the configured `include`, which beats the crate the
        // configuration was found for (found up from a subdirectory, say: not on the command line).
        let paths = match (flags.paths.is_empty(), self.include.is_empty()) {
            (false, _) => flags.paths,
            (true, false) => self.include.clone(),
            (true, true) => self.target.iter().cloned().collect(),
        };
        let mut levels = self.lints.clone();
        // Drift rules' levels are `check`'s ([`Config::acceptance`]), not the diagnostics'.
        levels.extend(flags.levels.into_iter().filter_map(|(name, level)| match name {
            LevelName::Lint(lint) => Some((lint, level)),
            LevelName::Rule(_) => None,
        }));
        let features = FeatureSelection {
            features: if flags.features.features.is_empty() {
                self.features.clone().unwrap_or_default()
            } else {
                flags.features.features
            },
            all_features: flags.features.all_features || self.all_features.unwrap_or(false),
            no_default_features: flags.features.no_default_features || self.no_default_features.unwrap_or(false),
            serde_json_preserve_order: flags.features.serde_json_preserve_order.or(self.serde_json_preserve_order),
            bin: flags.features.bin.or_else(|| self.bin.clone()),
        };
        GenerateOptions {
            paths,
            profile: flags.profile.or(self.profile).unwrap_or_default(),
            lints: Lints {
                levels,
                strict: flags.strict || self.strict.unwrap_or(false),
                crates: self.crate_lints.clone(),
            },
            profile_options: ProfileOptions {
                protocol: flags.rmcp.protocol.or_else(|| self.rmcp.protocol.clone()),
                server: flags.rmcp.server.or_else(|| self.rmcp.server.clone()),
                rmcp_version: flags.rmcp.version.or_else(|| self.rmcp.version.clone()),
                sdk_version: flags.sdk_version.or_else(|| self.sdk_version.clone()),
                overrides: self.schemas.clone(),
                env: {
                    let mut env = self.env.clone();
                    for (name, value) in &flags.env {
                        env.retain(|(n, _)| n != name);
                        env.push((name.clone(), value.clone()));
                    }
                    env
                },
            },
            exclude: self.exclude.clone(),
            parse_mode: flags.parse_mode,
            features,
            budget: self.budget,
            clients: self.clients.clone(),
        }
    }

    /// `server`: the server type to list, when the configuration names one.
    pub fn server_type(&self) -> Option<&str> {
        self.rmcp.server.as_deref()
    }

    /// The file the configuration was read from (a Cargo.toml or mcp-schema.toml), if any.
    pub fn source(&self) -> Option<&Path> {
        self.source.as_deref()
    }

    /// The committed manifest: `flag` (`check --manifest`), else the configured one, else
    /// `mcp-tools.json` in the crate root.
    pub fn manifest_path(&self, flag: Option<&Path>) -> PathBuf {
        if let Some(path) = flag.map(Path::to_path_buf).or_else(|| self.manifest.clone()) {
            return path;
        }
        in_dir(&self.crate_root(), Path::new(DEFAULT_MANIFEST))
    }

    /// The crate's directory: the one holding its Cargo.toml or mcp-schema.toml, else the PATH
    /// given (a `.rs` file's directory), else `.`.
    pub fn crate_root(&self) -> PathBuf {
        self.root.clone().unwrap_or_else(|| match &self.target {
            Some(p) if p.is_file() => p.parent().map(PathBuf::from).unwrap_or_else(|| PathBuf::from(".")),
            Some(p) => p.clone(),
            None => PathBuf::from("."),
        })
    }
}

/// Fails on the first of the PATHs `given` that does not exist, so that a typo is said as one
/// rather than as an unreadable crate (`check`, which compares, must not compare with nothing).
pub fn paths_exist(given: &[PathBuf]) -> Result<(), Diagnostic> {
    match given.iter().find(|p| !p.exists()) {
        Some(missing) => Err(Diagnostic::error(Code::BadPath, format!("{} does not exist", missing.display()))
            .with_help("give a crate directory, a workspace root or a .rs file")),
        None => Ok(()),
    }
}

/// Where a command that takes a crate looks for its configuration (and, through
/// [`Config::apply`], its sources): the PATH `given`, else the crate around the current directory,
/// the nearest directory up with a Cargo.toml or an mcp-schema.toml, as cargo finds its crate
/// from `src/`. `None` for the current directory itself.
pub fn crate_dir(given: Option<&Path>) -> Option<PathBuf> {
    if let Some(path) = given {
        return Some(path.to_path_buf());
    }
    let cwd = std::env::current_dir().ok()?;
    let has_config = |d: &Path| d.join("Cargo.toml").is_file() || d.join(FILE_NAME).is_file();
    match cwd.ancestors().position(has_config)? {
        // Here: the current directory as before, so that messages show `src/lib.rs`.
        0 => None,
        up => Some(std::iter::repeat("..").take(up).collect()),
    }
}

/// The crate directories of the workspace whose root is `root`: the root package (when the root
/// is one) and the members, globs expanded, as cargo reads them. Empty when `root` lists no
/// members. `init` looks for servers among them.
pub fn workspace_crates(root: &Path) -> Vec<PathBuf> {
    let Ok(cargo) = crate::source::read_manifest(&root.join("Cargo.toml")) else { return Vec::new() };
    let mut ignored = crate::diagnostics::Diagnostics::default();
    let mut dirs = cargo.workspace_members(root, &mut ignored);
    if !dirs.is_empty() && cargo.package_name.is_some() {
        dirs.insert(0, root.to_path_buf());
    }
    dirs
}

/// `dir/name`, or just `name` when `dir` is `.`, so messages show the paths users typed.
fn in_dir(dir: &Path, name: &Path) -> PathBuf {
    if dir == Path::new(".") || dir.as_os_str().is_empty() {
        name.to_path_buf()
    } else {
        dir.join(name)
    }
}

/// The directory whose Cargo.toml / mcp-schema.toml apply to `start`.
fn config_dir(start: &Path) -> Option<PathBuf> {
    if start.is_dir() {
        return Some(start.to_path_buf());
    }
    let parent = match start.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let abs = parent.canonicalize().ok()?;
    abs.ancestors()
        .find(|dir| dir.join("Cargo.toml").is_file() || dir.join(FILE_NAME).is_file())
        // Keep the path as the user wrote it when it is the answer, for messages.
        .map(|dir| if dir == abs { parent.clone() } else { dir.to_path_buf() })
}

fn read(path: &Path) -> Result<String, Diagnostic> {
    crate::read::read_given(path).map_err(|e| match &e.why {
        crate::read::Why::Io(io) => crate::source::bad_path(path, io),
        _ => crate::source::bad_path(path, e.shown_as(path)),
    })
}

fn location(path: &Path, text: &str, span: Range<usize>) -> Location {
    let file = Arc::new(SourceFile::new(path.to_path_buf(), Arc::from(text)));
    let start = span.start.min(text.len());
    Location { file, start, len: span.end.saturating_sub(span.start).min(text.len() - start) }
}

fn toml_error(path: &Path, text: &str, e: toml::de::Error) -> Diagnostic {
    let d = Diagnostic::error(Code::BadConfig, format!("{} is not valid TOML: {}", path.display(), e.message().trim()))
        .in_file(path);
    match e.span() {
        Some(span) => d.at(Some(location(path, text, span))).with_label("here"),
        None => d,
    }
}

/// `[package.metadata.mcp-schema]` or `[workspace.metadata.mcp-schema]` of a Cargo.toml's text,
/// as a `T`, if it has one; both is an error (`config-conflict`).
fn cargo_section<T: DeserializeOwned>(path: &Path, text: &str) -> Result<Option<T>, Diagnostic> {
    let doc: CargoToml<T> = toml::from_str(text).map_err(|e| toml_error(path, text, e))?;
    let section = |table: Option<CargoPackage<T>>| table.and_then(|p| p.metadata).and_then(|m| m.mcp_schema);
    match (section(doc.package), section(doc.workspace)) {
        (Some(_), Some(_)) => Err(Diagnostic::error(
            Code::ConfigConflict,
            format!(
                "both [package.metadata.mcp-schema] and [workspace.metadata.mcp-schema] in {} configure mcp-schema",
                path.display()
            ),
        )
        .at(Some(location(path, text, 0..0)))
        .in_file(path)
        .with_help("keep one of them")),
        (package, workspace) => Ok(package.or(workspace)),
    }
}

/// `[package.metadata.mcp-schema]`, if Cargo.toml has it.
fn read_cargo(path: &Path) -> Result<Option<(PathBuf, String, Table)>, Diagnostic> {
    let text = read(path)?;
    Ok(cargo_section(path, &text)?.map(|t| (path.to_path_buf(), text, t)))
}

fn read_own(path: &Path) -> Result<(PathBuf, String, Table), Diagnostic> {
    let text = read(path)?;
    let table: Table = toml::from_str(&text).map_err(|e| toml_error(path, &text, e))?;
    Ok((path.to_path_buf(), text, table))
}

/// The `lints`, `schemas` and `drift` tables of a configuration (as a `T`), with spans.
fn sections<T: DeserializeOwned + Default>(file: &ConfigFile) -> Result<T, Diagnostic> {
    if file.in_cargo {
        Ok(cargo_section(file.path, file.text)?.unwrap_or_default())
    } else {
        toml::from_str(file.text).map_err(|e| toml_error(file.path, file.text, e))
    }
}

impl ConfigFile<'_> {
    fn error(&self, message: String, span: Range<usize>) -> Diagnostic {
        Diagnostic::error(Code::BadConfig, message).at(Some(location(self.path, self.text, span))).in_file(self.path)
    }

    /// `` `key` in FILE must be EXPECTED ``, at the value.
    fn expected(&self, key: &str, expected: &str, span: Range<usize>) -> Diagnostic {
        self.error(format!("`{key}` in {} must be {expected}", self.path.display()), span)
            .with_label(format!("expected {expected}"))
    }
}

fn parse_table(file: &ConfigFile, table: Table, root: &Path) -> Result<Config, Diagnostic> {
    let mut config = Config::default();
    let mut has_sections = false;
    let mut has_servers = false;
    let keys: Vec<(String, Range<usize>)> = table.keys().map(|k| (k.get_ref().clone(), k.span())).collect();
    for (key, value) in table {
        let key_span = key.span();
        let key = key.into_inner();
        let span = value.span();
        let value = value.into_inner();
        let bad = |expected: &str| file.expected(&key, expected, span.clone());
        let string = |v: &Value| v.as_str().map(str::to_owned).ok_or_else(|| bad("a string"));
        let boolean = |v: &Value| v.as_bool().ok_or_else(|| bad("true or false"));
        let strings = |v: &Value| -> Result<Vec<String>, Diagnostic> {
            match v {
                Value::String(s) => Ok(vec![s.clone()]),
                Value::Array(a) => {
                    a.iter().map(|x| x.as_str().map(str::to_owned).ok_or_else(|| bad("an array of strings"))).collect()
                }
                _ => Err(bad("an array of strings")),
            }
        };
        match key.as_str() {
            "profile" => {
                let s = string(&value)?;
                config.profile = Some(
                    parse_profile(&s)
                        .ok_or_else(|| bad(&one_of_profiles()).with_help(format!("`{s}` is not a profile")))?,
                );
            }
            "manifest" => config.manifest = Some(root.join(string(&value)?)),
            "protocol" => config.rmcp.protocol = Some(string(&value)?),
            "server" => config.rmcp.server = Some(string(&value)?),
            "rmcp-version" => {
                let s = string(&value)?;
                crate::profile::rmcp::version::check_flag(&s).map_err(|why| bad("an rmcp version").with_help(why))?;
                config.rmcp.version = Some(s);
            }
            "sdk-version" => config.sdk_version = Some(string(&value)?),
            "strict" => config.strict = Some(boolean(&value)?),
            "include" => config.include = strings(&value)?.into_iter().map(|p| root.join(p)).collect(),
            "exclude" => config.exclude = strings(&value)?.into_iter().map(PathBuf::from).collect(),
            "features" => {
                let mut selection = FeatureSelection::default();
                strings(&value)?.iter().for_each(|list| selection.add_list(list));
                config.features = Some(selection.features);
            }
            "all-features" => config.all_features = Some(boolean(&value)?),
            "no-default-features" => config.no_default_features = Some(boolean(&value)?),
            "bin" => config.bin = Some(string(&value)?),
            "clients" => {
                let names: Vec<&str> = crate::clients::CLIENTS.iter().map(|c| c.name).collect();
                let expected = format!("an array of client names: {}", names.join(", "));
                for name in strings(&value)? {
                    let client = crate::clients::client(&name)
                        .ok_or_else(|| bad(&expected).with_help(format!("`{name}` is not a modelled client")))?;
                    config.clients.push(client.name);
                }
            }
            "budget" => {
                config.budget = crate::tokens::budget::Budget::from_toml(&value)
                    .map_err(|why| bad("a table of token counts: tool, total, description").with_help(why))?;
            }
            "serde-json-preserve-order" => config.serde_json_preserve_order = Some(boolean(&value)?),
            "env" => {
                let Some(vars) = value.as_table() else { return Err(bad("a table of strings")) };
                for (name, v) in vars {
                    let v = v.as_str().ok_or_else(|| bad("a table of strings"))?;
                    config.env.push((name.clone(), v.to_owned()));
                }
            }
            "lints" | "schemas" | "drift" => {
                if !value.is_table() {
                    return Err(bad("a table"));
                }
                has_sections = true;
            }
            "servers" => {
                if !value.as_array().is_some_and(|a| a.iter().all(Value::is_table)) {
                    return Err(bad("an array of tables (`[[servers]]`)"));
                }
                has_servers = true;
            }
            other => {
                let near = KEYS.iter().find(|k| k.replace('-', "_") == other.replace('-', "_").to_lowercase());
                let help = match near {
                    Some(k) => format!("did you mean `{k}`?"),
                    None => format!("the keys are: {}", KEYS.join(", ")),
                };
                return Err(file
                    .error(format!("unknown key `{other}` in {}", file.path.display()), key_span)
                    .with_label("unknown key")
                    .with_help(help));
            }
        }
    }
    if has_sections {
        let sections: Sections = sections(file)?;
        (config.lints, config.crate_lints) = parse_lints(file, sections.lints)?;
        config.schemas = parse_schemas(file, sections.schemas, root)?;
        config.drift = drift::parse(file, sections.drift)?;
    }
    if has_servers {
        config.servers = servers::parse(file, root, &keys)?;
    }
    Ok(config)
}

fn parse_profile(s: &str) -> Option<ProfileChoice> {
    ProfileChoice::from_name(s)
}

/// `one of "auto", "python-sdk", …`: every name the registry gives, as the error lists them.
fn one_of_profiles() -> String {
    let names: Vec<String> = ProfileChoice::all().into_iter().map(|p| format!("\"{}\"", p.name())).collect();
    format!("one of {}", names.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir_with(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            let p = dir.path().join(name);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        dir
    }

    const PKG: &str = "[package]\nname = \"demo\"\nversion = \"0.1.0\"\n";

    #[test]
    fn reads_cargo_metadata() {
        let d = dir_with(&[(
            "Cargo.toml",
            &format!(
                "{PKG}\n[package.metadata.mcp-schema]\nprofile = \"rmcp\"\nmanifest = \"schema/tools.json\"\nprotocol = \"2025-06-18\"\nstrict = true\nserver = \"Srv\"\nrmcp-version = \"0.8.0\"\ninclude = [\"src/lib.rs\"]\nexclude = [\"src/gen\"]\n"
            ),
        )]);
        let c = Config::discover(Some(d.path())).unwrap();
        assert_eq!(c.profile, Some(ProfileChoice::Rmcp));
        assert_eq!(c.manifest, Some(d.path().join("schema/tools.json")));
        assert_eq!(c.rmcp.protocol.as_deref(), Some("2025-06-18"));
        assert_eq!(c.strict, Some(true));
        assert_eq!(c.rmcp.server.as_deref(), Some("Srv"));
        assert_eq!(c.rmcp.version.as_deref(), Some("0.8.0"));
        assert_eq!(c.include, vec![d.path().join("src/lib.rs")]);
        assert_eq!(c.exclude, vec![PathBuf::from("src/gen")]);
        assert_eq!(c.source, Some(d.path().join("Cargo.toml")));
    }

    #[test]
    fn reads_own_file_and_finds_it_from_a_source_file() {
        let d =
            dir_with(&[("Cargo.toml", PKG), ("mcp-schema.toml", "profile = \"python-sdk\"\n"), ("src/main.rs", "")]);
        let c = Config::discover(Some(&d.path().join("src/main.rs"))).unwrap();
        assert_eq!(c.profile, Some(ProfileChoice::PythonSdk));
        assert!(c.source.unwrap().ends_with("mcp-schema.toml"));
    }

    /// The names the error lists are the registry's, every one of them.
    #[test]
    fn an_unknown_profile_lists_every_profile() {
        let d = dir_with(&[("Cargo.toml", PKG), ("mcp-schema.toml", "profile = \"mcpkit\"\n")]);
        let e = Config::discover(Some(d.path())).unwrap_err();
        let file = d.path().join("mcp-schema.toml");
        assert_eq!(
            (e.message.replace(&file.display().to_string(), "FILE"), e.help.as_deref()),
            (
                "`profile` in FILE must be one of \"auto\", \"mcp-attr\", \"python-sdk\", \"rmcp\", \"rust-mcp-sdk\", \"tower-mcp\", \"turbomcp\""
                    .to_owned(),
                Some("`mcpkit` is not a profile")
            )
        );
    }

    #[test]
    fn no_configuration_is_the_default() {
        let d = dir_with(&[("Cargo.toml", PKG)]);
        let c = Config::discover(Some(d.path())).unwrap();
        assert!(c.profile.is_none() && c.manifest.is_none() && c.source.is_none());
    }

    #[test]
    fn errors_name_the_file_and_the_key() {
        let d = dir_with(&[("mcp-schema.toml", "profile = \"python-sdk\"\nrmcp_version = \"1\"\n")]);
        let e = Config::discover(Some(d.path())).unwrap_err();
        assert_eq!(e.code, Code::BadConfig);
        assert!(e.message.contains("unknown key `rmcp_version`"), "{}", e.message);
        assert_eq!(e.help.as_deref(), Some("did you mean `rmcp-version`?"));
        assert_eq!(e.file_path(), Some(d.path().join("mcp-schema.toml").as_path()));
        assert_eq!(e.location.as_ref().unwrap().line_col(), (2, 1));

        let d = dir_with(&[("mcp-schema.toml", "strict = \"yes\"\n")]);
        let e = Config::discover(Some(d.path())).unwrap_err();
        assert!(e.message.contains("`strict`") && e.message.contains("true or false"), "{}", e.message);

        let d = dir_with(&[("mcp-schema.toml", "profile = \"java\"\n")]);
        assert!(Config::discover(Some(d.path())).unwrap_err().message.contains("`profile`"));

        let d = dir_with(&[("mcp-schema.toml", "profile = \n")]);
        let e = Config::discover(Some(d.path())).unwrap_err();
        assert!(e.message.contains("not valid TOML"), "{}", e.message);
        assert!(e.location.is_some());

        let d = dir_with(&[
            ("Cargo.toml", &format!("{PKG}[package.metadata.mcp-schema]\nstrict = true\n")),
            ("mcp-schema.toml", ""),
        ]);
        assert_eq!(Config::discover(Some(d.path())).unwrap_err().code, Code::ConfigConflict);
    }

    #[test]
    fn flags_beat_the_config_which_beats_the_defaults() {
        let d = dir_with(&[(
            "mcp-schema.toml",
            "profile = \"rmcp\"\nprotocol = \"2025-06-18\"\nserver = \"A\"\nfeatures = [\"x,y\", \"z\"]\nall-features = true\nbin = \"serve\"\nserde-json-preserve-order = true\ninclude = \"src/lib.rs\"\n[lints]\nopaque = \"allow\"\nunknown-type = \"deny\"\n[env]\nA_PREFIX = \"a_\"\nB = \"b\"\n",
        )]);
        let c = Config::discover(Some(d.path())).unwrap();
        let configured = c.apply(Flags::default());
        assert_eq!(configured.profile, ProfileChoice::Rmcp);
        assert_eq!(configured.paths, vec![d.path().join("src/lib.rs")]);
        assert_eq!(
            (configured.profile_options.protocol.as_deref(), configured.profile_options.server.as_deref()),
            (Some("2025-06-18"), Some("A"))
        );
        assert_eq!(
            configured.features,
            FeatureSelection {
                features: vec!["x".into(), "y".into(), "z".into()],
                all_features: true,
                no_default_features: false,
                serde_json_preserve_order: Some(true),
                bin: Some("serve".into()),
            }
        );
        assert_eq!(configured.lints.levels.get("opaque"), Some(&Level::Allow));
        assert!(!configured.lints.strict);

        let mut features = FeatureSelection {
            no_default_features: true,
            serde_json_preserve_order: Some(false),
            ..Default::default()
        };
        features.add_list("w");
        let flags = Flags {
            paths: vec![PathBuf::from("other")],
            profile: Some(ProfileChoice::PythonSdk),
            strict: true,
            levels: [(LevelName::Lint(LintName::from_id("opaque").unwrap()), Level::Deny)].into(),
            rmcp: RmcpOptions { server: Some("B".into()), version: Some("0.8.0".into()), ..Default::default() },
            sdk_version: Some("1.1.0".into()),
            features,
            parse_mode: ParseMode::Full,
            env: vec![("B".into(), "flag".into())],
        };
        let given = c.apply(flags);
        assert_eq!(given.profile, ProfileChoice::PythonSdk);
        assert_eq!(given.paths, vec![PathBuf::from("other")]);
        let profile = &given.profile_options;
        assert_eq!(profile.protocol.as_deref(), Some("2025-06-18"), "unset flags leave the config");
        assert_eq!((profile.server.as_deref(), profile.rmcp_version.as_deref()), (Some("B"), Some("0.8.0")));
        assert_eq!(profile.sdk_version.as_deref(), Some("1.1.0"));
        assert_eq!(given.features.features, ["w"], "--features replaces the configured list");
        assert!(given.features.all_features && given.features.no_default_features);
        assert_eq!(given.features.serde_json_preserve_order, Some(false), "the flag beats the key");
        assert_eq!(given.lints.levels.get("opaque"), Some(&Level::Deny));
        assert_eq!(given.lints.levels.get("unknown-type"), Some(&Level::Deny));
        assert!(given.lints.strict);
        assert_eq!(given.parse_mode, ParseMode::Full);
        let env = &given.profile_options.env;
        assert_eq!(env, &[("A_PREFIX".into(), "a_".into()), ("B".into(), "flag".into())], "--env beats `[env]`");

        let defaults = Config::default().apply(Flags::default());
        assert_eq!(defaults.profile, ProfileChoice::Auto);
        assert!(defaults.paths.is_empty() && defaults.lints == Lints::default());
    }

    #[test]
    fn the_manifest_is_the_flag_the_config_or_mcp_tools_json_in_the_crate_root() {
        let d = dir_with(&[("Cargo.toml", &format!("{PKG}[package.metadata.mcp-schema]\nmanifest = \"m/t.json\"\n"))]);
        let c = Config::discover(Some(d.path())).unwrap();
        assert_eq!(c.manifest_path(None), d.path().join("m/t.json"));
        assert_eq!(c.manifest_path(Some(Path::new("x.json"))), PathBuf::from("x.json"));
        let plain = dir_with(&[("Cargo.toml", PKG)]);
        let c = Config::discover(Some(plain.path())).unwrap();
        assert_eq!(c.manifest_path(None), plain.path().join("mcp-tools.json"));
        assert_eq!(Config::default().manifest_path(None), PathBuf::from("mcp-tools.json"));
        // A file with no configuration above it: beside the file.
        let lone = dir_with(&[("t.rs", "")]);
        let file = lone.path().join("t.rs");
        let c = Config::discover(Some(&file)).unwrap();
        if c.source.is_none() && c.root.is_none() {
            assert_eq!(c.manifest_path(None), lone.path().join("mcp-tools.json"));
        }
    }

    #[test]
    fn a_missing_crate_path_is_an_error() {
        let e = paths_exist(&[PathBuf::from("src"), PathBuf::from("no/such/crate")]).unwrap_err();
        assert_eq!(e.code, Code::BadPath);
        assert!(e.message.contains("no/such/crate"));
        assert!(paths_exist(&[PathBuf::from("src")]).is_ok());
    }

    #[test]
    fn schemas_name_a_tool_side_by_the_last_suffix_or_a_type() {
        let d = dir_with(&[
            (
                "mcp-schema.toml",
                "[schemas]\n\"irc.read.set.inputSchema\" = \"s/in.json\"\n\"irc.read.set.outputSchema\" = \"s/out.json\"\n\"kit::model::Blob\" = \"s/blob.json\"\nDate = \"s/blob.json\"\n",
            ),
            ("s/in.json", "{\"type\": \"object\"}"),
            ("s/out.json", "{\"type\": \"object\", \"properties\": {}}"),
            ("s/blob.json", "true"),
        ]);
        let c = Config::discover(Some(d.path())).unwrap();
        let tool = &c.schemas.tools["irc.read.set"];
        assert_eq!(tool.input_schema, Some(serde_json::json!({"type": "object"})));
        assert_eq!(tool.output_schema, Some(serde_json::json!({"type": "object", "properties": {}})));
        assert_eq!(c.schemas.types["kit::model::Blob"], serde_json::json!(true));
        assert_eq!(c.schemas.types.len(), 2);
        assert_eq!(c.apply(Flags::default()).profile_options.overrides, c.schemas);
    }

    #[test]
    fn schemas_errors_point_at_the_entry() {
        let at = |toml: &str, files: &[(&str, &str)]| {
            let mut all = vec![("mcp-schema.toml", toml)];
            all.extend_from_slice(files);
            let d = dir_with(&all);
            let e = Config::discover(Some(d.path())).unwrap_err();
            (e.code, e.location.as_ref().unwrap().line_col(), e.message, e.help)
        };
        let (code, pos, message, _) = at("[schemas]\n\"t.inputSchema\" = \"nope.json\"\n", &[]);
        assert_eq!((code, pos), (Code::BadConfig, (2, 19)));
        assert!(message.contains("cannot read the schema file `nope.json`"), "{message}");
        let (_, pos, message, _) = at("[schemas]\nT = \"a.json\"\n", &[("a.json", "{")]);
        assert_eq!(pos, (2, 5));
        assert!(message.contains("not valid JSON"), "{message}");
        let (_, pos, _, help) = at("[schemas]\n\"t.OutputSchema\" = \"a.json\"\n", &[("a.json", "{}")]);
        assert_eq!((pos, help.as_deref()), ((2, 1), Some("did you mean `t.outputSchema`?")));
        let (_, _, message, _) = at("[schemas]\n\".inputSchema\" = \"a.json\"\n", &[("a.json", "{}")]);
        assert!(message.contains("is neither"), "a tool needs a name: {message}");
        let (_, _, message, help) = at("[schemas]\nget_weather = \"a.json\"\n", &[("a.json", "{}")]);
        assert!(message.contains("names no type"), "{message}");
        assert_eq!(
            help.as_deref(),
            Some("for the tool, write `get_weather.inputSchema` or `get_weather.outputSchema`")
        );
        let (_, _, message, _) = at("[schemas]\nT = 3\n", &[]);
        assert!(message.contains("must be a path to a JSON Schema file"), "{message}");
        let (_, _, message, _) = at("schemas = 3\n", &[]);
        assert!(message.starts_with("`schemas` in") && message.ends_with("must be a table"), "{message}");
    }

    #[test]
    fn an_rmcp_version_that_is_not_one_is_an_error_at_the_value() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(FILE_NAME), "rmcp-version = \"banana\"\n").unwrap();
        let e = Config::discover(Some(dir.path())).unwrap_err();
        assert_eq!(e.code, Code::BadConfig);
        assert!(e.message.contains("must be an rmcp version"), "{}", e.message);
        assert!(e.help.as_deref().unwrap_or_default().contains("`banana` is not an rmcp version"), "{:?}", e.help);
    }
}
