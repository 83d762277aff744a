//! `mcp-schema record -o FILE -- COMMAND ARGS...`: a stdio proxy in front of an MCP server.
//!
//! It starts the server, passes every byte through unchanged in both directions (each chunk as it
//! is read: no line buffering, a partial line goes through at once), and appends each message to
//! FILE as one JSON line `{"timestamp", "direction", "message"}` (`"text"` instead of `"message"`
//! for a line that is not JSON). The server's stderr is the proxy's. The proxy ends when the
//! server's stdout does and the server has exited, with the server's exit status.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use clap::Args;
use mcp_schema::diagnostics::{Code, Diagnostic};

use super::diagnostics::fail;

pub(crate) const EXAMPLES: &str = "\
Examples:
  mcp-schema record -o traffic.jsonl -- cargo run --quiet --bin my-server
                                               in a client's config, in place of the server
  mcp-schema validate traffic.jsonl            then: the traffic against the manifest

Exit status: the server's (128 + the signal when a signal ended it), 2 when FILE cannot be opened
or the server cannot be started";

#[derive(Args)]
pub(crate) struct RecordArgs {
    /// Append every message to FILE, as JSON Lines (created if needed)
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
    /// The server's command and its arguments, after `--`
    #[arg(last = true, required = true, value_name = "COMMAND")]
    command: Vec<OsString>,
}

/// The recording file, shared by the two directions; one message is written (and flushed) at a
/// time, so lines never interleave and a crash loses nothing already passed through.
type Recorder = Arc<Mutex<BufWriter<File>>>;

#[derive(Clone, Copy)]
enum Direction {
    ToServer,
    ToClient,
}

impl Direction {
    fn name(self) -> &'static str {
        match self {
            Direction::ToServer => "client-to-server",
            Direction::ToClient => "server-to-client",
        }
    }
}

pub(crate) fn run(args: RecordArgs) -> u8 {
    super::setup_miette();
    let file = match std::fs::OpenOptions::new().create(true).append(true).open(&args.output) {
        Ok(f) => f,
        Err(e) => {
            let d = Diagnostic::error(Code::RecordOutput, format!("cannot open {}: {e}", args.output.display()))
                .in_file(&args.output);
            return fail(d);
        }
    };
    let recorder: Recorder = Arc::new(Mutex::new(BufWriter::new(file)));
    let (program, rest) = args.command.split_first().expect("clap requires a command");
    let spawned = Command::new(program).args(rest).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn();
    let mut child = match spawned {
        Ok(c) => c,
        Err(e) => {
            let d = Diagnostic::error(
                Code::RecordCommand,
                format!("cannot start the server `{}`: {e}", program.to_string_lossy()),
            )
            .with_help("give the command that starts the server over stdio after `--`");
            return fail(d);
        }
    };
    let to_server = child.stdin.take().expect("piped");
    let from_server = child.stdout.take().expect("piped");
    let rec = recorder.clone();
    // Not joined: it may wait on our stdin for ever after the server is gone. It closes the
    // server's stdin when the client closes ours.
    std::thread::spawn(move || pump(io::stdin().lock(), to_server, Direction::ToServer, &rec));
    let rec = recorder.clone();
    let back = std::thread::spawn(move || pump(from_server, io::stdout().lock(), Direction::ToClient, &rec));
    let _ = back.join();
    let status = child.wait();
    if let Ok(mut r) = recorder.lock() {
        let _ = r.flush();
    }
    match status {
        Ok(status) => exit_code(status),
        Err(e) => {
            say!("error: cannot wait for the server: {e}");
            2
        }
    }
}

/// The server's exit status as ours: its code, or 128 + the signal that ended it (as a shell).
fn exit_code(status: std::process::ExitStatus) -> u8 {
    if let Some(code) = status.code() {
        return (code & 0xff) as u8;
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return (128 + signal) as u8;
        }
    }
    2
}

/// Copy `from` to `to` chunk by chunk, each flushed at once, and record every line that passes.
/// When `to` is gone (the server exited, the client hung up), the rest of `from` is still read
/// and recorded, so the other side never blocks on a full pipe.
fn pump(from: impl Read, to: impl Write, direction: Direction, recorder: &Recorder) {
    pump_lines(from, to, direction, recorder, MAX_RECORDED_LINE)
}

/// The longest line recorded (64 MiB): a longer one, or one that never ends, is forwarded whole
/// but recorded as a note of its length, so that the proxy holds at most this much of it.
const MAX_RECORDED_LINE: usize = 64 << 20;

