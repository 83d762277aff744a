//! Generators of synthetic rmcp crates for the benchmark, in two shapes:
//!
//! * big files ([`write_crate`]): N files in nested modules, structs and enums with
//!   serde/schemars attributes and doc comments used across files, a `#[tool_router]` impl with
//!   three tools in every third file, and plenty of ordinary code (impl blocks with long function
//!   bodies) around them;
//! * small files ([`write_small_crate`]): N short files of type definitions, the same tools, and
//!   one constructor joining every router in a `+` chain.

use std::fmt::Write as _;
use std::path::Path;

/// Files per directory: module `gK` holds files `f0 … f9`.
const PER_DIR: usize = 10;

/// The big-file shape.
pub fn write_crate(root: &Path, files: usize, lock: &str) -> std::io::Result<u64> {
    let src = root.join("src");
    std::fs::create_dir_all(&src)?;
    write_manifest(root, lock)?;
    let mut total = 0u64;
    let dirs = files.div_ceil(PER_DIR);
    let mut main = String::from("//! A synthetic rmcp server.\n\n");
    for d in 0..dirs {
        writeln!(main, "pub mod g{d};").unwrap();
    }
    main.push_str(&server(files));
    total += main.len() as u64;
    std::fs::write(src.join("main.rs"), main)?;
    for d in 0..dirs {
        let dir = src.join(format!("g{d}"));
        std::fs::create_dir_all(&dir)?;
        let mut m = String::new();
        for f in 0..PER_DIR.min(files - d * PER_DIR) {
            writeln!(m, "pub mod f{f};").unwrap();
        }
        total += m.len() as u64;
        std::fs::write(dir.join("mod.rs"), m)?;
        for f in 0..PER_DIR.min(files - d * PER_DIR) {
            let text = file(d * PER_DIR + f);
            total += text.len() as u64;
            std::fs::write(dir.join(format!("f{f}.rs")), text)?;
        }
    }
    Ok(total)
}

fn path_of(i: usize) -> String {
    format!("crate::g{}::f{}", i / PER_DIR, i % PER_DIR)
}

/// The server: one field joining every router, served by `#[tool_handler]`.
fn server(files: usize) -> String {
    let mut s = String::from(
        "\nuse rmcp::handler::server::router::tool::ToolRouter;\nuse rmcp::{tool_handler, ServerHandler};\n\n\
         #[derive(Clone)]\npub struct Server {\n    tool_router: ToolRouter<Server>,\n}\n\nimpl Server {\n    pub fn new() -> Self {\n        let mut router = ToolRouter::new();\n",
    );
    for i in (0..files).step_by(3) {
        writeln!(s, "        router += Self::router_{i}();").unwrap();
    }
    s.push_str("        Self { tool_router: router }\n    }\n}\n\n#[tool_handler(router = self.tool_router)]\nimpl ServerHandler for Server {}\n\nfn main() {}\n");
    s
}

