//! Configuration: `[package.metadata.mcp-schema]` in Cargo.toml, or `mcp-schema.toml` beside it.
//!
//! Keys (all optional): `profile`, `manifest`, `protocol`, `strict`, `server`, `rmcp-version`,
//! `include`, `exclude`. Paths are relative to the directory of the file that holds them (the
//! crate root). Command-line flags beat the configuration, and the configuration beats the
//! defaults. See docs/config.md.

// `Diagnostic` is the crate's error type everywhere (`Config::discover` returns it); it is large,
// but a configuration is read once per run.
#![allow(clippy::result_large_err)]

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;
use toml::{Spanned, Value};

use crate::diagnostics::{Diagnostic, Location, SourceFile};
use crate::ProfileChoice;

/// The name of the stand-alone configuration file.
pub const FILE_NAME: &str = "mcp-schema.toml";

const KEYS: &[&str] = &["profile", "manifest", "protocol", "strict", "server", "rmcp-version", "include", "exclude"];

/// What the configuration may set. Every field is optional: command-line flags beat it, and it
/// beats the defaults.
#[derive(Debug, Clone, Default)]
pub struct Config {
    pub profile: Option<ProfileChoice>,
    /// The committed manifest, resolved against the crate root.
    pub manifest: Option<PathBuf>,
    pub protocol: Option<String>,
    pub strict: Option<bool>,
    pub server: Option<String>,
    pub rmcp_version: Option<String>,
    /// What to read instead of the crate root (crate directories, workspace roots or `.rs`
    /// files), resolved against the crate root.
    pub include: Vec<PathBuf>,
    /// Path prefixes to leave out of the scan, relative to the crate root (as
    /// [`crate::GenerateOptions::exclude`] wants them).
    pub exclude: Vec<PathBuf>,
    /// The file the configuration came from, if any.
    pub source: Option<PathBuf>,
    /// The directory that holds Cargo.toml / mcp-schema.toml: the crate root.
    pub root: Option<PathBuf>,
}

type Table = BTreeMap<Spanned<String>, Spanned<Value>>;

#[derive(Deserialize)]
struct CargoToml {
    package: Option<CargoPackage>,
}

#[derive(Deserialize)]
struct CargoPackage {
    metadata: Option<CargoMetadata>,
}

#[derive(Deserialize)]
struct CargoMetadata {
    #[serde(rename = "mcp-schema")]
    mcp_schema: Option<Table>,
}

