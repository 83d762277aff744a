//! `cargo mcp-schema …`: cargo runs a subcommand `mcp-schema` as the binary `cargo-mcp-schema`,
//! with `mcp-schema` as its first argument. The command line is `mcp-schema`'s own (this file
//! includes src/main.rs); only that argument is dropped, and usage lines say `cargo mcp-schema`.

#[path = "../main.rs"]
#[allow(dead_code)] // Its `main` is the `mcp-schema` binary's.
mod mcp_schema_main;

fn main() -> std::process::ExitCode {
    mcp_schema_main::cargo_main()
}