fn file(i: usize) -> String {
    let mut s = String::new();
    let other = if i > 0 { (i * 7 + 3) % i } else { 0 };
    writeln!(s, "//! Module {i} of the synthetic server.\n").unwrap();
    s.push_str("use std::collections::{BTreeMap, HashMap};\n\nuse rmcp::handler::server::wrapper::{Json, Parameters};\nuse rmcp::{tool, tool_router, ErrorData};\nuse schemars::JsonSchema;\nuse serde::{Deserialize, Serialize};\n\n");
    if i > 0 {
        writeln!(s, "use {}::{{Kind{other}, Record{other}}};\n", path_of(other)).unwrap();
    }
    writeln!(
        s,
        "/// A record of module {i}.\n///\n/// It has a longer description spanning\n/// several lines.\n#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]\n#[serde(rename_all = \"camelCase\")]\npub struct Record{i} {{\n    /// The identifier.\n    pub record_id: u64,\n    /// A label, if any.\n    #[serde(skip_serializing_if = \"Option::is_none\")]\n    pub label: Option<String>,\n    #[serde(default)]\n    pub tags: Vec<String>,\n    #[schemars(range(min = 0, max = 100))]\n    pub score: u8,\n    pub attributes: HashMap<String, f64>,\n    pub kind: Kind{i},"
    )
    .unwrap();
    if i > 0 {
        writeln!(s, "    /// A record of another module.\n    pub related: Option<Record{other}>,\n    pub other_kind: Kind{other},").unwrap();
    }
    s.push_str("}\n\n");
    writeln!(
        s,
        "/// The kind of a record.\n#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]\n#[serde(tag = \"type\", rename_all = \"snake_case\")]\npub enum Kind{i} {{\n    /// A plain record.\n    Plain,\n    Weighted {{ weight: f64 }},\n    Linked {{ target: String, depth: u32 }},\n}}\n"
    )
    .unwrap();
    writeln!(
        s,
        "/// Parameters of the tools of module {i}.\n#[derive(Debug, Deserialize, JsonSchema)]\npub struct Query{i} {{\n    /// What to look for.\n    pub text: String,\n    #[serde(default)]\n    pub limit: Option<u32>,\n    pub filters: BTreeMap<String, String>,\n}}\n"
    )
    .unwrap();
    // Ordinary code: a helper type with long method bodies.
    writeln!(
        s,
        "pub struct Engine{i} {{\n    cache: HashMap<String, Vec<u64>>,\n    counter: usize,\n}}\n\nimpl Engine{i} {{"
    )
    .unwrap();
    for m in 0..6 {
        writeln!(s, "    /// Step {m} of the engine.\n    pub fn step_{m}(&mut self, input: &str, factor: u64) -> Result<Vec<u64>, String> {{\n        let mut out = Vec::with_capacity(input.len());").unwrap();
        for line in 0..25 {
            writeln!(
                s,
                "        if let Some(v) = self.cache.get(input) {{\n            out.extend(v.iter().map(|x| x.wrapping_mul(factor + {line}) ^ {m}));\n        }} else {{\n            self.counter += {line};\n            out.push((self.counter as u64).rotate_left({line}) + input.len() as u64);\n        }}"
            )
            .unwrap();
        }
        writeln!(s, "        match out.len() {{\n            0 => Err(format!(\"empty input {{input}}\")),\n            n => {{ self.cache.insert(input.to_owned(), out.clone()); let _ = n; Ok(out) }}\n        }}\n    }}\n").unwrap();
    }
    s.push_str("}\n\n");
    if i % 3 == 0 {
        writeln!(s, "#[tool_router(router = router_{i})]\nimpl crate::Server {{").unwrap();
        writeln!(
            s,
            "    /// Search the records of module {i}.\n    #[tool(annotations(read_only_hint = true))]\n    async fn search_{i}(&self, Parameters(q): Parameters<Query{i}>) -> Result<Json<Vec<Record{i}>>, ErrorData> {{\n        let _ = q;\n        Ok(Json(Vec::new()))\n    }}\n\n    /// Fetch one record.\n    #[tool(name = \"fetch-{i}\")]\n    async fn fetch_{i}(&self, Parameters(r): Parameters<Record{i}>) -> Json<Record{i}> {{\n        Json(r)\n    }}\n\n    /// Count the records.\n    #[tool]\n    fn count_{i}(&self) -> String {{\n        String::from(\"0\")\n    }}\n}}\n"
        )
        .unwrap();
    }
    s
}

/// Files per directory of the small-file shape: 600 files make 631 with the `mod.rs` files and
/// `main.rs`.
const SMALL_PER_DIR: usize = 20;

