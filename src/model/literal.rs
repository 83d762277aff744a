//! Schema fns whose bodies are literals: `#[schemars(schema_with = "path")]` fns and the
//! `json_schema` of a hand-written `impl JsonSchema`, when all the body does is build a
//! `json_schema!({…})` / `json!({…})` literal (its values may name consts of the crate), perhaps
//! bound to a variable and changed by a few `insert`/`remove` calls. Such a schema is known
//! exactly without running anything. A fn of a (non-generic) hand-written impl may also hand the
//! question to another type, `Other::json_schema(g)`, `<Other as JsonSchema>::schema_name()`,
//! `g.subschema_for::<Other>()`: the other type is lowered, and the flavour asks it as schemars
//! would ([`super::Part`], [`super::HandSchema`]). Any other body is runtime-only. Read while
//! lowering (see [`super::Lowerer::lower_reachable`]); the schema flavours see the result in the
//! model.

use std::collections::HashMap;

use proc_macro2::{TokenStream, TokenTree};
use serde_json::Value;

use super::defaults;
use super::eval::{json, Frame};
use super::{HandSchema, HandWritten, KeyChange, Lowerer, Part, Scope};
use crate::source::{ItemKind, ItemRef, Namespace, Resolved};

/// The schema a `schema_with = "path"` fn written where `scope` is returns, or why it is not a
/// literal.
pub(crate) fn schema_fn(lw: &mut Lowerer, path: &str, scope: &Scope) -> Result<Value, String> {
    Literals { lw }.schema_with_value(path, scope)
}

/// A hand-written `impl JsonSchema` item read as literals, or why it cannot be.
pub(crate) fn hand_written(lw: &mut Lowerer, imp: ItemRef) -> Result<HandWritten, String> {
    Literals { lw }.hand_written(imp)
}

/// Reads fn bodies as literal values.
struct Literals<'a, 'r, 'w> {
    lw: &'a mut Lowerer<'r, 'w>,
}

/// Wrapping calls and methods a literal passes through unchanged (`Schema::from(json!(…))`,
/// `json!(…).try_into().unwrap()`).
const WRAPPING_CALLS: &[&str] = &["from", "try_from", "new", "Some", "Ok", "Borrowed", "Owned", "from_value"];
const WRAPPING_METHODS: &[&str] =
    &["into", "try_into", "unwrap", "expect", "clone", "to_owned", "to_string", "into_owned", "cloned", "as_object"];
/// Methods that reach the map of a schema bound to a variable (`schema.ensure_object().insert(…)`).
const MAP_ACCESS_METHODS: &[&str] = &["ensure_object", "as_object_mut", "unwrap", "expect"];

