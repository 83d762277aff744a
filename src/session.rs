//! One run over a crate, the sequence every command of the CLI shares: the configuration found
//! for the crate, the command line's [`Flags`] put over it ([`Config::apply`]), the manifest
//! generated and checked for what the run is for ([`Session::make`]), with what the run said.
//! Where the configuration lists `[[servers]]`, a command runs once per server ([`plan`]).
//!
//! Nothing here prints: the diagnostics and notes of a run are data, which the CLI prints.

use std::path::{Path, PathBuf};

use crate::config::{self, Config, Flags, Server};
use crate::diagnostics::{Code, Diagnostic, Diagnostics};
use crate::manifest::Manifest;
use crate::options::GenerateOptions;
use crate::provenance::Provenance;
use crate::source_map::SourceMap;
use crate::Outcome;

/// The configuration of one crate (or server) with the command line over it, and the options
/// they make together.
#[derive(Debug, Clone)]
pub struct Session {
    config: Config,
    flags: Flags,
    options: GenerateOptions,
    /// Whether the parsed sources are never freed (a process about to exit).
    leak: bool,
}

impl Session {
    /// The run `flags` ask for: the configuration of the crate at their first path (default: the
    /// crate around the current directory, [`config::crate_dir`]), the flags over it.
    pub fn discover(flags: Flags) -> Result<Session, Diagnostic> {
        let dir = config::crate_dir(flags.paths.first().map(PathBuf::as_path));
        Session::discover_in(dir.as_deref(), flags)
    }

    /// The run of the crate in `dir` (`None`: the current directory) with `flags`, whatever
    /// their paths.
    pub fn discover_in(dir: Option<&Path>, flags: Flags) -> Result<Session, Diagnostic> {
        Ok(Session::new(Config::discover(dir)?, flags))
    }

    /// The run of `config` with `flags` over it.
    pub fn new(config: Config, flags: Flags) -> Session {
        let options = config.apply(flags.clone());
        Session { config, flags, options, leak: false }
    }

    /// The run of one server of a `[[servers]]` configuration: `--server` picked the server, so
    /// it names no server type, and the crate is the server's (no paths: its `include`, else its
    /// crate directory).
    pub fn of_server(server: &Server, flags: &Flags) -> Session {
        let mut flags = Flags { paths: Vec::new(), ..flags.clone() };
        flags.rmcp.server = None;
        Session::new(server.config.clone(), flags)
    }

    /// This run listing the server type `ty` (`--server`; `None`: the one the crate has, or
    /// the configured one).
    pub fn with_server_type(&self, ty: Option<&str>) -> Session {
        let mut flags = self.flags.clone();
        flags.rmcp.server = ty.map(str::to_owned);
        Session { leak: self.leak, ..Session::new(self.config.clone(), flags) }
    }

    /// This run, for a process that ends right after it: the parsed sources are never freed
    /// (the OS frees them faster; [`crate::generate_leaking_sources`]).
    pub fn leaking(self) -> Session {
        Session { leak: true, ..self }
    }

    /// The configuration the run reads.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The command line's flags of the run.
    pub fn flags(&self) -> &Flags {
        &self.flags
    }

    /// The options the flags and the configuration make.
    pub fn options(&self) -> &GenerateOptions {
        &self.options
    }

    /// The generation itself, as [`crate::generate`] returns it.
    pub fn generate(&self) -> Outcome {
        if self.leak {
            crate::generate_leaking_sources(&self.options)
        } else {
            crate::generate(&self.options)
        }
    }

    /// The manifest of the run, generated and checked as `checks` ask, with everything the run
    /// said; it stops at the first stage that fails ([`Stop`]).
    pub fn make(&self, checks: Checks) -> Made {
        let outcome = self.generate();
        let mut mcp = Diagnostics::default();
        let result = self.checked(outcome.manifest, &outcome.diagnostics, checks, &mut mcp);
        Made {
            result,
            diagnostics: outcome.diagnostics,
            mcp,
            notes: outcome.notes,
            provenance: outcome.provenance,
            source_map: outcome.source_map,
            server_types: outcome.server_types,
        }
    }

