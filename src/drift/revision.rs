//! The sources as they were at a git revision (`check --baseline REV`): the tree of `REV`
//! unpacked in a temporary directory and the manifest generated there, for its source map, so
//! that a change that removed something points at where it was written.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::check::{baseline, Report};
use crate::config::Flags;
use crate::manifest::Manifest;
use crate::session::Session;
use crate::source_map::changes;

/// Point the changes of `report` that removed something from `old` (the manifest at `rev`) at
/// where it was written at `rev`: the manifest of `session`'s crate is generated in the tree of
/// `rev` with its flags, their paths taken inside that tree (a server of `[[servers]]`, which has
/// no paths: its crate, and its server type). Best effort: a baseline that cannot be rebuilt
/// leaves those changes without a source.
pub(super) fn attach_removed(report: &mut Report, old: &Manifest, rev: &str, session: &Session) {
    if !changes::removes_something(report) {
        return;
    }
    let flags = session.flags();
    let Ok((tree, cwd)) = extract(rev) else { return };
    let here = std::env::current_dir().unwrap_or_default();
    let paths = if flags.paths.is_empty() { vec![session.config().crate_root()] } else { flags.paths.clone() };
    // Inside the tree: a path from the current directory (an absolute one made relative to it).
    let there: Vec<PathBuf> = paths.iter().map(|p| cwd.join(p.strip_prefix(&here).unwrap_or(p))).collect();
    let mut flags = Flags { paths: there, ..flags.clone() };
    if flags.rmcp.server.is_none() {
        flags.rmcp.server = session.config().server_type().map(str::to_owned);
    }
    let Ok(session) = Session::discover(flags) else { return };
    let outcome = session.generate();
    changes::attach_removed(report, old, rev, &outcome.source_map, &cwd);
    drop(tree);
}

/// The repository's tree at `rev`, written to a temporary directory (`git archive`, unpacked by
/// `tar`), and the directory in it that stands for the current directory: what the baseline's
/// sources were, to find where a removed item was written.
fn extract(rev: &str) -> Result<(tempfile::TempDir, PathBuf), String> {
    let here = Path::new(".");
    let prefix = baseline::git(here, &["rev-parse", "--show-prefix"])?;
    let top = baseline::git(here, &["rev-parse", "--show-toplevel"])?;
    let tmp = tempfile::Builder::new().prefix("mcp-schema-baseline-").tempdir().map_err(|e| e.to_string())?;
    let archive = Command::new("git")
        .arg("-C")
        .arg(top.trim())
        .args(["archive", "--format=tar", rev])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot run git: {e}"))?;
    let stdout = archive.stdout.ok_or("git archive has no output")?;
    let status = Command::new("tar")
        .arg("-x")
        .arg("-C")
        .arg(tmp.path())
        .stdin(stdout)
        .stderr(std::process::Stdio::null())
        .status()
        .map_err(|e| format!("cannot run tar: {e}"))?;
    if !status.success() {
        return Err(format!("cannot unpack the tree of {rev}"));
    }
    let cwd = tmp.path().join(prefix.trim());
    Ok((tmp, cwd))
}
