//! Trait tools (rmcp ≥ 0.17): `impl ToolBase for T`, registered with `with_sync_tool::<T>()` /
//! `with_async_tool::<T>()`. Their metadata are fn bodies, evaluated when they are simple.

use crate::manifest::{hint_index, Annotations, TITLE};
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
    pub annotations: Opt<Annotations>,
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

const NOT_A_BUILDER: &str = "`annotations()` is not a simple `ToolAnnotations` builder";

/// `Some(builder)` / `builder` → the annotations it builds, `None` → absent, anything else →
/// opaque.
fn annotations_value(e: &syn::Expr) -> Opt<Annotations> {
    if is_none(e) {
        return Opt::Absent;
    }
    if let syn::Expr::Call(c) = e {
        if matches!(&*c.func, syn::Expr::Path(p) if p.path.is_ident("Some")) && c.args.len() == 1 {
            return annotations_value(&c.args[0]);
        }
    }
    let Some(given) = builder(e) else { return Opt::Opaque(NOT_A_BUILDER.into()) };
    Opt::Known(given)
}

/// What a `ToolAnnotations` builder chain or struct literal sets (a later call wins).
fn builder(e: &syn::Expr) -> Option<Annotations> {
    match e {
        syn::Expr::Call(c) => {
            let syn::Expr::Path(p) = &*c.func else { return None };
            let segs: Vec<String> = p.path.segments.iter().map(|s| s.ident.to_string()).collect();
            match segs.as_slice() {
                [.., t, f] if t == "ToolAnnotations" && (f == "new" || f == "default") && c.args.is_empty() => {
                    Some(Annotations::default())
                }
                [.., t, f] if t == "ToolAnnotations" && f == "with_title" && c.args.len() == 1 => {
                    Some(Annotations { title: Some(crate::profile::lit_str(&c.args[0])?), ..Annotations::default() })
                }
                _ => None,
            }
        }
        syn::Expr::MethodCall(mc) => {
            let mut out = builder(&mc.receiver)?;
            let i = hint_index(|h| h.method, &mc.method.to_string())?;
            out.hints[i] = Some(crate::profile::lit_bool(mc.args.first()?)?);
            Some(out)
        }
        syn::Expr::Struct(s) if s.path.segments.last().is_some_and(|x| x.ident == "ToolAnnotations") => {
            let mut out = Annotations::default();
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
                if field == TITLE {
                    out.title = Some(eval_lit_string(inner)?);
                } else {
                    let i = hint_index(|h| h.attribute, &field)?;
                    out.hints[i] = Some(crate::profile::lit_bool(inner)?);
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
    use serde_json::{json, Value};

    fn ann(src: &str) -> Opt<Value> {
        match annotations_value(&syn::parse_str(src).unwrap()) {
            Opt::Known(a) => Opt::Known(a.to_value(crate::manifest::AnnotationOrder::Protocol)),
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
