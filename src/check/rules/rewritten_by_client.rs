//! `rewritten-by-client`: the rule's documentation (its page in `docs/rules/` is rendered from it
//! by [`crate::check::docs`]).
//!
//! [`crate::check::clients`] finds it: a client the configuration's `clients` names now sends its
//! model another schema than the server lists (it delivered the tool unchanged before), or gives
//! up a conversion it made before (a note: strict mode lost, a schema sent unconverted).

use super::{AppliesTo, Example, Rule, Verdict};

/// The `rewritten-by-client` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "rewritten-by-client",
    summary: "a client the server targets (`clients = [...]`) now rewrites the tool, or gives up a conversion",
    applies_to: AppliesTo::Tool(Verdict::Breaking),
    why: "What that client's model sees is no longer what the server lists, or no longer what it saw: \
          a strict-mode guarantee is gone, or keywords are dropped on the way. Calls the model makes \
          may no longer fit the schema.",
    example: Example {
        before: r#"{"inputSchema": {"type": "object", "properties": {"tags": {"type": "array", ...}}, ...}}"#,
        after: r#"{"inputSchema": {"type": "object", "properties": {"tags": {"type": "object", "additionalProperties": {"type": "string"}}}, ...}}"#,
        note: "With `clients = [\"openai-agents-strict\"]`: a `Vec<String>` field became a `HashMap<String, \
               String>`, which strict mode cannot express, so the SDK sends the tool with `strict: false`.",
    },
};
