//! The CLI: parse arguments, run a command of the core, print, and turn the result into an exit
//! status (0 ok, 1 drift, 2 error).

#![allow(clippy::result_large_err)]

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use mcp_schema::diagnostics::Diagnostics;
use mcp_schema::source::ParseMode;
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
    /// Parse function bodies too, on one thread: slower, and only needed to have syntax errors
    /// inside bodies reported (bodies never change a schema)
    #[arg(long)]
    full_parse: bool,
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

/// A faster allocator: parsing allocates many small nodes, and allocation was a quarter of the
/// time of a small run.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// syn and our lowering recurse over nested code; a generous stack turns pathological nesting
/// into a diagnostic instead of an overflow.
const STACK_SIZE: usize = 512 * 1024 * 1024;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let worker = std::thread::Builder::new().stack_size(STACK_SIZE).spawn(move || match cli.command {
        Command::Generate(args) => run_generate(args),
        Command::Check(args) => run_check(args),
    });
    let code = match worker.map(|w| w.join()) {
        Ok(Ok(code)) => code,
        _ => {
            eprintln!("error: internal failure (please report it); no manifest was written");
            2
        }
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
    // Paths on the command line beat the configured `include`.
    let paths = if paths.is_empty() { config.include.clone() } else { paths };
    GenerateOptions {
        paths,
        profile,
        strict: args.strict || config.strict.unwrap_or(false),
        protocol: args.protocol.clone().or_else(|| config.protocol.clone()),
        server: args.server.clone().or_else(|| config.server.clone()),
        rmcp_version: args.rmcp_version.clone().or_else(|| config.rmcp_version.clone()),
        exclude: config.exclude.clone(),
        parse_mode: if args.full_parse { ParseMode::Full } else { ParseMode::Skeleton },
        ..Default::default()
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
    let (outcome, sources) = mcp_schema::generate_keeping_sources(&opts);
    // The process ends right after this command: the OS frees the syntax trees faster.
    std::mem::forget(sources);
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
    match args.output {
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

/// Print the diagnostics of a run that could not finish: on stderr, and with `--format github`
/// also as workflow annotations on stdout.
fn check_failed(diagnostics: &Diagnostics, format: mcp_schema::check::Format) -> u8 {
    print_diagnostics(diagnostics);
    if format == mcp_schema::check::Format::Github {
        let mut out = std::io::stdout().lock();
        for d in diagnostics.iter() {
            let _ = writeln!(out, "{}", mcp_schema::check::github_diagnostic(d));
        }
        let _ = out.flush();
    }
    2
}

/// `dir/name`, or just `name` when `dir` is `.`, so messages show the paths users typed.
fn in_dir(dir: &std::path::Path, name: &std::path::Path) -> PathBuf {
    if dir == std::path::Path::new(".") || dir.as_os_str().is_empty() {
        name.to_path_buf()
    } else {
        dir.join(name)
    }
}

/// Read the committed manifest; a missing, unreadable or malformed one is an error (status 2).
fn read_committed(path: &std::path::Path) -> Result<mcp_schema::Manifest, mcp_schema::diagnostics::Diagnostic> {
    use mcp_schema::diagnostics::Diagnostic;
    let text = std::fs::read_to_string(path).map_err(|e| {
        let d = Diagnostic::error(
            "manifest-unreadable",
            format!("cannot read the committed manifest {}: {e}", path.display()),
        )
        .in_file(path);
        if e.kind() == std::io::ErrorKind::NotFound {
            d.with_help(format!(
                "create it with `mcp-schema generate -o {}` and commit it, or point --manifest at it",
                path.display()
            ))
        } else {
            d
        }
    })?;
    mcp_schema::Manifest::parse(&text).map_err(|e| {
        Diagnostic::error("bad-manifest", format!("{} is {e}", path.display()))
            .in_file(path)
            .with_help("the manifest must be a tools/list result: {\"tools\": [{\"name\": ..., \"inputSchema\": ...}]}")
    })
}

fn run_check(args: CheckArgs) -> u8 {
    use mcp_schema::check::{self, Format, RenderOptions};
    setup_miette();
    let format = args.format;
    let config = match mcp_schema::config::Config::discover(args.path.as_deref()) {
        Ok(c) => c,
        Err(d) => return check_failed(&Diagnostics(vec![d]), format),
    };
    let root = config.root.clone().unwrap_or_else(|| match &args.path {
        Some(p) if p.is_file() => p.parent().map(PathBuf::from).unwrap_or_else(|| PathBuf::from(".")),
        Some(p) => p.clone(),
        None => PathBuf::from("."),
    });
    let manifest_path = args
        .manifest
        .clone()
        .or_else(|| config.manifest.clone())
        .unwrap_or_else(|| in_dir(&root, std::path::Path::new("mcp-tools.json")));
    let committed = match read_committed(&manifest_path) {
        Ok(m) => m,
        Err(d) => return check_failed(&Diagnostics(vec![d]), format),
    };

    let opts = options(args.path.iter().cloned().collect(), &args.source, &config);
    let (outcome, sources) = mcp_schema::generate_keeping_sources(&opts);
    std::mem::forget(sources);
    if args.source.verbose {
        for note in &outcome.notes {
            eprintln!("note: {note}");
        }
    }
    let regenerated = match outcome.manifest {
        Some(m) if !outcome.diagnostics.has_errors() => m,
        _ => {
            let code = check_failed(&outcome.diagnostics, format);
            eprintln!("error: cannot regenerate the manifest: fix the errors above");
            return code;
        }
    };
    print_diagnostics(&outcome.diagnostics);

    let report = check::compare(&committed, &regenerated);
    let shown = manifest_path.strip_prefix(".").unwrap_or(&manifest_path).display().to_string();
    let mut hint = String::from("mcp-schema generate");
    if let Some(p) = &args.path {
        hint.push_str(&format!(" {}", p.display()));
    }
    hint.push_str(&format!(" -o {shown}"));
    let stdout = std::io::stdout();
    let color = stdout.is_terminal() && std::env::var_os("NO_COLOR").map_or(true, |v| v.is_empty());
    let render = RenderOptions { manifest: shown, color, update_hint: Some(hint) };
    let text = match format {
        Format::Human => report.render_human(&render),
        Format::Json => report.render_json(),
        Format::Github => report.render_github(&render),
    };
    let mut out = stdout.lock();
    if out.write_all(text.as_bytes()).and_then(|_| out.flush()).is_err() {
        return 2;
    }
    u8::from(report.drift())
}
