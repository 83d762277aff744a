//! What the tool list costs a model: budgets (`[package.metadata.mcp-schema.budget]`) and the
//! lint of subschemas repeated where a shared definition would state them once (docs/tokens.md).

use super::{CodeDoc, Kind, Scope};

pub(super) const DESCRIPTION_OVER_BUDGET: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: Scope::when("a `budget.description` in the configuration"),
    summary: "A description (a tool's, or one in its\n\
             schemas) costs more tokens than `budget.description` allows. A model reads every description\n\
             of the list on every turn. See [tokens.md](tokens.md).",
    example: "src/main.rs:12:5: warning[description-over-budget]: tool `search` at /description: the description costs 212 tokens (o200k_base), over the budget of 150",
    fix: "say it in fewer words (the doc comment or `description = \"...\"`), or raise the budget.",
};

pub(super) const REPEATED_SUBSCHEMA: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: Scope::when("off by default; on with `-W repeated-subschema` or `[lints]`"),
    summary: "The same object schema is written out\n\
             in full in several places of the tool list (inlined, not a `$ref`), where a shared type in `$defs`\n\
             would state it once per tool. The message says how many places and the tokens a `$defs` entry would\n\
             save. See [tokens.md](tokens.md).",
    example: "src/main.rs:20:1: warning[repeated-subschema]: the schema of `Address` is written out 6 times in 3 tools (87 tokens each): a shared definition would save about 290 tokens",
    fix: "keep the type a definition of its own: with schemars, drop `#[schemars(inline)]` or the\n\
         `inline_subschemas` setting; with rust-mcp-sdk, which inlines every nested type, give the tools\n\
         fewer copies of it.",
};

pub(super) const TOOL_OVER_BUDGET: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: Scope::when("a `budget.tool` in the configuration"),
    summary: "A tool costs more tokens (its compact JSON, in\n\
             the budget's encoding) than `budget.tool` allows. The help names the three dearest parts of the\n\
             tool: its description, a property, a shared definition. See [tokens.md](tokens.md).",
    example: "src/main.rs:12:5: warning[tool-over-budget]: tool `search` costs 1,720 tokens (o200k_base), over the budget of 1,500",
    fix: "shorten the dearest parts the help names, or split the tool.",
};

pub(super) const TOTAL_OVER_BUDGET: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: Scope::when("a `budget.total` in the configuration"),
    summary: "The whole tool list costs more tokens than\n\
             `budget.total` allows; the diagnostic sits on the dearest tool and the help names the three dearest.\n\
             See [tokens.md](tokens.md).",
    example: "src/main.rs:12:5: warning[total-over-budget]: the 40 tools cost 23,410 tokens (o200k_base), over the budget of 20,000",
    fix: "shorten the dearest tools, or serve fewer of them.",
};
