//! Several servers in one repository: `generate`, `check` and `list` over every server of a
//! configuration's `[[servers]]` (docs/config.md), each with its own manifest.
//!
//! Each server runs as a single crate would, with its merged configuration; what is printed names
//! the server of every part, in every format, and the exit status is the worst over servers.
//! `generate` writes no manifest unless every server's is made, so that a failure in one leaves
//! the others as they were.

use std::path::Path;

use mcp_schema::check::{self, Format};
use mcp_schema::config::{self, Config, Flags, Server};
use mcp_schema::diagnostics::{Code, Diagnostic, Diagnostics};
use mcp_schema::tokens::{Costs, Encoding};
use mcp_schema::views::list::Listing;
use mcp_schema::{Manifest, Provenance};
use serde_json::{Map, Value};

use super::diagnostics::set_server;
use super::drift::{check_one, failed, CheckArgs, Compared};
use super::list::ListFormat;
use crate::{print_diagnostics, GenerateArgs, SourceArgs};

/// The servers of a run and the configuration listing them.
pub(crate) type Found = Result<(Config, Vec<Server>), Diagnostic>;

/// The servers a command given the crate `path` runs, when a configuration lists `[[servers]]`:
/// every server of the configuration found for `path`, else the servers of that crate a
/// configuration above it lists; only those `--server` names. `None`: a single crate's run (also
/// for a `.rs` file, and when the configuration cannot be read: that run says why).
pub(crate) fn servers_for(path: Option<&Path>, source: &SourceArgs) -> Option<Found> {
    crate::setup_miette();
    // A single `.rs` file is read alone, whatever the configuration above it lists.
    if path.is_some_and(Path::is_file) {
        return None;
    }
    let dir = config::crate_dir(path);
    let config = Config::discover(dir.as_deref()).ok()?;
    if config.has_servers() {
        return Some(config.servers().and_then(|all| selected(&config, all, source)).map(|s| (config, s)));
    }
    let (config, mine) = config::enclosing_servers(dir.as_deref())?;
    Some(selected(&config, mine, source).map(|s| (config, s)))
}

/// The servers to run: every one, or those `--server` names (by name, or by server type).
fn selected(config: &Config, all: Vec<Server>, source: &SourceArgs) -> Result<Vec<Server>, Diagnostic> {
    let Some(wanted) = &source.server else { return Ok(all) };
    let picked: Vec<Server> =
        all.iter().filter(|s| &s.name == wanted || s.config.server_type() == Some(wanted.as_str())).cloned().collect();
    if picked.is_empty() {
        let names: Vec<&str> = all.iter().map(|s| s.name.as_str()).collect();
        let file = config.source().map(|p| p.display().to_string()).unwrap_or_default();
        return Err(Diagnostic::error(
            Code::UnknownServer,
            format!("--server `{wanted}`: {file} lists no such server"),
        )
        .with_help(format!("its servers: {}", names.join(", "))));
    }
    Ok(picked)
}

/// The command line's flags for one server: `--server` picked the server, so it is no type; the
/// crate is the server's (`paths` empty: the configuration's `include`, else its crate).
fn flags_for(source: &SourceArgs) -> Flags {
    let mut flags = source.flags(Vec::new());
    flags.rmcp.server = None;
    flags
}

/// A flag that names one manifest, refused when the configuration lists several servers.
fn one_manifest_flag(flag: &str, config: &Config, format: Option<Format>) -> u8 {
    let file = config.source().map(|p| p.display().to_string()).unwrap_or_default();
    let d = Diagnostic::error(
        Code::BadPath,
        format!("{flag} names one manifest, and {file} lists servers that each have their own"),
    )
    .with_help(
        "give a server's crate directory as PATH to run it alone, or set its `manifest` in its `[[servers]]` entry",
    );
    match format {
        Some(format) => failed(&Diagnostics(vec![d]), format),
        None => {
            print_diagnostics(&Diagnostics(vec![d]));
            2
        }
    }
}

/// `name` of the server, as every line of output names it.
fn tag(server: &Server) -> String {
    format!("{} ({})", server.name, server.path.display())
}

// ----- check -----

