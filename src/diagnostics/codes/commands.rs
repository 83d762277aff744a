//! The commands and their inputs: paths, the configuration, the committed manifest, the baseline,
//! recordings and the files the commands write.

use super::{CodeDoc, Kind, Scope};

pub(super) const BAD_CONFIG: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::ANY,
    summary: "The configuration (`[package.metadata.mcp-schema]` or `mcp-schema.toml`) has an\n\
             unknown key, a value of the wrong type, an unknown diagnostic code in `[lints]`, or a `[schemas]`\n\
             entry whose key is not `TOOL.inputSchema`, `TOOL.outputSchema` or a type path, or whose file\n\
             cannot be read or is not a JSON Schema.",
    example: "Cargo.toml:9:1: error[bad-config]: unknown diagnostic code `opaque-schema` in Cargo.toml",
    fix: "follow the help line (it names the key or code meant); the keys are in\n\
         [config.md](config.md), the codes on this page.",
};

pub(super) const BAD_MANIFEST: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::commands(&["check"]),
    summary: "The committed manifest is not a `tools/list` result.",
    example: "mcp-tools.json: error[bad-manifest]: mcp-tools.json is not JSON: EOF while parsing an object at line 3 column 0",
    fix: "regenerate it with `mcp-schema generate -o mcp-tools.json`.",
};

pub(super) const BAD_PATH: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::ANY,
    summary: "A path given on the command line (or a configuration file) cannot be read.",
    example: "nope: error[bad-path]: cannot read nope: No such file or directory (os error 2)",
    fix: "give an existing crate directory, workspace root or `.rs` file.",
};

pub(super) const BAD_RECORDING: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::commands(&["validate"]),
    summary: "A recording cannot be read: a line that is not JSON, a JSON value that is\n\
             not a JSON-RPC message nor one wrapped as `{\"direction\": ..., \"message\": ...}`, an unknown\n\
             direction, an array cut short, or a tool schema of the manifest that no validator can be built\n\
             from. The run stops with exit status 2 after reporting what it found before.",
    example:
        "error[bad-recording]: traffic.jsonl, line 7, column 12: not JSON: expected `,` or `}` at line 1 column 12",
    fix: "give a recording in one of the shapes of [validate.md](validate.md), such as `record` writes.",
};

pub(super) const BASELINE_UNREADABLE: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::commands(&["check --baseline"]),
    summary: "The manifest at the baseline revision cannot be read: the\n\
             directory is not in a git repository, `git` cannot be run, or git fails to read the file.",
    example: "error[baseline-unreadable]: --baseline needs a git repository: fatal: not a git repository (or any of the parent directories): .git",
    fix: "run mcp-schema inside the repository's working tree, with git installed.",
};

pub(super) const CONFIG_CONFLICT: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::ANY,
    summary: "Both `[package.metadata.mcp-schema]` in Cargo.toml and `mcp-schema.toml` configure\n\
             the crate.",
    example: "mcp-schema.toml:1:1: error[config-conflict]: both Cargo.toml ([package.metadata.mcp-schema]) and mcp-schema.toml configure mcp-schema",
    fix: "keep one of them.",
};

pub(super) const DOCS_MARKERS: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::ANY,
    summary: "`docs -o FILE`: FILE exists but has no `<!-- mcp-schema:begin -->` …\n\
             `<!-- mcp-schema:end -->` section to put the tool docs in, or has several.",
    example: "error[docs-markers]: README.md has no `<!-- mcp-schema:begin -->` … `<!-- mcp-schema:end -->` section to put the tool docs in",
    fix: "put the two marker lines, once, where the tool docs go (or name a new file).",
};

pub(super) const MANIFEST_UNREADABLE: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::commands(&["check", "validate", "diff"]),
    summary: "The committed manifest, or a manifest `diff` compares, cannot\n\
             be read.",
    example: "mcp-tools.json: error[manifest-unreadable]: cannot read the committed manifest mcp-tools.json: No such file or directory (os error 2)",
    fix: "create it with `mcp-schema generate -o mcp-tools.json` and commit it, or point `--manifest`\n\
         (or `manifest`) at it; for `diff`, give the path of a manifest file, or `-` for standard input.",
};

