//! `mcp-schema generate [PATH] [-o FILE]`: write the manifest, of one crate or of every server
//! of a `[[servers]]` configuration (each to its own file, and none unless all were made).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use clap::Args;
use mcp_schema::config;
use mcp_schema::session::{Checks, Mcp, Plan, Servers, Session};
use mcp_schema::{Manifest, Provenance};

use super::args::SourceArgs;
use super::diagnostics::{fail, set_server};

pub(crate) const EXAMPLES: &str = "\
Examples:
  mcp-schema generate                          the manifest of the crate here, on stdout
  mcp-schema generate -o mcp-tools.json        write it (only when it changes), then commit it
  mcp-schema generate crates/server --validate another crate's, checked against MCP too
  mcp-schema generate --profile python-sdk src/tools.rs
                                               one file, as the MCP Python SDK lists its tools

Exit status: 0 written (or printed), 2 an error was reported (nothing was written)";

#[derive(Args)]
pub(crate) struct GenerateArgs {
    /// Crate directory, workspace root or single .rs file [default: the crate around the current
    /// directory]
    #[arg(value_name = "PATH")]
    pub(crate) paths: Vec<PathBuf>,
    /// Write the manifest to FILE (atomically, and only when it changes) instead of stdout (`-`)
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Check the manifest against MCP, as `mcp-schema validate` does (its codes are the mcp-* of
    /// `mcp-schema explain --list`); a finding is an error, not a warning
    #[arg(long)]
    validate: bool,
    #[command(flatten)]
    pub(crate) source: SourceArgs,
}

pub(crate) fn run(args: GenerateArgs) -> u8 {
    let session = match super::session::plan(args.source.flags(args.paths.clone())) {
        Plan::One(Ok(session)) => session,
        Plan::Servers(Ok(servers)) => return mcp_schema::sharing_sources(|| run_servers(&args, &servers)),
        Plan::One(Err(d)) | Plan::Servers(Err(d)) => return fail(d),
    };
    // `-o -` is standard output, as most tools read it.
    let output = args.output.filter(|p| p.as_os_str() != "-");
    let (manifest, provenance) = match make(&session, args.validate, output.as_deref()) {
        Ok(made) => made,
        Err(why) => {
            say!("error: no manifest written: {why}");
            return 2;
        }
    };
    // Said without -v when the manifest goes to a file or a pipe, where nobody sees it made.
    if !super::quiet() && !std::io::stdout().is_terminal() {
        let n = manifest.len();
        say!("{n} tool{} listed with {provenance}", if n == 1 { "" } else { "s" });
    }
    match output {
        None => {
            // Streamed: a large manifest is never held twice (as values and as text).
            let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
            if manifest.write_pretty(&mut out).and_then(|_| out.flush()).is_err() {
                return 2;
            }
        }
        // Compared with the file and written as it is made, never held whole as text.
        Some(path) => match mcp_schema::manifest::write_if_changed_with(&path, |out| manifest.write_pretty(out)) {
            Ok(true) => {
                if super::verbose() {
                    say!("wrote {}", path.display());
                }
            }
            Ok(false) => {
                if super::verbose() {
                    say!("{} is up to date", path.display());
                }
            }
            Err(e) => {
                return fail(mcp_schema::manifest::write_error(&path, &e));
            }
        },
    }
    0
}

/// The manifest of `session`, to be written to `output` (`None`: standard output), checked
/// against MCP (every finding an error with `validate`), what the run said printed; why there is
/// none otherwise.
fn make(
    session: &Session,
    validate: bool,
    output: Option<&std::path::Path>,
) -> Result<(Manifest, Provenance), &'static str> {
    let mcp = if validate { Mcp::Validate } else { Mcp::Lints };
    let made = session.make(Checks { mcp, writes: output });
    super::session::print(&made);
    let manifest = made.result.map_err(|stop| stop.why())?;
    if let Some(line) = mcp_schema::manifest::left_out_line(&made.diagnostics).filter(|_| !super::quiet()) {
        say!("{line}");
    }
    Ok((manifest, made.provenance))
}

/// `generate` over every server: each manifest made first, then, only when all were, each
/// written (atomically, when it changes) to its own file.
fn run_servers(args: &GenerateArgs, servers: &Servers) -> u8 {
    if args.output.is_some() {
        return fail(servers.one_manifest_flag("-o/--output"));
    }
    let mut made = Vec::new();
    let mut failed = Vec::new();
    for server in &servers.servers {
        set_server(Some(server.label()));
        let session = super::session::of_server(server, &args.source.flags(Vec::new()));
        match make(&session, args.validate, Some(&server.config.manifest_path(None))) {
            Ok((manifest, provenance)) => made.push((server, manifest, provenance)),
            Err(why) => {
                say!("error: {}: {why}", server.name);
                failed.push(server.name.as_str());
            }
        }
    }
    if !failed.is_empty() {
        say!(
            "error: no manifest written: {} of {} servers failed ({})",
            failed.len(),
            servers.servers.len(),
            failed.join(", ")
        );
        return 2;
    }
    made.iter().map(|(server, manifest, provenance)| write_manifest(server, manifest, provenance)).max().unwrap_or(0)
}

/// Write one server's manifest and say so: `weather: 4 tools listed with …; wrote FILE`.
fn write_manifest(server: &config::Server, manifest: &Manifest, provenance: &Provenance) -> u8 {
    set_server(Some(server.label()));
    let path = server.config.manifest_path(None);
    let written = mcp_schema::manifest::write_if_changed_with(&path, |out| manifest.write_pretty(out));
    let what = match written {
        Ok(true) => "wrote",
        Ok(false) => "up to date:",
        Err(e) => {
            return fail(mcp_schema::manifest::write_error(&path, &e));
        }
    };
    if !super::quiet() {
        let n = manifest.len();
        let s = if n == 1 { "" } else { "s" };
        say!("{}: {n} tool{s} listed with {provenance}; {what} {}", server.name, config::shown_path(&path));
    }
    0
}
