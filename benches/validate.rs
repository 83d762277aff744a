//! Benchmark: `mcp-schema validate` on synthetic recordings of N tool calls (a request and its
//! response each, as JSON Lines), against a synthetic manifest of 20 tools.
//!
//!     cargo bench --bench validate [-- CALLS...]      # default: 100,000 and 1,000,000 calls
//!
//! Prints, per size: the recording's size, the best wall time of the release binary (as a
//! process, its start-up included), its best CPU time (user + system, from `wait4`), tool calls
//! per CPU second, and the process's peak resident memory (from `wait4`). `validate` runs on one
//! thread, so its CPU time is its time on one core; on a shared machine the wall time also
//! counts the time the process waited for a core.
//!
//! One call in a thousand has arguments the schema refuses, so the reporting path runs too
//! (its report goes to /dev/null).

use std::io::{BufWriter, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

const RUNS: usize = 3;
const TOOLS: usize = 20;

fn main() {
    let mut sizes: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    if sizes.is_empty() {
        sizes = vec![100_000, 1_000_000];
    }
    let bin = env!("CARGO_BIN_EXE_mcp-schema");
    let dir = tempfile::tempdir().unwrap();
    let manifest = dir.path().join("mcp-tools.json");
    std::fs::write(&manifest, serde_json::to_string_pretty(&json!({ "tools": tools() })).unwrap()).unwrap();
    println!("{RUNS} runs per figure, best wall time; {TOOLS} tools");
    println!(
        "{:>10} {:>10} {:>10} {:>10} {:>14} {:>10}",
        "calls", "recording", "wall", "CPU", "calls/CPU s", "peak RSS"
    );
    for calls in sizes {
        let recording = dir.path().join(format!("traffic-{calls}.jsonl"));
        let bytes = write_recording(&recording, calls);
        let (mut best_wall, mut best_cpu) = (Duration::MAX, Duration::MAX);
        let mut peak = 0;
        for _ in 0..RUNS {
            let (wall, cpu, rss) = validate(bin, &manifest, &recording, calls);
            best_wall = best_wall.min(wall);
            best_cpu = best_cpu.min(cpu);
            peak = peak.max(rss);
        }
        println!(
            "{:>10} {:>8.1}MB {:>8.0}ms {:>8.0}ms {:>14.0} {:>8.1}MB",
            calls,
            bytes as f64 / 1e6,
            best_wall.as_secs_f64() * 1e3,
            best_cpu.as_secs_f64() * 1e3,
            calls as f64 / best_cpu.as_secs_f64(),
            peak as f64 / 1e3
        );
        std::fs::remove_file(&recording).unwrap();
    }
}

/// Twenty tools in the shapes rmcp publishes: `$defs` and `$ref`, enums, ranges, optional
/// fields as `["T", "null"]`, arrays of objects; an outputSchema on every other tool.
fn tools() -> Vec<Value> {
    (0..TOOLS)
        .map(|i| {
            let mut tool = json!({
                "name": format!("tool_{i}"),
                "description": format!("Tool number {i}."),
                "inputSchema": {
                    "$schema": "https://json-schema.org/draft/2020-12/schema",
                    "type": "object",
                    "properties": {
                        "query": {"type": "string", "minLength": 1},
                        "limit": {"type": ["integer", "null"], "format": "uint32", "minimum": 0, "maximum": 1000},
                        "order": {"$ref": "#/$defs/Order"},
                        "filter": {"$ref": "#/$defs/Filter"},
                        "tags": {"type": "array", "items": {"type": "string"}}
                    },
                    "required": ["query", "order"],
                    "$defs": {
                        "Order": {"type": "string", "enum": ["asc", "desc"]},
                        "Filter": {
                            "type": "object",
                            "properties": {"field": {"type": "string"}, "value": {"type": "number"}},
                            "required": ["field", "value"]
                        }
                    }
                }
            });
            if i % 2 == 0 {
                tool["outputSchema"] = json!({
                    "$schema": "https://json-schema.org/draft/2020-12/schema",
                    "type": "object",
                    "properties": {
                        "total": {"type": "integer", "minimum": 0},
                        "items": {"type": "array", "items": {"$ref": "#/$defs/Item"}}
                    },
                    "required": ["total", "items"],
                    "$defs": {"Item": {
                        "type": "object",
                        "properties": {"id": {"type": "string"}, "score": {"type": "number"}},
                        "required": ["id", "score"]
                    }}
                });
            }
            tool
        })
        .collect()
}

/// `calls` tool calls, each a request line and a response line; returns the file's size.
fn write_recording(path: &Path, calls: u64) -> u64 {
    let mut out = BufWriter::with_capacity(1 << 20, std::fs::File::create(path).unwrap());
    for id in 0..calls {
        let tool = (id % TOOLS as u64) as usize;
        let query = if id % 1000 == 999 { json!(42) } else { json!(format!("search term {id}")) };
        let request = json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {
            "name": format!("tool_{tool}"),
            "arguments": {"query": query, "limit": 10, "order": "desc",
                "filter": {"field": "price", "value": 12.5}, "tags": ["a", "b"]}
        }});
        let structured = json!({"total": 2, "items": [{"id": "x1", "score": 0.5}, {"id": "x2", "score": 0.25}]});
        let mut result = json!({"content": [{"type": "text", "text": structured.to_string()}]});
        if tool % 2 == 0 {
            result["structuredContent"] = structured;
        }
        let response = json!({"jsonrpc": "2.0", "id": id, "result": result});
        serde_json::to_writer(&mut out, &request).unwrap();
        out.write_all(b"\n").unwrap();
        serde_json::to_writer(&mut out, &response).unwrap();
        out.write_all(b"\n").unwrap();
    }
    out.flush().unwrap();
    std::fs::metadata(path).unwrap().len()
}

/// One `validate` run: wall time, CPU time (user + system) and peak RSS in kB (from wait4).
fn validate(bin: &str, manifest: &Path, recording: &Path, calls: u64) -> (Duration, Duration, i64) {
    let start = Instant::now();
    #[allow(clippy::zombie_processes)] // reaped by wait4 below, which also gives its peak memory
    let child = Command::new(bin)
        .arg("validate")
        .arg("--manifest")
        .arg(manifest)
        .arg(recording)
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let mut status = 0;
    // SAFETY: rusage is plain data, and the pid is our own child, reaped here exactly once.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = unsafe { libc::wait4(child.id() as i32, &mut status, 0, &mut usage) };
    let wall = start.elapsed();
    assert_eq!(pid, child.id() as i32);
    // One call in a thousand is a violation: exit 1 when there is one.
    let expected = if calls >= 1000 { 1 } else { 0 };
    assert!(libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == expected, "validate failed");
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    (wall, time(usage.ru_utime) + time(usage.ru_stime), usage.ru_maxrss)
}
