//! The options of a run, by the stage that reads them: what loading reads (paths, exclusions,
//! the parse mode, cargo features), the profile's [`ProfileOptions`], the lints' levels and the
//! token budget. They sit at the bottom of the module graph: every stage imports its own part of
//! them, and only the driver (`lib.rs`'s [`crate::generate`]) holds them all.

use std::path::PathBuf;

use crate::diagnostics::Lints;
use crate::{ParseMode, ProfileChoice};

/// Everything `generate` (and `check`, which regenerates) needs to know.
#[derive(Debug, Clone, Default)]
pub struct GenerateOptions {
    /// Crate directories, workspace roots or single `.rs` files. Empty means the current directory.
    pub paths: Vec<PathBuf>,
    /// Which SDK's output to reproduce; `Auto` picks it from the crate's dependencies.
    pub profile: ProfileChoice,
    /// What becomes of the diagnostics of each code (allowed, warned, denied), and `--strict`.
    pub lints: Lints,
    /// What the profile reads: the release, the peer, the server, the user's schemas.
    pub profile_options: ProfileOptions,
    /// Glob-free path prefixes (relative to the crate root) to leave out of the scan.
    pub exclude: Vec<PathBuf>,
    /// How files are parsed: skeletons in parallel (the default) or in full, on one thread.
    pub parse_mode: ParseMode,
    /// Which cargo features are on, as cargo's `--features`, `--all-features` and
    /// `--no-default-features` say; `#[cfg(feature = "…")]` is evaluated against them.
    pub features: FeatureSelection,
    /// What the tools may cost a model (the config's `budget` table): going over is a warning.
    pub budget: crate::tokens::budget::Budget,
    /// The MCP clients the server targets (the config's `clients`, names of
    /// [`crate::clients::CLIENTS`]): the ones the `clients` lints look at; empty for every one.
    pub clients: Vec<&'static str>,
}

/// What a profile reads of the options: every profile gets the same, and the profile template
/// (`profile::template`) reads the release and the peer the same way for every SDK.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProfileOptions {
    /// The peer's protocol version (`--protocol`), for the SDKs whose listing depends on it.
    pub protocol: Option<String>,
    /// Which server type to list (`--server`), for the SDKs whose crates may hold several.
    pub server: Option<String>,
    /// The rmcp release to reproduce instead of the one in Cargo.lock (`--rmcp-version`).
    pub rmcp_version: Option<String>,
    /// The release of another SDK to reproduce instead of the one in Cargo.lock
    /// (`--sdk-version`).
    pub sdk_version: Option<String>,
    /// Schemas the user supplies for what exists only at runtime (the config's `schemas` table).
    pub overrides: SchemaOverrides,
    /// Environment variables the server runs with (`--env NAME=VALUE`, the config's `[env]`
    /// table): startup code that reads one (`std::env::var`) evaluates it as set; any other
    /// evaluates as unset, the server's default branch.
    pub env: Vec<(String, String)>,
}

/// The rmcp flags as the command line and the configuration give them (`--protocol`, `--server`,
/// `--rmcp-version`), before [`config::Config::apply`] makes [`ProfileOptions`] of them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RmcpOptions {
    /// The protocol version of the peer (`--protocol`).
    pub protocol: Option<String>,
    /// Which server type to list (`--server`).
    pub server: Option<String>,
    /// The rmcp release to reproduce instead of the one in Cargo.lock (`--rmcp-version`).
    pub version: Option<String>,
}

/// Cargo's feature flags. The default (no flags) is cargo's: the `default` feature is on.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FeatureSelection {
    /// Features named with `--features` (`a,b` or `member/a`, as cargo spells them).
    pub features: Vec<String>,
    /// `--all-features`: every feature of the crate is on.
    pub all_features: bool,
    /// `--no-default-features`: the `default` feature is off.
    pub no_default_features: bool,
    /// `--bin NAME`: read only this binary of the package (with its library), as `cargo run --bin
    /// NAME` builds it; `None` reads every target.
    pub bin: Option<String>,
    /// `--serde-json-preserve-order`: whether serde_json's `preserve_order` is on in the server's
    /// build (keys in insertion order), for when the manifests on disk cannot say; `None` works it
    /// out from them.
    pub serde_json_preserve_order: Option<bool>,
}

impl FeatureSelection {
    /// Add the features of one `--features` value: names separated by commas and/or spaces, as
    /// cargo takes them.
    pub fn add_list(&mut self, list: &str) {
        let names = list.split(|c: char| c == ',' || c.is_whitespace()).filter(|name| !name.is_empty());
        self.features.extend(names.map(str::to_owned));
    }
}

/// JSON Schemas given by the user, read from files in the repository. They replace what the
/// sources cannot tell (`input_schema = expr`, a hand-written `impl JsonSchema`, a registry type).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SchemaOverrides {
    /// By tool name: the tool's `inputSchema` and/or `outputSchema`, used as they are.
    pub tools: std::collections::BTreeMap<String, ToolSchemaOverride>,
    /// By Rust type path as written in the config (`kit::model::Blob`, `chrono::NaiveDate`): the
    /// schema that type's `JsonSchema` impl produces.
    pub types: std::collections::BTreeMap<String, serde_json::Value>,
    /// One value each, by key (see [`value_key`]): a field's default (`Type.field.default`, the
    /// JSON its serde serialisation gives) or a tool's description (`TOOL.description`), for a
    /// value the sources do not let the CLI evaluate; the rest of the schema is read as usual.
    pub values: std::collections::BTreeMap<String, serde_json::Value>,
}

/// What a value of [`SchemaOverrides::values`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueKind {
    /// A field's serde default, as schemars shows it in `"default"`.
    Default,
    /// A tool's `description`.
    Description,
    /// The `examples` of a type, field or variant (`#[schemars(example = …)]`, in order).
    Examples,
}

impl ValueKind {
    /// The key's suffix.
    pub fn suffix(self) -> &'static str {
        match self {
            ValueKind::Default => "default",
            ValueKind::Description => "description",
            ValueKind::Examples => "examples",
        }
    }
}

/// The `[schemas]` key of one value: `Type.field.default`, `TOOL.description`.
pub fn value_key(of: &str, kind: ValueKind) -> String {
    format!("{of}.{}", kind.suffix())
}

/// The configuration line that supplies one value, with a placeholder for it, for a
/// diagnostic's help: `"Type.field.default" = …` under the `[schemas]` table.
pub fn value_line(of: &str, kind: ValueKind) -> String {
    let placeholder = match kind {
        ValueKind::Default => "VALUE",
        ValueKind::Description => "\"TEXT\"",
        ValueKind::Examples => "[VALUE, …]",
    };
    let what = match kind {
        ValueKind::Default => "the JSON the default serialises to, in TOML",
        ValueKind::Description => "the description",
        ValueKind::Examples => "every `example` of it, in order, in TOML",
    };
    format!(
        "supply this value under the configuration's `[schemas]`: `\"{}\" = {placeholder}` ({what})",
        value_key(of, kind)
    )
}

/// The schemas given for one tool.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ToolSchemaOverride {
    /// The tool's `inputSchema`, instead of the one the sources give.
    pub input_schema: Option<serde_json::Value>,
    /// The tool's `outputSchema`, instead of the one the sources give (if any).
    pub output_schema: Option<serde_json::Value>,
}
