//! The rmcp profile end to end, on small crates written for each rule.

use serde_json::{json, Value};

use crate::diagnostics::Code;
use crate::options::GenerateOptions;
use crate::{Outcome, ProfileChoice};

/// A crate in a temporary directory: `Cargo.toml` depending on rmcp `version` (locked when
/// `lock` is set), `src/main.rs` and any other files.
fn crate_with(version: &str, lock: bool, files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("src")).unwrap();
    std::fs::write(
        dir.path().join("Cargo.toml"),
        format!("[package]\nname = \"t\"\nversion = \"0.1.0\"\nedition = \"2021\"\n[workspace]\n[dependencies]\nrmcp = \"={version}\"\n"),
    )
    .unwrap();
    if lock {
        std::fs::write(
            dir.path().join("Cargo.lock"),
            format!(
                "version = 4\n[[package]]\nname = \"t\"\nversion = \"0.1.0\"\ndependencies = [\"rmcp\"]\n\n[[package]]\nname = \"rmcp\"\nversion = \"{version}\"\ndependencies = [\"rmcp-macros\", \"schemars\"]\n\n[[package]]\nname = \"rmcp-macros\"\nversion = \"{version}\"\n\n[[package]]\nname = \"schemars\"\nversion = \"1.2.3\"\n"
            ),
        )
        .unwrap();
    }
    for (path, text) in files {
        let p = dir.path().join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    dir
}

fn run(dir: &tempfile::TempDir, server: Option<&str>, protocol: Option<&str>) -> Outcome {
    crate::generate(&GenerateOptions {
        paths: vec![dir.path().to_path_buf()],
        profile: ProfileChoice::Rmcp,
        profile_options: crate::options::ProfileOptions {
            server: server.map(str::to_owned),
            protocol: protocol.map(str::to_owned),
            ..Default::default()
        },
        lints: warn_left_out(),
        ..Default::default()
    })
}

/// What is left out is a warning here (an error by default), so that the rest of the manifest
/// can be looked at.
fn warn_left_out() -> crate::diagnostics::Lints {
    let levels = [(crate::diagnostics::LintName::from_id("left-out").unwrap(), crate::diagnostics::Level::Warn)].into();
    crate::diagnostics::Lints { levels, ..Default::default() }
}

fn tools(o: &Outcome) -> Vec<Value> {
    assert!(!o.failed(), "{:?}", o.diagnostics.iter().map(|d| d.to_string()).collect::<Vec<_>>());
    o.manifest.as_ref().unwrap().tool_values()
}

fn messages(o: &Outcome) -> String {
    o.diagnostics.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n")
}

const HEAD: &str =
    "use rmcp::{tool, tool_router, tool_handler, Json, ServerHandler, handler::server::wrapper::Parameters};\n";

#[test]
fn descriptions_from_consts_concat_and_included_docs() {
    let src = format!(
        "{HEAD}const D: &str = concat!(\"from \", \"a const\");\nconst E: &str = D;\n\
         #[derive(Clone)] pub struct S;\n#[tool_router(server_handler)]\nimpl S {{\n\
         #[tool(description = E)] fn a(&self) {{}}\n\
         #[tool(description = concat!(\"x\", 1, 'y', true))] fn b(&self) {{}}\n\
         /// first\n#[doc = include_str!(\"doc.md\")]\n#[tool] fn c(&self) {{}}\n\
         #[tool(description = format!(\"{{D}}!\"))] fn d(&self) {{}}\n\
         #[tool(description = std::env::var(\"X\").unwrap())] fn e(&self) {{}}\n}}\n"
    );
    let dir = crate_with("3.11.0", true, &[("src/main.rs", &src), ("src/doc.md", "Included.\n")]);
    let o = run(&dir, None, None);
    let t = tools(&o);
    assert_eq!(t[0]["description"], "from a const");
    assert_eq!(t[1]["description"], "x1ytrue");
    assert_eq!(t[2]["description"], "first\nIncluded.\n");
    assert_eq!(t[3]["description"], "from a const!");
    // Only known at runtime: a warning, the key left out.
    assert!(t[4].get("description").is_none());
    assert!(messages(&o).contains("tool `e`") && messages(&o).contains("warning[opaque]"), "{}", messages(&o));
    // Before 3.4.1 only literals compile.
    let dir = crate_with("3.4.0", true, &[("src/main.rs", &src), ("src/doc.md", "Included.\n")]);
    let o = run(&dir, None, None);
    assert!(o.failed());
    assert!(messages(&o).contains("tool `a`") && messages(&o).contains("3.4.1"));
}

const TWO_SERVERS: &str =
    "#[derive(Clone)] pub struct A;\n#[tool_router(server_handler)]\nimpl A { #[tool] fn one(&self) {} }\n\
    #[derive(Clone)] pub struct B;\n#[tool_router]\nimpl B { #[tool] fn two(&self) {} #[tool] fn Zed(&self) {} }\n\
    #[tool_handler]\nimpl ServerHandler for B {}\n";