/// `check` over every server: one report naming each server's part, the worst exit status.
pub(crate) fn run_check(args: &CheckArgs, found: Found) -> u8 {
    let format = args.report.format;
    let (config, servers) = match found {
        Ok(found) => found,
        Err(d) => return failed(&Diagnostics(vec![d]), format),
    };
    let config = &config;
    if args.manifest.is_some() {
        return one_manifest_flag("--manifest", config, Some(format));
    }
    let mut parts = Vec::new();
    let mut status = 0;
    let mut tally = Tally::default();
    for server in &servers {
        set_server(Some(tag(server)));
        let run = check_one(args, &server.config, flags_for(&args.source), None);
        let text = match run {
            Ok(mut compared) => {
                // The hint regenerates every server, from where the configuration is.
                compared.render.update_hint = compared.render.update_hint.map(|_| regenerate_all(config));
                print_diagnostics(&compared.diagnostics);
                if format != Format::Json && !super::quiet() {
                    if let Some(note) = check::output::made_with_note(&compared.facts) {
                        eprintln!("note: {}: {note}", server.name);
                    }
                }
                status = status.max(u8::from(args.report.fail_on.fails(&compared.report)));
                tally.count(Some(compared.report.drift()));
                report_text(format, &compared)
            }
            Err(failure) => {
                print_diagnostics(&failure.diagnostics);
                if let Some(after) = failure.after {
                    eprintln!("{after} (server {})", server.name);
                }
                status = 2;
                tally.count(None);
                check::output::failure(format, &failure.diagnostics)
            }
        };
        parts.push((server, text));
    }
    set_server(None);
    let mut text = combine(format, &parts);
    if format == Format::Human {
        text.push_str(&format!("\n{}\n", tally.line()));
    }
    if super::print(&text) != 0 {
        return 2;
    }
    status
}

/// How the servers of a `check` came out, for the human report's last line.
#[derive(Default)]
struct Tally {
    up_to_date: usize,
    drifted: usize,
    failed: usize,
}

impl Tally {
    /// A server with drift (`Some(true)`), without, or that could not be compared (`None`).
    fn count(&mut self, drift: Option<bool>) {
        match drift {
            Some(false) => self.up_to_date += 1,
            Some(true) => self.drifted += 1,
            None => self.failed += 1,
        }
    }

    /// `4 servers: 3 up to date, 1 with drift, 0 not compared (errors above)`, the last part only
    /// when there are some.
    fn line(&self) -> String {
        let total = self.up_to_date + self.drifted + self.failed;
        let s = if total == 1 { "" } else { "s" };
        let mut line = format!("{total} server{s}: {} up to date, {} with drift", self.up_to_date, self.drifted);
        if self.failed > 0 {
            line.push_str(&format!(", {} not compared (errors above)", self.failed));
        }
        line
    }
}

fn report_text(format: Format, c: &Compared) -> String {
    check::output::report(format, &c.report, &c.render, &c.diagnostics, &c.facts)
}

/// `mcp-schema generate`, run where the configuration is: it writes every server's manifest.
fn regenerate_all(config: &Config) -> String {
    let root = config.source().and_then(Path::parent).filter(|p| !p.as_os_str().is_empty());
    match root {
        Some(dir) => format!("mcp-schema generate {}", dir.display()),
        None => "mcp-schema generate".to_owned(),
    }
}

/// The servers' reports as one document of `format`, each part naming its server.
fn combine(format: Format, parts: &[(&Server, String)]) -> String {
    match format {
        Format::Human => human(parts),
        Format::Github => parts.iter().map(|(s, text)| github(&s.name, text)).collect(),
        Format::Markdown => markdown(parts),
        Format::Json => json(parts),
        Format::Sarif => sarif(parts),
    }
}

/// A heading per server, then its report.
fn human(parts: &[(&Server, String)]) -> String {
    let mut out = String::new();
    for (n, (server, text)) in parts.iter().enumerate() {
        if n > 0 {
            out.push('\n');
        }
        out.push_str(&format!("server {}:\n{text}", tag(server)));
    }
    out
}

/// Each workflow command's message, and each plain line, starts with the server's name.
fn github(name: &str, text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        // `::command props::message`: the properties hold no `::` (GitHub escapes `:` in them).
        let tagged = match line.strip_prefix("::").and_then(|rest| rest.find("::").map(|i| i + 2)) {
            Some(at) => format!("{}::{name}: {}", &line[..at], &line[at + 2..]),
            None => format!("{name}: {line}"),
        };
        out.push_str(&tagged);
        out.push('\n');
    }
    out
}

