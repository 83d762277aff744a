//! `[[servers]]`: several MCP servers in one repository, each with its own manifest.
//!
//! A configuration with `[[servers]]` entries (in `mcp-schema.toml`, `[workspace.metadata.mcp-schema]`
//! or `[package.metadata.mcp-schema]`) makes one run of `generate`, `check` and `list` cover every
//! server. Each entry names a crate (`path`, a directory or a glob of directories, as cargo's
//! `members`), optionally a server type of it (`server`) and its manifest, and may set any key a
//! crate's configuration sets but the tables. What applies to a server, nearest first: the
//! command line, its entry, the server crate's own configuration, the top-level keys of the file
//! holding `[[servers]]`, the defaults (see [`LAYERS`] and docs/config.md).

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Value;

use super::{in_dir, parse_table, Config, ConfigFile, Table};
use crate::diagnostics::Diagnostic;

/// Where a server's settings come from, nearest (winning) first: docs/config.md shows this table.
pub const LAYERS: &[(&str, &str)] = &[
    ("the command line", "flags (`--profile`, `--features`, `-A/-W/-D`…)"),
    ("its `[[servers]]` entry", "`profile`, `manifest`, `server`, `features`… of the entry"),
    ("the server crate's own configuration", "`[package.metadata.mcp-schema]` or `mcp-schema.toml` in its directory"),
    ("the file holding `[[servers]]`", "its top-level keys and its `lints`, `schemas` and `drift` tables"),
    ("the defaults", "as for a single crate"),
];

/// [`LAYERS`] as the Markdown table docs/config.md shows (a test compares).
pub fn layers_table() -> String {
    let mut out = String::from("| | where | what |\n|---|---|---|\n");
    for (n, (place, what)) in LAYERS.iter().enumerate() {
        out.push_str(&format!("| {} | {place} | {what} |\n", n + 1));
    }
    out
}

/// The keys of an entry besides the configuration's own scalar keys.
const ENTRY_KEYS: &[&str] = &["name", "path"];

/// Keys that name one server's things, so are refused at the top level of a file with
/// `[[servers]]` (and `servers` inside an entry).
const PER_SERVER_KEYS: &[&str] = &["manifest", "server", "include"];

/// An entry of `[[servers]]` as written: the crate (or crates, for a glob) and its own keys.
#[derive(Debug, Clone)]
pub(crate) struct Entry {
    name: Option<String>,
    /// `path` as written (default `.`), relative to the directory of the file.
    path: String,
    /// The entry's keys, parsed as a crate's configuration (paths against the file's directory).
    config: Config,
    /// Where the entry is (its first key), for errors about it.
    span: Range<usize>,
}

/// One server of a configuration with `[[servers]]`, with everything that applies to it.
#[derive(Debug, Clone)]
pub struct Server {
    /// How reports, messages and `--server` name it: the entry's `name`, else its `server` type's
    /// last segment, else the crate directory's name.
    pub name: String,
    /// The crate directory, as commands run from here take it.
    pub path: PathBuf,
    /// The configuration of this server: its layers merged ([`LAYERS`]).
    pub config: Config,
}

impl Server {
    /// `name (path)`: how what a run over several servers prints names this one.
    pub fn label(&self) -> String {
        format!("{} ({})", self.name, self.path.display())
    }

    /// `doc`'s keys after this server's `server` and `path`: how a JSON document of a run over
    /// several servers names each part.
    pub fn tagged(&self, doc: serde_json::Value) -> serde_json::Value {
        let mut out = serde_json::Map::new();
        out.insert("server".into(), serde_json::Value::String(self.name.clone()));
        out.insert("path".into(), serde_json::Value::String(self.path.display().to_string()));
        if let serde_json::Value::Object(rest) = doc {
            out.extend(rest);
        }
        serde_json::Value::Object(out)
    }
}

/// `servers` of a configuration file, with the span of every entry's keys.
#[derive(Deserialize, Default)]
struct ServersSection {
    #[serde(default)]
    servers: Vec<Table>,
}

