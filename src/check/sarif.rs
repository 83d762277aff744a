//! SARIF 2.1.0 (`--format sarif`): drift changes, diagnostics and `validate`'s findings as one
//! static-analysis log, so that GitHub code scanning (`github/codeql-action/upload-sarif`) shows
//! them on the lines they are about.
//!
//! A [`Log`] gathers results and the rules they name; each rule is described once, from its
//! registry (the drift rules of [`super::rules`], the diagnostic codes of [`Code`]), with the
//! level it has by default. Locations are files relative to the repository root, so that code
//! scanning can match them wherever the command ran.

use std::path::{Component, Path, PathBuf};

use serde_json::{json, Map, Value};

use super::rules::{AppliesTo, Rule};
use super::Change;
use crate::diagnostics::codes::Kind;
use crate::diagnostics::{Code, Diagnostic};

/// The schema the log names, as SARIF 2.1.0 producers give it.
pub const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// A SARIF log of one run of mcp-schema: its results and the rules they name.
#[derive(Debug, Default)]
pub struct Log {
    rules: Vec<Value>,
    results: Vec<Value>,
    /// The run's property bag: what the tool list costs (`tokens`), when it was counted.
    properties: Option<Value>,
    /// The server the run is about, in a log of several ([`Log::for_server`]).
    server: Option<String>,
    /// Where results without a place of their own go ([`Log::anchor`]).
    anchor: Anchor,
}

/// The files a result without a place of its own goes on: code scanning refuses a whole log
/// when one of its results has no location.
#[derive(Debug, Default, Clone)]
struct Anchor {
    /// The crate the run is about (else the one around the current directory).
    crate_dir: Option<PathBuf>,
    /// The manifest the run compared.
    manifest: Option<PathBuf>,
}

impl Log {
    /// An empty log.
    pub fn new() -> Log {
        Log::default()
    }

    /// Make this the run of `server` in a log of several: `automationDetails.id` tells the runs
    /// apart (GitHub code scanning's category), and each result says its server in `properties`.
    pub fn for_server(&mut self, server: &str) {
        self.server = Some(server.to_owned());
    }

    /// The crate and the manifest of the run: a diagnostic without a place goes on the crate's
    /// Cargo.lock (the entry of the package it is about: `schemars 1.0.4 is locked`), else on
    /// its Cargo.toml (the line of that dependency, else the first), else on the manifest.
    pub fn anchor(&mut self, crate_dir: Option<&Path>, manifest: Option<&Path>) {
        self.anchor = Anchor { crate_dir: crate_dir.map(Path::to_path_buf), manifest: manifest.map(Path::to_path_buf) };
    }

    /// A drift change as a result: an error when it breaks clients, else a warning. It sits on its
    /// Rust source when that is the file as it is now, else on the `manifest`.
    pub fn change(&mut self, ch: &Change, manifest: &str) {
        let index = self.rule_index(ch.rule.id, || drift_rule(ch.rule));
        let level = if ch.breaking { "error" } else { "warning" };
        let location = match &ch.context.source {
            Some(src) if src.revision.is_none() => physical(Path::new(&src.file), Some((src.line, src.column))),
            _ => physical(Path::new(manifest), None),
        };
        let properties = json!({"tool": ch.tool, "pointer": ch.pointer, "breaking": ch.breaking});
        let properties = self.with_server(properties);
        let mut result = result(ch.rule.id, index, level, change_text(ch), Some(location), properties);
        if let Some(reason) = &ch.context.accepted {
            // An accepted change is still reported; code scanning shows it as suppressed, with why.
            result["suppressions"] = json!([{"kind": "external", "justification": reason}]);
        }
        self.results.push(result);
    }

    /// A diagnostic as a result, at its span (or its file) when it has one.
    pub fn diagnostic(&mut self, d: &Diagnostic) {
        let index = self.rule_index(d.code.id(), || code_rule(d.code));
        let location = match (&d.location, d.file_path()) {
            (Some(loc), Some(path)) => Some(physical(path, Some(loc.line_col()))),
            (None, Some(path)) => Some(physical(path, None)),
            _ => self.anchor.place(&d.message),
        };
        let mut text = d.message.clone();
        if let Some(help) = &d.help {
            text.push_str(&format!("\nhelp: {help}"));
        }
        let properties = self.with_server(d.tool.as_ref().map_or_else(|| json!({}), |t| json!({"tool": t})));
        self.results.push(result(d.code.id(), index, d.severity.name(), text, location, properties));
    }

    /// A finding of `validate`, of kind `rule` (a drift rule's id or one of validate's kinds, which
    /// `summary` describes), on `line` of the `recording` file, as a result to write at once ([`Log::streamed_opening`]):
    /// the log keeps only the rule.
    pub fn finding(
        &mut self,
        (rule, summary): (&str, &str),
        level: &str,
        text: String,
        recording: &Path,
        line: usize,
    ) -> Value {
        let index = self.rule_index(rule, || finding_rule(rule, summary, level));
        let location = physical(recording, (line > 0).then_some((line, 1)));
        result(rule, index, level, text, Some(location), json!({}))
    }

