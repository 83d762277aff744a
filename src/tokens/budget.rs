//! Budgets for what the tool list costs a model (`[package.metadata.mcp-schema.budget]`): a
//! tool, the whole list, a description. Going over one is a warning with its own code, on the
//! tool's Rust source, naming what costs the most; `--strict` (or `-D CODE`) makes it fail.

use serde_json::Value;

use super::{pointer_token, thousands, Encoding, Locate};
use crate::clients::{client, Delivery, Projection, CLIENTS};
use crate::diagnostics::{Code, Diagnostic, Diagnostics};
use crate::manifest::Manifest;
use crate::manifest::{Key, SCHEMA_KEYS};

/// The configured budgets, in tokens; `None`: no budget of that kind.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Budget {
    /// The most one tool may cost.
    pub tool: Option<usize>,
    /// The most the whole list may cost.
    pub total: Option<usize>,
    /// The most one description (a tool's, or one in its schemas) may cost.
    pub description: Option<usize>,
    /// The encoding the budget counts in (`encoding = "cl100k_base"`; o200k_base by default).
    pub encoding: Encoding,
    /// `[budget.clients.NAME]`: what one client may send its model, counted on the payloads it
    /// sends (docs/clients.md), one entry per row of [`CLIENTS`], in its order.
    pub clients: [ClientBudget; CLIENTS.len()],
}

/// What one client's payloads may cost.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ClientBudget {
    /// The most one tool's payload may cost.
    pub tool: Option<usize>,
    /// The most every payload the client sends may cost together.
    pub total: Option<usize>,
}

impl ClientBudget {
    fn is_set(&self) -> bool {
        self.tool.is_some() || self.total.is_some()
    }
}

/// The keys of the `budget` table.
pub const KEYS: [&str; 5] = ["tool", "total", "description", "encoding", "clients"];
/// The keys of a client's table under `budget.clients`.
pub const CLIENT_KEYS: [&str; 2] = ["tool", "total"];

impl Budget {
    /// Whether any budget is set (else nothing is counted).
    pub fn is_set(&self) -> bool {
        self.tool.is_some()
            || self.total.is_some()
            || self.description.is_some()
            || self.clients.iter().any(ClientBudget::is_set)
    }

    /// The `budget` table of the configuration; the error names what is wrong with it.
    pub fn from_toml(value: &toml::Value) -> Result<Budget, String> {
        let table = value.as_table().ok_or("`budget` is a table: tool, total, description (in tokens)")?;
        let mut budget = Budget::default();
        for (key, value) in table {
            if key == "encoding" {
                let name = value.as_str().ok_or("`budget.encoding` is a string")?;
                budget.encoding = crate::choice::Choice::parse(name).map_err(|e| format!("budget.encoding: {e}"))?;
                continue;
            }
            if key == "clients" {
                budget.clients = clients_from_toml(value)?;
                continue;
            }
            let count = tokens_of(value, &format!("budget.{key}"))?;
            match key.as_str() {
                "tool" => budget.tool = Some(count),
                "total" => budget.total = Some(count),
                "description" => budget.description = Some(count),
                other => return Err(format!("unknown key `budget.{other}`: the keys are {}", KEYS.join(", "))),
            }
        }
        Ok(budget)
    }

    /// The diagnostics of `manifest` going over this budget, each at its tool's source: the
    /// manifest's own costs, then each client's ([`Self::check_clients`]).
    pub fn check(&self, manifest: &Manifest, locate: Locate) -> Diagnostics {
        let mut out = Diagnostics::default();
        if !self.is_set() {
            return out;
        }
        let tools = manifest.tool_values();
        let counts = self.encoding.count_tools(&tools);
        let mut over = self.description.map_or_else(Vec::new, |limit| self.descriptions_over(&tools, limit, locate));
        // Each tool's own, then its descriptions'.
        over.reverse();
        for (i, (tool, &count)) in tools.iter().zip(&counts).enumerate() {
            let name = tool.get("name").and_then(Value::as_str).unwrap_or_default();
            if let Some(limit) = self.tool.filter(|&limit| count > limit) {
                out.push(self.tool_over(name, tool, count, limit, locate));
            }
            while over.last().is_some_and(|(of, _)| *of == i) {
                out.push(over.pop().expect("just seen").1);
            }
        }
        let total: usize = counts.iter().sum();
        if let Some(limit) = self.total.filter(|&limit| total > limit) {
            out.push(self.total_over(&tools, &counts, total, limit, locate));
        }
        out.extend(self.check_clients(&tools, locate));
        out
    }

