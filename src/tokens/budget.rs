//! Budgets for what the tool list costs a model (`[package.metadata.mcp-schema.budget]`): a
//! tool, the whole list, a description. Going over one is a warning with its own code, on the
//! tool's Rust source, naming what costs the most; `--strict` (or `-D CODE`) makes it fail.

use serde_json::Value;

use super::{pointer_token, thousands, Encoding, Locate};
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
}

/// The keys of the `budget` table.
pub const KEYS: [&str; 4] = ["tool", "total", "description", "encoding"];

impl Budget {
    /// Whether any budget is set (else nothing is counted).
    pub fn is_set(&self) -> bool {
        self.tool.is_some() || self.total.is_some() || self.description.is_some()
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
            let count = value
                .as_integer()
                .and_then(|n| usize::try_from(n).ok())
                .ok_or_else(|| format!("`budget.{key}` is a number of tokens"))?;
            match key.as_str() {
                "tool" => budget.tool = Some(count),
                "total" => budget.total = Some(count),
                "description" => budget.description = Some(count),
                other => return Err(format!("unknown key `budget.{other}`: the keys are {}", KEYS.join(", "))),
            }
        }
        Ok(budget)
    }

    /// The diagnostics of `manifest` going over this budget, each at its tool's source.
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