/// The small-file shape: N short files of type definitions (five types the tools use, with doc
/// comments, serde and schemars attributes and types of other files used through `use`, and
/// [`FILLER_TYPES`] more that no tool uses, with short methods), a `#[tool_router]` impl with
/// three tools in every third file, and one server whose constructor joins every router in a
/// single `+` chain. Few function bodies: here the item level of the crate is most of the text.
pub fn write_small_crate(root: &Path, files: usize, lock: &str) -> std::io::Result<u64> {
    write_small_crate_with(root, files, lock, Extra::None)
}

/// What a small-file crate has besides its types and tools.
#[derive(Clone, Copy, PartialEq)]
pub enum Extra {
    None,
    /// Ordinary methods on the types the tools use (`impl Item { fn score(&self, …) }`).
    Methods,
    /// The methods, and the patterns of real servers: an output-schema helper fn the tools call
    /// (`output_schema = crate::envelope::<T>()`, evaluated) and a startup rewrite of every
    /// tool's input schema in the server's constructor.
    RealServer,
    /// The methods, and seven more server types in `main.rs`, each with three tools of its own,
    /// listed with the first in a `[[servers]]` configuration (eight servers of one crate).
    Servers,
}

/// The server types of [`Extra::Servers`].
pub const SERVERS: usize = 8;

/// The small-file shape with `extra`.
pub fn write_small_crate_with(root: &Path, files: usize, lock: &str, extra: Extra) -> std::io::Result<u64> {
    let src = root.join("src");
    std::fs::create_dir_all(&src)?;
    write_manifest(root, lock)?;
    let mut total = 0u64;
    let dirs = files.div_ceil(SMALL_PER_DIR);
    let mut main = String::from("//! A synthetic rmcp server of small files.\n\n");
    for d in 0..dirs {
        writeln!(main, "pub mod m{d};").unwrap();
    }
    main.push_str(&chained_server(files, extra));
    if extra == Extra::RealServer {
        main.push_str(REAL_SERVER_HELPERS);
    }
    if extra == Extra::Servers {
        let mut config = String::from("[lints]\nopaque = \"allow\"\n");
        for k in 0..SERVERS {
            let ty = if k == 0 { "Server".to_owned() } else { format!("Server{k}") };
            writeln!(
                config,
                "\n[[servers]]\nname = \"s{k}\"\npath = \".\"\nserver = \"{ty}\"\nmanifest = \"m{k}.json\""
            )
            .unwrap();
            if k > 0 {
                main.push_str(&extra_server(k));
            }
        }
        std::fs::write(root.join("mcp-schema.toml"), config)?;
    }
    total += main.len() as u64;
    std::fs::write(src.join("main.rs"), main)?;
    for d in 0..dirs {
        let dir = src.join(format!("m{d}"));
        std::fs::create_dir_all(&dir)?;
        let count = SMALL_PER_DIR.min(files - d * SMALL_PER_DIR);
        let mut m = String::new();
        for f in 0..count {
            writeln!(m, "pub mod t{f};").unwrap();
        }
        total += m.len() as u64;
        std::fs::write(dir.join("mod.rs"), m)?;
        for f in 0..count {
            let text = small_file(d * SMALL_PER_DIR + f, extra);
            total += text.len() as u64;
            std::fs::write(dir.join(format!("t{f}.rs")), text)?;
        }
    }
    Ok(total)
}

fn write_manifest(root: &Path, lock: &str) -> std::io::Result<()> {
    std::fs::write(
        root.join("Cargo.toml"),
        "[package]\nname = \"synthetic\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n\n[dependencies]\n\
         rmcp = { version = \"=3.11.0\", features = [\"server\", \"macros\", \"schemars\"] }\n\
         schemars = \"1\"\nserde = { version = \"1\", features = [\"derive\"] }\nserde_json = \"1\"\n",
    )?;
    std::fs::write(root.join("Cargo.lock"), lock)
}

fn small_path_of(i: usize) -> String {
    format!("crate::m{}::t{}", i / SMALL_PER_DIR, i % SMALL_PER_DIR)
}

