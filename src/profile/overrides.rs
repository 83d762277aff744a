//! The config's `schemas` table as the profiles use it (a tool's schema is given by
//! [`super::listing::ToolList::given`]): the warnings
//! for entries that named nothing (most likely typos), and for a profile that does not apply them.

use std::collections::BTreeSet;

use crate::diagnostics::{Code, Diagnostic};
use crate::options::SchemaOverrides;

/// Config `schemas` entries naming no tool of `listed`, or no type of `types_used` (the types the
/// schemas reached): most likely a typo (`unused-schema-override` warnings).
pub fn unused(overrides: &SchemaOverrides, listed: &[&str], types_used: &BTreeSet<String>) -> Vec<Diagnostic> {
    let tools = overrides.tools.keys().filter(|k| !listed.contains(&k.as_str())).map(|name| {
        Diagnostic::warning(
            Code::UnusedSchemaOverride,
            format!("the config gives schemas for tool `{name}`, which the server does not list"),
        )
        .with_help("check the tool name: it is the published name (`#[tool(name = …)]` or the fn name)")
    });
    let types = overrides.types.keys().filter(|k| !types_used.contains(*k)).map(|path| {
        Diagnostic::warning(
            Code::UnusedSchemaOverride,
            format!("the config gives a schema for type `{path}`, which no tool's schema uses"),
        )
        .with_help("write the path the type resolves to: `crate_name::module::Type` for a type of the workspace, `other_crate::path::Type` as your `use` names it for another crate's type")
    });
    let values = overrides.values.keys().filter(|k| !types_used.contains(*k)).map(|key| {
        Diagnostic::warning(
            Code::UnusedSchemaOverride,
            format!("the config gives the value `{key}`, which no tool's schema asks for"),
        )
        .with_help("the key is the one the diagnostic names: `Type.field.default` for a default it could not evaluate, `Type.field.examples` for examples, `TOOL.description` for a tool's description")
    });
    tools.chain(types).chain(values).collect()
}

/// The config's `schemas` when the profile `profile` does not apply them yet: say so rather than
/// ignore them.
pub fn not_applied(profile: &str, overrides: &SchemaOverrides) -> Option<Diagnostic> {
    let keys: Vec<String> = overrides
        .tools
        .keys()
        .map(|tool| format!("`{tool}`"))
        .chain(overrides.types.keys().map(|ty| format!("`{ty}`")))
        .chain(overrides.values.keys().map(|key| format!("`{key}`")))
        .collect();
    if keys.is_empty() {
        return None;
    }
    Some(
        Diagnostic::warning(
            Code::UnusedSchemaOverride,
            format!("the {profile} profile does not apply the config's `schemas` yet; ignored: {}", keys.join(", ")),
        )
        .with_help(format!(
            "the rmcp, python-sdk and tower-mcp profiles apply them; for {profile}, remove the entries"
        )),
    )
}
