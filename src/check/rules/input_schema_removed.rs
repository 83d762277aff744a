//! `input-schema-removed`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and what the report says.
//!
//! The tool comparison finds it (an `inputSchema` only the committed tool has). mcp-schema leaves
//! a tool's `inputSchema` out only with a warning saying why (a type whose schema exists only at
//! runtime, a registry crate whose sources are not read); `check` puts that warning's reason in
//! the change ([`super::super::name_causes`]), so the report says what to fix.

use super::{AppliesTo, Example, Rule, Verdict};

/// The `input-schema-removed` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "input-schema-removed",
    summary: "a tool lost its inputSchema",
    applies_to: AppliesTo::Tool(Verdict::Breaking),
    why: "MCP requires an `inputSchema` on every tool: clients that check `tools/list` reject the tool, and clients that validate or build arguments from the schema lose the contract. Most often the server did not change at all: mcp-schema could not read a type the arguments use, and the warning of the run (`opaque`, `registry-type`, `unknown-type`) names it; the change's message repeats it. Give the type's schema in the config's `schemas` table, or make the type one mcp-schema reads.",
    example: Example {
        before: r#""inputSchema": {"type": "object", "properties": {"link": {"type": "string", "format": "uri"}}}"#,
        after: "(no inputSchema)",
        note: "A field of type `url::Url` was added to the arguments, and mcp-schema reports: inputSchema left out: type `url::Url` comes from the crate `url`, whose sources are not read.",
    },
};

/// What the report says of a tool that had an `inputSchema` and has none now, when the run
/// gave no reason.
pub(crate) const MESSAGE: &str = "the inputSchema was removed";