    /// Each client budget against what that client sends: the payloads of the tools it does not
    /// refuse, counted as it sends them. Over one is the same code as the manifest's own
    /// (`tool-over-budget`, `total-over-budget`), naming the client.
    fn check_clients(&self, tools: &[Value], locate: Locate) -> Diagnostics {
        let mut out = Diagnostics::default();
        for (client, limits) in CLIENTS.iter().zip(&self.clients).filter(|(_, l)| l.is_set()) {
            let projection = Projection::of(client, tools);
            let sent: Vec<(&Value, Value)> = tools
                .iter()
                .zip(projection.tools)
                .filter(|(_, p)| p.delivery != Delivery::Refused)
                .filter_map(|(tool, p)| p.sent.map(|payload| (tool, payload)))
                .collect();
            let payloads: Vec<Value> = sent.iter().map(|(_, payload)| payload.clone()).collect();
            let counts = self.encoding.count_tools(&payloads);
            let name_of = |t: &Value| t.get("name").and_then(Value::as_str).unwrap_or_default().to_owned();
            for ((tool, _), &count) in sent.iter().zip(&counts) {
                if let Some(limit) = limits.tool.filter(|&limit| count > limit) {
                    let name = name_of(tool);
                    let message = format!(
                        "tool `{name}` costs {} tokens ({}) as {} sends it, over its budget of {}",
                        thousands(count),
                        self.encoding_name(),
                        client.name,
                        thousands(limit)
                    );
                    out.push(
                        Diagnostic::warning(Code::ToolOverBudget, message)
                            .for_tool(&name)
                            .at(locate(&name, tool, "/description"))
                            .with_label(format!("{} tokens", thousands(count))),
                    );
                }
            }
            let total: usize = counts.iter().sum();
            if let Some(limit) = limits.total.filter(|&limit| total > limit) {
                let dearest = sent.iter().zip(&counts).max_by_key(|(_, &n)| n).map(|((tool, _), _)| *tool);
                let message = format!(
                    "the {} tools {} sends cost {} tokens ({}), over its budget of {}",
                    sent.len(),
                    client.name,
                    thousands(total),
                    self.encoding_name(),
                    thousands(limit)
                );
                let d = Diagnostic::warning(Code::TotalOverBudget, message);
                out.push(match dearest {
                    Some(tool) => {
                        let name = name_of(tool);
                        d.at(locate(&name, tool, "/description")).with_label("the dearest tool").for_tool(&name)
                    }
                    None => d,
                });
            }
        }
        out
    }

    /// Every description of `tools` dearer than `limit`, with its tool's index, in order, counted in one batch (so
    /// that the cache of counts can spare the encoding's load).
    fn descriptions_over(&self, tools: &[Value], limit: usize, locate: Locate) -> Vec<(usize, Diagnostic)> {
        let mut found: Vec<(usize, String, &str)> = Vec::new();
        for (i, tool) in tools.iter().enumerate() {
            descriptions(tool, "", &mut |pointer, text| found.push((i, pointer.to_owned(), text)));
        }
        let texts: Vec<&str> = found.iter().map(|(_, _, text)| *text).collect();
        let costs = self.encoding.count_texts(&texts);
        found
            .iter()
            .zip(costs)
            .filter(|(_, cost)| *cost > limit)
            .map(|((i, pointer, _), cost)| {
                let tool = &tools[*i];
                let name = tool.get("name").and_then(Value::as_str).unwrap_or_default();
                (*i, self.description_over(name, tool, pointer, cost, limit, locate))
            })
            .collect()
    }

    fn tool_over(&self, name: &str, tool: &Value, count: usize, limit: usize, locate: Locate) -> Diagnostic {
        let parts: Vec<String> = contributors(self.encoding, tool)
            .into_iter()
            .take(3)
            .map(|(p, n)| format!("{p} ({})", thousands(n)))
            .collect();
        Diagnostic::warning(
            Code::ToolOverBudget,
            format!(
                "tool `{name}` costs {} tokens ({}), over the budget of {}",
                thousands(count),
                self.encoding_name(),
                thousands(limit)
            ),
        )
        .for_tool(name)
        .at(locate(name, tool, "/description"))
        .with_label(format!("{} tokens", thousands(count)))
        .with_help(format!(
            "the dearest parts, in tokens: {}; shorten them, or state a type used in several places once",
            parts.join(", ")
        ))
    }

