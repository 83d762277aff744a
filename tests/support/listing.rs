//! Comparing a `tools/list` recorded from a compiled server with what mcp-schema generates, tool
//! by tool, in values and key order; and unpacking a real server's sources from its snapshot
//! beside the checkout (`../.mirror/<owner>+<repo>/repo`) at the commit its capture names.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

use super::generate_at;

/// Each tool as compact JSON (after `normalize`) in its key order, by name.
pub fn tools(text: &str, label: &str, normalize: fn(Value) -> Value) -> Vec<(String, String)> {
    let doc: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{label}: unreadable JSON: {e}"));
    doc["tools"]
        .as_array()
        .unwrap_or_else(|| panic!("{label}: no tools array"))
        .iter()
        .map(|t| {
            let name = t["name"].as_str().unwrap_or_default().to_owned();
            (name, serde_json::to_string(&normalize(t.clone())).unwrap())
        })
        .collect()
}

/// A tool as it is: for SDKs whose every key order is stable.
pub fn as_served(tool: Value) -> Value {
    tool
}

/// What differs between two listings, one line per tool: the names first, then each tool.
pub fn differences(label: &str, expected: &str, got: &str, normalize: fn(Value) -> Value) -> Vec<String> {
    let expected = tools(expected, label, normalize);
    let got = tools(got, "mcp-schema", normalize);
    let names = |v: &[(String, String)]| v.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
    if names(&expected) != names(&got) {
        return vec![format!("{label}: tools {:?}, expected {:?}", names(&got), names(&expected))];
    }
    expected
        .iter()
        .zip(&got)
        .filter(|(e, g)| e.1 != g.1)
        .map(|(e, g)| format!("{label}: {}:\n  expected {}\n  got      {}", e.0, e.1, g.1))
        .collect()
}

/// What differs between the listing recorded in `expected_file` and `generate ARGS crate_dir`
/// (which must exit 0).
pub fn problems(crate_dir: &Path, expected_file: &Path, args: &[&str], normalize: fn(Value) -> Value) -> Vec<String> {
    let label = expected_file.display().to_string();
    let text = std::fs::read_to_string(expected_file).unwrap_or_else(|e| panic!("{label}: {e}"));
    let run = generate_at(crate_dir, args);
    assert_eq!(run.code, Some(0), "{label}: {}", run.stderr);
    differences(&label, &text, &run.stdout, normalize)
}

/// The recorded listings of older releases in `dir` (`X.Y.Z.json`), sorted, with the release
/// each is of; at least `at_least` of them.
pub fn recorded_releases(dir: &Path, at_least: usize) -> Vec<(String, PathBuf)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= at_least, "only {} recorded releases in {}", files.len(), dir.display());
    files.into_iter().map(|p| (p.file_stem().and_then(|s| s.to_str()).unwrap().to_owned(), p)).collect()
}

/// A real server's sources, unpacked where the test can run the tool on them.
pub struct RealServer {
    _work: tempfile::TempDir,
    /// The package the capture was built from.
    pub package: PathBuf,
    /// The recorded `tools/list` result.
    pub tools: PathBuf,
}

/// The real servers under `root` (one directory each, with `source.toml` naming `mirror`,
/// `commit`, `package` and, for a repository without a committed Cargo.lock, `lock`: the lock
/// the capture was built with, kept beside it), unpacked from their snapshots. Those without a
/// snapshot are skipped with a line saying so; the count of all of them comes back too.
pub fn real_servers(root: &Path) -> (Vec<RealServer>, usize) {
    let mirror = Path::new(env!("CARGO_MANIFEST_DIR")).join("../.mirror");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    let total = dirs.len();
    let mut servers = Vec::new();
    for dir in dirs {
        let text = std::fs::read_to_string(dir.join("source.toml")).unwrap();
        let source: toml::Table = text.parse().unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        let field = |k: &str| source.get(k).and_then(|v| v.as_str()).map(str::to_owned);
        let required = |k: &str| field(k).unwrap_or_else(|| panic!("{}: source.toml has no {k}", dir.display()));
        let repo = mirror.join(required("mirror")).join("repo");
        if !repo.is_dir() {
            eprintln!("skipped {}: no snapshot at {}", dir.display(), repo.display());
            continue;
        }
        let work = tempfile::tempdir().unwrap();
        unpack(&repo, &required("commit"), work.path());
        let package = work.path().join(required("package"));
        if let Some(lock) = field("lock") {
            std::fs::copy(dir.join(&lock), package.join("Cargo.lock")).unwrap_or_else(|e| panic!("{lock}: {e}"));
        }
        servers.push(RealServer { _work: work, package, tools: dir.join("tools.json") });
    }
    (servers, total)
}

/// `git archive COMMIT` of the bare repository `repo`, extracted into `into`.
fn unpack(repo: &Path, commit: &str, into: &Path) {
    let archive =
        Command::new("git").arg("--git-dir").arg(repo).args(["archive", "--format=tar", commit]).output().unwrap();
    assert!(
        archive.status.success(),
        "git archive in {}: {}",
        repo.display(),
        String::from_utf8_lossy(&archive.stderr)
    );
    let mut untar = Command::new("tar").args(["-x", "-C"]).arg(into).stdin(Stdio::piped()).spawn().unwrap();
    std::io::Write::write_all(untar.stdin.as_mut().unwrap(), &archive.stdout).unwrap();
    assert!(untar.wait().unwrap().success());
}
