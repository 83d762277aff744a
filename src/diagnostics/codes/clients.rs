//! The `clients` group: what a modelled MCP client (docs/clients.md) does with a tool before its
//! model sees it. Each is allowed unless the group or the code is given a level.

use super::{CodeDoc, Kind, Scope};

/// Where each code of the group comes from, as the page says it.
const SCOPE: Scope = Scope::when("the `clients` group, off unless `-W clients` or `[lints] clients = \"warn\"`");

pub(super) const CLIENT_REFUSED: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: SCOPE,
    summary: "A client refuses the tool: its library, or the provider's API behind it, will not\n\
             send it to the model, and may take every other tool of the request or the server with it\n\
             (the OpenAI API answers a function name outside `[a-zA-Z0-9_-]{1,64}` with a 400 for the whole\n\
             request; the OpenAI Agents SDK fails the agent's run on a schema nested past 100 levels).\n\
             `mcp-schema list --client NAME` shows what each client does with every tool.",
    example: "src/lib.rs:9:5: warning[client-refused]: tool `irc.connect`: refused by openai-agents, openai-agents-strict: the OpenAI API takes function names of a-z, A-Z, 0-9, `_` and `-`, at most 64 characters, and answers any other with a 400 for the whole request",
    fix: "rename the tool (`#[tool(name = \"irc_connect\")]`), or flatten the type nested too deep.",
};

pub(super) const CLIENT_NOT_STRICT: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: SCOPE,
    summary: "A client that converts schemas to its provider's strict mode cannot convert this\n\
             one, and sends it without strict mode (the OpenAI Agents SDK with `convert_schemas_to_strict`\n\
             sends it with `strict: false`): the model's arguments are no longer held to the schema. The\n\
             span is the field whose schema stops the conversion: a map (`HashMap<String, T>`), an object\n\
             with no declared properties, a bare `$ref` to a named type, a nullable or union root.",
    example: "src/lib.rs:14:5: warning[client-not-strict]: tool `tag`: openai-agents-strict: strict conversion failed, sent with `strict: false`: additionalProperties should not be set for object types. [...]",
    fix: "where strict mode matters, give the field a struct of named fields instead of a map, or inline\n\
          the named type (`#[schemars(inline)]`); a tool without parameters gets its SDK's open empty\n\
          object, which a parameters struct with `#[serde(deny_unknown_fields)]` closes.",
};
