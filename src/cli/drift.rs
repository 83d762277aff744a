//! `check` and `diff`: compare two manifests and report the drift in the format `--format`
//! names, with one exit status (0 nothing that fails, 1 drift that `--fail-on` fails on, 2 the run
//! could not finish). The comparison and the reports are the core's ([`mcp_schema::drift`]): this
//! module parses the arguments, prints, and says the exit status.
//!
//! `check` compares the manifest it regenerates from the sources with the committed one, or with
//! the manifest as it was at a git revision (`--baseline`); `diff` compares two files. Whatever
//! happens, `--format json` prints one JSON document on stdout and `--format github` turns every
//! diagnostic of the run into an annotation, warnings on a successful run included.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use mcp_schema::check::{self, FailOn, Format};
use mcp_schema::config;
use mcp_schema::diagnostics::{Code, Diagnostic, Diagnostics, Level};
use mcp_schema::drift::{self, render, Compared, Request};
use mcp_schema::session::{Plan, Servers};
use mcp_schema::tokens::Encoding;
use mcp_schema::Manifest;

use super::args::SourceArgs;
use super::diagnostics::{print_diagnostics, set_server};

pub(crate) const CHECK_EXAMPLES: &str = "\
Examples:
  mcp-schema check                             the committed manifest against the sources
  mcp-schema check --baseline origin/main --fail-on breaking
                                               in a pull request: fail on breaking changes only
  mcp-schema check --format github             each change an annotation, in GitHub Actions

Exit status: 0 nothing that --fail-on fails on, 1 drift that it fails on, 2 an error was reported";

pub(crate) const DIFF_EXAMPLES: &str = "\
Examples:
  mcp-schema diff old.json new.json            what changed between two manifests
  git show origin/main:mcp-tools.json | mcp-schema diff - mcp-tools.json --fail-on breaking
                                               the base branch's manifest against the one here

Exit status: 0 nothing that --fail-on fails on, 1 drift that it fails on, 2 an error was reported";

/// How to report, and what fails the run.
#[derive(Args)]
pub(crate) struct ReportArgs {
    /// How to report the drift
    #[arg(long, value_parser = super::choice::<Format>(), default_value = "human")]
    format: Format,
    /// Which changes make the run fail (exit 1): breaking ones, any drift, or none
    #[arg(long, value_parser = super::choice::<FailOn>(), default_value = "any", value_name = "WHAT")]
    fail_on: FailOn,
    /// The encoding the change in tokens is counted in
    #[arg(long, value_name = "ENCODING", default_value = "o200k_base", value_parser = super::choice::<Encoding>())]
    encoding: Encoding,
}

#[derive(Args)]
pub(crate) struct CheckArgs {
    /// Crate directory, workspace root or single .rs file [default: the crate around the current
    /// directory]
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// The committed manifest [default: the configured one, else mcp-tools.json in the crate root]
    #[arg(long, value_name = "FILE")]
    manifest: Option<PathBuf>,
    /// Compare with the manifest as it was at git revision REV (e.g. origin/main) instead of the
    /// file as it is; a revision without the file counts as an empty manifest
    #[arg(long, value_name = "REV")]
    baseline: Option<String>,
    #[command(flatten)]
    report: ReportArgs,
    #[command(flatten)]
    pub(crate) source: SourceArgs,
}

#[derive(Args)]
pub(crate) struct DiffArgs {
    /// The old manifest (`-`: standard input)
    #[arg(value_name = "OLD")]
    old: PathBuf,
    /// The new manifest (`-`: standard input)
    #[arg(value_name = "NEW")]
    new: PathBuf,
    /// Accept the changes of drift RULE: still reported, marked accepted, never failing the run
    /// (repeatable; see `mcp-schema explain RULE`)
    #[arg(short = 'A', long = "allow", value_name = "RULE", value_parser = rule_id)]
    allow: Vec<check::accept::RuleName>,
    /// Give drift RULE its own verdict (repeatable)
    #[arg(short = 'W', long = "warn", value_name = "RULE", value_parser = rule_id)]
    warn: Vec<check::accept::RuleName>,
    /// Make the changes of drift RULE breaking (repeatable)
    #[arg(short = 'D', long = "deny", value_name = "RULE", value_parser = rule_id)]
    deny: Vec<check::accept::RuleName>,
    #[command(flatten)]
    report: ReportArgs,
}

/// A value parser for `diff -A/-W/-D`: a drift rule, or the nearest one's id in the error.
fn rule_id(id: &str) -> Result<check::accept::RuleName, String> {
    check::accept::rule_named(id).map(check::accept::RuleName).map_err(|e| e.to_string())
}

impl DiffArgs {
    /// The levels of `-A/-W/-D`, the strictest last so that it wins.
    fn acceptance(&self) -> check::accept::Acceptance {
        let mut acceptance = check::accept::Acceptance::default();
        for (ids, level) in [(&self.allow, Level::Allow), (&self.warn, Level::Warn), (&self.deny, Level::Deny)] {
            ids.iter().for_each(|rule| acceptance.set_level(rule.0, level));
        }
        acceptance
    }
}

