//! `validate`: hold recorded MCP traffic against the manifest, and the manifest against MCP.
//!
//! A recording (`recording`) is read one message at a time. Requests are paired with their
//! responses by `id` (per direction); only `tools/call` and `tools/list` requests are kept until
//! answered, so memory stays flat however long the recording is. Every `tools/call` has its
//! `arguments` checked against the tool's `inputSchema`, and its result's `structuredContent`
//! against the `outputSchema` (`contract` compiles each validator once, on first use); every
//! `tools/list` result is compared with the manifest by [`crate::check::compare`], its changes
//! named by `check`'s rules. [`mcp`] checks a manifest against the rules of MCP itself.
//!
//! Nothing here prints: findings go to a [`Sink`].

pub(crate) mod contract;
pub mod mcp;
pub(crate) mod recording;
pub mod report;

use std::collections::HashMap;
use std::io::BufRead;

use serde_json::Value;

use crate::check;
use crate::manifest::Manifest;
use contract::{Contract, Side};
use recording::{Direction, Item, ReadError, Record};

/// How bad a finding is: violations fail the run (exit 1), notes do not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Worth knowing; the run still passes.
    Note,
    /// The traffic breaks the manifest: the run fails.
    Violation,
}

/// One finding in a recording.
#[derive(Debug, Clone, PartialEq)]
pub struct Violation {
    /// 1-based line of the message at fault in the recording.
    pub line: usize,
    /// What kind of finding (docs/validate.md): `invalid-arguments`, `unknown-tool`…, or the id
    /// of a `check` rule for what a `tools/list` response changed.
    pub kind: &'static str,
    /// Whether it fails the run.
    pub level: Level,
    /// The tool, when there is one.
    pub tool: Option<String>,
    /// A JSON pointer into the instance (the arguments, the `structuredContent`, or the listed
    /// tool for a `tools/list` change).
    pub pointer: String,
    /// The schema keyword that failed.
    pub keyword: Option<String>,
    /// What the manifest says (the failing keyword's value, or the committed value).
    pub expected: Option<Value>,
    /// What the recording holds.
    pub actual: Option<Value>,
    /// What is wrong, in a sentence.
    pub message: String,
}

impl Violation {
    fn new(line: usize, kind: &'static str, tool: Option<&str>, message: impl Into<String>) -> Violation {
        Violation {
            line,
            kind,
            level: Level::Violation,
            tool: tool.map(str::to_owned),
            pointer: String::new(),
            keyword: None,
            expected: None,
            actual: None,
            message: message.into(),
        }
    }

    fn note(self) -> Violation {
        Violation { level: Level::Note, ..self }
    }

    #[cfg(test)]
    pub(crate) fn test(pointer: String, keyword: String, expected: Option<Value>, actual: Value) -> Violation {
        Violation {
            pointer,
            keyword: Some(keyword),
            expected,
            actual: Some(actual),
            ..Violation::new(0, "test", None, "")
        }
    }
}

