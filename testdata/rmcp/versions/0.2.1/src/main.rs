//! rmcp tool catalogue: conformance data for the `rmcp` profile of `mcp-schema`.
//!
//! This crate is a real rmcp server program. It holds a catalogue of rmcp tool patterns (how
//! tools are declared, which parameter and return types they use) spread over several server
//! types, and it is built against one exact rmcp release, the one its `Cargo.lock` pins.
//! `mcp-schema generate --profile rmcp --server <Type> <this folder>` must print what the server
//! type `<Type>` lists in `tools/list` on that release, or fail the way rmcp fails.
//!
//! Server types:
//!
//! * `Catalog`: every tool whose listing never panics on any release, in two `#[tool_router]`
//!   blocks joined with `+` in `Catalog::new()` and served through
//!   `#[tool_handler(router = self.tool_router)]`.
//! * One small server per tool whose schema makes rmcp panic on some releases (a parameters or
//!   output type whose JSON schema root is not an object): `OutVecServer`, `OutI32Server`,
//!   `OutStringServer`, `OutTaggedEnumServer`, `OutUnitEnumServer`, `OutNewtypeServer`,
//!   `OutResultVecServer`, `VecParamsServer`, `EnumParamsServer`, `UnitStructParamsServer`.
//!   Each has its own router and `ServerHandler`, written the way the documentation of this
//!   rmcp release writes a server.
//!
//! `expected.json`, next to `Cargo.toml`, is the output of this program's `dump` mode, run in
//! this folder:
//!
//! ```sh
//! CARGO_TARGET_DIR=<a directory outside the repository> cargo build --locked
//! $CARGO_TARGET_DIR/debug/rmcp-catalog dump > expected.json
//! ```
//!
//! `dump` starts every server type inside this process and talks to it over an in-memory pipe
//! the way an MCP client does, asking for the newest protocol version, 2026-07-28. Where this
//! release's own newest version (`ProtocolVersion::LATEST`) is older, it sends `initialize` (the
//! server answers with the newest version it supports), `notifications/initialized`, then
//! `tools/list`; otherwise a single `tools/list` that carries the version in `_meta`, since that
//! version has no handshake. It records the tools in the answer, or the message of the panic
//! that stops the server, either while it is built or while it answers `tools/list`. It asks once
//! more as a peer on protocol 2025-11-25 and records that answer too (`tools_legacy`) when the
//! release answers such peers differently.
//!
//! `serve <Type>` runs one server type over stdio.

// The argument and output structs are only read by schemars.
#![allow(dead_code)]

use std::any::Any;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Mutex;
use std::time::{Duration, Instant};

// rmcp-macros 0.6.0 writes a bare `Future` into the code it generates for async tools.
use std::future::Future;

// In rmcp 0.6.0 `Parameters` lives in `handler::server::tool` (later: `handler::server::wrapper`).
use rmcp::handler::server::tool::Parameters;
// rmcp 0.3 has `Json` in `handler::server::wrapper` only (0.4.0 re-exports it at the root).
use rmcp::handler::server::wrapper::Json;
use rmcp::{
    Error as ErrorData, ServerHandler, ServiceExt,
    handler::server::router::tool::ToolRouter,
    model::{CallToolResult, JsonObject, ProtocolVersion, Tool},
    schemars::{self, JsonSchema},
    tool, tool_handler, tool_router,
};
use serde::{Deserialize, Serialize, Serializer};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

// ---------------------------------------------------------------------------
// Parameter types
// ---------------------------------------------------------------------------

/// Struct-level doc comment: rmcp strips the root `description`/`title`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct AddArgs {
    /// The left-hand number.
    pub a: f64,
    /// The right-hand number.
    ///
    /// A second paragraph of field documentation.
    pub b: f64,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RenameArgs {
    /// camelCased by rename_all
    pub user_name: String,
    #[serde(rename = "x-request-id")]
    pub request_id: String,
    #[serde(alias = "old_name")]
    pub new_name: String,
}

fn default_limit() -> u32 {
    20
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct OptionalArgs {
    pub required_text: String,
    /// An optional string
    pub maybe_text: Option<String>,
    pub maybe_count: Option<u32>,
    #[serde(default)]
    pub flag: bool,
    #[serde(default = "default_limit")]
    pub limit: u32,
    #[serde(default)]
    pub tags: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skipped_if_none: Option<i64>,
    #[serde(skip)]
    pub never_seen: u8,
}

/// Sort order (doc on a unit enum)
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SortOrder {
    Ascending,
    Descending,
}

#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Shape {
    /// A circle
    Circle { radius: f64 },
    Rectangle { width: f64, height: f64 },
    Point,
}

