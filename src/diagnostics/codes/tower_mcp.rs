//! The codes only the tower-mcp profile raises.

use super::{CodeDoc, Kind, Scope};

pub(super) const TOWER_MCP_PANIC: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::profiles(&["tower-mcp"]),
    summary: "The locked tower-mcp release panics while building this tool: `ToolBuilder::new`\n\
             refuses a name that is empty, longer than 64 characters, or has characters other than ASCII\n\
             letters, digits, `_`, `-`, `.` and `/` (SEP-986), so the server would not start.",
    example: "src/main.rs:8:15: error[tower-mcp-panic]: tool `has space`: tower-mcp's `ToolBuilder::new` panics: Tool name 'has space' contains invalid character ' '",
    fix: "rename the tool.",
};
