//! The CLI: parse arguments, run a command of the core, print, and turn the result into an exit
//! status (0 ok, 1 drift, 2 error).

#![allow(clippy::result_large_err)]

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

mod cli;
use cli::diagnostics::print_diagnostics;
use mcp_schema::check::accept::check_rule_or_code;
use mcp_schema::config::{self, Config, Flags};
use mcp_schema::diagnostics::{Diagnostics, Level};
use mcp_schema::{FeatureSelection, ParseMode, ProfileChoice, RmcpOptions};

#[derive(Parser)]
#[command(
    name = "mcp-schema",
    version,
    about = "The MCP tools/list manifest of a Rust server, read from its sources",
    after_help = AFTER_HELP
)]
struct Cli {
    #[command(flatten)]
    global: cli::GlobalArgs,
    #[command(subcommand)]
    command: Command,
}

const AFTER_HELP: &str = "\
Examples:
  mcp-schema list                         the tools of the crate here, as a table
  mcp-schema generate -o mcp-tools.json   write the manifest, then commit it
  mcp-schema check                        compare the sources with the committed manifest
  mcp-schema docs -o README.md            the tools' Markdown reference, between the markers
  mcp-schema init                         set the crate up: config, manifest, pre-commit, CI

Exit status:
  0  done (`check`, `docs --check`: up to date)
  1  `check`, `diff`: drift; `docs --check`: out of date; `validate`: a violation
  2  an error was reported (bad option, unreadable source, ...); nothing was written
  (`record` exits with the server's status; each command's --help says what its own mean)";

const GENERATE_EXAMPLES: &str = "\
Examples:
  mcp-schema generate                          the manifest of the crate here, on stdout
  mcp-schema generate -o mcp-tools.json        write it (only when it changes), then commit it
  mcp-schema generate crates/server --validate another crate's, checked against MCP too
  mcp-schema generate --profile python-sdk src/tools.rs
                                               one file, as the MCP Python SDK lists its tools

Exit status: 0 written (or printed), 2 an error was reported (nothing was written)";

#[derive(Subcommand)]
enum Command {
    /// Write the tools/list manifest (stdout, or -o FILE)
    #[command(after_help = GENERATE_EXAMPLES)]
    Generate(GenerateArgs),
    /// Regenerate the manifest and compare it with the committed one, or with the one at a git
    /// revision (exit 1 on drift)
    #[command(after_help = cli::drift::CHECK_EXAMPLES)]
    Check(cli::drift::CheckArgs),
    /// Compare two manifest files, as `check` does (exit 1 on drift)
    #[command(after_help = cli::drift::DIFF_EXAMPLES)]
    Diff(cli::drift::DiffArgs),
    /// Show the tools as a table: parameters, output and annotation hints
    #[command(after_help = cli::list::EXAMPLES)]
    List(cli::list::ListArgs),
    /// Write the tools' Markdown reference (stdout, or between the markers of -o FILE)
    #[command(after_help = cli::docs::EXAMPLES)]
    Docs(cli::docs::DocsArgs),
    /// Set a crate up: configuration, first manifest, pre-commit hook, GitHub workflow
    #[command(after_help = cli::init::EXAMPLES)]
    Init(cli::init::InitArgs),
    /// Print the completion script of a shell
    #[command(after_help = cli::meta::COMPLETIONS_EXAMPLES)]
    Completions(cli::meta::CompletionsArgs),
    /// Print the man page (roff), every command's section on one page
    #[command(after_help = cli::meta::MAN_EXAMPLES)]
    Man,
    /// Validate recorded MCP traffic against the manifest (exit 1 on a violation), or, with no
    /// recording, the manifest against MCP
    #[command(after_help = cli::validate::EXAMPLES)]
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
    #[command(after_help = cli::record::EXAMPLES)]
    Record(cli::record::RecordArgs),
    /// Print the page of a diagnostic code or a drift rule: what it means, an example, what to do
    #[command(after_help = cli::explain::EXAMPLES)]
    Explain(cli::explain::ExplainArgs),
}

impl Command {
    /// `-v`, which only the commands that read sources take.
    fn verbose(&self) -> bool {
        match self {
            Command::Generate(args) => args.source.verbose,
            Command::Check(args) => args.source.verbose,
            Command::List(args) => args.source.verbose,
            Command::Docs(args) => args.source.verbose,
            Command::Init(args) => args.source.verbose,
            _ => false,
        }
    }
}

