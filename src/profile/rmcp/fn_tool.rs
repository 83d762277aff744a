//! A `#[tool]` fn's entry: its name, title and description from the attribute and the docs, its
//! schemas from `Parameters<T>` and `Json<T>` (or given as expressions, or in the config).

use serde_json::Value;

use super::routers::{self, TypeKey};
use super::schemas::{self, SchemaKind, Side};
use super::tool_attr::{self, ToolAttr};
use super::{supply_help, tool_name, type_text, Builder};
use crate::diagnostics::{Code, Diagnostic, Location};
use crate::manifest::{Tool, ToolEntry};
use crate::model::eval::{Failure, VALUE_NOT_EVALUABLE};
use crate::model::Scope;

/// What a fn tool's two schemas are read in.
struct SchemaContext<'c, 'w, 'k> {
    tool: &'c crate::profile::ToolFn<'w>,
    /// The type of the `impl` block, for `Self::f()`.
    self_key: Option<&'k TypeKey>,
    /// Where the types are written, with the fn's and the block's generics.
    scope: &'c Scope,
    loc: &'c Location,
}

impl<'w> Builder<'w, '_> {
    /// A `#[tool]` fn.
    pub(super) fn fn_tool(&mut self, t: routers::ToolFnRef<'w>) -> (String, Tool) {
        let tool = self.index.tool_fn(t);
        // Attribute values and docs are read where the fn is written, without its generics.
        let written_in = Scope::without_generics(tool.krate, tool.module);
        let loc = tool.location(self.ws);
        let macros_version = self.versions.macros.to_string();
        let attr: ToolAttr = tool_attr::read_tool_attr(tool.tool_attr, &self.behaviour.macros, &macros_version);
        // The name as written (a raw identifier keeps its `r#`).
        let name = attr.name.clone().unwrap_or_else(|| tool.sig.ident.to_string());
        for (is_error, message) in &attr.problems {
            let message = format!("tool `{name}`: {message}");
            if *is_error {
                self.error(Code::ToolAttribute, message, &loc);
            } else {
                self.warn(Code::ToolAttribute, message, &loc);
            }
        }
        // rmcp only logs a broken rule.
        if let Some(why) = tool_name::problem(&name, tool_name::Count::Bytes) {
            self.push(
                Diagnostic::warning(
                    Code::ToolName,
                    format!("tool `{name}`: {why} (rmcp only logs this; the name is published as written)"),
                )
                .at(Some(loc.clone()))
                .for_tool(&name),
            );
        }
        let mut origin = crate::profile::origins::of_fn(self.ws, &tool);
        origin.input_type = (schemas::INPUT.in_signature)(tool.sig).map(|(_, inner)| type_text(inner));
        origin.output_type = (schemas::OUTPUT.in_signature)(tool.sig).map(|(_, inner)| type_text(inner));
        self.origins.push((name.clone(), origin));
        let description = self.description(&name, &attr, &tool, &written_in, &loc);
        let self_key = self.index.impls[t.imp].self_key.clone();
        let scope = tool.scope();

        let context = SchemaContext { tool: &tool, self_key: self_key.as_ref(), scope: &scope, loc: &loc };
        let input = self.fn_schema(&name, &schemas::INPUT, attr.input_schema.as_ref(), &context);
        let output = self.fn_schema(&name, &schemas::OUTPUT, attr.output_schema.as_ref(), &context);
        // Icons are an expression rmcp evaluates when the server runs; `_meta` is evaluated.
        if let Some(e) = &attr.icons {
            self.warn(
                Code::Opaque,
                format!("tool `{name}`: `icons = {}` is only known at runtime; `icons` left out", quote::quote!(#e)),
                &loc,
            );
        }
        let meta = attr.meta.as_ref().and_then(|e| self.tool_meta(&name, e, &written_in));
        let entry = self.finish(ToolEntry {
            title: attr.title.clone(),
            description,
            input,
            output,
            annotations: attr.annotations.clone(),
            execution: attr.execution.clone(),
            meta,
            ..ToolEntry::named(&name)
        });
        (name, entry)
    }

    /// One of the fn's schemas: the config's, else the attribute's expression
    /// (`input_schema = …`), else the type in the signature's, else what a tool without one lists.
    fn fn_schema(
        &mut self,
        name: &str,
        side: &Side,
        given: Option<&syn::Expr>,
        context: &SchemaContext<'_, 'w, '_>,
    ) -> Option<Value> {
        // Before structured output, rmcp's `Tool` has no output schema to list.
        if side.kind == SchemaKind::Output && !self.behaviour.macros.output_schema {
            return None;
        }
        if let Some(given) = self.tool_override(name, side.kind) {
            return Some(given);
        }
        if let Some(expr) = given {
            return self.explicit(name, side.kind, expr, context.tool, context.self_key);
        }
        let Some((written, inner)) = (side.in_signature)(context.tool.sig) else {
            return (side.without_type)(&self.behaviour);
        };
        let generated =
            schemas::generate(&mut self.lowerer, &self.behaviour, side.kind, inner, context.scope, &written);
        self.publish(name, side.kind, generated, context.loc)
    }

    fn description(
        &mut self,
        name: &str,
        attr: &ToolAttr,
        tool: &crate::profile::ToolFn,
        written_in: &Scope,
        loc: &Location,
    ) -> Option<String> {
        if let Some(expr) = &attr.description {
            if let Some(s) = crate::profile::lit_str(expr) {
                return Some(s);
            }
            if !self.behaviour.macros.description_expressions {
                self.error(
                    Code::DescriptionExpression,
                    format!(
                        "tool `{name}`: `description = {}` is an expression, which rmcp-macros {} does not accept (only string literals, until 3.4.1): the crate would not compile",
                        quote::quote!(#expr),
                        self.versions.macros
                    ),
                    loc,
                );
                return None;
            }
            return match tool_attr::eval_str_or_why(expr, self.lowerer.rs, written_in) {
                Ok(s) => Some(s),
                Err(why) if why.failure == Failure::Runtime => {
                    self.warn(
                        Code::Opaque,
                        format!(
                            "tool `{name}`: `description = {}` is only known at runtime ({}); `description` left out",
                            quote::quote!(#expr),
                            why.reason
                        ),
                        loc,
                    );
                    None
                }
                Err(why) => {
                    use crate::options::{value_key, value_line, ValueKind};
                    if let Some(serde_json::Value::String(s)) =
                        self.lowerer.given_value(&value_key(name, ValueKind::Description))
                    {
                        return Some(s);
                    }
                    self.push(
                        Diagnostic::warning(
                            VALUE_NOT_EVALUABLE,
                            format!("tool `{name}`: its `description` cannot be evaluated: {}", why.reason),
                        )
                        .at(Some(why.location))
                        .with_label(why.reason)
                        .with_help(format!(
                            "{}; or write it in what the CLI evaluates (`mcp-schema explain value-not-evaluable`)",
                            value_line(name, ValueKind::Description),
                        )),
                    );
                    None
                }
            };
        }
        let fold = tool_attr::fold_docs(
            tool.attrs,
            Some(tool.tool_attr),
            self.behaviour.macros.doc_macros,
            self.lowerer.rs,
            written_in,
        );
        // `cfg` and `cfg_attr` were applied when the file was read (`source::cfg`): a `cfg` left
        // holds, and a `cfg_attr` left could not be read (and was reported there).
        if !fold.opaque.is_empty() {
            self.warn(
                Code::Opaque,
                format!(
                    "tool `{name}`: doc value `{}` is only known at runtime; `description` left out",
                    fold.opaque.join("`, `")
                ),
                loc,
            );
            return None;
        }
        fold.description
    }

    /// `input_schema = expr` / `output_schema = expr`: used verbatim; known when the evaluator
    /// knows its value (a `json!` literal, a fn of the crate that builds or rewrites one).
    fn explicit(
        &mut self,
        name: &str,
        kind: SchemaKind,
        expr: &syn::Expr,
        tool: &crate::profile::ToolFn,
        self_key: Option<&TypeKey>,
    ) -> Option<Value> {
        let why = match self.evaluated_schema(expr, tool, self_key) {
            Ok(v) => return Some(v),
            Err(why) => why,
        };
        let key = kind.key();
        // The statement the evaluator could not follow, when it went into a fn of the crate.
        let at = why.location(self.ws);
        self.push(
            Diagnostic::warning(
                Code::Opaque,
                format!(
                    "tool `{name}`: `{} = {}` is only known at runtime ({}); `{key}` left out",
                    kind.attribute_key(),
                    quote::quote!(#expr),
                    why.reason
                ),
            )
            .at(Some(at))
            .with_label("not followed")
            .with_help(supply_help(name, kind)),
        );
        None
    }

    /// An explicit schema the evaluator computes: a helper fn of the crate over
    /// `serde_json::Value` (`envelope::<T>()`), rmcp's and schemars' schema fns
    /// (`schema_for_output::<T>().expect("…")`), `Arc::new(…)` around them. Keys sorted as rmcp
    /// prints them.
    fn evaluated_schema(
        &mut self,
        expr: &syn::Expr,
        tool: &crate::profile::ToolFn,
        self_key: Option<&TypeKey>,
    ) -> Result<Value, crate::model::eval::EvalError> {
        let scope = Scope::without_generics(tool.krate, tool.module);
        let self_ty = match self_key {
            Some(TypeKey::Item(item)) if matches!(self.ws.item(*item), syn::Item::Struct(_) | syn::Item::Enum(_)) => {
                Some(crate::model::Ty::Named(self.lowerer.def_for(*item), Vec::new()))
            }
            _ => None,
        };
        let frame = crate::model::eval::Frame::new(scope).with_self(self_ty);
        let mut evaluator = self.lowerer.evaluator();
        match evaluator.eval(expr, None, &frame)? {
            crate::model::eval::Val::Json(mut v @ Value::Object(_)) => {
                crate::schema::order::sort_all_keys(&mut v);
                Ok(v)
            }
            other => {
                Err(evaluator.unsupported(expr, &frame, format!("{} where a JSON object is expected", other.kind_of())))
            }
        }
    }
}