    /// The start of a log written as its results come (a long recording's findings are never
    /// held): its results open first, the rules they name come at the end.
    pub fn streamed_opening() -> String {
        format!("{{\"$schema\": \"{SCHEMA}\", \"version\": \"2.1.0\", \"runs\": [{{\"results\": [")
    }

    /// The end of a streamed log: the rules its results named, and whether the run went through
    /// every input.
    pub fn streamed_closing(&self, complete: bool) -> String {
        let invocations = json!([{"executionSuccessful": complete}]);
        format!("], \"tool\": {}, \"invocations\": {invocations}}}]}}\n", self.tool())
    }

    /// Put how the tool list's cost changed in the run's property bag (`properties.tokens`).
    pub fn tokens(&mut self, delta: &crate::tokens::Delta) {
        self.properties = Some(json!({"tokens": delta.to_json()}));
    }

    /// The log as a SARIF document.
    pub fn to_value(&self) -> Value {
        Log::document(vec![self.run()])
    }

    /// A SARIF document of `runs` (each a [`Log::run`]).
    pub fn document(runs: Vec<Value>) -> Value {
        json!({
            "$schema": SCHEMA,
            "version": "2.1.0",
            "runs": runs,
        })
    }

    /// The log's one run: its tool, results and properties.
    pub fn run(&self) -> Value {
        let mut run = json!({
            "tool": self.tool(),
            "results": self.results,
        });
        if let Some(properties) = &self.properties {
            run["properties"] = properties.clone();
        }
        if let Some(server) = &self.server {
            run["automationDetails"] = json!({"id": format!("mcp-schema/{server}/")});
        }
        run
    }

    /// A result's `properties` with the log's server last.
    fn with_server(&self, mut properties: Value) -> Value {
        if let Some(server) = &self.server {
            properties["server"] = Value::String(server.clone());
        }
        properties
    }

    /// The log, pretty, with a final newline.
    pub fn render(&self) -> String {
        let mut s = serde_json::to_string_pretty(&self.to_value()).unwrap_or_default();
        s.push('\n');
        s
    }

    /// mcp-schema, with the rules the results name.
    fn tool(&self) -> Value {
        json!({"driver": {"name": "mcp-schema", "version": env!("CARGO_PKG_VERSION"), "rules": self.rules}})
    }

    /// Where `id` is in the log's rules, describing it with `describe` the first time.
    fn rule_index(&mut self, id: &str, describe: impl FnOnce() -> Value) -> usize {
        match self.rules.iter().position(|r| r["id"] == id) {
            Some(i) => i,
            None => {
                self.rules.push(describe());
                self.rules.len() - 1
            }
        }
    }
}

impl Anchor {
    /// Where a diagnostic saying `message` goes when it has no place of its own.
    fn place(&self, message: &str) -> Option<Value> {
        // Absolute, so that the Cargo.lock of a workspace above the crate is found.
        let here = std::env::current_dir().unwrap_or_default();
        let crate_dir = match &self.crate_dir {
            Some(dir) => Some(lexical(&here.join(dir))),
            None => here.ancestors().find(|d| d.join("Cargo.toml").is_file()).map(Path::to_path_buf),
        };
        // A locked package's release comes first: `schemars 1.0.4 is locked: …`.
        let words: Vec<&str> =
            message.split_whitespace().map(|w| w.trim_matches(|c: char| ",.;:`'\"()".contains(c))).collect();
        let release = match words.as_slice() {
            [package, version, ..] if version.starts_with(|c: char| c.is_ascii_digit()) => Some((*package, *version)),
            _ => None,
        };
        if let Some(dir) = &crate_dir {
            // Read within the crate's project, as every file the crate names.
            let project = crate::read::Root::project(dir);
            let read = |path: &Path| crate::read::read_within(&project, path).ok();
            let lock = dir.ancestors().map(|d| d.join("Cargo.lock")).find(|l| project.holds(l) && l.is_file());
            let locked = lock
                .as_ref()
                .zip(release)
                .and_then(|(l, (package, version))| Some((l, lock_line(&read(l)?, package, version)?)));
            // Named from here when below here, as the user gave the crate.
            let shown = |p: &Path| p.strip_prefix(&here).map(Path::to_path_buf).unwrap_or_else(|_| p.to_path_buf());
            if let Some((lock, line)) = locked {
                return Some(physical(&shown(lock), Some((line, 1))));
            }
            // Else the crate's Cargo.toml: the first dependency the message names.
            let toml = dir.join("Cargo.toml");
            if let Some(text) = read(&toml) {
                let line = words.iter().find_map(|w| dependency_line(&text, w)).unwrap_or(1);
                return Some(physical(&shown(&toml), Some((line, 1))));
            }
        }
        self.manifest.as_deref().map(|m| physical(m, None))
    }
}

