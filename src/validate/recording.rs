//! Reading a recording of MCP traffic, streamed: one message at a time, never the whole file.
//!
//! Accepted shapes (docs/validate.md):
//! * JSON Lines: one JSON-RPC message per line (a JSON-RPC batch, an array of messages, counts as
//!   its messages);
//! * one JSON array of messages, laid out in any way;
//! * either of those with each message wrapped as `{"direction": "...", "message": {...}}`, with
//!   any other fields (`timestamp`) ignored; `direction` may be left out.
//!
//! The first byte that is not white space decides: `[` is an array, anything else JSON Lines.

use std::io::BufRead;

use serde_json::Value;

/// Which way a message went, when the recording says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Direction {
    ToServer,
    ToClient,
    Unknown,
}

impl Direction {
    /// The direction a response to a request sent this way goes.
    pub(crate) fn reply(self) -> Direction {
        match self {
            Direction::ToServer => Direction::ToClient,
            Direction::ToClient => Direction::ToServer,
            Direction::Unknown => Direction::Unknown,
        }
    }

    /// The names a recording may use; `record` writes the first of each. `send`, `receive`,
    /// `outgoing` and `incoming` are the client's point of view, as a client's own log has them.
    fn parse(s: &str) -> Option<Direction> {
        match s {
            "client-to-server" | "to-server" | "c2s" | "client" | "send" | "outgoing" => Some(Direction::ToServer),
            "server-to-client" | "to-client" | "s2c" | "server" | "receive" | "incoming" => Some(Direction::ToClient),
            _ => None,
        }
    }
}

/// The direction names a recording may use.
pub(crate) const DIRECTION_NAMES: &str = "client-to-server (or to-server, c2s, client, send, outgoing), \
     server-to-client (or to-client, s2c, server, receive, incoming)";

/// One message of a recording.
#[derive(Debug, Clone)]
pub(crate) struct Record {
    /// 1-based line of the message's first byte.
    pub(crate) line: usize,
    pub(crate) direction: Direction,
    pub(crate) item: Item,
}

#[derive(Debug, Clone)]
pub(crate) enum Item {
    /// A JSON-RPC message (an object with `method`, or `id` and `result` or `error`).
    Message(Value),
    /// What `record` saw that was not JSON (a server writing logs on stdout), kept as text.
    Text(String),
}

/// Why a recording cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ReadError {
    pub(crate) line: usize,
    pub(crate) column: Option<usize>,
    pub(crate) message: String,
}

impl ReadError {
    fn at(line: usize, message: impl Into<String>) -> ReadError {
        ReadError { line, column: None, message: message.into() }
    }

    fn json(line: usize, e: &serde_json::Error) -> ReadError {
        // serde_json counts lines from the start of the text it was given: one record.
        let line = line + e.line().saturating_sub(1);
        // serde_json ends its message with its own place in the record; ours is in the file.
        let message = e.to_string();
        let message = match message.rfind(" at line ") {
            Some(i) => &message[..i],
            None => &message,
        };
        ReadError { line, column: Some(e.column()), message: format!("not JSON: {message}") }
    }
}

/// Call `each` with every message of the recording, in order. `each` may stop the reading with
/// an error of its own (an I/O error writing the report, say).
pub(crate) fn read(
    mut input: impl BufRead,
    mut each: impl FnMut(Record) -> Result<(), ReadError>,
) -> Result<(), ReadError> {
    // A byte order mark (a recording saved by a Windows editor) is not part of the JSON.
    if input.fill_buf().is_ok_and(|buf| buf.starts_with(b"\xEF\xBB\xBF")) {
        input.consume(3);
    }
    // Leading white space is skipped here, its lines counted: it may be longer than a buffer.
    let mut skipped_lines = 0;
    let first = loop {
        let buf = input.fill_buf().map_err(|e| ReadError::at(skipped_lines + 1, format!("cannot read: {e}")))?;
        if buf.is_empty() {
            break None;
        }
        if let Some(i) = buf.iter().position(|b| !b.is_ascii_whitespace()) {
            skipped_lines += buf[..i].iter().filter(|&&b| b == b'\n').count();
            let first = buf[i];
            input.consume(i);
            break Some(first);
        }
        let len = buf.len();
        skipped_lines += buf.iter().filter(|&&b| b == b'\n').count();
        input.consume(len);
    };
    match first {
        None => Ok(()),
        Some(b'[') => read_array(input, skipped_lines, &mut each),
        Some(_) => read_lines(input, skipped_lines, &mut each),
    }
}