/// The kinds of findings of a recording, besides `check`'s rule ids (docs/validate.md).
pub mod kinds {
    /// A `tools/call`'s `arguments` break the tool's `inputSchema`.
    pub const INVALID_ARGUMENTS: &str = "invalid-arguments";
    /// A result's `structuredContent` breaks the tool's `outputSchema`.
    pub const INVALID_STRUCTURED_CONTENT: &str = "invalid-structured-content";
    /// The tool has an `outputSchema`; a successful result has no `structuredContent`.
    pub const MISSING_STRUCTURED_CONTENT: &str = "missing-structured-content";
    /// A `tools/call` names a tool the manifest does not have.
    pub const UNKNOWN_TOOL: &str = "unknown-tool";
    /// A result has `structuredContent`; the tool has no `outputSchema` (a note).
    pub const UNDECLARED_STRUCTURED_CONTENT: &str = "undeclared-structured-content";
    /// A `tools/call` without a response: its result was not checked (a note).
    pub const UNANSWERED_CALL: &str = "unanswered-call";
    /// `record` saw a line that is not JSON (a note).
    pub const NOT_JSON: &str = "not-json";
    /// What a finding of `kind` means, as the docs above say it (for SARIF's rule metadata).
    pub fn summary(kind: &str) -> Option<&'static str> {
        Some(match kind {
            INVALID_ARGUMENTS => "A `tools/call`'s `arguments` break the tool's `inputSchema`.",
            INVALID_STRUCTURED_CONTENT => "A result's `structuredContent` breaks the tool's `outputSchema`.",
            MISSING_STRUCTURED_CONTENT => {
                "The tool has an `outputSchema`; a successful result has no `structuredContent`."
            }
            UNKNOWN_TOOL => "A `tools/call` names a tool the manifest does not have.",
            UNDECLARED_STRUCTURED_CONTENT => "A result has `structuredContent`; the tool has no `outputSchema`.",
            UNANSWERED_CALL => "A `tools/call` without a response: its result was not checked.",
            NOT_JSON => "`record` saw a line that is not JSON.",
            _ => return None,
        })
    }

    /// Every kind above, for the docs test.
    pub const ALL: &[&str] = &[
        INVALID_ARGUMENTS,
        INVALID_STRUCTURED_CONTENT,
        MISSING_STRUCTURED_CONTENT,
        UNKNOWN_TOOL,
        UNDECLARED_STRUCTURED_CONTENT,
        UNANSWERED_CALL,
        NOT_JSON,
    ];
}

/// Where findings go, as they are found.
pub trait Sink {
    /// Take one finding of `recording` (as the run names it).
    fn finding(&mut self, recording: &str, v: &Violation) -> std::io::Result<()>;
}

/// What a run saw, for the summary.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Messages read.
    pub messages: u64,
    /// `tools/call` requests checked.
    pub tool_calls: u64,
    /// `tools/list` responses checked.
    pub tool_lists: u64,
    /// Findings that fail the run.
    pub violations: u64,
    /// Findings that do not.
    pub notes: u64,
}

/// Why a recording cannot be validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable {
    /// The 1-based line of the recording where reading stopped (0: none).
    pub line: usize,
    /// The column in that line, when the JSON parser gives one.
    pub column: Option<usize>,
    /// Why, in a sentence.
    pub message: String,
}

/// A request waiting for its response.
enum Pending {
    Call { tool: String },
    List,
}

/// One validation run over any number of recordings, against one manifest.
///
/// # Example
///
/// A client that sends arguments the calculator's schemas refuse:
///
/// ```
/// use std::io::BufReader;
/// use std::path::Path;
///
/// use mcp_schema::validate::{kinds, Sink, Validation, Violation};
/// use mcp_schema::Manifest;
///
/// /// Keeps each finding's line and kind.
/// struct Found(Vec<(usize, &'static str)>);
///
/// impl Sink for Found {
///     fn finding(&mut self, _recording: &str, v: &Violation) -> std::io::Result<()> {
///         self.0.push((v.line, v.kind));
///         Ok(())
///     }
/// }
///
/// let recordings = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/recordings");
/// let manifest = Manifest::read(&recordings.join("server/mcp-tools.json")).unwrap();
/// let file = std::fs::File::open(recordings.join("violations/invalid-arguments.jsonl")).unwrap();
/// let mut validation = Validation::new(&manifest);
/// let mut found = Found(Vec::new());
/// validation.recording("invalid-arguments.jsonl", BufReader::new(file), &mut found).unwrap();
/// let lines: Vec<usize> = found.0.iter().map(|&(line, _)| line).collect();
/// assert_eq!(lines, [1, 3, 5, 7]);
/// assert!(found.0.iter().all(|&(_, kind)| kind == kinds::INVALID_ARGUMENTS));
/// assert_eq!((validation.counts.tool_calls, validation.counts.violations), (4, 4));
/// ```
pub struct Validation<'m> {
    manifest: &'m Manifest,
    contract: Contract,
    /// What the run has seen so far.
    pub counts: Counts,
}

