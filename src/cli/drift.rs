//! `check` and `diff`: compare two manifests and report the drift in one of four formats, with
//! one exit status (0 nothing that fails, 1 drift that `--fail-on` fails on, 2 the run could not
//! finish).
//!
//! `check` compares the manifest it regenerates from the sources with the committed one, or with
//! the manifest as it was at a git revision (`--baseline`); `diff` compares two files. Whatever
//! happens, `--format json` prints one JSON document on stdout and `--format github` turns every
//! diagnostic of the run into an annotation, warnings on a successful run included.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use mcp_schema::check::{self, FailOn, Format, RenderOptions, Report};
use mcp_schema::config::{self, Config};
use mcp_schema::diagnostics::{Code, Diagnostic, Diagnostics, Level};
use mcp_schema::tokens::{Delta, Encoding};
use mcp_schema::Manifest;

use crate::{print_diagnostics, setup_miette, SourceArgs};

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
    pub(crate) format: Format,
    /// Which changes make the run fail (exit 1): breaking ones, any drift, or none
    #[arg(long, value_parser = super::choice::<FailOn>(), default_value = "any", value_name = "WHAT")]
    pub(crate) fail_on: FailOn,
    /// The encoding the change in tokens is counted in
    #[arg(long, value_name = "ENCODING", default_value = "o200k_base", value_parser = super::choice::<Encoding>())]
    pub(crate) encoding: Encoding,
}

impl ReportArgs {
    /// How the cost of the tool list changed from `old` to `new`, when they differ: counting
    /// waits for the encoding to load, which a run without drift need not do.
    pub(crate) fn tokens(&self, report: &Report, old: &Manifest, new: &Manifest) -> Option<Delta> {
        report.drift().then(|| Delta::between(self.encoding, &old.tool_values(), &new.tool_values()))
    }
}

#[derive(Args)]
pub(crate) struct CheckArgs {
    /// Crate directory, workspace root or single .rs file [default: the crate around the current
    /// directory]
    #[arg(value_name = "PATH")]
    pub(crate) paths: Vec<PathBuf>,
    /// The committed manifest [default: the configured one, else mcp-tools.json in the crate root]
    #[arg(long, value_name = "FILE")]
    pub(crate) manifest: Option<PathBuf>,
    /// Compare with the manifest as it was at git revision REV (e.g. origin/main) instead of the
    /// file as it is; a revision without the file counts as an empty manifest
    #[arg(long, value_name = "REV")]
    baseline: Option<String>,
    #[command(flatten)]
    pub(crate) report: ReportArgs,
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
    allow: Vec<String>,
    /// Give drift RULE its own verdict (repeatable)
    #[arg(short = 'W', long = "warn", value_name = "RULE", value_parser = rule_id)]
    warn: Vec<String>,
    /// Make the changes of drift RULE breaking (repeatable)
    #[arg(short = 'D', long = "deny", value_name = "RULE", value_parser = rule_id)]
    deny: Vec<String>,
    #[command(flatten)]
    report: ReportArgs,
}

/// A value parser for `diff -A/-W/-D`: a drift rule's id, or the nearest one in the error.
fn rule_id(id: &str) -> Result<String, String> {
    check::accept::rule_named(id).map(|r| r.id.to_owned()).map_err(|e| e.to_string())
}

impl DiffArgs {
    /// The levels of `-A/-W/-D`, the strictest last so that it wins.
    fn acceptance(&self) -> check::accept::Acceptance {
        let mut acceptance = check::accept::Acceptance::default();
        for (ids, level) in [(&self.allow, Level::Allow), (&self.warn, Level::Warn), (&self.deny, Level::Deny)] {
            ids.iter().filter_map(|id| check::rules::by_id(id)).for_each(|rule| acceptance.set_level(rule, level));
        }
        acceptance
    }
}

/// What a run that compared two manifests prints, besides the report.
pub(crate) struct Compared {
    pub(crate) report: Report,
    pub(crate) render: RenderOptions,
    /// Warnings (and notes) of the run: shown in every format.
    pub(crate) diagnostics: Diagnostics,
    /// `profile`, `rmcp` and the like: what the manifest was made with, for the reader.
    pub(crate) facts: Vec<(&'static str, String)>,
}

pub(crate) fn run_diff(args: DiffArgs) -> u8 {
    setup_miette();
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
    let mut report = check::compare(&old, &new);
    report.tokens = args.report.tokens(&report, &old, &new);
    args.acceptance().apply(&mut report);
    let render = RenderOptions {
        manifest: shown_arg(&args.new),
        color: stdout_color(),
        update_hint: None,
        blob_base: check::github_blob_base(),
    };
    finish(Compared { report, render, diagnostics: Diagnostics::default(), facts: Vec::new() }, &args.report)
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
    setup_miette();
    let format = args.report.format;
    if let Err(d) = config::paths_exist(&args.paths) {
        return failed(&Diagnostics(vec![d]), format);
    }
    if let Some(found) = super::workspace::servers_for(args.paths.first().map(PathBuf::as_path), &args.source) {
        return super::workspace::run_check(&args, found);
    }
    let config = match Config::discover(config::crate_dir(args.paths.first().map(PathBuf::as_path)).as_deref()) {
        Ok(c) => c,
        Err(d) => return failed(&Diagnostics(vec![d]), format),
    };
    match check_one(&args, &config, args.source.flags(args.paths.clone()), args.manifest.as_deref()) {
        Ok(compared) => finish(compared, &args.report),
        Err(failure) => failure.print(format),
    }
}

/// A `check` that could not compare: its diagnostics, and the line said after them.
pub(crate) struct Failure {
    pub(crate) diagnostics: Diagnostics,
    pub(crate) after: Option<&'static str>,
}

impl Failure {
    fn new(diagnostics: Diagnostics) -> Failure {
        Failure { diagnostics, after: None }
    }

