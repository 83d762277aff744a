//! Serialised default values, as schemars puts them in `"default"`: the field type's
//! `Default`, a `default = "path"` fn whose body is a literal-like expression, a container's
//! derived or evaluable `impl Default`; and the `skip_serializing_if` predicates applied to
//! them. Only expressions whose value is certain are evaluated; anything else is an error
//! string the caller reports as opaque.

use serde_json::{Map, Number, Value};

use super::gen::Gen;
use crate::model::{expr_to_json, substitute, Body, DefId, FloatKind, Leaf, Scope, Style, Tag, Ty, TypeDef};
use crate::source::{ItemKind, ItemRef, Namespace, Resolved};

const MAX_EVAL_DEPTH: usize = 32;

type Eval = Result<Value, String>;

/// An integer literal (with an optional minus), for enum discriminants.
pub fn int_literal(expr: &syn::Expr) -> Option<i128> {
    match expr {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) => i.base10_parse().ok(),
        syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => int_literal(&u.expr).map(|n| -n),
        syn::Expr::Paren(p) => int_literal(&p.expr),
        syn::Expr::Group(g) => int_literal(&g.expr),
        _ => None,
    }
}

fn path_segments(path: &syn::Path) -> Vec<String> {
    let mut segs: Vec<String> =
        path.segments.iter().map(|s| crate::source::unraw_ident(&s.ident.to_string())).collect();
    if path.leading_colon.is_some() {
        segs.insert(0, String::new());
    }
    segs
}

fn float(f: f64) -> Eval {
    Number::from_f64(f).map(Value::Number).ok_or_else(|| "a non-finite float".to_owned())
}

fn tail_expr(block: &syn::Block) -> Option<&syn::Expr> {
    match block.stmts.as_slice() {
        [syn::Stmt::Expr(e, None)] => Some(e),
        [syn::Stmt::Expr(syn::Expr::Return(r), _)] => r.expr.as_deref(),
        _ => None,
    }
}

fn is_empty_value(v: &Value) -> bool {
    match v {
        Value::String(s) => s.is_empty(),
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
        Value::Null => true,
        _ => false,
    }
}

fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        _ => a == b,
    }
}

impl Gen<'_, '_> {
    /// `<ty as Default>::default()`, serialised.
    pub fn type_default(&mut self, ty: &Ty, depth: usize) -> Eval {
        if depth > MAX_EVAL_DEPTH {
            return Err("too deeply nested".into());
        }
        Ok(match ty {
            Ty::Int(_) => Value::from(0),
            Ty::Float(_) => float(0.0)?,
            Ty::Bool => Value::Bool(false),
            Ty::String => Value::String(String::new()),
            Ty::Char => Value::String("\u{0}".into()),
            Ty::Unit | Ty::Option(_) | Ty::JsonValue => Value::Null,
            Ty::Seq(_) | Ty::Set(_) => Value::Array(Vec::new()),
            Ty::Map(..) => Value::Object(Map::new()),
            Ty::Array(item, n) => {
                let d = self.type_default(item, depth + 1)?;
                Value::Array(vec![d; usize::try_from(*n).unwrap_or(0).min(4096)])
            }
            Ty::Tuple(items) => {
                Value::Array(items.iter().map(|t| self.type_default(t, depth + 1)).collect::<Result<_, _>>()?)
            }
            Ty::Leaf(leaf) => match leaf {
                Leaf::Duration => serde_json::json!({"secs": 0, "nanos": 0}),
                Leaf::DateTime => Value::String("1970-01-01T00:00:00Z".into()),
                Leaf::NaiveDateTime => Value::String("1970-01-01T00:00:00".into()),
                Leaf::NaiveDate => Value::String("1970-01-01".into()),
                Leaf::NaiveTime => Value::String("00:00:00".into()),
                Leaf::Uuid => Value::String("00000000-0000-0000-0000-000000000000".into()),
                Leaf::PathBuf => Value::String(String::new()),
                other => return Err(format!("{other:?} has no default")),
            },
            Ty::Named(id, args) => self.named_default(*id, args, depth + 1)?,
            Ty::JsonNumber => return Err("serde_json::Number has no default".into()),
            Ty::Param(_) => return Err("a generic parameter's default".into()),
            Ty::Unknown(u) => return Err(format!("the default of `{}` is unknown", u.written)),
        })
    }

    fn named_default(&mut self, id: DefId, args: &[Ty], depth: usize) -> Eval {
        let def = self.def(id).clone();
        match &def.body {
            Body::Struct { fields, .. } => {
                let values = self.struct_default_fields(&def, id, args, depth)?;
                let _ = fields;
                self.serialize_struct(&def, args, values, depth)
            }
            Body::Enum { variants } => {
                if self.derives_default(&def) {
                    let syn::Item::Enum(e) = self.lw.ws.item(def.item) else { return Err("not an enum".into()) };
                    let pos = e
                        .variants
                        .iter()
                        .position(|v| v.attrs.iter().any(|a| a.path().is_ident("default")))
                        .ok_or("no #[default] variant")?;
                    let v = variants.get(pos).ok_or("variant")?.clone();
                    if v.style != Style::Unit {
                        return Err("a non-unit #[default] variant".into());
                    }
                    self.serialize_variant(&def, &v, None)
                } else {
                    let (expr, scope) = self.impl_default_body(id, &def)?;
                    self.eval_expr(&expr, Some(&Ty::Named(id, args.to_vec())), &scope, depth + 1)
                }
            }
            Body::Unsupported(_) => Err("no schema".into()),
        }
    }