    /// The `manifest` a generation made, when neither its `diagnostics` nor `checks` stop it; the
    /// findings of the MCP checks go to `mcp`.
    fn checked(
        &self,
        manifest: Option<Manifest>,
        diagnostics: &Diagnostics,
        checks: Checks,
        mcp: &mut Diagnostics,
    ) -> Result<Manifest, Stop> {
        let manifest = manifest.filter(|_| !diagnostics.has_errors()).ok_or(Stop::Errors)?;
        if let Some(deny_all) = checks.mcp.deny_all() {
            *mcp = crate::validate::mcp::generated_manifest(&manifest, &self.options, diagnostics, deny_all);
            if mcp.has_errors() {
                return Err(Stop::BreaksMcp);
            }
        }
        match checks.writes.and_then(|path| crate::manifest::refuse_to_empty(path, &manifest, diagnostics)) {
            Some(refused) => Err(Stop::WouldEmpty(refused)),
            None => Ok(manifest),
        }
    }
}

/// What a run's manifest is checked for, besides the generation's own errors.
#[derive(Debug, Clone, Copy, Default)]
pub struct Checks<'a> {
    /// MCP's own rules (docs/validate.md).
    pub mcp: Mcp,
    /// The manifest file the run is to write: a run that found no SDK must not empty it of its
    /// tools ([`crate::manifest::refuse_to_empty`]).
    pub writes: Option<&'a Path>,
}

/// Whether a run checks its manifest against MCP, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mcp {
    /// Not checked.
    #[default]
    Skip,
    /// Warnings, at the levels the lints give their codes (what the run reported left out).
    Lints,
    /// Every check, each finding an error (`generate --validate`).
    Validate,
}

impl Mcp {
    /// `Some(deny_all)` when the checks run ([`crate::validate::mcp::generated_manifest`]).
    fn deny_all(self) -> Option<bool> {
        match self {
            Mcp::Skip => None,
            Mcp::Lints => Some(false),
            Mcp::Validate => Some(true),
        }
    }
}

/// What a run made, and what it said on the way.
#[derive(Debug)]
pub struct Made {
    /// The manifest, or the stage that stopped the run.
    pub result: Result<Manifest, Stop>,
    /// The generation's errors, warnings and notes, with the lints applied.
    pub diagnostics: Diagnostics,
    /// The findings of the MCP checks (none when they did not run).
    pub mcp: Diagnostics,
    /// Facts worth telling with `--verbose`.
    pub notes: Vec<String>,
    /// Which profile made the manifest, and which SDK release it reproduces.
    pub provenance: Provenance,
    /// Where each tool's parts come from in the sources.
    pub source_map: SourceMap,
    /// The server types the crate defines, when the profile tells them apart.
    pub server_types: Vec<String>,
}

/// Why a run made no manifest.
#[derive(Debug)]
pub enum Stop {
    /// The generation reported errors (or made no manifest).
    Errors,
    /// The manifest breaks MCP: the MCP checks reported errors.
    BreaksMcp,
    /// Writing it would empty a manifest that lists tools: this error, made of the run's `no-sdk`
    /// warning.
    WouldEmpty(Diagnostic),
}

impl Stop {
    /// Why, after the diagnostics that say it: `no manifest written: fix the errors above`.
    pub fn why(&self) -> &'static str {
        match self {
            Stop::Errors => "fix the errors above",
            Stop::BreaksMcp => "it breaks MCP (above)",
            Stop::WouldEmpty(_) => "it would empty a manifest that lists tools (above)",
        }
    }
}

/// What a command given `flags` runs: one crate, or the servers a configuration lists.
#[derive(Debug)]
pub enum Plan {
    /// One crate (or one `.rs` file), or why its configuration cannot be read.
    One(Result<Session, Diagnostic>),
    /// Every server of a configuration with `[[servers]]` (those `--server` names), or why they
    /// cannot be run.
    Servers(Result<Servers, Diagnostic>),
}

/// The servers of a run, and the configuration that lists them.
#[derive(Debug)]
pub struct Servers {
    /// The configuration with `[[servers]]`.
    pub config: Config,
    /// The servers to run, in the configuration's order.
    pub servers: Vec<Server>,
}

/// What a command given the crate at the first of `flags.paths` runs: every server of the
/// configuration found there when it lists `[[servers]]`, else the servers of that crate a
/// configuration above it lists, else the crate alone (also for a `.rs` file, and when the
/// configuration cannot be read). Only the servers `--server` names, by name or by type.
pub fn plan(flags: Flags) -> Plan {
    let path = flags.paths.first().map(PathBuf::as_path);
    // A single `.rs` file is read alone, whatever the configuration above it lists.
    if path.is_some_and(Path::is_file) {
        return Plan::One(Session::discover(flags));
    }
    let dir = config::crate_dir(path);
    let config = match Config::discover(dir.as_deref()) {
        Ok(config) => config,
        Err(d) => return Plan::One(Err(d)),
    };
    let wanted = flags.rmcp.server.as_deref();
    if config.has_servers() {
        let servers = config.servers().and_then(|all| selected(&config, all, wanted));
        return Plan::Servers(servers.map(|servers| Servers { config, servers }));
    }
    match config::enclosing_servers(dir.as_deref()) {
        Some((above, mine)) => {
            Plan::Servers(selected(&above, mine, wanted).map(|servers| Servers { config: above, servers }))
        }
        None => Plan::One(Ok(Session::new(config, flags))),
    }
}

