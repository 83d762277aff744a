//! The integration tests, as one binary: one link, and one process whose threads run every test
//! (27 binaries used to be linked and run one after another). Each module is one area; the
//! slow cases are `#[ignore]`d here and run by `.ci/run` with `cargo test --release -- --ignored`
//! (docs/testing.md, "Test layout").

#[path = "../support/mod.rs"]
mod support;

mod accepted;
mod action;
mod baseline;
mod check_cli;
mod check_rules;
mod cli;
mod cli_config;
mod completions;
mod contract_lints;
mod diff_cli;
mod docs_commands;
mod drift_cases;
mod explain;
mod fast_path;
mod fixtures;
mod from_subdirectory;
mod hardening;
mod hostile;
mod hostile_scale;
mod hostile_set;
mod hostile_text;
mod init_cli;
mod init_workflow;
mod ir_boundary;
mod list_docs;
mod mcp_attr_conformance;
mod meta_schema;
mod mutation;
mod output_file;
mod output_levels;
mod patterns;
mod patterns_crates;
mod patterns_routers;
mod patterns_schemas;
mod preserve_order;
mod python_sdk_conformance;
mod python_sdk_differential;
mod record;
mod registry_crates;
mod registry_tools;
mod registry_values;
mod rmcp_conformance;
mod rust_mcp_sdk_conformance;
mod sarif;
mod servers;
mod structure;
mod tokens;
mod tool_box_forms;
mod tower_mcp_conformance;
mod turbomcp_conformance;
mod unknown_sdk;
mod validate;
