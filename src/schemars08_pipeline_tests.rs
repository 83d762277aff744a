//! Tests of the schemars 0.8 side of the flavour (rmcp 0.1 – 0.2) through the real pipeline; the
//! rules themselves are checked against compiled releases by `testdata/rmcp/versions/0.2.1`,
//! `testdata/rmcp/patterns/tool-box-0-1` and the differential harness.

use crate::model::{Lowerer, Scope};
use crate::schema::schemars::*;
use crate::source::ModuleId;

const RMCP_0_2: Settings = Settings {
    contract: Contract::Deserialize,
    dialect: Dialect::Draft07,
    nullable: false,
    schemars08: Some(Schemars08 {
        option_nullable: true,
        option_add_null_type: false,
        remove_ref_siblings: false,
        inline_subschemas: false,
    }),
};

fn generate(src: &str, ty: &str) -> RootSchema {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("lib.rs");
    std::fs::write(&path, src).expect("write source");
    let ws = crate::source::load(&[path.to_path_buf()], &[]).expect("sources load");
    let rs = crate::model::Resolver::new(&ws);
    let mut lowerer = Lowerer::new(&rs);
    let syn_ty: syn::Type = syn::parse_str(ty).expect("a type");
    let lowered = lowerer.lower_reachable(&syn_ty, &Scope::without_generics(0, ModuleId(0)));
    parameters_root_schema(&lowerer.model, &lowered, &RMCP_0_2, &lowerer.type_overrides, &lowerer.code())
}

/// A `#[serde(transparent)]` struct around itself: schemars 0.8 forwards its name and schema to
/// itself without end (rmcp overflows its stack), an error at the struct.
#[test]
fn a_transparent_struct_over_itself_is_an_error() {
    let src = "#[derive(serde::Deserialize, schemars::JsonSchema)]\n\
               #[serde(transparent)]\n\
               pub struct W(pub Box<W>);\n\
               #[derive(serde::Deserialize, schemars::JsonSchema)]\n\
               pub struct Args { pub w: W }\n";
    let r = generate(src, "Args");
    let codes: Vec<&str> = r.diagnostics.iter().map(|d| d.code.id()).collect();
    assert_eq!(codes, ["rmcp-panic"], "{:?}", r.diagnostics);
    assert!(r.diagnostics[0].message.contains("`W` is `#[serde(transparent)]` over itself"));
}

/// A transparent struct over another type is that type in every way.
#[test]
fn a_transparent_struct_is_its_field() {
    let src = "#[derive(serde::Deserialize, schemars::JsonSchema)]\n\
               /// Docs do not stop the forwarding in schemars 0.8.\n\
               #[serde(transparent)]\n\
               pub struct Id(pub u32);\n\
               #[derive(serde::Deserialize, schemars::JsonSchema)]\n\
               pub struct Args { pub id: Id }\n";
    let r = generate(src, "Args");
    assert!(r.diagnostics.is_empty() && r.opaque.is_empty());
    assert_eq!(
        r.schema["properties"]["id"],
        serde_json::json!({"type": "integer", "format": "uint32", "minimum": 0.0})
    );
}
