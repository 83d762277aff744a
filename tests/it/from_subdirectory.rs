//! Every command that takes a crate finds it from a subdirectory, as cargo does: the nearest
//! directory up with a Cargo.toml (or an mcp-schema.toml), and that crate's configuration.

use std::path::{Path, PathBuf};

use crate::support::{run_in, Run};

const TOOL: &str = "/// Add.\n#[tool]\nfn add(a: i64, b: i64) -> i64 { a + b }\n";

/// A python-sdk crate with one tool and an empty `src/deep/`, the directory the tests run from.
fn krate() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("src/deep")).unwrap();
    std::fs::write(dir.path().join("Cargo.toml"), "[package]\nname = \"sub\"\nversion = \"0.1.0\"\n").unwrap();
    std::fs::write(dir.path().join("src/lib.rs"), TOOL).unwrap();
    dir
}

fn deep(dir: &Path) -> PathBuf {
    dir.join("src/deep")
}

/// `args` run from the crate root and from `src/deep/` print the same, with status 0.
fn same_from_below(dir: &Path, args: &[&str]) -> Run {
    let root = run_in(dir, args);
    let below = run_in(&deep(dir), args);
    assert_eq!(root.code, Some(0), "{}", root.transcript());
    assert_eq!((below.code, &below.stdout), (root.code, &root.stdout), "{}", below.transcript());
    below
}

#[test]
fn generate_finds_the_crate() {
    let dir = krate();
    let run = same_from_below(dir.path(), &["generate"]);
    assert!(run.stdout.contains("\"name\": \"add\""), "{}", run.transcript());
}

#[test]
fn list_finds_the_crate() {
    let dir = krate();
    let run = same_from_below(dir.path(), &["list"]);
    assert!(run.stdout.contains("add"), "{}", run.transcript());
}

#[test]
fn docs_find_the_crate() {
    let dir = krate();
    let run = same_from_below(dir.path(), &["docs"]);
    assert!(run.stdout.contains("add"), "{}", run.transcript());
}

#[test]
fn validate_finds_the_manifest_of_the_crate() {
    let dir = krate();
    let made = run_in(dir.path(), &["generate", "-o", "mcp-tools.json"]);
    assert_eq!(made.code, Some(0), "{}", made.transcript());
    let run = same_from_below(dir.path(), &["validate"]);
    assert!(run.stdout.contains("1 tool"), "{}", run.transcript());
}

#[test]
fn init_sets_the_crate_up_at_its_root() {
    let dir = krate();
    let run = run_in(&deep(dir.path()), &["init", "-q"]);
    assert_eq!(run.code, Some(0), "{}", run.transcript());
    for made in ["mcp-schema.toml", "mcp-tools.json", ".pre-commit-config.yaml", ".github/workflows/mcp-schema.yml"] {
        assert!(dir.path().join(made).is_file(), "{made} at the root: {}", run.transcript());
    }
    assert_eq!(std::fs::read_dir(deep(dir.path())).unwrap().count(), 0, "nothing written below");
    let check = run_in(&deep(dir.path()), &["check"]);
    assert_eq!(check.code, Some(0), "{}", check.transcript());
}

/// The crate found up is not a PATH on the command line: the configured `include` still applies.
#[test]
fn the_configured_include_applies_from_below() {
    let dir = krate();
    std::fs::write(dir.path().join("mcp-schema.toml"), "include = [\"src/only.rs\"]\n").unwrap();
    std::fs::write(dir.path().join("src/only.rs"), TOOL.replace("add", "only")).unwrap();
    let run = same_from_below(dir.path(), &["generate"]);
    assert!(run.stdout.contains("\"only\"") && !run.stdout.contains("\"add\""), "{}", run.transcript());
    same_from_below(dir.path(), &["list"]);
}
