//! MCP SDKs no profile models, as data: `auto` refuses a crate that depends on one rather than
//! give it the fallback's manifest (the python-sdk profile reads `#[tool]` fns, which several of
//! these SDKs also write, and would list them as the Python SDK does, exit 0). A profile written
//! for one of them takes its row out of [`UNKNOWN_SDKS`] and names the package in its own
//! [`super::Detection::DependsOn`].

use crate::diagnostics::{Code, Diagnostic};
use crate::source::Workspace;

/// An MCP SDK crate of the registry that mcp-schema does not reproduce.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnknownSdk {
    /// The package name, as crates.io has it and a Cargo.toml depends on it.
    pub package: &'static str,
    /// How its servers declare tools, in a few words (for the diagnostic).
    pub declares: &'static str,
}

/// The server SDKs of crates.io that no profile models, each with how it declares tools. The
/// facade crates and the server crates they re-export (a crate may depend on either).
pub const UNKNOWN_SDKS: &[UnknownSdk] = &[
    UnknownSdk { package: "mcp-sdk-rs", declares: "a `ServerHandler` impl" },
    UnknownSdk { package: "mcpkit", declares: "`#[mcp_server]` on an impl, `#[tool]` fns" },
    UnknownSdk { package: "pmcp", declares: "`#[mcp_tool]`/`#[mcp_server]`, or typed tools on a builder" },
    UnknownSdk { package: "tmcp", declares: "`#[mcp_server]` on an impl, `#[tool]` fns" },
    UnknownSdk { package: "turbomcp-server", declares: "`#[server]` on an impl, `#[tool]` fns" },
    UnknownSdk { package: "turul-mcp-server", declares: "`#[mcp_tool]` fns and `McpTool` derives" },
    UnknownSdk { package: "ultrafast-mcp", declares: "a `ToolHandler` impl" },
    UnknownSdk { package: "ultrafast-mcp-server", declares: "a `ToolHandler` impl" },
];

/// Under `--profile auto`: the `unknown-sdk` error for the first package of the run (in its
/// Cargo.toml or the lock's entry for it) that depends on a crate of [`UNKNOWN_SDKS`], on that
/// package's Cargo.toml; `None` when no package does.
pub fn refuse(ws: &Workspace, profiles: &[&str]) -> Option<Diagnostic> {
    let packages: Vec<&str> = UNKNOWN_SDKS.iter().map(|s| s.package).collect();
    for m in &ws.packages {
        let found = super::registry::depends_on(std::slice::from_ref(m), &packages);
        let Some(i) = found.iter().position(|f| *f) else { continue };
        let sdk = &UNKNOWN_SDKS[i];
        let flags: Vec<String> = profiles.iter().map(|p| format!("`--profile {p}`")).collect();
        return Some(
            Diagnostic::error(
                Code::UnknownSdk,
                format!(
                    "the crate depends on {}, an MCP SDK mcp-schema does not reproduce ({}): its tools/list \
                     cannot be worked out",
                    sdk.package, sdk.declares
                ),
            )
            .with_help(format!(
                "when another SDK serves the tools, choose its profile: {} (or `profile` in the configuration)",
                flags.join(", ")
            ))
            .in_file(&m.path),
        );
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_sorted_and_unique() {
        let names: Vec<&str> = UNKNOWN_SDKS.iter().map(|s| s.package).collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(names, sorted);
    }
}
