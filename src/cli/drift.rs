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
use mcp_schema::diagnostics::{Diagnostic, Diagnostics, Severity};
use mcp_schema::{Manifest, ProfileChoice};
use serde_json::{json, Value};

use crate::{print_diagnostics, setup_miette, SourceArgs};

/// How to report, and what fails the run.
#[derive(Args)]
pub(crate) struct ReportArgs {
    /// How to report the drift
    #[arg(long, value_parser = super::choice::<Format>(), default_value = "human")]
    format: Format,
    /// Which changes make the run fail (exit 1): breaking ones, any drift, or none
    #[arg(long, value_parser = super::choice::<FailOn>(), default_value = "any", value_name = "WHAT")]
    fail_on: FailOn,
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
    source: SourceArgs,
}

#[derive(Args)]
pub(crate) struct DiffArgs {
    /// The old manifest (`-`: standard input)
    #[arg(value_name = "OLD")]
    old: PathBuf,
    /// The new manifest (`-`: standard input)
    #[arg(value_name = "NEW")]
    new: PathBuf,
    #[command(flatten)]
    report: ReportArgs,
}

/// What a run that compared two manifests prints, besides the report.
struct Compared {
    report: Report,
    render: RenderOptions,
    /// Warnings (and notes) of the run: shown in every format.
    diagnostics: Diagnostics,
    /// `profile`, `rmcp` and the like: what the manifest was made with, for the reader.
    facts: Vec<(&'static str, String)>,
}

pub(crate) fn run_diff(args: DiffArgs) -> u8 {
    setup_miette();
    let format = args.report.format;
    if args.old == Path::new("-") && args.new == Path::new("-") {
        let d = Diagnostic::error("bad-path", "OLD and NEW cannot both be `-`: standard input can be read once");
        return failed(&Diagnostics(vec![d]), format);
    }
    let (old, new) = match (read_manifest_arg(&args.old), read_manifest_arg(&args.new)) {
        (Ok(a), Ok(b)) => (a, b),
        (a, b) => {
            let errors = [a.err(), b.err()].into_iter().flatten().collect();
            return failed(&Diagnostics(errors), format);
        }
    };
    let report = check::compare(&old, &new);
    let render = RenderOptions { manifest: shown_arg(&args.new), color: stdout_color(), update_hint: None };
    finish(Compared { report, render, diagnostics: Diagnostics::default(), facts: Vec::new() }, &args.report)
}

/// A manifest named on the command line: a file, or `-` for standard input.
fn read_manifest_arg(path: &Path) -> Result<Manifest, Diagnostic> {
    if path != Path::new("-") {
        return Manifest::read(path);
    }
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| Diagnostic::error("manifest-unreadable", format!("cannot read standard input: {e}")))?;
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
    let paths = match config::crate_paths(&args.paths) {
        Ok(p) => p,
        Err(d) => return failed(&Diagnostics(vec![d]), format),
    };
    let config = match Config::discover(paths.first().map(PathBuf::as_path)) {
        Ok(c) => c,
        Err(d) => return failed(&Diagnostics(vec![d]), format),
    };
    let manifest_path = config.manifest_path(args.manifest.as_deref());
    let shown = config::shown_path(&manifest_path);
    let (old, label) = match &args.baseline {
        Some(rev) => match check::baseline::read(rev, &manifest_path) {
            Ok(b) if b.existed => (b.manifest, format!("{shown} since {rev}")),
            Ok(b) => (b.manifest, format!("{shown} since {rev} (which has no {shown}: every tool is added)")),
            Err(d) => return failed(&Diagnostics(vec![d]), format),
        },
        None => match Manifest::read(&manifest_path) {
            Ok(m) => (m, shown.clone()),
            Err(d) => return failed(&Diagnostics(vec![d]), format),
        },
    };

    let flags = args.source.flags(paths);
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
            let code = failed(&outcome.diagnostics, format);
            eprintln!("error: cannot regenerate the manifest: fix the errors above");
            return code;
        }
    };
    // The regenerated manifest against MCP's own rules (docs/validate.md): warnings, unless the
    // lints deny them.
    let mut diagnostics = outcome.diagnostics;
    let mcp = super::validate::manifest_warnings(&new, &opts, &diagnostics, false);
    diagnostics.extend(mcp);
    if diagnostics.has_errors() {
        let code = failed(&diagnostics, format);
        eprintln!("error: the regenerated manifest breaks MCP (above)");
        return code;
    }
    let mut report = check::compare(&old, &new);
    check::sources::attach(&mut report, &new, &outcome.source_map);
    if let Some(rev) = &args.baseline {
        check::sources::attach_removed(&mut report, &old, rev, &flags);
    }
    // Against a baseline the changes are the pull request's own: nothing to accept by regenerating.
    let hint = args.baseline.is_none().then(|| config::update_hint(&flags, &shown));
    let render = RenderOptions { manifest: label, color: stdout_color(), update_hint: hint };
    let facts = run_facts(&outcome.provenance);
    finish(Compared { report, render, diagnostics, facts }, &args.report)
}