#[test]
fn servers_are_never_merged() {
    let dir = crate_with("3.11.0", true, &[("src/main.rs", &format!("{HEAD}{TWO_SERVERS}"))]);
    let o = run(&dir, None, None);
    assert!(o.failed() && o.manifest.is_none());
    assert!(messages(&o).contains("A, B"), "{}", messages(&o));
    let names = |o: &Outcome| tools(o).iter().map(|t| t["name"].as_str().unwrap().to_owned()).collect::<Vec<_>>();
    assert_eq!(names(&run(&dir, Some("A"), None)), ["one"]);
    // Sorted by bytes: "Z" < "t".
    assert_eq!(names(&run(&dir, Some("B"), None)), ["Zed", "two"]);
    assert!(run(&dir, Some("C"), None).failed());
}

#[test]
fn empty_routers_fail_to_compile_from_3_3() {
    let src = format!("{HEAD}#[derive(Clone)] pub struct S;\n#[tool_router(server_handler)]\nimpl S {{}}\n#[tool_router(router = r, allow_empty)]\nimpl S {{}}\n");
    let dir = crate_with("3.3.0", true, &[("src/main.rs", &src)]);
    let o = run(&dir, None, None);
    assert!(o.failed());
    assert_eq!(o.diagnostics.iter().filter(|d| d.code == Code::EmptyRouter).count(), 1);
    let dir = crate_with("3.2.0", true, &[("src/main.rs", &src)]);
    assert!(tools(&run(&dir, None, None)).is_empty());
}

const SCHEMAS: &str = "#[derive(Deserialize, Serialize, JsonSchema)] pub struct Item { pub id: u64 }\n\
    /// Doc of Args\n#[derive(Deserialize, JsonSchema)] pub struct Args { pub x: i32 }\n\
    #[derive(Clone)] pub struct S { tool_router: ToolRouter<Self> }\n\
    #[tool_router]\nimpl S {\n fn new() -> Self { Self { tool_router: Self::tool_router() } }\n\
    #[tool] fn list(&self, Parameters(a): Parameters<Args>) -> Json<Vec<Item>> { todo!() }\n\
    #[tool] fn one(&self) -> Result<Json<Item>, E> { todo!() }\n}\n\
    #[tool_handler]\nimpl ServerHandler for S {}\n";

#[test]
fn output_roots_per_release() {
    let dir = crate_with("2.2.0", true, &[("src/main.rs", &format!("{HEAD}{SCHEMAS}"))]);
    let o = run(&dir, None, None);
    assert!(o.failed());
    assert!(messages(&o).contains("tool `list`") && messages(&o).contains("found 'array'"), "{}", messages(&o));
    let dir = crate_with("3.11.0", true, &[("src/main.rs", &format!("{HEAD}{SCHEMAS}"))]);
    let t = tools(&run(&dir, None, Some("2026-07-28")));
    assert_eq!(t[0]["outputSchema"]["type"], "array");
    assert_eq!(
        t[0]["inputSchema"],
        json!({"$schema": "https://json-schema.org/draft/2020-12/schema", "properties": {"x": {"type": "integer", "format": "int32"}}, "required": ["x"], "type": "object"})
    );
    // An `initialize` client is answered 2025-11-25 whatever it asks: the default view.
    for protocol in [Some("2025-11-25"), None] {
        let o = run(&dir, None, protocol);
        let t = tools(&o);
        assert!(t[0].get("outputSchema").is_none());
        assert_eq!(t[1]["outputSchema"]["type"], "object");
        // The note (`-v`) says where the other view differs.
        let other: Vec<&String> = o.notes.iter().filter(|n| n.starts_with("a stateless")).collect();
        assert_eq!(other, [&crate::profile::protocol::other_view_note(&["list".into()]).unwrap()]);
    }
    let o = run(&dir, None, Some("2026-07-28"));
    assert!(!o.notes.iter().any(|n| n.starts_with("a stateless")), "{:?}", o.notes);
    // Before 1.8 the root keeps its title and description.
    let dir = crate_with("0.10.0", true, &[("src/main.rs", &format!("{HEAD}{SCHEMAS}"))]);
    let t = tools(&run(&dir, None, None));
    assert_eq!(t[0]["inputSchema"]["title"], "Args");
    assert_eq!(t[0]["inputSchema"]["description"], "Doc of Args");
}

