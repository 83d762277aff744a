//! The CLI: parse arguments, run a command of the core, print, and turn the result into an exit
//! status (0 ok, 1 drift, 2 error).

#![allow(clippy::result_large_err)]

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use mcp_schema::config::{self, Config, Flags};
use mcp_schema::diagnostics::{check_level, Diagnostics, Level};
use mcp_schema::{FeatureSelection, Manifest, ParseMode, ProfileChoice, RmcpOptions};

mod cli {
    pub(crate) mod record;
    pub(crate) mod validate;
}

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
    /// Validate recorded MCP traffic against the manifest (exit 1 on a violation), or, with no
    /// recording, the manifest against MCP
    Validate(cli::validate::ValidateArgs),
    /// Run an MCP server over stdio and record its traffic: the only command that runs user code
    ///
    /// Starts COMMAND, passes every byte between this process's stdin/stdout and the server
    /// through unchanged, and appends each message to FILE as a JSON line
    /// {"timestamp", "direction", "message"}. Put it in a client's server config in place of the
    /// server command, then run `mcp-schema validate FILE`.
    ///
    /// This is the only command of mcp-schema that runs user code: `generate`, `check` and
    /// `validate` only read files.
    Record(cli::record::RecordArgs),
}

/// Options shared by `generate` and `check`.
#[derive(Args)]
struct SourceArgs {
    /// Which SDK's output to reproduce [default: auto, or the configured profile]
    #[arg(long, value_enum)]
    profile: Option<ProfileChoice>,
    /// Turn every warning into an error (deny every warning that is not allowed)
    #[arg(long)]
    strict: bool,
    /// Drop the warnings of CODE (repeatable; see docs/diagnostics.md)
    #[arg(short = 'A', long = "allow", value_name = "CODE", value_parser = level_of(Level::Allow))]
    allow: Vec<String>,
    /// Show the warnings of CODE, whatever the configuration says (repeatable)
    #[arg(short = 'W', long = "warn", value_name = "CODE", value_parser = level_of(Level::Warn))]
    warn: Vec<String>,
    /// Make the warnings of CODE errors (repeatable)
    #[arg(short = 'D', long = "deny", value_name = "CODE", value_parser = level_of(Level::Deny))]
    deny: Vec<String>,
    /// Cargo features to turn on, comma- or space-separated (repeatable)
    #[arg(short = 'F', long, value_name = "FEATURES")]
    features: Vec<String>,
    /// Turn on every feature of the crate
    #[arg(long)]
    all_features: bool,
    /// Do not turn on the `default` feature
    #[arg(long)]
    no_default_features: bool,
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

/// A value parser for `-A/-W/-D`: the code must exist and may be given that level.
fn level_of(level: Level) -> impl Fn(&str) -> Result<String, String> + Clone {
    move |code| check_level(code, level).map(str::to_owned).map_err(|e| e.to_string())
}

impl SourceArgs {
    /// The flags as the library takes them. A code given several levels gets the strictest.
    fn flags(&self, paths: Vec<PathBuf>) -> Flags {
        let mut levels = BTreeMap::new();
        for (codes, level) in [(&self.allow, Level::Allow), (&self.warn, Level::Warn), (&self.deny, Level::Deny)] {
            levels.extend(codes.iter().map(|code| (code.clone(), level)));
        }
        let mut features = FeatureSelection {
            all_features: self.all_features,
            no_default_features: self.no_default_features,
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
            features,
            parse_mode: if self.full_parse { ParseMode::Full } else { ParseMode::Skeleton },
        }
    }
}

#[derive(Args)]
struct GenerateArgs {
    /// Crate directory, workspace root or single .rs file [default: .]
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// Write the manifest to FILE (atomically, and only when it changes) instead of stdout
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Check the manifest against MCP (docs/validate.md); a finding is an error, not a warning
    #[arg(long)]
    validate: bool,
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

fn main() -> ExitCode {
    let cli = Cli::parse();
    let run = std::panic::catch_unwind(move || match cli.command {
        Command::Generate(args) => run_generate(args),
        Command::Check(args) => run_check(args),
        Command::Validate(args) => cli::validate::run(args),
        Command::Record(args) => cli::record::run(args),
    });
    let code = run.unwrap_or_else(|_| {
        eprintln!("error: internal failure (please report it); no manifest was written");
        2
    });
    ExitCode::from(code)
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
    let config = match Config::discover(args.paths.first().map(PathBuf::as_path)) {
        Ok(c) => c,
        Err(d) => {
            print_diagnostics(&Diagnostics(vec![d]));
            return 2;
        }
    };
    let opts = config.apply(args.source.flags(args.paths));
    // The process ends right after this command: the OS frees the syntax trees faster.
    let outcome = mcp_schema::generate_leaking_sources(&opts);
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
    let mcp = cli::validate::manifest_warnings(&manifest, &opts, &outcome.diagnostics, args.validate);
    print_diagnostics(&mcp);
    if mcp.has_errors() {
        eprintln!("error: no manifest written: it breaks MCP (above)");
        return 2;
    }
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

fn run_check(args: CheckArgs) -> u8 {
    use mcp_schema::check::{self, Format, RenderOptions};
    setup_miette();
    let format = args.format;
    let config = match Config::discover(args.path.as_deref()) {
        Ok(c) => c,
        Err(d) => return check_failed(&Diagnostics(vec![d]), format),
    };
    let manifest_path = config.manifest_path(args.manifest.as_deref());
    let committed = match Manifest::read(&manifest_path) {
        Ok(m) => m,
        Err(d) => return check_failed(&Diagnostics(vec![d]), format),
    };

    let opts = config.apply(args.source.flags(args.path.iter().cloned().collect()));
    let outcome = mcp_schema::generate_leaking_sources(&opts);
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
    let mcp = cli::validate::manifest_warnings(&regenerated, &opts, &outcome.diagnostics, false);
    if mcp.has_errors() {
        return check_failed(&mcp, format);
    }
    print_diagnostics(&mcp);

    let report = check::compare(&committed, &regenerated);
    let shown = config::shown_path(&manifest_path);
    let hint = config::update_hint(args.path.as_deref(), &shown);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(args: &[&str]) -> Flags {
        let cli = Cli::try_parse_from([&["mcp-schema", "generate"], args].concat()).unwrap();
        let Command::Generate(g) = cli.command else { unreachable!() };
        g.source.flags(g.paths)
    }

    #[test]
    fn features_are_split_and_gathered_as_cargo_does() {
        let f =
            flags(&["--features", "a,b c", "-F", "d", "--features=e,,f", "--all-features", "--no-default-features"]);
        assert_eq!(f.features.features, ["a", "b", "c", "d", "e", "f"]);
        assert!(f.features.all_features && f.features.no_default_features);
        assert_eq!(flags(&[]).features, FeatureSelection::default());
    }

    #[test]
    fn a_code_given_several_levels_gets_the_strictest() {
        let f = flags(&["-D", "opaque", "-A", "opaque", "-W", "unknown-type", "--allow", "unreadable-cfg"]);
        assert_eq!(f.levels.get("opaque"), Some(&Level::Deny));
        assert_eq!(f.levels.get("unknown-type"), Some(&Level::Warn));
        assert_eq!(f.levels.get("unreadable-cfg"), Some(&Level::Allow));
        assert!(Cli::try_parse_from(["mcp-schema", "generate", "-A", "nope"]).is_err());
    }

    #[test]
    fn every_flag_reaches_the_options() {
        let f = flags(&["p", "--profile", "rmcp", "--strict", "--protocol", "2025-06-18", "--server", "S"]);
        let f2 = flags(&["--rmcp-version", "0.8.0", "--full-parse"]);
        assert_eq!(f.paths, [PathBuf::from("p")]);
        assert_eq!((f.profile, f.strict), (Some(ProfileChoice::Rmcp), true));
        assert_eq!((f.rmcp.protocol.as_deref(), f.rmcp.server.as_deref()), (Some("2025-06-18"), Some("S")));
        assert_eq!((f2.rmcp.version.as_deref(), f2.parse_mode), (Some("0.8.0"), ParseMode::Full));
    }
}
