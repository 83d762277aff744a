//! `generate -o` writes regular files only (or `-`, standard output): a FIFO, `/dev/stdout` in a
//! pipe, a directory are refused with an error naming the path, and left as they are. (A device
//! node is refused the same way; no test writes near one.)

use std::process::{Command, Stdio};

use crate::support::{testdata, transcript_in};

fn generate_to(target: &std::path::Path, _dir: &std::path::Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mcp-schema"))
        .args(["generate", "--profile", "rmcp", "--server", "Archive", "-o"])
        .arg(target)
        .current_dir(testdata("rmcp/patterns/root-title-description"))
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .expect("the binary runs")
}

#[test]
fn a_fifo_is_refused_without_waiting_for_a_reader() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: making a FIFO at a path of our temporary directory.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    let out = generate_to(&fifo, dir.path());
    insta::assert_snapshot!("fifo", transcript_in(&out, dir.path()));
    let kind = std::fs::metadata(&fifo).unwrap().file_type();
    assert!(std::os::unix::fs::FileTypeExt::is_fifo(&kind), "the FIFO is left as it is");
}

#[test]
fn dev_stdout_in_a_pipe_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = generate_to(std::path::Path::new("/dev/stdout"), dir.path());
    insta::assert_snapshot!("dev_stdout", transcript_in(&out, dir.path()));
}

#[test]
fn a_directory_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = generate_to(dir.path(), dir.path());
    insta::assert_snapshot!("directory", transcript_in(&out, dir.path()));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "nothing written into it");
}