impl Literals<'_, '_, '_> {
    /// The schema a `schema_with = "path"` fn returns, written where `scope` is.
    pub fn schema_with_value(&mut self, path: &str, scope: &Scope) -> Result<Value, String> {
        let segs: Vec<String> = path.split("::").map(|s| s.trim().to_owned()).collect();
        let item = match self.lw.ws().resolve(scope.krate, scope.module, &segs, Namespace::Value) {
            Resolved::Item(item, ItemKind::Fn) => item,
            _ => return Err(format!("`{path}` is not a fn of the crate")),
        };
        // Borrowed from the workspace, not from the lowerer: read while the lowerer changes.
        let ws = self.lw.ws();
        let syn::Item::Fn(f) = ws.item(item) else { return Err(format!("`{path}` is not a fn")) };
        let block = ws.block(item.krate, item.module, &f.block);
        let fn_scope = Scope::without_generics(item.krate, item.module);
        self.literal_schema_body(&f.sig, block, &fn_scope).map_err(|why| format!("`{path}` {why}"))
    }

    /// A hand-written `impl JsonSchema` item read as literals, or why it cannot be.
    pub fn hand_written(&mut self, imp: ItemRef) -> Result<HandWritten, String> {
        let ws = self.lw.ws();
        let syn::Item::Impl(i) = ws.item(imp) else { return Err("not an impl".into()) };
        let items = ws.impl_items(imp.krate, imp.module, i);
        let scope = Scope::without_generics(imp.krate, imp.module);
        // The type parameters of a generic impl are not types of the crate: what such an impl
        // hands to `T` depends on the instantiation.
        let generic = !i.generics.params.is_empty();
        let (mut name, mut id, mut inline, mut schema) = (None, None, Part::Literal(false), None);
        for item in items {
            let syn::ImplItem::Fn(f) = item else { continue };
            let block = ws.block(imp.krate, imp.module, &f.block);
            let fn_name = f.sig.ident.to_string();
            let delegate = if generic { None } else { self.delegation(block, &fn_name, &scope) };
            match (fn_name.as_str(), delegate) {
                ("schema_name", Some(Delegation::Call(t))) => name = Some(Part::Of(t)),
                ("schema_id", Some(Delegation::Call(t))) => id = Some(Part::Of(t)),
                ("inline_schema" | "always_inline_schema", Some(Delegation::Call(t))) => inline = Part::Of(t),
                ("json_schema", Some(Delegation::Call(t))) => schema = Some(HandSchema::JsonSchemaOf(t, Vec::new())),
                ("json_schema", Some(Delegation::Subschema(t))) => {
                    schema = Some(HandSchema::SubschemaFor(t, Vec::new()))
                }

                ("schema_name", _) => {
                    let literal = self.literal_string(block, &scope).ok_or("its `schema_name` is computed")?;
                    name = Some(Part::Literal(literal))
                }
                ("schema_id", _) => {
                    id = Some(Part::Literal(self.literal_string(block, &scope).ok_or("its `schema_id` is computed")?))
                }
                // `always_inline_schema` is schemars 0.8's name for it.
                ("inline_schema" | "always_inline_schema", _) => {
                    inline = Part::Literal(literal_bool(block).ok_or("its `inline_schema` is computed")?)
                }
                ("json_schema", _) => {
                    let changed = if generic { None } else { self.changed_delegation(block, &scope) };
                    schema = Some(match changed {
                        Some(changed) => changed,
                        None => HandSchema::Literal(self.literal_schema_body(&f.sig, block, &scope)?),
                    })
                }
                // The private fns change optionality: not a literal schema any more.
                (other, _) if other.starts_with("_schemars_private") => return Err(format!("it overrides `{other}`")),
                _ => {}
            }
        }
        let name = name.ok_or("it has no `schema_name`")?;
        let schema = schema.ok_or("it has no `json_schema`")?;
        Ok(HandWritten { name, id, inline, schema })
    }

    /// A `json_schema` body that hands the question on and changes a few keys of the answer:
    /// `let mut s = Other::json_schema(g); s.insert("k".into(), v); s.remove("k"); s`.
    fn changed_delegation(&mut self, block: &syn::Block, scope: &Scope) -> Option<HandSchema> {
        let [syn::Stmt::Local(local), changes @ .., syn::Stmt::Expr(last, None)] = block.stmts.as_slice() else {
            return None;
        };
        let var = local_name(&local.pat)?;
        let init = local.init.as_ref().filter(|i| i.diverge.is_none())?;
        if bound_variable(unparen(last)).as_deref() != Some(var.as_str()) {
            return None;
        }
        let written = delegated(unparen(&init.expr), "json_schema")?;
        let mut env = HashMap::new();
        let mut changed = Vec::new();
        for stmt in changes {
            let syn::Stmt::Expr(e, Some(_)) = stmt else { return None };
            changed.push(self.key_change(e, &var, scope, &mut env)?);
        }
        Some(match written {
            Delegation::Call(t) => HandSchema::JsonSchemaOf(self.lw.lower(&t, scope), changed),
            Delegation::Subschema(t) => HandSchema::SubschemaFor(self.lw.lower(&t, scope), changed),
        })
    }

    /// `var.insert(key, value)` / `var.remove(key)` (through `ensure_object()` and the like),
    /// with a literal key and value.
    fn key_change(
        &mut self,
        e: &syn::Expr,
        var: &str,
        scope: &Scope,
        env: &mut HashMap<String, Value>,
    ) -> Option<KeyChange> {
        let syn::Expr::MethodCall(mc) = e else { return None };
        if bound_variable(&mc.receiver).as_deref() != Some(var) {
            return None;
        }
        let Value::String(key) = self.literal_value(mc.args.first()?, scope, env).ok()? else { return None };
        let value = match (mc.method.to_string().as_str(), mc.args.len()) {
            ("insert", 2) => Some(self.literal_value(&mc.args[1], scope, env).ok()?),
            ("remove", 1) => None,
            _ => return None,
        };
        Some(KeyChange { key, value })
    }

    /// A fn body that only hands the question to another type: `Other::fn_name(…)` or
    /// `<Other as JsonSchema>::fn_name(…)` (the arguments passed on as they came), or, for
    /// `json_schema`, `generator.subschema_for::<Other>()`. The other type is lowered here.
    fn delegation(&mut self, block: &syn::Block, fn_name: &str, scope: &Scope) -> Option<Delegation> {
        Some(match delegated(sole_expr(block)?, fn_name)? {
            Delegation::Call(t) => Delegation::Call(self.lw.lower(&t, scope)),
            Delegation::Subschema(t) => Delegation::Subschema(self.lw.lower(&t, scope)),
        })
    }

    /// The string a fn body returns, when it is a literal (`"X".into()`, `Cow::Borrowed("X")`).
    fn literal_string(&mut self, block: &syn::Block, scope: &Scope) -> Option<String> {
        let mut env = HashMap::new();
        match self.block_value(block, scope, &mut env).ok()? {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The schema a schema fn body builds. The generator argument must go unused: a body that
    /// asks the generator for anything depends on it.
    fn literal_schema_body(
        &mut self,
        sig: &syn::Signature,
        block: &syn::Block,
        scope: &Scope,
    ) -> Result<Value, String> {
        for arg in &sig.inputs {
            if let syn::FnArg::Typed(pt) = arg {
                if let syn::Pat::Ident(pi) = &*pt.pat {
                    if mentions(quote::quote!(#block), &pi.ident.to_string()) {
                        return Err("uses its generator".into());
                    }
                }
            }
        }
        let mut env = HashMap::new();
        match self.block_value(block, scope, &mut env) {
            Ok(v @ (Value::Object(_) | Value::Bool(_))) => Ok(v),
            Ok(_) => Err("does not return a schema".into()),
            Err(why) => Err(format!("is not a literal schema ({why})")),
        }
    }

    /// A block of `let x = <literal>;`, `x.insert(k, v);`, `x.remove(k);` and a final value.
    fn block_value(
        &mut self,
        block: &syn::Block,
        scope: &Scope,
        env: &mut HashMap<String, Value>,
    ) -> Result<Value, String> {
        let last = block.stmts.len().checked_sub(1).ok_or("an empty body")?;
        for (i, stmt) in block.stmts.iter().enumerate() {
            match stmt {
                syn::Stmt::Local(local) => {
                    let name = match &local.pat {
                        syn::Pat::Ident(p) => p.ident.to_string(),
                        syn::Pat::Type(t) => match &*t.pat {
                            syn::Pat::Ident(p) => p.ident.to_string(),
                            _ => return Err("a `let` with a pattern".into()),
                        },
                        _ => return Err("a `let` with a pattern".into()),
                    };
                    let init = local.init.as_ref().ok_or("a `let` without a value")?;
                    if init.diverge.is_some() {
                        return Err("a `let … else`".into());
                    }
                    let v = self.literal_value(&init.expr, scope, env)?;
                    env.insert(name, v);
                }
                syn::Stmt::Expr(syn::Expr::Return(r), _) => {
                    let e = r.expr.as_deref().ok_or("an empty `return`")?;
                    return self.literal_value(e, scope, env);
                }
                syn::Stmt::Expr(e, None) if i == last => return self.literal_value(e, scope, env),
                syn::Stmt::Macro(m) if i == last && m.semi_token.is_none() => {
                    let e = syn::Expr::Macro(syn::ExprMacro { attrs: Vec::new(), mac: m.mac.clone() });
                    return self.literal_value(&e, scope, env);
                }
                syn::Stmt::Expr(e, Some(_)) => self.map_change(e, scope, env)?,
                // `use serde_json::{json, Map};` inside the fn.
                syn::Stmt::Item(syn::Item::Use(_)) => {}
                _ => return Err("a statement that is not a literal".into()),
            }
        }
        Err("no value at its end".into())
    }

    /// `x.insert("k", v)` / `x.remove("k")` on a schema bound to `x`.
    fn map_change(&mut self, e: &syn::Expr, scope: &Scope, env: &mut HashMap<String, Value>) -> Result<(), String> {
        let syn::Expr::MethodCall(mc) = e else { return Err("a statement that is not `insert`/`remove`".into()) };
        let method = mc.method.to_string();
        let var = bound_variable(&mc.receiver).ok_or("a change to something other than a local schema")?;
        let key = match mc.args.first() {
            Some(k) => match self.literal_value(k, scope, env)? {
                Value::String(s) => s,
                _ => return Err("a key that is not a string".into()),
            },
            None => return Err(format!("a `.{method}()` without a key")),
        };
        let value = match (method.as_str(), mc.args.len()) {
            ("insert", 2) => Some(self.literal_value(&mc.args[1], scope, env)?),
            ("remove", 1) => None,
            _ => return Err(format!("a `.{method}(…)` call")),
        };
        let Some(Value::Object(map)) = env.get_mut(&var) else { return Err(format!("`{var}` is not an object")) };
        match value {
            Some(v) => {
                map.insert(key, v);
            }
            None => {
                map.remove(&key);
            }
        }
        Ok(())
    }

    /// The value of an expression in a literal schema fn.
    fn literal_value(
        &mut self,
        e: &syn::Expr,
        scope: &Scope,
        env: &mut HashMap<String, Value>,
    ) -> Result<Value, String> {
        match e {
            syn::Expr::Macro(m) if json::is_json_or_schema(&m.mac) => self.json_literal(&m.mac, scope, env),
            syn::Expr::Path(p) if p.path.get_ident().is_some_and(|i| env.contains_key(&i.to_string())) => {
                Ok(env[&p.path.get_ident().expect("checked").to_string()].clone())
            }
            syn::Expr::Paren(p) => self.literal_value(&p.expr, scope, env),
            syn::Expr::Group(g) => self.literal_value(&g.expr, scope, env),
            syn::Expr::Block(b) if b.block.stmts.len() == 1 => {
                let mut inner = env.clone();
                self.block_value(&b.block, scope, &mut inner)
            }
            syn::Expr::Call(c) if c.args.len() == 1 && is_wrapping_call(&c.func) => {
                self.literal_value(&c.args[0], scope, env)
            }
            syn::Expr::MethodCall(mc) if WRAPPING_METHODS.contains(&mc.method.to_string().as_str()) => {
                self.literal_value(&mc.receiver, scope, env)
            }
            other => self.evaluated(other, scope),
        }
    }

    /// Any other value (`5 * 60 * 1000`, `MAX as u64`, a const of the workspace, `concat!`,
    /// `module_path!()`): the one evaluator's value, serialised as serde would.
    fn evaluated(&mut self, e: &syn::Expr, scope: &Scope) -> Result<Value, String> {
        let frame = Frame::new(scope.clone());
        let value = self.lw.evaluator().eval(e, None, &frame).map_err(|x| x.reason)?;
        defaults::serialize(self.lw, &value).map_err(|e| e.why)
    }

    /// A `json!`/`json_schema!` literal; values that are Rust expressions are evaluated (consts,
    /// local bindings).
    fn json_literal(
        &mut self,
        mac: &syn::Macro,
        scope: &Scope,
        env: &mut HashMap<String, Value>,
    ) -> Result<Value, String> {
        let mut failure = None;
        let value = json::literal_with(mac, &mut |t| {
            let result = syn::parse2::<syn::Expr>(t.clone())
                .map_err(|_| format!("`{t}` is not an expression"))
                .and_then(|e| self.literal_value(&e, scope, env));
            match result {
                Ok(v) => Some(v),
                Err(why) => {
                    failure.get_or_insert(why);
                    None
                }
            }
        });
        value.ok_or_else(|| failure.unwrap_or_else(|| "a `json!` value that is not JSON".into()))
    }
}

/// What a delegating fn body hands the question to: the written type, then its lowered [`Ty`].
enum Delegation<T = super::Ty> {
    /// `Other::fn_name(…)`: the same fn of `Other`.
    Call(T),
    /// `generator.subschema_for::<Other>()`.
    Subschema(T),
}

/// The name a `let` binds: `s`, `mut s`, `s: Schema`.
fn local_name(pat: &syn::Pat) -> Option<String> {
    match pat {
        syn::Pat::Ident(p) if p.subpat.is_none() => Some(p.ident.to_string()),
        syn::Pat::Type(t) => local_name(&t.pat),
        _ => None,
    }
}

/// The one expression a body is: `e`, `return e;`, either in parentheses.
fn sole_expr(block: &syn::Block) -> Option<&syn::Expr> {
    let expr = match block.stmts.as_slice() {
        [syn::Stmt::Expr(syn::Expr::Return(r), _)] => r.expr.as_deref()?,
        [syn::Stmt::Expr(e, None)] => e,
        _ => return None,
    };
    Some(unparen(expr))
}

fn unparen(e: &syn::Expr) -> &syn::Expr {
    match e {
        syn::Expr::Paren(p) => unparen(&p.expr),
        syn::Expr::Group(g) => unparen(&g.expr),
        _ => e,
    }
}

/// `Other::fn_name(args)`, `<Other as JsonSchema>::fn_name(args)`, `<Other>::fn_name(args)`,
/// or, for `json_schema`, `generator.subschema_for::<Other>()`, with `Other` as written. `Self`
/// is no delegation (it would be the impl asking itself).
fn delegated(e: &syn::Expr, fn_name: &str) -> Option<Delegation<syn::Type>> {
    let ty = match e {
        syn::Expr::Call(c) => {
            let syn::Expr::Path(p) = unparen(&c.func) else { return None };
            let last = p.path.segments.last()?;
            if last.ident != fn_name || !last.arguments.is_none() {
                return None;
            }
            Delegation::Call(type_before_fn(p)?)
        }
        syn::Expr::MethodCall(mc) if fn_name == "json_schema" && mc.method == "subschema_for" && mc.args.is_empty() => {
            let turbofish = mc.turbofish.as_ref()?;
            match turbofish.args.iter().collect::<Vec<_>>().as_slice() {
                [syn::GenericArgument::Type(t)] => Delegation::Subschema(t.clone()),
                _ => return None,
            }
        }
        _ => return None,
    };
    let written = match &ty {
        Delegation::Call(t) | Delegation::Subschema(t) => t,
    };
    let is_self = matches!(written, syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("Self"));
    (!is_self).then_some(ty)
}

/// The type of `Other::f` (every segment but the last) or of `<Other as Trait>::f` / `<Other>::f`.
fn type_before_fn(p: &syn::ExprPath) -> Option<syn::Type> {
    if let Some(q) = &p.qself {
        return Some((*q.ty).clone());
    }
    let segments = &p.path.segments;
    if segments.len() < 2 {
        return None;
    }
    let mut path = p.path.clone();
    path.segments = segments.iter().take(segments.len() - 1).cloned().collect();
    // `Vec::<u8>::f` spells its arguments with a turbofish; as a type they are plain.
    for seg in path.segments.iter_mut() {
        if let syn::PathArguments::AngleBracketed(a) = &mut seg.arguments {
            a.colon2_token = None;
        }
    }
    Some(syn::Type::Path(syn::TypePath { qself: None, path }))
}

fn is_wrapping_call(func: &syn::Expr) -> bool {
    matches!(func, syn::Expr::Path(p) if p.path.segments.last().is_some_and(|s| WRAPPING_CALLS.contains(&s.ident.to_string().as_str())))
}

/// The local a map change applies to: `x`, `x.ensure_object()`, `x.as_object_mut().unwrap()`.
fn bound_variable(e: &syn::Expr) -> Option<String> {
    match e {
        syn::Expr::Path(p) => p.path.get_ident().map(|i| i.to_string()),
        syn::Expr::MethodCall(mc) if MAP_ACCESS_METHODS.contains(&mc.method.to_string().as_str()) => {
            bound_variable(&mc.receiver)
        }
        syn::Expr::Paren(p) => bound_variable(&p.expr),
        _ => None,
    }
}

/// `true` / `false` as a fn's whole body.
fn literal_bool(block: &syn::Block) -> Option<bool> {
    match block.stmts.as_slice() {
        [syn::Stmt::Expr(syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Bool(b), .. }), None)] => Some(b.value),
        _ => None,
    }
}

