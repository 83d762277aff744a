//! One `ToolBuilder` chain read as tower-mcp's builder would run it: the name, title and
//! description, the annotation presets (`read_only_safe()` and friends) and `annotations(…)`,
//! icons, the task support mode, and where each schema comes from (the handler's input type, an
//! extractor's `Json<T>`, `input_schema(v)`, `output_schema_for::<T>()`, `output_schema(v)`).

use serde_json::{json, Value};
use syn::spanned::Spanned;
use syn::Expr;

use crate::model::eval::syntax;
use crate::model::Scope;

/// `ToolAnnotations` as the builder holds them (its `Default`: destructive and open-world).
#[derive(Debug, Clone, PartialEq)]
pub struct Annotations {
    pub title: Option<String>,
    pub read_only: bool,
    pub destructive: bool,
    pub idempotent: bool,
    pub open_world: bool,
}

impl Default for Annotations {
    fn default() -> Self {
        Annotations { title: None, read_only: false, destructive: true, idempotent: false, open_world: true }
    }
}

impl Annotations {
    /// As tower-mcp serializes them: a hint only when it differs from its default.
    pub fn listed(&self) -> crate::manifest::Annotations {
        let differs = |on: bool, default: bool| (on != default).then_some(on);
        crate::manifest::Annotations {
            title: self.title.clone(),
            hints: [
                differs(self.read_only, false),
                differs(self.destructive, true),
                differs(self.idempotent, false),
                differs(self.open_world, true),
            ],
        }
    }
}

/// Where a schema comes from.
#[derive(Clone)]
pub enum Source<'w> {
    /// A value known from the sources (`json!` literal), or a fixed one.
    Value(Value),
    /// `schema_for!(T)` / the builder's own generation: `T` as written, where, and how.
    Type { ty: &'w syn::Type, scope: Scope, serialize: bool, draft07: bool },
    /// tower-mcp's `NoParams`: `{"type": "object"}` under schemars' root keywords.
    NoParams,
    /// Plain Rust that builds the value (a helper fn that rewrites what `schema_for!` gives, a
    /// `json!` with interpolations): run by the evaluator.
    Eval(&'w Expr),
    /// Known only when the server runs: what is written, and where.
    Unknown { span: proc_macro2::Span, text: String },
}

/// A string argument (`name`, `title`, `description`): its expression, read by the evaluator.
pub type Text<'w> = &'w Expr;

/// What a chain sets.
pub struct Spec<'w> {
    pub name: Text<'w>,
    pub title: Option<Text<'w>>,
    pub description: Option<Text<'w>>,
    pub annotations: Option<Annotations>,
    /// `annotations(expr)` that is not a struct literal the CLI reads.
    pub unread_annotations: Option<proc_macro2::Span>,
    pub icons: Vec<(Text<'w>, Option<&'w Expr>, Option<&'w Expr>)>,
    pub input: Option<Source<'w>>,
    pub input_override: Option<Source<'w>>,
    pub output: Option<Source<'w>>,
    pub task_support: Option<String>,
    /// Where the chain starts (`ToolBuilder::new(…)`), for diagnostics.
    pub span: proc_macro2::Span,
}

/// Read a chain ending in `.build()`; `None` when it has no name argument. `output_for_serialize`:
/// the release's `output_schema_for` contract.
pub fn read<'w>(
    chain: &'w syn::ExprMethodCall,
    scope: &Scope,
    output_for_serialize: bool,
    helpers: &dyn Fn(&'w syn::ExprCall) -> Option<Source<'w>>,
) -> Option<Spec<'w>> {
    let (base, calls) = syntax::method_chain(chain);
    let Expr::Call(start) = strip(base) else { return None };
    let name = start.args.first()?;
    let mut spec = Spec {
        name,
        title: None,
        description: None,
        annotations: None,
        unread_annotations: None,
        icons: Vec::new(),
        input: None,
        input_override: None,
        output: None,
        task_support: None,
        span: start.span(),
    };
    for call in calls {
        let arg = |i: usize| call.args.iter().nth(i);
        match call.method.to_string().as_str() {
            "title" => spec.title = arg(0),
            "description" => spec.description = arg(0),
            "read_only" => spec.annotations.get_or_insert_with(Annotations::default).read_only = true,
            "non_destructive" => spec.annotations.get_or_insert_with(Annotations::default).destructive = false,
            "destructive" => spec.annotations.get_or_insert_with(Annotations::default).destructive = true,
            "idempotent" => spec.annotations.get_or_insert_with(Annotations::default).idempotent = true,
            "read_only_safe" => {
                let a = spec.annotations.get_or_insert_with(Annotations::default);
                a.read_only = true;
                a.idempotent = true;
                a.destructive = false;
            }
            "annotations" => match arg(0).and_then(annotations_literal) {
                Some(a) => spec.annotations = Some(a),
                None => spec.unread_annotations = Some(call.span()),
            },
            "icon" => {
                if let Some(src) = arg(0) {
                    spec.icons.push((src, None, None));
                }
            }
            "icon_with_meta" => {
                if let Some(src) = arg(0) {
                    spec.icons.push((src, arg(1), arg(2)));
                }
            }
            "output_schema_for" => {
                if let Some(ty) = turbofish(call) {
                    spec.output = Some(Source::Type {
                        ty,
                        scope: scope.clone(),
                        serialize: output_for_serialize,
                        draft07: false,
                    });
                }
            }
            "output_schema" => spec.output = arg(0).map(|e| value_source(e, scope, helpers)),
            "input_schema" => spec.input_override = arg(0).map(|e| value_source(e, scope, helpers)),
            "task_support" => spec.task_support = arg(0).and_then(task_mode),
            "no_params_handler" => spec.input = Some(Source::Value(json!({"type": "object"}))),
            "handler" => spec.input = arg(0).map(|h| handler_input(h, 0, scope)),
            // `|ctx: RequestContext, i: I|`.
            "mrtr_handler" => spec.input = arg(0).map(|h| handler_input(h, 1, scope)),
            // A synchronous fallback to a live handler: same schema, tasks optional.
            "fallback_handler" | "fallback_mrtr_handler" => spec.task_support = Some("optional".into()),
            "live_task_handler" | "live_task_handler_with_context" => {
                spec.input = arg(0).map(|h| handler_input(h, 1, scope));
                spec.task_support = Some("required".into());
            }
            "extractor_handler" => spec.input = arg(1).map(|h| extractor_input(h, scope)),
            "extractor_handler_typed" => spec.input = typed_extractor(call, scope),
            _ => {}
        }
    }
    Some(spec)
}

