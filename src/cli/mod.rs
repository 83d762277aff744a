//! The subcommands, one module each, over the core: each parses its arguments, calls the core
//! (a [`session`] for the commands that read sources), prints, and returns the exit status; and
//! the global flags every command shares. What they print goes through
//! [`mcp_schema::escape`]: stderr by [`say!`] and [`eprint_text`], stdout by [`print`] (crate text
//! in it already escaped for its sink, no line of it a workflow command).

/// `eprintln!`, the text made safe for a terminal and a CI log ([`mcp_schema::escape::rendered`]):
/// what a command says on stderr quotes crate text (tool names, paths, server names).
macro_rules! say {
    // Written out rather than calling `eprint_text`: this module is also compiled into the
    // `cargo-mcp-schema` binary, below its crate root, where `$crate::cli` names nothing.
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let text = ::mcp_schema::escape::rendered(&format!("{}\n", format_args!($($arg)*)));
        let _ = std::io::stderr().lock().write_all(text.as_bytes());
    }};
}

pub(crate) mod args;
pub mod diagnostics;
pub mod docs;
pub(crate) mod drift;
pub mod explain;
pub(crate) mod generate;
pub mod init;
pub mod list;
pub mod meta;
pub(crate) mod record;
pub(crate) mod session;
pub(crate) mod validate;

use std::io::IsTerminal;
use std::sync::OnceLock;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, ValueEnum};
use mcp_schema::choice::Choice;

/// When to colour output, as cargo and ripgrep take it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum ColorChoice {
    /// on a terminal, unless `NO_COLOR` is set
    #[default]
    Auto,
    Always,
    Never,
}

/// The flags every command takes.
#[derive(Debug, Clone, Copy, Args)]
pub struct GlobalArgs {
    /// Print only what the command is for (results and errors): no warnings, notes or progress
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// When to use colour
    #[arg(long, value_enum, value_name = "WHEN", default_value = "auto", global = true)]
    pub color: ColorChoice,
    /// Count every tool's tokens afresh: no per-user cache of counts read or written (also
    /// `MCP_SCHEMA_NO_CACHE=1`)
    #[arg(long, global = true)]
    pub no_cache: bool,
}

/// The value parser of an option that takes one of a [`Choice`]'s names: clap lists, completes
/// and checks the names, with each value's help, as it does for a `ValueEnum`.
pub fn choice<T: Choice + Send + Sync>() -> impl TypedValueParser<Value = T> {
    let values = T::ALL.iter().map(|value| PossibleValue::new(value.name()).help(value.help()));
    // Only a listed name gets past the parser, so the lookup always finds it.
    PossibleValuesParser::new(values).map(|name| T::from_name(&name).expect("clap accepts only listed names"))
}

/// The global flags, and the command's `-v` (which only the commands that read sources take).
#[derive(Clone, Copy)]
struct Settings {
    args: GlobalArgs,
    verbose: bool,
}

static GLOBAL: OnceLock<Settings> = OnceLock::new();

/// Remember the global flags and `-v` for the whole run (called once, before any command):
/// every place that prints diagnostics obeys them without being handed them.
pub fn set_global(args: GlobalArgs, verbose: bool) {
    let _ = GLOBAL.set(Settings { args, verbose });
}

fn global() -> GlobalArgs {
    GLOBAL.get().map_or(GlobalArgs { quiet: false, color: ColorChoice::Auto, no_cache: false }, |s| s.args)
}

/// `-q`: errors and results only; no warnings, notes or progress.
pub fn quiet() -> bool {
    global().quiet
}

/// `-v`: every note in full, and the facts of the run.
pub fn verbose() -> bool {
    GLOBAL.get().is_some_and(|s| s.verbose)
}

/// Whether to colour what goes to a stream that is (or is not) a terminal.
fn color_for(is_terminal: bool) -> bool {
    match global().color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => is_terminal && std::env::var_os("NO_COLOR").map_or(true, |v| v.is_empty()),
    }
}

pub fn stdout_color() -> bool {
    color_for(std::io::stdout().is_terminal())
}

pub fn stderr_color() -> bool {
    color_for(std::io::stderr().is_terminal())
}

/// miette's rendering of the diagnostics, coloured as stderr takes colour.
pub(crate) fn setup_miette() {
    let color = stderr_color();
    let _ = miette::set_hook(Box::new(move |_| {
        Box::new(miette::MietteHandlerOpts::new().color(color).unicode(color).context_lines(2).build())
    }));
}

/// Write `text` to stderr, made safe for a terminal and a CI log.
pub fn eprint_text(text: &str) {
    use std::io::Write;
    let _ = std::io::stderr().lock().write_all(mcp_schema::escape::rendered(text).as_bytes());
}

/// Write `text` to stdout, no line of it read as a workflow command by a CI runner; a closed pipe
/// or full disk is exit status 2.
pub fn print(text: &str) -> u8 {
    write_stdout(&mcp_schema::escape::log_lines(text))
}

/// Write `text`, a JSON document, to stdout, no line of it read as a workflow command.
pub fn print_json(text: &str) -> u8 {
    write_stdout(&mcp_schema::escape::json_lines(text))
}

/// Write `text`, GitHub workflow commands made by `--format github` (their crate text escaped as
/// command data), to stdout as it is.
pub fn print_commands(text: &str) -> u8 {
    write_stdout(text)
}

fn write_stdout(text: &str) -> u8 {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Ok(()) => 0,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            say!("error: cannot write to stdout: {e}");
            2
        }
    }
}