    fn description_over(
        &self,
        name: &str,
        tool: &Value,
        pointer: &str,
        cost: usize,
        limit: usize,
        locate: Locate,
    ) -> Diagnostic {
        Diagnostic::warning(
            Code::DescriptionOverBudget,
            format!(
                "tool `{name}` at {pointer}: the description costs {} tokens ({}), over the budget of {}",
                thousands(cost),
                self.encoding_name(),
                thousands(limit)
            ),
        )
        .for_tool(name)
        .at(locate(name, tool, pointer))
        .with_label(format!("{} tokens", thousands(cost)))
        .with_help("say it in fewer words: a model reads every description on every turn")
    }

    fn total_over(&self, tools: &[Value], counts: &[usize], total: usize, limit: usize, locate: Locate) -> Diagnostic {
        let mut ranked: Vec<(&Value, usize)> = tools.iter().zip(counts.iter().copied()).collect();
        ranked.sort_by_key(|r| std::cmp::Reverse(r.1));
        let name_of = |t: &Value| t.get("name").and_then(Value::as_str).unwrap_or_default().to_owned();
        let top: Vec<String> =
            ranked.iter().take(3).map(|(t, n)| format!("`{}` ({})", name_of(t), thousands(*n))).collect();
        let dearest = ranked.first().map(|(t, _)| (name_of(t), *t));
        let d = Diagnostic::warning(
            Code::TotalOverBudget,
            format!(
                "the {} tools cost {} tokens ({}), over the budget of {}",
                tools.len(),
                thousands(total),
                self.encoding_name(),
                thousands(limit)
            ),
        )
        .with_help(format!("the dearest tools, in tokens: {}", top.join(", ")));
        // On the dearest tool: the place most likely to be worth shortening.
        match dearest {
            Some((name, tool)) => {
                d.at(locate(&name, tool, "/description")).with_label("the dearest tool").for_tool(&name)
            }
            None => d,
        }
    }

    fn encoding_name(&self) -> &'static str {
        crate::choice::Choice::name(self.encoding)
    }
}

/// Every description of `value` (a tool): its own and those in its schemas, with their pointers.
fn descriptions<'a>(value: &'a Value, pointer: &str, found: &mut dyn FnMut(&str, &'a str)) {
    match value {
        Value::Object(map) => {
            for (key, item) in map {
                let at = format!("{pointer}/{}", pointer_token(key));
                match item {
                    Value::String(text) if key == "description" => found(&at, text),
                    _ => descriptions(item, &at, found),
                }
            }
        }
        Value::Array(items) => {
            items.iter().enumerate().for_each(|(i, item)| descriptions(item, &format!("{pointer}/{i}"), found))
        }
        _ => {}
    }
}

/// The parts of a tool and what each costs, dearest first: its description, title and
/// annotations, each property and each shared definition of its schemas (`/inputSchema/$defs/X`),
/// and what is left of each schema (`/inputSchema (the rest)`). A part's cost is that of its `"key":value` text.
pub fn contributors(encoding: Encoding, tool: &Value) -> Vec<(String, usize)> {
    let mut parts = Vec::new();
    let cost = |key: &str, value: &Value| {
        encoding.count(&format!("{}:{}", super::compact(&key.into()), super::compact(value)))
    };
    let Some(fields) = tool.as_object() else { return parts };
    for (key, value) in fields {
        match key.as_str() {
            k if SCHEMA_KEYS.contains(&k) => {
                let mut named = 0;
                for keyword in ["properties", "$defs", "definitions"] {
                    if let Some(entries) = value.get(keyword).and_then(Value::as_object) {
                        for (name, schema) in entries {
                            let at = format!("/{key}/{keyword}/{}", pointer_token(name));
                            let n = cost(name, schema);
                            named += n;
                            parts.push((at, n));
                        }
                    }
                }
                // The schema's own keywords (`type`, `required`, `$schema`, a title): about its
                // cost less its entries'.
                parts.push((format!("/{key} (the rest)"), cost(key, value).saturating_sub(named)));
            }
            k if k == Key::Name.json() => {}
            _ => parts.push((format!("/{key}"), cost(key, value))),
        }
    }
    parts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    parts
}

/// A number of tokens, or the error naming `key`.
fn tokens_of(value: &toml::Value, key: &str) -> Result<usize, String> {
    value.as_integer().and_then(|n| usize::try_from(n).ok()).ok_or_else(|| format!("`{key}` is a number of tokens"))
}