    fn derives_default(&mut self, def: &TypeDef) -> bool {
        super::derive::derives(match self.lw.ws.item(def.item) {
            syn::Item::Struct(s) => &s.attrs,
            syn::Item::Enum(e) => &e.attrs,
            _ => &[],
        })
        .iter()
        .any(|d| d == "Default")
    }

    /// The body of `fn default()` in a hand-written `impl Default`, with the scope it is
    /// written in.
    fn impl_default_body(&mut self, id: DefId, def: &TypeDef) -> Result<(syn::Expr, Scope), String> {
        let imp = self.impl_of(id, "Default").ok_or_else(|| format!("`{}` has no evaluable Default", def.rust_name))?;
        let syn::Item::Impl(i) = self.lw.ws.item(imp) else { return Err("impl".into()) };
        for item in self.lw.ws.impl_items(imp.krate, imp.module, i) {
            if let syn::ImplItem::Fn(f) = item {
                if f.sig.ident == "default" {
                    let e = tail_expr(self.lw.ws.block(imp.krate, imp.module, &f.block))
                        .ok_or_else(|| format!("`{}::default` is not a single expression", def.rust_name))?;
                    let scope = Scope { krate: imp.krate, module: imp.module, generics: def.generics.clone() };
                    return Ok((e.clone(), scope));
                }
            }
        }
        Err(format!("`impl Default for {}` has no `default` fn", def.rust_name))
    }

    /// The field values of `<struct>::default()`, in declaration order.
    fn struct_default_fields(
        &mut self,
        def: &TypeDef,
        id: DefId,
        args: &[Ty],
        depth: usize,
    ) -> Result<Vec<Option<Value>>, String> {
        let Body::Struct { fields, .. } = &def.body else { return Err("not a struct".into()) };
        if self.derives_default(def) {
            let mut out = Vec::new();
            for f in fields {
                if f.skip_ser {
                    out.push(None);
                    continue;
                }
                let ty = substitute(&f.ty, args);
                out.push(Some(self.type_default(&ty, depth + 1)?));
            }
            return Ok(out);
        }
        let (expr, scope) = self.impl_default_body(id, def)?;
        self.struct_literal_fields(&expr, def, id, args, &scope, depth + 1)
    }

    /// The field values a struct expression gives (`Self { a: 1, ..Default::default() }`,
    /// `Self::default()`, `Name(1)`).
    fn struct_literal_fields(
        &mut self,
        expr: &syn::Expr,
        def: &TypeDef,
        id: DefId,
        args: &[Ty],
        scope: &Scope,
        depth: usize,
    ) -> Result<Vec<Option<Value>>, String> {
        if depth > MAX_EVAL_DEPTH {
            return Err("too deeply nested".into());
        }
        let Body::Struct { fields, .. } = &def.body else { return Err("not a struct".into()) };
        match expr {
            syn::Expr::Paren(p) => self.struct_literal_fields(&p.expr, def, id, args, scope, depth + 1),
            syn::Expr::Group(g) => self.struct_literal_fields(&g.expr, def, id, args, scope, depth + 1),
            syn::Expr::Block(b) => {
                let e = tail_expr(&b.block).ok_or("a block")?;
                self.struct_literal_fields(e, def, id, args, scope, depth + 1)
            }
            syn::Expr::Struct(s) => {
                let base = match &s.rest {
                    Some(rest) => Some(self.struct_literal_fields(rest, def, id, args, scope, depth + 1)?),
                    None => None,
                };
                let mut out = Vec::new();
                for (i, f) in fields.iter().enumerate() {
                    let given = s.fields.iter().find(|fv| match (&fv.member, &f.rust_name) {
                        (syn::Member::Named(n), Some(r)) => crate::source::unraw_ident(&n.to_string()) == *r,
                        (syn::Member::Unnamed(ix), None) => ix.index as usize == i,
                        _ => false,
                    });
                    let v = match given {
                        Some(fv) if f.skip_ser => {
                            let _ = fv;
                            None
                        }
                        Some(fv) => Some(self.eval_expr(&fv.expr, Some(&substitute(&f.ty, args)), scope, depth + 1)?),
                        None => match &base {
                            Some(b) => b.get(i).cloned().flatten(),
                            None => {
                                return Err(format!("field `{}` is not given", f.rust_name.clone().unwrap_or_default()))
                            }
                        },
                    };
                    out.push(v);
                }
                Ok(out)
            }
            syn::Expr::Call(c) => {
                let syn::Expr::Path(p) = &*c.func else { return Err("a call".into()) };
                let segs = path_segments(&p.path);
                if segs.last().map(String::as_str) == Some("default") && c.args.is_empty() {
                    return self.struct_default_fields(def, id, args, depth + 1);
                }
                if c.args.is_empty() {
                    let (segs, scope) = self.replace_self(segs, Some(&Ty::Named(id, args.to_vec())), scope);
                    if let Some((body, fn_scope)) = self.fn_body(&segs, &scope) {
                        return self.struct_literal_fields(&body, def, id, args, &fn_scope, depth + 1);
                    }
                }
                // `Name(a, b)`: a tuple struct's constructor.
                let mut out = Vec::new();
                for (f, a) in fields.iter().zip(c.args.iter()) {
                    out.push(if f.skip_ser {
                        None
                    } else {
                        Some(self.eval_expr(a, Some(&substitute(&f.ty, args)), scope, depth + 1)?)
                    });
                }
                Ok(out)
            }
            _ => Err("not a struct expression".into()),
        }
    }

