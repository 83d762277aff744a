//! The `contract` group: lints for what a model reads of the manifest (docs/lints.md). Each is
//! allowed unless the group or the code is given a level.

use super::{CodeDoc, Kind, Scope};

/// Where each code of the group comes from, as the page says it.
const SCOPE: Scope = Scope::when("the `contract` group, off unless `-W contract` or `[lints] contract = \"warn\"`");

pub(super) const LONG_DESCRIPTION: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: SCOPE,
    summary: "A tool's description is much longer than its schemas (at least 400\n\
             characters, and more than twice the compact JSON of its `inputSchema` and `outputSchema`).\n\
             A model reads every tool's description on every turn, before the user's first word: a long one\n\
             costs context in every conversation, whether or not the tool is used, and what it says at\n\
             length (the arguments, the return value) the schema already states where the model looks for it.",
    example: "src/lib.rs:8:5: warning[long-description]: tool `search`: its description is 912 characters, 7.0 times its schemas (130 characters)",
    fix: "keep the description to what the tool is for and when to use it, and move what it says of each\n\
          argument to that field's doc comment.",
};

pub(super) const REPEATED_DESCRIPTION: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: SCOPE,
    summary: "Two tools have the same description, word for word. A model chooses\n\
             among tools by their descriptions: two that read the same give it nothing to choose by, and the\n\
             text is paid for twice.",
    example: "src/lib.rs:20:5: warning[repeated-description]: tool `delete_page`: its description is the same as tool `delete_post`'s",
    fix: "say in each description what sets the tool apart from the other.",
};

pub(super) const UNDESCRIBED_PARAMETER: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: SCOPE,
    summary: "A property of a tool's `inputSchema` has no description (neither\n\
             its own nor its type's). A model fills in the arguments from the property's name and type alone:\n\
             what the value means, its unit or its format is left to a guess.",
    example: "src/lib.rs:5:5: warning[undescribed-parameter]: tool `get_forecast`: parameter `city` has no description",
    fix: "give the field a doc comment (or `#[schemars(description = \"...\")]`); a fn that takes its\n\
          arguments one by one has no place for one: take them as a struct of documented fields.",
};

pub(super) const UNDESCRIBED_TOOL: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: SCOPE,
    summary: "A tool has no description. A model decides whether to call a tool\n\
             from its description: without one it has the tool's name alone, and may call it for the wrong\n\
             task or never.",
    example: "src/lib.rs:12:5: warning[undescribed-tool]: tool `clear_alerts` has no description",
    fix: "give the tool a doc comment, or `#[tool(description = \"...\")]`.",
};

pub(super) const UNDESCRIBED_VARIANTS: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: SCOPE,
    summary: "The values of an enum in a tool's schema are published without a\n\
             description each, where the SDK would publish one. schemars, for rmcp, turns documented\n\
             variants into a `oneOf` with a description per value; rust-mcp-sdk publishes\n\
             `#[json_schema(description)]`; the Python SDK publishes none, so python-sdk runs never raise\n\
             it. A model choosing among `fast` and `exact` has their names only.",
    example: "src/lib.rs:30:1: warning[undescribed-variants]: tool `get_forecast`: the values of `Units` are published without a description: \"celsius\", \"fahrenheit\"",
    fix: "document each variant (a doc comment; `#[json_schema(description = \"...\")]` for\n\
          rust-mcp-sdk).",
};