/// Options shared by `generate` and `check`.
#[derive(Args)]
struct SourceArgs {
    /// Which SDK's output to reproduce [default: auto, or the configured profile]
    #[arg(long, value_parser = cli::choice::<ProfileChoice>())]
    profile: Option<ProfileChoice>,
    /// Turn every warning into an error (deny every warning that is not allowed)
    #[arg(long)]
    strict: bool,
    /// Drop the warnings of CODE (repeatable; see `mcp-schema explain CODE`); with `check`, accept
    /// the changes of a drift rule (`mcp-schema explain RULE`)
    #[arg(short = 'A', long = "allow", value_name = "CODE", value_parser = level_of(Level::Allow))]
    allow: Vec<String>,
    /// Show the warnings of CODE, whatever the configuration says (repeatable); a lint group
    /// names several codes: `-W contract` turns on the lints of what a model reads
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
    /// Whether serde_json's `preserve_order` is on in the server's build (schema keys in insertion
    /// order) [default: worked out from the manifests on disk]
    #[arg(long, value_name = "BOOL")]
    serde_json_preserve_order: Option<bool>,
    /// rmcp, tower-mcp: the MCP protocol version of the peer [default: 2026-07-28]
    #[arg(long, value_name = "VERSION")]
    protocol: Option<String>,
    /// rmcp: the server type to list when the crate defines several; with `[[servers]]` in the
    /// configuration, the one server to run (its name or type)
    #[arg(long, value_name = "TYPE")]
    server: Option<String>,
    /// rmcp: the rmcp release to reproduce instead of the one in Cargo.lock
    #[arg(long, value_name = "X.Y.Z", value_parser = rmcp_version)]
    rmcp_version: Option<String>,
    /// rust-mcp-sdk, tower-mcp: the SDK release to reproduce instead of the one in Cargo.lock
    #[arg(long, value_name = "X.Y.Z")]
    sdk_version: Option<String>,
    /// Show every note, and say which profile and rmcp version were used, and why
    #[arg(short, long)]
    verbose: bool,
    /// Parse function bodies too, on one thread: slower, and only needed to have syntax errors
    /// inside bodies reported (bodies never change a schema)
    #[arg(long)]
    full_parse: bool,
}

/// A value parser for `-A/-W/-D`: the code must exist and may be given that level; `check` also
/// takes drift rules (docs/check.md), which `generate` and the others ignore.
fn level_of(level: Level) -> impl Fn(&str) -> Result<String, String> + Clone {
    move |code| check_rule_or_code(code, level).map(str::to_owned).map_err(|e| e.to_string())
}

/// A value parser for `--rmcp-version`: a release or a requirement some release meets.
fn rmcp_version(text: &str) -> Result<String, String> {
    mcp_schema::check_rmcp_version(text).map(|_| text.to_owned())
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
            serde_json_preserve_order: self.serde_json_preserve_order,
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
        }
    }
}

#[derive(Args)]
struct GenerateArgs {
    /// Crate directory, workspace root or single .rs file [default: the crate around the current
    /// directory]
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// Write the manifest to FILE (atomically, and only when it changes) instead of stdout (`-`)
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Check the manifest against MCP, as `mcp-schema validate` does (its codes are the mcp-* of
    /// `mcp-schema explain --list`); a finding is an error, not a warning
    #[arg(long)]
    validate: bool,
    #[command(flatten)]
    source: SourceArgs,
}

/// A faster allocator: parsing allocates many small nodes, and allocation was a quarter of the
/// time of a small run.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Checked here, not by clap: a global `-q` given before the subcommand escapes its conflicts.
    if cli.global.quiet && cli.command.verbose() {
        use clap::CommandFactory;
        Cli::command().error(clap::error::ErrorKind::ArgumentConflict, "`-q` and `-v` cannot be used together").exit();
    }
    cli::set_global(cli.global, cli.command.verbose());
    if cli.global.no_cache {
        mcp_schema::tokens::cache::disable();
    }
    let run = std::panic::catch_unwind(move || match cli.command {
        Command::Generate(args) => run_generate(args),
        Command::Check(args) => cli::drift::run_check(args),
        Command::Diff(args) => cli::drift::run_diff(args),
        Command::List(args) => cli::list::run(args),
        Command::Docs(args) => cli::docs::run(args),
        Command::Init(args) => cli::init::run(args),
        Command::Completions(args) => cli::meta::completions(args),
        Command::Man => cli::meta::man(),
        Command::Validate(args) => cli::validate::run(args),
        Command::Record(args) => cli::record::run(args),
        Command::Explain(args) => cli::explain::run(args),
    });
    let code = run.unwrap_or_else(|_| {
        eprintln!("error: internal failure (please report it); no manifest was written");
        2
    });
    ExitCode::from(code)
}

