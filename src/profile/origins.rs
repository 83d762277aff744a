//! Where a tool is written, for the source map (`check` points each change at its Rust line):
//! the same record for every profile, whether the tool is a fn (rmcp, python-sdk) or a struct
//! (rust-mcp-sdk).

use syn::spanned::Spanned;

use super::ToolFn;
use crate::diagnostics::Location;
use crate::model::written::{WrittenBody, WrittenDef};
use crate::source::Workspace;
use crate::source_map::ToolOrigin;

/// A tool fn: its name, its `#[tool]` attribute, its named parameters.
pub fn of_fn(ws: &Workspace, tool: &ToolFn) -> ToolOrigin {
    let file = ws.crates[tool.krate].file_of(tool.module);
    let params = tool.sig.inputs.iter().filter_map(|input| match input {
        syn::FnArg::Typed(pt) => match &*pt.pat {
            syn::Pat::Ident(i) => {
                Some((crate::source::unraw_ident(&i.ident.to_string()), file.location(i.ident.span()), None))
            }
            _ => None,
        },
        syn::FnArg::Receiver(_) => None,
    });
    ToolOrigin::new(tool.location(ws), file.location(tool.tool_attr.span()), params)
}

/// A tool struct (or an alias of one) named at `at`, with its tool attribute at `attr_at`, whose
/// definition `def` gives the input schema's properties: each field under the name the schema
/// gives it.
pub fn of_struct(at: Location, attr_at: Location, def: &WrittenDef) -> ToolOrigin {
    let fields = match &def.body {
        WrittenBody::Struct(fields) => fields.as_slice(),
        WrittenBody::Enum(_) => &[],
    };
    let params = fields.iter().map(|f| (crate::schema::rust_mcp_sdk::property_name(f), f.location.clone(), None));
    ToolOrigin::new(at, attr_at, params)
}

#[cfg(test)]
mod tests {
    use crate::{GenerateOptions, ProfileChoice};

    /// rust-mcp-sdk's tools are structs: the name and attribute keys point at the struct and its
    /// `#[mcp_tool]`, a property at its field (under its serde name).
    #[test]
    fn rust_mcp_sdk_tools_point_at_their_struct_and_fields() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("src")).unwrap();
        std::fs::write(
            dir.path().join("Cargo.toml"),
            "[package]\nname = \"t\"\nversion = \"0.1.0\"\n[dependencies]\nrust-mcp-sdk = \"=0.8.0\"\n",
        )
        .unwrap();
        let src = "use rust_mcp_sdk::macros::{mcp_tool, JsonSchema};\n\
                   #[mcp_tool(name = \"go\", description = \"Go.\")]\n\
                   #[derive(serde::Deserialize, JsonSchema)]\n\
                   pub struct Go {\n    pub speed: u32,\n    #[serde(rename = \"dest\")]\n    pub destination: String,\n}\n\
                   rust_mcp_sdk::tool_box!(T, [Go]);\n";
        std::fs::write(dir.path().join("src/main.rs"), src).unwrap();
        let o = crate::generate(&GenerateOptions {
            paths: vec![dir.path().to_path_buf()],
            profile: ProfileChoice::RustMcpSdk,
            ..Default::default()
        });
        let tool = &o.manifest.as_ref().expect("listed").tool_values()[0];
        let line = |pointer: &str| o.source_map.locate("go", tool, pointer).map(|at| at.line_col().0);
        assert_eq!(line("/name"), Some(4));
        assert_eq!(line("/description"), Some(2));
        assert_eq!(line("/inputSchema/properties/speed"), Some(5));
        assert_eq!(line("/inputSchema/properties/dest/type"), Some(7));
    }
}