/// The servers to run: every one, or those `wanted` names (by name, or by server type).
fn selected(config: &Config, all: Vec<Server>, wanted: Option<&str>) -> Result<Vec<Server>, Diagnostic> {
    let Some(wanted) = wanted else { return Ok(all) };
    let picked: Vec<Server> =
        all.iter().filter(|s| s.name == wanted || s.config.server_type() == Some(wanted)).cloned().collect();
    if picked.is_empty() {
        let names: Vec<&str> = all.iter().map(|s| s.name.as_str()).collect();
        let file = config.source().map(|p| p.display().to_string()).unwrap_or_default();
        return Err(Diagnostic::error(
            Code::UnknownServer,
            format!("--server `{wanted}`: {file} lists no such server"),
        )
        .with_help(format!("its servers: {}", names.join(", "))));
    }
    Ok(picked)
}

impl Servers {
    /// The error for a `flag` that names one manifest (`-o`, `--manifest`): each server has its
    /// own.
    pub fn one_manifest_flag(&self, flag: &str) -> Diagnostic {
        let file = self.config.source().map(|p| p.display().to_string()).unwrap_or_default();
        Diagnostic::error(
            Code::BadPath,
            format!("{flag} names one manifest, and {file} lists servers that each have their own"),
        )
        .with_help(
            "give a server's crate directory as PATH to run it alone, or set its `manifest` in its `[[servers]]` entry",
        )
    }

    /// `mcp-schema generate`, run where the configuration is: it writes every server's manifest.
    pub fn generate_command(&self) -> String {
        let root = self.config.source().and_then(Path::parent).filter(|p| !p.as_os_str().is_empty());
        match root {
            Some(dir) => format!("mcp-schema generate {}", dir.display()),
            None => "mcp-schema generate".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn workspace() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/rmcp/patterns/workspace-servers")
    }

    fn flags(path: PathBuf, server: Option<&str>) -> Flags {
        let mut flags = Flags { paths: vec![path], ..Flags::default() };
        flags.rmcp.server = server.map(str::to_owned);
        flags
    }

    fn names(plan: Plan) -> Vec<String> {
        match plan {
            Plan::Servers(Ok(servers)) => servers.servers.into_iter().map(|s| s.name).collect(),
            other => panic!("not servers: {other:?}"),
        }
    }

    #[test]
    fn a_configuration_with_servers_runs_each_or_those_named() {
        assert_eq!(names(plan(flags(workspace(), None))), ["forecast", "notes", "desk-front", "desk-back"]);
        // By name, or by server type.
        assert_eq!(names(plan(flags(workspace(), Some("notes")))), ["notes"]);
        assert_eq!(names(plan(flags(workspace(), Some("Back")))), ["desk-back"]);
        let Plan::Servers(Err(d)) = plan(flags(workspace(), Some("nope"))) else { panic!("an unknown server") };
        assert_eq!(d.code, Code::UnknownServer);
        assert_eq!(d.help.as_deref(), Some("its servers: forecast, notes, desk-front, desk-back"));
    }

    #[test]
    fn a_server_crate_runs_its_servers_and_a_file_is_read_alone() {
        assert_eq!(names(plan(flags(workspace().join("desk"), None))), ["desk-front", "desk-back"]);
        let file = workspace().join("forecast/src/lib.rs");
        let Plan::One(Ok(session)) = plan(flags(file.clone(), None)) else { panic!("one file") };
        assert_eq!(session.options().paths, [file]);
    }

    #[test]
    fn a_server_runs_with_its_own_crate_and_no_server_type_of_the_command_line() {
        let Plan::Servers(Ok(servers)) = plan(flags(workspace(), Some("desk-back"))) else { panic!("servers") };
        let session = Session::of_server(&servers.servers[0], &flags(workspace(), Some("desk-back")));
        assert!(session.flags().paths.is_empty());
        // The entry's `server = "Back"` applies, not `--server desk-back`.
        assert_eq!(session.options().profile_options.server.as_deref(), Some("Back"));
        let refused = servers.one_manifest_flag("--manifest");
        assert!(refused.message.starts_with("--manifest names one manifest, and "), "{}", refused.message);
    }
}
