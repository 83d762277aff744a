//! Paths to items: locals, consts and statics (cycle-safe), associated consts, unit variants and
//! structs; struct literals with `..base`; field access.

use super::numbers::primitive_const;
use super::*;

impl<'w> Evaluator<'_, 'w> {
    /// A path expression: a local, `None`, a const or static, a primitive's constant, a unit
    /// variant or unit struct, an associated const.
    pub(super) fn path(&mut self, path: &syn::Path, e: &Expr, want: Option<&Ty>, f: &Frame) -> Eval {
        let segs = path_segments(path);
        if let [one] = segs.as_slice() {
            if let Some(v) = f.local(one) {
                return Ok(v);
            }
        }
        if let Some(two) = super::last_two(&segs) {
            if let Some((_, v)) = self.given_paths.iter().find(|(p, _)| *p == two) {
                return Ok(v.clone());
            }
        }
        if segs == ["None"] || segs.ends_with(&["Option".into(), "None".into()]) {
            return Ok(Val::Opt(None));
        }
        if let [.., ty, name] = segs.as_slice() {
            if let Some(v) = primitive_const(ty, name) {
                return Ok(v);
            }
            if segs.len() >= 3 && segs[segs.len() - 2] == "consts" {
                if let Some(v) = primitive_const(&segs[segs.len() - 3], name) {
                    return Ok(v);
                }
            }
        }
        match self.ws().resolve(f.scope.krate, f.scope.module, &segs, Namespace::Value) {
            Resolved::Item(item, ItemKind::Const | ItemKind::Static) => return self.const_item(item, e, want, f),
            Resolved::Item(_, ItemKind::Fn) => return Err(self.unsupported(e, f, "a fn used as a value")),
            Resolved::External(full) if full == ["serde_json", "Value", "Null"] => {
                return Ok(Val::Json(serde_json::Value::Null));
            }
            // A const of a native registry crate, as its own `Serialize` writes it.
            Resolved::External(full) if crate::model::native_values::native_const(&full).is_some() => {
                return Ok(Val::Json(crate::model::native_values::native_const(&full).unwrap_or_default()));
            }
            Resolved::External(full) if is_runtime_api(&full) => {
                return Err(self.fail(
                    e,
                    f,
                    Failure::Runtime,
                    format!("`{}` is only known at runtime", full.join("::")),
                ))
            }
            // A value of a crate not read: the next load reads it when it is a registry
            // dependency, and evaluates the value from its own sources.
            Resolved::External(full) => self.want_crate_of(&full),
            _ => {}
        }
        if let Some(v) = self.assoc_const(&segs, e, want, f)? {
            return Ok(v);
        }
        match self.type_target(&segs, want, f) {
            Some((def, args, Some(variant))) => {
                let unit = declared(self.types.model().def(def), Some(variant)).is_some_and(<[_]>::is_empty);
                if unit {
                    return Ok(Val::Variant { def, args, variant, fields: Vec::new() });
                }
                Err(self.unsupported(e, f, "a variant constructor used as a value"))
            }
            Some((def, args, None)) if self.types.model().def(def).is_unit_struct() => {
                Ok(Val::Struct { def, args, fields: Vec::new() })
            }
            _ => Err(self.unsupported(e, f, format!("`{}` is not a const, static or value the CLI can see", text(e)))),
        }
    }

    /// Note that the run reached a value of the extern crate `full` starts with (see
    /// [`crate::source::Workspace::want_registry_crate`]).
    pub(super) fn want_crate_of(&self, full: &[String]) {
        if let Some(krate) = full.iter().find(|s| !s.is_empty()) {
            self.ws().want_registry_crate(krate);
        }
    }

    /// The value of a `const` or `static` item, evaluated where it is written.
    pub(super) fn const_item(&mut self, item: ItemRef, at: &Expr, want: Option<&Ty>, f: &Frame) -> Eval {
        if self.budget.is_active(&Active::item(item)) {
            return Err(self.fail(at, f, Failure::Invalid, "a const that depends on itself"));
        }
        let ws = self.ws();
        let (init, decl) = match ws.item(item) {
            syn::Item::Const(c) => (&*c.expr, &*c.ty),
            syn::Item::Static(s) => (&*s.expr, &*s.ty),
            _ => return Err(self.unsupported(at, f, "not a const")),
        };
        let scope = Scope::without_generics(item.krate, item.module);
        let declared = self.types.lower(decl, &scope);
        let ty = if matches!(declared, Ty::Unknown(_)) { want.cloned() } else { Some(declared) };
        self.budget.push(Active::item(item));
        let out = self.eval(init, ty.as_ref(), &Frame::new(scope));
        self.budget.pop();
        out
    }

    /// `Type::CONST` / `Self::CONST`: an associated const of a struct or enum of ours, as the
    /// compiler finds it for the concrete type: in an inherent impl, else in an `impl Trait for
    /// Type`, else the trait's default.
    pub(super) fn assoc_const(
        &mut self,
        segs: &[String],
        at: &Expr,
        want: Option<&Ty>,
        f: &Frame,
    ) -> Result<Option<Val>, EvalError> {
        let Some((owner, name)) = self.owner_and_member(segs, f) else { return Ok(None) };
        let Some((written_in, active, ty, expr)) = self.assoc_const_decl(owner, &name) else { return Ok(None) };
        if self.budget.is_active(&active) {
            return Err(self.fail(at, f, Failure::Invalid, "a const that depends on itself"));
        }
        let scope = Scope::without_generics(written_in.krate, written_in.module);
        let declared = self.types.lower(ty, &scope);
        let ty = if matches!(declared, Ty::Unknown(_)) { want.cloned() } else { Some(declared) };
        let self_ty = Ty::Named(self.types.def_for(owner), Vec::new());
        self.budget.push(active);
        let out = self.eval(expr, ty.as_ref(), &Frame::new(scope).with_self(Some(self_ty)));
        self.budget.pop();
        out.map(Some)
    }

    /// Where the associated const `name` of `owner` is written (the impl block, or the trait of a
    /// default), its key for the recursion check, its type and its value expression.
    fn assoc_const_decl(&self, owner: ItemRef, name: &str) -> Option<(ItemRef, Active, &'w syn::Type, &'w Expr)> {
        let impls = self.rs.impls();
        let of_type = impls.impls_of(&crate::source::impls::TypeKey::Item(owner));
        for &i in &of_type {
            let imp = &impls.impls[i];
            let found = imp.items().iter().find_map(|it| match it {
                syn::ImplItem::Const(c) if c.ident == name => Some(c),
                _ => None,
            });
            if let Some(c) = found {
                return Some((imp.item, Active::member(imp.item, c), &c.ty, &c.expr));
            }
        }
        for &i in of_type.iter().filter(|&&i| !impls.impls[i].is_inherent()) {
            let Some(trait_item) = impls.trait_of(i) else { continue };
            let syn::Item::Trait(t) = impls.ws.item(trait_item) else { continue };
            let items = impls.ws.trait_items(trait_item.krate, trait_item.module, t);
            let found = items.iter().find_map(|it| match it {
                syn::TraitItem::Const(c) if c.ident == name => c.default.as_ref().map(|(_, e)| (c, e)),
                _ => None,
            });
            if let Some((c, e)) = found {
                return Some((trait_item, Active::member(trait_item, c), &c.ty, e));
            }
        }
        None
    }

    /// `Owner::member` with `Owner` a struct or enum of ours (or `Self`).
    pub(super) fn owner_and_member(&mut self, segs: &[String], f: &Frame) -> Option<(ItemRef, String)> {
        let (head, last) = segs.split_at(segs.len().checked_sub(1)?);
        if head.is_empty() {
            return None;
        }
        let owner = if head == ["Self"] {
            match &f.self_ty {
                Some(Ty::Named(id, _)) => self.types.model().def(*id).item,
                _ => return None,
            }
        } else {
            match self.ws().resolve(f.scope.krate, f.scope.module, head, Namespace::Type) {
                Resolved::Item(item, ItemKind::Struct | ItemKind::Enum) => item,
                Resolved::External(full) => {
                    self.want_crate_of(&full);
                    return None;
                }
                _ => return None,
            }
        };
        Some((owner, last[0].clone()))
    }

    /// The definition a path names (`Name`, `Self`, `Enum::Variant`, `Self::Variant`), with its
    /// generic arguments when it is the type expected.
    pub(super) fn type_target(
        &mut self,
        segs: &[String],
        want: Option<&Ty>,
        f: &Frame,
    ) -> Option<(DefId, Vec<Ty>, Option<usize>)> {
        let args_for = |id: DefId, want: Option<&Ty>, f: &Frame| match (want, &f.self_ty) {
            (Some(Ty::Named(w, a)), _) if *w == id => a.clone(),
            (_, Some(Ty::Named(w, a))) if *w == id => a.clone(),
            _ => Vec::new(),
        };
        if segs == ["Self"] {
            return match &f.self_ty {
                Some(Ty::Named(id, a)) => Some((*id, a.clone(), None)),
                _ => None,
            };
        }
        if let Resolved::Item(item, ItemKind::Struct | ItemKind::Enum) =
            self.ws().resolve(f.scope.krate, f.scope.module, segs, Namespace::Type)
        {
            let id = self.types.def_for(item);
            return Some((id, args_for(id, want, f), None));
        }
        let (head, last) = segs.split_at(segs.len().checked_sub(1)?);
        let id = if head == ["Self"] {
            match &f.self_ty {
                Some(Ty::Named(id, _)) => *id,
                _ => return None,
            }
        } else {
            match self.ws().resolve(f.scope.krate, f.scope.module, head, Namespace::Type) {
                Resolved::Item(item, ItemKind::Enum) => self.types.def_for(item),
                _ => return None,
            }
        };
        let Body::Enum { variants } = &self.types.model().def(id).body else { return None };
        let vi = variants.iter().position(|v| v.rust_name == last[0])?;
        Some((id, args_for(id, want, f), Some(vi)))
    }

    pub(super) fn field(&mut self, x: &syn::ExprField, f: &Frame) -> Eval {
        let base = self.eval(&x.base, None, f)?;
        match (&x.member, base) {
            (syn::Member::Unnamed(i), Val::Tuple(items)) => items
                .get(i.index as usize)
                .cloned()
                .ok_or_else(|| self.fail(x, f, Failure::Invalid, "no such tuple field")),
            (member, Val::Struct { def, fields, .. }) => {
                let Body::Struct { fields: decl, .. } = &self.types.model().def(def).body else {
                    return Err(self.unsupported(x, f, "a field of a non-struct"));
                };
                let pos = decl.iter().enumerate().position(|(i, d)| member_is(member, d, i));
                match pos.and_then(|p| fields.get(p).cloned().flatten()) {
                    Some(v) => Ok(v),
                    None => Err(self.unsupported(x, f, "a field the CLI did not evaluate")),
                }
            }
            // A value of another crate seen as its JSON (a tool route's `attr.input_schema`).
            (syn::Member::Named(n), Val::Json(serde_json::Value::Object(mut o))) => {
                let name = crate::source::unraw_ident(&n.to_string());
                if self.option_fields.contains(&name.as_str()) {
                    let some = o.swap_remove(&name).filter(|v| !v.is_null()).map(|v| match v {
                        serde_json::Value::String(s) => Box::new(Val::Str(s)),
                        v => Box::new(Val::Json(v)),
                    });
                    return Ok(Val::Opt(some));
                }
                match o.swap_remove(&name) {
                    Some(v) => Ok(Val::Json(v)),
                    None => Err(self.unsupported(x, f, format!("a field `{n}` the CLI does not know"))),
                }
            }
            // `meta.0`: no JSON value has a tuple field, so a JSON object with one is a newtype held
            // as the object it serialises as (rmcp's `Meta(JsonObject)`): the object itself.
            (syn::Member::Unnamed(i), j @ Val::Json(serde_json::Value::Object(_))) if i.index == 0 => Ok(j),
            (_, other) => Err(self.unsupported(x, f, format!("a field of {}", other.kind_of()))),
        }
    }

    /// `Name { a: 1, ..base }` / `Enum::Variant { a: 1 }`.
    pub(super) fn struct_literal(&mut self, s: &syn::ExprStruct, want: Option<&Ty>, f: &Frame) -> Eval {
        let segs = path_segments(&s.path);
        let name = segs.last().map(String::as_str).unwrap_or("");
        if let Some((_, field)) = self.given_structs.iter().find(|(n, _)| *n == name) {
            let value = s.fields.iter().find(|fv| matches!(&fv.member, syn::Member::Named(n) if n == field));
            return match value {
                Some(fv) => self.eval(&fv.expr, None, f),
                None => Err(self.unsupported(&s.path, f, format!("`{name}` without its `{field}`"))),
            };
        }
        if let Some(&(_, fields)) = self.json_structs.iter().find(|(n, _)| *n == name) {
            if let Some(rest) = &s.rest {
                return Err(self.unsupported(&**rest, f, format!("`{name}` with a base (`..`)")));
            }
            let mut o = serde_json::Map::new();
            for field in fields {
                o.insert((*field).to_owned(), serde_json::Value::Null);
            }
            for fv in &s.fields {
                let syn::Member::Named(n) = &fv.member else {
                    return Err(self.unsupported(&fv.member, f, format!("a field of `{name}` by position")));
                };
                let n = crate::source::unraw_ident(&n.to_string());
                if !fields.contains(&n.as_str()) {
                    return Err(self.unsupported(&fv.member, f, format!("a field `{n}` the CLI does not know")));
                }
                let v = self.eval(&fv.expr, None, f)?;
                let j = self.types.serialize(&v).map_err(|why| self.unsupported(&fv.expr, f, why))?;
                o.insert(n, j);
            }
            return Ok(Val::Json(serde_json::Value::Object(o)));
        }
        let Some((def, args, variant)) = self.type_target(&segs, want, f) else {
            return Err(self.unsupported(&s.path, f, format!("`{}` is not a type of the workspace", segs.join("::"))));
        };
        // Kept by `Rc`: evaluating the field values may lower more types.
        let shared = self.types.model().shared(def);
        let Some(decl) = declared(&shared, variant) else {
            return Err(self.unsupported(&s.path, f, "a struct literal of an enum"));
        };
        let self_ty = Ty::Named(def, args.clone());
        let base = match &s.rest {
            Some(rest) => match self.eval(rest, Some(&self_ty), f)? {
                Val::Struct { fields, def: d, .. } if d == def => Some(fields),
                other => {
                    return Err(self.unsupported(&**rest, f, format!("{} as the base of a struct", other.kind_of())))
                }
            },
            None => None,
        };
        let mut values = Vec::new();
        for (i, field) in decl.iter().enumerate() {
            let given = s.fields.iter().find(|fv| member_is(&fv.member, field, i));
            values.push(match (given, &base) {
                (_, _) if field.value_skip => None,
                (Some(fv), _) => Some(self.eval(&fv.expr, Some(&crate::model::substitute(&field.ty, &args)), f)?),
                (None, Some(b)) => b.get(i).cloned().flatten(),
                (None, None) => {
                    let name = field.rust_name.clone().unwrap_or_else(|| i.to_string());
                    return Err(self.fail(s, f, Failure::Invalid, format!("field `{name}` is not given")));
                }
            });
        }
        Ok(match variant {
            Some(variant) => Val::Variant { def, args, variant, fields: values },
            None => Val::Struct { def, args, fields: values },
        })
    }
}

/// The fields a constructor or literal of `def` declares: the variant's when one is given (none
/// when `def` is not an enum), else the struct's (`None` for an enum).
pub(super) fn declared(def: &crate::model::TypeDef, variant: Option<usize>) -> Option<&[crate::model::Field]> {
    match (&def.body, variant) {
        (Body::Enum { variants }, Some(v)) => Some(&variants[v].fields),
        (_, Some(_)) => Some(&[]),
        (Body::Struct { fields, .. }, None) => Some(fields),
        (_, None) => None,
    }
}
