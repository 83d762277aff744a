//! What an MCP client does with a `tools/list` before its model sees it: each tool delivered
//! unchanged, rewritten (the exact payload the client sends to its model's API), or refused
//! (the tool, the request, or every tool of the server), with the client's reason.
//!
//! A client is a row of [`CLIENTS`]: the library and release its rules were read from, and the
//! code path that turns an MCP tool into a function definition. The rules are modelled from
//! that code (and, where a refusal is the provider API's own, from the provider's documentation,
//! marked [`Side::Provider`]); `tests/differential/clients/` runs the real libraries on the same
//! tools and compares payloads byte for byte.

use serde::Serialize;
use serde_json::Value;

use crate::choice::Choice;

mod google;
mod google_openapi;
mod js;
mod openai_agents;

/// One client: a library at one release, and how its MCP tools reach the model.
#[derive(Debug, Clone, Copy)]
pub struct Client {
    /// The name `list --client` takes.
    pub name: &'static str,
    /// The package the rules were read from, as its registry spells it.
    pub library: &'static str,
    /// The registry it is published on.
    pub registry: &'static str,
    /// The release they were read from (and the harness pins).
    pub release: &'static str,
    /// The code that converts an MCP tool, for docs/clients.md.
    pub reads_from: &'static str,
    /// What `--help` says beside the name.
    pub help: &'static str,
    /// One paragraph on what this client does.
    pub summary: &'static str,
    project: fn(&Value) -> Projected,
}

/// Every modelled client.
pub const CLIENTS: &[Client] = &[
    Client {
        name: "openai-agents",
        library: "openai-agents",
        registry: "PyPI",
        release: "0.24.0",
        reads_from: "agents/mcp/util.py `MCPUtil.to_function_tool`; agents/models/openai_responses.py `Converter._convert_function_tool`",
        help: "the OpenAI Agents SDK 0.24.0 as configured by default",
        summary: "the OpenAI Agents SDK as configured by default (`convert_schemas_to_strict` off): \
                  `inputSchema` sent as the function's `parameters`, `properties` added when absent",
        project: openai_agents::project_default,
    },
    Client {
        name: "openai-agents-strict",
        library: "openai-agents",
        registry: "PyPI",
        release: "0.24.0",
        reads_from: "agents/mcp/util.py `MCPUtil.to_function_tool`; agents/strict_schema.py `ensure_strict_json_schema`",
        help: "the OpenAI Agents SDK 0.24.0 with `convert_schemas_to_strict`",
        summary: "the OpenAI Agents SDK with `convert_schemas_to_strict`: every object closed, every \
                  property required, `$ref`s with siblings inlined; a schema it cannot convert is \
                  sent non-strict",
        project: openai_agents::project_strict,
    },
    Client {
        name: "gemini",
        library: "@google/genai",
        registry: "npm",
        release: "3.3.0",
        reads_from: "src/mcp/_mcp.ts `mcpToTool`, `mcpToGeminiTool`",
        help: "Google's Gen AI SDK 3.3.0 (`mcpToTool`) with the Gemini API",
        summary: "Google's Gen AI SDK (`mcpToTool`): `inputSchema` sent as `parametersJsonSchema` and \
                  `outputSchema` as `responseJsonSchema`, as listed; the Gemini API's name rule",
        project: google::project_genai,
    },
    Client {
        name: "ai-sdk-google",
        library: "@ai-sdk/google",
        registry: "npm",
        release: "4.0.121",
        reads_from: "@ai-sdk/mcp 2.0.99 `toolsFromDefinitions`; @ai-sdk/google src/google-prepare-tools.ts \
                     `prepareFunctionDeclaration`",
        help: "the Vercel AI SDK 7 (`@ai-sdk/mcp` 2.0.99, `@ai-sdk/google` 4.0.121) with the Gemini API",
        summary: "the Vercel AI SDK's MCP client with its Google provider 4.x: a list zod cannot parse loses \
                  every tool; `additionalProperties: false` set on the root and the schema sent as \
                  `parametersJsonSchema`; no output schema",
        project: google::project_ai_sdk_google_4,
    },
    Client {
        name: "ai-sdk-google-3",
        library: "@ai-sdk/google",
        registry: "npm",
        release: "3.0.141",
        reads_from: "@ai-sdk/mcp 1.0.102 `toolsFromDefinitions`; @ai-sdk/google \
                     src/convert-json-schema-to-openapi-schema.ts `convertJSONSchemaToOpenAPISchema`",
        help: "the Vercel AI SDK 6 (`@ai-sdk/mcp` 1.0.102, `@ai-sdk/google` 3.0.141) with the Gemini API",
        summary: "the Vercel AI SDK's MCP client with its Google provider 3.x: the schema converted to the \
                  OpenAPI subset (`$ref`s inlined, type arrays to `nullable`, numeric enums to strings, \
                  everything else dropped); a recursive `$ref` sent unconverted; an unsupported `$ref` or \
                  enum fails the request",
        project: google::project_ai_sdk_google_3,
    },
];