/// [`pump`], recording lines of up to `max_line` bytes.
fn pump_lines(mut from: impl Read, mut to: impl Write, direction: Direction, recorder: &Recorder, max_line: usize) {
    let mut buf = vec![0u8; 1 << 16];
    let mut line = Vec::new();
    // The length of a line past `max_line`, whose bytes are no longer kept.
    let mut overlong: Option<usize> = None;
    let mut forwarding = true;
    loop {
        let n = match from.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        let chunk = &buf[..n];
        if forwarding && to.write_all(chunk).and_then(|()| to.flush()).is_err() {
            forwarding = false;
        }
        let mut rest = chunk;
        let keep = |line: &mut Vec<u8>, overlong: &mut Option<usize>, part: &[u8]| match overlong {
            Some(n) => *n += part.len(),
            None if line.len() + part.len() > max_line => {
                *overlong = Some(line.len() + part.len());
                *line = Vec::new();
            }
            None => line.extend_from_slice(part),
        };
        while let Some(i) = rest.iter().position(|&b| b == b'\n') {
            keep(&mut line, &mut overlong, &rest[..i]);
            record_line(recorder, direction, &line, overlong.take());
            line.clear();
            rest = &rest[i + 1..];
        }
        keep(&mut line, &mut overlong, rest);
    }
    // A last message without its newline is still a message.
    record_line(recorder, direction, &line, overlong);
    // Dropping `to` closes the pipe: the server sees the end of its input.
}

/// Record `line`, or for a line of `overlong` bytes, that it was too long to keep.
fn record_line(recorder: &Recorder, direction: Direction, line: &[u8], overlong: Option<usize>) {
    match overlong {
        Some(n) => record(
            recorder,
            direction,
            format!("[a line of {n} bytes, longer than mcp-schema record keeps]").as_bytes(),
        ),
        None => record(recorder, direction, line),
    }
}

/// Append one line to the recording: as `message` when it is a JSON object or array, else as
/// `text`. Blank lines are not messages.
fn record(recorder: &Recorder, direction: Direction, line: &[u8]) {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return;
    }
    let first = line.iter().find(|b| !b.is_ascii_whitespace());
    let is_message =
        matches!(first, Some(b'{' | b'[')) && serde_json::from_slice::<serde::de::IgnoredAny>(line).is_ok();
    let mut entry = Vec::with_capacity(line.len() + 96);
    entry.extend_from_slice(b"{\"timestamp\":\"");
    entry.extend_from_slice(timestamp(SystemTime::now()).as_bytes());
    entry.extend_from_slice(b"\",\"direction\":\"");
    entry.extend_from_slice(direction.name().as_bytes());
    if is_message {
        // The message exactly as it went: its own bytes, not a re-serialisation.
        entry.extend_from_slice(b"\",\"message\":");
        entry.extend_from_slice(line);
    } else {
        entry.extend_from_slice(b"\",\"text\":");
        let text = serde_json::to_string(&String::from_utf8_lossy(line)).expect("a string serialises");
        entry.extend_from_slice(text.as_bytes());
    }
    entry.extend_from_slice(b"}\n");
    let Ok(mut out) = recorder.lock() else { return };
    if out.write_all(&entry).and_then(|()| out.flush()).is_err() {
        say!("warning: mcp-schema record: cannot write the recording");
    }
}

/// RFC 3339 in UTC with milliseconds: `2026-11-30T16:25:30.123Z`.
fn timestamp(at: SystemTime) -> String {
    let since = at.duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = since.as_secs();
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{:03}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60,
        since.subsec_millis()
    )
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_longer_than_the_limit_is_forwarded_whole_and_recorded_as_its_length() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("rec.jsonl");
        let recorder: Recorder = Arc::new(Mutex::new(BufWriter::new(File::create(&path).unwrap())));
        let long = "x".repeat(300_000);
        let input = format!("{{\"id\":1}}\n{long}\n{{\"id\":2}}\n{long}");
        let mut forwarded = Vec::new();
        pump_lines(input.as_bytes(), &mut forwarded, Direction::ToServer, &recorder, 100_000);
        assert_eq!(forwarded, input.as_bytes(), "forwarded whole");
        drop(recorder);
        let recorded = std::fs::read_to_string(&path).unwrap();
        let kept: Vec<String> = recorded
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                v.get("message").map_or_else(|| v["text"].as_str().unwrap().to_owned(), |m| m.to_string())
            })
            .collect();
        let note = "[a line of 300000 bytes, longer than mcp-schema record keeps]";
        assert_eq!(kept, [r#"{"id":1}"#, note, r#"{"id":2}"#, note], "the unterminated last line too");
    }

    #[test]
    fn timestamps_are_rfc3339_utc() {
        assert_eq!(timestamp(UNIX_EPOCH), "1970-01-01T00:00:00.000Z");
        let at = UNIX_EPOCH + std::time::Duration::from_millis(1_796_056_530_123);
        assert_eq!(timestamp(at), "2026-11-30T16:35:30.123Z");
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }
}