/// The line of `name = "package"` in a Cargo.lock's text: the entry of `version` when several
/// are locked, else the first.
fn lock_line(lock: &str, package: &str, version: &str) -> Option<usize> {
    if package.is_empty() {
        return None;
    }
    let name = format!("name = \"{package}\"");
    let lines: Vec<&str> = lock.lines().collect();
    let entries: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].trim() == name).collect();
    let of_version =
        entries.iter().find(|&&i| lines.get(i + 1).is_some_and(|l| l.trim() == format!("version = \"{version}\"")));
    of_version.or(entries.first()).map(|i| i + 1)
}

/// The line of Cargo.toml declaring the dependency `package` (`package = …`, `package.workspace
/// = true`, `[dependencies.package]`).
fn dependency_line(toml: &str, package: &str) -> Option<usize> {
    if package.is_empty() {
        return None;
    }
    let declares = |l: &str| {
        let l = l.trim();
        let key = l.split(['=', '.']).next().unwrap_or("").trim();
        (key == package && l.contains('=')) || l.strip_prefix('[').is_some_and(|t| t.ends_with(&format!(".{package}]")))
    };
    toml.lines().position(declares).map(|i| i + 1)
}

/// A SARIF result; `properties` left out when empty.
fn result(rule: &str, index: usize, level: &str, text: String, location: Option<Value>, properties: Value) -> Value {
    let mut r = Map::new();
    r.insert("ruleId".into(), json!(rule));
    r.insert("ruleIndex".into(), json!(index));
    r.insert("level".into(), json!(level));
    r.insert("message".into(), json!({"text": crate::escape::sarif(&text)}));
    if let Some(location) = location {
        r.insert("locations".into(), json!([location]));
    }
    if properties.as_object().is_some_and(|p| !p.is_empty()) {
        r.insert("properties".into(), properties);
    }
    Value::Object(r)
}

/// A drift rule's description: its summary, why, and `error` by default where it can break clients.
fn drift_rule(rule: &Rule) -> Value {
    let breaks = match rule.applies_to {
        AppliesTo::Tool(v) => v.worst_case(),
        AppliesTo::Schemas { request, response, .. } => request.worst_case() || response.worst_case(),
    };
    json!({
        "id": rule.id,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.why},
        "help": {"text": format!("{}\nSee `mcp-schema explain {}`", rule.why, rule.id)},
        "defaultConfiguration": {"level": if breaks { "error" } else { "warning" }},
        "properties": {"tags": ["drift"]},
    })
}

/// A diagnostic code's description: its summary, its fix, and the level its kind has.
fn code_rule(code: Code) -> Value {
    let doc = code.doc();
    let level = match doc.kind {
        Kind::Error | Kind::ErrorOrWarning => "error",
        Kind::Warning => "warning",
        Kind::Note => "note",
    };
    json!({
        "id": code.id(),
        "shortDescription": {"text": first_sentence(doc.summary)},
        "fullDescription": {"text": one_paragraph(doc.summary)},
        "help": {"text": format!("Fix: {}", one_paragraph(doc.fix))},
        "defaultConfiguration": {"level": level},
        "properties": {"tags": ["diagnostic"]},
    })
}

/// A `validate` finding's kind: a drift rule (a `tools/list` that changed) or one of validate's own
/// kinds, whose findings all have one `level`.
fn finding_rule(id: &str, summary: &str, level: &str) -> Value {
    match super::rules::by_id(id) {
        Some(rule) => drift_rule(rule),
        None => json!({
            "id": id,
            "shortDescription": {"text": summary},
            "fullDescription": {"text": summary},
            "help": {"text": format!("See `mcp-schema explain {id}`")},
            "defaultConfiguration": {"level": level},
            "properties": {"tags": ["validate"]},
        }),
    }
}

/// What a change's result says: where in the tool, the sentence, the verdict, the values and where
/// a removed item was.
fn change_text(ch: &Change) -> String {
    let shown = crate::escape::terminal;
    let at = if ch.pointer.is_empty() { String::new() } else { format!(" {}", shown(&ch.pointer)) };
    let verdict = if ch.breaking { "breaking" } else { "compatible" };
    let mut text = format!("{}{at}: {} ({verdict})", shown(&ch.tool), ch.message);
    let value = |v: &Value| super::json::one_line(v, 200);
    if let Some(old) = &ch.old {
        text.push_str(&format!("\nold: {}", value(old)));
    }
    if let Some(new) = &ch.new {
        text.push_str(&format!("\nnew: {}", value(new)));
    }
    for fact in &ch.context.folded {
        text.push_str(&format!("\nwith: {fact}"));
    }
    for p in &ch.context.also {
        text.push_str(&format!("\nalso: {} {}", p.tool, p.pointer));
    }
    if let Some(src) = ch.context.source.as_ref().filter(|s| s.revision.is_some()) {
        let rev = src.revision.as_deref().unwrap_or_default();
        text.push_str(&format!("\nwas at {}:{}:{} at {rev}", src.file, src.line, src.column));
    }
    text
}

