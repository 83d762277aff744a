//! What the server does to its tools when it starts: loops over the router's routes that
//! rewrite each tool (`for route in router.map.values_mut() { … }`), run with the evaluator over
//! the tools we generated; other statements that change a schema in place, and loops the
//! evaluator cannot follow, are warnings where they are written.

use serde_json::{Map, Value};

use syn::visit::Visit;

use super::routers::rewrites::{startup_rewrites, RouteLoop};
use super::routers::{Served, Server};
use super::{type_text, Builder};
use crate::diagnostics::{Code, Diagnostic, Location};
use crate::manifest::Tool;
use crate::model::eval::{Frame, Val};
use crate::model::Scope;
use crate::source::ItemRef;

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
    /// Gives the statements elsewhere that change a schema in place (see [`Self::report_unread`]).
    pub(super) fn apply_startup_rewrites(
        &mut self,
        tools: &mut [(String, Tool)],
        server: Option<&str>,
    ) -> Vec<(Location, ItemRef)> {
        let rewrites = startup_rewrites(self.ws);
        for l in &rewrites.loops {
            let for_server = match l.self_ty {
                None => true,
                Some(ty) => server.is_some_and(|s| type_text(ty).rsplit("::").next() == Some(s)),
            };
            if for_server {
                self.run_route_loop(l, tools);
            }
        }
        rewrites.unread
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
    fn note_unset(&mut self, unset: Vec<crate::model::eval::EvalError>) {
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
        let mut rewritten = Vec::new();
        for (name, tool) in tools.iter() {
            let route = serde_json::json!({ "attr": rust_fields(&tool.to_value()), "call": null });
            let frame = Frame::new(Scope::without_generics(l.krate, l.module));
            let key = l.pairs.then(|| name.clone());
            let mut evaluator = self.lowerer.evaluator();
            evaluator.env = Some(self.env.clone());
            let out = evaluator.run_over(l.pat, l.body, route, key, frame);
            let unset = std::mem::take(&mut evaluator.env_unset);
            self.note_unset(unset);
            match out {
                Ok(after) => rewritten.push(listed_fields(after.get("attr").unwrap_or(&Value::Null))),
                Err(why) => {
                    let at = why.location(self.ws);
                    self.push(
                        Diagnostic::warning(
                            Code::StartupRewrite,
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

impl Builder<'_, '_> {
    /// A hand-written `list_tools` that takes one router's `list_all()` and filters, renames or
    /// rewrites it: run with the evaluator, `list_all()` being the tools generated for that
    /// router (sorted by name, as rmcp gives them). When it cannot be followed the list stays as
    /// generated, with the warning the router evaluator gave.
    /// Gives the fns and `impl`s it followed (none when it was not read).
    pub(super) fn read_list_tools(&mut self, tools: &mut Vec<(String, Tool)>, server: &Server) -> Vec<ItemRef> {
        if !matches!(server.served, Served::HandWritten) {
            return Vec::new();
        }
        let imp = &self.index.impls[server.imp];
        let Some(f) = imp.fns().find(|f| f.sig.ident == "list_tools") else { return Vec::new() };
        let body = self.ws.block(imp.krate, imp.module, &f.block);
        let mut calls = ListAllCalls(0);
        calls.visit_block(body);
        // Two routers' lists cannot be told apart; none here may be one a helper fn reads.
        if calls.0 > 1 {
            return Vec::new();
        }
        let mut all: Vec<&(String, Tool)> = tools.iter().collect();
        all.sort_by(|a, b| a.0.cmp(&b.0));
        let all = Value::Array(all.iter().map(|(_, t)| rust_fields(&t.to_value())).collect());
        // The first page as a client asks for it: no pagination parameters.
        let mut frame = Frame::new(Scope::without_generics(imp.krate, imp.module));
        for input in &f.sig.inputs {
            if let syn::FnArg::Typed(pt) = input {
                if let (syn::Pat::Ident(pi), true) = (&*pt.pat, type_text(&pt.ty).starts_with("Option")) {
                    frame = frame.bind(&pi.ident.to_string(), Val::Opt(None));
                }
            }
        }
        let block = syn::Expr::Block(syn::ExprBlock { attrs: Vec::new(), label: None, block: body.clone() });
        let mut evaluator = self.lowerer.evaluator();
        evaluator.given_methods.push(("list_all", Val::Json(all)));
        evaluator.wrapping_fns.push("with_all_items");
        given_rmcp_values(&mut evaluator);
        evaluator.env = Some(self.env.clone());
        let out = evaluator.eval(&block, None, &frame);
        let mut followed = std::mem::take(&mut evaluator.ran);
        let unset = std::mem::take(&mut evaluator.env_unset);
        let listed = match out {
            Ok(Val::Json(Value::Array(listed))) => listed,
            Ok(_) => return Vec::new(),
            Err(e) => {
                self.say_where_list_tools_stops(server, &e);
                return Vec::new();
            }
        };
        self.note_unset(unset);
        followed.push(imp.item);
        *tools = listed
            .iter()
            .map(|t| {
                let t = listed_fields(t);
                let name = t.get("name").and_then(Value::as_str).unwrap_or_default().to_owned();
                (name, Tool::from_value(&Value::Object(t)))
            })
            .collect();
        // Read: the warning that the list may be changed at runtime no longer holds.
        let named = format!("server `{}` has a hand-written `list_tools`", server.name);
        self.diagnostics.0.retain(|d| d.code != Code::HandWrittenListTools || !d.message.contains(&named));
        followed
    }
}

impl Builder<'_, '_> {
    /// The `hand-written-list-tools` diagnostic of `server` says where the interpreter stopped
    /// in its body, and why: the one thing to change or to check.
    fn say_where_list_tools_stops(&mut self, server: &Server, e: &crate::model::eval::EvalError) {
        let at = e.location(self.ws);
        let line = at.line_col().0;
        let stop = format!("reading it stops at {}:{line}: {}", at.file.path.display(), e.reason);
        let named = format!("server `{}` has a hand-written `list_tools`", server.name);
        for d in
            self.diagnostics.0.iter_mut().filter(|d| d.code == Code::HandWrittenListTools && d.message.contains(&named))
        {
            d.message = format!("{}; {stop}", d.message);
        }
    }
}

/// The rmcp values a `list_tools` body builds its tools with: `ListToolsResult { tools, .. }`
/// is its `tools`; `TaskSupport`'s variants and `ToolExecution::from_raw` serialise as rmcp's
/// serde derives write them (`{"taskSupport": "forbidden"}`, the field left out when `None`).
fn given_rmcp_values(evaluator: &mut crate::model::eval::Evaluator) {
    evaluator.given_structs.push(("ListToolsResult", "tools"));
    for (variant, text) in [("Forbidden", "forbidden"), ("Optional", "optional"), ("Required", "required")] {
        let path: &'static str = match variant {
            "Forbidden" => "TaskSupport::Forbidden",
            "Optional" => "TaskSupport::Optional",
            _ => "TaskSupport::Required",
        };
        evaluator.given_paths.push((path, Val::Str(text.to_owned())));
    }
    evaluator.given_fns.push(("ToolExecution::from_raw", |values| match values.as_slice() {
        [Val::Opt(None)] => Some(Val::Json(serde_json::json!({}))),
        [Val::Opt(Some(t))] => match &**t {
            Val::Str(s) => Some(Val::Json(serde_json::json!({ "taskSupport": s }))),
            _ => None,
        },
        _ => None,
    }));
}

/// How many `.list_all()` calls a body makes.
struct ListAllCalls(usize);

impl<'ast> syn::visit::Visit<'ast> for ListAllCalls {
    fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
        if m.method == "list_all" {
            self.0 += 1;
        }
        syn::visit::visit_expr_method_call(self, m);
    }
}
