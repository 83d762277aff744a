//! What MCP asks of a manifest (`generate`, `check`, and the violations of `validate`).

use super::{CodeDoc, Kind, Scope};

pub(super) const MCP_ANNOTATIONS: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: Scope { profiles: &[], commands: &["generate", "check"], when: Some("a violation of `validate`") },
    summary: "A tool's `title` or `description`\n\
             is not a string, its `annotations` not an object, the annotation `title` not a string, or a hint\n\
             (`readOnlyHint`, `destructiveHint`, `idempotentHint`, `openWorldHint`) not a boolean.",
    example:
        "warning[mcp-annotations]: tool `fetch` at /annotations/readOnlyHint: `readOnlyHint` is a string, not a boolean",
    fix: "give the annotation the type MCP defines.",
};

pub(super) const MCP_DUPLICATE_TOOL: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: Scope { profiles: &[], commands: &["generate", "check"], when: Some("a violation of `validate`") },
    summary: "Two tools of the manifest have the\n\
             same name; a client keeps one of them.",
    example: "warning[mcp-duplicate-tool]: tool `search` at /name: another tool of the manifest has this name",
    fix: "rename one of the tools.",
};

pub(super) const MCP_INPUT_SCHEMA: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: Scope { profiles: &[], commands: &["generate", "check"], when: Some("a violation of `validate`") },
    summary: "A tool has no `inputSchema`, or\n\
             its root is not `\"type\": \"object\"`, both of which MCP requires. `generate` and `check` report\n\
             only the root: a profile leaves an `inputSchema` out only with a warning of its own that says why.",
    example: r#"warning[mcp-input-schema]: tool `sum` at /inputSchema: the inputSchema's root is not `"type": "object"`, which MCP requires"#,
    fix: "take the arguments as a struct (rmcp: `Parameters<T>` with a struct `T`).",
};

pub(super) const MCP_INVALID_SCHEMA: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: Scope { profiles: &[], commands: &["generate", "check"], when: Some("a violation of `validate`") },
    summary: "A tool's `inputSchema` or\n\
             `outputSchema` is not valid against the meta-schema of its dialect (`$schema`, else JSON\n\
             Schema 2020-12), or names a dialect that is not known. The pointer is where it breaks.\n\
             `generate` and `check` run this check only when the configuration supplies schemas, and\n\
             `generate --validate` always ([validate.md](validate.md#the-manifest-against-mcp)).",
    example: "warning[mcp-invalid-schema]: tool `sum` at /inputSchema/properties/a/type: not a valid JSON Schema: 5 is not valid under any of the schemas listed in the 'anyOf' keyword",
    fix: "correct the schema (a hand-written `JsonSchema` impl or a schema override of the\n\
         configuration, most often).",
};

pub(super) const MCP_OUTPUT_SCHEMA: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: Scope { profiles: &[], commands: &["generate", "check"], when: Some("a violation of `validate`") },
    summary: "A tool's `outputSchema` root is not\n\
             `\"type\": \"object\"`, which peers of a protocol older than 2026-07-28 (`--protocol`) require.",
    example: r#"warning[mcp-output-schema]: tool `count` at /outputSchema: the outputSchema's root is not `"type": "object"`, which peers older than 2026-07-28 require"#,
    fix: "return a struct (rmcp: `Json<T>` with a struct `T`); a server that serves only peers of\n\
         2026-07-28 says so with `--protocol 2026-07-28` (or `protocol` in the configuration).",
};

pub(super) const MCP_TOOL_NAME: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: Scope { profiles: &[], commands: &["generate", "check"], when: Some("a violation of `validate`") },
    summary: "A tool name breaks the spec's rule:\n\
             1 to 128 characters, each `A-Z a-z 0-9 _ - .`. `generate` and `check` leave out the names the\n\
             rmcp profile already reported as [`tool-name`](#tool-name), with their place in the source.",
    example: "warning[mcp-tool-name]: tool `add numbers` at /name: the name has characters other than A-Z, a-z, 0-9, `_`, `-` and `.`",
    fix: "rename the tool.",
};

pub(super) const MCP_UNRESOLVED_REF: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: Scope { profiles: &[], commands: &["generate", "check"], when: Some("a violation of `validate`") },
    summary: "A `$ref` of a tool's schema does not\n\
             resolve within that schema: its JSON pointer or `$anchor` names nothing, or it points at another\n\
             document, which a client cannot fetch.",
    example: "warning[mcp-unresolved-ref]: tool `sum` at /inputSchema/properties/a/$ref: `$ref` \"#/$defs/Missing\" points at nothing in the schema",
    fix: "put the definition in the schema's `$defs`.",
};