impl Config {
    /// Find and read the configuration for the crate at `path` (default: the current directory).
    ///
    /// For a directory, its own Cargo.toml and mcp-schema.toml; for a file, those of the nearest
    /// directory above it that has either. Having both configure mcp-schema is an error.
    pub fn discover(path: Option<&Path>) -> Result<Config, Diagnostic> {
        let start = path.unwrap_or(Path::new("."));
        let Some(dir) = config_dir(start) else { return Ok(Config::default()) };
        // `Cargo.toml`, not `./Cargo.toml`, in messages about the current directory.
        let in_dir = |name: &str| if dir == Path::new(".") { PathBuf::from(name) } else { dir.join(name) };
        let cargo = in_dir("Cargo.toml");
        let own = in_dir(FILE_NAME);
        let from_cargo = if cargo.is_file() { read_cargo(&cargo)? } else { None };
        let from_own = if own.is_file() { Some(read_own(&own)?) } else { None };
        let (file, text, table) = match (from_cargo, from_own) {
            (Some(_), Some((_, text, _))) => {
                return Err(Diagnostic::error(
                    "config-conflict",
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
            (Some(c), None) => c,
            (None, Some(o)) => o,
            (None, None) => return Ok(Config { root: Some(dir), ..Config::default() }),
        };
        let mut config = parse_table(&file, &text, table, &dir)?;
        config.source = Some(file);
        config.root = Some(dir);
        Ok(config)
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
    std::fs::read_to_string(path).map_err(|e| crate::bad_path(path, e))
}

fn location(path: &Path, text: &str, span: Range<usize>) -> Location {
    let file = Arc::new(SourceFile::new(path.to_path_buf(), Arc::from(text)));
    let start = span.start.min(text.len());
    Location { file, start, len: span.end.saturating_sub(span.start).min(text.len() - start) }
}

fn toml_error(path: &Path, text: &str, e: toml::de::Error) -> Diagnostic {
    let d = Diagnostic::error("bad-config", format!("{} is not valid TOML: {}", path.display(), e.message().trim()))
        .in_file(path);
    match e.span() {
        Some(span) => d.at(Some(location(path, text, span))).with_label("here"),
        None => d,
    }
}

/// `[package.metadata.mcp-schema]`, if Cargo.toml has it.
fn read_cargo(path: &Path) -> Result<Option<(PathBuf, String, Table)>, Diagnostic> {
    let text = read(path)?;
    let doc: CargoToml = toml::from_str(&text).map_err(|e| toml_error(path, &text, e))?;
    Ok(doc.package.and_then(|p| p.metadata).and_then(|m| m.mcp_schema).map(|t| (path.to_path_buf(), text, t)))
}

fn read_own(path: &Path) -> Result<(PathBuf, String, Table), Diagnostic> {
    let text = read(path)?;
    let table: Table = toml::from_str(&text).map_err(|e| toml_error(path, &text, e))?;
    Ok((path.to_path_buf(), text, table))
}

fn parse_table(file: &Path, text: &str, table: Table, root: &Path) -> Result<Config, Diagnostic> {
    let mut config = Config::default();
    for (key, value) in table {
        let key_span = key.span();
        let key = key.into_inner();
        let span = value.span();
        let value = value.into_inner();
        let bad = |expected: &str| {
            Diagnostic::error("bad-config", format!("`{key}` in {} must be {expected}", file.display()))
                .at(Some(location(file, text, span.clone())))
                .with_label(format!("expected {expected}"))
                .in_file(file)
        };
        let string = |v: &Value| v.as_str().map(str::to_owned).ok_or_else(|| bad("a string"));
        let paths = |v: &Value| -> Result<Vec<String>, Diagnostic> {
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
                config.profile = Some(ProfileChoice::parse(&s).ok_or_else(|| {
                    bad("one of \"auto\", \"python-sdk\", \"rmcp\"").with_help(format!("`{s}` is not a profile"))
                })?);
            }
            "manifest" => config.manifest = Some(root.join(string(&value)?)),
            "protocol" => config.protocol = Some(string(&value)?),
            "server" => config.server = Some(string(&value)?),
            "rmcp-version" => config.rmcp_version = Some(string(&value)?),
            "strict" => config.strict = Some(value.as_bool().ok_or_else(|| bad("true or false"))?),
            "include" => config.include = paths(&value)?.into_iter().map(|p| root.join(p)).collect(),
            "exclude" => config.exclude = paths(&value)?.into_iter().map(PathBuf::from).collect(),
            other => {
                let near = KEYS.iter().find(|k| k.replace('-', "_") == other.replace('-', "_").to_lowercase());
                let help = match near {
                    Some(k) => format!("did you mean `{k}`?"),
                    None => format!("the keys are: {}", KEYS.join(", ")),
                };
                return Err(Diagnostic::error("bad-config", format!("unknown key `{other}` in {}", file.display()))
                    .at(Some(location(file, text, key_span)))
                    .with_label("unknown key")
                    .with_help(help)
                    .in_file(file));
            }
        }
    }
    Ok(config)
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
        assert_eq!(c.protocol.as_deref(), Some("2025-06-18"));
        assert_eq!(c.strict, Some(true));
        assert_eq!(c.server.as_deref(), Some("Srv"));
        assert_eq!(c.rmcp_version.as_deref(), Some("0.8.0"));
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
        assert_eq!(e.code, "bad-config");
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
        assert_eq!(Config::discover(Some(d.path())).unwrap_err().code, "config-conflict");
    }
}
