//! The rust-mcp-sdk profile.

use super::{CodeDoc, Kind, Scope};

pub(super) const NO_TOOL_BOX: CodeDoc = CodeDoc {
    kind: Kind::Note,
    scope: Scope::profiles(&["rust-mcp-sdk"]),
    summary: "The crate has `#[mcp_tool]` structs but no `tool_box!`: the server lists\n\
             whatever its `handle_list_tools_request` returns, which the sources do not say in a form that can\n\
             be read, so every `#[mcp_tool]` item is listed, in source order.",
    example: "note[no-tool-box]: no `tool_box!` found: every `#[mcp_tool]` struct is listed, in source order (the server lists what its handler returns)",
    fix: "collect the tools with `tool_box!(Tools, [A, B])` and list `Tools::tools()`.",
};

pub(super) const SDK_RECURSIVE: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::profiles(&["rust-mcp-sdk"]),
    summary: "A listed tool's input type contains itself (`children: Vec<Node>` in\n\
             `Node`). The SDK's derive inlines nested types, so building the schema never ends: the real\n\
             server overflows its stack when it lists the tool. The span is the field that leads back.",
    example: "error[sdk-recursive]: tool `MakeFolders`: its schema contains itself (Folder → Folder)",
    fix: "break the cycle (a `serde_json::Value` or a map in place of the nested type), or leave the\n\
         tool out of `tool_box!`.",
};

pub(super) const SDK_REJECTED: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::profiles(&["rust-mcp-sdk", "mcp-attr", "turbomcp"]),
    summary: "Something rust-mcp-sdk's macros reject, so the crate would not\n\
             compile: `#[mcp_tool]` on an enum or fn, a missing or blank `name` or `description`, a\n\
             `description` that is not a literal or `concat!` of literals, `meta` that is not a JSON object, a\n\
             non-bool hint, malformed `icons`, a bad `execution(task_support = …)` (before 2.0), a key that is\n\
             a path; an alias tool that is generic or not a single identifier; a tuple, unit, generic or\n\
             lifetime-carrying tool struct, or one without `#[derive(JsonSchema)]`; a field whose type has no\n\
             `json_schema()` (`usize`, `isize`, an alias of a primitive, a struct without the derive, a type\n\
             of another crate); a `tool_box!` entry that is a path, not a `#[mcp_tool]` struct, or not\n\
             `Deserialize`; an mcp-attr `#[tool(…)]` with an argument its macro does not take; a turbomcp (3.5.0 on)\n\
             `#[tool(…)]` key its macro does not take, or a value of the wrong kind. The span\n\
             is the attribute, struct, field or entry at fault.",
    example: "error[sdk-rejected]: tool `Tally`: the field's type `usize` has no schema: `usize` has no `json_schema()`: the derive knows only the fixed-width integers (i8 … u128)",
    fix: "what the message says (rustc would say it too, in its own words).",
};

pub(super) const SDK_VERSION: CodeDoc = CodeDoc {
    kind: Kind::ErrorOrWarning,
    scope: Scope::profiles(&["rust-mcp-sdk", "tower-mcp", "mcp-attr", "turbomcp"]),
    summary: "An error when `--sdk-version` (or `sdk-version`) is neither a\n\
             release number nor a requirement a known release meets; a warning when no Cargo.lock names the\n\
             SDK (the Cargo.toml requirement is resolved to the newest release it allows, or the newest\n\
             reproduced release is assumed) or when the release is outside those the profile reproduces\n\
             (rust-mcp-sdk 0.8 to 2.0, tower-mcp 0.8 to 0.25, turbomcp 3.0 to 3.6).",
    example: "error[sdk-version]: --sdk-version `one.two` is not a rust-mcp-sdk release number (X.Y.Z)\n\
             warning[sdk-version]: no Cargo.lock names rust-mcp-sdk; assuming rust-mcp-sdk 0.8.3, the newest release that \"0.8\" in Cargo.toml allows",
    fix: "commit the Cargo.lock, or give the release with `--sdk-version`.",
};
