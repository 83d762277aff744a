//! Registry, vendored and git dependencies read from where cargo put their locked sources
//! (testdata/crates/registry): the same types give the same schemas as a path dependency, and a
//! crate that is not on disk is told once.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::{testdata, Run};

fn case(name: &str) -> PathBuf {
    testdata(&format!("crates/registry/{name}"))
}

/// `mcp-schema generate` in `dir`, with `cargo_home` as CARGO_HOME.
fn generate_with_home(dir: &Path, cargo_home: &Path) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_mcp-schema"))
        .arg("generate")
        .current_dir(dir)
        .env("CARGO_HOME", cargo_home)
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        .output()
        .expect("the binary runs");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The published crate of the fixtures (the vendored copy is the one copy).
fn api_types() -> PathBuf {
    case("vendored/vendor/api-types")
}

fn copy_dir(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.unwrap();
        let target = to.join(entry.path().strip_prefix(from).unwrap());
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// The manifest of the path-dependency server, the reference the others must equal.
fn as_path_dependency(empty_home: &Path) -> Run {
    let run = generate_with_home(&case("path"), empty_home);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    run
}

#[test]
fn a_registry_crate_in_cargo_home_gives_what_a_path_dependency_gives() {
    let home = tempfile::tempdir().unwrap();
    let reference = as_path_dependency(home.path());
    insta::assert_snapshot!("registry_crate_as_path_dependency", reference.stdout);
    copy_dir(&api_types(), &home.path().join("registry/src/index.crates.io-1949cf8c6b5b557f/api-types-0.3.1"));
    let run = generate_with_home(&case("registry"), home.path());
    assert_eq!((run.code, &run.stdout), (Some(0), &reference.stdout), "{}", run.stderr);
    assert_eq!(run.stderr, reference.stderr);
}

#[test]
fn a_vendored_crate_named_by_source_replacement_gives_what_a_path_dependency_gives() {
    let home = tempfile::tempdir().unwrap();
    let reference = as_path_dependency(home.path());
    let run = generate_with_home(&case("vendored"), home.path());
    assert_eq!((run.code, &run.stdout), (Some(0), &reference.stdout), "{}", run.stderr);
}

#[test]
fn a_git_checkout_gives_what_a_path_dependency_gives() {
    let home = tempfile::tempdir().unwrap();
    let reference = as_path_dependency(home.path());
    // The server, locked to a git revision of a repository holding the crate in a subdirectory.
    let server = tempfile::tempdir().unwrap();
    copy_dir(&case("registry"), server.path());
    let lock = std::fs::read_to_string(server.path().join("Cargo.lock")).unwrap();
    let git =
        "source = \"git+https://github.com/acme/shared-types?branch=main#4f2a9c1d0e8b7a6f5e4d3c2b1a0f9e8d7c6b5a49\"";
    let lock = lock.replacen("source = \"registry+https://github.com/rust-lang/crates.io-index\"", git, 1);
    std::fs::write(server.path().join("Cargo.lock"), lock).unwrap();
    copy_dir(&api_types(), &home.path().join("git/checkouts/shared-types-0c1d2e3f4a5b6c7d/4f2a9c1/crates/api-types"));
    let run = generate_with_home(server.path(), home.path());
    assert_eq!((run.code, &run.stdout), (Some(0), &reference.stdout), "{}", run.stderr);
}

#[test]
fn a_crate_not_on_disk_is_told_once_with_cargo_fetch() {
    let home = tempfile::tempdir().unwrap();
    let run = generate_with_home(&case("missing"), home.path());
    insta::assert_snapshot!("registry_crate_missing", run.transcript());
}

#[test]
fn a_chain_of_registry_crates_through_a_glob_re_export_is_read_crate_by_crate() {
    let home = tempfile::tempdir().unwrap();
    let reference = as_path_dependency(home.path());
    let src = home.path().join("registry/src/index.crates.io-1949cf8c6b5b557f");
    copy_dir(&api_types(), &src.join("api-types-0.3.1"));
    // `api-facade` re-exports `api-types` through a glob and turns on its `tracing` feature.
    let facade = src.join("api-facade-1.0.0");
    std::fs::create_dir_all(facade.join("src")).unwrap();
    std::fs::write(
        facade.join("Cargo.toml"),
        "[package]\nname = \"api-facade\"\nversion = \"1.0.0\"\nedition = \"2021\"\n\n\
         [dependencies.api-types]\nversion = \"0.3\"\nfeatures = [\"tracing\"]\n",
    )
    .unwrap();
    std::fs::write(facade.join("src/lib.rs"), "pub mod protocol {\n    pub use api_types::*;\n}\n").unwrap();
    let server = tempfile::tempdir().unwrap();
    copy_dir(&case("registry"), server.path());
    let manifest = std::fs::read_to_string(server.path().join("Cargo.toml")).unwrap();
    let manifest =
        manifest.replace("api-types = { version = \"0.3\", features = [\"tracing\"] }", "api-facade = \"1\"");
    std::fs::write(server.path().join("Cargo.toml"), manifest).unwrap();
    let main = std::fs::read_to_string(server.path().join("src/main.rs")).unwrap();
    let main = main.replace("use api_types::{Query, Sort};", "use api_facade::protocol::{Query, Sort};");
    std::fs::write(server.path().join("src/main.rs"), main.replace("api_types::Query", "api_facade::protocol::Query"))
        .unwrap();
    let lock = std::fs::read_to_string(server.path().join("Cargo.lock")).unwrap();
    let lock = lock.replace(" \"api-types\",\n \"rmcp\"", " \"api-facade\",\n \"rmcp\"")
        + "\n[[package]]\nname = \"api-facade\"\nversion = \"1.0.0\"\n\
           source = \"registry+https://github.com/rust-lang/crates.io-index\"\n\
           dependencies = [\n \"api-types\",\n]\n";
    std::fs::write(server.path().join("Cargo.lock"), lock).unwrap();
    let run = generate_with_home(server.path(), home.path());
    assert_eq!((run.code, &run.stdout), (Some(0), &reference.stdout), "{}", run.stderr);
}