    /// serde's serialisation of a struct value given its field values.
    fn serialize_struct(&mut self, def: &TypeDef, args: &[Ty], values: Vec<Option<Value>>, depth: usize) -> Eval {
        let Body::Struct { style, fields } = &def.body else { return Err("not a struct".into()) };
        if def.serde.into.is_some() {
            return Err(format!("`{}` serialises through `into`", def.rust_name));
        }
        if def.serde.transparent {
            let f = super::derive::transparent_field(def).ok_or("transparent")?;
            let i = fields.iter().position(|g| std::ptr::eq(g, f)).unwrap_or(0);
            return values.get(i).cloned().flatten().ok_or_else(|| "transparent field".into());
        }
        match style {
            Style::Unit => Ok(Value::Null),
            Style::Newtype => values.into_iter().next().flatten().ok_or_else(|| "newtype field".into()),
            Style::Tuple => {
                let mut out = Vec::new();
                for (f, v) in fields.iter().zip(values) {
                    if f.skip_ser {
                        continue;
                    }
                    out.push(v.ok_or("a field value")?);
                }
                Ok(Value::Array(out))
            }
            Style::Struct => {
                let scope = super::derive::def_scope(def);
                let mut out = Map::new();
                if let Tag::Internal(tag) = &def.serde.tag {
                    out.insert(tag.clone(), Value::String(def.serde.ser_name.clone()));
                }
                for (f, v) in fields.iter().zip(values) {
                    if f.skip_ser {
                        continue;
                    }
                    let v = v.ok_or("a field value")?;
                    if f.schemars.custom_serialize {
                        return Err(format!(
                            "`{}.{}` is serialised by custom code",
                            def.rust_name,
                            f.rust_name.clone().unwrap_or_default()
                        ));
                    }
                    let fty = substitute(&f.ty, args);
                    if let Some(pred) = &f.skip_ser_if {
                        if self.predicate(pred, &v, &fty, &scope)? {
                            continue;
                        }
                    }
                    if f.flatten {
                        match v {
                            Value::Object(m) => out.extend(m),
                            Value::Null => {}
                            _ => return Err("a flattened non-object".into()),
                        }
                        continue;
                    }
                    out.insert(f.ser_name.clone(), v);
                }
                let _ = depth;
                Ok(Value::Object(out))
            }
        }
    }

    /// serde's serialisation of an enum value.
    fn serialize_variant(&mut self, def: &TypeDef, v: &crate::model::Variant, content: Option<Value>) -> Eval {
        if def.serde.into.is_some() {
            return Err(format!("`{}` serialises through `into`", def.rust_name));
        }
        if v.skip_ser {
            return Err("a variant that cannot be serialised".into());
        }
        let name = Value::String(v.ser_name.clone());
        let untagged = v.untagged || def.serde.tag == Tag::Untagged;
        Ok(match (&def.serde.tag, content) {
            (_, None) if untagged => Value::Null,
            (_, Some(c)) if untagged => c,
            (Tag::External, None) => name,
            (Tag::External, Some(c)) => Value::Object([(v.ser_name.clone(), c)].into_iter().collect()),
            (Tag::Internal(t), None) => Value::Object([(t.clone(), name)].into_iter().collect()),
            (Tag::Internal(t), Some(Value::Object(m))) => {
                let mut out = Map::new();
                out.insert(t.clone(), name);
                out.extend(m);
                Value::Object(out)
            }
            (Tag::Internal(_), Some(_)) => return Err("an internally tagged non-object".into()),
            (Tag::Adjacent(t, _), None) => Value::Object([(t.clone(), name)].into_iter().collect()),
            (Tag::Adjacent(t, c), Some(content)) => {
                Value::Object([(t.clone(), name), (c.clone(), content)].into_iter().collect())
            }
            (Tag::Untagged, _) => unreachable!("handled above"),
        })
    }