/// `budget.clients`: a table of client names, each a table of `tool` and `total`.
fn clients_from_toml(value: &toml::Value) -> Result<[ClientBudget; CLIENTS.len()], String> {
    let names = || CLIENTS.iter().map(|c| c.name).collect::<Vec<_>>().join(", ");
    let table = value.as_table().ok_or_else(|| format!("`budget.clients` is a table of clients: {}", names()))?;
    let mut out = [ClientBudget::default(); CLIENTS.len()];
    for (name, limits) in table {
        let known = client(name)
            .ok_or_else(|| format!("`budget.clients.{name}`: no such client; the clients are {}", names()))?;
        let slot = CLIENTS.iter().position(|c| c.name == known.name).expect("a row of CLIENTS");
        let limits = limits.as_table().ok_or_else(|| format!("`budget.clients.{name}` is a table: tool, total"))?;
        for (key, value) in limits {
            let count = tokens_of(value, &format!("budget.clients.{name}.{key}"))?;
            match key.as_str() {
                "tool" => out[slot].tool = Some(count),
                "total" => out[slot].total = Some(count),
                other => {
                    return Err(format!(
                        "unknown key `budget.clients.{name}.{other}`: the keys are {}",
                        CLIENT_KEYS.join(", ")
                    ))
                }
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_table_is_read_and_checked() {
        let v: toml::Value = toml::from_str("tool = 1500\ntotal = 20000\ndescription = 200").unwrap();
        let b = Budget::from_toml(&v).unwrap();
        assert_eq!((b.tool, b.total, b.description), (Some(1500), Some(20000), Some(200)));
        let bad: toml::Value = toml::from_str("tool = \"many\"").unwrap();
        assert_eq!(Budget::from_toml(&bad).unwrap_err(), "`budget.tool` is a number of tokens");
        let unknown: toml::Value = toml::from_str("tools = 3").unwrap();
        assert!(Budget::from_toml(&unknown).unwrap_err().contains("unknown key `budget.tools`"));
        let cl: toml::Value = toml::from_str("total = 3\nencoding = \"cl100k_base\"").unwrap();
        assert_eq!(Budget::from_toml(&cl).unwrap().encoding, Encoding::Cl100kBase);
    }

    #[test]
    fn client_budgets_are_read_per_client() {
        let v: toml::Value =
            toml::from_str("[clients.gemini]\ntool = 100\n[clients.openai-agents]\ntotal = 9").unwrap();
        let b = Budget::from_toml(&v).unwrap();
        assert!(b.is_set());
        let at = |name: &str| b.clients[CLIENTS.iter().position(|c| c.name == name).unwrap()];
        assert_eq!(at("gemini"), ClientBudget { tool: Some(100), total: None });
        assert_eq!(at("openai-agents"), ClientBudget { tool: None, total: Some(9) });
        let bad: toml::Value = toml::from_str("[clients.langchain]\ntool = 1").unwrap();
        assert!(Budget::from_toml(&bad).unwrap_err().starts_with("`budget.clients.langchain`: no such client"));
        let bad: toml::Value = toml::from_str("[clients.gemini]\ntools = 1").unwrap();
        assert_eq!(
            Budget::from_toml(&bad).unwrap_err(),
            "unknown key `budget.clients.gemini.tools`: the keys are tool, total"
        );
    }

    /// A client budget counts what the client sends: Gemini sends the output schema too, the
    /// OpenAI Agents SDK does not, so the same tool is over one client's budget only.
    #[test]
    fn client_budgets_count_the_clients_payloads() {
        let output = json!({"type": "object", "properties": (0..40).map(|i| (format!("field_{i}"), json!({"type": "string"}))).collect::<serde_json::Map<_, _>>()});
        let tool = json!({"name": "t", "inputSchema": {"type": "object", "properties": {}}, "outputSchema": output});
        let manifest = Manifest::from_value(json!({"tools": [tool]})).unwrap();
        let v: toml::Value =
            toml::from_str("[clients.gemini]\ntool = 100\n[clients.openai-agents]\ntool = 100").unwrap();
        let found = Budget::from_toml(&v).unwrap().check(&manifest, &|_, _, _| None);
        let messages: Vec<String> = found.iter().map(|d| d.message.clone()).collect();
        assert_eq!(messages.len(), 1, "{messages:?}");
        assert!(
            messages[0].starts_with("tool `t` costs") && messages[0].contains("as gemini sends it"),
            "{messages:?}"
        );
    }

    #[test]
    fn contributors_are_the_dearest_parts_first() {
        let tool = json!({
            "name": "t",
            "description": "A description that is much longer than the rest of this small tool.",
            "inputSchema": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer", "description": "a count"}}}
        });
        let parts = contributors(Encoding::O200kBase, &tool);
        let names: Vec<&str> = parts.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(
            names,
            ["/description", "/inputSchema/properties/b", "/inputSchema (the rest)", "/inputSchema/properties/a"]
        );
    }
}
