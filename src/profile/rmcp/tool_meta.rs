//! `#[tool(meta = …)]`: the tool's `_meta`, an expression rmcp-macros passes to
//! `Tool::with_meta` (3.x; `meta: Some(…)` before), evaluated as the server builds its router:
//! rmcp's `Meta`/`MetaObject` is a `#[serde(transparent)]` newtype of a JSON object, held by the
//! evaluator as that object (`Meta::new()`, `Meta(obj)`, `Meta::from(obj)`, and the map's
//! `insert`/`extend` through its `DerefMut`).

use serde_json::{json, Value};

use super::Builder;
use crate::diagnostics::Code;
use crate::model::eval::{Evaluator, Val};
use crate::model::Scope;

/// rmcp's names of its `_meta` type across releases.
const META_TYPES: &[&str] = &["Meta", "MetaObject"];

impl Builder<'_, '_> {
    /// The `_meta` a `meta = …` gives, evaluated in `scope`; `None` with a warning where the
    /// evaluator stops (the key left out, as rmcp would list it is unknown).
    pub(super) fn tool_meta(&mut self, name: &str, e: &syn::Expr, scope: &Scope) -> Option<Value> {
        let frame = crate::model::eval::Frame::new(scope.clone());
        let mut evaluator = self.lowerer.evaluator();
        given_meta(&mut evaluator);
        let out = evaluator.eval(e, None, &frame).and_then(|v| match v {
            Val::Json(j @ Value::Object(_)) => Ok(j),
            other => Err(evaluator.unsupported(e, &frame, format!("{} as a tool's `_meta`", other.kind_of()))),
        });
        match out {
            // A JSON object of the crate's serde_json: keys sorted unless `preserve_order`.
            Ok(mut meta) => {
                crate::schema::order::sort_all_keys(&mut meta);
                Some(meta)
            }
            Err(why) => {
                let at = why.location(self.ws);
                self.warn(
                    Code::Opaque,
                    format!(
                        "tool `{name}`: `meta = {}` cannot be evaluated ({}); `_meta` left out",
                        quote::quote!(#e),
                        why.reason
                    ),
                    &at,
                );
                None
            }
        }
    }
}

/// rmcp's `_meta` type as the JSON object it serialises as.
fn given_meta(evaluator: &mut Evaluator) {
    for ty in META_TYPES {
        evaluator.wrapping_fns.push(ty);
    }
    for path in ["Meta::new", "MetaObject::new", "Meta::default", "MetaObject::default"] {
        evaluator.given_fns.push((path, |values| values.is_empty().then(|| Val::Json(json!({})))));
    }
    for path in ["Meta::from", "MetaObject::from"] {
        evaluator.given_fns.push((path, |values| match values.as_slice() {
            [Val::Json(o @ Value::Object(_))] => Some(Val::Json(o.clone())),
            _ => None,
        }));
    }
}