    /// Call a crate fn by path (`default = "path"`, `example = f()`): its body must be a single
    /// evaluable expression.
    pub fn call_fn(&mut self, path: &str, ty: Option<&Ty>, scope: &Scope, depth: usize) -> Eval {
        let segs: Vec<String> = path.split("::").map(str::to_owned).collect();
        let item = match self.lw.ws.resolve(scope.krate, scope.module, &segs, Namespace::Value) {
            Resolved::Item(item, ItemKind::Fn) => item,
            _ => match self.assoc_fn(&segs, scope) {
                Some(item) => return self.eval_assoc_fn(item, &segs, ty, depth),
                None => return Err(format!("`{path}` is not a fn of the crate")),
            },
        };
        let syn::Item::Fn(f) = self.lw.ws.item(item).clone() else { return Err(format!("`{path}` is not a fn")) };
        let fn_scope = Scope { krate: item.krate, module: item.module, generics: Vec::new() };
        let ret = match (&f.sig.output, ty) {
            (_, Some(t)) => Some(t.clone()),
            (syn::ReturnType::Type(_, t), None) => Some(self.lw.lower(t, &fn_scope)),
            _ => None,
        };
        let body = tail_expr(self.lw.ws.block(item.krate, item.module, &f.block))
            .ok_or_else(|| format!("`{path}` is not a single expression"))?;
        self.eval_expr(body, ret.as_ref(), &fn_scope, depth + 1)
    }

    /// The single-expression body of an argument-less fn of the crate (free or associated), with
    /// the scope it is written in.
    fn fn_body(&mut self, segs: &[String], scope: &Scope) -> Option<(syn::Expr, Scope)> {
        let (block, item) = match self.lw.ws.resolve(scope.krate, scope.module, segs, Namespace::Value) {
            Resolved::Item(item, ItemKind::Fn) => match self.lw.ws.item(item) {
                syn::Item::Fn(f) if f.sig.inputs.is_empty() => {
                    (self.lw.ws.block(item.krate, item.module, &f.block).clone(), item)
                }
                _ => return None,
            },
            _ => {
                let imp = self.assoc_fn(segs, scope)?;
                let syn::Item::Impl(i) = self.lw.ws.item(imp) else { return None };
                let f = self.lw.ws.impl_items(imp.krate, imp.module, i).iter().find_map(|it| match it {
                    syn::ImplItem::Fn(f)
                        if Some(&f.sig.ident.to_string()) == segs.last() && f.sig.inputs.is_empty() =>
                    {
                        Some(f)
                    }
                    _ => None,
                })?;
                (self.lw.ws.block(imp.krate, imp.module, &f.block).clone(), imp)
            }
        };
        let e = tail_expr(&block)?.clone();
        Some((e, Scope { krate: item.krate, module: item.module, generics: Vec::new() }))
    }

    /// `Self::x` → `Name::x` resolved where `Name` is defined.
    fn replace_self(&self, mut segs: Vec<String>, ty: Option<&Ty>, scope: &Scope) -> (Vec<String>, Scope) {
        if segs.len() >= 2 && segs[0] == "Self" {
            if let Some(Ty::Named(id, _)) = ty {
                let def = self.def(*id);
                segs[0] = def.rust_name.clone();
                return (segs, super::derive::def_scope(def));
            }
        }
        (segs, scope.clone())
    }

    /// `Type::name` for an associated fn of an inherent impl of ours.
    fn assoc_fn(&mut self, segs: &[String], scope: &Scope) -> Option<ItemRef> {
        if segs.len() < 2 {
            return None;
        }
        let (ty_path, _) = segs.split_at(segs.len() - 1);
        match self.lw.ws.resolve(scope.krate, scope.module, ty_path, Namespace::Type) {
            Resolved::Item(item, ItemKind::Struct | ItemKind::Enum) => {
                let ws = self.lw.ws;
                for (m, module) in ws.crates[item.krate].modules.iter().enumerate() {
                    for (index, it) in module.items.iter().enumerate() {
                        let syn::Item::Impl(imp) = it else { continue };
                        if imp.trait_.is_some() {
                            continue;
                        }
                        let syn::Type::Path(tp) = &*imp.self_ty else { continue };
                        let s = path_segments(&tp.path);
                        let mid = crate::source::ModuleId(m);
                        if ws.resolve(item.krate, mid, &s, Namespace::Type) == Resolved::Item(item, ItemKind::Struct)
                            || ws.resolve(item.krate, mid, &s, Namespace::Type) == Resolved::Item(item, ItemKind::Enum)
                        {
                            let ir = ItemRef { krate: item.krate, module: mid, index };
                            if ws.impl_items(item.krate, mid, imp).iter().any(
                                |i| matches!(i, syn::ImplItem::Fn(f) if Some(&f.sig.ident.to_string()) == segs.last()),
                            ) {
                                return Some(ir);
                            }
                        }
                    }
                }
                None
            }
            _ => None,
        }
    }

    fn eval_assoc_fn(&mut self, imp: ItemRef, segs: &[String], ty: Option<&Ty>, depth: usize) -> Eval {
        let syn::Item::Impl(i) = self.lw.ws.item(imp) else { return Err("impl".into()) };
        let items = self.lw.ws.impl_items(imp.krate, imp.module, i).to_vec();
        let scope = Scope { krate: imp.krate, module: imp.module, generics: Vec::new() };
        for item in &items {
            if let syn::ImplItem::Fn(f) = item {
                if Some(&f.sig.ident.to_string()) == segs.last() {
                    if !f.sig.inputs.is_empty() {
                        return Err("a fn with arguments".into());
                    }
                    let ret = match (&f.sig.output, ty) {
                        (_, Some(t)) => Some(t.clone()),
                        (syn::ReturnType::Type(_, t), None) => Some(self.lw.lower(t, &scope)),
                        _ => None,
                    };
                    let body = tail_expr(self.lw.ws.block(imp.krate, imp.module, &f.block))
                        .ok_or("not a single expression")?;
                    return self.eval_expr(body, ret.as_ref(), &scope, depth + 1);
                }
            }
        }
        Err("no such fn".into())
    }

