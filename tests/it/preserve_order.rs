//! Whether serde_json's `preserve_order` is on in the server binary's build, worked out from the
//! manifests on disk as cargo resolves features (testdata/crates/preserve-order): turned on by a
//! dependency's own feature, not by a build-dependency (resolver 2 keeps the host's features
//! apart), and "could not tell" when the sources are not on disk, which the flag settles.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::testdata;

fn case(name: &str) -> PathBuf {
    testdata(&format!("crates/preserve-order/{name}"))
}

/// The notes of `mcp-schema generate -v --profile rmcp` on `case`, with `cargo_home` as CARGO_HOME,
/// then the manifest (its key order is the point).
fn notes(case_dir: &Path, cargo_home: &Path, extra: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_mcp-schema"))
        .args(["generate", "-v", "--profile", "rmcp", "--rmcp-version", "3.11.0"])
        .args(extra)
        .arg(case_dir)
        .env("CARGO_HOME", cargo_home)
        .env("NO_COLOR", "1")
        .env("COLUMNS", "120")
        .env_remove("CLICOLOR_FORCE")
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let notes =
        String::from_utf8_lossy(&out.stderr).lines().filter(|l| l.starts_with("note: ")).collect::<Vec<_>>().join("\n");
    format!("{notes}\n{}", String::from_utf8_lossy(&out.stdout))
}

#[test]
fn a_dependency_feature_that_turns_on_preserve_order_is_found() {
    let notes = notes(&case("dependency"), &case("home"), &[]);
    insta::assert_snapshot!("preserve_order_through_a_dependency", notes);
}

#[test]
fn a_build_dependency_that_turns_on_preserve_order_does_not_reach_the_binary() {
    let notes = notes(&case("build-dependency"), &case("home"), &[]);
    insta::assert_snapshot!("preserve_order_build_dependency_only", notes);
}

#[test]
fn sources_not_on_disk_are_told_once_and_the_flag_settles_it() {
    let empty = tempfile::tempdir().unwrap();
    insta::assert_snapshot!("preserve_order_unknown", notes(&case("dependency"), empty.path(), &[]));
    let said = notes(&case("dependency"), empty.path(), &["--serde-json-preserve-order", "false"]);
    insta::assert_snapshot!("preserve_order_said_off", said);
}
