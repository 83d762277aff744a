//! The tail of every profile's run, from the tools found to the manifest: the tool list's policy
//! as a value (what a second tool of a name does, how the list is ordered), the config's
//! `schemas` for each tool and the warnings for entries that named nothing, and diagnostics
//! reported once.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::PathBuf;

use serde_json::Value;

use super::SchemaKind;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Location};
use crate::manifest::{Manifest, Tool};
use crate::options::SchemaOverrides;

/// What the SDK does with a tool whose name an earlier one has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Duplicates {
    /// It replaces the earlier one (a map keyed by name: rmcp's router, tower-mcp's).
    LaterWins,
    /// It is dropped, with a `duplicate-tool` warning (the Python SDK's tool manager).
    FirstWins,
}

/// The order the SDK lists its tools in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// By name, in byte order (a sorted map).
    ByName,
    /// As registered.
    Registration,
}

/// How an SDK's tool list treats names and order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    /// What a second tool of a name does.
    pub duplicates: Duplicates,
    /// How the list is ordered.
    pub order: Order,
}

/// The tools of a run as they are registered, with the config's `schemas` that apply to them.
pub struct ToolList<'o> {
    policy: Policy,
    overrides: &'o SchemaOverrides,
    /// In registration order (a later duplicate moved to the end when it wins).
    tools: Vec<(String, Tool)>,
    /// Where each listed tool is written (kept for `FirstWins`, whose warning names the first).
    first_at: HashMap<String, Option<Location>>,
}

impl<'o> ToolList<'o> {
    /// An empty list.
    pub fn new(policy: Policy, overrides: &'o SchemaOverrides) -> ToolList<'o> {
        ToolList { policy, overrides, tools: Vec::new(), first_at: HashMap::new() }
    }

    /// The schema the config gives for `tool`'s `kind`, as written: it replaces whatever the
    /// sources say (and so silences what they could not tell). The profile makes it its SDK's
    /// (key order, wrapping).
    pub fn given(&self, tool: &str, kind: SchemaKind) -> Option<Value> {
        let given = self.overrides.tools.get(tool)?;
        match kind {
            SchemaKind::Input => given.input_schema.clone(),
            SchemaKind::Output => given.output_schema.clone(),
        }
    }

    /// Register `tool`, named `name` and written `at`. `Err` is the warning for a tool the
    /// policy drops (`FirstWins`, the name taken).
    #[allow(clippy::result_large_err)] // `Diagnostic` is the crate's error type
    pub fn add(&mut self, name: String, tool: Tool, at: Option<Location>) -> Result<(), Diagnostic> {
        match self.policy.duplicates {
            Duplicates::LaterWins => {
                self.tools.retain(|(n, _)| *n != name);
            }
            Duplicates::FirstWins => {
                if let Some(first) = self.first_at.get(&name) {
                    let d = Diagnostic::warning(
                        Code::DuplicateTool,
                        format!("tool name `{name}` is already taken; this tool is dropped"),
                    )
                    .at(at)
                    .with_label("second tool with this name");
                    return Err(match first {
                        Some(first) => {
                            let (line, _) = first.line_col();
                            d.with_help(format!("the first one, at {}:{line}, is kept", first.file.path.display()))
                        }
                        None => d.with_help("the first one is kept"),
                    });
                }
                self.first_at.insert(name.clone(), at);
            }
        }
        self.tools.push((name, tool));
        Ok(())
    }

    /// Drop the tool named `name` (a router's `remove_route`).
    pub fn remove(&mut self, name: &str) {
        self.tools.retain(|(n, _)| n != name);
        self.first_at.remove(name);
    }

    /// List the tools in the order they are in now (a hand-written list the server sends as it
    /// built it), whatever the policy's order.
    pub fn keep_order(&mut self) {
        self.policy.order = Order::Registration;
    }

    /// The tools so far, for what the server does to them at startup.
    pub fn tools_mut(&mut self) -> &mut Vec<(String, Tool)> {
        &mut self.tools
    }

    /// The manifest, in the policy's order, and an `unused-schema-override` warning for each
    /// config `schemas` entry naming no listed tool, or no type of `types_used` (the types the
    /// schemas reached): most likely a typo.
    /// The list is left empty.
    pub fn finish(&mut self, types_used: &BTreeSet<String>) -> (Manifest, Vec<Diagnostic>) {
        let mut tools = std::mem::take(&mut self.tools);
        self.first_at.clear();
        let listed: Vec<&str> = tools.iter().map(|(n, _)| n.as_str()).collect();
        let unused = super::overrides::unused(self.overrides, &listed, types_used);
        if self.policy.order == Order::ByName {
            tools.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        }
        (Manifest::new(tools.into_iter().map(|(_, t)| t).collect()), unused)
    }
}

/// What a run reported already, so that a thing reached twice (a tool, a type, a body followed
/// from two places) is reported once: the same code, about the same thing, at the same place
/// (a file and an offset in it: a module file several targets declare is one place).
#[derive(Debug, Default)]
pub struct Reported(HashSet<(Code, String, Option<Place>)>);

/// A file, and a byte offset in it.
type Place = (PathBuf, usize);

impl Reported {
    /// Whether `code` about `what` at `at` is new (and from now on, not). `what` is the message,
    /// or the thing a profile reports once whichever tool reaches it (the Python SDK's unknown
    /// types, whose message names the first tool).
    pub fn first(&mut self, code: Code, what: &str, at: Option<&Location>) -> bool {
        self.0.insert((code, what.to_owned(), at.map(|l| (l.file.path.clone(), l.start))))
    }