    /// The serialised value of an expression of type `ty` (when known).
    pub fn eval_expr(&mut self, expr: &syn::Expr, ty: Option<&Ty>, scope: &Scope, depth: usize) -> Eval {
        if depth > MAX_EVAL_DEPTH {
            return Err("too deeply nested".into());
        }
        let d = depth + 1;
        match expr {
            syn::Expr::Lit(l) => match &l.lit {
                syn::Lit::Int(i) => {
                    if matches!(ty, Some(Ty::Float(_))) {
                        return float(i.base10_parse::<f64>().map_err(|e| e.to_string())?);
                    }
                    if i.suffix() == "f32" || i.suffix() == "f64" {
                        return float(i.base10_parse::<f64>().map_err(|e| e.to_string())?);
                    }
                    i.base10_parse::<u64>()
                        .map(Value::from)
                        .or_else(|_| i.base10_parse::<i64>().map(Value::from))
                        .map_err(|e| e.to_string())
                }
                syn::Lit::Float(f) => {
                    let v = f.base10_parse::<f64>().map_err(|e| e.to_string())?;
                    if matches!(ty, Some(Ty::Float(FloatKind::F32))) {
                        return float(v as f32 as f64);
                    }
                    float(v)
                }
                _ => expr_to_json(expr).ok_or_else(|| "an unsupported literal".into()),
            },
            syn::Expr::Unary(u) => {
                let v = self.eval_expr(&u.expr, ty, scope, d)?;
                match u.op {
                    syn::UnOp::Neg(_) => match v {
                        Value::Number(n) => {
                            if let Some(i) = n.as_i64() {
                                Ok(Value::from(-i))
                            } else {
                                float(-n.as_f64().unwrap_or(0.0))
                            }
                        }
                        _ => Err("negating a non-number".into()),
                    },
                    syn::UnOp::Not(_) => match v {
                        Value::Bool(b) => Ok(Value::Bool(!b)),
                        _ => Err("`!` of a non-bool".into()),
                    },
                    _ => Ok(v),
                }
            }
            syn::Expr::Paren(p) => self.eval_expr(&p.expr, ty, scope, d),
            syn::Expr::Group(g) => self.eval_expr(&g.expr, ty, scope, d),
            syn::Expr::Reference(r) => self.eval_expr(&r.expr, ty, scope, d),
            syn::Expr::Cast(c) => {
                let target = self.lw.lower(&c.ty, scope);
                self.eval_expr(&c.expr, Some(&target), scope, d)
            }
            syn::Expr::Block(b) => {
                let e = tail_expr(&b.block).ok_or("a block with statements")?;
                self.eval_expr(e, ty, scope, d)
            }
            syn::Expr::Array(a) => {
                let item = match ty {
                    Some(Ty::Seq(t) | Ty::Set(t) | Ty::Array(t, _)) => Some((**t).clone()),
                    _ => None,
                };
                let mut out = Vec::new();
                for e in &a.elems {
                    out.push(self.eval_expr(e, item.as_ref(), scope, d)?);
                }
                Ok(Value::Array(out))
            }
            syn::Expr::Tuple(t) => {
                let tys: Vec<Option<Ty>> = match ty {
                    Some(Ty::Tuple(ts)) => ts.iter().cloned().map(Some).collect(),
                    _ => vec![None; t.elems.len()],
                };
                if t.elems.is_empty() {
                    return Ok(Value::Null);
                }
                let mut out = Vec::new();
                for (e, t) in t.elems.iter().zip(tys.iter().chain(std::iter::repeat(&None))) {
                    out.push(self.eval_expr(e, t.as_ref(), scope, d)?);
                }
                Ok(Value::Array(out))
            }
            syn::Expr::Macro(m) => {
                let name = m.mac.path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default();
                match name.as_str() {
                    "vec" => {
                        let elems = m
                            .mac
                            .parse_body_with(syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated)
                            .map_err(|e| e.to_string())?;
                        let arr = syn::Expr::Array(syn::ExprArray {
                            attrs: Vec::new(),
                            bracket_token: Default::default(),
                            elems,
                        });
                        self.eval_expr(&arr, ty, scope, d)
                    }
                    "json" => expr_to_json(expr).ok_or_else(|| "a json! value with Rust expressions".into()),
                    other => Err(format!("`{other}!`")),
                }
            }
            syn::Expr::MethodCall(mc) => {
                let m = mc.method.to_string();
                match m.as_str() {
                    "to_string" | "to_owned" | "into" | "clone" | "to_vec" | "into_owned" if mc.args.is_empty() => {
                        self.eval_expr(&mc.receiver, ty, scope, d)
                    }
                    _ => Err(format!("a `.{m}()` call")),
                }
            }
            syn::Expr::Path(p) => self.eval_path(&p.path, ty, scope, d),
            syn::Expr::Call(c) => self.eval_call(c, ty, scope, d),
            syn::Expr::Struct(s) => {
                let (id, args, variant) = self.struct_target(&s.path, ty, scope)?;
                let def = self.def(id).clone();
                match variant {
                    None => {
                        let values = self.struct_literal_fields(expr, &def, id, &args, scope, d)?;
                        self.serialize_struct(&def, &args, values, d)
                    }
                    Some(vi) => {
                        let Body::Enum { variants } = &def.body else { return Err("variant".into()) };
                        let v = variants[vi].clone();
                        let mut content = Map::new();
                        for f in &v.fields {
                            if f.skip_ser {
                                continue;
                            }
                            let given = s.fields.iter().find(|fv| matches!(&fv.member, syn::Member::Named(n) if Some(crate::source::unraw_ident(&n.to_string())) == f.rust_name));
                            let fv = given.ok_or("a variant field not given")?;
                            let val = self.eval_expr(&fv.expr, Some(&substitute(&f.ty, &args)), scope, d)?;
                            content.insert(f.ser_name.clone(), val);
                        }
                        self.serialize_variant(&def, &v, Some(Value::Object(content)))
                    }
                }
            }
            _ => Err("an expression that cannot be evaluated".into()),
        }
    }