/// `[[servers]]` of `file`: each entry's keys checked and parsed, relative to `root`.
/// `top_keys` are the file's top-level keys with their spans: one of [`PER_SERVER_KEYS`] among
/// them is an error.
pub(super) fn parse(
    file: &ConfigFile,
    root: &Path,
    top_keys: &[(String, Range<usize>)],
) -> Result<Vec<Entry>, Diagnostic> {
    let section: ServersSection = super::sections(file)?;
    if let Some((key, span)) = top_keys.iter().find(|(k, _)| PER_SERVER_KEYS.contains(&k.as_str())) {
        return Err(file
            .error(
                format!(
                    "`{key}` at the top level of {} names no server: give it in a `[[servers]]` entry",
                    file.path.display()
                ),
                span.clone(),
            )
            .with_label("one server's key")
            .with_help(
                "the top-level keys apply to every server; `manifest`, `server` and `include` are each server's own",
            ));
    }
    section.servers.into_iter().map(|table| parse_entry(file, root, table)).collect()
}

fn parse_entry(file: &ConfigFile, root: &Path, mut table: Table) -> Result<Entry, Diagnostic> {
    let span = table.keys().map(|k| k.span()).min_by_key(|s| s.start).unwrap_or(0..0);
    let mut take = |name: &str| -> Result<Option<String>, Diagnostic> {
        let Some(key) = table.keys().find(|k| k.get_ref() == name).cloned() else { return Ok(None) };
        let value = table.remove(&key).expect("the key was found");
        match value.get_ref() {
            Value::String(s) => Ok(Some(s.clone())),
            _ => Err(file.expected(&format!("servers.{name}"), "a string", value.span())),
        }
    };
    let name = take("name")?;
    let path = take("path")?.unwrap_or_else(|| ".".to_owned());
    if let Some(key) = table.keys().find(|k| matches!(k.get_ref().as_str(), "lints" | "schemas" | "drift" | "servers"))
    {
        return Err(file
            .error(
                format!("`{}` cannot be set in a `[[servers]]` entry of {}", key.get_ref(), file.path.display()),
                key.span(),
            )
            .with_label("a table of the whole file")
            .with_help("set it at the top level (for every server) or in the server crate's own configuration"));
    }
    let config = parse_table(file, table, root).map_err(with_entry_keys)?;
    Ok(Entry { name, path, config, span })
}

/// An unknown key in an entry: the help lists the entry's keys too.
fn with_entry_keys(d: Diagnostic) -> Diagnostic {
    match &d.help {
        Some(help) if help.starts_with("the keys are: ") => {
            let help = format!("{help}, {}", ENTRY_KEYS.join(", "));
            Diagnostic { help: Some(help), ..d }
        }
        _ => d,
    }
}

impl Config {
    /// Whether the configuration lists servers (`[[servers]]`): then `generate`, `check`, `list`
    /// and `init` cover each of them.
    pub fn has_servers(&self) -> bool {
        !self.servers.is_empty()
    }

    /// The servers `[[servers]]` lists, globs expanded, each with its layers merged; an error at
    /// the entry for a path that is no crate, two servers of one name or one manifest, and an
    /// error of a server crate's own configuration.
    pub fn servers(&self) -> Result<Vec<Server>, Diagnostic> {
        let root = self.root.clone().unwrap_or_else(|| PathBuf::from("."));
        let mut servers: Vec<Server> = Vec::new();
        let mut manifests: BTreeMap<PathBuf, String> = BTreeMap::new();
        for entry in &self.servers {
            for dir in self.entry_dirs(entry, &root)? {
                let server = self.server(entry, dir)?;
                if servers.iter().any(|s| s.name == server.name) {
                    return Err(self
                        .entry_error(entry, format!("two servers are named `{}`", server.name))
                        .with_help("give one a `name`"));
                }
                let manifest = server.config.manifest_path(None);
                if let Some(other) = manifests.insert(normal(&manifest), server.name.clone()) {
                    return Err(self
                        .entry_error(
                            entry,
                            format!("servers `{other}` and `{}` would both write {}", server.name, manifest.display()),
                        )
                        .with_help("give one a `manifest`"));
                }
                servers.push(server);
            }
        }
        Ok(servers)
    }