/// One comment: the marker once, then each server's report with its heading naming it.
fn markdown(parts: &[(&Server, String)]) -> String {
    let mut out = format!("{}\n", check::MARKDOWN_MARKER);
    for (server, text) in parts {
        let body = text.strip_prefix(check::MARKDOWN_MARKER).map_or(text.as_str(), |t| t.trim_start_matches('\n'));
        let mut lines = body.lines();
        if let Some(first) = lines.next() {
            let heading = match first.strip_prefix("### ") {
                Some(h) => format!("### {h} (server `{}`)", server.name),
                None => format!("### server `{}`\n{first}", server.name),
            };
            out.push_str(&heading);
            out.push('\n');
        }
        for line in lines {
            out.push_str(line);
            out.push('\n');
        }
        out.push('\n');
    }
    out
}

/// `{"servers": [{"server", "path", ...its document}], "drift"}`.
fn json(parts: &[(&Server, String)]) -> String {
    let mut drift = Value::Bool(false);
    let servers: Vec<Value> = parts
        .iter()
        .map(|(server, text)| {
            let doc: Value = serde_json::from_str(text).unwrap_or(Value::Null);
            match doc.get("drift") {
                Some(Value::Null) => drift = Value::Null,
                Some(Value::Bool(true)) if !drift.is_null() => drift = Value::Bool(true),
                _ => {}
            }
            tagged_object(server, doc)
        })
        .collect();
    let mut doc = Map::new();
    doc.insert("drift".into(), drift);
    doc.insert("servers".into(), Value::Array(servers));
    pretty(&Value::Object(doc))
}

/// `doc`'s keys after the server's `server` and `path`.
fn tagged_object(server: &Server, doc: Value) -> Value {
    let mut out = Map::new();
    out.insert("server".into(), Value::String(server.name.clone()));
    out.insert("path".into(), Value::String(server.path.display().to_string()));
    if let Value::Object(rest) = doc {
        out.extend(rest);
    }
    Value::Object(out)
}

/// One SARIF log, a run per server: `automationDetails.id` tells the runs apart (GitHub code
/// scanning's category), and each result says its server in `properties`.
fn sarif(parts: &[(&Server, String)]) -> String {
    let mut log: Option<Value> = None;
    let mut runs = Vec::new();
    for (server, text) in parts {
        let Ok(mut one) = serde_json::from_str::<Value>(text) else { continue };
        let Some(Value::Array(its_runs)) = one.get_mut("runs").map(Value::take) else { continue };
        for mut run in its_runs {
            run["automationDetails"] = serde_json::json!({"id": format!("mcp-schema/{}/", server.name)});
            if let Some(Value::Array(results)) = run.get_mut("results") {
                for result in results {
                    if !result["properties"].is_object() {
                        result["properties"] = Value::Object(Map::new());
                    }
                    result["properties"]["server"] = Value::String(server.name.clone());
                }
            }
            runs.push(run);
        }
        log.get_or_insert(one);
    }
    let mut log = log.unwrap_or_else(|| serde_json::json!({}));
    log["runs"] = Value::Array(runs);
    pretty(&log)
}

fn pretty(v: &Value) -> String {
    let mut s = serde_json::to_string_pretty(v).unwrap_or_default();
    s.push('\n');
    s
}

// ----- generate -----

/// `generate` over every server: each manifest made first, then, only when all were, each
/// written (atomically, when it changes) to its own file.
pub(crate) fn run_generate(args: &GenerateArgs, found: Found) -> u8 {
    let (config, servers) = match found {
        Ok(found) => found,
        Err(d) => {
            print_diagnostics(&Diagnostics(vec![d]));
            return 2;
        }
    };
    if args.output.is_some() {
        return one_manifest_flag("-o/--output", &config, None);
    }
    let mut made: Vec<(&Server, Manifest, Provenance)> = Vec::new();
    let mut failed_servers = Vec::new();
    for server in &servers {
        set_server(Some(tag(server)));
        let opts = server.config.apply(flags_for(&args.source));
        match crate::make_manifest(
            &opts,
            args.validate,
            args.source.verbose,
            crate::Purpose::Generate { output: Some(&server.config.manifest_path(None)) },
        ) {
            Ok((manifest, provenance)) => made.push((server, manifest, provenance)),
            Err(why) => {
                eprintln!("error: {}: {why}", server.name);
                failed_servers.push(server.name.as_str());
            }
        }
    }
    if !failed_servers.is_empty() {
        eprintln!(
            "error: no manifest written: {} of {} servers failed ({})",
            failed_servers.len(),
            servers.len(),
            failed_servers.join(", ")
        );
        return 2;
    }
    let mut status = 0;
    for (server, manifest, provenance) in &made {
        status = status.max(write_manifest(server, manifest, provenance));
    }
    status
}