    /// The definition (and variant) a struct-literal or constructor path names.
    fn struct_target(
        &mut self,
        path: &syn::Path,
        ty: Option<&Ty>,
        scope: &Scope,
    ) -> Result<(DefId, Vec<Ty>, Option<usize>), String> {
        let segs = path_segments(path);
        let self_named = match ty {
            Some(Ty::Named(id, args)) => Some((*id, args.clone())),
            _ => None,
        };
        if segs.len() == 1 && segs[0] == "Self" {
            return self_named.map(|(i, a)| (i, a, None)).ok_or_else(|| "`Self` of an unknown type".into());
        }
        if let Resolved::Item(item, ItemKind::Struct | ItemKind::Enum) =
            self.lw.ws.resolve(scope.krate, scope.module, &segs, Namespace::Type)
        {
            let id = self.lw.def_for(item);
            let args = match &self_named {
                Some((sid, a)) if *sid == id => a.clone(),
                _ => Vec::new(),
            };
            return Ok((id, args, None));
        }
        // `Enum::Variant` / `Self::Variant`.
        if segs.len() >= 2 {
            let (head, last) = segs.split_at(segs.len() - 1);
            let target = if head == ["Self"] {
                self_named.clone()
            } else {
                match self.lw.ws.resolve(scope.krate, scope.module, head, Namespace::Type) {
                    Resolved::Item(item, ItemKind::Enum) => {
                        let id = self.lw.def_for(item);
                        let args = match &self_named {
                            Some((sid, a)) if *sid == id => a.clone(),
                            _ => Vec::new(),
                        };
                        Some((id, args))
                    }
                    _ => None,
                }
            };
            if let Some((id, args)) = target {
                if let Body::Enum { variants } = &self.def(id).body {
                    if let Some(vi) = variants.iter().position(|v| v.rust_name == last[0]) {
                        return Ok((id, args, Some(vi)));
                    }
                }
            }
        }
        Err(format!("`{}` is not a type of the crate", segs.join("::")))
    }

    fn eval_path(&mut self, path: &syn::Path, ty: Option<&Ty>, scope: &Scope, depth: usize) -> Eval {
        let segs = path_segments(path);
        if segs == ["None"] || segs.ends_with(&["Option".into(), "None".into()]) {
            return Ok(Value::Null);
        }
        if let Resolved::Item(item, ItemKind::Const | ItemKind::Static) =
            self.lw.ws.resolve(scope.krate, scope.module, &segs, Namespace::Value)
        {
            let (init, decl) = match self.lw.ws.item(item) {
                syn::Item::Const(c) => ((*c.expr).clone(), (*c.ty).clone()),
                syn::Item::Static(s) => ((*s.expr).clone(), (*s.ty).clone()),
                _ => return Err("a const".into()),
            };
            let s = Scope { krate: item.krate, module: item.module, generics: Vec::new() };
            let t = match ty {
                Some(t) => t.clone(),
                None => self.lw.lower(&decl, &s),
            };
            return self.eval_expr(&init, Some(&t), &s, depth + 1);
        }
        // A unit variant or a unit struct.
        let (id, _args, variant) = self.struct_target(path, ty, scope)?;
        let def = self.def(id).clone();
        match (variant, &def.body) {
            (Some(vi), Body::Enum { variants }) => {
                let v = variants[vi].clone();
                if v.style != Style::Unit {
                    return Err("a variant constructor".into());
                }
                self.serialize_variant(&def, &v, None)
            }
            (None, Body::Struct { style: Style::Unit, .. }) => Ok(Value::Null),
            _ => Err(format!("`{}`", segs.join("::"))),
        }
    }

