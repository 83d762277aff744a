//! `refused-by-client`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]).
//!
//! [`crate::check::clients`] finds it: each client the configuration's `clients` names projects
//! both manifests (docs/clients.md), and a tool it refuses now but did not before is this change.

use super::{AppliesTo, Example, Rule, Verdict};

/// The `refused-by-client` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "refused-by-client",
    summary: "a client the server targets (`clients = [...]`) now refuses the tool",
    applies_to: AppliesTo::Tool(Verdict::BreakingWhen {
        condition: "the tool was there before, or the refusal takes other tools down with it (the whole \
                    request or every tool of the server)",
        short: "the tool was there, or others go down with it",
    }),
    why: "The client does not hand the tool to its model any more, or fails every request it makes \
          with it: sessions with that client lose the tool, and with a request- or server-wide refusal \
          every other tool too.",
    example: Example {
        before: r#"{"tools": [{"name": "irc_connect", ...}]}"#,
        after: r#"{"tools": [{"name": "irc.connect", ...}]}"#,
        note: "With `clients = [\"openai-agents\"]`: the OpenAI API answers a function name with a dot \
               with a 400 for the whole request. Rename the tool (`#[tool(name = \"irc_connect\")]`), or \
               drop the client from `clients` if the server does not target it.",
    },
};