/// Write one server's manifest and say so: `weather: 4 tools listed with …; wrote FILE`.
fn write_manifest(server: &Server, manifest: &Manifest, provenance: &Provenance) -> u8 {
    set_server(Some(tag(server)));
    let path = server.config.manifest_path(None);
    let written = mcp_schema::manifest::write_if_changed_with(&path, |out| manifest.write_pretty(out));
    let what = match written {
        Ok(true) => "wrote",
        Ok(false) => "up to date:",
        Err(e) => {
            print_diagnostics(&Diagnostics(vec![mcp_schema::manifest::write_error(&path, &e)]));
            return 2;
        }
    };
    if !super::quiet() {
        let n = manifest.len();
        let s = if n == 1 { "" } else { "s" };
        eprintln!("{}: {n} tool{s} listed with {provenance}; {what} {}", server.name, config::shown_path(&path));
    }
    0
}

// ----- list -----

/// `list` over every server: a table (or JSON document) per server, named.
pub(crate) fn run_list(source: &SourceArgs, format: ListFormat, encoding: Encoding, found: Found) -> u8 {
    let servers = match found {
        Ok((_, servers)) => servers,
        Err(d) => {
            print_diagnostics(&Diagnostics(vec![d]));
            return 2;
        }
    };
    let mut status = 0;
    let mut tables = Vec::new();
    let mut docs = Vec::new();
    for server in &servers {
        set_server(Some(tag(server)));
        let opts = server.config.apply(flags_for(source));
        match crate::make_manifest(&opts, false, source.verbose, crate::Purpose::Read) {
            Ok((manifest, provenance)) => {
                let listing = Listing::new(&manifest, &provenance, encoding);
                match format {
                    ListFormat::Json => {
                        let doc = serde_json::to_value(&listing).expect("a listing is plain data");
                        docs.push(tagged_object(server, doc));
                    }
                    ListFormat::Table => {
                        tables.push(format!("server {}:\n{}", tag(server), super::list::table(&listing)))
                    }
                }
            }
            Err(why) => {
                eprintln!("error: {}: cannot read the tools: {why}", server.name);
                status = 2;
            }
        }
    }
    let text = match format {
        ListFormat::Json => pretty(&serde_json::json!({ "servers": docs })),
        ListFormat::Table => tables.join("\n"),
    };
    status.max(super::print(&text))
}

// ----- docs -----

/// The Markdown reference of every server: a `## Server `NAME`` section each, holding what
/// `docs` writes for one crate. The exit status when a server's tools cannot be read.
pub(crate) fn docs_section(source: &SourceArgs, counted: Option<Encoding>, found: Found) -> Result<String, u8> {
    let servers = match found {
        Ok((_, servers)) => servers,
        Err(d) => {
            print_diagnostics(&Diagnostics(vec![d]));
            return Err(2);
        }
    };
    let mut sections = Vec::new();
    let mut failed = false;
    for server in &servers {
        set_server(Some(tag(server)));
        match crate::make_manifest(&server.config.apply(flags_for(source)), false, source.verbose, crate::Purpose::Read)
        {
            Ok((manifest, _)) => {
                let costs = counted.map(|encoding| Costs::of(encoding, &manifest.tool_values()));
                let page = mcp_schema::views::docs::render(&manifest, costs.as_ref());
                sections.push(format!("## Server `{}`\n\n{page}", server.name))
            }
            Err(why) => {
                eprintln!("error: {}: cannot read the tools: {why}", server.name);
                failed = true;
            }
        }
    }
    set_server(None);
    if failed {
        return Err(2);
    }
    Ok(sections.join("\n"))
}