    /// The crate directories of an entry: its `path`, or every directory with a Cargo.toml its
    /// glob matches (sorted, as cargo expands `members`).
    fn entry_dirs(&self, entry: &Entry, root: &Path) -> Result<Vec<PathBuf>, Diagnostic> {
        let is_glob = entry.path.contains(['*', '?', '[']);
        if !is_glob {
            let dir = in_dir(root, Path::new(&entry.path));
            if !dir.is_dir() {
                return Err(self.entry_error(entry, format!("`path = \"{}\"`: no such directory", entry.path)));
            }
            return Ok(vec![dir]);
        }
        if entry.name.is_some() || entry.config.manifest.is_some() {
            return Err(self
                .entry_error(
                    entry,
                    format!(
                        "`path = \"{}\"` is a glob: `name` and `manifest` would be the same for every crate it matches",
                        entry.path
                    ),
                )
                .with_help("list the crate in an entry of its own to name it or move its manifest"));
        }
        let pattern = in_dir(root, Path::new(&entry.path));
        let found = glob::glob(&pattern.to_string_lossy())
            .map_err(|e| self.entry_error(entry, format!("`path = \"{}\"`: {e}", entry.path)))?;
        let mut dirs: Vec<PathBuf> = found.filter_map(Result::ok).filter(|d| d.join("Cargo.toml").is_file()).collect();
        dirs.sort();
        if dirs.is_empty() {
            return Err(self.entry_error(entry, format!("`path = \"{}\"` matches no crate directory", entry.path)));
        }
        Ok(dirs)
    }

    /// The server an entry gives for the crate in `dir`: its layers merged.
    fn server(&self, entry: &Entry, dir: PathBuf) -> Result<Server, Diagnostic> {
        let own = Config::discover(Some(&dir))?;
        // The file holding `[[servers]]` may be the crate's own (a crate with several server types).
        let own_is_other_file = own.source.is_some() && own.source != self.source;
        if own_is_other_file && own.has_servers() {
            let file = own.source.clone().unwrap_or_default();
            return Err(
                self.entry_error(entry, format!("{} lists `[[servers]]` too: servers do not nest", file.display()))
            );
        }
        let mut top = self.clone();
        top.servers.clear();
        let base = if own_is_other_file { own.over(&top) } else { top };
        let mut config = entry.config.clone().over(&base);
        config.root = Some(dir.clone());
        config.target = Some(dir.clone());
        config.source = self.source.clone();
        let name = entry.name.clone().unwrap_or_else(|| default_name(&config, &dir));
        Ok(Server { name, path: dir, config })
    }

    fn entry_error(&self, entry: &Entry, message: String) -> Diagnostic {
        let Some(path) = &self.source else { return Diagnostic::error(crate::diagnostics::Code::BadConfig, message) };
        let text = crate::read::read_given(path).unwrap_or_default();
        let file = ConfigFile { path, text: &text, in_cargo: false };
        file.error(format!("{message} ({} `[[servers]]`)", path.display()), entry.span.clone()).with_label("this entry")
    }

