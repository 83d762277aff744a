//! Trait tools (rmcp ≥ 0.17): `impl ToolBase for T`, registered with `with_sync_tool::<T>()` /
//! `with_async_tool::<T>()`. Their metadata are fn bodies, evaluated when they are simple.

use serde_json::{Map, Value};

use crate::model::eval::tail_expr as tail;
pub use crate::model::Opt;
use crate::model::{Resolver, Scope};

/// What an overridden `input_schema()` / `output_schema()` does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Override {
    /// Not overridden: the schema of the associated type.
    Default,
    /// Returns `None`.
    Nothing,
    /// Anything else.
    Opaque,
}

/// What a `ToolBase` impl says.
pub struct TraitTool<'w> {
    pub name: Opt<String>,
    pub title: Opt<String>,
    pub description: Opt<String>,
    pub parameter: Option<&'w syn::Type>,
    pub output: Option<&'w syn::Type>,
    pub input_schema: Override,
    pub output_schema: Override,
    pub annotations: Opt<Map<String, Value>>,
    /// `icons()` / `meta()` overridden (opaque).
    pub icons: bool,
    pub meta: bool,
}

/// Read a `ToolBase` impl written in `scope`, its values evaluated through the run's resolver.
pub fn read<'w>(imp: &'w syn::ItemImpl, rs: &Resolver<'w>, scope: &Scope) -> TraitTool<'w> {
    let ws = rs.ws;
    let items = ws.impl_items(scope.krate, scope.module, imp);
    let fn_named = |name: &str| {
        items.iter().find_map(|i| match i {
            syn::ImplItem::Fn(f) if f.sig.ident == name => Some(f),
            _ => None,
        })
    };
    let type_named = |name: &str| {
        items.iter().find_map(|i| match i {
            syn::ImplItem::Type(t) if t.ident == name => Some(&t.ty),
            _ => None,
        })
    };
    let string_fn = |name: &str| match fn_named(name) {
        None => Opt::Absent,
        Some(f) => match tail(ws.block(scope.krate, scope.module, &f.block)) {
            Some(e) => eval_opt_string(e, rs, scope),
            None => Opt::Opaque(format!("`{name}()` is not a simple value")),
        },
    };
    let override_of = |name: &str| match fn_named(name) {
        None => Override::Default,
        Some(f) => match tail(ws.block(scope.krate, scope.module, &f.block)) {
            Some(e) if is_none(e) => Override::Nothing,
            _ => Override::Opaque,
        },
    };
    let annotations = match fn_named("annotations") {
        None => Opt::Absent,
        Some(f) => match tail(ws.block(scope.krate, scope.module, &f.block)) {
            Some(e) => annotations_value(e),
            None => Opt::Opaque(NOT_A_BUILDER.into()),
        },
    };
    TraitTool {
        name: string_fn("name"),
        title: string_fn("title"),
        description: string_fn("description"),
        parameter: type_named("Parameter"),
        output: type_named("Output"),
        input_schema: override_of("input_schema"),
        output_schema: override_of("output_schema"),
        annotations,
        icons: fn_named("icons").is_some(),
        meta: fn_named("meta").is_some(),
    }
}

fn is_none(e: &syn::Expr) -> bool {
    matches!(e, syn::Expr::Path(p) if p.path.is_ident("None"))
}

/// `"x"`, `"x".into()`, `"x".to_string()`, `Cow::Borrowed("x")`, `String::from("x")`,
/// `Some(…)`, `None`, a const, and the rest of what [`crate::model::eval`] evaluates.
/// The resolver is the run's (its impl index is built once, not once per string); the lowerer is
/// fresh, so that what the value names adds nothing to the run's model.
pub fn eval_opt_string(e: &syn::Expr, rs: &Resolver, scope: &Scope) -> Opt<String> {
    use crate::model::eval::{Frame, Val};
    let mut lowerer = crate::model::Lowerer::new(rs);
    let frame = Frame::new(scope.clone());
    match lowerer.evaluator().eval(e, None, &frame) {
        Ok(Val::Opt(None)) => Opt::Absent,
        Ok(Val::Str(s)) => Opt::Known(s),
        Ok(Val::Opt(Some(v))) => match *v {
            Val::Str(s) => Opt::Known(s),
            _ => opaque(e),
        },
        _ => opaque(e),
    }
}