    /// Push `d` to `diagnostics` unless it was reported already.
    pub fn push(&mut self, diagnostics: &mut Diagnostics, d: Diagnostic) {
        if self.first(d.code, &d.message, d.location.as_ref()) {
            diagnostics.push(d);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::diagnostics::SourceFile;

    fn tool(name: &str, n: u32) -> Tool {
        Tool::from_value(&serde_json::json!({"name": name, "n": n}))
    }

    fn names(m: &Manifest) -> Vec<(String, u64)> {
        m.tool_values().iter().map(|t| (t["name"].as_str().unwrap().to_owned(), t["n"].as_u64().unwrap())).collect()
    }

    fn at(start: usize) -> Location {
        let text: Arc<str> = Arc::from("fn a() {}\nfn b() {}\n");
        Location { file: Arc::new(SourceFile::new("src/lib.rs".into(), text)), start, len: 1 }
    }

    #[test]
    fn a_later_tool_replaces_an_earlier_one_and_the_list_is_by_name() {
        let overrides = SchemaOverrides::default();
        let mut list = ToolList::new(Policy { duplicates: Duplicates::LaterWins, order: Order::ByName }, &overrides);
        for (name, n) in [("b", 1), ("a", 2), ("b", 3), ("c", 4)] {
            assert!(list.add(name.into(), tool(name, n), None).is_ok());
        }
        list.remove("c");
        let (m, unused) = list.finish(&BTreeSet::new());
        assert_eq!(names(&m), [("a".to_owned(), 2), ("b".to_owned(), 3)]);
        assert!(unused.is_empty());
    }

    #[test]
    fn a_second_tool_of_a_name_is_dropped_with_a_warning_naming_the_first() {
        let overrides = SchemaOverrides::default();
        let mut list =
            ToolList::new(Policy { duplicates: Duplicates::FirstWins, order: Order::Registration }, &overrides);
        assert!(list.add("b".into(), tool("b", 1), Some(at(0))).is_ok());
        assert!(list.add("a".into(), tool("a", 2), Some(at(0))).is_ok());
        let dropped = list.add("b".into(), tool("b", 3), Some(at(10))).unwrap_err();
        assert_eq!(dropped.code, Code::DuplicateTool);
        assert_eq!(dropped.help.as_deref(), Some("the first one, at src/lib.rs:1, is kept"));
        let (m, _) = list.finish(&BTreeSet::new());
        assert_eq!(names(&m), [("b".to_owned(), 1), ("a".to_owned(), 2)]);
    }

    #[test]
    fn the_config_gives_a_tools_schema_and_names_the_entries_that_name_nothing() {
        let mut overrides = SchemaOverrides::default();
        let given = crate::options::ToolSchemaOverride {
            input_schema: Some(serde_json::json!({"type": "object"})),
            ..Default::default()
        };
        overrides.tools.insert("a".into(), given.clone());
        overrides.tools.insert("typo".into(), given);
        let mut list = ToolList::new(Policy { duplicates: Duplicates::LaterWins, order: Order::ByName }, &overrides);
        assert_eq!(list.given("a", SchemaKind::Input), Some(serde_json::json!({"type": "object"})));
        assert_eq!(list.given("a", SchemaKind::Output), None);
        list.add("a".into(), tool("a", 1), None).unwrap();
        let (_, unused) = list.finish(&BTreeSet::new());
        assert_eq!(unused.len(), 1);
        assert!(unused[0].message.contains("`typo`"), "{}", unused[0].message);
    }

    #[test]
    fn a_diagnostic_is_reported_once_per_code_subject_and_place() {
        let mut reported = Reported::default();
        assert!(reported.first(Code::Opaque, "m", Some(&at(0))));
        assert!(!reported.first(Code::Opaque, "m", Some(&at(0))));
        assert!(reported.first(Code::Opaque, "m", Some(&at(10))));
        assert!(reported.first(Code::Opaque, "m", None));
        assert!(reported.first(Code::UnknownType, "m", None));
        assert!(!reported.first(Code::UnknownType, "m", None));
    }
}