    /// Print it as [`failed`] does, then its line; exit status 2.
    pub(crate) fn print(&self, format: Format) -> u8 {
        let code = failed(&self.diagnostics, format);
        if let Some(after) = self.after {
            eprintln!("{after}");
        }
        code
    }
}

/// `check` of one crate with `config` and the command line's `flags`, against `manifest`
/// (`--manifest`, else the configured one): the comparison, or why there is none.
pub(crate) fn check_one(
    args: &CheckArgs,
    config: &Config,
    flags: config::Flags,
    manifest: Option<&Path>,
) -> Result<Compared, Failure> {
    let manifest_path = config.manifest_path(manifest);
    let shown = config::shown_path(&manifest_path);
    let (old, label) = match &args.baseline {
        Some(rev) => match check::baseline::read(rev, &manifest_path) {
            Ok(b) if b.existed => (b.manifest, format!("{shown} since {rev}")),
            Ok(b) => (b.manifest, format!("{shown} since {rev} (which has no {shown}: every tool is added)")),
            Err(d) => return Err(Failure::new(Diagnostics(vec![d]))),
        },
        None => match Manifest::read(&manifest_path) {
            Ok(m) => (m, shown.clone()),
            Err(d) => return Err(Failure::new(Diagnostics(vec![d]))),
        },
    };

    let opts = config.apply(flags.clone());
    let outcome = mcp_schema::generate_leaking_sources(&opts);
    if args.source.verbose {
        for note in &outcome.notes {
            eprintln!("note: {note}");
        }
    }
    let new = match outcome.manifest {
        Some(m) if !outcome.diagnostics.has_errors() => m,
        _ => {
            return Err(Failure {
                diagnostics: outcome.diagnostics,
                after: Some("error: cannot regenerate the manifest: fix the errors above"),
            })
        }
    };
    // The regenerated manifest against MCP's own rules (docs/validate.md): warnings, unless the
    // lints deny them.
    let mut diagnostics = outcome.diagnostics;
    let mcp = mcp_schema::validate::mcp::generated_manifest(&new, &opts, &diagnostics, false);
    diagnostics.extend(mcp);
    if diagnostics.has_errors() {
        return Err(Failure { diagnostics, after: Some("error: the regenerated manifest breaks MCP (above)") });
    }
    let mut report = check::compare(&old, &new);
    check::name_causes(&mut report, &diagnostics);
    report.tokens = args.report.tokens(&report, &old, &new);
    mcp_schema::source_map::changes::attach(&mut report, &new, &outcome.source_map);
    if let Some(rev) = &args.baseline {
        mcp_schema::source_map::changes::attach_removed(&mut report, &old, rev, &flags);
    }
    config.acceptance(&flags.levels).apply(&mut report);
    // Against a baseline the changes are the pull request's own: nothing to accept by regenerating.
    let hint = args.baseline.is_none().then(|| config::update_hint(&flags, &shown));
    let render = RenderOptions {
        manifest: label,
        color: stdout_color(),
        update_hint: hint,
        blob_base: check::github_blob_base(),
    };
    let facts = check::output::made_with(&outcome.provenance);
    Ok(Compared { report, render, diagnostics, facts })
}

fn stdout_color() -> bool {
    super::stdout_color()
}

/// Print the report (and the run's diagnostics) in the chosen format; the exit status.
fn finish(run: Compared, args: &ReportArgs) -> u8 {
    print_diagnostics(&run.diagnostics);
    // On stderr: the report on stdout stays what the format promises. A note: not with `-q`.
    if args.format != Format::Json && !super::quiet() {
        if let Some(note) = check::output::made_with_note(&run.facts) {
            eprintln!("note: {note}");
        }
    }
    let text = check::output::report(args.format, &run.report, &run.render, &run.diagnostics, &run.facts);
    let mut out = std::io::stdout().lock();
    if out.write_all(text.as_bytes()).and_then(|_| out.flush()).is_err() {
        return 2;
    }
    u8::from(args.fail_on.fails(&run.report))
}

/// The diagnostics of a run that could not finish: on stderr, and on stdout as the format wants
/// them (annotations, a JSON document, a comment). Exit status 2.
pub(crate) fn failed(diagnostics: &Diagnostics, format: Format) -> u8 {
    print_diagnostics(diagnostics);
    let text = check::output::failure(format, diagnostics);
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
    2
}
