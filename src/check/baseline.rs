//! `check --baseline REV`: the manifest as it was at a git revision, read with the `git` command
//! (the user's own git, with their configuration, credentials and object store; no git library
//! to keep in step with it).
//!
//! A revision git does not know is an error; a manifest the revision does not have is an empty
//! manifest (every tool of the pull request is then added).

#![allow(clippy::result_large_err)] // `Diagnostic` is the crate's error type

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::diagnostics::{Code, Diagnostic};
use crate::manifest::Manifest;

/// The manifest at `path` (a file of the working tree, which need not exist there) as it was at
/// `rev`, and whether the revision had it.
#[derive(Debug, Clone, PartialEq)]
pub struct Baseline {
    /// The manifest at `rev` (empty when the revision does not have the file).
    pub manifest: Manifest,
    /// `false` when the file did not exist at `rev` (the manifest is then empty).
    pub existed: bool,
    /// `REV:path/from/the/repository/root`, as `git show` takes it.
    pub object: String,
}

/// Read the manifest at `path` as it was at `rev`.
pub fn read(rev: &str, path: &Path) -> Result<Baseline, Diagnostic> {
    let dir = existing_dir_of(path);
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let prefix = git(&dir, &["rev-parse", "--show-prefix"]).map_err(|e| not_a_repository(&dir, &e))?;
    let commit = git(&dir, &["rev-parse", "--verify", "--quiet", "--end-of-options", &format!("{rev}^{{commit}}")])
        .map_err(|_| unknown_revision(rev))?;
    // The part of `path` below `dir` (`dir` is `path`'s first existing ancestor).
    let below = path.parent().and_then(|p| p.strip_prefix(&dir).ok()).map(PathBuf::from).unwrap_or_default();
    let rel = Path::new(prefix.trim()).join(below).join(&name);
    let rel = rel.to_string_lossy().replace('\\', "/");
    let object = format!("{rev}:{rel}");
    let in_commit = format!("{}:{rel}", commit.trim());
    if git(&dir, &["cat-file", "-e", &in_commit]).is_err() {
        return Ok(Baseline { manifest: Manifest::default(), existed: false, object });
    }
    let text = git(&dir, &["cat-file", "blob", &in_commit]).map_err(|e| {
        Diagnostic::error(Code::BaselineUnreadable, format!("cannot read {object} with git: {e}")).in_file(path)
    })?;
    let manifest = crate::manifest::parse_named(&text, &object).map_err(|d| d.in_file(path))?;
    Ok(Baseline { manifest, existed: true, object })
}

/// `path`'s directory, or its first ancestor that exists (git needs a directory to run in).
fn existing_dir_of(path: &Path) -> PathBuf {
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    parent.ancestors().find(|d| d.as_os_str().is_empty() || d.is_dir()).map_or_else(
        || PathBuf::from("."),
        |d| if d.as_os_str().is_empty() { PathBuf::from(".") } else { d.to_path_buf() },
    )
}

/// Run `git -C dir ARGS`: its stdout, or why it failed (git's stderr, or why it did not run).
pub(crate) fn git(dir: &Path, args: &[&str]) -> Result<String, String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .env("GIT_TERMINAL_PROMPT", "0")
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if out.status.success() {
        String::from_utf8(out.stdout).map_err(|_| "git printed something that is not UTF-8".to_owned())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).trim().to_owned())
    }
}

fn not_a_repository(dir: &Path, why: &str) -> Diagnostic {
    Diagnostic::error(Code::BaselineUnreadable, format!("--baseline needs a git repository: {why}"))
        .in_file(dir)
        .with_help("run mcp-schema inside the repository's working tree, with git installed")
}

fn unknown_revision(rev: &str) -> Diagnostic {
    Diagnostic::error(Code::UnknownRevision, format!("--baseline `{rev}` is not a revision git knows")).with_help(
        "fetch it first (actions/checkout with `fetch-depth: 0`, or `git fetch origin main`), or name a branch, tag \
         or commit that exists",
    )
}