/// The server: its constructor joins every router in one `+` expression.
fn chained_server(files: usize, extra: Extra) -> String {
    let routers: Vec<String> = (0..files).step_by(3).map(|i| format!("Self::router_{i}()")).collect();
    let constructor = if extra == Extra::RealServer {
        format!(
            "        let mut tool_router = {};\n        for route in tool_router.map.values_mut() {{\n            \
             let schema = std::sync::Arc::make_mut(&mut route.attr.input_schema);\n            schema.remove(\"$schema\");\n        }}\n\
             \x20       Self {{ tool_router }}\n",
            routers.join("\n            + ")
        )
    } else {
        format!("        Self {{\n            tool_router: {},\n        }}\n", routers.join("\n                + "))
    };
    format!(
        "\nuse rmcp::handler::server::router::tool::ToolRouter;\nuse rmcp::{{tool_handler, ServerHandler}};\n\n\
         #[derive(Clone)]\npub struct Server {{\n    tool_router: ToolRouter<Server>,\n}}\n\nimpl Server {{\n    pub fn new() -> Self {{\n\
         {constructor}    }}\n}}\n\n\
         #[tool_handler(router = self.tool_router)]\nimpl ServerHandler for Server {{}}\n\nfn main() {{}}\n"
    )
}

/// Server type `k` of [`Extra::Servers`]: three tools on types of the first files.
fn extra_server(k: usize) -> String {
    format!(
        "\n#[derive(Clone)]\npub struct Server{k} {{\n    tool_router: ToolRouter<Server{k}>,\n}}\n\n\
         #[rmcp::tool_router]\nimpl Server{k} {{\n    pub fn new() -> Self {{\n        Self {{ tool_router: Self::tool_router() }}\n    }}\n\n\
         \x20   /// Find, on server {k}.\n    #[rmcp::tool]\n    fn find_on_{k}(&self, rmcp::handler::server::wrapper::Parameters(q): rmcp::handler::server::wrapper::Parameters<crate::m0::t{k}::Find{k}>) -> String {{\n        let _ = q;\n        String::new()\n    }}\n\n\
         \x20   /// Get, on server {k}.\n    #[rmcp::tool]\n    fn get_on_{k}(&self, rmcp::handler::server::wrapper::Parameters(i): rmcp::handler::server::wrapper::Parameters<crate::m0::t{k}::Item{k}>) -> String {{\n        let _ = i;\n        String::new()\n    }}\n\n\
         \x20   /// Ping server {k}.\n    #[rmcp::tool]\n    fn ping_{k}(&self) -> String {{\n        String::from(\"pong\")\n    }}\n}}\n\n\
         #[tool_handler(router = self.tool_router)]\nimpl ServerHandler for Server{k} {{}}\n"
    )
}

/// The output-schema helper of [`Extra::RealServer`]: the SDK's schema of `T` inside an envelope.
const REAL_SERVER_HELPERS: &str = "\n/// The schema of `T` as the `data` of an envelope with a status.\n\
pub fn envelope<T: schemars::JsonSchema + 'static>() -> std::sync::Arc<rmcp::model::JsonObject> {\n\
    let mut inner = (*rmcp::handler::server::tool::schema_for_output::<T>()).clone();\n\
    let defs = inner.remove(\"$defs\");\n\
    let mut props = serde_json::Map::new();\n\
    props.insert(\"status\".to_owned(), serde_json::json!({ \"type\": \"string\", \"enum\": [\"ok\", \"error\"] }));\n\
    props.insert(\"data\".to_owned(), serde_json::Value::Object(inner));\n\
    let mut root = serde_json::Map::new();\n\
    if let Some(defs) = defs {\n\
        root.insert(\"$defs\".to_owned(), defs);\n\
    }\n\
    root.insert(\"type\".to_owned(), serde_json::json!(\"object\"));\n\
    root.insert(\"properties\".to_owned(), serde_json::Value::Object(props));\n\
    root.insert(\"required\".to_owned(), serde_json::json!([\"status\"]));\n\
    std::sync::Arc::new(root)\n\
}\n";