pub(crate) fn run_diff(args: DiffArgs) -> u8 {
    super::setup_miette();
    let format = args.report.format;
    if args.old == Path::new("-") && args.new == Path::new("-") {
        let d = Diagnostic::error(Code::BadPath, "OLD and NEW cannot both be `-`: standard input can be read once");
        return failed(&Diagnostics(vec![d]), format);
    }
    let (old, new) = match (read_manifest_arg(&args.old), read_manifest_arg(&args.new)) {
        (Ok(a), Ok(b)) => (a, b),
        (a, b) => {
            let errors = [a.err(), b.err()].into_iter().flatten().collect();
            return failed(&Diagnostics(errors), format);
        }
    };
    let label = shown_arg(&args.new);
    let compared = drift::diff(&old, &new, &args.acceptance(), label, args.report.encoding, super::stdout_color());
    finish(compared, &args.report)
}

/// A manifest named on the command line: a file, or `-` for standard input.
fn read_manifest_arg(path: &Path) -> Result<Manifest, Diagnostic> {
    if path != Path::new("-") {
        return Manifest::read_compared(path);
    }
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| Diagnostic::error(Code::ManifestUnreadable, format!("cannot read standard input: {e}")))?;
    Manifest::parse_named(&text, "<stdin>")
}

fn shown_arg(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".into()
    } else {
        config::shown_path(path)
    }
}

pub(crate) fn run_check(args: CheckArgs) -> u8 {
    super::setup_miette();
    let format = args.report.format;
    if let Err(d) = config::paths_exist(&args.paths) {
        return failed(&Diagnostics(vec![d]), format);
    }
    let request = Request {
        manifest: args.manifest.as_deref(),
        baseline: args.baseline.as_deref(),
        encoding: args.report.encoding,
        color: super::stdout_color(),
    };
    let session = match super::session::plan(args.source.flags(args.paths.clone())) {
        Plan::One(Ok(session)) => session,
        Plan::Servers(Ok(servers)) => return mcp_schema::sharing_sources(|| run_servers(&args, &servers, &request)),
        Plan::One(Err(d)) | Plan::Servers(Err(d)) => return failed(&Diagnostics(vec![d]), format),
    };
    let run = drift::check(&session, &request);
    match run {
        Ok(compared) => {
            super::session::print_notes(&compared.notes);
            finish(compared, &args.report)
        }
        Err(failure) => {
            super::session::print_notes(&failure.notes);
            let code = failed(&failure.diagnostics, format);
            if let Some(after) = failure.after {
                say!("{after}");
            }
            code
        }
    }
}

/// `check` over every server: one report naming each server's part, the worst exit status.
fn run_servers(args: &CheckArgs, servers: &Servers, request: &Request) -> u8 {
    let format = args.report.format;
    if args.manifest.is_some() {
        return failed(&Diagnostics(vec![servers.one_manifest_flag("--manifest")]), format);
    }
    let mut parts = Vec::new();
    let mut status = 0;
    for server in &servers.servers {
        set_server(Some(server.label()));
        let session = super::session::of_server(server, &args.source.flags(Vec::new()));
        let run = drift::check_server(servers, &session, request);
        match &run {
            Ok(compared) => {
                super::session::print_notes(&compared.notes);
                print_diagnostics(&compared.diagnostics);
                made_with_note(format, compared, Some(&server.name));
                status = status.max(u8::from(args.report.fail_on.fails(&compared.report)));
            }
            Err(failure) => {
                super::session::print_notes(&failure.notes);
                print_diagnostics(&failure.diagnostics);
                if let Some(after) = failure.after {
                    say!("{after} (server {})", server.name);
                }
                status = 2;
            }
        }
        parts.push((server, run));
    }
    set_server(None);
    if super::print_commands(&for_stdout(format, &render::several(format, &parts))) != 0 {
        return 2;
    }
    status
}

/// What made the regenerated manifest, on stderr: the report on stdout stays what the format
/// promises (`json` has it inside). Not with `-q`.
fn made_with_note(format: Format, run: &Compared, server: Option<&str>) {
    if format == Format::Json || super::quiet() {
        return;
    }
    if let Some(note) = check::output::made_with_note(&run.facts) {
        match server {
            Some(server) => say!("note: {}: {note}", mcp_schema::escape::terminal(server)),
            None => say!("note: {note}"),
        }
    }
}

/// Print the report (and the run's diagnostics) in the chosen format; the exit status.
fn finish(run: Compared, args: &ReportArgs) -> u8 {
    print_diagnostics(&run.diagnostics);
    made_with_note(args.format, &run, None);
    let text = render::one(args.format, &run);
    let mut out = std::io::stdout().lock();
    if out.write_all(for_stdout(args.format, &text).as_bytes()).and_then(|_| out.flush()).is_err() {
        return 2;
    }
    u8::from(args.fail_on.fails(&run.report))
}

/// The diagnostics of a run that could not finish: on stderr, and on stdout as the format wants
/// them (annotations, a JSON document, a comment). Exit status 2.
fn failed(diagnostics: &Diagnostics, format: Format) -> u8 {
    print_diagnostics(diagnostics);
    let text = render::failure(format, diagnostics);
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(for_stdout(format, &text).as_bytes()).and_then(|_| out.flush());
    2
}

/// A report as stdout takes it: `--format github`'s workflow commands as they are (their crate
/// text escaped as command data), a JSON document or a text with no line a CI runner reads as one.
fn for_stdout(format: Format, text: &str) -> String {
    match format {
        Format::Github => text.to_owned(),
        Format::Json | Format::Sarif => mcp_schema::escape::json_lines(text),
        Format::Human | Format::Markdown => mcp_schema::escape::log_lines(text),
    }
}
