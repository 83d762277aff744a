//! A listed tool whose schema contains itself: the derive inlines nested types, so the real
//! server overflows its stack when it lists the tool.
use rust_mcp_sdk::macros::{mcp_tool, JsonSchema};
use serde::{Deserialize, Serialize};

#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct Folder {
    pub name: String,
    pub parent: Option<Box<Folder>>,
    pub children: Vec<Folder>,
}

#[mcp_tool(name = "make_folders", description = "Create a folder tree.")]
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct MakeFolders {
    pub root: Folder,
}

rust_mcp_sdk::tool_box!(Files, [MakeFolders]);

fn main() {}
