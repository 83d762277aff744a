//! Drift: the manifest the sources make now against the committed one (or the one at a git
//! revision, [`Request::baseline`]), or two manifest files against each other, as a
//! [`check::Report`] with what the run said ([`Compared`]), or why there is none ([`Failure`]);
//! and those results rendered, for one crate or for every server of a configuration, in each
//! [`check::Format`] ([`render`]). `check` and `diff` are this module and the printing.
//!
//! The comparison itself is [`check::compare`]; this module sequences it: the regeneration
//! ([`Session::make`]), the causes, the token delta, the Rust source of each change (and, against
//! a baseline, the source at that revision of what was removed), the accepted changes, and how
//! the report is to be rendered.

pub mod render;
mod revision;

use std::path::Path;

use crate::check::{self, RenderOptions, Report};
use crate::config;
use crate::diagnostics::{Code, Diagnostic, Diagnostics};
use crate::manifest::Manifest;
use crate::session::{Checks, Made, Mcp, Servers, Session, Stop};
use crate::tokens::{Delta, Encoding};

/// What `check` compares the regenerated manifest with, and how the report is rendered.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    /// The committed manifest (`--manifest`) [default: the configured one].
    pub manifest: Option<&'a Path>,
    /// Compare with the manifest as it was at this git revision instead of the file as it is.
    pub baseline: Option<&'a str>,
    /// The encoding the change in tokens is counted in.
    pub encoding: Encoding,
    /// ANSI colour in the human report.
    pub color: bool,
}

/// A run that compared two manifests: the report, and what is printed with it.
#[derive(Debug)]
pub struct Compared {
    /// The changes.
    pub report: Report,
    /// How to render them.
    pub render: RenderOptions,
    /// Warnings (and notes) of the run: shown in every format.
    pub diagnostics: Diagnostics,
    /// `profile`, `rmcp` and the like: what the manifest was made with, for the reader.
    pub facts: Vec<(&'static str, String)>,
    /// Facts of the regeneration worth telling with `--verbose`.
    pub notes: Vec<String>,
}

/// A run that could not compare: its diagnostics, and the line said after them.
#[derive(Debug)]
pub struct Failure {
    /// Why (errors), with the run's warnings and notes.
    pub diagnostics: Diagnostics,
    /// The line that ends what is said on stderr: `error: cannot regenerate the manifest: …`.
    pub after: Option<&'static str>,
    /// Facts of the regeneration worth telling with `--verbose`, when it ran.
    pub notes: Vec<String>,
}

impl Failure {
    fn of(d: Diagnostic) -> Failure {
        Failure { diagnostics: Diagnostics(vec![d]), after: None, notes: Vec::new() }
    }
}

/// A comparison, or why there is none.
pub type Checked = Result<Compared, Failure>;

/// `check` of the crate of `session`: the manifest it regenerates against the committed one
/// (`request.manifest`, else the configured one) or, with `request.baseline`, the one at that
/// git revision.
pub fn check(session: &Session, request: &Request) -> Checked {
    let manifest_path = session.config().manifest_path(request.manifest);
    let shown = config::shown_path(&manifest_path);
    let (old, label) = match request.baseline {
        Some(rev) => match check::baseline::read(rev, &manifest_path) {
            Ok(b) if b.existed => (b.manifest, format!("{shown} since {rev}")),
            Ok(b) => (b.manifest, format!("{shown} since {rev} (which has no {shown}: every tool is added)")),
            Err(d) => return Err(Failure::of(d)),
        },
        None => match Manifest::read(&manifest_path) {
            Ok(m) => (m, shown.clone()),
            Err(d) => return Err(Failure::of(d)),
        },
    };
    // The regenerated manifest against MCP's own rules (docs/validate.md): warnings, unless the
    // lints deny them.
    let Made { result, mut diagnostics, mcp, notes, provenance, source_map, .. } =
        session.make(Checks { mcp: Mcp::Lints, writes: None });
    let new = match result {
        Ok(new) => new,
        Err(Stop::Errors) => {
            let after = Some("error: cannot regenerate the manifest: fix the errors above");
            return Err(Failure { diagnostics, after, notes });
        }
        Err(_) => {
            diagnostics.extend(mcp);
            let after = Some("error: the regenerated manifest breaks MCP (above)");
            return Err(Failure { diagnostics, after, notes });
        }
    };
    diagnostics.extend(mcp);
    let mut report = check::compare(&old, &new);
    report.changes.extend(check::clients::changes(&old, &new, &session.config().clients));
    check::name_causes(&mut report, &diagnostics);
    report.tokens = tokens(request.encoding, &report, &old, &new);
    crate::source_map::changes::attach(&mut report, &new, &source_map);
    if let Some(rev) = request.baseline {
        revision::attach_removed(&mut report, &old, rev, session);
    }
    let acceptance = session.config().acceptance(&session.flags().levels);
    let unused = acceptance.apply(&mut report);
    // Against the base, an entry that accepts nothing is stale: its pull request has merged.
    if let Some(rev) = request.baseline {
        for entry in unused {
            let d = Diagnostic::warning(
                Code::UnusedAccept,
                format!("[[drift.accept]] {} accepts no change since {rev}", entry.describe()),
            );
            diagnostics.push(match session.config().source() {
                Some(file) => d.in_file(file),
                None => d,
            });
        }
    }
    // Against a baseline the changes are the pull request's own: nothing to accept by regenerating.
    let update_hint = request.baseline.is_none().then(|| config::update_hint(session.flags(), &shown));
    let render = RenderOptions {
        manifest: label,
        color: request.color,
        update_hint,
        blob_base: check::github_blob_base(),
        manifest_file: Some(shown),
        crate_dir: Some(session.config().crate_root()),
    };
    let facts = check::output::made_with(&provenance);
    Ok(Compared { report, render, diagnostics, facts, notes })
}

/// [`check()`] of one of `servers` (its `session`, [`Session::of_server`]): the command that
/// accepts the changes regenerates every server, from where the configuration is.
pub fn check_server(servers: &Servers, session: &Session, request: &Request) -> Checked {
    let mut compared = check(session, request)?;
    compared.render.update_hint = compared.render.update_hint.map(|_| servers.generate_command());
    Ok(compared)
}

/// `diff`: manifest `old` against manifest `new` (shown as `label`), the changes of
/// `acceptance`'s rules accepted.
pub fn diff(
    old: &Manifest,
    new: &Manifest,
    acceptance: &check::accept::Acceptance,
    label: String,
    encoding: Encoding,
    color: bool,
) -> Compared {
    let mut report = check::compare(old, new);
    report.tokens = tokens(encoding, &report, old, new);
    acceptance.apply(&mut report);
    let render = RenderOptions {
        manifest: label,
        color,
        update_hint: None,
        blob_base: check::github_blob_base(),
        ..Default::default()
    };
    Compared { report, render, diagnostics: Diagnostics::default(), facts: Vec::new(), notes: Vec::new() }
}

/// How the cost of the tool list changed from `old` to `new`, when they differ: counting waits
/// for the encoding to load, which a run without drift need not do.
fn tokens(encoding: Encoding, report: &Report, old: &Manifest, new: &Manifest) -> Option<Delta> {
    report.drift().then(|| Delta::between(encoding, &old.tool_values(), &new.tool_values()))
}