    /// This configuration over `base`: each key this one sets wins; the tables merge entry by
    /// entry, this one's winning.
    pub(crate) fn over(mut self, base: &Config) -> Config {
        self.profile = self.profile.or(base.profile);
        self.manifest = self.manifest.or_else(|| base.manifest.clone());
        self.strict = self.strict.or(base.strict);
        self.rmcp.protocol = self.rmcp.protocol.or_else(|| base.rmcp.protocol.clone());
        self.rmcp.server = self.rmcp.server.or_else(|| base.rmcp.server.clone());
        self.rmcp.version = self.rmcp.version.or_else(|| base.rmcp.version.clone());
        self.sdk_version = self.sdk_version.or_else(|| base.sdk_version.clone());
        if self.include.is_empty() {
            self.include = base.include.clone();
        }
        if self.exclude.is_empty() {
            self.exclude = base.exclude.clone();
        }
        self.features = self.features.or_else(|| base.features.clone());
        self.all_features = self.all_features.or(base.all_features);
        self.no_default_features = self.no_default_features.or(base.no_default_features);
        self.bin = self.bin.or_else(|| base.bin.clone());
        self.lints = merged(&base.lints, self.lints);
        for (krate, levels) in &base.crate_lints {
            let own = self.crate_lints.remove(krate).unwrap_or_default();
            self.crate_lints.insert(krate.clone(), merged(levels, own));
        }
        self.schemas.tools = merged(&base.schemas.tools, self.schemas.tools);
        self.schemas.types = merged(&base.schemas.types, self.schemas.types);
        let mut drift = base.drift.clone();
        for (rule, level) in &self.drift.levels {
            drift.set_level(rule, *level);
        }
        drift.accepts.extend(self.drift.accepts);
        self.drift = drift;
        self
    }
}

/// The configuration with `[[servers]]` in a directory above the crate `dir` (default: the
/// current directory) that lists it, and the servers it lists there: a command run in (or
/// given) one server crate of a repository runs that crate's servers, as cargo runs the member
/// it is in. Paths are relative to the current directory, as the user would type them.
pub fn enclosing_servers(dir: Option<&Path>) -> Option<(Config, Vec<Server>)> {
    let here = dir.unwrap_or(Path::new("."));
    let crate_abs = here.canonicalize().ok()?;
    let cwd = std::env::current_dir().and_then(|d| d.canonicalize()).ok()?;
    for above in crate_abs.ancestors().skip(1) {
        if !(above.join("Cargo.toml").is_file() || above.join(super::FILE_NAME).is_file()) {
            continue;
        }
        let Ok(config) = Config::discover(Some(&as_typed(above, &cwd))) else { continue };
        if !config.has_servers() {
            continue;
        }
        let Ok(all) = config.servers() else { continue };
        let mine: Vec<Server> =
            all.into_iter().filter(|s| s.path.canonicalize().is_ok_and(|p| p == crate_abs)).collect();
        if !mine.is_empty() {
            return Some((config, mine));
        }
    }
    None
}

/// `dir` as the user would type it from `cwd`: `.`, `../..`, `sub/dir`, else absolute.
fn as_typed(dir: &Path, cwd: &Path) -> PathBuf {
    if let Ok(below) = dir.strip_prefix(cwd) {
        return if below.as_os_str().is_empty() { PathBuf::from(".") } else { below.to_path_buf() };
    }
    match cwd.strip_prefix(dir) {
        Ok(up) => up.components().map(|_| "..").collect(),
        Err(_) => dir.to_path_buf(),
    }
}

/// `base` with `own`'s entries over it.
fn merged<K: Ord + Clone, V: Clone>(base: &BTreeMap<K, V>, own: BTreeMap<K, V>) -> BTreeMap<K, V> {
    let mut all = base.clone();
    all.extend(own);
    all
}

/// A server's name when its entry gives none: its server type's last segment, else its
/// directory's name (the current directory's own name for `.`).
fn default_name(config: &Config, dir: &Path) -> String {
    if let Some(server) = &config.rmcp.server {
        return server.rsplit("::").next().unwrap_or(server).to_owned();
    }
    let named = dir.file_name().map(PathBuf::from).or_else(|| dir.canonicalize().ok()?.file_name().map(PathBuf::from));
    named.map_or_else(|| "server".to_owned(), |n| n.to_string_lossy().into_owned())
}

