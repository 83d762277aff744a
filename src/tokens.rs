//! What a manifest costs a model: the number of tokens of each tool as a client sends it (the
//! tool object serialised without whitespace), in one of OpenAI's encodings.
//!
//! The encodings' tokens are built into the binary ([`bpe`]: nothing is downloaded) and read on
//! first use, which takes a few milliseconds: [`Encoding::preload`] starts that on another
//! thread while the manifest is being made, so that a command that shows counts does not wait
//! for it.

use std::collections::{HashMap, HashSet};

use rayon::prelude::*;
use serde::Serialize;
use serde_json::Value;

use crate::choice::{from_str_by_choice, Choice};

mod bpe;
pub mod budget;
pub mod cache;
pub mod shared;

/// A tokenizer's encoding, as `--encoding` and the JSON outputs name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Encoding {
    /// GPT-4o, GPT-4.1, o-series and later: OpenAI's current encoding.
    #[default]
    O200kBase,
    /// GPT-4 and GPT-3.5: the encoding before o200k_base.
    Cl100kBase,
}

impl Choice for Encoding {
    const ALL: &'static [Encoding] = &[Encoding::O200kBase, Encoding::Cl100kBase];

    fn name(self) -> &'static str {
        match self {
            Encoding::O200kBase => "o200k_base",
            Encoding::Cl100kBase => "cl100k_base",
        }
    }

    fn help(self) -> &'static str {
        match self {
            Encoding::O200kBase => "GPT-4o, GPT-4.1, o-series and later (the default)",
            Encoding::Cl100kBase => "GPT-4 and GPT-3.5",
        }
    }
}

from_str_by_choice!(Encoding);

impl Encoding {
    fn tokenizer(self) -> &'static bpe::Bpe {
        bpe::Bpe::of(self)
    }

    /// Start loading the encoding on another thread, so that the first count does not wait for
    /// it; the load happens once per process whoever asks first. Not when the cache of counts
    /// has some: the tools have likely been counted before, and the load would only take a core
    /// from the parse.
    pub fn preload(self) {
        std::thread::spawn(move || {
            if cache::Counts::open(self).is_empty() {
                self.tokenizer();
            }
        });
    }

    /// The number of tokens of `text`, exactly as tiktoken counts it (no special tokens).
    pub fn count(self, text: &str) -> usize {
        self.tokenizer().count(text)
    }

    /// The number of tokens of `value` serialised as compact JSON, in its key order.
    pub fn count_json(self, value: &Value) -> usize {
        self.count(&compact(value))
    }

    /// The cost of each tool, in their order: counted side by side, as a big manifest's tools
    /// are independent of each other.
    pub fn count_tools(self, tools: &[Value]) -> Vec<usize> {
        let texts: Vec<String> = tools.par_iter().map(compact).collect();
        self.count_texts(&texts.iter().map(String::as_str).collect::<Vec<_>>())
    }

    /// The count of each of `texts`, from the per-user cache where a run counted that text
    /// before ([`cache`]); the encoding is loaded only when some text is new.
    pub fn count_texts(self, texts: &[&str]) -> Vec<usize> {
        let mut known = cache::Counts::open(self);
        let keys: Vec<u128> =
            if known.is_on() { texts.par_iter().map(|t| cache::key(t)).collect() } else { Vec::new() };
        let mut counts: Vec<Option<usize>> =
            (0..texts.len()).map(|i| keys.get(i).and_then(|k| known.get(*k))).collect();
        let missing: Vec<usize> = (0..texts.len()).filter(|&i| counts[i].is_none()).collect();
        if !missing.is_empty() {
            // Loaded here, once, rather than by every thread that would wait for the first one.
            self.tokenizer();
            let fresh: Vec<usize> = missing
                .par_iter()
                .map_init(PieceCounts::default, |pieces, &i| self.count_cached(texts[i], pieces))
                .collect();
            for (&i, n) in missing.iter().zip(fresh) {
                counts[i] = Some(n);
                if let Some(key) = keys.get(i) {
                    known.insert(*key, n);
                }
            }
        }
        known.save();
        counts.into_iter().map(|n| n.expect("every text is counted")).collect()
    }

    /// [`Encoding::count_tools`] of two versions of a list, counting a tool that did not change
    /// once: a drift touches a few tools of many.
    pub fn count_both(self, old: &[Value], new: &[Value]) -> (Vec<usize>, Vec<usize>) {
        let texts = |tools: &[Value]| -> Vec<String> { tools.par_iter().map(compact).collect() };
        let (old, new) = (texts(old), texts(new));
        let mut seen = HashSet::new();
        let distinct: Vec<&str> = new.iter().chain(&old).map(String::as_str).filter(|t| seen.insert(*t)).collect();
        let counts: HashMap<&str, usize> = distinct.iter().copied().zip(self.count_texts(&distinct)).collect();
        let of = |texts: &[String]| texts.iter().map(|t| counts[t.as_str()]).collect();
        (of(&old), of(&new))
    }

    /// [`Encoding::count`], remembering the count of each piece the text is split into. JSON
    /// repeats its pieces (`":"`, `"type`, `string`): 600 tools of 600,000 tokens are a few
    /// hundred distinct pieces, whose counts are then looked up rather than encoded again.
    fn count_cached(self, text: &str, cache: &mut PieceCounts) -> usize {
        let tokenizer = self.tokenizer();
        tokenizer
            .split(text)
            .map(|piece| match cache.0.get(piece) {
                Some(&n) => n,
                None => {
                    let n = tokenizer.count_piece(piece.as_bytes());
                    cache.0.insert(piece.to_owned(), n);
                    n
                }
            })
            .sum()
    }
}