/// Address doc comment (kept inside $defs)
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct Address {
    pub street: String,
    pub city: String,
    /// ISO 3166-1 alpha-2
    pub country: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct NestedArgs {
    pub home: Address,
    pub work: Option<Address>,
    pub previous: Vec<Address>,
    pub by_label: HashMap<String, Address>,
    pub boxed: Box<Address>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct CollectionArgs {
    pub list: Vec<String>,
    pub set: HashSet<String>,
    pub tree_map: BTreeMap<String, i32>,
    pub hash_map: HashMap<String, f64>,
    pub nested_list: Vec<Vec<u8>>,
    pub fixed: [i32; 3],
    pub pair: (i32, String),
    pub any_value: serde_json::Value,
    pub object_value: serde_json::Map<String, serde_json::Value>,
    pub opt_list: Option<Vec<String>>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Paged<T> {
    pub items_filter: T,
    pub cursor: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Filter {
    pub field: String,
    pub value: String,
}

/// A recursive tree
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct TreeNode {
    pub name: String,
    pub children: Vec<TreeNode>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct RecursiveArgs {
    pub root: TreeNode,
}

#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(transparent)]
pub struct UserId(pub String);

#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct Meters(pub f64);

#[derive(Debug, Deserialize, JsonSchema)]
pub struct NewtypeArgs {
    pub user: UserId,
    pub distance: Meters,
    pub when: chrono::DateTime<chrono::Utc>,
    pub day: chrono::NaiveDate,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct EmptyArgs {}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct UnitLikeArgs;

// ---------------------------------------------------------------------------
// Output types
// ---------------------------------------------------------------------------

/// Output doc comment (stripped at root)
#[derive(Debug, Serialize, JsonSchema)]
pub struct SumOutput {
    /// The sum
    pub sum: f64,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Item {
    pub id: u64,
    pub label: String,
}

pub type McpResult<T> = Result<T, ErrorData>;

// ---------------------------------------------------------------------------
// Catalog: the tools whose listing never panics
// ---------------------------------------------------------------------------

#[derive(Clone)]
pub struct Catalog {
    tool_router: ToolRouter<Self>,
}

fn ok() -> CallToolResult {
    CallToolResult::success(vec![])
}

#[tool_router]
impl Catalog {
    pub fn new() -> Self {
        Self {
            tool_router: Self::tool_router() + Self::extra_router(),
        }
    }

    // ---- naming / description / annotations -------------------------------------------

    #[tool]
    async fn no_params_no_doc(&self) -> String {
        "ok".into()
    }

    /// Ping the server.
    #[tool]
    async fn no_params(&self) -> String {
        "pong".into()
    }

    /// First line of the doc comment.
    ///
    ///   Indented third line after a blank line.
    /// Fourth line.
    #[tool]
    fn multi_line_doc(&self) -> String {
        "sync".into()
    }

    /// This doc comment is ignored because description= wins.
    #[tool(name = "renamed-tool", description = "Explicit description")]
    async fn explicit_name(&self) -> String {
        "x".into()
    }

    #[doc = "Description from an explicit #[doc] attribute"]
    #[tool(annotations(read_only_hint = true))]
    async fn doc_attr(&self) -> String {
        "x".into()
    }

    // ---- inputs ------------------------------------------------------------------------

    /// Add two numbers.
    #[tool]
    async fn add(&self, Parameters(AddArgs { a, b }): Parameters<AddArgs>) -> String {
        (a + b).to_string()
    }

    /// serde renames
    #[tool]
    async fn serde_renames(&self, Parameters(_p): Parameters<RenameArgs>) -> String {
        "x".into()
    }

    /// Option / default / skip fields
    #[tool]
    async fn optional_fields(&self, Parameters(_p): Parameters<OptionalArgs>) -> String {
        "x".into()
    }

    /// Nested structs
    #[tool]
    async fn nested(&self, Parameters(_p): Parameters<NestedArgs>) -> String {
        "x".into()
    }

    /// Collections
    #[tool]
    async fn collections(&self, Parameters(_p): Parameters<CollectionArgs>) -> String {
        "x".into()
    }

    /// Generic parameter struct
    #[tool]
    async fn generic_params(&self, Parameters(_p): Parameters<Paged<Filter>>) -> String {
        "x".into()
    }

    /// Recursive type
    #[tool]
    async fn recursive(&self, Parameters(_p): Parameters<RecursiveArgs>) -> String {
        "x".into()
    }

    /// Newtypes and chrono
    #[tool]
    async fn newtypes(&self, Parameters(_p): Parameters<NewtypeArgs>) -> String {
        "x".into()
    }

    /// Empty struct params
    #[tool]
    async fn empty_struct(&self, Parameters(_p): Parameters<EmptyArgs>) -> String {
        "x".into()
    }

    /// Raw JsonObject params via Parameters
    #[tool]
    async fn json_object_params(&self, Parameters(_p): Parameters<JsonObject>) -> String {
        "x".into()
    }

    /// Raw JsonObject extractor without Parameters (macro sees no Parameters)
    #[tool]
    async fn raw_json_object(&self, _args: JsonObject) -> String {
        "x".into()
    }

    // ---- outputs -----------------------------------------------------------------------

    /// Json<Struct>
    #[tool]
    async fn out_struct(&self, Parameters(p): Parameters<AddArgs>) -> Json<SumOutput> {
        Json(SumOutput { sum: p.a + p.b })
    }

    /// Json<HashMap<String, f64>>
    #[tool]
    async fn out_hashmap(&self) -> Json<HashMap<String, f64>> {
        Json(HashMap::new())
    }

    /// Json<recursive struct>
    #[tool]
    async fn out_recursive(&self) -> Json<TreeNode> {
        Json(TreeNode { name: "r".into(), children: vec![] })
    }

    /// Result<Json<T>, ErrorData>
    #[tool]
    async fn out_result_json(&self) -> Result<Json<SumOutput>, ErrorData> {
        Ok(Json(SumOutput { sum: 0.0 }))
    }

    /// std::result::Result<rmcp::handler::server::wrapper::Json<T>, ErrorData>
    #[tool]
    async fn out_qualified_result(&self) -> std::result::Result<rmcp::handler::server::wrapper::Json<SumOutput>, ErrorData> {
        Ok(rmcp::handler::server::wrapper::Json(SumOutput { sum: 0.0 }))
    }

    /// Result alias McpResult<Json<T>> (macro is syntactic: no outputSchema)
    #[tool]
    async fn out_result_alias(&self) -> McpResult<Json<SumOutput>> {
        Ok(Json(SumOutput { sum: 0.0 }))
    }

    /// Result<CallToolResult, ErrorData>
    #[tool]
    async fn out_result_call_tool_result(&self) -> Result<CallToolResult, ErrorData> {
        Ok(ok())
    }

    /// Unit return
    #[tool]
    async fn out_nothing(&self) {}
}

// Second router in another impl block, combined with `+` in `Catalog::new()`.
#[tool_router(router = extra_router)]
impl Catalog {
    /// Tool from a second #[tool_router(router = extra_router)] block
    #[rmcp::tool(name = "extra.tool")]
    async fn extra_tool(&self, Parameters(_p): Parameters<Filter>) -> String {
        "x".into()
    }
}

// Since rmcp 1.4 a bare `#[tool_handler]` serves `Self::tool_router()` only; naming the field
// serves both blocks on every release.
#[tool_handler(router = self.tool_router)]
impl ServerHandler for Catalog {}

// ---------------------------------------------------------------------------
// One server per tool whose schema root is not an object
// ---------------------------------------------------------------------------

// Written the way the documentation of rmcp 0.6 - 1.3 writes a server: the router is kept in a
// `tool_router` field filled in `new()`, and a bare `#[tool_handler]` serves `self.tool_router`.

#[derive(Clone)]
pub struct OutVecServer {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl OutVecServer {
    pub fn new() -> Self {
        Self {
            tool_router: Self::tool_router(),
        }
    }

    /// Json<Vec<T>>
    #[tool]
    async fn out_vec(&self) -> Json<Vec<Item>> {
        Json(vec![])
    }
}

#[tool_handler]
impl ServerHandler for OutVecServer {}

#[derive(Clone)]
pub struct OutI32Server {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl OutI32Server {
    pub fn new() -> Self {
        Self {
            tool_router: Self::tool_router(),
        }
    }

    /// Json<i32>
    #[tool]
    async fn out_i32(&self) -> Json<i32> {
        Json(1)
    }
}

#[tool_handler]
impl ServerHandler for OutI32Server {}

#[derive(Clone)]
pub struct OutStringServer {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl OutStringServer {
    pub fn new() -> Self {
        Self {
            tool_router: Self::tool_router(),
        }
    }

    /// Json<String>
    #[tool]
    async fn out_string(&self) -> Json<String> {
        Json("s".into())
    }
}

#[tool_handler]
impl ServerHandler for OutStringServer {}

#[derive(Clone)]
pub struct OutTaggedEnumServer {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl OutTaggedEnumServer {
    pub fn new() -> Self {
        Self {
            tool_router: Self::tool_router(),
        }
    }

    /// Json<internally tagged enum>
    #[tool]
    async fn out_tagged_enum(&self) -> Json<Shape> {
        Json(Shape::Point)
    }
}

#[tool_handler]
impl ServerHandler for OutTaggedEnumServer {}

#[derive(Clone)]
pub struct OutUnitEnumServer {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl OutUnitEnumServer {
    pub fn new() -> Self {
        Self {
            tool_router: Self::tool_router(),
        }
    }

    /// Json<unit enum>
    #[tool]
    async fn out_unit_enum(&self) -> Json<SortOrder> {
        Json(SortOrder::Ascending)
    }
}

#[tool_handler]
impl ServerHandler for OutUnitEnumServer {}

#[derive(Clone)]
pub struct OutNewtypeServer {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl OutNewtypeServer {
    pub fn new() -> Self {
        Self {
            tool_router: Self::tool_router(),
        }
    }

    /// Json<transparent newtype>
    #[tool]
    async fn out_newtype(&self) -> Json<UserId> {
        Json(UserId("u".into()))
    }
}

#[tool_handler]
impl ServerHandler for OutNewtypeServer {}

#[derive(Clone)]
pub struct OutResultVecServer {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl OutResultVecServer {
    pub fn new() -> Self {
        Self {
            tool_router: Self::tool_router(),
        }
    }

    /// Result<Json<Vec<T>>, ErrorData>
    #[tool]
    async fn out_result_vec(&self) -> Result<Json<Vec<Item>>, ErrorData> {
        Ok(Json(vec![]))
    }
}

#[tool_handler]
impl ServerHandler for OutResultVecServer {}

#[derive(Clone)]
pub struct VecParamsServer {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl VecParamsServer {
    pub fn new() -> Self {
        Self {
            tool_router: Self::tool_router(),
        }
    }

    /// Vec parameters are not an object
    #[tool]
    async fn vec_params(&self, Parameters(_p): Parameters<Vec<i32>>) -> String {
        "x".into()
    }
}

#[tool_handler]
impl ServerHandler for VecParamsServer {}

#[derive(Clone)]
pub struct EnumParamsServer {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl EnumParamsServer {
    pub fn new() -> Self {
        Self {
            tool_router: Self::tool_router(),
        }
    }

    /// Internally-tagged enum as the whole parameter type
    #[tool]
    async fn enum_params(&self, Parameters(_p): Parameters<Shape>) -> String {
        "x".into()
    }
}

#[tool_handler]
impl ServerHandler for EnumParamsServer {}

#[derive(Clone)]
pub struct UnitStructParamsServer {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl UnitStructParamsServer {
    pub fn new() -> Self {
        Self {
            tool_router: Self::tool_router(),
        }
    }

    /// Unit struct parameters (schema type null)
    #[tool]
    async fn unit_struct_params(&self, Parameters(_p): Parameters<UnitLikeArgs>) -> String {
        "x".into()
    }
}

#[tool_handler]
impl ServerHandler for UnitStructParamsServer {}

// ---------------------------------------------------------------------------
// The program: `dump` and `serve`
// ---------------------------------------------------------------------------

/// The newest protocol version `dump` asks for. It is also the first one without the
/// `initialize` handshake: a request carries the version in `_meta` instead.
const NEWEST_PROTOCOL: &str = "2026-07-28";

/// Protocol version of the older peer asked in `dump` (rmcp 3.11 removes non-object output
/// schemas for peers older than 2026-07-28).
const LEGACY_PROTOCOL: &str = "2025-11-25";

/// How long `dump` waits for one answer of a server.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);

/// Message of the last panic in this process. rmcp answers each request in a task of its own,
/// so a panic while answering `tools/list` never reaches the client: the panic hook keeps it.
static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

fn panic_message(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

fn take_panic() -> Option<String> {
    LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner()).take()
}

/// What one server answered.
enum Answer {
    /// The negotiated protocol version and the `tools` array of the `tools/list` result.
    Tools(String, Vec<Value>),
    Panic(String),
}

/// Starts `server` on one end of an in-memory pipe and asks it for its tools from the other end,
/// as a peer asking for `protocol`: with the `initialize` handshake, where the server answers with
/// the version it agrees to, or, when `handshake` is false, in a single `tools/list`.
async fn ask_tools<S: ServerHandler>(server: S, protocol: &str, handshake: bool) -> Result<Answer, String> {
    let (client_end, server_end) = tokio::io::duplex(1 << 16);
    tokio::spawn(async move {
        if let Ok(running) = server.serve(tokio::io::split(server_end)).await {
            let _ = running.waiting().await;
        }
    });
    let (read, mut write) = tokio::io::split(client_end);
    let mut lines = BufReader::new(read).lines();
    let client_info = json!({ "name": "rmcp-catalog-dump", "version": "0.1.0" });

    let mut negotiated = protocol.to_string();
    let list_params = if handshake {
        let initialize = json!({
            "jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": { "protocolVersion": protocol, "capabilities": {}, "clientInfo": client_info },
        });
        send(&mut write, &initialize).await?;
        let result = match answer(&mut lines, 1).await? {
            Ok(result) => result,
            Err(message) => return Ok(Answer::Panic(message)),
        };
        negotiated = result["protocolVersion"]
            .as_str()
            .ok_or_else(|| format!("initialize result without protocolVersion: {result}"))?
            .to_string();
        send(&mut write, &json!({ "jsonrpc": "2.0", "method": "notifications/initialized" })).await?;
        json!({})
    } else {
        json!({ "_meta": {
            "io.modelcontextprotocol/protocolVersion": protocol,
            "io.modelcontextprotocol/clientCapabilities": {},
            "io.modelcontextprotocol/clientInfo": client_info,
        } })
    };
    let list = json!({ "jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": list_params });
    send(&mut write, &list).await?;
    match answer(&mut lines, 2).await? {
        Ok(result) => match result.get("tools") {
            Some(Value::Array(tools)) => Ok(Answer::Tools(negotiated, tools.clone())),
            _ => Err(format!("tools/list result without a tools array: {result}")),
        },
        Err(message) => Ok(Answer::Panic(message)),
    }
}

async fn send<W: tokio::io::AsyncWrite + Unpin>(write: &mut W, message: &Value) -> Result<(), String> {
    let line = format!("{message}\n");
    write.write_all(line.as_bytes()).await.map_err(|e| e.to_string())?;
    write.flush().await.map_err(|e| e.to_string())
}

/// Waits for the answer to request `id`: `Ok(result)`, or `Err(panic message)` when the server
/// panicked instead of answering.
async fn answer<R: tokio::io::AsyncBufRead + Unpin>(
    lines: &mut tokio::io::Lines<R>,
    id: u64,
) -> Result<Result<Value, String>, String> {
    let deadline = Instant::now() + ANSWER_TIMEOUT;
    loop {
        if let Some(message) = take_panic() {
            return Ok(Err(message));
        }
        if Instant::now() > deadline {
            return Err(format!("no answer to request {id}"));
        }
        let line = match tokio::time::timeout(Duration::from_millis(20), lines.next_line()).await {
            Err(_) => continue,
            Ok(Err(e)) => return Err(e.to_string()),
            Ok(Ok(None)) => match take_panic() {
                Some(message) => return Ok(Err(message)),
                None => return Err(format!("connection closed before the answer to request {id}")),
            },
            Ok(Ok(Some(line))) => line,
        };
        let message: Value = serde_json::from_str(&line).map_err(|e| format!("{e}: {line}"))?;
        if message.get("id") != Some(&json!(id)) {
            continue;
        }
        return match message.get("result") {
            Some(result) => Ok(Ok(result.clone())),
            None => Err(format!("error answer to request {id}: {line}")),
        };
    }
}

/// What one server type lists, as a peer on the newest protocol and as a legacy peer.
enum Outcome {
    Listed { protocol: String, tools: Vec<Tool>, legacy: Vec<Tool>, sent_sorted: bool },
    Panic(String),
}

/// Asks a server made by `make` for its tools: as the newest peer, then as a legacy peer.
/// `handshake` says whether the newest protocol of this rmcp release still has `initialize`.
async fn ask<S: ServerHandler>(make: fn() -> S, handshake: bool) -> Result<Outcome, String> {
    take_panic();
    let server = match std::panic::catch_unwind(make) {
        Ok(server) => server,
        Err(payload) => return Ok(Outcome::Panic(panic_message(&*payload))),
    };
    let (protocol, tools) = match ask_tools(server, NEWEST_PROTOCOL, handshake).await? {
        Answer::Tools(protocol, tools) => (protocol, tools),
        Answer::Panic(message) => return Ok(Outcome::Panic(message)),
    };
    let legacy = match ask_tools(make(), LEGACY_PROTOCOL, true).await? {
        Answer::Tools(_, tools) => tools,
        Answer::Panic(message) => return Err(format!("panic for the legacy peer only: {message}")),
    };
    let sent_sorted = tools.windows(2).all(|w| w[0]["name"].as_str() <= w[1]["name"].as_str());
    Ok(Outcome::Listed { protocol, tools: typed(tools)?, legacy: typed(legacy)?, sent_sorted })
}

/// The tools as `rmcp::model::Tool` values, sorted by name. Printing them again gives rmcp's own
/// key order; the round trip must not change the JSON value. rmcp sorts by name from 0.16 on;
/// before that the order is that of a hash map and changes from run to run.
fn typed(mut tools: Vec<Value>) -> Result<Vec<Tool>, String> {
    tools.sort_by(|a, b| a["name"].as_str().cmp(&b["name"].as_str()));
    let typed: Vec<Tool> = serde_json::from_value(Value::Array(tools.clone())).map_err(|e| e.to_string())?;
    if serde_json::to_value(&typed).map_err(|e| e.to_string())? != Value::Array(tools) {
        return Err("the tools change when read as rmcp::model::Tool and printed again".into());
    }
    Ok(typed)
}

#[derive(Serialize)]
#[serde(untagged)]
enum Listing {
    Tools {
        tools: Vec<Tool>,
        #[serde(skip_serializing_if = "Option::is_none")]
        tools_legacy: Option<Vec<Tool>>,
    },
    Panic {
        panic: String,
        tool: &'static str,
    },
}

/// Server listings in the order of this file.
struct Servers(Vec<(&'static str, Listing)>);

impl Serialize for Servers {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(name, listing)| (*name, listing)))
    }
}

#[derive(Serialize)]
struct Expected {
    rmcp: String,
    schemars: String,
    protocol: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    legacy_protocol: Option<&'static str>,
    servers: Servers,
}

/// The version of `package` pinned in the Cargo.lock this program was built with.
fn locked_version(package: &str) -> Result<String, String> {
    let lock = include_str!("../Cargo.lock");
    let name_line = format!("name = \"{package}\"");
    let mut versions = Vec::new();
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == name_line {
            let version = lines.next().and_then(|l| l.strip_prefix("version = \"")).and_then(|l| l.strip_suffix('"'));
            versions.extend(version.map(str::to_string));
        }
    }
    match versions.as_slice() {
        [version] => Ok(version.clone()),
        _ => Err(format!("Cargo.lock pins {} versions of {package}", versions.len())),
    }
}

async fn dump() -> Result<(), String> {
    std::panic::set_hook(Box::new(|info| {
        *LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner()) = Some(panic_message(info.payload()));
    }));
    // No handshake when this release's own newest version is 2026-07-28 (or later).
    let latest = serde_json::to_value(ProtocolVersion::LATEST).map_err(|e| e.to_string())?;
    let latest = latest.as_str().ok_or("ProtocolVersion::LATEST is not a string")?;
    let handshake = latest < NEWEST_PROTOCOL;

    // (server type, its only tool when it has one, what it lists)
    let outcomes: Vec<(&'static str, &'static str, Outcome)> = vec![
        ("Catalog", "", ask(Catalog::new, handshake).await?),
        ("OutVecServer", "out_vec", ask(OutVecServer::new, handshake).await?),
        ("OutI32Server", "out_i32", ask(OutI32Server::new, handshake).await?),
        ("OutStringServer", "out_string", ask(OutStringServer::new, handshake).await?),
        ("OutTaggedEnumServer", "out_tagged_enum", ask(OutTaggedEnumServer::new, handshake).await?),
        ("OutUnitEnumServer", "out_unit_enum", ask(OutUnitEnumServer::new, handshake).await?),
        ("OutNewtypeServer", "out_newtype", ask(OutNewtypeServer::new, handshake).await?),
        ("OutResultVecServer", "out_result_vec", ask(OutResultVecServer::new, handshake).await?),
        ("VecParamsServer", "vec_params", ask(VecParamsServer::new, handshake).await?),
        ("EnumParamsServer", "enum_params", ask(EnumParamsServer::new, handshake).await?),
        ("UnitStructParamsServer", "unit_struct_params", ask(UnitStructParamsServer::new, handshake).await?),
    ];

    // Legacy listings are kept for every server of a release that answers legacy peers
    // differently from new ones, and must equal the new ones everywhere else.
    let legacy_differs = outcomes.iter().any(|(_, _, outcome)| {
        matches!(outcome, Outcome::Listed { tools, legacy, .. }
            if serde_json::to_value(tools).ok() != serde_json::to_value(legacy).ok())
    });
    let mut protocols = Vec::new();
    let mut servers = Vec::new();
    for (name, only_tool, outcome) in outcomes {
        let listing = match outcome {
            Outcome::Listed { protocol, tools, legacy, sent_sorted } => {
                let names: Vec<&str> = tools.iter().map(|t| &*t.name).collect();
                if !only_tool.is_empty() && names != [only_tool] {
                    return Err(format!("{name} lists {names:?}, expected [{only_tool:?}]"));
                }
                let order = if sent_sorted { "sent sorted by name" } else { "sent in another order" };
                eprintln!("{name}: {} tools (protocol {protocol}; {order})", tools.len());
                protocols.push(protocol);
                Listing::Tools { tools, tools_legacy: legacy_differs.then_some(legacy) }
            }
            Outcome::Panic(message) => {
                if only_tool.is_empty() {
                    return Err(format!("{name} panicked: {message}"));
                }
                eprintln!("{name}: panic: {message}");
                Listing::Panic { panic: message, tool: only_tool }
            }
        };
        servers.push((name, listing));
    }
    protocols.dedup();
    let [protocol] = <[String; 1]>::try_from(protocols).map_err(|p| format!("protocols differ: {p:?}"))?;
    let expected = Expected {
        rmcp: locked_version("rmcp")?,
        schemars: locked_version("schemars")?,
        protocol,
        legacy_protocol: legacy_differs.then_some(LEGACY_PROTOCOL),
        servers: Servers(servers),
    };
    println!("{}", serde_json::to_string_pretty(&expected).map_err(|e| e.to_string())?);
    Ok(())
}

async fn serve_stdio<S: ServerHandler>(server: S) -> Result<(), String> {
    let running = server
        .serve((tokio::io::stdin(), tokio::io::stdout()))
        .await
        .map_err(|e| e.to_string())?;
    running.waiting().await.map_err(|e| e.to_string())?;
    Ok(())
}

async fn serve(name: &str) -> Result<(), String> {
    match name {
        "Catalog" => serve_stdio(Catalog::new()).await,
        "OutVecServer" => serve_stdio(OutVecServer::new()).await,
        "OutI32Server" => serve_stdio(OutI32Server::new()).await,
        "OutStringServer" => serve_stdio(OutStringServer::new()).await,
        "OutTaggedEnumServer" => serve_stdio(OutTaggedEnumServer::new()).await,
        "OutUnitEnumServer" => serve_stdio(OutUnitEnumServer::new()).await,
        "OutNewtypeServer" => serve_stdio(OutNewtypeServer::new()).await,
        "OutResultVecServer" => serve_stdio(OutResultVecServer::new()).await,
        "VecParamsServer" => serve_stdio(VecParamsServer::new()).await,
        "EnumParamsServer" => serve_stdio(EnumParamsServer::new()).await,
        "UnitStructParamsServer" => serve_stdio(UnitStructParamsServer::new()).await,
        other => Err(format!("unknown server type {other}")),
    }
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let result = match args.get(1).map(String::as_str) {
        Some("dump") => dump().await,
        Some("serve") if args.len() == 3 => serve(&args[2]).await,
        _ => Err("usage: rmcp-catalog dump | rmcp-catalog serve <ServerType>".into()),
    };
    if let Err(e) = result {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}