fn strip(e: &Expr) -> &Expr {
    match e {
        Expr::Paren(p) => strip(&p.expr),
        Expr::Group(g) => strip(&g.expr),
        Expr::Try(t) => strip(&t.expr),
        _ => e,
    }
}

/// `T` of `.method::<T>()`.
fn turbofish(call: &syn::ExprMethodCall) -> Option<&syn::Type> {
    call.turbofish.as_ref()?.args.iter().find_map(|a| match a {
        syn::GenericArgument::Type(t) => Some(t),
        _ => None,
    })
}

/// `TaskSupportMode::Optional` → `"optional"` (serde's camelCase of the variant).
fn task_mode(e: &Expr) -> Option<String> {
    let Expr::Path(p) = strip(e) else { return None };
    let v = p.path.segments.last()?.ident.to_string();
    match v.as_str() {
        "Forbidden" => None,
        other => {
            let mut c = other.chars();
            let first = c.next()?.to_ascii_lowercase();
            Some(std::iter::once(first).chain(c).collect())
        }
    }
}

/// The type of a handler closure's parameter `index` (`|i: I|`), or what it is.
fn handler_input<'w>(h: &'w Expr, index: usize, scope: &Scope) -> Source<'w> {
    let unknown = || Source::Unknown { span: h.span(), text: syntax::clip(&super::discover::expr_text(h)) };
    let Expr::Closure(c) = strip(h) else { return unknown() };
    let Some(syn::Pat::Type(pt)) = c.inputs.iter().nth(index) else { return unknown() };
    type_source(&pt.ty, scope)
}

/// A parameter type as the input's source (`NoParams` has its own schema).
fn type_source<'w>(ty: &'w syn::Type, scope: &Scope) -> Source<'w> {
    if last_ident(ty).as_deref() == Some("NoParams") {
        return Source::NoParams;
    }
    Source::Type { ty, scope: scope.clone(), serialize: false, draft07: false }
}

fn last_ident(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(p) => Some(p.path.segments.last()?.ident.to_string()),
        syn::Type::Paren(p) => last_ident(&p.elem),
        syn::Type::Group(g) => last_ident(&g.elem),
        _ => None,
    }
}

/// `T` of a path type whose last segment is `name<T>`.
fn wrapped<'t>(ty: &'t syn::Type, name: &str) -> Option<&'t syn::Type> {
    let syn::Type::Path(p) = ty else { return None };
    let seg = p.path.segments.last()?;
    if seg.ident != name {
        return None;
    }
    let syn::PathArguments::AngleBracketed(a) = &seg.arguments else { return None };
    a.args.iter().find_map(|g| match g {
        syn::GenericArgument::Type(t) => Some(t),
        _ => None,
    })
}

/// An extractor handler's input: the last `Json<T>` parameter's `T` (tower-mcp asks the
/// extractors from the last to the first), else an open object.
fn extractor_input<'w>(h: &'w Expr, scope: &Scope) -> Source<'w> {
    let Expr::Closure(c) = strip(h) else {
        return Source::Unknown { span: h.span(), text: syntax::clip(&super::discover::expr_text(h)) };
    };
    for p in c.inputs.iter().rev() {
        let syn::Pat::Type(pt) = p else { continue };
        if let Some(t) = wrapped(&pt.ty, "Json") {
            return type_source(t, scope);
        }
    }
    Source::Value(json!({"type": "object", "additionalProperties": true}))
}

