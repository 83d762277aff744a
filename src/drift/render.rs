//! What `check` and `diff` print on stdout, from the typed results of their runs: one run's
//! report ([`one`]) or failure ([`failure`]) in a [`Format`] ([`crate::check::output`] says what
//! each format holds), and the runs of several servers as one document of that format
//! ([`several`]), each part naming its server.

use serde_json::Value;

use super::{Checked, Compared};
use crate::check::output::{self, pretty, Run};
use crate::check::sarif::Log;
use crate::check::{Format, MARKDOWN_MARKER};
use crate::config::Server;
use crate::diagnostics::Diagnostics;

/// The report of a run that compared, in `format`.
pub fn one(format: Format, run: &Compared) -> String {
    output::text(format, view(run))
}

/// What a run that could not compare prints in `format` (its `diagnostics`).
pub fn failure(format: Format, diagnostics: &Diagnostics) -> String {
    output::text(format, Run::Failed(diagnostics))
}

/// The runs of several servers as one document of `format`: a heading per server and a last
/// line that counts them (`human`), each annotation naming its server (`github`), one comment
/// with a section per server (`markdown`), `{"drift", "servers": [{"server", "path", …}]}`
/// (`json`), one log with a run per server (`sarif`).
pub fn several(format: Format, parts: &[(&Server, Checked)]) -> String {
    match format {
        Format::Human => human(parts),
        Format::Github => github(parts),
        Format::Markdown => markdown(parts),
        Format::Json => json(parts),
        Format::Sarif => sarif(parts),
    }
}

fn view(run: &Compared) -> Run<'_> {
    Run::Compared { report: &run.report, opts: &run.render, diagnostics: &run.diagnostics, facts: &run.facts }
}

fn checked(run: &Checked) -> Run<'_> {
    match run {
        Ok(compared) => view(compared),
        Err(failure) => Run::Failed(&failure.diagnostics),
    }
}

/// A heading per server, then its report; the last line counts how the servers came out.
fn human(parts: &[(&Server, Checked)]) -> String {
    let mut out = String::new();
    for (n, (server, run)) in parts.iter().enumerate() {
        if n > 0 {
            out.push('\n');
        }
        out.push_str(&format!(
            "server {}:\n{}",
            crate::escape::terminal(&server.label()),
            output::text(Format::Human, checked(run))
        ));
    }
    out.push_str(&format!("\n{}\n", tally(parts)));
    out
}

/// `4 servers: 3 up to date, 1 with drift, 0 not compared (errors above)`, the last part only
/// when there are some.
fn tally(parts: &[(&Server, Checked)]) -> String {
    let drifted = parts.iter().filter(|(_, run)| run.as_ref().is_ok_and(|c| c.report.drift())).count();
    let failed = parts.iter().filter(|(_, run)| run.is_err()).count();
    let up_to_date = parts.len() - drifted - failed;
    let s = if parts.len() == 1 { "" } else { "s" };
    let mut line = format!("{} server{s}: {up_to_date} up to date, {drifted} with drift", parts.len());
    if failed > 0 {
        line.push_str(&format!(", {failed} not compared (errors above)"));
    }
    line
}

/// The comment's headline over several servers: `**8 servers: 2 with breaking changes, 1 with
/// compatible changes, 5 up to date**`, the counts that are not zero (up to date always).
fn rollup(parts: &[(&Server, Checked)]) -> String {
    let compared = || parts.iter().filter_map(|(_, run)| run.as_ref().ok());
    let breaking = compared().filter(|c| c.report.breaking_count() > 0).count();
    let compatible = compared().filter(|c| c.report.drift() && c.report.breaking_count() == 0).count();
    let failed = parts.iter().filter(|(_, run)| run.is_err()).count();
    let up_to_date = parts.len() - breaking - compatible - failed;
    let mut counts = Vec::new();
    for (n, what) in
        [(breaking, "with breaking changes"), (compatible, "with compatible changes"), (failed, "not compared")]
    {
        if n > 0 {
            counts.push(format!("{n} {what}"));
        }
    }
    counts.push(format!("{up_to_date} up to date"));
    format!("**{} servers: {}**", parts.len(), counts.join(", "))
}