/// A path without `.` components, to tell two spellings of one manifest apart.
fn normal(path: &Path) -> PathBuf {
    path.components().filter(|c| !matches!(c, std::path::Component::CurDir)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Flags;
    use crate::diagnostics::{Code, Level};
    use crate::ProfileChoice;

    fn dir_with(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            let p = dir.path().join(name);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        dir
    }

    const A: (&str, &str) = ("a/Cargo.toml", "[package]\nname = \"a\"\nversion = \"0.1.0\"\n");
    const B: (&str, &str) = ("crates/b/Cargo.toml", "[package]\nname = \"b\"\nversion = \"0.1.0\"\n");
    const C: (&str, &str) = ("crates/c/Cargo.toml", "[package]\nname = \"c\"\nversion = \"0.1.0\"\n");

    fn servers(files: &[(&str, &str)]) -> (tempfile::TempDir, Result<Vec<Server>, Diagnostic>) {
        let d = dir_with(files);
        let servers = Config::discover(Some(d.path())).and_then(|c| c.servers());
        (d, servers)
    }

    fn error(files: &[(&str, &str)]) -> Diagnostic {
        let d = dir_with(files);
        match Config::discover(Some(d.path())).and_then(|c| c.servers()) {
            Err(e) => e,
            Ok(s) => panic!("no error: {s:?}"),
        }
    }

    #[test]
    fn entries_name_a_crate_or_a_glob_of_crates_each_with_its_manifest() {
        let toml = "[[servers]]\npath = \"a\"\n\n[[servers]]\npath = \"crates/*\"\n\n[[servers]]\nname = \"a-admin\"\npath = \"a\"\nserver = \"Admin\"\nmanifest = \"a/admin.json\"\n";
        let (d, all) = servers(&[("mcp-schema.toml", toml), A, B, C]);
        let all = all.unwrap();
        let seen: Vec<(&str, PathBuf, PathBuf)> = all
            .iter()
            .map(|s| (s.name.as_str(), s.path.strip_prefix(d.path()).unwrap().into(), s.config.manifest_path(None)))
            .collect();
        assert_eq!(
            seen,
            [
                ("a", "a".into(), d.path().join("a/mcp-tools.json")),
                ("b", "crates/b".into(), d.path().join("crates/b/mcp-tools.json")),
                ("c", "crates/c".into(), d.path().join("crates/c/mcp-tools.json")),
                ("a-admin", "a".into(), d.path().join("a/admin.json")),
            ]
        );
        assert_eq!(all[3].config.server_type(), Some("Admin"));
        assert_eq!(all[0].config.apply(Flags::default()).paths, [d.path().join("a")]);
    }

    #[test]
    fn the_entry_beats_the_crates_own_configuration_which_beats_the_top_level() {
        let toml = "profile = \"python-sdk\"\nprotocol = \"2025-03-26\"\nstrict = true\n[lints]\nopaque = \"allow\"\nunknown-type = \"deny\"\n\n[[servers]]\npath = \"a\"\nprotocol = \"2025-06-18\"\n";
        let own = "[package]\nname = \"a\"\nversion = \"0.1.0\"\n[package.metadata.mcp-schema]\nprofile = \"rmcp\"\nprotocol = \"2024-11-05\"\nfeatures = [\"x\"]\n[package.metadata.mcp-schema.lints]\nopaque = \"warn\"\n";
        let (_d, all) = servers(&[("mcp-schema.toml", toml), ("a/Cargo.toml", own)]);
        let opts = all.unwrap()[0].config.apply(Flags { strict: false, ..Flags::default() });
        assert_eq!(opts.profile_options.protocol.as_deref(), Some("2025-06-18"), "the entry");
        assert_eq!(opts.profile, ProfileChoice::Rmcp, "the crate's own configuration");
        assert_eq!(opts.features.features, ["x"]);
        assert!(opts.lints.strict, "the top level");
        assert_eq!(opts.lints.levels.get("opaque"), Some(&Level::Warn), "the crate's own level");
        assert_eq!(opts.lints.levels.get("unknown-type"), Some(&Level::Deny), "the top level's");
    }

    #[test]
    fn a_workspace_cargo_toml_holds_them_too() {
        let cargo = "[workspace]\nmembers = [\"a\"]\n\n[[workspace.metadata.mcp-schema.servers]]\npath = \"a\"\nprofile = \"rmcp\"\n";
        let (_d, all) = servers(&[("Cargo.toml", cargo), A]);
        let all = all.unwrap();
        assert_eq!((all.len(), all[0].config.profile), (1, Some(ProfileChoice::Rmcp)));
        let both = "[package]\nname = \"r\"\nversion = \"0.1.0\"\n[package.metadata.mcp-schema]\nstrict = true\n[workspace.metadata.mcp-schema]\nstrict = true\n";
        assert_eq!(error(&[("Cargo.toml", both)]).code, Code::ConfigConflict);
    }

    #[test]
    fn mistakes_in_entries_are_errors_at_the_entry() {
        let message = |files: &[(&str, &str)]| {
            let e = error(files);
            assert_eq!(e.code, Code::BadConfig, "{}", e.message);
            assert!(e.location.is_some(), "{}", e.message);
            (e.message, e.help.unwrap_or_default())
        };
        let (m, _) = message(&[("mcp-schema.toml", "[[servers]]\npath = \"nope\"\n")]);
        assert!(m.starts_with("`path = \"nope\"`: no such directory"), "{m}");
        let (m, h) = message(&[("mcp-schema.toml", "[[servers]]\npath = \"a\"\n[[servers]]\npath = \"a\"\n"), A]);
        assert!(m.starts_with("two servers are named `a`"), "{m}");
        assert_eq!(h, "give one a `name`");
        let (m, _) =
            message(&[("mcp-schema.toml", "[[servers]]\npath = \"a\"\n[[servers]]\nname = \"x\"\npath = \"a\"\n"), A]);
        assert!(m.contains("would both write"), "{m}");
        let (m, _) = message(&[("mcp-schema.toml", "[[servers]]\npath = \"crates/*\"\nname = \"x\"\n"), B]);
        assert!(m.contains("is a glob"), "{m}");
        let (m, _) = message(&[("mcp-schema.toml", "[[servers]]\npath = \"zz/*\"\n")]);
        assert!(m.contains("matches no crate directory"), "{m}");
        let (m, _) = message(&[("mcp-schema.toml", "manifest = \"m.json\"\n[[servers]]\npath = \"a\"\n"), A]);
        assert!(m.starts_with("`manifest` at the top level"), "{m}");
        let (m, _) =
            message(&[("mcp-schema.toml", "[[servers]]\npath = \"a\"\n[servers.lints]\nopaque = \"allow\"\n"), A]);
        assert!(m.starts_with("`lints` cannot be set in a `[[servers]]` entry"), "{m}");
        let (m, h) = message(&[("mcp-schema.toml", "[[servers]]\npath = \"a\"\nProfile = \"rmcp\"\n"), A]);
        assert!(m.starts_with("unknown key `Profile`"), "{m}");
        assert_eq!(h, "did you mean `profile`?");
        let (m, h) = message(&[("mcp-schema.toml", "[[servers]]\npath = \"a\"\nnom = \"x\"\n"), A]);
        assert!(m.starts_with("unknown key `nom`"), "{m}");
        assert!(h.ends_with(", name, path"), "{h}");
        let (m, _) = message(&[("mcp-schema.toml", "servers = 3\n")]);
        assert!(m.contains("must be an array of tables"), "{m}");
    }

    #[test]
    fn a_crate_finds_the_configuration_above_that_lists_it() {
        let d = dir_with(&[("mcp-schema.toml", "[[servers]]\npath = \"a\"\n[[servers]]\npath = \"crates/b\"\n"), A, B]);
        let (config, mine) = enclosing_servers(Some(&d.path().join("crates/b"))).unwrap();
        assert!(config.has_servers());
        assert_eq!(mine.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(), ["b"]);
        assert!(enclosing_servers(Some(d.path())).is_none(), "the root is no server's crate");
    }

    #[test]
    fn paths_are_shown_as_typed_from_here() {
        let cwd = Path::new("/r/a/b");
        assert_eq!(as_typed(Path::new("/r/a/b"), cwd), PathBuf::from("."));
        assert_eq!(as_typed(Path::new("/r"), cwd), PathBuf::from("../.."));
        assert_eq!(as_typed(Path::new("/r/a/b/c"), cwd), PathBuf::from("c"));
        assert_eq!(as_typed(Path::new("/s"), cwd), PathBuf::from("/s"));
    }
}