impl<'m> Validation<'m> {
    /// A run against `manifest`, with nothing seen yet.
    pub fn new(manifest: &'m Manifest) -> Validation<'m> {
        Validation { manifest, contract: Contract::new(manifest), counts: Counts::default() }
    }

    /// Validate one recording (`name` is how findings name it), streamed from `input`.
    pub fn recording(&mut self, name: &str, input: impl BufRead, sink: &mut dyn Sink) -> Result<(), Unreadable> {
        let mut run = Run { validation: self, name, sink, pending: HashMap::new(), listed: Vec::new() };
        let read = recording::read(input, |record| run.record(record));
        let result = read.and_then(|()| run.finish());
        result.map_err(|e| Unreadable { line: e.line, column: e.column, message: e.message })
    }
}

/// The state of one recording.
struct Run<'v, 'm, 's> {
    validation: &'v mut Validation<'m>,
    name: &'s str,
    sink: &'s mut dyn Sink,
    /// By the request's direction and its `id` as JSON text (`1` and `"1"` are different ids).
    pending: HashMap<(Direction, String), (usize, Pending)>,
    /// The tools of a paginated `tools/list` so far (pages with a `nextCursor`).
    listed: Vec<Value>,
}

impl Run<'_, '_, '_> {
    fn report(&mut self, v: Violation) -> Result<(), ReadError> {
        let counts = &mut self.validation.counts;
        match v.level {
            Level::Violation => counts.violations += 1,
            Level::Note => counts.notes += 1,
        }
        self.sink.finding(self.name, &v).map_err(|e| ReadError {
            line: v.line,
            column: None,
            message: format!("cannot write the report: {e}"),
        })
    }

    fn record(&mut self, record: Record) -> Result<(), ReadError> {
        self.validation.counts.messages += 1;
        let message = match record.item {
            Item::Message(m) => m,
            Item::Text(text) => {
                let mut v = Violation::new(
                    record.line,
                    kinds::NOT_JSON,
                    None,
                    "the recorder saw a line that is not JSON (a server must write only JSON-RPC messages on stdout)",
                );
                v.actual = Some(Value::String(text));
                return self.report(v.note());
            }
        };
        let id = message.get("id").map(Value::to_string);
        match (message.get("method").and_then(Value::as_str), id) {
            (Some("tools/call"), Some(id)) => self.call(record.line, record.direction, id, &message),
            (Some("tools/list"), Some(id)) => {
                self.validation.counts.tool_lists += 1;
                self.pending.insert((record.direction, id), (record.line, Pending::List));
                Ok(())
            }
            (None, Some(id)) => match self.pending.remove(&(record.direction.reply(), id)) {
                Some((_, Pending::Call { tool })) => self.call_result(record.line, &tool, &message),
                Some((_, Pending::List)) => self.list_result(record.line, &message),
                None => Ok(()),
            },
            _ => Ok(()),
        }
    }

    fn call(&mut self, line: usize, direction: Direction, id: String, message: &Value) -> Result<(), ReadError> {
        self.validation.counts.tool_calls += 1;
        let params = message.get("params");
        let Some(tool) = params.and_then(|p| p.get("name")).and_then(Value::as_str) else {
            let v = Violation::new(line, kinds::UNKNOWN_TOOL, None, "a tools/call request without a tool `name`");
            return self.report(v);
        };
        let tool = tool.to_owned();
        if self.validation.contract.tool(&tool).is_none() {
            let v = Violation::new(line, kinds::UNKNOWN_TOOL, Some(&tool), "the manifest has no tool of that name");
            return self.report(v);
        }
        self.pending.insert((direction, id), (line, Pending::Call { tool: tool.clone() }));
        // An absent `arguments` is an empty object to the SDKs.
        let empty = Value::Object(Default::default());
        let arguments = params.and_then(|p| p.get("arguments")).unwrap_or(&empty);
        self.check_instance(line, &tool, Side::Input, arguments, kinds::INVALID_ARGUMENTS)
    }

    /// Validate `instance` against one schema of `tool`, reporting each failing keyword.
    fn check_instance(
        &mut self,
        line: usize,
        tool: &str,
        side: Side,
        instance: &Value,
        kind: &'static str,
    ) -> Result<(), ReadError> {
        let found = match self.validation.contract.validator(tool, side) {
            None => return Ok(()),
            Some((Err(why), _)) => {
                return Err(ReadError {
                    line,
                    column: None,
                    message: format!("the {} of tool `{tool}` in the manifest cannot be used: {why}", side.field()),
                })
            }
            Some((Ok(validator), schema)) => {
                contract::violations(validator, schema, instance, |pointer, keyword, expected, actual, message| {
                    Violation {
                        pointer,
                        keyword: Some(keyword),
                        expected,
                        actual: Some(actual),
                        ..Violation::new(line, kind, Some(tool), message)
                    }
                })
            }
        };
        found.into_iter().try_for_each(|v| self.report(v))
    }

    fn call_result(&mut self, line: usize, tool: &str, message: &Value) -> Result<(), ReadError> {
        // A JSON-RPC error is not a result: nothing to check.
        let Some(result) = message.get("result") else { return Ok(()) };
        // The SDKs do not check results that report a failure.
        if result.get("isError").and_then(Value::as_bool) == Some(true) {
            return Ok(());
        }
        let has_output_schema = self.validation.contract.tool(tool).is_some_and(|t| t.output_schema.is_some());
        match (result.get("structuredContent"), has_output_schema) {
            (Some(content), true) => {
                self.check_instance(line, tool, Side::Output, content, kinds::INVALID_STRUCTURED_CONTENT)
            }
            (None, true) => self.report(Violation {
                keyword: Some("outputSchema".into()),
                ..Violation::new(
                    line,
                    kinds::MISSING_STRUCTURED_CONTENT,
                    Some(tool),
                    "the tool declares an outputSchema, but its result has no structuredContent",
                )
            }),
            (Some(_), false) => self.report(
                Violation::new(
                    line,
                    kinds::UNDECLARED_STRUCTURED_CONTENT,
                    Some(tool),
                    "the result has structuredContent, but the tool declares no outputSchema",
                )
                .note(),
            ),
            (None, false) => Ok(()),
        }
    }

    fn list_result(&mut self, line: usize, message: &Value) -> Result<(), ReadError> {
        let Some(result) = message.get("result") else { return Ok(()) };
        if let Some(tools) = result.get("tools").and_then(Value::as_array) {
            self.listed.extend(tools.iter().cloned());
        }
        // A page with a cursor is followed by the rest of the list: compare it whole.
        if result.get("nextCursor").is_some_and(|c| !c.is_null()) {
            return Ok(());
        }
        let tools = std::mem::take(&mut self.listed);
        let live = Manifest::from_value(serde_json::json!({ "tools": tools })).map_err(|e| ReadError {
            line,
            column: None,
            message: format!("the tools/list result is {e}"),
        })?;
        let report = check::compare(self.validation.manifest, &live);
        for change in report.changes {
            let mut v = Violation::new(line, change.rule.id, Some(&change.tool), change.message);
            v.pointer = change.pointer;
            v.expected = change.old;
            v.actual = change.new;
            self.report(v)?;
        }
        Ok(())
    }

    /// Calls never answered: their results could not be checked.
    fn finish(&mut self) -> Result<(), ReadError> {
        let mut unanswered: Vec<(usize, String)> = self
            .pending
            .drain()
            .filter_map(|(_, (line, p))| match p {
                Pending::Call { tool } => Some((line, tool)),
                Pending::List => None,
            })
            .collect();
        unanswered.sort();
        for (line, tool) in unanswered {
            let v = Violation::new(
                line,
                kinds::UNANSWERED_CALL,
                Some(&tool),
                "the recording has no response to this call: its result was not checked",
            );
            self.report(v.note())?;
        }
        Ok(())
    }
}
