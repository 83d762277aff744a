//! What `check` and `diff` print on stdout in each [`Format`] for one [`Run`]: the report with the
//! run's diagnostics and what made the manifest, or, for a run that could not compare, the
//! diagnostics alone, as the format promises them (`json` is one JSON document whatever happens).
//! And, as values, the parts [`crate::drift::render`] makes one document of for several servers:
//! GitHub commands and a Markdown section that name their server, the JSON document, the SARIF log.

use serde_json::{json, Value};

use super::{Format, RenderOptions, Report, MARKDOWN_MARKER};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::escape::markdown_code as code;
use crate::provenance::Provenance;

/// What made the regenerated manifest, as facts by name: the profile, and for an SDK profile the
/// release with where it was read (`("rmcp", "rmcp 3.11.0 (…) from Cargo.lock")`).
pub fn made_with(provenance: &Provenance) -> Vec<(&'static str, String)> {
    // The SDK's release is a fact named after its crate (`rmcp 3.11.0 …`); python-sdk has none.
    let release = provenance.sdk.as_ref().map(|sdk| (sdk.name, sdk.note.clone()));
    provenance.profile_name().map(|p| ("profile", p)).into_iter().chain(release).collect()
}

/// The note that tells the facts of [`made_with`] beside a report that has no place for them
/// (every format but `json`): `made with profile rmcp, rmcp 3.11.0 (…) from Cargo.lock`.
pub fn made_with_note(facts: &[(&'static str, String)]) -> Option<String> {
    if facts.is_empty() {
        return None;
    }
    let facts: Vec<String> = facts.iter().map(|(k, v)| format!("{k} {}", value_of(k, v))).collect();
    Some(format!("made with {}", facts.join(", ")))
}

/// A fact's value without its name in front (`rmcp 3.11.0` is `3.11.0` as the fact `rmcp`).
fn value_of<'a>(name: &str, value: &'a str) -> &'a str {
    value.trim_start_matches(&format!("{name} "))
}

/// One run of `check` or `diff` as the formats show it: a comparison, or a run that could not
/// compare.
#[derive(Debug, Clone, Copy)]
pub enum Run<'a> {
    /// The report of a comparison, rendered with `opts`, with the run's `diagnostics` (warnings
    /// and notes) and the `facts` of what made the regenerated manifest.
    Compared {
        /// The changes.
        report: &'a Report,
        /// How to render them.
        opts: &'a RenderOptions,
        /// The run's warnings and notes.
        diagnostics: &'a Diagnostics,
        /// What made the regenerated manifest ([`made_with`]).
        facts: &'a [(&'static str, String)],
    },
    /// A run that could not compare: its diagnostics.
    Failed(&'a Diagnostics),
}

/// What one run prints on stdout in `format`: the report with the run's diagnostics and facts
/// where the format carries them; for a run that could not compare, its diagnostics as
/// annotations, a JSON document or a comment, and nothing in `human` (they go to stderr).
pub fn text(format: Format, run: Run) -> String {
    match (format, run) {
        (Format::Human, Run::Compared { report, opts, .. }) => report.render_human(opts),
        (Format::Human, Run::Failed(_)) => String::new(),
        (Format::Markdown, run) => format!("{MARKDOWN_MARKER}\n{}", markdown_body(run, None)),
        (Format::Github, run) => github(run, None),
        (Format::Json, run) => pretty(&json_value(run)),
        (Format::Sarif, run) => sarif_log(run, None).render(),
    }
}

/// The run's GitHub workflow commands: the report's changes, then one per diagnostic, then the
/// token notices and the summary line (GitHub shows ten warnings a step: the changes first). In a run over
/// several servers, each message (and the summary line) starts with the `server`'s name.
pub fn github(run: Run, server: Option<&str>) -> String {
    let label = server.map_or(String::new(), |s| format!("{}: ", crate::escape::github_data(s)));
    match run {
        Run::Compared { report, opts, diagnostics, .. } => {
            super::render::github_with(report, opts, &label, &annotations(diagnostics, &label))
        }
        Run::Failed(diagnostics) => annotations(diagnostics, &label),
    }
}

/// The run's part of a Markdown comment that reports several servers: its heading names the
/// `server`, and the comment's marker is left out (the comment has it once).
pub fn markdown_section(run: Run, server: &str) -> String {
    markdown_body(run, Some(server))
}

/// The Markdown report after its marker, the heading naming `server` when there is one.
fn markdown_body(run: Run, server: Option<&str>) -> String {
    match run {
        Run::Compared { report, opts, diagnostics, .. } => {
            with_diagnostics_markdown(super::markdown::body(report, opts, server), diagnostics)
        }
        Run::Failed(diagnostics) => {
            let label = server.map_or(String::new(), super::markdown::server_label);
            let head = format!("### :x: mcp-schema could not compare the manifests{label}\n");
            with_diagnostics_markdown(head, diagnostics)
        }
    }
}

