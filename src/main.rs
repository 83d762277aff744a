//! The CLI: parse arguments, run a command of the core, print, and turn the result into an exit
//! status (0 ok, 1 drift, 2 error).

#![allow(clippy::result_large_err)]

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cli;

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

#[derive(Subcommand)]
enum Command {
    /// Write the tools/list manifest (stdout, or -o FILE)
    #[command(after_help = cli::generate::EXAMPLES)]
    Generate(cli::generate::GenerateArgs),
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

/// A faster allocator: parsing allocates many small nodes, and allocation was a quarter of the
/// time of a small run.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    run(Cli::parse())
}

/// The arguments of `cargo mcp-schema …`: cargo runs the `cargo-mcp-schema` binary with the
/// subcommand's name as its first argument (`cargo-mcp-schema mcp-schema check`), which the
/// command line of `mcp-schema` does not take. Without it (the binary run by its own name), the
/// arguments are left as they are.
#[allow(dead_code)] // Called by src/bin/cargo-mcp-schema.rs, which includes this file.
fn cargo_subcommand_args(args: impl IntoIterator<Item = std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    args.into_iter().enumerate().filter(|(i, arg)| !(*i == 1 && arg == "mcp-schema")).map(|(_, arg)| arg).collect()
}

/// `cargo mcp-schema …`: the command line as [`main`]'s, named `cargo mcp-schema` in usage lines
/// and errors.
#[allow(dead_code)] // Called by src/bin/cargo-mcp-schema.rs, which includes this file.
pub(crate) fn cargo_main() -> ExitCode {
    use clap::{CommandFactory, FromArgMatches};
    let matches =
        Cli::command().bin_name("cargo mcp-schema").get_matches_from(cargo_subcommand_args(std::env::args_os()));
    run(Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit()))
}

fn run(cli: Cli) -> ExitCode {
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
        Command::Generate(args) => cli::generate::run(args),
        Command::Check(args) => cli::drift::run_check(args),
        Command::Diff(args) => cli::drift::run_diff(args),
        Command::List(args) => cli::list::run(args),
        Command::Docs(args) => cli::docs::run(args),
        Command::Init(args) => cli::init::run(args),
        Command::Completions(args) => cli::meta::completions(args, <Cli as clap::CommandFactory>::command()),
        Command::Man => cli::meta::man(<Cli as clap::CommandFactory>::command()),
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

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use mcp_schema::config::Flags;
    use mcp_schema::diagnostics::Level;
    use mcp_schema::{FeatureSelection, ParseMode, ProfileChoice};

    use super::*;

    fn flags(args: &[&str]) -> Flags {
        let cli = Cli::try_parse_from([&["mcp-schema", "generate"], args].concat()).unwrap();
        let Command::Generate(g) = cli.command else { unreachable!() };
        g.source.flags(g.paths)
    }

    /// Cargo runs `cargo mcp-schema check` as `cargo-mcp-schema mcp-schema check`; the binary
    /// run by its own name keeps its arguments (a path named `mcp-schema` after a command too).
    #[test]
    fn cargo_s_subcommand_name_is_dropped_only_where_cargo_puts_it() {
        let args = |a: &[&str]| cargo_subcommand_args(a.iter().map(std::ffi::OsString::from));
        assert_eq!(args(&["cargo-mcp-schema", "mcp-schema", "check"]), ["cargo-mcp-schema", "check"]);
        assert_eq!(args(&["cargo-mcp-schema", "check", "mcp-schema"]), ["cargo-mcp-schema", "check", "mcp-schema"]);
        assert_eq!(args(&["cargo-mcp-schema", "--version"]), ["cargo-mcp-schema", "--version"]);
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
