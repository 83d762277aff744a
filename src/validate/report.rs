//! The ways `validate` reports, each written as findings come (a long recording with many
//! findings is never held in memory): human lines, JSON, GitHub workflow commands, SARIF.

use std::io::{self, Write};
use std::path::Path;

use serde_json::{Map, Value};

use super::{Counts, Level, Sink, Violation};
use crate::check::sarif::Log;

/// How `validate` reports (`check`'s formats but the pull-request comment, which is for drift).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// A line per finding and a summary line
    Human,
    /// One JSON document: `{"findings": [...], "summary": {...}}`
    Json,
    /// GitHub Actions workflow commands
    Github,
    /// SARIF 2.1.0 for GitHub code scanning
    Sarif,
}

impl crate::choice::Choice for Format {
    const ALL: &'static [Format] = &[Format::Human, Format::Json, Format::Github, Format::Sarif];

    fn name(self) -> &'static str {
        match self {
            Format::Human => "human",
            Format::Json => "json",
            Format::Github => "github",
            Format::Sarif => "sarif",
        }
    }

    fn help(self) -> &'static str {
        match self {
            Format::Human => "A line per finding and a summary line",
            Format::Json => r#"One JSON document: `{"findings": [...], "summary": {...}}`"#,
            Format::Github => "GitHub Actions workflow commands",
            Format::Sarif => "SARIF 2.1.0 for GitHub code scanning: each finding with its kind and line",
        }
    }
}

crate::choice::from_str_by_choice!(Format);

/// Values longer than this (as compact JSON) are cut in the human and GitHub reports.
const SHOWN_VALUE: usize = 120;

/// A [`Sink`] that writes one of the formats to `out`.
pub struct Writer<W: Write> {
    out: W,
    format: Format,
    written: u64,
    /// The rules a SARIF report's findings named, for its end.
    sarif: Log,
}

impl<W: Write> Writer<W> {
    /// A writer of `format` to `out`; a JSON report's opening is written at once.
    pub fn new(mut out: W, format: Format) -> io::Result<Writer<W>> {
        match format {
            Format::Json => out.write_all(b"{\"findings\": [")?,
            Format::Sarif => out.write_all(Log::streamed_opening().as_bytes())?,
            Format::Human | Format::Github => {}
        }
        Ok(Writer { out, format, written: 0, sarif: Log::new() })
    }

    /// End the report with its summary (a line, or the JSON document's `summary`).
    pub fn finish(self, counts: &Counts, recordings: usize) -> io::Result<W> {
        self.end(counts, recordings, true)
    }

    /// End the report of a run that stopped at a recording it could not read: what was found
    /// before, and a summary that says the run is incomplete.
    pub fn stopped(self, counts: &Counts, recordings: usize) -> io::Result<W> {
        self.end(counts, recordings, false)
    }

    fn end(mut self, counts: &Counts, recordings: usize, complete: bool) -> io::Result<W> {
        let mut line = summary(counts, recordings);
        if !complete {
            line = format!("stopped (see the error on stderr) after {}", line.split_once(": ").map_or("", |s| s.1));
        }
        match self.format {
            Format::Human => writeln!(self.out, "{line}")?,
            Format::Json => {
                let summary = serde_json::json!({
                    "ok": complete && counts.violations == 0,
                    "complete": complete,
                    "recordings": recordings,
                    "messages": counts.messages,
                    "toolCalls": counts.tool_calls,
                    "toolLists": counts.tool_lists,
                    "violations": counts.violations,
                    "notes": counts.notes,
                });
                let sep = if self.written == 0 { "" } else { "\n" };
                writeln!(self.out, "{sep}], \"summary\": {summary}}}")?;
            }
            Format::Github => {
                if complete && counts.violations == 0 {
                    writeln!(self.out, "::notice title=mcp-schema validate::{}", escape_data(&line))?;
                }
            }
            Format::Sarif => self.out.write_all(self.sarif.streamed_closing(complete).as_bytes())?,
        }
        self.out.flush()?;
        Ok(self.out)
    }
}

impl<W: Write> Writer<W> {
    /// End the report of a manifest's own checks (`validate` with no recording).
    pub fn finish_manifest(mut self, counts: &Counts, tools: usize) -> io::Result<W> {
        let plural = |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let line = format!(
            "{}: {} checked against MCP; {}",
            if counts.violations == 0 { "ok" } else { "failed" },
            plural(tools as u64, "tool", "tools"),
            plural(counts.violations, "violation", "violations")
        );
        match self.format {
            Format::Human => writeln!(self.out, "{line}")?,
            Format::Json => {
                let summary =
                    serde_json::json!({"ok": counts.violations == 0, "tools": tools, "violations": counts.violations});
                let sep = if self.written == 0 { "" } else { "\n" };
                writeln!(self.out, "{sep}], \"summary\": {summary}}}")?;
            }
            Format::Github => {
                if counts.violations == 0 {
                    writeln!(self.out, "::notice title=mcp-schema validate::{}", escape_data(&line))?;
                }
            }
            Format::Sarif => self.out.write_all(self.sarif.streamed_closing(true).as_bytes())?,
        }
        self.out.flush()?;
        Ok(self.out)
    }
}

impl<W: Write> Sink for Writer<W> {
    fn finding(&mut self, recording: &str, v: &Violation) -> io::Result<()> {
        match self.format {
            Format::Human => write_human(&mut self.out, recording, v)?,
            Format::Json => {
                let sep = if self.written == 0 { "\n  " } else { ",\n  " };
                self.out.write_all(sep.as_bytes())?;
                serde_json::to_writer(&mut self.out, &to_json(recording, v))?;
            }
            Format::Github => write_github(&mut self.out, recording, v)?,
            Format::Sarif => {
                let sep = if self.written == 0 { "\n  " } else { ",\n  " };
                self.out.write_all(sep.as_bytes())?;
                serde_json::to_writer(&mut self.out, &sarif_result(&mut self.sarif, recording, v))?;
            }
        }
        self.written += 1;
        Ok(())
    }
}