pub(super) const MANIFEST_UNWRITABLE: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::commands(&["generate -o"]),
    summary: "The manifest cannot be written: its directory does not exist, or the\n\
             file or directory is not writable. Nothing is written (the write is atomic).",
    example: "error[manifest-unwritable]: cannot write out/mcp-tools.json: the directory out does not exist",
    fix: "create the directory, or write the manifest elsewhere.",
};

pub(super) const NO_SDK: CodeDoc = CodeDoc {
    kind: Kind::ErrorOrWarning,
    scope: Scope::ANY,
    summary: "`--profile auto` (the default) found no MCP SDK among the crate's dependencies, fell\n\
             back to the python-sdk profile, and that found no tool either: most likely the wrong\n\
             directory, or a Cargo.toml without its dependencies. A warning; an error when\n\
             `generate -o FILE` would replace a manifest that lists tools with an empty one (the\n\
             file is left as it is, exit status 2).",
    example: "Cargo.toml: warning[no-sdk]: no MCP SDK and no tool found: `--profile auto` fell back to python-sdk because the crate depends on neither rmcp nor rust-mcp-sdk\n\
              Cargo.toml: error[no-sdk]: no MCP SDK and no tool found: `--profile auto` fell back to python-sdk because the crate depends on neither rmcp nor rust-mcp-sdk; mcp-tools.json lists 3 tools and is left as it is",
    fix: "run in the server's crate (or name it), add the SDK to its `[dependencies]`, or choose the\n\
          profile with `--profile` (or `profile` in the configuration).",
};

pub(super) const UNKNOWN_SDK: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::when("`--profile auto`"),
    summary: "The crate depends on an MCP SDK that no profile reproduces (turbomcp, pmcp,\n\
             turul-mcp-server, mcpkit, ultrafast-mcp, …: the list is `src/profile/unknown_sdk.rs`).\n\
             `--profile auto` will not give it another SDK's manifest: the python-sdk fallback would\n\
             list its `#[tool]` fns as the Python SDK does, which is not what the server serves.",
    example: "Cargo.toml: error[unknown-sdk]: the crate depends on turbomcp, an MCP SDK mcp-schema does not reproduce (`#[server]` on an impl, `#[tool]` fns): its tools/list cannot be worked out",
    fix: "when another SDK serves the tools (the crate depends on this one for a client, say), choose\n\
          its profile with `--profile` (or `profile` in the configuration); `--profile python-sdk`\n\
          lists the `#[tool]` fns as the Python SDK would.",
};

pub(super) const TOOLS_NOT_LISTED: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: Scope::ANY,
    summary: "The profile lists no tool, while the crate's own sources declare some: `#[tool]` fns or\n\
             methods, `#[tool_router]` or `#[tool(tool_box)]` impl blocks, `#[mcp_tool]` structs,\n\
             `tool_box!` macros (the first few are named), also in a `.rs` file beside the crate root\n\
             that no `mod` declares (a deleted `mod tools;`, which rustc would refuse); or the run met\n\
             routers it cannot read (`runtime-router`: a route built by hand whose `Tool` value cannot be\n\
             evaluated, which carries no tool attribute). The server is written in a form the profile does\n\
             not follow, or for another SDK, or its module is not declared: an empty manifest would be\n\
             wrong. In the `left-out` group, so an error unless\n\
             allowed.",
    example: "src/main.rs:9:14: error[tools-not-listed]: the rmcp profile lists no tool, but the crate declares some: `#[tool]` on `impl Calculator`, `#[tool]` on `Calculator::sum`, `tool_box!` in `impl Calculator`; the server may serve tools this manifest does not list",
    fix: "declare the file's module (`mod tools;`); choose the profile of the SDK that serves the tools\n\
          (`--profile`) or the server (`--server`);\n\
          `-A tools-not-listed` (or `tools-not-listed = \"allow\"`) when the server really lists none.",
};