fn read_lines(
    mut input: impl BufRead,
    skipped_lines: usize,
    each: &mut impl FnMut(Record) -> Result<(), ReadError>,
) -> Result<(), ReadError> {
    let mut buf = Vec::with_capacity(1 << 12);
    let mut line = skipped_lines;
    loop {
        buf.clear();
        let n = input.read_until(b'\n', &mut buf).map_err(|e| ReadError::at(line + 1, format!("cannot read: {e}")))?;
        if n == 0 {
            return Ok(());
        }
        line += 1;
        if buf.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        // Without its line end: an error at the end of the line is placed on it, not after it.
        let text = buf.strip_suffix(b"\n").unwrap_or(&buf);
        let text = text.strip_suffix(b"\r").unwrap_or(text);
        let value = parse(text, line)?;
        records_of(value, line, each)?;
    }
}

/// A recording that starts with `[`: a sequence of JSON values (one array, or JSON Lines whose
/// lines are batches), each array read one element at a time. Bytes are scanned for the end of
/// each element (depth and strings tracked), and only that element is parsed.
fn read_array(
    mut input: impl BufRead,
    skipped_lines: usize,
    each: &mut impl FnMut(Record) -> Result<(), ReadError>,
) -> Result<(), ReadError> {
    let mut scan = ValueScan { line: skipped_lines + 1, ..ValueScan::default() };
    loop {
        let buf = input.fill_buf().map_err(|e| ReadError::at(scan.line, format!("cannot read: {e}")))?;
        if buf.is_empty() {
            break;
        }
        let len = buf.len();
        for &b in buf {
            if scan.byte(b)? {
                scan.flush(each)?;
            }
        }
        input.consume(len);
    }
    if !scan.element.is_empty() {
        return Err(ReadError::at(
            scan.element_line,
            "the recording is cut short: the value that starts here is not closed",
        ));
    }
    if scan.depth > 0 {
        return Err(ReadError::at(scan.line, "the recording is cut short: the array is not closed"));
    }
    Ok(())
}

/// Where a scan of a sequence of JSON values is.
#[derive(Default)]
struct ValueScan {
    line: usize,
    /// The bytes of the element being read.
    element: Vec<u8>,
    element_line: usize,
    /// Brackets open around this byte: 0 between top-level values, 1 between the elements of a
    /// top-level array.
    depth: usize,
    /// The depth the current element started at (0: a top-level object, 1: an array element).
    base: usize,
    in_string: bool,
    escaped: bool,
}

impl ValueScan {
    /// Take one byte; `true` when it ends an element.
    fn byte(&mut self, b: u8) -> Result<bool, ReadError> {
        if b == b'\n' {
            self.line += 1;
        }
        if self.in_string {
            self.element.push(b);
            if self.escaped {
                self.escaped = false;
            } else if b == b'\\' {
                self.escaped = true;
            } else if b == b'"' {
                self.in_string = false;
            }
            return Ok(false);
        }
        if self.element.is_empty() {
            return self.between(b);
        }
        match b {
            // An array element ends at the comma or bracket after it.
            b',' if self.depth == 1 && self.base == 1 => return Ok(true),
            b']' if self.depth == 1 && self.base == 1 => {
                self.depth = 0;
                return Ok(true);
            }
            b'{' | b'[' => self.depth += 1,
            b'}' | b']' => {
                self.depth -= 1;
                if self.depth == 0 {
                    // A top-level object ends with its own brace.
                    self.element.push(b);
                    return Ok(true);
                }
            }
            b'"' => self.in_string = true,
            _ => {}
        }
        self.element.push(b);
        Ok(false)
    }

    /// A byte between values: white space, the brackets and commas of a top-level array, or the
    /// first byte of an element.
    fn between(&mut self, b: u8) -> Result<bool, ReadError> {
        if b.is_ascii_whitespace() {
            return Ok(false);
        }
        match (self.depth, b) {
            (0, b'[') | (1, b',') => {
                self.depth = 1;
                return Ok(false);
            }
            (1, b']') => {
                self.depth = 0;
                return Ok(false);
            }
            (0, b'{') => self.base = 0,
            (0, _) => return Err(ReadError::at(self.line, format!("unexpected `{}` between JSON values", b as char))),
            (_, _) => self.base = 1,
        }
        match b {
            b'{' | b'[' => self.depth += 1,
            b'"' => self.in_string = true,
            _ => {}
        }
        self.element_line = self.line;
        self.element.push(b);
        Ok(false)
    }

