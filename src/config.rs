//! Configuration: `[package.metadata.mcp-schema]` in Cargo.toml, or `mcp-schema.toml` beside it.

use std::path::{Path, PathBuf};

use crate::diagnostics::Diagnostic;
use crate::ProfileChoice;

/// What the configuration may set. Every field is optional: command-line flags beat it, and it
/// beats the defaults.
#[derive(Debug, Clone, Default)]
pub struct Config {
    pub profile: Option<ProfileChoice>,
    pub manifest: Option<PathBuf>,
    pub protocol: Option<String>,
    pub strict: Option<bool>,
    pub server: Option<String>,
    pub rmcp_version: Option<String>,
    pub include: Vec<PathBuf>,
    pub exclude: Vec<PathBuf>,
}

impl Config {
    /// Find and read the configuration for the crate at `path` (default: the current directory).
    pub fn discover(path: Option<&Path>) -> Result<Config, Diagnostic> {
        let _ = path;
        Ok(Config::default())
    }
}
