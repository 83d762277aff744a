//! `<T as Default>::default()` for the structs and enums of the workspace: a derived `Default`
//! (every field's default; the `#[default]` variant), or the body of a hand-written
//! `impl Default`, evaluated.

use syn::spanned::Spanned;

use super::{Active, Eval, Evaluator, Failure, Frame, Val, MAX_REPEAT};
use crate::model::{substitute, Body, DefId, Leaf, Scope, Ty};
use crate::source::impls::TypeKey;

/// The value a type's `Default` gives when it is not one of our types (those are resolved in
/// [`default_impl`]).
pub(super) fn builtin_default(ty: &Ty) -> Option<Val> {
    Some(match ty {
        Ty::Int(k) => Val::Int(0, *k),
        Ty::Float(k) => Val::Float(0.0, *k),
        Ty::Bool => Val::Bool(false),
        Ty::String => Val::Str(String::new()),
        Ty::Char => Val::Char('\0'),
        Ty::Unit => Val::Unit,
        Ty::Option(_) => Val::Opt(None),
        Ty::JsonValue => Val::Json(serde_json::Value::Null),
        Ty::Seq(_) | Ty::Set(_) => Val::Seq(Vec::new()),
        Ty::Map(..) => Val::Map(Vec::new()),
        Ty::Leaf(leaf) => Val::Json(match leaf {
            Leaf::Duration => serde_json::json!({"secs": 0, "nanos": 0}),
            Leaf::DateTime => "1970-01-01T00:00:00Z".into(),
            Leaf::NaiveDateTime => "1970-01-01T00:00:00".into(),
            Leaf::NaiveDate => "1970-01-01".into(),
            Leaf::NaiveTime => "00:00:00".into(),
            Leaf::Uuid => "00000000-0000-0000-0000-000000000000".into(),
            Leaf::PathBuf => "".into(),
            _ => return None,
        }),
        _ => return None,
    })
}

impl Evaluator<'_, '_> {
    /// `<ty as Default>::default()`.
    pub fn type_default(&mut self, ty: &Ty, at: &dyn Spanned, f: &Frame) -> Eval {
        if let Some(v) = builtin_default(ty) {
            return Ok(v);
        }
        match ty {
            // `[T; 0]` is `Default` for every `T` (std implements it without a bound).
            Ty::Array(_, 0) => Ok(Val::Seq(Vec::new())),
            Ty::Array(item, n) => {
                let x = self.type_default(item, at, f)?;
                Ok(Val::Seq(vec![x; (*n).min(MAX_REPEAT) as usize]))
            }
            Ty::Tuple(items) => {
                items.iter().map(|t| self.type_default(t, at, f)).collect::<Result<_, _>>().map(Val::Tuple)
            }
            Ty::Named(id, args) => {
                if !self.budget.enter() {
                    return Err(self.unsupported(at, f, "`Default` impls nested too deep"));
                }
                let out = self.named_default(*id, args, at, f);
                self.budget.leave();
                out
            }
            Ty::Unknown(u) => {
                Err(self.unsupported(at, f, format!("the `Default` of `{}`, a type the CLI cannot see", u.written)))
            }
            other => Err(self.unsupported(at, f, format!("the `Default` of {other:?}"))),
        }
    }

    pub(super) fn named_default(&mut self, id: DefId, args: &[Ty], at: &dyn Spanned, f: &Frame) -> Eval {
        let def = self.types.model().shared(id);
        let item = self.ws().item(def.item);
        if !matches!(item, syn::Item::Struct(_) | syn::Item::Enum(_)) {
            return Err(self.unsupported(at, f, format!("`{}` has no `Default`", def.rust_name)));
        }
        if self.types.derives(id, "Default") {
            return match (&def.body, item) {
                (Body::Struct { fields, .. }, _) => {
                    let mut values = Vec::new();
                    for field in fields {
                        let ty = substitute(&field.ty, args);
                        // A field serde never writes, or of a type the CLI cannot see (its value
                        // could not be shown either), is left unevaluated.
                        let unseen = field.value_skip || matches!(ty, Ty::Unknown(_) | Ty::Param(_));
                        values.push(if unseen { None } else { Some(self.type_default(&ty, at, f)?) });
                    }
                    Ok(Val::Struct { def: id, args: args.to_vec(), fields: values })
                }
                (Body::Enum { variants }, syn::Item::Enum(e)) => {
                    let Some(pos) =
                        e.variants.iter().position(|v| v.attrs.iter().any(|a| a.path().is_ident("default")))
                    else {
                        return Err(self.fail(
                            at,
                            f,
                            Failure::Invalid,
                            format!("`{}` derives `Default` without a `#[default]` variant", def.rust_name),
                        ));
                    };
                    if !variants.get(pos).is_some_and(|v| v.fields.is_empty()) {
                        return Err(self.fail(at, f, Failure::Invalid, "a `#[default]` variant with fields"));
                    }
                    Ok(Val::Variant { def: id, args: args.to_vec(), variant: pos, fields: Vec::new() })
                }
                _ => Err(self.unsupported(at, f, format!("`{}` has no `Default`", def.rust_name))),
            };
        }
        self.impl_default(id, args, &def.rust_name, at, f)
    }

    /// The body of `fn default()` of a hand-written `impl Default`, evaluated with `Self` bound.
    fn impl_default(&mut self, id: DefId, args: &[Ty], name: &str, at: &dyn Spanned, f: &Frame) -> Eval {
        let item = self.types.model().def(id).item;
        let impls = self.rs.impls();
        let Some(imp) = impls.trait_impl(&TypeKey::Item(item), "Default").map(|i| impls.impls[i].item) else {
            return Err(self.unsupported(at, f, format!("`{name}` has no `Default` the CLI can see")));
        };
        if self.budget.is_active(&Active::item(imp)) {
            return Err(self.fail(at, f, Failure::Invalid, format!("`{name}::default()` calls itself")));
        }
        let ws = self.ws();
        let syn::Item::Impl(i) = ws.item(imp) else { unreachable!("indexed as an impl") };
        let Some(func) = ws.impl_items(imp.krate, imp.module, i).iter().find_map(|it| match it {
            syn::ImplItem::Fn(func) if func.sig.ident == "default" => Some(func),
            _ => None,
        }) else {
            return Err(self.unsupported(at, f, format!("`impl Default for {name}` has no `default` fn")));
        };
        let scope = Scope::without_generics(imp.krate, imp.module);
        let self_ty = Ty::Named(id, args.to_vec());
        let frame = Frame::new(scope).with_self(Some(self_ty.clone()));
        let body = ws.block(imp.krate, imp.module, &func.block);
        self.budget.push(Active::item(imp));
        let out = self.fn_body(body, Some(&self_ty), &frame);
        self.budget.pop();
        out
    }
}
