//! A hand-written `list_tools` (`impl ServerHandler { async fn list_tools(…) }`), run with the
//! evaluator as the server runs it for a `tools/list` request: `list_all()` is the tools
//! generated for the server's router, the request carries no cursor on the first page, and
//! `ctx.protocol_version()` is the run's peer protocol (`--protocol`). A result that names a
//! `next_cursor` is asked again with that cursor, as a client following `nextCursor` does: the
//! manifest is every page's tools, in order.

use serde_json::{json, Value};
use syn::visit::Visit;

use super::routers::{Served, Server};
use super::startup::{listed_fields, rust_fields};
use super::{type_text, Builder};
use crate::diagnostics::Code;
use crate::manifest::Tool;
use crate::model::eval::{EvalError, Evaluator, Frame, Val};
use crate::model::Scope;
use crate::source::ItemRef;

/// The pages a client is followed through before the run stops (a cursor that never ends).
const MAX_PAGES: usize = 1000;

/// rmcp's `ProtocolVersion` consts (`impl ProtocolVersion { pub const V_2025_11_25: Self =
/// Self(Cow::Borrowed("2025-11-25")); … }`, the same in every release that has them): the
/// version each names, as its `Serialize` (the string) writes it.
pub(super) const PROTOCOL_VERSIONS: &[(&str, &str)] = &[
    ("ProtocolVersion::V_2024_11_05", "2024-11-05"),
    ("ProtocolVersion::V_2025_03_26", "2025-03-26"),
    ("ProtocolVersion::V_2025_06_18", "2025-06-18"),
    ("ProtocolVersion::V_2025_11_25", "2025-11-25"),
    ("ProtocolVersion::V_2026_07_28", "2026-07-28"),
];

/// rmcp's `Tool` fields (a struct literal of it, writable before rmcp 1.0 made it
/// `#[non_exhaustive]`).
const TOOL_FIELDS: &[&str] =
    &["name", "title", "description", "input_schema", "output_schema", "annotations", "execution", "icons", "meta"];

/// What one page of a `list_tools` gives: its tools, and the cursor of the next page.
type Page = (Vec<Value>, Option<String>);

