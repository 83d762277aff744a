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
use mcp_schema::diagnostics::{Code, Diagnostic, Diagnostics, Severity};
use mcp_schema::{Manifest, ProfileChoice};
use serde_json::{json, Value};

use crate::{print_diagnostics, setup_miette, SourceArgs};

/// How to report, and what fails the run.
#[derive(Args)]
pub(crate) struct ReportArgs {
    /// How to report the drift
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
    /// Which changes make the run fail (exit 1): breaking ones, any drift, or none
    #[arg(long, value_enum, default_value = "any", value_name = "WHAT")]
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
    let paths = match crate_paths(&args.paths) {
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

    let opts = config.apply(args.source.flags(paths.clone()));
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
    attach_sources(&mut report, &new, &outcome.source_map);
    if let Some(rev) = &args.baseline {
        attach_removed_sources(&mut report, &old, rev, &paths, &args.source);
    }
    // Against a baseline the changes are the pull request's own: nothing to accept by regenerating.
    let hint = args.baseline.is_none().then(|| update_hint(&paths, &shown, &args.source));
    let render = RenderOptions { manifest: label, color: stdout_color(), update_hint: hint };
    let facts = run_facts(&outcome.provenance);
    finish(Compared { report, render, diagnostics, facts }, &args.report)
}

/// Point every change at the Rust source behind it, where the new side has it (a removed item
/// has none there).
fn attach_sources(report: &mut Report, new: &Manifest, map: &mcp_schema::source_map::SourceMap) {
    if map.is_empty() {
        return;
    }
    let tools: Vec<Value> = new.tool_values();
    let by_name = |name: &str| tools.iter().find(|t| t.get("name").and_then(Value::as_str) == Some(name));
    for change in &mut report.changes {
        let Some(value) = by_name(&change.tool) else { continue };
        if let Some(location) = map.locate(&change.tool, value, &change.pointer) {
            let (line, column) = location.line_col();
            let file = annotation_path(&location.file.path);
            change.context.source =
                Some(check::SourcePoint { file, line, column, location: Some(location), revision: None });
        }
    }
}

/// Point the changes that removed something at where it was written at the baseline revision:
/// the tree at `rev` is unpacked in a temporary directory and the manifest generated there, with
/// the same options, for its source map. Best effort: a baseline that cannot be rebuilt leaves
/// those changes without a source.
fn attach_removed_sources(report: &mut Report, old: &Manifest, rev: &str, paths: &[PathBuf], source: &SourceArgs) {
    // What is gone from the new side was written somewhere at `rev`: that beats the place the
    // new side can offer (the type or fn that lost it).
    let removed = |c: &check::Change| (c.new.is_none() && c.old.is_some()) || c.rule.id == "tool-removed";
    if !report.changes.iter().any(removed) {
        return;
    }
    let Ok((tree, cwd)) = check::baseline::extract(rev) else { return };
    let there: Vec<PathBuf> =
        if paths.is_empty() { vec![cwd.clone()] } else { paths.iter().map(|p| cwd.join(p)).collect() };
    let Ok(config) = Config::discover(there.first().map(PathBuf::as_path)) else { return };
    let opts = config.apply(source.flags(there));
    let outcome = mcp_schema::generate(&opts);
    let tools = old.tool_values();
    for change in report.changes.iter_mut().filter(|c| removed(c)) {
        let Some(value) = tools.iter().find(|t| t.get("name").and_then(Value::as_str) == Some(change.tool.as_str()))
        else {
            continue;
        };
        let Some(location) = outcome.source_map.locate(&change.tool, value, &change.pointer) else { continue };
        let (line, column) = location.line_col();
        // The file as it is here, with the text it had at `rev` (the tree is deleted below).
        let rel =
            location.file.path.strip_prefix(&cwd).map(Path::to_path_buf).unwrap_or_else(|_| location.file.path.clone());
        let file = std::sync::Arc::new(mcp_schema::diagnostics::SourceFile::new(
            PathBuf::from(format!("{} (at {rev})", config::shown_path(&rel))),
            std::sync::Arc::from(location.file.text()),
        ));
        let at = mcp_schema::diagnostics::Location { file, start: location.start, len: location.len };
        change.context.source = Some(check::SourcePoint {
            file: annotation_path(&rel),
            line,
            column,
            location: Some(at),
            revision: Some(rev.to_owned()),
        });
    }
    drop(tree);
}

/// A source path as annotations need it: relative to the repository's root on GitHub Actions
/// (`GITHUB_WORKSPACE`), else as the run shows it.
fn annotation_path(path: &Path) -> String {
    let shown = config::shown_path(path);
    let Some(workspace) = std::env::var_os("GITHUB_WORKSPACE").map(PathBuf::from) else { return shown };
    let absolute = std::env::current_dir().map(|cwd| cwd.join(path)).unwrap_or_else(|_| path.to_path_buf());
    let absolute = absolute.canonicalize().unwrap_or(absolute);
    let workspace = workspace.canonicalize().unwrap_or(workspace);
    absolute.strip_prefix(&workspace).map_or(shown, |rel| rel.display().to_string())
}

/// The PATHs of a `check`: as given (each must exist), else the crate around the current
/// directory (the nearest directory up that has a Cargo.toml, as cargo finds it).
fn crate_paths(given: &[PathBuf]) -> Result<Vec<PathBuf>, Diagnostic> {
    if let Some(missing) = given.iter().find(|p| !p.exists()) {
        return Err(Diagnostic::error(Code::BadPath, format!("{} does not exist", missing.display()))
            .with_help("give a crate directory, a workspace root or a .rs file"));
    }
    if !given.is_empty() {
        return Ok(given.to_vec());
    }
    let Ok(cwd) = std::env::current_dir() else { return Ok(Vec::new()) };
    let has_config = |d: &Path| d.join("Cargo.toml").is_file() || d.join(config::FILE_NAME).is_file();
    match cwd.ancestors().position(has_config) {
        // Here, or nowhere: the current directory as before.
        None | Some(0) => Ok(Vec::new()),
        Some(up) => Ok(vec![std::iter::repeat("..").take(up).collect::<PathBuf>()]),
    }
}

/// The command that accepts the changes: `generate` with the options this run used, so it makes
/// the same manifest.
fn update_hint(paths: &[PathBuf], shown: &str, source: &SourceArgs) -> String {
    let mut words = vec!["mcp-schema".to_owned(), "generate".to_owned()];
    words.extend(paths.iter().map(|p| shell_word(&p.display().to_string())));
    if let Some(p) = source.profile {
        words.push(format!("--profile {}", p.name()));
    }
    let valued = [
        ("--protocol", &source.protocol),
        ("--rmcp-version", &source.rmcp_version),
        ("--sdk-version", &source.sdk_version),
        ("--server", &source.server),
    ];
    for (flag, value) in valued {
        if let Some(v) = value {
            words.push(format!("{flag} {}", shell_word(v)));
        }
    }
    // As cargo reads them: `-F "a, b" -F c` is `--features a,b,c`.
    let features = source.flags(Vec::new()).features.features;
    if !features.is_empty() {
        words.push(format!("--features {}", shell_word(&features.join(","))));
    }
    for (flag, on) in [("--all-features", source.all_features), ("--no-default-features", source.no_default_features)] {
        if on {
            words.push(flag.to_owned());
        }
    }
    words.push(format!("-o {}", shell_word(shown)));
    words.join(" ")
}

/// A word as a POSIX shell reads it back.
fn shell_word(s: &str) -> String {
    let plain = !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || "-_./:=,@+%".contains(c));
    if plain {
        s.to_owned()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
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
    fn words_are_quoted_only_when_the_shell_needs_it() {
        assert_eq!(shell_word("crates/server"), "crates/server");
        assert_eq!(shell_word("my dir"), "'my dir'");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
    }

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
