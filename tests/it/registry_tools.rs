//! A registry crate that a tool's type reaches is read for its types only: its own
//! `#[tool_router]` and `impl ServerHandler` are not the server's (testdata/crates/registry-tools,
//! the crate vendored by source replacement).

use std::process::Command;

use crate::support::testdata;

#[test]
fn a_registry_crates_own_router_and_server_are_not_the_servers() {
    let home = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_mcp-schema"))
        .args(["generate", "--color", "never"])
        .arg(testdata("crates/registry-tools"))
        .env("CARGO_HOME", home.path())
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    insta::assert_snapshot!("registry_tools_not_the_servers", String::from_utf8_lossy(&out.stdout));
    assert_eq!(stderr, "1 tool listed with profile rmcp (rmcp 3.11.0)\n");
}
