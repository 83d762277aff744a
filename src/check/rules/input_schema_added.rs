//! `input-schema-added`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and what the report says.
//!
//! The tool comparison finds it (an `inputSchema` only the regenerated tool has): the committed
//! manifest lacked one, which MCP requires, most often because the run that wrote it could not
//! read a type of the arguments.

use super::{AppliesTo, Example, Rule, Verdict};

/// The `input-schema-added` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "input-schema-added",
    summary: "a tool gained an inputSchema",
    applies_to: AppliesTo::Tool(Verdict::Compatible),
    why: "The committed tool broke MCP, which requires an `inputSchema`; the server checked its arguments all along, and the schema now says how. Clients that accepted the tool without one keep working.",
    example: Example {
        before: r#"{"name": "fetch", "description": "Fetch a page"}"#,
        after: r#"{"name": "fetch", "description": "Fetch a page", "inputSchema": {"type": "object", ...}}"#,
        note: "The config's `schemas` table now gives the schema of a type mcp-schema could not read, or the type became one it reads.",
    },
};

/// What the report says of a tool that had no `inputSchema` and has one now.
pub(crate) const MESSAGE: &str = "the tool now declares an inputSchema";
