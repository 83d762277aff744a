//! The options of the commands that read sources (`generate`, `check`, `list`, `docs`, `init`),
//! and the [`Flags`] they make for the core.

use std::collections::BTreeMap;
use std::path::PathBuf;

use clap::Args;
use mcp_schema::check::accept::{check_rule_or_code, LevelName};
use mcp_schema::config::Flags;
use mcp_schema::diagnostics::Level;
use mcp_schema::{FeatureSelection, ParseMode, ProfileChoice, RmcpOptions};

/// Options shared by `generate` and `check`.
#[derive(Args)]
pub(crate) struct SourceArgs {
    /// Which SDK's output to reproduce [default: auto, or the configured profile]
    #[arg(long, value_parser = super::choice::<ProfileChoice>())]
    pub(crate) profile: Option<ProfileChoice>,
    /// Turn every warning into an error (deny every warning that is not allowed)
    #[arg(long)]
    pub(crate) strict: bool,
    /// Drop the warnings of CODE (repeatable; see `mcp-schema explain CODE`); with `check`, accept
    /// the changes of a drift rule (`mcp-schema explain RULE`)
    #[arg(short = 'A', long = "allow", value_name = "CODE", value_parser = level_of(Level::Allow))]
    pub(crate) allow: Vec<LevelName>,
    /// Show the warnings of CODE, whatever the configuration says (repeatable); a lint group
    /// names several codes: `-W contract` turns on the lints of what a model reads
    #[arg(short = 'W', long = "warn", value_name = "CODE", value_parser = level_of(Level::Warn))]
    pub(crate) warn: Vec<LevelName>,
    /// Make the warnings of CODE errors (repeatable)
    #[arg(short = 'D', long = "deny", value_name = "CODE", value_parser = level_of(Level::Deny))]
    pub(crate) deny: Vec<LevelName>,
    /// Cargo features to turn on, comma- or space-separated (repeatable)
    #[arg(short = 'F', long, value_name = "FEATURES")]
    pub(crate) features: Vec<String>,
    /// Turn on every feature of the crate
    #[arg(long)]
    pub(crate) all_features: bool,
    /// Do not turn on the `default` feature
    #[arg(long)]
    pub(crate) no_default_features: bool,
    /// Read only the binary target NAME (and the package's library), as `cargo run --bin NAME`
    /// builds it: for a package whose binaries serve different servers
    #[arg(long, value_name = "NAME")]
    pub(crate) bin: Option<String>,
    /// Whether serde_json's `preserve_order` is on in the server's build (schema keys in insertion
    /// order) [default: worked out from the manifests on disk]
    #[arg(long, value_name = "BOOL")]
    pub(crate) serde_json_preserve_order: Option<bool>,
    /// rmcp, tower-mcp: the MCP protocol version of the peer [default: 2025-11-25, what a client
    /// that opens with `initialize` is answered; 2026-07-28 for a stateless request's listing]
    #[arg(long, value_name = "VERSION")]
    pub(crate) protocol: Option<String>,
    /// rmcp: the server type to list when the crate defines several; with `[[servers]]` in the
    /// configuration, the one server to run (its name or type)
    #[arg(long, value_name = "TYPE")]
    pub(crate) server: Option<String>,
    /// rmcp: the rmcp release to reproduce instead of the one in Cargo.lock
    #[arg(long, value_name = "X.Y.Z", value_parser = rmcp_version)]
    pub(crate) rmcp_version: Option<String>,
    /// rust-mcp-sdk, tower-mcp: the SDK release to reproduce instead of the one in Cargo.lock
    #[arg(long, value_name = "X.Y.Z")]
    pub(crate) sdk_version: Option<String>,
    /// rmcp: an environment variable the server runs with, for startup code that reads it
    /// (`std::env::var`); unset ones evaluate as unset [repeatable]
    #[arg(long = "env", value_name = "NAME=VALUE", value_parser = env_pair)]
    pub(crate) env: Vec<(String, String)>,
    /// Show every note, and say which profile and rmcp version were used, and why
    #[arg(short, long)]
    pub(crate) verbose: bool,
    /// Parse function bodies with their files, on one thread: slower, with the same result (the
    /// fast path checks the bodies it skips on the threads that read them)
    #[arg(long)]
    pub(crate) full_parse: bool,
}

/// A value parser for `-A/-W/-D`: the code must exist and may be given that level; `check` also
/// takes drift rules (docs/check.md), which `generate` and the others ignore.
fn level_of(level: Level) -> impl Fn(&str) -> Result<LevelName, String> + Clone {
    move |code| check_rule_or_code(code, level).map_err(|e| e.to_string())
}

/// A value parser for `--env`: `NAME=VALUE`, the name not empty.
fn env_pair(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.is_empty() => Ok((name.to_owned(), value.to_owned())),
        _ => Err(format!("`{text}` is not NAME=VALUE")),
    }
}

/// A value parser for `--rmcp-version`: a release or a requirement some release meets.
fn rmcp_version(text: &str) -> Result<String, String> {
    mcp_schema::check_rmcp_version(text).map(|_| text.to_owned())
}

impl SourceArgs {
    /// The flags as the library takes them. A code given several levels gets the strictest.
    pub(crate) fn flags(&self, paths: Vec<PathBuf>) -> Flags {
        let mut levels = BTreeMap::new();
        for (codes, level) in [(&self.allow, Level::Allow), (&self.warn, Level::Warn), (&self.deny, Level::Deny)] {
            levels.extend(codes.iter().map(|&name| (name, level)));
        }
        let mut features = FeatureSelection {
            all_features: self.all_features,
            no_default_features: self.no_default_features,
            serde_json_preserve_order: self.serde_json_preserve_order,
            bin: self.bin.clone(),
            ..FeatureSelection::default()
        };
        self.features.iter().for_each(|list| features.add_list(list));
        Flags {
            paths,
            profile: self.profile,
            strict: self.strict,
            levels,
            rmcp: RmcpOptions {
                protocol: self.protocol.clone(),
                server: self.server.clone(),
                version: self.rmcp_version.clone(),
            },
            sdk_version: self.sdk_version.clone(),
            features,
            parse_mode: if self.full_parse { ParseMode::Full } else { ParseMode::Skeleton },
            env: self.env.clone(),
        }
    }
}