/// `--format json`'s document of the run: the report's, with the run's diagnostics and facts;
/// `drift` is `null` for a run that could not compare.
pub fn json_value(run: Run) -> Value {
    match run {
        Run::Compared { report, diagnostics, facts, .. } => {
            let mut doc = report.to_json();
            doc["diagnostics"] = diagnostics_json(diagnostics);
            for (k, v) in facts {
                doc[*k] = Value::String(value_of(k, v).to_owned());
            }
            doc
        }
        Run::Failed(diagnostics) => json!({"drift": null, "changes": [], "diagnostics": diagnostics_json(diagnostics)}),
    }
}

/// The run's diagnostics, then the report's changes, as one SARIF log, each result naming the
/// `server` in a run over several.
pub fn sarif_log(run: Run, server: Option<&str>) -> super::sarif::Log {
    let mut log = super::sarif::Log::new();
    if let Some(server) = server {
        log.for_server(server);
    }
    let none = Report::default();
    let (report, manifest, diagnostics) = match run {
        Run::Compared { report, opts, diagnostics, .. } => {
            log.anchor(opts.crate_dir.as_deref(), Some(std::path::Path::new(opts.manifest_file())));
            (report, opts.manifest_file(), diagnostics)
        }
        Run::Failed(diagnostics) => (&none, "", diagnostics),
    };
    diagnostics.iter().for_each(|d| log.diagnostic(d));
    report.changes.iter().for_each(|c| log.change(c, manifest));
    if let Some(tokens) = &report.tokens {
        log.tokens(tokens);
    }
    log
}

/// One GitHub workflow command per diagnostic, its message after `label`.
fn annotations(diagnostics: &Diagnostics, label: &str) -> String {
    diagnostics.iter().map(|d| format!("{}\n", super::render::github_command(d, label))).collect()
}

/// A JSON document, pretty, with a final newline.
pub(crate) fn pretty(v: &Value) -> String {
    let mut s = serde_json::to_string_pretty(v).unwrap_or_default();
    s.push('\n');
    s
}

/// `[{"severity", "code", "message", "file", "line", "column", "help"}]`, the last four only
/// where known.
fn diagnostics_json(diagnostics: &Diagnostics) -> Value {
    let one = |d: &Diagnostic| {
        let mut v = json!({"severity": d.severity.name(), "code": d.code, "message": d.message});
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
fn with_diagnostics_markdown(mut text: String, diagnostics: &Diagnostics) -> String {
    if diagnostics.iter().next().is_none() {
        return text;
    }
    text.push_str("\n**Diagnostics of the run:**\n\n");
    for d in diagnostics.iter() {
        let at = match (d.file_path(), &d.location) {
            (Some(p), Some(loc)) => {
                let (line, col) = loc.line_col();
                format!(" ({})", code(&format!("{}:{line}:{col}", p.display())))
            }
            (Some(p), None) => format!(" ({})", code(&p.display().to_string())),
            _ => String::new(),
        };
        let level = d.severity.name();
        text.push_str(&format!("- {level} `{}`: {}{at}\n", d.code, crate::escape::markdown_text(&d.message)));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::Code;
    use crate::ProfileChoice;

    #[test]
    fn facts_name_the_profile_and_the_sdk_release() {
        let note = "rmcp 0.8.0 (x) from Cargo.lock".to_owned();
        let rmcp = Provenance {
            profile: Some(ProfileChoice::Rmcp),
            sdk: Some(crate::provenance::SdkRelease { name: "rmcp", version: "0.8.0".into(), note: note.clone() }),
            other_view: Vec::new(),
        };
        let facts = made_with(&rmcp);
        assert_eq!(facts, [("profile", "rmcp".to_owned()), ("rmcp", note)]);
        assert_eq!(made_with_note(&facts).unwrap(), "made with profile rmcp, rmcp 0.8.0 (x) from Cargo.lock");
        let python = Provenance { profile: Some(ProfileChoice::PythonSdk), ..Default::default() };
        assert_eq!(made_with(&python), [("profile", "python-sdk".to_owned())]);
        assert_eq!(made_with_note(&[]), None);
    }

    #[test]
    fn a_failed_run_is_still_one_json_document() {
        let d = Diagnostics(vec![Diagnostic::error(Code::BadPath, "gone").with_help("look again")]);
        let failure = |format| text(format, Run::Failed(&d));
        let doc: Value = serde_json::from_str(&failure(Format::Json)).unwrap();
        assert_eq!(doc["drift"], Value::Null);
        assert_eq!(doc["diagnostics"][0]["help"], "look again");
        assert!(failure(Format::Human).is_empty());
        assert!(failure(Format::Markdown).contains("- error `bad-path`: gone\n"));
    }
}