/// Where a part of a tool is written in the sources: the tool's name, its JSON and a JSON pointer
/// into it (`SourceMap::locate`, handed in so that this module needs neither the source map nor
/// the comparison it uses).
pub type Locate<'a> = &'a dyn Fn(&str, &Value, &str) -> Option<crate::diagnostics::Location>;

/// The diagnostics of what `manifest` costs: the budgets it goes over and, when its lint is on,
/// the subschemas it repeats where the SDK can share them in `$defs` (`shares_defs`, the
/// profile's capability). Nothing is counted when neither is asked for.
pub(crate) fn contract_costs(
    manifest: &crate::manifest::Manifest,
    locate: Locate,
    budget: &budget::Budget,
    lints: &crate::diagnostics::Lints,
    shares_defs: bool,
) -> crate::diagnostics::Diagnostics {
    let mut found = budget.check(manifest, locate);
    if shared::enabled(lints) && shares_defs {
        found.extend(shared::repeated(budget.encoding, manifest, locate));
    }
    found
}

/// One reference token of a JSON pointer (RFC 6901): `~` becomes `~0`, `/` becomes `~1`.
fn pointer_token(s: &str) -> String {
    s.replace('~', "~0").replace('/', "~1")
}

/// The token counts of the pieces a tokenizer split texts into, for [`Encoding::count_tools`].
#[derive(Default)]
struct PieceCounts(HashMap<String, usize>);

/// `value` as a client sends it: JSON without whitespace, in the manifest's key order.
pub fn compact(value: &Value) -> String {
    serde_json::to_string(value).expect("a JSON value serialises")
}

/// The counts of a whole manifest: each tool's and their sum, in one encoding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Costs {
    /// The encoding counted in.
    pub encoding: Encoding,
    /// Each tool's name and count, in the manifest's order.
    pub tools: Vec<(String, usize)>,
}

impl Costs {
    /// The cost of every tool of `tools`.
    pub fn of(encoding: Encoding, tools: &[Value]) -> Self {
        Costs::named(encoding, tools, encoding.count_tools(tools))
    }

    fn named(encoding: Encoding, tools: &[Value], counts: Vec<usize>) -> Self {
        let names = tools.iter().map(|t| t.get("name").and_then(Value::as_str).unwrap_or_default().to_owned());
        Costs { encoding, tools: names.zip(counts).collect() }
    }

    /// The sum over every tool.
    pub fn total(&self) -> usize {
        self.tools.iter().map(|(_, n)| n).sum()
    }

    /// The count of the tool named `name`, if there is one.
    pub fn of_tool(&self, name: &str) -> Option<usize> {
        self.tools.iter().find(|(n, _)| n == name).map(|(_, c)| *c)
    }
}

/// How the cost of a manifest changed between two of its versions (`check`, `diff`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delta {
    /// The encoding both are counted in.
    pub encoding: Encoding,
    /// The old manifest's total.
    pub old: usize,
    /// The new manifest's total.
    pub new: usize,
    /// The tools whose count changed (added and removed ones too): the old manifest's order,
    /// then the added tools.
    pub tools: Vec<ToolDelta>,
}

/// One tool's cost before and after; `None` where the tool is not listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolDelta {
    /// The tool's name.
    pub tool: String,
    /// Its count in the old manifest.
    pub old: Option<usize>,
    /// Its count in the new one.
    pub new: Option<usize>,
}

impl ToolDelta {
    /// The change, signed: a removed tool's is minus its count.
    pub fn change(&self) -> i64 {
        self.new.unwrap_or(0) as i64 - self.old.unwrap_or(0) as i64
    }