/// The client `name` names, if any.
pub fn client(name: &str) -> Option<&'static Client> {
    CLIENTS.iter().find(|c| c.name == name)
}

impl Choice for Client {
    const ALL: &'static [Client] = CLIENTS;

    fn name(self) -> &'static str {
        self.name
    }

    fn help(self) -> &'static str {
        self.help
    }
}

/// The table of docs/clients.md: one row per client, made from [`CLIENTS`] (a test holds the
/// page to it).
pub fn markdown_table() -> String {
    let mut out =
        String::from("| client | library | release | read from | what its model gets |\n|---|---|---|---|---|\n");
    for c in CLIENTS {
        let summary = c.summary.split_whitespace().collect::<Vec<_>>().join(" ");
        out.push_str(&format!(
            "| `{}` | `{}` ({}) | {} | {} | {} |\n",
            c.name, c.library, c.registry, c.release, c.reads_from, summary
        ));
    }
    out
}

/// What happens to one tool.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Delivery {
    /// The model gets the `inputSchema` as the server listed it.
    Delivered,
    /// The model gets another schema (`sent` says which).
    Rewritten,
    /// The tool does not reach the model.
    Refused,
}

/// What a refusal takes offline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scope {
    /// This tool only.
    Tool,
    /// The whole request to the model (every tool of every server, for that turn).
    Request,
    /// Every tool of this server.
    Server,
}

/// Who refuses: the client library, or the provider's API behind it (documented, not in code).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    /// The client library, in code the harness runs.
    Library,
    /// The provider's API, from its documentation.
    Provider,
}

/// Why a tool is refused.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Refusal {
    /// What goes offline.
    pub scope: Scope,
    /// Who refuses.
    pub by: Side,
    /// The client's (or the documentation's) reason.
    pub reason: String,
    /// Where in the tool the cause is, as a JSON pointer (`/name`, `/inputSchema`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    /// The tool whose refusal takes this one down with it (a refusal of the request or server).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub with: Option<String>,
}

/// One tool as a client hands it to its model.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Projected {
    /// The tool's name as the server lists it.
    pub name: String,
    /// Delivered, rewritten or refused.
    pub delivery: Delivery,
    /// When refused: by whom, how much, why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refusal: Option<Refusal>,
    /// What the client noticed on the way (a conversion it gave up, a fallback it took).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// Where in the tool the first note's cause is, as a JSON pointer
    /// (`/inputSchema/properties/labels`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    /// The function definition the client sends to its model's API, in its key order; `None`
    /// when the library refuses before building one.
    pub sent: Option<Value>,
}

/// A whole list through one client.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Projection {
    /// The client's name.
    pub client: &'static str,
    /// The library and release the rules are from.
    pub library: &'static str,
    /// Its release.
    pub release: &'static str,
    /// Every tool, in the server's order.
    pub tools: Vec<Projected>,
}

impl Projection {
    /// `tools` (MCP tool objects, as `tools/list` lists them) through `client`. A refusal
    /// whose scope is the server or the request marks every tool of the list refused with it.
    pub fn of(client: &Client, tools: &[Value]) -> Projection {
        let mut projected: Vec<Projected> = tools.iter().map(client.project).collect();
        let wide = projected
            .iter()
            .filter_map(|p| p.refusal.clone().filter(|r| r.scope != Scope::Tool).map(|r| (p.name.clone(), r)))
            .next();
        if let Some((culprit, refusal)) = wide {
            for tool in projected.iter_mut().filter(|p| p.refusal.is_none()) {
                tool.delivery = Delivery::Refused;
                tool.refusal = Some(Refusal { at: None, with: Some(culprit.clone()), ..refusal.clone() });
            }
        }
        Projection { client: client.name, library: client.library, release: client.release, tools: projected }
    }
}

/// Delivered when the schema the model gets is the one the server listed (values and key order),
/// rewritten otherwise.
fn delivery_of(listed: Option<&Value>, sent: &Value) -> Delivery {
    let same = listed.is_some_and(|l| serde_json::to_string(l).ok() == serde_json::to_string(sent).ok());
    if same {
        Delivery::Delivered
    } else {
        Delivery::Rewritten
    }
}

#[cfg(test)]
mod tests;