fn opaque<T>(e: &syn::Expr) -> Opt<T> {
    Opt::Opaque(format!("`{}` is only known at runtime", quote::quote!(#e)))
}

const HINTS: &[(&str, &str, &str)] = &[
    ("read_only", "read_only_hint", "readOnlyHint"),
    ("destructive", "destructive_hint", "destructiveHint"),
    ("idempotent", "idempotent_hint", "idempotentHint"),
    ("open_world", "open_world_hint", "openWorldHint"),
];

const NOT_A_BUILDER: &str = "`annotations()` is not a simple `ToolAnnotations` builder";

/// `Some(builder)` / `builder` → the map it builds, `None` → absent, anything else → opaque.
fn annotations_value(e: &syn::Expr) -> Opt<Map<String, Value>> {
    if is_none(e) {
        return Opt::Absent;
    }
    if let syn::Expr::Call(c) = e {
        if matches!(&*c.func, syn::Expr::Path(p) if p.path.is_ident("Some")) && c.args.len() == 1 {
            return annotations_value(&c.args[0]);
        }
    }
    let Some(given) = builder(e) else { return Opt::Opaque(NOT_A_BUILDER.into()) };
    let mut out = Map::new();
    if let Some(v) = given.iter().rev().find(|(k, _)| k == "title") {
        out.insert("title".into(), v.1.clone());
    }
    for (_, _, json) in HINTS {
        if let Some(v) = given.iter().rev().find(|(k, _)| k == json) {
            out.insert((*json).into(), v.1.clone());
        }
    }
    Opt::Known(out)
}

/// The (JSON key, value) pairs a `ToolAnnotations` builder chain sets, in order.
fn builder(e: &syn::Expr) -> Option<Vec<(String, Value)>> {
    match e {
        syn::Expr::Call(c) => {
            let syn::Expr::Path(p) = &*c.func else { return None };
            let segs: Vec<String> = p.path.segments.iter().map(|s| s.ident.to_string()).collect();
            match segs.as_slice() {
                [.., t, f] if t == "ToolAnnotations" && (f == "new" || f == "default") && c.args.is_empty() => {
                    Some(Vec::new())
                }
                [.., t, f] if t == "ToolAnnotations" && f == "with_title" && c.args.len() == 1 => {
                    Some(vec![("title".into(), Value::String(crate::profile::lit_str(&c.args[0])?))])
                }
                _ => None,
            }
        }
        syn::Expr::MethodCall(mc) => {
            let mut out = builder(&mc.receiver)?;
            let m = mc.method.to_string();
            let (_, _, json) = HINTS.iter().find(|(method, _, _)| *method == m)?;
            let v = crate::profile::lit_bool(mc.args.first()?)?;
            out.push(((*json).into(), Value::Bool(v)));
            Some(out)
        }
        syn::Expr::Struct(s) if s.path.segments.last().is_some_and(|x| x.ident == "ToolAnnotations") => {
            let mut out = Vec::new();
            for fv in &s.fields {
                let syn::Member::Named(id) = &fv.member else { return None };
                let field = id.to_string();
                let inner = match &fv.expr {
                    syn::Expr::Call(c)
                        if matches!(&*c.func, syn::Expr::Path(p) if p.path.is_ident("Some")) && c.args.len() == 1 =>
                    {
                        &c.args[0]
                    }
                    e if is_none(e) => continue,
                    _ => return None,
                };
                if field == "title" {
                    out.push(("title".into(), Value::String(eval_lit_string(inner)?)));
                } else {
                    let (_, _, json) = HINTS.iter().find(|(_, f, _)| *f == field)?;
                    out.push(((*json).into(), Value::Bool(crate::profile::lit_bool(inner)?)));
                }
            }
            Some(out)
        }
        syn::Expr::Paren(p) => builder(&p.expr),
        _ => None,
    }
}

fn eval_lit_string(e: &syn::Expr) -> Option<String> {
    match e {
        syn::Expr::MethodCall(mc) if mc.args.is_empty() => eval_lit_string(&mc.receiver),
        other => crate::profile::lit_str(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn ann(src: &str) -> Opt<Value> {
        match annotations_value(&syn::parse_str(src).unwrap()) {
            Opt::Known(m) => Opt::Known(Value::Object(m)),
            Opt::Absent => Opt::Absent,
            Opt::Opaque(why) => Opt::Opaque(why),
        }
    }

    #[test]
    fn annotation_builders() {
        assert_eq!(
            ann("Some(ToolAnnotations::new().read_only(true).open_world(false))"),
            Opt::Known(json!({"readOnlyHint": true, "openWorldHint": false}))
        );
        assert_eq!(
            ann("ToolAnnotations::with_title(\"T\").destructive(true)"),
            Opt::Known(json!({"title": "T", "destructiveHint": true}))
        );
        assert_eq!(ann("None"), Opt::Absent);
        assert_eq!(ann("make()"), Opt::Opaque(NOT_A_BUILDER.into()));
    }
}