/// The GitHub commands of several servers: each server's, except the diagnostics that several
/// servers have (a warning of a shared Cargo.toml or lock), said once at the end with the names
/// of the servers that have it.
fn github(parts: &[(&Server, Checked)]) -> String {
    // Each server's diagnostics as commands without a label, to find the ones servers share.
    let commands: Vec<Vec<String>> = parts
        .iter()
        .map(|(_, run)| {
            let diagnostics = match checked(run) {
                output::Run::Compared { diagnostics, .. } | output::Run::Failed(diagnostics) => diagnostics,
            };
            diagnostics.iter().map(crate::check::github_diagnostic).collect()
        })
        .collect();
    let mut shared: Vec<(String, Vec<&str>)> = Vec::new();
    for (i, (server, _)) in parts.iter().enumerate() {
        for command in &commands[i] {
            let others = commands.iter().enumerate().filter(|(j, c)| *j != i && c.contains(command)).count();
            if others == 0 {
                continue;
            }
            match shared.iter_mut().find(|(c, _)| c == command) {
                Some((_, names)) => names.push(&server.name),
                None => shared.push((command.clone(), vec![&server.name])),
            }
        }
    }
    // `::warning …::NAME: text` is the shared `::warning …::text` when NAME is the server's.
    let is_shared = |line: &str, name: &str| {
        let Some((head, text)) = line.strip_prefix("::").and_then(|l| l.split_once("::")) else { return false };
        text.strip_prefix(&format!("{name}: "))
            .is_some_and(|text| shared.iter().any(|(c, _)| *c == format!("::{head}::{text}")))
    };
    let mut out = String::new();
    for (server, run) in parts {
        for line in output::github(checked(run), Some(&server.name)).lines() {
            if !is_shared(line, &server.name) {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    for (command, names) in &shared {
        // The label goes where a server's name would.
        let Some((head, text)) = command.strip_prefix("::").and_then(|l| l.split_once("::")) else { continue };
        out.push_str(&format!("::{head}::{}: {text}\n", names.join(", ")));
    }
    out
}

/// One comment: the marker once, the headline that counts the servers, then each server's
/// report with its heading naming it.
fn markdown(parts: &[(&Server, Checked)]) -> String {
    let mut out = format!("{MARKDOWN_MARKER}\n{}\n\n", rollup(parts));
    for (server, run) in parts {
        out.push_str(&output::markdown_section(checked(run), &server.name));
        if !out.ends_with('\n') {
            out.push('\n');
        }
        out.push('\n');
    }
    out
}

/// `{"drift", "servers": [{"server", "path", ...its document}]}`: `drift` is `null` when a
/// server could not be compared, else whether any drifted.
fn json(parts: &[(&Server, Checked)]) -> String {
    let drift = if parts.iter().any(|(_, run)| run.is_err()) {
        Value::Null
    } else {
        Value::Bool(parts.iter().any(|(_, run)| run.as_ref().is_ok_and(|c| c.report.drift())))
    };
    let servers = parts.iter().map(|(server, run)| server.tagged(output::json_value(checked(run)))).collect();
    pretty(&serde_json::json!({"drift": drift, "servers": Value::Array(servers)}))
}

/// One SARIF log, a run per server ([`Log::for_server`]).
fn sarif(parts: &[(&Server, Checked)]) -> String {
    if parts.is_empty() {
        return pretty(&serde_json::json!({"runs": []}));
    }
    let runs = parts.iter().map(|(server, run)| output::sarif_log(checked(run), Some(&server.name)).run()).collect();
    pretty(&Log::document(runs))
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use serde_json::json;

    use super::*;
    use crate::check::{compare, RenderOptions};
    use crate::config::Config;
    use crate::diagnostics::{Code, Diagnostic};
    use crate::drift::Failure;
    use crate::manifest::Manifest;

    fn server(name: &str) -> Server {
        Server { name: name.into(), path: PathBuf::from(name), config: Config::default() }
    }

    /// A server whose `add` lost its description, and one that could not compare.
    fn parts() -> (Server, Server, Checked, Checked) {
        let old = Manifest::from_value(json!({"tools": [{"name": "add", "description": "A", "inputSchema": {}}]}));
        let new = Manifest::from_value(json!({"tools": [{"name": "add", "inputSchema": {}}]}));
        let report = compare(&old.unwrap(), &new.unwrap());
        let render = RenderOptions { manifest: "m.json".into(), ..RenderOptions::default() };
        let compared = Compared { report, render, diagnostics: Diagnostics::default(), facts: vec![], notes: vec![] };
        let failed = Failure {
            diagnostics: Diagnostics(vec![Diagnostic::error(Code::BadPath, "gone")]),
            after: None,
            notes: vec![],
        };
        (server("a"), server("b"), Ok(compared), Err(failed))
    }

    #[test]
    fn every_part_names_its_server_in_every_format() {
        let (a, b, drifted, failed) = parts();
        let parts = [(&a, drifted), (&b, failed)];
        let human = several(Format::Human, &parts);
        assert!(human.starts_with("server a (a):\n"), "{human}");
        assert!(human.contains("\nserver b (b):\n"), "{human}");
        assert!(human.ends_with("\n2 servers: 0 up to date, 1 with drift, 1 not compared (errors above)\n"), "{human}");
        let github = several(Format::Github, &parts);
        for line in github.lines() {
            let message = line.strip_prefix("::").and_then(|l| l.split_once("::")).map_or(line, |(_, m)| m);
            assert!(message.starts_with("a: ") || message.starts_with("b: "), "{line}");
        }
        let markdown = several(Format::Markdown, &parts);
        assert_eq!(markdown.matches(MARKDOWN_MARKER).count(), 1, "{markdown}");
        assert!(markdown.contains(" (server `a`)\n") && markdown.contains(" (server `b`)\n"), "{markdown}");
        let doc: Value = serde_json::from_str(&several(Format::Json, &parts)).unwrap();
        assert_eq!(doc["drift"], Value::Null, "a server that could not compare");
        let keys: Vec<&String> = doc["servers"][0].as_object().unwrap().keys().take(3).collect();
        assert_eq!(keys, ["server", "path", "drift"]);
        let log: Value = serde_json::from_str(&several(Format::Sarif, &parts)).unwrap();
        let runs = log["runs"].as_array().unwrap();
        assert_eq!(runs[1]["automationDetails"]["id"], "mcp-schema/b/");
        assert!(runs.iter().all(|run| run["results"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["properties"]["server"].is_string())));
    }

    #[test]
    fn the_servers_drift_when_one_drifts() {
        let (a, _, drifted, _) = parts();
        let doc: Value = serde_json::from_str(&several(Format::Json, &[(&a, drifted)])).unwrap();
        assert_eq!(doc["drift"], Value::Bool(true));
        assert!(several(Format::Human, &[]).ends_with("0 servers: 0 up to date, 0 with drift\n"));
    }
}