fn small_file(i: usize, extra: Extra) -> String {
    let mut s = String::new();
    let other = if i > 0 { (i * 7 + 3) % i } else { 0 };
    writeln!(s, "//! Types of module {i}.\n").unwrap();
    s.push_str(
        "use std::collections::BTreeMap;\n\nuse schemars::JsonSchema;\nuse serde::{Deserialize, Serialize};\n\n",
    );
    if i % 3 == 0 {
        s.push_str(
            "use rmcp::handler::server::wrapper::{Json, Parameters};\nuse rmcp::{tool, tool_router, ErrorData};\n\n",
        );
    }
    if i > 0 {
        writeln!(s, "use {}::{{Item{other}, Status{other}}};\n", small_path_of(other)).unwrap();
    }
    writeln!(
        s,
        "/// An item of module {i}.\n#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]\n#[serde(rename_all = \"camelCase\")]\npub struct Item{i} {{\n    /// The identifier.\n    pub item_id: u64,\n    /// A label, if any.\n    #[serde(skip_serializing_if = \"Option::is_none\")]\n    pub label: Option<String>,\n    #[serde(default)]\n    pub tags: Vec<String>,\n    #[schemars(range(min = 0, max = 100))]\n    pub score: u8,\n    pub status: Status{i},\n    pub meta: Meta{i},"
    )
    .unwrap();
    if i > 0 {
        writeln!(s, "    /// The status of an item of another module.\n    pub parent_status: Option<Status{other}>,")
            .unwrap();
    }
    s.push_str("}\n\n");
    writeln!(
        s,
        "/// The status of an item.\n#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]\n#[serde(rename_all = \"snake_case\")]\npub enum Status{i} {{\n    /// Not started.\n    Pending,\n    Active,\n    /// Done, with a note.\n    Done(String),\n}}\n\n\
         /// Free-form metadata.\n#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]\npub struct Meta{i} {{\n    pub created: Option<String>,\n    #[serde(default)]\n    pub extra: BTreeMap<String, String>,\n    pub unit: Unit{i},\n}}\n\n\
         /// A unit of measure.\n#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, JsonSchema)]\npub enum Unit{i} {{\n    #[default]\n    Metre,\n    Second,\n}}\n\n\
         /// Parameters of the tools of module {i}.\n#[derive(Debug, Deserialize, JsonSchema)]\npub struct Find{i} {{\n    /// What to look for.\n    pub query: String,\n    #[serde(default)]\n    pub limit: Option<u32>,\n    pub status: Option<Status{i}>,\n}}\n"
    )
    .unwrap();
    for t in 0..FILLER_TYPES {
        s.push_str(&filler_type(i, t));
    }
    if extra != Extra::None {
        s.push_str(&methods(i));
    }
    let find_attr = if extra == Extra::RealServer {
        format!("#[tool(annotations(read_only_hint = true), output_schema = crate::envelope::<Item{i}>())]")
    } else {
        "#[tool(annotations(read_only_hint = true))]".to_owned()
    };
    if i % 3 == 0 {
        writeln!(
            s,
            "#[tool_router(router = router_{i})]\nimpl crate::Server {{\n    /// Find the items of module {i}.\n    {find_attr}\n    async fn find_{i}(&self, Parameters(q): Parameters<Find{i}>) -> Result<Json<Vec<Item{i}>>, ErrorData> {{\n        let _ = q;\n        Ok(Json(Vec::new()))\n    }}\n\n    /// Get one item.\n    #[tool(name = \"get-{i}\")]\n    async fn get_{i}(&self, Parameters(item): Parameters<Item{i}>) -> Json<Item{i}> {{\n        Json(item)\n    }}\n\n    /// Count the items.\n    #[tool]\n    fn count_{i}(&self) -> String {{\n        String::from(\"0\")\n    }}\n}}\n"
        )
        .unwrap();
    }
    s
}