/// Whether an identifier occurs anywhere in the tokens (macro arguments included).
fn mentions(tokens: TokenStream, ident: &str) -> bool {
    tokens.into_iter().any(|t| match t {
        TokenTree::Ident(i) => i == ident,
        TokenTree::Group(g) => mentions(g.stream(), ident),
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use crate::model::{Lowerer, Scope};
    use crate::schema::schemars::{parameters_root_schema, Contract, Dialect, RootSchema, Settings};
    use crate::source::ModuleId;

    const PARAMS: Settings =
        Settings { contract: Contract::Deserialize, dialect: Dialect::Draft2020_12, nullable: false, schemars08: None };

    fn generate(src: &str, ty: &str) -> RootSchema {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("lib.rs");
        std::fs::write(&path, src).expect("write source");
        let ws = crate::source::load(&[path], &[]).expect("sources load");
        let rs = crate::model::Resolver::new(&ws);
        let mut lowerer = Lowerer::new(&rs);
        let scope = Scope::without_generics(0, ModuleId(0));
        let lowered = lowerer.lower_reachable(&syn::parse_str(ty).expect("a type"), &scope);
        parameters_root_schema(&lowerer.model, &lowered, &PARAMS, &Default::default(), &lowerer.code())
    }

    /// The schema of field `f` of `struct P` whose `schema_with` fn has `body`.
    fn field_schema(body: &str) -> Result<Value, String> {
        let src = format!(
            "const MAX: u32 = 2 * 50;\nmod k {{ pub const MIN: i64 = -(3); }}\n\
             #[derive(Deserialize, JsonSchema)] pub struct P {{ #[schemars(schema_with = \"shape\")] pub f: u32 }}\n\
             fn shape(_g: &mut SchemaGenerator) -> Schema {{ {body} }}\n"
        );
        let r = generate(&src, "P");
        match r.opaque.first() {
            Some(o) => Err(o.reason.clone()),
            None => Ok(r.schema["properties"]["f"].clone()),
        }
    }

    #[test]
    fn literal_bodies() {
        assert_eq!(field_schema(r#"json_schema!({"type": "integer"})"#), Ok(json!({"type": "integer"})));
        assert_eq!(
            field_schema(r#"schemars::json_schema!({"maximum": MAX, "minimum": k::MIN, "x": [MAX as u64 + 1]})"#),
            Ok(json!({"maximum": 100, "minimum": -3, "x": [101]}))
        );
        assert_eq!(
            field_schema(r#"Schema::try_from(serde_json::json!({"type": "string"})).unwrap()"#),
            Ok(json!({"type": "string"}))
        );
        assert_eq!(
            field_schema(
                r#"let mut s: Schema = json_schema!({"type": "string", "a": 1});
                   s.insert("format".to_owned(), json!("email"));
                   s.ensure_object().insert("b".into(), "c".into());
                   s.remove("a");
                   return s;"#
            ),
            Ok(json!({"type": "string", "format": "email", "b": "c"}))
        );
        assert_eq!(field_schema("true.into()"), Ok(json!(true)));
        assert_eq!(
            field_schema(
                r#"use serde_json::{json, Map};
                   let mut number = Map::new();
                   number.insert("type".to_string(), json!("number"));
                   let mut text = serde_json::Map::new();
                   text.insert("type".to_string(), json!("string"));
                   let mut all = Map::new();
                   all.insert("oneOf".to_string(), json!([number, text]));
                   Schema::from(all)"#
            ),
            Ok(json!({"oneOf": [{"type": "number"}, {"type": "string"}]}))
        );
    }

    #[test]
    fn computed_bodies_are_runtime_only() {
        let computed = |body: &str| field_schema(body).expect_err(body);
        assert!(computed(r#"_g.subschema_for::<u32>()"#).contains("uses its generator"));
        assert!(computed(r#"json_schema!({"max": std::env::var("X")})"#).contains("not a literal"));
        assert!(computed(r#"let s = json_schema!({}); other(&s); s"#).contains("not a literal"));
        assert!(computed(r#"if true { json_schema!({}) } else { json_schema!({"a": 1}) }"#).contains("not a literal"));
        assert!(computed(r#"json!(5).into()"#).contains("does not return a schema"));
        assert!(computed(r#"json_schema!({"n": MAX * 99999999999999999999999})"#).contains("not a literal"));
    }

    #[test]
    fn schema_with_on_containers_variants_and_flattened_fields() {
        let src = r#"
            fn ints(_: &mut SchemaGenerator) -> Schema { json_schema!({"type": "integer", "minimum": 0}) }
            fn extra(_: &mut SchemaGenerator) -> Schema { json_schema!({"type": "object", "properties": {"z": {"type": "boolean"}}}) }
            /// Counted.
            #[derive(Deserialize, JsonSchema)] #[schemars(schema_with = "ints")] pub struct Count(String);
            #[derive(Deserialize, JsonSchema)] pub enum Pick { #[schemars(schema_with = "ints")] Number(String), Word }
            #[derive(Deserialize, JsonSchema)] #[serde(tag = "t")] pub enum Tagged { #[schemars(schema_with = "extra")] A(Other) }
            #[derive(Deserialize, JsonSchema)] pub struct Other { pub y: u8 }
            #[derive(Deserialize, JsonSchema)] pub struct P {
                pub count: Count,
                pub pick: Pick,
                pub tagged: Tagged,
                #[serde(flatten)] #[schemars(schema_with = "extra")] pub rest: Option<Other>,
            }
        "#;
        let r = generate(src, "P");
        assert!(r.opaque.is_empty(), "{:?}", r.opaque);
        let defs = &r.schema["$defs"];
        assert_eq!(defs["Count"], json!({"type": "integer", "minimum": 0, "description": "Counted."}));
        assert_eq!(
            defs["Pick"]["oneOf"][1],
            json!({"type": "object", "properties": {"Number": {"type": "integer", "minimum": 0}}, "required": ["Number"], "additionalProperties": false})
        );
        assert_eq!(defs["Tagged"]["oneOf"][0]["properties"]["z"], json!({"type": "boolean"}));
        // A flattened `schema_with` field is never optional: its stand-in type is no `Option`.
        assert_eq!(r.schema["properties"]["z"], json!({"type": "boolean"}));
        assert_eq!(r.schema["required"], json!(["count", "pick", "tagged"]));
    }

    #[test]
    fn hand_written_impls() {
        let src = r#"
            pub struct Id(String);
            impl JsonSchema for Id {
                fn schema_name() -> Cow<'static, str> { Cow::Borrowed("Ident") }
                fn schema_id() -> Cow<'static, str> { "ids::Ident".into() }
                fn json_schema(_: &mut SchemaGenerator) -> Schema { json_schema!({"type": "string"}) }
            }
            pub struct Tag(String);
            impl schemars::JsonSchema for Tag {
                fn inline_schema() -> bool { true }
                fn schema_name() -> Cow<'static, str> { "Tag".into() }
                fn json_schema(_: &mut SchemaGenerator) -> Schema { json_schema!({"type": "string", "maxLength": 8}) }
            }
            pub struct Named(String);
            impl JsonSchema for Named {
                fn schema_name() -> Cow<'static, str> { format!("N{}", std::process::id()).into() }
                fn json_schema(_: &mut SchemaGenerator) -> Schema { json_schema!({"type": "string"}) }
            }
            #[derive(Deserialize, JsonSchema)] pub struct P { pub id: Id, pub tags: Vec<Tag>, pub again: Option<Id> }
            #[derive(Deserialize, JsonSchema)] pub struct Q { pub n: Named }
        "#;
        let r = generate(src, "P");
        assert!(r.opaque.is_empty(), "{:?}", r.opaque);
        assert_eq!(r.schema["$defs"], json!({"Ident": {"type": "string"}}));
        assert_eq!(
            r.schema["properties"]["tags"],
            json!({"type": "array", "items": {"type": "string", "maxLength": 8}})
        );
        assert_eq!(r.schema["properties"]["again"], json!({"anyOf": [{"$ref": "#/$defs/Ident"}, {"type": "null"}]}));
        let modular = r#"
            mod ids {
                pub struct Id(String);
                impl schemars::JsonSchema for Id {
                    fn schema_name() -> Cow<'static, str> { Cow::Borrowed(concat!("Id", "V", 2)) }
                    fn schema_id() -> Cow<'static, str> { concat!(module_path!(), "::Id").into() }
                    fn json_schema(_: &mut SchemaGenerator) -> Schema { json_schema!({"type": "string"}) }
                }
            }
            #[derive(Deserialize, JsonSchema)] pub struct P { pub id: ids::Id }
        "#;
        let m = generate(modular, "P");
        assert!(m.opaque.is_empty(), "{:?}", m.opaque);
        assert_eq!(m.schema["properties"]["id"], json!({"$ref": "#/$defs/IdV2"}));
        let q = generate(src, "Q");
        assert_eq!(q.opaque.len(), 1);
        assert!(q.opaque[0].reason.contains("`schema_name` is computed"), "{:?}", q.opaque);
        assert!(q.opaque[0].location.is_some());
    }
}