fn setup_miette() {
    let color = cli::stderr_color();
    let _ = miette::set_hook(Box::new(move |_| {
        Box::new(miette::MietteHandlerOpts::new().color(color).unicode(color).context_lines(2).build())
    }));
}

fn run_generate(args: GenerateArgs) -> u8 {
    setup_miette();
    if let Some(found) = cli::workspace::servers_for(args.paths.first().map(PathBuf::as_path), &args.source) {
        return cli::workspace::run_generate(&args, found);
    }
    let config = match Config::discover(config::crate_dir(args.paths.first().map(PathBuf::as_path)).as_deref()) {
        Ok(c) => c,
        Err(d) => {
            print_diagnostics(&Diagnostics(vec![d]));
            return 2;
        }
    };
    let opts = config.apply(args.source.flags(args.paths));
    let output = args.output.filter(|p| p.as_os_str() != "-");
    let purpose = Purpose::Generate { output: output.as_deref() };
    let (manifest, provenance) = match make_manifest(&opts, args.validate, args.source.verbose, purpose) {
        Ok(made) => made,
        Err(why) => {
            eprintln!("error: no manifest written: {why}");
            return 2;
        }
    };
    // Said without -v when the manifest goes to a file or a pipe, where nobody sees it made.
    if !cli::quiet() && !std::io::stdout().is_terminal() {
        let n = manifest.len();
        eprintln!("{n} tool{} listed with {provenance}", if n == 1 { "" } else { "s" });
    }
    // `-o -` is standard output, as most tools read it.
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
                print_diagnostics(&Diagnostics(vec![mcp_schema::manifest::write_error(&path, &e)]));
                return 2;
            }
        },
    }
    0
}

/// The manifest `opts` make, with what made it, its diagnostics printed (and with `verbose`, its
/// notes); checked against MCP, findings errors with `validate`. Why there is none, otherwise.
/// What a manifest is made for: `generate` guards the file it writes and says what it left out.
#[derive(Clone, Copy)]
enum Purpose<'a> {
    /// Written to `output` (`None`: standard output).
    Generate { output: Option<&'a std::path::Path> },
    /// Read by `list`, `docs`, `check` or `init`.
    Read,
}

fn make_manifest(
    opts: &mcp_schema::GenerateOptions,
    validate: bool,
    verbose: bool,
    purpose: Purpose,
) -> Result<(mcp_schema::Manifest, mcp_schema::Provenance), &'static str> {
    // The process ends right after this command: the OS frees the syntax trees faster.
    let outcome = mcp_schema::generate_leaking_sources(opts);
    print_diagnostics(&outcome.diagnostics);
    if verbose {
        for note in &outcome.notes {
            eprintln!("note: {note}");
        }
    }
    let Some(manifest) = outcome.manifest.filter(|_| !outcome.diagnostics.has_errors()) else {
        return Err("fix the errors above");
    };
    let mcp = mcp_schema::validate::mcp::generated_manifest(&manifest, opts, &outcome.diagnostics, validate);
    print_diagnostics(&mcp);
    if mcp.has_errors() {
        return Err("it breaks MCP (above)");
    }
    if let Purpose::Generate { output } = purpose {
        if let Some(d) = output.and_then(|p| mcp_schema::manifest::refuse_to_empty(p, &manifest, &outcome.diagnostics))
        {
            print_diagnostics(&Diagnostics(vec![d]));
            return Err("it would empty a manifest that lists tools (above)");
        }
        if let Some(line) = mcp_schema::manifest::left_out_line(&outcome.diagnostics).filter(|_| !cli::quiet()) {
            eprintln!("{line}");
        }
    }
    Ok((manifest, outcome.provenance))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(args: &[&str]) -> Flags {
        let cli = Cli::try_parse_from([&["mcp-schema", "generate"], args].concat()).unwrap();
        let Command::Generate(g) = cli.command else { unreachable!() };
        g.source.flags(g.paths)
    }

    /// clap's own consistency checks of the definition.
    #[test]
    fn the_command_line_is_well_formed() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }

    #[test]
    fn a_choice_takes_exactly_its_names() {
        let parse = |args: &[&str]| Cli::try_parse_from([&["mcp-schema"], args].concat());
        // The defaults (`--format human`, `--fail-on any`) are parsed too: they must be names.
        for command in [&["check"][..], &["diff", "a", "b"], &["validate"]] {
            assert!(parse(command).is_ok(), "{command:?}");
        }
        assert!(parse(&["check", "--format", "markdown", "--fail-on", "breaking", "--profile", "python-sdk"]).is_ok());
        let err = parse(&["check", "--format", "Markdown"]).err().unwrap();
        assert_eq!(err.kind(), clap::error::ErrorKind::InvalidValue);
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