/// Which profile and which rmcp release the manifest was made with.
/// What made the new manifest: the profile, and the SDK release with where it was read.
fn run_facts(provenance: &mcp_schema::Provenance) -> Vec<(&'static str, String)> {
    let release = match provenance.profile {
        Some(ProfileChoice::Rmcp) => Some("rmcp"),
        Some(ProfileChoice::RustMcpSdk) => Some("rust-mcp-sdk"),
        _ => None,
    };
    let release = release.zip(provenance.release_note.clone());
    provenance.profile_name().map(|p| ("profile", p)).into_iter().chain(release).collect()
}

fn stdout_color() -> bool {
    super::stdout_color()
}

/// Print the report (and the run's diagnostics) in the chosen format; the exit status.
fn finish(run: Compared, args: &ReportArgs) -> u8 {
    print_diagnostics(&run.diagnostics);
    // On stderr: the report on stdout stays what the format promises.
    if args.format != Format::Json && !run.facts.is_empty() {
        let facts: Vec<String> =
            run.facts.iter().map(|(k, v)| format!("{k} {}", v.trim_start_matches(&format!("{k} ")))).collect();
        eprintln!("note: made with {}", facts.join(", "));
    }
    let text = match args.format {
        Format::Human => run.report.render_human(&run.render),
        Format::Markdown => with_warnings_markdown(run.report.render_markdown(&run.render), &run.diagnostics),
        Format::Github => {
            let annotations: String =
                run.diagnostics.iter().map(|d| format!("{}\n", check::github_diagnostic(d))).collect();
            annotations + &run.report.render_github(&run.render)
        }
        Format::Json => {
            let mut doc = run.report.to_json();
            doc["diagnostics"] = diagnostics_json(&run.diagnostics);
            for (k, v) in &run.facts {
                doc[*k] = Value::String(v.trim_start_matches(&format!("{k} ")).to_owned());
            }
            pretty(&doc)
        }
    };
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
    let text = match format {
        Format::Human => String::new(),
        Format::Github => diagnostics.iter().map(|d| format!("{}\n", check::github_diagnostic(d))).collect(),
        Format::Json => pretty(&json!({"drift": null, "changes": [], "diagnostics": diagnostics_json(diagnostics)})),
        Format::Markdown => {
            let head = format!("{}\n### :x: mcp-schema could not compare the manifests\n", check::MARKDOWN_MARKER);
            with_warnings_markdown(head, diagnostics)
        }
    };
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
    2
}

fn pretty(v: &Value) -> String {
    let mut s = serde_json::to_string_pretty(v).unwrap_or_default();
    s.push('\n');
    s
}

/// `[{"severity", "code", "message", "file", "line", "column", "help"}]`, the last four only
/// where known.
fn diagnostics_json(diagnostics: &Diagnostics) -> Value {
    let one = |d: &Diagnostic| {
        let severity = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        };
        let mut v = json!({"severity": severity, "code": d.code, "message": d.message});
        if let Some(path) = d.file_path() {
            v["file"] = Value::String(path.display().to_string());
        }
        if let Some(loc) = &d.location {
            let (line, column) = loc.line_col();
            v["line"] = json!(line);
            v["column"] = json!(column);
        }
        if let Some(help) = &d.help {
            v["help"] = Value::String(help.clone());
        }
        v
    };
    Value::Array(diagnostics.iter().map(one).collect())
}

/// A markdown report with the run's diagnostics appended as a list.
fn with_warnings_markdown(mut text: String, diagnostics: &Diagnostics) -> String {
    if diagnostics.iter().next().is_none() {
        return text;
    }
    text.push_str("\n**Diagnostics of the run:**\n\n");
    for d in diagnostics.iter() {
        let at = match (d.file_path(), &d.location) {
            (Some(p), Some(loc)) => {
                let (line, col) = loc.line_col();
                format!(" (`{}:{line}:{col}`)", p.display())
            }
            (Some(p), None) => format!(" (`{}`)", p.display()),
            _ => String::new(),
        };
        let level = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        };
        text.push_str(&format!("- {level} `{}`: {}{at}\n", d.code, d.message.replace('\n', " ")));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_name_the_profile_and_the_sdk_release() {
        let note = "rmcp 0.8.0 (x) from Cargo.lock".to_owned();
        let rmcp = mcp_schema::Provenance {
            profile: Some(ProfileChoice::Rmcp),
            rmcp_version: Some("0.8.0".into()),
            sdk_version: None,
            release_note: Some(note.clone()),
        };
        assert_eq!(run_facts(&rmcp), [("profile", "rmcp".to_owned()), ("rmcp", note)]);
        let python = mcp_schema::Provenance { profile: Some(ProfileChoice::PythonSdk), ..Default::default() };
        assert_eq!(run_facts(&python), [("profile", "python-sdk".to_owned())]);
    }
}