/// Types of the small-file shape that no tool uses.
const FILLER_TYPES: usize = 3;

/// A type no tool uses, with a constructor: most of a small file.
fn filler_type(i: usize, t: usize) -> String {
    format!(
        "/// Settings {t} of module {i}.\n///\n/// Read from the configuration file.\n#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]\n#[serde(rename_all = \"kebab-case\", deny_unknown_fields)]\npub struct Settings{i}x{t} {{\n    /// The name.\n    pub name: String,\n    #[serde(default)]\n    pub enabled: bool,\n    pub retries: Option<u32>,\n    pub ratio: f64,\n    #[serde(default, skip_serializing_if = \"Vec::is_empty\")]\n    pub hosts: Vec<String>,\n    pub limits: BTreeMap<String, u64>,\n    pub mode: Mode{i}x{t},\n}}\n\n\
         /// The mode of settings {t}.\n#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]\n#[serde(rename_all = \"lowercase\")]\npub enum Mode{i}x{t} {{\n    Off,\n    Low,\n    High,\n    /// Chosen at run time.\n    Auto,\n}}\n\n\
         impl Settings{i}x{t} {{\n    /// Settings with the given name.\n    pub fn new(name: &str) -> Self {{\n        Self {{\n            name: name.to_owned(),\n            enabled: true,\n            retries: Some({t}),\n            ratio: 0.5,\n            hosts: Vec::new(),\n            limits: BTreeMap::new(),\n            mode: Mode{i}x{t}::Auto,\n        }}\n    }}\n{}}}\n\n",
        check_fn()
    )
}

/// A method with a body of ordinary code, the same in every filler type.
fn check_fn() -> String {
    let mut s = String::from("\n    /// Checks the settings.\n    pub fn check(&self) -> Result<(), String> {\n");
    for line in 0..4 {
        writeln!(
            s,
            "        if self.hosts.len() > {line} && self.ratio < {line}.5 {{\n            return Err(format!(\"host {line} of {{}} is out of range\", self.name));\n        }}"
        )
        .unwrap();
    }
    s.push_str("        Ok(())\n    }\n");
    s
}

/// Ordinary methods on the types the tools use: what a real crate's types have.
fn methods(i: usize) -> String {
    let mut s = format!(
        "impl Item{i} {{\n    /// The weighted score.\n    pub fn score(&self, weight: f64) -> f64 {{\n        let base = self.score as f64 * weight;\n        \
         if self.tags.is_empty() {{\n            base\n        }} else {{\n            base + self.tags.iter().map(|t| t.len() as f64).sum::<f64>() / 10.0\n        }}\n    }}\n\n\
         \x20   /// A label to show.\n    pub fn label_or(&self, fallback: &str) -> String {{\n        match &self.label {{\n            Some(l) if !l.is_empty() => l.clone(),\n            _ => format!(\"{{}} #{{}}\", fallback, self.item_id),\n        }}\n    }}\n\n\
         \x20   /// Whether the item is done.\n    pub fn is_done(&self) -> bool {{\n        matches!(self.status, Status{i}::Done(_))\n    }}\n}}\n\n"
    );
    writeln!(
        s,
        "impl Find{i} {{\n    /// The limit, within bounds.\n    pub fn limit(&self) -> u32 {{\n        self.limit.unwrap_or(20).clamp(1, 500)\n    }}\n\n\
         \x20   /// Whether an item matches.\n    pub fn matches(&self, item: &Item{i}) -> bool {{\n        item.label.as_deref().is_some_and(|l| l.contains(&self.query))\n            \
         || item.tags.iter().any(|t| t == &self.query)\n    }}\n}}\n"
    )
    .unwrap();
    s
}
