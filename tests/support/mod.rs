//! Shared by the integration tests: run the real binary from a fixture's directory, as a user
//! would, and hand back what it printed with the fixture's absolute path taken out of it, so
//! snapshots are the same on every machine; or run it on a path, as the conformance tests do.

#![allow(dead_code)] // each test file uses a part

use std::path::{Path, PathBuf};
use std::process::Command;

pub mod code_scanning;
pub mod listing;
pub mod workflow;

/// What one run printed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// The status, stdout and stderr as one text, for a single snapshot of a run.
    pub fn transcript(&self) -> String {
        format!("exit: {:?}\n--- stdout\n{}--- stderr\n{}", self.code, self.stdout, self.stderr)
    }
}

/// `testdata/<rel>`, absolute.
pub fn testdata(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata").join(rel)
}

/// Run `mcp-schema ARGS` with `dir` as the current directory, without colour.
pub fn run_in(dir: &Path, args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_mcp-schema"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        .output()
        .expect("the binary runs");
    // Every SARIF log a test makes is one code scanning accepts.
    if code_scanning::asks_for_sarif(args) {
        code_scanning::assert_accepted(&String::from_utf8_lossy(&out.stdout));
    }
    let root = testdata("");
    let clean = |b: &[u8]| String::from_utf8_lossy(b).replace(root.to_str().unwrap(), "[TESTDATA]/");
    Run { code: out.status.code(), stdout: clean(&out.stdout), stderr: clean(&out.stderr) }
}

/// Run `mcp-schema generate EXTRA... DIR` from the test's directory, output as printed.
pub fn generate_at(dir: &Path, extra: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_mcp-schema"))
        .arg("generate")
        .args(extra)
        .arg(dir)
        .output()
        .expect("the binary runs");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// A JSON file of the test data.
pub fn read_json(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// What a run of the binary printed, as one transcript ([`Run::transcript`]), with `dir` (the
/// temporary directory it ran in or on) written `[DIR]` and `testdata/` written `[TESTDATA]/`,
/// so that a snapshot is the same on every machine.
pub fn transcript_in(out: &std::process::Output, dir: &Path) -> String {
    let mut dirs = vec![dir.to_string_lossy().into_owned()];
    if let Ok(canonical) = dir.canonicalize() {
        dirs.insert(0, canonical.to_string_lossy().into_owned());
    }
    let root = testdata("");
    let clean = |b: &[u8]| {
        let mut text = String::from_utf8_lossy(b).into_owned();
        for d in &dirs {
            text = text.replace(d.as_str(), "[DIR]");
        }
        text.replace(root.to_str().unwrap(), "[TESTDATA]/")
    };
    Run { code: out.status.code(), stdout: clean(&out.stdout), stderr: clean(&out.stderr) }.transcript()
}

/// Run `command` with stdout and stderr captured, killed once it runs past `limit`: `None` when
/// it was. The pipes are read as it runs, so a run that prints more than a pipe holds is not
/// taken for a hung one.
pub fn output_within(command: &mut Command, limit: std::time::Duration) -> Option<std::process::Output> {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            pipe.read_to_end(&mut bytes).map(|_| bytes).unwrap_or_default()
        })
    };
    let stdout = drain(Box::new(child.stdout.take().unwrap()));
    let stderr = drain(Box::new(child.stderr.take().unwrap()));
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if start.elapsed() > limit {
            child.kill().unwrap();
            child.wait().unwrap();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    };
    let (stdout, stderr) = (stdout.join().unwrap(), stderr.join().unwrap());
    status.map(|status| std::process::Output { status, stdout, stderr })
}