    fn eval_call(&mut self, c: &syn::ExprCall, ty: Option<&Ty>, scope: &Scope, depth: usize) -> Eval {
        let syn::Expr::Path(p) = &*c.func else { return Err("a call of a computed fn".into()) };
        let segs = path_segments(&p.path);
        let last = segs.last().cloned().unwrap_or_default();
        let args: Vec<&syn::Expr> = c.args.iter().collect();
        match (last.as_str(), args.as_slice()) {
            ("Some", [a]) => {
                let inner = match ty {
                    Some(Ty::Option(t)) => Some((**t).clone()),
                    other => other.cloned(),
                };
                return self.eval_expr(a, inner.as_ref(), scope, depth + 1);
            }
            ("default", []) => {
                if segs.len() == 1 || segs[segs.len() - 2] == "Default" || segs[segs.len() - 2] == "Self" {
                    let t = ty.ok_or("`Default::default()` of an unknown type")?.clone();
                    return self.type_default(&t, depth + 1);
                }
                let head: Vec<String> = segs[..segs.len() - 1].to_vec();
                let t = self
                    .type_from_path(&head, scope)
                    .or_else(|| ty.cloned())
                    .ok_or("`T::default()` of an unknown type")?;
                return self.type_default(&t, depth + 1);
            }
            ("new", []) => {
                let head = segs.get(segs.len().wrapping_sub(2)).cloned().unwrap_or_default();
                return Ok(match head.as_str() {
                    "String" => Value::String(String::new()),
                    "Vec" | "VecDeque" | "HashSet" | "BTreeSet" | "LinkedList" | "BinaryHeap" => {
                        Value::Array(Vec::new())
                    }
                    "HashMap" | "BTreeMap" | "Map" | "IndexMap" => Value::Object(Map::new()),
                    _ => return self.call_fn(&segs.join("::"), ty, scope, depth + 1),
                });
            }
            ("from" | "into" | "to_string" | "to_owned", [a]) => {
                let head = segs.get(segs.len().wrapping_sub(2)).cloned().unwrap_or_default();
                if matches!(
                    head.as_str(),
                    "String" | "From" | "Into" | "ToString" | "ToOwned" | "Box" | "Arc" | "Rc" | "PathBuf" | "Cow"
                ) {
                    return self.eval_expr(a, ty, scope, depth + 1);
                }
            }
            _ => {}
        }
        if args.is_empty() && last != "default" {
            let (segs2, scope2) = self.replace_self(segs.clone(), ty, scope);
            if let Some((body, fn_scope)) = self.fn_body(&segs2, &scope2) {
                return self.eval_expr(&body, ty, &fn_scope, depth + 1);
            }
        }
        match self.lw.ws.resolve(scope.krate, scope.module, &segs, Namespace::Value) {
            Resolved::Item(_, ItemKind::Fn) if args.is_empty() => {
                return self.call_fn(&segs.join("::"), ty, scope, depth + 1)
            }
            Resolved::Item(_, ItemKind::Fn) => return Err(format!("a call of `{}` with arguments", segs.join("::"))),
            _ => {}
        }
        // A tuple struct or a tuple variant constructor.
        let (id, targs, variant) = self.struct_target(&p.path, ty, scope)?;
        let def = self.def(id).clone();
        match variant {
            None => {
                let Body::Struct { fields, .. } = &def.body else { return Err("a constructor".into()) };
                let mut values = Vec::new();
                for (f, a) in fields.iter().zip(args.iter()) {
                    values.push(if f.skip_ser {
                        None
                    } else {
                        Some(self.eval_expr(a, Some(&substitute(&f.ty, &targs)), scope, depth + 1)?)
                    });
                }
                self.serialize_struct(&def, &targs, values, depth + 1)
            }
            Some(vi) => {
                let Body::Enum { variants } = &def.body else { return Err("a variant".into()) };
                let v = variants[vi].clone();
                let mut values = Vec::new();
                for (f, a) in v.fields.iter().zip(args.iter()) {
                    if f.skip_ser {
                        continue;
                    }
                    values.push(self.eval_expr(a, Some(&substitute(&f.ty, &targs)), scope, depth + 1)?);
                }
                let content = if v.style == Style::Newtype && values.len() == 1 {
                    values.pop()
                } else {
                    Some(Value::Array(values))
                };
                self.serialize_variant(&def, &v, content)
            }
        }
    }

    fn type_from_path(&mut self, segs: &[String], scope: &Scope) -> Option<Ty> {
        let path: syn::Path = syn::parse_str(&segs.join("::")).ok()?;
        let t = syn::Type::Path(syn::TypePath { qself: None, path });
        let lowered = self.lw.lower(&t, scope);
        (!matches!(lowered, Ty::Unknown(_))).then_some(lowered)
    }

    /// `pred(&value)` for a `skip_serializing_if` path.
    pub fn predicate(&mut self, pred: &str, value: &Value, ty: &Ty, scope: &Scope) -> Result<bool, String> {
        let segs: Vec<String> = pred.split("::").map(str::to_owned).collect();
        if let Resolved::Item(item, ItemKind::Fn) =
            self.lw.ws.resolve(scope.krate, scope.module, &segs, Namespace::Value)
        {
            let syn::Item::Fn(f) = self.lw.ws.item(item).clone() else { return Err("not a fn".into()) };
            let Some(syn::FnArg::Typed(arg)) = f.sig.inputs.first() else {
                return Err("a predicate without argument".into());
            };
            let syn::Pat::Ident(pi) = &*arg.pat else { return Err("a predicate with a pattern argument".into()) };
            let body = tail_expr(self.lw.ws.block(item.krate, item.module, &f.block))
                .ok_or("a predicate that is not a single expression")?;
            let fn_scope = Scope { krate: item.krate, module: item.module, generics: Vec::new() };
            let env = (pi.ident.to_string(), value.clone(), ty.clone());
            return match self.eval_with(body, &env, &fn_scope, 0)? {
                Value::Bool(b) => Ok(b),
                _ => Err("a predicate that does not return a bool".into()),
            };
        }
        let last = segs.last().map(String::as_str).unwrap_or("");
        match last {
            "is_none" => Ok(value.is_null()),
            "is_some" => Ok(!value.is_null()),
            "is_empty" => Ok(is_empty_value(value)),
            "not" if value.is_boolean() => Ok(value == &Value::Bool(false)),
            _ => Err(format!("`{pred}` cannot be evaluated")),
        }
    }

