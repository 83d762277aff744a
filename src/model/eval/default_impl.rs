//! `<T as Default>::default()` for the structs and enums of the workspace: a derived `Default`
//! (every field's default; the `#[default]` variant), or the body of a hand-written
//! `impl Default`, evaluated.

use syn::spanned::Spanned;

use super::{Eval, Evaluator, Failure, Frame, Val};
use crate::model::{substitute, Body, DefId, Scope, Ty};

/// Whether the attributes derive a trait (`#[derive(Default)]`, `#[derive(std::default::Default)]`).
pub fn derives(attrs: &[syn::Attribute], name: &str) -> bool {
    use syn::punctuated::Punctuated;
    attrs.iter().filter(|a| a.path().is_ident("derive")).any(|a| {
        a.parse_args_with(Punctuated::<syn::Path, syn::Token![,]>::parse_terminated)
            .is_ok_and(|paths| paths.iter().any(|p| p.segments.last().is_some_and(|s| s.ident == name)))
    })
}

impl Evaluator<'_, '_> {
    pub(super) fn named_default(&mut self, id: DefId, args: &[Ty], at: &dyn Spanned, f: &Frame) -> Eval {
        let def = self.lw.model.def(id).clone();
        let item = self.lw.ws.item(def.item);
        let attrs = match item {
            syn::Item::Struct(s) => &s.attrs,
            syn::Item::Enum(e) => &e.attrs,
            _ => return Err(self.unsupported(at, f, format!("`{}` has no `Default`", def.rust_name))),
        };
        if derives(attrs, "Default") {
            return match (&def.body, item) {
                (Body::Struct { fields, .. }, _) => {
                    let mut values = Vec::new();
                    for field in fields {
                        let ty = substitute(&field.ty, args);
                        // A field serde never writes, or of a type the CLI cannot see (its value
                        // could not be shown either), is left unevaluated.
                        let unseen = field.skip_ser || matches!(ty, Ty::Unknown(_) | Ty::Param(_));
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
        let item = self.lw.model.def(id).item;
        let Some(imp) = self.impls().default.get(&item).copied() else {
            return Err(self.unsupported(at, f, format!("`{name}` has no `Default` the CLI can see")));
        };
        if self.active.contains(&imp) {
            return Err(self.fail(at, f, Failure::Invalid, format!("`{name}::default()` calls itself")));
        }
        let ws = self.lw.ws;
        let syn::Item::Impl(i) = ws.item(imp) else { unreachable!("indexed as an impl") };
        let Some(func) = ws.impl_items(imp.krate, imp.module, i).iter().find_map(|it| match it {
            syn::ImplItem::Fn(func) if func.sig.ident == "default" => Some(func),
            _ => None,
        }) else {
            return Err(self.unsupported(at, f, format!("`impl Default for {name}` has no `default` fn")));
        };
        let scope = Scope { krate: imp.krate, module: imp.module, generics: Vec::new() };
        let self_ty = Ty::Named(id, args.to_vec());
        let frame = Frame::new(scope).with_self(Some(self_ty.clone()));
        let body = ws.block(imp.krate, imp.module, &func.block);
        self.active.push(imp);
        let out = self.block(body, Some(&self_ty), &frame);
        self.active.pop();
        out
    }
}
