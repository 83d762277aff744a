//! `tool-removed`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]).
//!
//! The comparison of the tool lists finds it (a name only the committed manifest has); this file
//! holds what the report says.

use super::{AppliesTo, Example, Rule, Verdict};

/// The `tool-removed` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "tool-removed",
    summary: "a tool of the committed manifest is gone (a rename shows as removed + added)",
    applies_to: AppliesTo::Tool(Verdict::Breaking),
    why: "A tool was removed or renamed. Clients that call it by its old name get an error.",
    example: Example {
        before: r#"{"tools": [{"name": "search"}, {"name": "fetch"}]}"#,
        after: r#"{"tools": [{"name": "search"}]}"#,
        note: "A `#[tool]` fn deleted, or renamed (`fetch` -> `fetch_url` shows as `fetch` removed and `fetch_url` added). Keep the old name as an alias tool if clients still call it.",
    },
};

/// What the report says of a committed tool whose name the regenerated manifest does not have.
pub(crate) const MESSAGE: &str = "the tool is gone: clients that call it get an error";
