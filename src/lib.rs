//! mcp-schema: the `tools/list` manifest of an MCP server, read from its Rust sources.
//!
//! The pipeline, one module per stage:
//! [`source`] finds and parses the files and resolves names, [`model`] is our own type IR,
//! [`schema`] turns the IR into JSON Schema, [`profile`] decides which fns are tools and how
//! their schemas are wrapped, [`manifest`] writes the document, [`check`] compares two of them.
//! Nothing here prints or exits: results and [`diagnostics::Diagnostic`]s are data.

// Diagnostics are the error type: rare, and richer than a Box would make them pleasant to use.
#![allow(clippy::result_large_err)]

pub mod check;
pub mod config;
pub mod diagnostics;
pub mod manifest;
pub mod model;
pub mod profile;
pub mod schema;
pub mod source;

use std::path::PathBuf;

use diagnostics::{Diagnostic, Diagnostics};
pub use manifest::Manifest;

/// Which SDK's output to reproduce.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ProfileChoice {
    /// `rmcp` when the crate depends on rmcp, `python-sdk` otherwise.
    #[default]
    Auto,
    PythonSdk,
    Rmcp,
}

impl ProfileChoice {
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "auto" => Some(ProfileChoice::Auto),
            "python-sdk" => Some(ProfileChoice::PythonSdk),
            "rmcp" => Some(ProfileChoice::Rmcp),
            _ => None,
        }
    }
}

/// Everything `generate` (and `check`, which regenerates) needs to know.
#[derive(Debug, Clone, Default)]
pub struct GenerateOptions {
    /// Crate directories, workspace roots or single `.rs` files. Empty means the current directory.
    pub paths: Vec<PathBuf>,
    pub profile: ProfileChoice,
    /// Turn every warning into an error.
    pub strict: bool,
    /// rmcp: the protocol version of the peer (`--protocol`).
    pub protocol: Option<String>,
    /// rmcp: which server type to list (`--server`).
    pub server: Option<String>,
    /// rmcp: override the rmcp version read from Cargo.lock (`--rmcp-version`).
    pub rmcp_version: Option<String>,
    /// Glob-free path prefixes (relative to the crate root) to leave out of the scan.
    pub exclude: Vec<PathBuf>,
    /// How files are parsed: skeletons in parallel (the default) or in full, on one thread.
    pub parse_mode: source::ParseMode,
    /// Which cargo features are on, as cargo's `--features`, `--all-features` and
    /// `--no-default-features` say; `#[cfg(feature = "…")]` is evaluated against them.
    pub features: FeatureSelection,
    /// Schemas the user supplies for what exists only at runtime (the config's `schemas` table).
    pub overrides: SchemaOverrides,
}

/// Cargo's feature flags. The default (no flags) is cargo's: the `default` feature is on.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FeatureSelection {
    /// Features named with `--features` (`a,b` or `member/a`, as cargo spells them).
    pub features: Vec<String>,
    pub all_features: bool,
    pub no_default_features: bool,
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
}

/// The schemas given for one tool.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ToolSchemaOverride {
    pub input_schema: Option<serde_json::Value>,
    pub output_schema: Option<serde_json::Value>,
}

/// The result of a run: the manifest when one could be made, and every diagnostic.
#[derive(Debug)]
pub struct Outcome {
    pub manifest: Option<Manifest>,
    pub diagnostics: Diagnostics,
    /// Facts worth telling with `--verbose` (which profile, which rmcp version and from where).
    pub notes: Vec<String>,
}

impl Outcome {
    pub fn failed(&self) -> bool {
        self.manifest.is_none() || self.diagnostics.has_errors()
    }
}

/// Read the sources and build the manifest. Never panics on bad input; errors are diagnostics.
pub fn generate(opts: &GenerateOptions) -> Outcome {
    generate_keeping_sources(opts).0
}

/// [`generate`], also handing back the parsed sources, so that a process about to exit can skip
/// freeing them (`std::mem::forget`): dropping a large syntax tree is a measurable part of a
/// short run.
pub fn generate_keeping_sources(opts: &GenerateOptions) -> (Outcome, Option<source::Workspace>) {
    let mut diagnostics = Diagnostics::default();
    let mut notes = Vec::new();
    let workspace = match source::load_selected(&opts.paths, &opts.exclude, opts.parse_mode, &opts.features) {
        Ok(ws) => ws,
        Err(d) => {
            diagnostics.push(d);
            return (Outcome { manifest: None, diagnostics, notes }, None);
        }
    };
    diagnostics.extend(workspace.diagnostics.clone());
    let manifest = profile::run(&workspace, opts, &mut diagnostics, &mut notes);
    if opts.strict {
        diagnostics.promote_warnings();
    }
    let manifest = if diagnostics.has_errors() { None } else { manifest };
    (Outcome { manifest, diagnostics, notes }, Some(workspace))
}

/// A diagnostic for a path the user gave that cannot be used.
pub(crate) fn bad_path(path: &std::path::Path, why: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error("bad-path", format!("cannot read {}: {why}", path.display())).in_file(path)
}