/// The registry's text (kept in the page's line breaks) as one paragraph.
fn one_paragraph(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The first sentence of the registry's text.
fn first_sentence(text: &str) -> String {
    let text = one_paragraph(text);
    match text.find(". ") {
        Some(end) => text[..=end].to_owned(),
        None => text,
    }
}

/// A physical location: the file relative to the repository root, and the line and column when
/// known (else the file's first line).
fn physical(path: &Path, line_col: Option<(usize, usize)>) -> Value {
    // Code scanning drops a result without a line: one about a whole file goes on its first.
    let region = match line_col {
        Some((line, column)) => json!({"startLine": line.max(1), "startColumn": column.max(1)}),
        None => json!({"startLine": 1}),
    };
    json!({"physicalLocation": {"artifactLocation": {"uri": artifact_uri(path)}, "region": region}})
}

/// `path` as a URI reference relative to the root of the git repository it is in (code scanning
/// resolves it against the checkout), or as given when it is in none (a `file:` URI if absolute).
pub fn artifact_uri(path: &Path) -> String {
    let absolute = std::env::current_dir().map(|cwd| lexical(&cwd.join(path))).unwrap_or_default();
    let relative = absolute
        .ancestors()
        .skip(1)
        .find(|dir| dir.join(".git").exists())
        .and_then(|root| absolute.strip_prefix(root).ok())
        .unwrap_or(path);
    let parts: Vec<String> = relative
        .components()
        .filter_map(|c| match c {
            Component::Normal(part) => Some(percent_encode(&part.to_string_lossy())),
            Component::ParentDir => Some("..".to_owned()),
            _ => None,
        })
        .collect();
    let uri = parts.join("/");
    if relative.is_absolute() {
        format!("file:///{uri}")
    } else {
        uri
    }
}

/// `path` without `.` and with each `..` taken back (the file need not exist any more).
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// A path segment with every byte but the unreserved characters of RFC 3986 percent-encoded.
fn percent_encode(segment: &str) -> String {
    segment
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_are_relative_to_the_repository_and_encoded() {
        assert_eq!(artifact_uri(Path::new("./src/a b#.rs")), "src/a%20b%23.rs");
        assert_eq!(artifact_uri(Path::new("src/../Cargo.toml")), "Cargo.toml");
        let outside = std::env::temp_dir().join("m.json");
        assert!(artifact_uri(&outside).starts_with("file:///"), "{}", artifact_uri(&outside));
    }

    #[test]
    fn a_rule_is_described_once() {
        let mut log = Log::new();
        let d = Diagnostic::error(Code::BadManifest, "not JSON");
        log.diagnostic(&d);
        log.diagnostic(&d);
        let v = log.to_value();
        assert_eq!(v["runs"][0]["tool"]["driver"]["rules"].as_array().map(Vec::len), Some(1));
        assert_eq!(v["runs"][0]["results"][1]["ruleIndex"], 0);
        // Without a place of its own, on the Cargo.toml of the crate here (this one's first line).
        let place = &v["runs"][0]["results"][0]["locations"][0]["physicalLocation"];
        assert_eq!(
            (&place["artifactLocation"]["uri"], &place["region"]["startLine"]),
            (&json!("Cargo.toml"), &json!(1))
        );
    }

    #[test]
    fn a_locked_package_is_found_at_its_entry() {
        let lock = "[[package]]\nname = \"schemars\"\nversion = \"0.8.22\"\n\n[[package]]\nname = \"schemars\"\nversion = \"1.0.4\"\n";
        assert_eq!(lock_line(lock, "schemars", "1.0.4"), Some(6));
        assert_eq!(lock_line(lock, "schemars", "9.9.9"), Some(2));
        assert_eq!(lock_line(lock, "no", "Cargo.lock"), None);
        let toml = "[package]\nname = \"x\"\n\n[dependencies]\nrmcp = \"0.8\"\nschemars.workspace = true\n\n[dependencies.serde]\nversion = \"1\"\n";
        assert_eq!(dependency_line(toml, "rmcp"), Some(5));
        assert_eq!(dependency_line(toml, "schemars"), Some(6));
        assert_eq!(dependency_line(toml, "serde"), Some(8));
        assert_eq!(dependency_line(toml, "tokio"), None);
    }
}
