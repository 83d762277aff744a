//! A route's tool built by the code (`ToolRoute::new_dyn(Self::to_tool(), handler)` with `fn
//! to_tool() -> Tool { Tool { name: Self::NAME.into(), input_schema: schema_for_type::<P>(), … } }`):
//! its value evaluated as the server builds it, with rmcp's `Tool` constructors and the release's
//! `schema_for_type`. rmcp lists the `Tool` a route holds as it is: no macro reads it.

use serde_json::Value;
use syn::spanned::Spanned;

use super::list_tools::given_rmcp_values;
use super::routers::{BuiltRoute, TypeKey};
use super::startup::listed_fields;
use super::Builder;
use crate::diagnostics::Code;
use crate::manifest::Tool;
use crate::model::eval::{EvalError, Frame, Val};
use crate::model::{Scope, Ty};
use crate::profile::SchemaKind;

impl Builder<'_, '_> {
    /// The tool a built route lists, or a `runtime-router` warning where its value cannot be
    /// evaluated (the route is then not listed).
    pub(super) fn built_tool(&mut self, route: &BuiltRoute) -> Option<(String, Tool)> {
        let at = self.lowerer.location(route.krate, route.module, route.tool.span());
        let self_ty = match &route.self_key {
            TypeKey::Item(item) => Some(Ty::Named(self.lowerer.def_for(*item), Vec::new())),
            TypeKey::Name(_) => None,
        };
        let frame = Frame::new(Scope::without_generics(route.krate, route.module)).with_self(self_ty);
        let mut evaluator = self.lowerer.evaluator();
        given_rmcp_values(&mut evaluator, &self.protocol);
        evaluator.env = Some(self.env.clone());
        let out = evaluator.eval(&route.tool, None, &frame);
        let unset = std::mem::take(&mut evaluator.env_unset);
        self.note_unset(unset);
        let mut value = match out {
            Ok(Val::Json(Value::Object(o))) => o,
            Ok(other) => {
                let why = format!("it gives {} where a `Tool` is expected", other.kind_of());
                self.warn(Code::RuntimeRouter, unlisted(&why), &at);
                return None;
            }
            Err(e) => {
                self.say_route_stops(&e);
                return None;
            }
        };
        let Some(name) = value.get("name").and_then(Value::as_str).map(str::to_owned) else {
            self.warn(Code::RuntimeRouter, unlisted("its `name` is not a string"), &at);
            return None;
        };
        // The value has every field of rmcp's `Tool` (a `null` for `None`): what is set here
        // keeps its place in the order rmcp serialises them.
        for (kind, field) in [(SchemaKind::Input, "input_schema"), (SchemaKind::Output, "output_schema")] {
            if let Some(given) = self.tool_override(&name, kind) {
                value.insert(field.to_owned(), given);
            }
        }
        if value.get("output_schema").is_some_and(|o| !o.is_null() && !self.peer_gets_output(o)) {
            value.insert("output_schema".to_owned(), Value::Null);
            self.only_in_final_view.push(name.clone());
        }
        let tool = Tool::from_value(&Value::Object(listed_fields(&Value::Object(value))));
        Some((name, tool))
    }

    /// A `runtime-router` warning where the evaluation of a route's tool stopped, and why.
    fn say_route_stops(&mut self, e: &EvalError) {
        let at = e.location(self.ws);
        self.warn(Code::RuntimeRouter, unlisted(&e.reason), &at);
    }
}

/// The message of a route whose tool is not listed.
fn unlisted(why: &str) -> String {
    format!("the `Tool` of this route cannot be evaluated: {why}; the route is not listed")
}