pub(super) const PROFILE_AMBIGUOUS: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::ANY,
    summary: "`--profile auto` (the default) found both rmcp and rust-mcp-sdk among the crate's\n\
             dependencies (Cargo.toml or Cargo.lock), and will not guess which SDK serves the tools.",
    example: "error[profile-ambiguous]: the crate depends on both rmcp and rust-mcp-sdk: which SDK serves the tools cannot be guessed",
    fix: r#"`--profile rmcp` or `--profile rust-mcp-sdk`, or `profile = "…"` in the configuration."#,
};

pub(super) const RECORD_COMMAND: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::commands(&["record"]),
    summary: "The server command cannot be started (not found, not executable).",
    example: "error[record-command]: cannot start the server `my-server`: No such file or directory (os error 2)",
    fix: "give the command that starts the server over stdio after `--`, as a client's config would.",
};

pub(super) const RECORD_OUTPUT: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::commands(&["record"]),
    summary: "The recording file cannot be opened for appending.",
    example: "traffic.jsonl: error[record-output]: cannot open traffic.jsonl: Permission denied (os error 13)",
    fix: "give a path in a directory you can write to.",
};

pub(super) const UNKNOWN_BIN: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::ANY,
    summary: "`--bin NAME` (or the config's `bin`) names no binary target of the package.",
    example: "error[unknown-bin]: --bin `serve`: no binary target of that name",
    fix: "give one of the binaries the help line lists: a `[[bin]]` name, the package's name for\n\
         `src/main.rs`, or a file stem of `src/bin/`.",
};

pub(super) const UNKNOWN_FEATURE: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::ANY,
    summary: "`--features` (or the config's `features`) names a feature that no package of the run\n\
             has.",
    example: "error[unknown-feature]: --features `metrics`: no package of the run has this feature",
    fix: "name a feature of the package's `[features]` table or an optional dependency, as `cargo\n\
         build --features` would accept it (`pkg/feature` for a dependency's).",
};

pub(super) const UNKNOWN_REVISION: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::commands(&["check --baseline"]),
    summary: "git does not know the baseline revision.",
    example: "error[unknown-revision]: --baseline `origin/main` is not a revision git knows",
    fix: "fetch it first (`actions/checkout` with `fetch-depth: 0`, or `git fetch origin main`), or name\n\
         a branch, tag or commit that exists.",
};

pub(super) const UNUSED_ACCEPT: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: Scope::commands(&["check --baseline"]),
    summary: "A `[[drift.accept]]` entry accepts no change against the baseline: the pull request it\n\
             was written for has merged (the base has the change now), or the change is gone.",
    example: "mcp-schema.toml: warning[unused-accept]: [[drift.accept]] rule `property-removed` at tool `search`, pointer `/inputSchema/properties/limit` accepts no change since origin/main",
    fix: "remove the entry (or fix its rule, tool or pointer: a pointer takes the changes at it and\n\
         below it).",
};

pub(super) const UNUSED_SCHEMA_OVERRIDE: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: Scope::ANY,
    summary: "The config's `[schemas]` table names a tool the\n\
             server does not list, or a type no tool's schema uses, so the entry changes nothing. With\n\
             `--profile rust-mcp-sdk`, which does not apply the table yet, every entry is named in one\n\
             warning.",
    example: "warning[unused-schema-override]: the config gives schemas for tool `get_wether`, which the server does not list",
    fix: "use the published tool name (`#[tool(name = …)]` or the fn name), or the path the type\n\
         resolves to (`crate_name::module::Type`, or `other_crate::Type` as your `use` names it).",
};

pub(super) const WRITE_FAILED: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::ANY,
    summary: "A file the command writes (`docs -o FILE`) cannot be written: a missing directory, no\n\
             permission, a full disk.",
    example: "error[write-failed]: cannot write docs/TOOLS.md: No such file or directory (os error 2)",
    fix: "make the directory, or give a path that can be written.",
};
