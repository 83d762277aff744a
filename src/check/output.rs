//! What `check` and `diff` print on stdout in each [`Format`]: the report with the run's
//! diagnostics and what made the manifest, or, for a run that could not compare, the diagnostics
//! alone, as the format promises them (`json` is one JSON document whatever happens).

use serde_json::{json, Value};

use super::{github_diagnostic, Format, RenderOptions, Report, MARKDOWN_MARKER};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::Provenance;

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

/// The report of a comparison in `format`, with the run's `diagnostics` (warnings and notes) and
/// `facts` where the format carries them.
pub fn report(
    format: Format,
    report: &Report,
    opts: &RenderOptions,
    diagnostics: &Diagnostics,
    facts: &[(&'static str, String)],
) -> String {
    match format {
        Format::Human => report.render_human(opts),
        Format::Markdown => with_diagnostics_markdown(report.render_markdown(opts), diagnostics),
        Format::Github => annotations(diagnostics) + &report.render_github(opts),
        Format::Json => {
            let mut doc = report.to_json();
            doc["diagnostics"] = diagnostics_json(diagnostics);
            for (k, v) in facts {
                doc[*k] = Value::String(value_of(k, v).to_owned());
            }
            pretty(&doc)
        }
        Format::Sarif => sarif(report, &opts.manifest, diagnostics),
    }
}

/// What a run that could not compare prints in `format`: its `diagnostics` as annotations, a JSON
/// document or a comment; nothing in `human` (the diagnostics go to stderr).
pub fn failure(format: Format, diagnostics: &Diagnostics) -> String {
    match format {
        Format::Human => String::new(),
        Format::Github => annotations(diagnostics),
        Format::Json => pretty(&json!({"drift": null, "changes": [], "diagnostics": diagnostics_json(diagnostics)})),
        Format::Markdown => {
            let head = format!("{MARKDOWN_MARKER}\n### :x: mcp-schema could not compare the manifests\n");
            with_diagnostics_markdown(head, diagnostics)
        }
        Format::Sarif => sarif(&Report::default(), "", diagnostics),
    }
}

/// The run's diagnostics, then the report's changes, as one SARIF log.
fn sarif(report: &Report, manifest: &str, diagnostics: &Diagnostics) -> String {
    let mut log = super::sarif::Log::new();
    diagnostics.iter().for_each(|d| log.diagnostic(d));
    report.changes.iter().for_each(|c| log.change(c, manifest));
    if let Some(tokens) = &report.tokens {
        log.tokens(tokens);
    }
    log.render()
}

/// One GitHub workflow command per diagnostic.
fn annotations(diagnostics: &Diagnostics) -> String {
    diagnostics.iter().map(|d| format!("{}\n", github_diagnostic(d))).collect()
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
                format!(" (`{}:{line}:{col}`)", p.display())
            }
            (Some(p), None) => format!(" (`{}`)", p.display()),
            _ => String::new(),
        };
        let level = d.severity.name();
        text.push_str(&format!("- {level} `{}`: {}{at}\n", d.code, d.message.replace('\n', " ")));
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
            sdk: Some(crate::SdkRelease { name: "rmcp", version: "0.8.0".into(), note: note.clone() }),
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
        let doc: Value = serde_json::from_str(&failure(Format::Json, &d)).unwrap();
        assert_eq!(doc["drift"], Value::Null);
        assert_eq!(doc["diagnostics"][0]["help"], "look again");
        assert!(failure(Format::Human, &d).is_empty());
        assert!(failure(Format::Markdown, &d).contains("- error `bad-path`: gone\n"));
    }
}