/// A legacy peer loses a non-object outputSchema whichever way the schema was made: generated,
/// explicit (`output_schema = f()`) or given in the config.
#[test]
fn legacy_peers_lose_non_object_output_from_every_source() {
    let src = format!(
        "{HEAD}fn list_schema() -> Arc<JsonObject> {{ json!({{\"type\": \"array\"}}) }}\n\
         fn item_schema() -> Arc<JsonObject> {{ json!({{\"type\": \"object\"}}) }}\n\
         #[derive(Clone)] pub struct S;\n#[tool_router(server_handler)]\nimpl S {{\n\
         #[tool] fn generated(&self) -> Json<Vec<i32>> {{ todo!() }}\n\
         #[tool(output_schema = list_schema())] fn explicit(&self) {{}}\n\
         #[tool(output_schema = item_schema())] fn explicit_object(&self) {{}}\n\
         #[tool] fn configured(&self) {{}}\n\
         #[tool] fn configured_object(&self) {{}}\n}}\n"
    );
    let dir = crate_with("3.11.0", true, &[("src/main.rs", &src)]);
    let mut overrides = crate::options::SchemaOverrides::default();
    for (tool, ty) in [("configured", "array"), ("configured_object", "object")] {
        overrides.tools.insert(
            tool.to_owned(),
            crate::options::ToolSchemaOverride { input_schema: None, output_schema: Some(json!({"type": ty})) },
        );
    }
    let run_for = |protocol: Option<&str>| {
        let o = crate::generate(&GenerateOptions {
            paths: vec![dir.path().to_path_buf()],
            profile: ProfileChoice::Rmcp,
            profile_options: crate::options::ProfileOptions {
                protocol: protocol.map(str::to_owned),
                overrides: overrides.clone(),
                ..Default::default()
            },
            ..Default::default()
        });
        tools(&o)
            .iter()
            .map(|t| (t["name"].as_str().unwrap().to_owned(), t.get("outputSchema").map(|s| s["type"].clone())))
            .collect::<Vec<_>>()
    };
    let some = |ty: &str| Some(json!(ty));
    assert_eq!(
        run_for(Some("2026-07-28")),
        [
            ("configured".to_owned(), some("array")),
            ("configured_object".to_owned(), some("object")),
            ("explicit".to_owned(), some("array")),
            ("explicit_object".to_owned(), some("object")),
            ("generated".to_owned(), some("array")),
        ]
    );
    assert_eq!(run_for(None), run_for(Some("2025-11-25")), "the default is an `initialize` client's view");
    assert_eq!(
        run_for(Some("2025-11-25")),
        [
            ("configured".to_owned(), None),
            ("configured_object".to_owned(), some("object")),
            ("explicit".to_owned(), None),
            ("explicit_object".to_owned(), some("object")),
            ("generated".to_owned(), None),
        ]
    );
}

#[test]
fn non_object_parameters_panic_from_1_8() {
    let src = format!("{HEAD}#[derive(Clone)] pub struct S;\n#[tool_router(server_handler)]\nimpl S {{ #[tool] fn v(&self, Parameters(p): Parameters<Vec<i32>>) {{}} }}\n");
    let dir = crate_with("1.8.0", true, &[("src/main.rs", &src)]);
    let o = run(&dir, None, None);
    assert!(o.failed());
    let m = messages(&o);
    assert!(m.contains("tool `v`") && m.contains("rmcp 1.8.0") && m.contains("but found 'array'"), "{m}");
    let dir = crate_with("1.7.0", true, &[("src/main.rs", &src)]);
    let t = tools(&run(&dir, None, None));
    assert_eq!(t[0]["inputSchema"]["type"], "array");
}

#[test]
fn trait_tools_execution_and_opaque_keys() {
    let src = format!(
        "{HEAD}#[derive(Clone)] pub struct S;\n#[tool_router(server_handler)]\nimpl S {{\n\
         #[tool(execution(task_support = \"optional\"), icons = my_icons(), annotations(title = \"T\", read_only_hint = true))] fn e(&self) {{}}\n}}\n\
         impl S {{ fn all() -> ToolRouter<Self> {{ Self::tool_router().with_sync_tool::<Tt>() }} }}\n\
         #[derive(Serialize, JsonSchema)] pub struct Out {{ pub n: u32 }}\npub struct Tt;\nimpl ToolBase for Tt {{ type Parameter = (); type Output = Out; type Error = E;\n\
         fn name() -> Cow<'static, str> {{ \"tt\".into() }}\n\
         fn input_schema() -> Option<Arc<JsonObject>> {{ None }}\n\
         fn annotations() -> Option<ToolAnnotations> {{ Some(ToolAnnotations::new().idempotent(true)) }} }}\n"
    );
    let src = src.replace("#[tool_router(server_handler)]\nimpl S", "#[tool_router]\nimpl S")
        + "#[tool_handler(router = Self::all())]\nimpl ServerHandler for S {}\n";
    let dir = crate_with("2.2.0", true, &[("src/main.rs", &src)]);
    let o = run(&dir, None, None);
    let t = tools(&o);
    assert_eq!(t[0]["name"], "e");
    assert_eq!(t[0]["execution"], json!({"taskSupport": "optional"}));
    assert_eq!(t[0]["annotations"], json!({"title": "T", "readOnlyHint": true}));
    assert!(t[0].get("icons").is_none() && messages(&o).contains("icons"));
    assert_eq!(t[1]["name"], "tt");
    assert_eq!(t[1]["inputSchema"], json!({"type": "object", "properties": {}}));
    assert_eq!(t[1]["annotations"], json!({"idempotentHint": true}));
    // Trait tools always have an output schema (the default `output_schema()`).
    assert_eq!(t[1]["outputSchema"]["required"], json!(["n"]));
    // 3.x has no `execution`.
    let dir = crate_with("3.11.0", true, &[("src/main.rs", &src)]);
    let o = run(&dir, None, None);
    assert!(o.failed() && messages(&o).contains("execution"));
}