/// The one-line summary that ends the human report.
pub fn summary(counts: &Counts, recordings: usize) -> String {
    let plural = |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!(
        "{}: {} in {}, {} and {} checked; {}, {}",
        if counts.violations == 0 { "ok" } else { "failed" },
        plural(counts.messages, "message", "messages"),
        plural(recordings as u64, "recording", "recordings"),
        plural(counts.tool_calls, "tool call", "tool calls"),
        plural(counts.tool_lists, "tools/list", "tools/lists"),
        plural(counts.violations, "violation", "violations"),
        plural(counts.notes, "note", "notes"),
    )
}

fn level_name(level: Level) -> &'static str {
    match level {
        Level::Violation => "error",
        Level::Note => "note",
    }
}

/// Compact JSON, cut to [`SHOWN_VALUE`] characters.
fn shown(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() <= SHOWN_VALUE {
        return text;
    }
    let cut: String = text.chars().take(SHOWN_VALUE).collect();
    format!("{cut}…")
}

/// `tool `add` at /b: message`
fn headline(v: &Violation) -> String {
    let mut s = String::new();
    if let Some(tool) = &v.tool {
        s.push_str(&format!("tool `{tool}`"));
        if !v.pointer.is_empty() {
            s.push_str(&format!(" at {}", v.pointer));
        }
        s.push_str(": ");
    } else if !v.pointer.is_empty() {
        s.push_str(&format!("at {}: ", v.pointer));
    }
    s.push_str(&v.message);
    s
}

/// `keyword `type`, expected "integer", actual "abc"`, or nothing.
fn details(v: &Violation) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(k) = &v.keyword {
        parts.push(format!("keyword `{k}`"));
    }
    if let Some(e) = &v.expected {
        parts.push(format!("expected {}", shown(e)));
    }
    if let Some(a) = &v.actual {
        parts.push(format!("actual {}", shown(a)));
    }
    (!parts.is_empty()).then(|| parts.join(", "))
}

fn write_human(out: &mut impl Write, recording: &str, v: &Violation) -> io::Result<()> {
    let at = if v.line == 0 { String::new() } else { format!(":{}", v.line) };
    // What the recording says (names, values) reaches the terminal escaped, on one line.
    let shown = crate::escape::terminal;
    writeln!(out, "{}{at}: {}[{}]: {}", shown(recording), level_name(v.level), v.kind, shown(&headline(v)))?;
    if let Some(d) = details(v) {
        writeln!(out, "    {}", shown(&d))?;
    }
    Ok(())
}

fn write_github(out: &mut impl Write, recording: &str, v: &Violation) -> io::Result<()> {
    let level = match v.level {
        Level::Violation => "error",
        Level::Note => "notice",
    };
    let mut text = headline(v);
    if let Some(d) = details(v) {
        text.push_str(&format!(" ({d})"));
    }
    let line = if v.line == 0 { String::new() } else { format!(",line={}", v.line) };
    writeln!(
        out,
        "::{level} file={}{line},title={}::{}",
        escape_property(recording),
        escape_property(v.kind),
        escape_data(&text)
    )
}

/// One finding of `--format sarif`: its text as the GitHub annotation has it, on its line.
fn sarif_result(log: &mut Log, recording: &str, v: &Violation) -> Value {
    let mut text = headline(v);
    if let Some(d) = details(v) {
        text.push_str(&format!(" ({d})"));
    }
    let summary = super::kinds::summary(v.kind).unwrap_or("A finding of `validate`.");
    log.finding((v.kind, summary), level_name(v.level), text, Path::new(recording), v.line)
}

/// One finding of `--format json`; `tool`, `keyword`, `expected` and `actual` left out where
/// they do not apply.
pub fn to_json(recording: &str, v: &Violation) -> Value {
    let mut m = Map::new();
    m.insert("file".into(), recording.into());
    if v.line != 0 {
        m.insert("line".into(), v.line.into());
    }
    m.insert("kind".into(), v.kind.into());
    m.insert("level".into(), if v.level == Level::Note { "note" } else { "violation" }.into());
    if let Some(t) = &v.tool {
        m.insert("tool".into(), t.as_str().into());
    }
    m.insert("pointer".into(), v.pointer.as_str().into());
    if let Some(k) = &v.keyword {
        m.insert("keyword".into(), k.as_str().into());
    }
    if let Some(e) = &v.expected {
        m.insert("expected".into(), e.clone());
    }
    if let Some(a) = &v.actual {
        m.insert("actual".into(), a.clone());
    }
    m.insert("message".into(), v.message.as_str().into());
    Value::Object(m)
}

pub(crate) use crate::escape::{github_data as escape_data, github_property as escape_property};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_the_recording_says_reaches_the_terminal_escaped() {
        let v = Violation {
            line: 3,
            kind: "unknown-tool",
            level: Level::Violation,
            tool: Some("a\n::error::forged\x1b[2J".into()),
            pointer: String::new(),
            keyword: None,
            expected: None,
            actual: None,
            message: "no such tool \r over".into(),
        };
        let mut out = Vec::new();
        write_human(&mut out, "rec.jsonl", &v).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), 1, "{text}");
        assert!(!text.contains(['\x1b', '\r']), "{text:?}");
        assert_eq!(
            text,
            format!("rec.jsonl:3: {}[unknown-tool]: {}\n", level_name(Level::Violation), terminal_headline(&v))
        );
    }

    fn terminal_headline(v: &Violation) -> String {
        crate::escape::terminal(&headline(v))
    }
}
