//! The CLI: parse arguments, run a command of the core, print, and turn the result into an exit
//! status (0 ok, 1 drift, 2 error).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use mcp_schema::diagnostics::Diagnostics;
use mcp_schema::{GenerateOptions, ProfileChoice};

#[derive(Parser)]
#[command(name = "mcp-schema", version, about = "The MCP tools/list manifest of a Rust server, read from its sources")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Write the tools/list manifest (stdout, or -o FILE)
    Generate(GenerateArgs),
    /// Regenerate the manifest and compare it with the committed one (exit 1 on drift)
    Check(CheckArgs),
}

#[derive(Clone, Copy, ValueEnum)]
enum ProfileArg {
    Auto,
    PythonSdk,
    Rmcp,
}

/// Options shared by `generate` and `check`.
#[derive(Args)]
struct SourceArgs {
    /// Which SDK's output to reproduce [default: auto, or the configured profile]
    #[arg(long, value_enum)]
    profile: Option<ProfileArg>,
    /// Turn every warning into an error
    #[arg(long)]
    strict: bool,
    /// rmcp: the MCP protocol version of the peer [default: 2026-07-28]
    #[arg(long, value_name = "VERSION")]
    protocol: Option<String>,
    /// rmcp: the server type to list when the crate defines several
    #[arg(long, value_name = "TYPE")]
    server: Option<String>,
    /// rmcp: the rmcp release to reproduce instead of the one in Cargo.lock
    #[arg(long, value_name = "X.Y.Z")]
    rmcp_version: Option<String>,
    /// Say which profile and rmcp version were used, and why
    #[arg(short, long)]
    verbose: bool,
}

#[derive(Args)]
struct GenerateArgs {
    /// Crate directory, workspace root or single .rs file [default: .]
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// Write the manifest to FILE (atomically, and only when it changes) instead of stdout
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    #[command(flatten)]
    source: SourceArgs,
}

#[derive(Args)]
struct CheckArgs {
    /// Crate directory or workspace root [default: .]
    #[arg(value_name = "PATH")]
    path: Option<PathBuf>,
    /// The committed manifest [default: the configured one, else mcp-tools.json in the crate root]
    #[arg(long, value_name = "FILE")]
    manifest: Option<PathBuf>,
    /// How to report drift
    #[arg(long, value_enum, default_value = "human")]
    format: mcp_schema::check::Format,
    #[command(flatten)]
    source: SourceArgs,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let code = match cli.command {
        Command::Generate(args) => run_generate(args),
        Command::Check(args) => run_check(args),
    };
    ExitCode::from(code)
}

/// Apply the configuration file beneath the command-line flags: flags beat config, config beats
/// defaults.
fn options(paths: Vec<PathBuf>, args: &SourceArgs, config: &mcp_schema::config::Config) -> GenerateOptions {
    let profile = match args.profile {
        Some(ProfileArg::Auto) => ProfileChoice::Auto,
        Some(ProfileArg::PythonSdk) => ProfileChoice::PythonSdk,
        Some(ProfileArg::Rmcp) => ProfileChoice::Rmcp,
        None => config.profile.unwrap_or_default(),
    };
    GenerateOptions {
        paths,
        profile,
        strict: args.strict || config.strict.unwrap_or(false),
        protocol: args.protocol.clone().or_else(|| config.protocol.clone()),
        server: args.server.clone().or_else(|| config.server.clone()),
        rmcp_version: args.rmcp_version.clone().or_else(|| config.rmcp_version.clone()),
        exclude: config.exclude.clone(),
    }
}

fn print_diagnostics(diagnostics: &Diagnostics) {
    let stderr = std::io::stderr();
    let mut err = stderr.lock();
    for d in diagnostics.iter() {
        let _ = writeln!(err, "{:?}", d.to_report());
    }
}

fn setup_miette() {
    let color = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").map_or(true, |v| v.is_empty());
    let _ = miette::set_hook(Box::new(move |_| {
        Box::new(miette::MietteHandlerOpts::new().color(color).unicode(color).context_lines(2).build())
    }));
}

fn run_generate(args: GenerateArgs) -> u8 {
    setup_miette();
    let config = match mcp_schema::config::Config::discover(args.paths.first().map(PathBuf::as_path)) {
        Ok(c) => c,
        Err(d) => {
            print_diagnostics(&Diagnostics(vec![d]));
            return 2;
        }
    };
    let opts = options(args.paths, &args.source, &config);
    let outcome = mcp_schema::generate(&opts);
    print_diagnostics(&outcome.diagnostics);
    if args.source.verbose {
        for note in &outcome.notes {
            eprintln!("note: {note}");
        }
    }
    let Some(manifest) = outcome.manifest.filter(|_| !outcome.diagnostics.has_errors()) else {
        eprintln!("error: no manifest written: fix the errors above");
        return 2;
    };
    let text = manifest.to_pretty_string();
    match args.output {
        None => {
            let mut out = std::io::stdout().lock();
            if out.write_all(text.as_bytes()).and_then(|_| out.flush()).is_err() {
                return 2;
            }
        }
        Some(path) => match mcp_schema::manifest::write_if_changed(&path, &text) {
            Ok(true) => {
                if args.source.verbose {
                    eprintln!("wrote {}", path.display());
                }
            }
            Ok(false) => {
                if args.source.verbose {
                    eprintln!("{} is up to date", path.display());
                }
            }
            Err(e) => {
                eprintln!("error: cannot write {}: {e}", path.display());
                return 2;
            }
        },
    }
    0
}

// ----- check -----------------------------------------------------------------------------------

fn run_check(args: CheckArgs) -> u8 {
    setup_miette();
    let _ = (&args.path, &args.manifest, &args.format, &args.source);
    eprintln!("error: `check` is not implemented yet");
    2
}