impl Builder<'_, '_> {
    /// A hand-written `list_tools` that takes one router's `list_all()` and filters, renames,
    /// rewrites or pages it: run with the evaluator, `list_all()` being the tools generated for
    /// that router (sorted by name, as rmcp gives them). When it cannot be followed the list
    /// stays as generated, and the `hand-written-list-tools` error says where reading stopped.
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
        // The `Option` parameters: the request's pagination parameters.
        let optional: Vec<String> = f
            .sig
            .inputs
            .iter()
            .filter_map(|input| match input {
                syn::FnArg::Typed(pt) => match (&*pt.pat, type_text(&pt.ty).starts_with("Option")) {
                    (syn::Pat::Ident(pi), true) => Some(pi.ident.to_string()),
                    _ => None,
                },
                syn::FnArg::Receiver(_) => None,
            })
            .collect();
        let block = syn::Expr::Block(syn::ExprBlock { attrs: Vec::new(), label: None, block: body.clone() });
        let mut listed: Vec<Value> = Vec::new();
        let mut followed = Vec::new();
        let mut unset = Vec::new();
        // The first page as a client asks for it: no cursor; then each `next_cursor` given.
        let mut cursor: Option<String> = None;
        for _ in 0..MAX_PAGES {
            let request = match &cursor {
                None => Val::Opt(None),
                Some(c) => Val::Opt(Some(Box::new(Val::Json(json!({ "meta": null, "cursor": c }))))),
            };
            let mut frame = Frame::new(Scope::without_generics(imp.krate, imp.module));
            for name in &optional {
                frame = frame.bind(name, request.clone());
            }
            let mut evaluator = self.lowerer.evaluator();
            evaluator.given_methods.push(("list_all", Val::Json(all.clone())));
            given_rmcp_values(&mut evaluator, &self.protocol);
            evaluator.env = Some(self.env.clone());
            let out = evaluator.eval(&block, None, &frame);
            followed.append(&mut evaluator.ran);
            unset.append(&mut evaluator.env_unset);
            let page = match out {
                Ok(v) => match page_of(v.clone()) {
                    Some(page) => page,
                    None => {
                        let e = EvalError {
                            failure: crate::model::eval::Failure::Unsupported,
                            reason: format!("it gives {} where a list of tools is expected", v.kind_of()),
                            span: syn::spanned::Spanned::span(&f.sig.ident),
                            krate: imp.krate,
                            module: imp.module,
                        };
                        self.say_where_list_tools_stops(server, &e);
                        return Vec::new();
                    }
                },
                Err(e) => {
                    self.say_where_list_tools_stops(server, &e);
                    return Vec::new();
                }
            };
            listed.extend(page.0);
            cursor = page.1;
            if cursor.is_none() {
                break;
            }
        }
        if let Some(c) = cursor {
            let e = EvalError {
                failure: crate::model::eval::Failure::Unsupported,
                reason: format!("it gives a `next_cursor` ({c:?}) after {MAX_PAGES} pages"),
                span: syn::spanned::Spanned::span(&f.sig.ident),
                krate: imp.krate,
                module: imp.module,
            };
            self.say_where_list_tools_stops(server, &e);
            return Vec::new();
        }
        self.note_unset(unset);
        followed.push(imp.item);
        // rmcp sends the list as the body built it.
        self.list.keep_order();
        *tools = listed
            .iter()
            .map(|t| {
                let t = listed_fields(t);
                let name = t.get("name").and_then(Value::as_str).unwrap_or_default().to_owned();
                (name, Tool::from_value(&Value::Object(t)))
            })
            .collect();
        // Read: the error that the list may be changed at runtime no longer holds.
        let named = format!("server `{}` has a hand-written `list_tools`", server.name);
        self.diagnostics.0.retain(|d| d.code != Code::HandWrittenListTools || !d.message.contains(&named));
        followed
    }

    /// The `hand-written-list-tools` diagnostic of `server` says where the interpreter stopped
    /// in its body, and why: the one thing to change or to check.
    fn say_where_list_tools_stops(&mut self, server: &Server, e: &EvalError) {
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

/// A page from what the body returned: a list of tools (`ListToolsResult { tools, .. }`), or a
/// `ListToolsResult` (`with_all_items`) with its `tools` and `next_cursor`.
fn page_of(v: Val) -> Option<Page> {
    match v {
        Val::Json(Value::Array(tools)) => Some((tools, None)),
        Val::Seq(items) => {
            let tools = items.into_iter().map(|t| match t {
                Val::Json(t @ Value::Object(_)) => Some(t),
                _ => None,
            });
            Some((tools.collect::<Option<Vec<Value>>>()?, None))
        }
        Val::Json(Value::Object(mut o)) => {
            let Some(Value::Array(tools)) = o.swap_remove("tools") else { return None };
            match o.swap_remove("next_cursor") {
                None | Some(Value::Null) => Some((tools, None)),
                Some(Value::String(c)) => Some((tools, Some(c))),
                Some(_) => None,
            }
        }
        _ => None,
    }
}

/// The rmcp values a `list_tools` body builds its tools with: `ListToolsResult { tools, .. }`
/// is its `tools`, `ListToolsResult::with_all_items(tools)` a result with no `next_cursor`
/// (rmcp's `paginated_result!`), whose `with_ttl_ms`/`with_cache_scope`/`with_meta` leave the
/// tools as they are; `TaskSupport`'s variants and `ToolExecution::from_raw` serialise as
/// rmcp's serde derives write them (`{"taskSupport": "forbidden"}`, the field left out when
/// `None`); `ProtocolVersion`'s consts are their versions, and `ctx.protocol_version()` the
/// peer's (`Some`: rmcp's `RequestContext::protocol_version` falls back to the handshake's).
pub(super) fn given_rmcp_values(evaluator: &mut Evaluator, protocol: &str) {
    evaluator.given_structs.push(("ListToolsResult", "tools"));
    evaluator.given_fns.push(("ListToolsResult::with_all_items", |values| match values.as_slice() {
        [Val::Json(tools @ Value::Array(_))] => Some(Val::Json(json!({ "tools": tools, "next_cursor": null }))),
        [Val::Seq(items)] => {
            let tools: Option<Vec<Value>> = items
                .iter()
                .map(|t| match t {
                    Val::Json(t) => Some(t.clone()),
                    _ => None,
                })
                .collect();
            Some(Val::Json(json!({ "tools": tools?, "next_cursor": null })))
        }
        _ => None,
    }));
    evaluator.json_structs.push(("Tool", TOOL_FIELDS));
    evaluator.given_fns.push(("Tool::new", |values| match values.as_slice() {
        [name, description, schema] => tool_value(name, Some(description), schema),
        _ => None,
    }));
    evaluator.given_fns.push(("Tool::new_with_raw", |values| match values.as_slice() {
        [name, Val::Opt(description), schema] => tool_value(name, description.as_deref(), schema),
        _ => None,
    }));
    evaluator.setter_methods.extend([
        ("with_title", "title"),
        ("with_raw_output_schema", "output_schema"),
        ("with_annotations", "annotations"),
        ("with_icons", "icons"),
        ("with_meta", "meta"),
    ]);
    evaluator.receiver_methods.extend(["with_ttl_ms", "with_cache_scope"]);
    evaluator.option_fields.extend(["cursor", "next_cursor"]);
    evaluator.given_methods.push(("protocol_version", Val::Opt(Some(Box::new(Val::Str(protocol.to_owned()))))));
    for (path, version) in PROTOCOL_VERSIONS {
        evaluator.given_paths.push((path, Val::Str((*version).to_owned())));
    }
    for (variant, text) in [("Forbidden", "forbidden"), ("Optional", "optional"), ("Required", "required")] {
        let path: &'static str = match variant {
            "Forbidden" => "TaskSupport::Forbidden",
            "Optional" => "TaskSupport::Optional",
            _ => "TaskSupport::Required",
        };
        evaluator.given_paths.push((path, Val::Str(text.to_owned())));
    }
    for (path, text) in [("CacheScope::Private", "private"), ("CacheScope::Public", "public")] {
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

/// rmcp's `Tool::new(name, description, input_schema)` (and `new_with_raw`, whose description
/// is an `Option`): the tool with those, every other field `None`, with rmcp's field names.
fn tool_value(name: &Val, description: Option<&Val>, schema: &Val) -> Option<Val> {
    let text = |v: &Val| match v {
        Val::Str(s) | Val::Json(Value::String(s)) => Some(s.clone()),
        _ => None,
    };
    let schema = match schema {
        Val::Json(o @ Value::Object(_)) => o.clone(),
        _ => return None,
    };
    let description = match description {
        Some(d) => Value::String(text(d)?),
        None => Value::Null,
    };
    let mut tool = rust_fields(&json!({}));
    let o = tool.as_object_mut()?;
    o.insert("name".into(), Value::String(text(name)?));
    o.insert("description".into(), description);
    o.insert("input_schema".into(), schema);
    Some(Val::Json(tool))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Each `ProtocolVersion` const of rmcp names the version its `Cow` holds (rmcp 3.1.0's
    /// `model.rs`: `pub const V_2025_11_25: Self = Self(Cow::Borrowed("2025-11-25"))`), and the
    /// table holds every protocol the CLI knows.
    #[test]
    fn protocol_version_consts_name_their_version() {
        for (path, version) in PROTOCOL_VERSIONS {
            assert_eq!(path.trim_start_matches("ProtocolVersion::V_").replace('_', "-"), *version);
        }
        let known: Vec<&str> = PROTOCOL_VERSIONS.iter().map(|(_, v)| *v).collect();
        assert_eq!(known, crate::profile::protocol::KNOWN_PROTOCOLS);
    }

    /// A `Tool { .. }` literal holds the fields rmcp's `Tool` has, as the listed JSON reads them.
    #[test]
    fn tool_fields_are_rmcps() {
        let listed: Vec<&str> = super::super::startup::FIELDS.iter().map(|(rust, _)| *rust).collect();
        assert_eq!(listed, TOOL_FIELDS);
    }

    #[test]
    fn a_page_is_its_tools_and_next_cursor() {
        let page = page_of(Val::Json(json!({ "tools": [{"name": "a"}], "next_cursor": "2" })));
        assert_eq!(page, Some((vec![json!({"name": "a"})], Some("2".to_owned()))));
        assert_eq!(page_of(Val::Json(json!([{"name": "a"}]))), Some((vec![json!({"name": "a"})], None)));
        assert_eq!(page_of(Val::Json(json!({ "tools": [], "next_cursor": null }))), Some((Vec::new(), None)));
        assert_eq!(page_of(Val::Json(json!({ "tools": [], "next_cursor": 3 }))), None);
        assert_eq!(page_of(Val::Unit), None);
        assert_eq!(page_of(Val::Seq(vec![Val::Json(json!({"name": "a"}))])), Some((vec![json!({"name": "a"})], None)));
        assert_eq!(page_of(Val::Seq(vec![Val::Str("a".into())])), None);
    }
}
