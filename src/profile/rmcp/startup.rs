//! What the server does to its tools when it starts: loops over the router's routes that
//! rewrite each tool (`for route in router.map.values_mut() { … }`), run with the evaluator over
//! the tools we generated; other statements that change a schema in place, and loops the
//! evaluator cannot follow, are warnings where they are written.

use serde_json::{Map, Value};

use super::routers::rewrites::{startup_rewrites, RouteLoop};
use super::{type_text, Builder};
use crate::diagnostics::{Code, Diagnostic, Location};
use crate::manifest::Tool;
use crate::model::eval::Frame;
use crate::model::Scope;
use crate::source::ItemRef;

/// rmcp's `Tool` fields as the tools/list JSON names them, in the order rmcp writes them.
pub(super) const FIELDS: &[(&str, &str)] = &[
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
    /// Gives the statements elsewhere that change a schema in place (see [`Self::report_unread`]).
    pub(super) fn apply_startup_rewrites(
        &mut self,
        tools: &mut [(String, Tool)],
        served_by: Option<&super::routers::Server>,
    ) -> Vec<(Location, ItemRef)> {
        let server = served_by.map(|s| s.name.as_str());
        let rewrites = startup_rewrites(self.ws);
        for l in &rewrites.loops {
            if self.reached.contains(&l.fn_body) {
                self.run_route_loop(l, tools);
                continue;
            }
            // Not in the code that builds the router the server serves: not applied, and said at
            // the loop (a free fn's loop may be this server's, run after it is built: never
            // silence). An `impl` block's loop is another server's when the block is.
            let ours = match l.self_ty {
                None => true,
                Some(ty) => server.is_some_and(|s| type_text(ty).rsplit("::").next() == Some(s)),
            };
            if let (true, Some(server)) = (ours, served_by) {
                self.loop_not_served(l, server);
            }
        }
        rewrites.unread
    }

    /// A warning at a route loop of `server` that the router it serves never goes through.
    fn loop_not_served(&mut self, l: &RouteLoop, server: &super::routers::Server) {
        let from = match &server.served {
            super::routers::Served::Router(e) => {
                format!("`{}`", super::expr_text(e))
            }
            super::routers::Served::HandWritten => "its hand-written `list_tools`".to_owned(),
            super::routers::Served::Nothing => "no router".to_owned(),
        };
        let fresh = match &server.served {
            super::routers::Served::Router(e) if matches!(&**e, syn::Expr::Call(_)) => {
                ", a router built anew on each request"
            }
            _ => "",
        };
        self.push(
            Diagnostic::warning(
                Code::RewriteNotServed,
                format!(
                    "this loop changes a router, but not in the code that builds the one `{}` serves (its tools/list comes from {from}{fresh}): the loop is not applied, and the tools are listed unchanged",
                    server.name
                ),
            )
            .at(Some(l.at.clone()))
            .with_label("not in the code that builds the served router")
            .with_help("to serve the changed router, name it: `#[tool_handler(router = self.tool_router)]`; a router changed after the server is built is not followed: give its tools' schemas in the config's `schemas` table"),
        );
    }

    /// A warning at each statement that changes a schema in place and that no evaluation
    /// followed (`followed`: the fns and `impl`s a read `list_tools` ran).
    pub(super) fn report_unread(&mut self, unread: Vec<(Location, ItemRef)>, followed: &[ItemRef]) {
        for (at, _) in unread.into_iter().filter(|(_, item)| !followed.contains(item)) {
            self.push(
                Diagnostic::warning(
                    Code::StartupRewrite,
                    "this statement changes a tool's schema when the server starts; the CLI does not follow it, so the listed schema may differ from what the server sends",
                )
                .at(Some(at))
                .with_label("not followed")
                .with_help(HELP),
            );
        }
    }

    /// A note at each environment variable startup code read as unset (once per variable and
    /// place): the manifest is the server's run without it.
    pub(super) fn note_unset(&mut self, unset: Vec<crate::model::eval::EvalError>) {
        let mut seen: Vec<(String, Location)> = Vec::new();
        for read in unset {
            let at = read.location(self.ws);
            if seen.iter().any(|(n, l)| *n == read.reason && *l == at) {
                continue;
            }
            seen.push((read.reason.clone(), at.clone()));
            self.push(
                Diagnostic::note(
                    Code::RuntimeCondition,
                    format!(
                        "startup code reads the environment variable `{0}`: listed as the server runs without it; `--env {0}=VALUE` (or `{0} = \"VALUE\"` in the config's `[env]` table) lists it as set",
                        read.reason
                    ),
                )
                .at(Some(at)),
            );
        }
    }

    /// Runs a loop's body over every tool; applied only when it runs for all of them.
    fn run_route_loop(&mut self, l: &RouteLoop, tools: &mut [(String, Tool)]) {
        let params = match self.loop_params(l) {
            Ok((params, unset)) => {
                self.note_unset(unset);
                params
            }
            Err(why) => {
                self.loop_not_followed(l, &l.at, &why);
                return;
            }
        };
        let mut rewritten = Vec::new();
        for (name, tool) in tools.iter() {
            let route = serde_json::json!({ "attr": rust_fields(&tool.to_value()), "call": null });
            let mut frame = Frame::new(Scope::without_generics(l.krate, l.module));
            for (param, v) in &params {
                frame = frame.bind(param, v.clone());
            }
            let mut evaluator = self.lowerer.evaluator();
            evaluator.env = Some(self.env.clone());
            let out = match (&l.map_root, l.keys) {
                // Over the keys: the route is in its router's map, which the body takes it out
                // of (and puts it back in, renamed or not); what the map then holds is the route.
                (Some(root), true) => {
                    let map = serde_json::json!({ "map": { name.clone(): route } });
                    let frame = frame.bind(root, crate::model::eval::Val::Json(map));
                    evaluator.run_over_key(l.pat, l.body, name.clone(), root, frame)
                }
                // The router the routes were taken from: the body puts them back in its map.
                (root, _) => {
                    if let Some(root) = root {
                        frame = frame.bind(root, crate::model::eval::Val::Json(serde_json::json!({ "map": {} })));
                    }
                    let key = l.pairs.then(|| name.clone());
                    evaluator.run_over(l.pat, l.body, route, key, frame)
                }
            };
            let unset = std::mem::take(&mut evaluator.env_unset);
            self.note_unset(unset);
            match out {
                Ok(after) => rewritten.push(listed_fields(after.get("attr").unwrap_or(&Value::Null))),
                Err(why) => {
                    let at = why.location(self.ws);
                    self.loop_not_followed(l, &at, &why.reason);
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

impl Builder<'_, '_> {
    fn loop_not_followed(&mut self, l: &RouteLoop, at: &Location, why: &str) {
        self.push(
            Diagnostic::warning(
                Code::StartupRewrite,
                format!(
                    "the loop over the router's tools on line {} rewrites each tool when the server starts, and the CLI cannot follow it ({why}); the listed tools are as generated",
                    l.at.line_col().0,
                ),
            )
            .at(Some(at.clone()))
            .with_label("not followed")
            .with_help(HELP),
        );
    }
}

/// A listed tool's JSON with rmcp's field names (`inputSchema` is `input_schema`), absent
/// optional fields as `null`.
pub(super) fn rust_fields(tool: &Value) -> Value {
    let mut out = Map::new();
    for (rust, listed) in FIELDS {
        out.insert((*rust).to_owned(), tool.get(*listed).cloned().unwrap_or(Value::Null));
    }
    Value::Object(out)
}

/// Back to the listed JSON: `null` fields left out, schemas' keys sorted as rmcp prints them.
pub(super) fn listed_fields(attr: &Value) -> Map<String, Value> {
    let mut out = Map::new();
    for (rust, listed) in FIELDS {
        match attr.get(*rust) {
            None | Some(Value::Null) => {}
            Some(v) => {
                let mut v = v.clone();
                // JSON objects of the crate's serde_json (the typed fields keep their order).
                if rust.ends_with("_schema") || *rust == "meta" {
                    crate::schema::order::sort_all_keys(&mut v);
                }
                out.insert((*listed).to_owned(), v);
            }
        }
    }
    out
}