    /// `+40 tokens, 230 in all`; a removed tool's `-230 tokens`.
    pub fn phrase(&self) -> String {
        match self.new {
            Some(new) => format!("{} tokens, {} in all", signed(self.change()), thousands(new)),
            None => format!("{} tokens", signed(self.change())),
        }
    }
}

impl Delta {
    /// The costs of `old` and `new`, tool by tool (matched by name).
    pub fn between(encoding: Encoding, old: &[Value], new: &[Value]) -> Self {
        let (old_counts, new_counts) = encoding.count_both(old, new);
        let (old, new) = (Costs::named(encoding, old, old_counts), Costs::named(encoding, new, new_counts));
        let new_by_name: HashMap<&str, usize> = new.tools.iter().map(|(n, c)| (n.as_str(), *c)).collect();
        let old_names: HashSet<&str> = old.tools.iter().map(|(n, _)| n.as_str()).collect();
        let mut tools: Vec<ToolDelta> = old
            .tools
            .iter()
            .map(|(name, count)| ToolDelta {
                tool: name.clone(),
                old: Some(*count),
                new: new_by_name.get(name.as_str()).copied(),
            })
            .collect();
        let added = new.tools.iter().filter(|(name, _)| !old_names.contains(name.as_str()));
        tools.extend(added.map(|(name, count)| ToolDelta { tool: name.clone(), old: None, new: Some(*count) }));
        tools.retain(|t| t.old != t.new);
        Delta { encoding, old: old.total(), new: new.total(), tools }
    }

    /// The change of the total, signed.
    pub fn change(&self) -> i64 {
        self.new as i64 - self.old as i64
    }

    /// `+320 tokens, 12,345 in all`.
    pub fn phrase(&self) -> String {
        format!("{} tokens, {} in all", signed(self.change()), thousands(self.new))
    }

    /// The change of the tool named `tool`, when its count changed.
    pub fn of_tool(&self, tool: &str) -> Option<&ToolDelta> {
        self.tools.iter().find(|t| t.tool == tool)
    }

    /// `{"encoding", "old", "new", "change", "tools": [{"tool", "old", "new", "change"}]}`, for
    /// `--format json` and SARIF's property bag.
    pub fn to_json(&self) -> Value {
        let tools: Vec<Value> = self
            .tools
            .iter()
            .map(|t| serde_json::json!({"tool": t.tool, "old": t.old, "new": t.new, "change": t.change()}))
            .collect();
        serde_json::json!({
            "encoding": Choice::name(self.encoding),
            "old": self.old,
            "new": self.new,
            "change": self.change(),
            "tools": tools,
        })
    }
}

/// `12,345`: a count with thousands separated, as the outputs for people write it.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `+320`, `-12`, `±0`: a change in a count, signed.
pub fn signed(delta: i64) -> String {
    match delta {
        0 => "±0".to_owned(),
        d if d > 0 => format!("+{}", thousands(d as usize)),
        d => format!("-{}", thousands(d.unsigned_abs() as usize)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn counts_are_tiktokens() {
        // tiktoken: len(get_encoding(...).encode('{"name":"add","description":"Add two numbers."}'))
        let tool = json!({"name": "add", "description": "Add two numbers."});
        assert_eq!(compact(&tool), r#"{"name":"add","description":"Add two numbers."}"#);
        assert_eq!(Encoding::O200kBase.count_json(&tool), 12);
        assert_eq!(Encoding::Cl100kBase.count_json(&tool), 12);
        assert_eq!(Encoding::O200kBase.count_tools(&[tool.clone(), tool]), [12, 12]);
    }

    #[test]
    fn a_delta_lists_the_tools_whose_cost_changed() {
        let a = json!({"name": "a", "description": "A"});
        let a2 = json!({"name": "a", "description": "A much longer description"});
        let b = json!({"name": "b"});
        let c = json!({"name": "c"});
        let d = Delta::between(Encoding::O200kBase, &[a.clone(), b.clone()], &[a2, b, c]);
        let names: Vec<&str> = d.tools.iter().map(|t| t.tool.as_str()).collect();
        assert_eq!(names, ["a", "c"]);
        assert_eq!(d.tools[1].old, None);
        assert_eq!(d.change(), d.tools.iter().map(ToolDelta::change).sum::<i64>());
        let gone = Delta::between(Encoding::O200kBase, &[a], &[]);
        assert_eq!(gone.tools[0].phrase(), format!("-{} tokens", gone.old));
    }

    #[test]
    fn thousands_and_signs() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(12345), "12,345");
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(signed(320), "+320");
        assert_eq!(signed(-1200), "-1,200");
        assert_eq!(signed(0), "±0");
    }
}
