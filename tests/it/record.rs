//! `mcp-schema record`: the proxy is transparent (bytes in equal bytes out, partial lines and a
//! server that exits early included), passes the server's exit status on, and writes a
//! recording `validate` reads. The servers are `cat` and `sh`, so the tests stay fast.

use crate::support;

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::Value;

fn proxy(recording: &Path, server: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_mcp-schema"))
        .arg("record")
        .arg("-o")
        .arg(recording)
        .arg("--")
        .args(server)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// Write `chunks` to the child's stdin one at a time (with a pause, so each is its own read on
/// the other side), close it, and collect what comes out.
fn talk(mut child: Child, chunks: &[&[u8]]) -> (Option<i32>, Vec<u8>, String) {
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        stdout.read_to_end(&mut out).unwrap();
        out
    });
    for chunk in chunks {
        // The server may be gone already: what it does not read is not the test's concern.
        if stdin.write_all(chunk).and_then(|()| stdin.flush()).is_err() {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(stdin);
    let out = reader.join().unwrap();
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    let status = child.wait().unwrap();
    (status.code(), out, err)
}

fn lines_of(recording: &Path) -> Vec<Value> {
    std::fs::read_to_string(recording).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

const INIT: &[u8] = br#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25"}}"#;

#[test]
fn bytes_in_are_bytes_out_partial_lines_included() {
    let dir = tempfile::tempdir().unwrap();
    let recording = dir.path().join("traffic.jsonl");
    // A message split across writes, one with CRLF, a line that is not JSON, bytes that are not
    // UTF-8, and a last message without its newline.
    let chunks: &[&[u8]] = &[
        &INIT[..30],
        &INIT[30..],
        b"\n{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\r\n",
        b"not json \xff\xfe\n",
        b"{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
    ];
    let (code, out, err) = talk(proxy(&recording, &["cat"]), chunks);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, chunks.concat(), "what cat echoed came back unchanged");

    let lines = lines_of(&recording);
    let of = |direction: &str| -> Vec<&Value> { lines.iter().filter(|l| l["direction"] == direction).collect() };
    let (to_server, to_client) = (of("client-to-server"), of("server-to-client"));
    assert_eq!((to_server.len(), to_client.len()), (4, 4), "{lines:#?}");
    for side in [&to_server, &to_client] {
        assert_eq!(side[0]["message"]["method"], "initialize", "the split message, whole");
        assert_eq!(side[1]["message"]["method"], "notifications/initialized");
        assert_eq!(side[2]["text"], "not json \u{fffd}\u{fffd}");
        assert_eq!(side[3]["message"]["id"], 2, "the last message, without its newline");
        assert!(side.iter().all(|l| l["timestamp"].as_str().is_some_and(|t| t.ends_with('Z') && t.len() == 24)));
    }
}

#[test]
fn a_server_that_exits_early_has_its_output_and_status_passed_on() {
    let dir = tempfile::tempdir().unwrap();
    let recording = dir.path().join("traffic.jsonl");
    let server =
        ["sh", "-c", "read line; echo \"{\\\"jsonrpc\\\":\\\"2.0\\\",\\\"id\\\":1,\\\"result\\\":{}}\"; exit 3"];
    let chunks: &[&[u8]] = &[INIT, b"\n", b"{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}\n"];
    let (code, out, err) = talk(proxy(&recording, &server), chunks);
    assert_eq!(code, Some(3), "{err}");
    assert_eq!(out, b"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n");
    let lines = lines_of(&recording);
    let answer: Vec<_> = lines.iter().filter(|l| l["direction"] == "server-to-client").collect();
    assert_eq!(answer.len(), 1);
    assert_eq!(answer[0]["message"]["result"], serde_json::json!({}));
}

#[test]
fn a_server_killed_by_a_signal_exits_as_a_shell_says() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, _) = talk(proxy(&dir.path().join("r.jsonl"), &["sh", "-c", "kill -9 $$"]), &[]);
    assert_eq!((code, out.len()), (Some(137), 0));
}

#[test]
fn a_command_that_cannot_start_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let (code, _, err) = talk(proxy(&dir.path().join("r.jsonl"), &["/nonexistent/server"]), &[]);
    assert_eq!(code, Some(2));
    assert!(err.contains("record-command") && err.contains("/nonexistent/server"), "{err}");
}

#[test]
fn help_says_this_is_the_only_command_that_runs_user_code() {
    let run = support::run_in(Path::new("."), &["record", "--help"]);
    assert!(run.stdout.contains("the only command that runs user code"), "{}", run.stdout);
    let top = support::run_in(Path::new("."), &["--help"]);
    assert!(top.stdout.contains("the only command that runs user code"), "{}", top.stdout);
}

#[test]
fn a_recording_is_validated_against_the_manifest() {
    let dir = tempfile::tempdir().unwrap();
    let recording = dir.path().join("traffic.jsonl");
    // `cat` answers every request with itself: the calls come back as requests, which is fine;
    // what matters is that the arguments of each call are checked.
    let call = br#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":"x"}}}"#;
    let (code, _, err) = talk(proxy(&recording, &["cat"]), &[call, b"\n"]);
    assert_eq!(code, Some(0), "{err}");
    let manifest = support::testdata("recordings/server/mcp-tools.json");
    let run = support::run_in(
        dir.path(),
        &["validate", "--manifest", manifest.to_str().unwrap(), recording.to_str().unwrap()],
    );
    assert_eq!(run.code, Some(1), "{}", run.transcript());
    assert_eq!(run.stdout.matches("error[invalid-arguments]: tool `add` at /b").count(), 2, "{}", run.stdout);
}
