//! What the server does to its tools when it starts: loops over the router's routes that
//! rewrite each tool (`for route in router.map.values_mut() { … }`), run with the evaluator over
//! the tools we generated; other statements that change a schema in place, and loops the
//! evaluator cannot follow, are warnings where they are written.

use serde_json::{Map, Value};

use super::routers::rewrites::{startup_rewrites, RouteLoop};
use super::{type_text, Builder};
use crate::diagnostics::{Code, Diagnostic};
use crate::manifest::Tool;
use crate::model::eval::Frame;
use crate::model::Scope;

/// rmcp's `Tool` fields as the tools/list JSON names them, in the order rmcp writes them.
const FIELDS: &[(&str, &str)] = &[
    ("name", "name"),
    ("title", "title"),
    ("description", "description"),
    ("input_schema", "inputSchema"),
    ("output_schema", "outputSchema"),
    ("annotations", "annotations"),
    ("execution", "execution"),
    ("icons", "icons"),
    ("meta", "_meta"),
];

const HELP: &str = "give the tool's schema in the config's `schemas` table, or make it with `input_schema = f()` / `output_schema = f()`";

impl Builder<'_, '_> {
    /// Applies the startup rewrites written for the server `server` (loops in its own `impl`
    /// blocks or in free fns) to `tools`.
    pub(super) fn apply_startup_rewrites(&mut self, tools: &mut [(String, Tool)], server: Option<&str>) {
        let rewrites = startup_rewrites(self.ws);
        for at in rewrites.unread {
            self.push(
                Diagnostic::warning(
                    Code::Opaque,
                    "this statement changes a tool's schema when the server starts; the CLI does not follow it, so the listed schema may differ from what the server sends",
                )
                .at(Some(at))
                .with_label("not followed")
                .with_help(HELP),
            );
        }
        for l in &rewrites.loops {
            let for_server = match l.self_ty {
                None => true,
                Some(ty) => server.is_some_and(|s| type_text(ty).rsplit("::").next() == Some(s)),
            };
            if for_server {
                self.run_route_loop(l, tools);
            }
        }
    }

    /// Runs a loop's body over every tool; applied only when it runs for all of them.
    fn run_route_loop(&mut self, l: &RouteLoop, tools: &mut [(String, Tool)]) {
        let mut rewritten = Vec::new();
        for (name, tool) in tools.iter() {
            let route = serde_json::json!({ "attr": rust_fields(&tool.to_value()), "call": null });
            let frame = Frame::new(Scope::without_generics(l.krate, l.module));
            let key = l.pairs.then(|| name.clone());
            let mut evaluator = self.lowerer.evaluator();
            match evaluator.run_over(l.pat, l.body, route, key, frame) {
                Ok(after) => rewritten.push(listed_fields(after.get("attr").unwrap_or(&Value::Null))),
                Err(why) => {
                    let at = why.location(self.ws);
                    self.push(
                        Diagnostic::warning(
                            Code::Opaque,
                            format!(
                                "the loop over the router's tools on line {} rewrites each tool when the server starts, and the CLI cannot follow it ({}); the listed tools are as generated",
                                l.at.line_col().0,
                                why.reason
                            ),
                        )
                        .at(Some(at))
                        .with_label("not followed")
                        .with_help(HELP),
                    );
                    return;
                }
            }
        }
        for ((name, tool), after) in tools.iter_mut().zip(rewritten) {
            if let Some(Value::String(n)) = after.get("name") {
                name.clone_from(n);
            }
            *tool = Tool::from_value(&Value::Object(after));
        }
    }
}

/// A listed tool's JSON with rmcp's field names (`inputSchema` is `input_schema`), absent
/// optional fields as `null`.
fn rust_fields(tool: &Value) -> Value {
    let mut out = Map::new();
    for (rust, listed) in FIELDS {
        out.insert((*rust).to_owned(), tool.get(*listed).cloned().unwrap_or(Value::Null));
    }
    Value::Object(out)
}

/// Back to the listed JSON: `null` fields left out, schemas' keys sorted as rmcp prints them.
fn listed_fields(attr: &Value) -> Map<String, Value> {
    let mut out = Map::new();
    for (rust, listed) in FIELDS {
        match attr.get(*rust) {
            None | Some(Value::Null) => {}
            Some(v) => {
                let mut v = v.clone();
                if rust.ends_with("_schema") {
                    crate::schema::order::sort_all_keys(&mut v);
                }
                out.insert((*listed).to_owned(), v);
            }
        }
    }
    out
}