    fn flush(&mut self, each: &mut impl FnMut(Record) -> Result<(), ReadError>) -> Result<(), ReadError> {
        let line = self.element_line;
        let value = parse(&self.element, line)?;
        self.element.clear();
        records_of(value, line, each)
    }
}

/// How deep a value of a recording may nest. serde_json stops at 128 by default, and `record`
/// writes each message (which may nest 128 deep) inside an entry of its own.
pub const MAX_VALUE_DEPTH: usize = 512;

/// One JSON value of the recording, which starts on `line`: nested up to [`MAX_VALUE_DEPTH`]
/// (counted on the bytes first, so that serde_json, which recurses, never goes deeper).
fn parse(text: &[u8], line: usize) -> Result<Value, ReadError> {
    let (mut depth, mut deepest, mut in_string, mut escaped, mut at_line) = (0usize, 0usize, false, false, line);
    for &b in text {
        match b {
            _ if escaped => escaped = false,
            b'\\' if in_string => escaped = true,
            b'"' => in_string = !in_string,
            b'\n' => at_line += 1,
            b'{' | b'[' if !in_string => {
                depth += 1;
                if depth > deepest {
                    deepest = depth;
                    if deepest > MAX_VALUE_DEPTH {
                        return Err(ReadError::at(
                            at_line,
                            format!("a value nests deeper than {MAX_VALUE_DEPTH} levels"),
                        ));
                    }
                }
            }
            b'}' | b']' if !in_string => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    let mut de = serde_json::Deserializer::from_slice(text);
    de.disable_recursion_limit();
    let value = serde::Deserialize::deserialize(&mut de).and_then(|v: Value| de.end().map(|()| v));
    value.map_err(|e| ReadError::json(line, &e))
}

/// The messages one JSON value of a recording holds: a message, a wrapped message, or a batch.
fn records_of(
    value: Value,
    line: usize,
    each: &mut impl FnMut(Record) -> Result<(), ReadError>,
) -> Result<(), ReadError> {
    match value {
        Value::Array(batch) => {
            for message in batch {
                each(Record { line, direction: Direction::Unknown, item: Item::Message(message_of(message, line)?) })?;
            }
            Ok(())
        }
        Value::Object(mut object) => {
            if is_message(&object) {
                return each(Record {
                    line,
                    direction: Direction::Unknown,
                    item: Item::Message(Value::Object(object)),
                });
            }
            let direction = match object.get("direction") {
                None | Some(Value::Null) => Direction::Unknown,
                Some(Value::String(s)) => Direction::parse(s).ok_or_else(|| {
                    ReadError::at(line, format!("unknown direction `{s}`: use one of {DIRECTION_NAMES}"))
                })?,
                Some(other) => return Err(ReadError::at(line, format!("`direction` is {other}, not a string"))),
            };
            match object.remove("message") {
                Some(Value::Array(batch)) => {
                    for message in batch {
                        each(Record { line, direction, item: Item::Message(message_of(message, line)?) })?;
                    }
                    Ok(())
                }
                Some(message) => each(Record { line, direction, item: Item::Message(message_of(message, line)?) }),
                None => match object.remove("text") {
                    Some(Value::String(text)) => each(Record { line, direction, item: Item::Text(text) }),
                    _ => Err(not_a_message(line)),
                },
            }
        }
        _ => Err(not_a_message(line)),
    }
}

fn message_of(value: Value, line: usize) -> Result<Value, ReadError> {
    match &value {
        Value::Object(o) if is_message(o) => Ok(value),
        _ => Err(not_a_message(line)),
    }
}

/// A JSON-RPC request or notification (`method`) or response (`id` with `result` or `error`).
fn is_message(object: &serde_json::Map<String, Value>) -> bool {
    object.contains_key("method")
        || object.contains_key("id") && (object.contains_key("result") || object.contains_key("error"))
}

fn not_a_message(line: usize) -> ReadError {
    ReadError::at(
        line,
        "not a JSON-RPC message (an object with `method`, or `id` and `result` or `error`), \
         nor one wrapped as {\"direction\": ..., \"message\": {...}}",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(text: &str) -> Result<Vec<(usize, Direction, String)>, ReadError> {
        let mut out = Vec::new();
        read(text.as_bytes(), |r| {
            let item = match r.item {
                Item::Message(v) => v.to_string(),
                Item::Text(t) => format!("text:{t}"),
            };
            out.push((r.line, r.direction, item));
            Ok(())
        })?;
        Ok(out)
    }

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_recording() {
        let text = "\u{feff}{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}\n";
        let read = read_all(text).unwrap();
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].2, r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#);
        let array = format!("\u{feff}[{}]", &text[3..text.len() - 1]);
        assert_eq!(read_all(&array).unwrap().len(), 1, "an array too");
    }

    #[test]
    fn a_message_as_deep_as_record_keeps_it_is_read_and_a_deeper_one_is_an_error() {
        // `record` keeps a message that serde_json reads (128 levels) inside an entry of its own.
        let deep = |n: usize| format!("{}1{}", "[".repeat(n), "]".repeat(n));
        let entry = format!(
            "{{\"timestamp\":\"t\",\"direction\":\"client\",\"message\":{{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}}}}\n",
            deep(127)
        );
        assert_eq!(read_all(&entry).unwrap().len(), 1);
        assert_eq!(read_all(&format!("[{}]", entry.trim_end())).unwrap().len(), 1, "in an array too");
        let too_deep = format!("{{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}}\n", deep(100_000));
        let e = read_all(&format!("\n{too_deep}")).unwrap_err();
        assert_eq!((e.line, e.message.as_str()), (2, "a value nests deeper than 512 levels"));
    }

    #[test]
    fn json_lines_with_blank_lines_batches_and_wrappers() {
        let text = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}\n\n\
            [{\"method\":\"a\"},{\"method\":\"b\"}]\n\
            {\"direction\":\"server-to-client\",\"timestamp\":\"x\",\"message\":{\"id\":1,\"result\":{}}}\n\
            {\"direction\":\"s2c\",\"text\":\"log line\"}";
        let got = read_all(text).unwrap();
        let lines: Vec<_> = got.iter().map(|(l, d, _)| (*l, *d)).collect();
        assert_eq!(
            lines,
            [
                (1, Direction::Unknown),
                (3, Direction::Unknown),
                (3, Direction::Unknown),
                (4, Direction::ToClient),
                (5, Direction::ToClient)
            ]
        );
        assert_eq!(got[4].2, "text:log line");
    }

    #[test]
    fn an_array_is_read_element_by_element_with_lines() {
        let text = "\n[\n  {\"method\": \"a\", \"params\": {\"s\": \"],\\\"[{\"}},\n  {\n \"id\": 2, \"result\": {}\n  }\n]\n\n";
        let got = read_all(text).unwrap();
        assert_eq!(got.iter().map(|g| g.0).collect::<Vec<_>>(), [3, 4]);
        assert_eq!(got[0].2, r#"{"method":"a","params":{"s":"],\"[{"}}"#);
        assert_eq!(read_all("[]").unwrap(), []);
        // JSON Lines whose lines are batches: a sequence of arrays, objects between them.
        let batches = "[{\"method\":\"a\"},{\"method\":\"b\"}]\n{\"method\":\"c\"}\n[{\"id\":1,\"result\":{}}]\n";
        let got = read_all(batches).unwrap();
        assert_eq!(got.iter().map(|g| g.0).collect::<Vec<_>>(), [1, 1, 2, 3]);
    }

    #[test]
    fn anything_else_is_an_error_with_its_line() {
        let err = |t: &str| read_all(t).unwrap_err();
        assert_eq!(err("{\"method\":\"a\"}\nnot json\n").line, 2);
        assert_eq!(err("{\"method\":\"a\"}\n{\"x\":1}\n").line, 2);
        assert!(err("{\"x\":1}").message.contains("not a JSON-RPC message"));
        assert_eq!(err("{\"direction\":\"up\",\"message\":{\"method\":\"a\"}}").line, 1);
        assert!(err("{\"direction\":\"up\",\"message\":{\"method\":\"a\"}}").message.contains("unknown direction"));
        assert_eq!(err("[\n{\"method\":\"a\"},\n{\"method\":\n").line, 3);
        assert_eq!(err("[\n{\"method\":\"a\"},\n").line, 3);
        assert_eq!(err("[\n{\"method\":\"a\"},\n\n{\"method\" 1}]").line, 4);
        assert_eq!(err("[{\"method\":\"a\"}]\nx").line, 2);
        assert_eq!(err("[\n1]").line, 2);
        assert!(err("[\n1]").message.contains("not a JSON-RPC message"));
    }
}