/// `extractor_handler_typed::<_, _, _, I>(…)`: `I`.
fn typed_extractor<'w>(call: &'w syn::ExprMethodCall, scope: &Scope) -> Option<Source<'w>> {
    let t = call.turbofish.as_ref()?.args.iter().filter_map(|a| match a {
        syn::GenericArgument::Type(t) => Some(t),
        _ => None,
    });
    t.last().map(|ty| type_source(ty, scope))
}

/// A schema given as a value: a `json!` literal, `schema_for!(T)` wrapped in conversions, a
/// helper fn whose tail is that (`helpers`: the type is kept for the source map), else a call,
/// method call, block or `json!` for the evaluator to run.
fn value_source<'w>(
    e: &'w Expr,
    scope: &Scope,
    helpers: &dyn Fn(&'w syn::ExprCall) -> Option<Source<'w>>,
) -> Source<'w> {
    let unknown = || Source::Unknown { span: e.span(), text: syntax::clip(&super::discover::expr_text(e)) };
    if let Some(src) = schema_for_in(e, scope) {
        return src;
    }
    match strip(e) {
        Expr::Macro(m) if crate::model::eval::json::is_json(&m.mac) => {
            crate::model::eval::json::literal(&m.mac).map(Source::Value).unwrap_or(Source::Eval(e))
        }
        Expr::Call(c) => helpers(c).unwrap_or(Source::Eval(e)),
        Expr::MethodCall(_) | Expr::Block(_) => Source::Eval(e),
        _ => unknown(),
    }
}

/// `schema_for!(T)` anywhere in an expression made only of conversions
/// (`serde_json::to_value(schemars::schema_for!(T)).unwrap()`).
pub fn schema_for_in<'w>(e: &'w Expr, scope: &Scope) -> Option<Source<'w>> {
    match e {
        Expr::Macro(m) if m.mac.path.segments.last().is_some_and(|s| s.ident == "schema_for") => {
            let ty: syn::Type = m.mac.parse_body().ok()?;
            let ty: &'w syn::Type = Box::leak(Box::new(ty));
            Some(Source::Type { ty, scope: scope.clone(), serialize: false, draft07: false })
        }
        Expr::MethodCall(mc)
            if matches!(mc.method.to_string().as_str(), "unwrap" | "expect" | "into" | "clone" | "to_value") =>
        {
            schema_for_in(&mc.receiver, scope)
        }
        Expr::Call(c) if c.args.len() == 1 => {
            let Expr::Path(p) = &*c.func else { return None };
            let last = p.path.segments.last()?.ident.to_string();
            if matches!(last.as_str(), "to_value" | "from" | "Some" | "Ok") {
                schema_for_in(&c.args[0], scope)
            } else {
                None
            }
        }
        Expr::Paren(p) => schema_for_in(&p.expr, scope),
        Expr::Try(t) => schema_for_in(&t.expr, scope),
        _ => None,
    }
}

/// `ToolAnnotations { read_only_hint: true, .. }` with literal values (and `..Default::default()`).
fn annotations_literal(e: &Expr) -> Option<Annotations> {
    let Expr::Struct(s) = strip(e) else { return None };
    let mut a = Annotations::default();
    for f in &s.fields {
        let syn::Member::Named(name) = &f.member else { return None };
        let b = || match strip(&f.expr) {
            Expr::Lit(syn::ExprLit { lit: syn::Lit::Bool(b), .. }) => Some(b.value),
            _ => None,
        };
        match name.to_string().as_str() {
            "title" => a.title = option_string(&f.expr)?,
            "read_only_hint" => a.read_only = b()?,
            "destructive_hint" => a.destructive = b()?,
            "idempotent_hint" => a.idempotent = b()?,
            "open_world_hint" => a.open_world = b()?,
            _ => return None,
        }
    }
    Some(a)
}

/// `None`, `Some("x".to_string())`, `Some("x".into())`, `Some(String::from("x"))`.
fn option_string(e: &Expr) -> Option<Option<String>> {
    match strip(e) {
        Expr::Path(p) if p.path.is_ident("None") => Some(None),
        Expr::Call(c) if matches!(&*c.func, Expr::Path(p) if p.path.is_ident("Some")) && c.args.len() == 1 => {
            literal_string(&c.args[0]).map(Some)
        }
        _ => None,
    }
}

/// A string literal, possibly converted (`"x".to_string()`, `.into()`, `.to_owned()`,
/// `String::from("x")`).
pub fn literal_string(e: &Expr) -> Option<String> {
    match strip(e) {
        Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => Some(s.value()),
        Expr::MethodCall(mc) if matches!(mc.method.to_string().as_str(), "to_string" | "into" | "to_owned") => {
            literal_string(&mc.receiver)
        }
        Expr::Call(c) if c.args.len() == 1 => literal_string(&c.args[0]),
        _ => None,
    }
}