    /// A predicate body with its one parameter bound to a value.
    fn eval_with(&mut self, expr: &syn::Expr, env: &(String, Value, Ty), scope: &Scope, depth: usize) -> Eval {
        if depth > MAX_EVAL_DEPTH {
            return Err("too deeply nested".into());
        }
        let d = depth + 1;
        match expr {
            syn::Expr::Path(p) if p.path.is_ident(&env.0) => Ok(env.1.clone()),
            syn::Expr::Paren(p) => self.eval_with(&p.expr, env, scope, d),
            syn::Expr::Group(g) => self.eval_with(&g.expr, env, scope, d),
            syn::Expr::Reference(r) => self.eval_with(&r.expr, env, scope, d),
            syn::Expr::Block(b) => self.eval_with(tail_expr(&b.block).ok_or("a block")?, env, scope, d),
            syn::Expr::Unary(u) => {
                let v = self.eval_with(&u.expr, env, scope, d)?;
                match (u.op, v) {
                    (syn::UnOp::Deref(_), v) => Ok(v),
                    (syn::UnOp::Not(_), Value::Bool(b)) => Ok(Value::Bool(!b)),
                    (syn::UnOp::Neg(_), Value::Number(n)) => match n.as_i64() {
                        Some(i) => Ok(Value::from(-i)),
                        None => float(-n.as_f64().unwrap_or(0.0)),
                    },
                    _ => Err("an operator on an unexpected value".into()),
                }
            }
            syn::Expr::MethodCall(mc) if mc.args.is_empty() => {
                let v = self.eval_with(&mc.receiver, env, scope, d)?;
                match mc.method.to_string().as_str() {
                    "is_empty" => Ok(Value::Bool(is_empty_value(&v))),
                    "is_none" => Ok(Value::Bool(v.is_null())),
                    "is_some" => Ok(Value::Bool(!v.is_null())),
                    "clone" | "to_owned" | "as_str" | "as_ref" => Ok(v),
                    "len" => match &v {
                        Value::String(s) => Ok(Value::from(s.len())),
                        Value::Array(a) => Ok(Value::from(a.len())),
                        Value::Object(o) => Ok(Value::from(o.len())),
                        _ => Err("len of a scalar".into()),
                    },
                    m => Err(format!("a `.{m}()` call")),
                }
            }
            syn::Expr::Binary(b) => {
                use syn::BinOp::*;
                let l = self.eval_with(&b.left, env, scope, d)?;
                if let And(_) | Or(_) = b.op {
                    let lb = l.as_bool().ok_or("a non-bool operand")?;
                    if matches!(b.op, And(_)) && !lb {
                        return Ok(Value::Bool(false));
                    }
                    if matches!(b.op, Or(_)) && lb {
                        return Ok(Value::Bool(true));
                    }
                    let r = self.eval_with(&b.right, env, scope, d)?;
                    return Ok(Value::Bool(r.as_bool().ok_or("a non-bool operand")?));
                }
                let r = self.eval_with(&b.right, env, scope, d)?;
                let num = |v: &Value| v.as_f64();
                Ok(Value::Bool(match b.op {
                    Eq(_) => json_eq(&l, &r),
                    Ne(_) => !json_eq(&l, &r),
                    Lt(_) => num(&l) < num(&r),
                    Le(_) => num(&l) <= num(&r),
                    Gt(_) => num(&l) > num(&r),
                    Ge(_) => num(&l) >= num(&r),
                    _ => return Err("an unsupported operator".into()),
                }))
            }
            // Anything else does not mention the parameter: evaluate it with the parameter's type.
            other => self.eval_expr(other, Some(&env.2), scope, d),
        }
    }

    /// Whether a value of this type is `Serialize` (schemars shows no default otherwise).
    pub fn implements_serialize(&mut self, ty: &Ty) -> bool {
        match ty {
            Ty::Seq(t) | Ty::Set(t) | Ty::Array(t, _) | Ty::Option(t) => self.implements_serialize(t),
            Ty::Map(k, v) => self.implements_serialize(k) && self.implements_serialize(v),
            Ty::Tuple(ts) => ts.iter().all(|t| self.implements_serialize(t)),
            Ty::Named(id, args) => {
                self.has_trait(*id, "Serialize") && args.iter().all(|a| self.implements_serialize(a))
            }
            Ty::Param(_) | Ty::Unknown(_) => false,
            _ => true,
        }
    }
}
