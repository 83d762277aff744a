//! From the syntax tree to the written IR ([`crate::model::written`]): fields with their types
//! as spelled and their attributes as entry lists, and for each single identifier the derive
//! would call `json_schema()` on, the definition that answers (or why none does).

use std::collections::HashMap;

use syn::parse::{ParseStream, Parser};
use syn::spanned::Spanned;

use crate::model::eval::{Frame, Val};
use crate::model::written::{
    EntryValue, MetaEntries, MetaEntry, SegmentArgs, Target, VariantFields, WrittenAttrs, WrittenBody, WrittenDef,
    WrittenField, WrittenId, WrittenLit, WrittenModel, WrittenPath, WrittenSegment, WrittenTy, WrittenVariant,
};
use crate::model::{Lowerer, Resolver, Scope};
use crate::schema::rust_mcp_sdk::might_be_struct;
use crate::source::impls::TypeKey;
use crate::source::{ItemKind, ItemRef, ModuleId, Namespace, Resolved, Workspace};

/// Aliases of aliases deeper than this are taken for a cycle.
const MAX_ALIAS_DEPTH: usize = 16;

/// Builds the written model as tools reach definitions; each definition is lowered once.
pub struct Builder<'w> {
    ws: &'w Workspace,
    /// For the impls of a type and the evaluator (a hand-written `json_schema()`).
    resolver: Resolver<'w>,
    pub model: WrittenModel,
    lowered: HashMap<ItemRef, Result<WrittenId, String>>,
}

/// Whether `attrs` derive the SDK's `JsonSchema` (any `derive` path ending in `JsonSchema` but
/// schemars' own).
pub fn derives(attrs: &[syn::Attribute], name: &str) -> bool {
    attrs.iter().filter(|a| a.path().is_ident("derive")).any(|a| {
        let paths = a.parse_args_with(syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated);
        paths.is_ok_and(|ps| {
            ps.iter().any(|p| {
                p.segments.last().is_some_and(|s| s.ident == name)
                    && !(name == "JsonSchema" && p.segments.first().is_some_and(|s| s.ident == "schemars"))
            })
        })
    })
}

impl<'w> Builder<'w> {
    pub fn new(ws: &'w Workspace) -> Self {
        Builder { ws, resolver: Resolver::new(ws), model: WrittenModel::default(), lowered: HashMap::new() }
    }

    /// The definition `Name::json_schema()` means for `Name` written in `module` of `krate`.
    pub fn target(&mut self, krate: usize, module: ModuleId, name: &str) -> Target {
        self.target_at(krate, module, name, 0)
    }

    fn target_at(&mut self, krate: usize, module: ModuleId, name: &str, depth: usize) -> Target {
        if matches!(name, "usize" | "isize") {
            return Target::Missing(format!(
                "`{name}` has no `json_schema()`: the derive knows only the fixed-width integers (i8 … u128)"
            ));
        }
        if depth > MAX_ALIAS_DEPTH {
            return Target::Missing(format!("the aliases leading to `{name}` never end"));
        }
        match self.ws.resolve(krate, module, &[name.to_owned()], Namespace::Type) {
            Resolved::Item(r, ItemKind::Struct | ItemKind::Enum) => match self.def(r) {
                Ok(id) => Target::Def(id),
                Err(why) => self.hand_written(r).unwrap_or(Target::Missing(why)),
            },
            Resolved::Item(r, ItemKind::Alias) => {
                let syn::Item::Type(alias) = self.ws.item(r) else {
                    return Target::Missing(format!("`{name}` could not be read"));
                };
                match single_ident(&alias.ty) {
                    Some(inner) if is_primitive(&inner) => Target::Missing(format!(
                        "`{name}` is an alias of `{inner}`, which has no `json_schema()`"
                    )),
                    Some(inner) => self.target_at(r.krate, r.module, &inner, depth + 1),
                    None => Target::Missing(format!(
                        "`{name}` is an alias of a type that is not a plain identifier, which has no `json_schema()`"
                    )),
                }
            }
            Resolved::Item(_, kind) => Target::Missing(format!("`{name}` is a {kind:?}, not a struct or enum")),
            Resolved::Module(..) => Target::Missing(format!("`{name}` is a module")),
            Resolved::External(path) if path.len() <= 1 && is_primitive(name) => {
                Target::Missing(format!("`{name}` is a primitive type without `json_schema()`"))
            }
            // The standard library and serde_json define no `json_schema()` (a bare `Value` is
            // one of these before rust-mcp-macros 1.0, which knows it by name).
            Resolved::External(path) if path.first().is_some_and(|c| matches!(c.as_str(), "serde_json" | "std" | "core" | "alloc")) => {
                Target::Missing(format!(
                    "`{}` has no `json_schema()` (the derive takes the single identifier `{name}` for a struct of this crate)",
                    path.join("::")
                ))
            }
            Resolved::External(path) => Target::Missing(format!(
                "`{}` is not a type of this crate: whether it has a `json_schema()` cannot be seen",
                path.join("::")
            )),
        }
    }

    /// The inherent `fn json_schema()` (no parameters) of the type at `r`, written by hand: the
    /// derive calls `Type::json_schema()` by path, so it answers as a derived one would. Its body
    /// is evaluated; `None` when the type has no such fn.
    fn hand_written(&mut self, r: ItemRef) -> Option<Target> {
        let key = TypeKey::Item(r);
        let impls = self.resolver.impls();
        let (imp, f) = impls.inherent_of(&key).find_map(|imp| {
            imp.fns().find(|f| f.sig.ident == "json_schema" && f.sig.inputs.is_empty()).map(|f| (imp, f))
        })?;
        let (krate, module) = (imp.krate, imp.module);
        let name = match self.ws.item(r) {
            syn::Item::Struct(s) => s.ident.to_string(),
            syn::Item::Enum(e) => e.ident.to_string(),
            _ => return None,
        };
        let call: syn::Expr = syn::parse_str(&format!("{name}::json_schema()")).ok()?;
        let at = self.ws.crates[krate].file_of(module).location(f.sig.ident.span());
        let scope = Scope::without_generics(krate, module);
        let mut lowerer = Lowerer::new(&self.resolver);
        let mut evaluator = lowerer.evaluator();
        let frame = Frame::new(scope);
        Some(match evaluator.eval(&call, None, &frame) {
            Ok(Val::Json(serde_json::Value::Object(map))) => Target::Given(map),
            Ok(other) => Target::Unevaluable { why: format!("it gives {}, not a JSON object", other.kind_of()), at },
            Err(e) => Target::Unevaluable { why: e.reason.clone(), at: e.location(self.ws) },
        })
    }

    /// Lower the struct or enum at `r` (it must derive `JsonSchema` and have a shape the derive
    /// takes); each definition once, so a type that contains itself ends here too.
    pub fn def(&mut self, r: ItemRef) -> Result<WrittenId, String> {
        if let Some(done) = self.lowered.get(&r) {
            return done.clone();
        }
        let item = self.ws.item(r);
        let file = self.ws.crates[r.krate].file_of(r.module);
        let (ident, attrs, generics) = match item {
            syn::Item::Struct(s) => (&s.ident, &s.attrs, &s.generics),
            syn::Item::Enum(e) => (&e.ident, &e.attrs, &e.generics),
            _ => return Err("not a struct or enum".to_owned()),
        };
        let name = ident.to_string();
        let checked = if !derives(attrs, "JsonSchema") {
            Err(format!("`{name}` does not derive `JsonSchema`, so it has no `json_schema()`"))
        } else if !generics.params.is_empty() {
            Err(format!("`{name}` is generic: `{name}::json_schema()` cannot tell its parameters"))
        } else if let syn::Item::Struct(syn::ItemStruct { fields: syn::Fields::Named(_), .. }) | syn::Item::Enum(_) =
            item
        {
            Ok(())
        } else {
            Err(format!("`{name}` is a tuple or unit struct: the `JsonSchema` derive takes only named fields"))
        };
        if let Err(why) = checked {
            self.lowered.insert(r, Err(why.clone()));
            return Err(why);
        }
        let id = WrittenId(self.model.defs.len());
        self.model.defs.push(WrittenDef {
            rust_name: name,
            location: file.location(ident.span()),
            body: WrittenBody::Struct(Vec::new()),
        });
        self.lowered.insert(r, Ok(id));
        let body = match item {
            syn::Item::Struct(s) => WrittenBody::Struct(self.fields(r, &s.fields)),
            syn::Item::Enum(e) => WrittenBody::Enum(
                e.variants
                    .iter()
                    .map(|v| WrittenVariant {
                        ident: v.ident.to_string(),
                        attrs: attrs_of(&v.attrs),
                        fields: match &v.fields {
                            syn::Fields::Unit => VariantFields::Unit,
                            syn::Fields::Unnamed(_) => VariantFields::Tuple(self.fields(r, &v.fields)),
                            syn::Fields::Named(_) => VariantFields::Named(self.fields(r, &v.fields)),
                        },
                    })
                    .collect(),
            ),
            _ => unreachable!("checked above"),
        };
        self.model.defs[id.0].body = body;
        Ok(id)
    }

    fn fields(&mut self, r: ItemRef, fields: &syn::Fields) -> Vec<WrittenField> {
        let file = self.ws.crates[r.krate].file_of(r.module);
        fields
            .iter()
            .map(|f| WrittenField {
                ident: f.ident.as_ref().map(ToString::to_string).unwrap_or_default(),
                ty: self.ty(r.krate, r.module, &f.ty),
                attrs: attrs_of(&f.attrs),
                location: file.location(f.ident.as_ref().map_or_else(|| f.ty.span(), |i| i.span())),
            })
            .collect()
    }

    /// `ty` as written in `module` of `krate`.
    pub fn ty(&mut self, krate: usize, module: ModuleId, ty: &syn::Type) -> WrittenTy {
        let syn::Type::Path(tp) = ty else { return WrittenTy::Other };
        if tp.qself.is_some() {
            return WrittenTy::Other;
        }
        let segments = tp
            .path
            .segments
            .iter()
            .map(|s| WrittenSegment {
                ident: s.ident.to_string(),
                args: match &s.arguments {
                    syn::PathArguments::None => SegmentArgs::None,
                    syn::PathArguments::Parenthesized(_) => SegmentArgs::Paren,
                    syn::PathArguments::AngleBracketed(a) => SegmentArgs::Angle(
                        a.args
                            .iter()
                            .map(|g| match g {
                                syn::GenericArgument::Type(t) => Some(self.ty(krate, module, t)),
                                _ => None,
                            })
                            .collect(),
                    ),
                },
            })
            .collect();
        let mut path = WrittenPath { leading_colon: tp.path.leading_colon.is_some(), segments, target: None };
        if might_be_struct(&path) {
            path.target = Some(self.target(krate, module, &path.segments[0].ident.clone()));
        }
        WrittenTy::Path(path)
    }
}

fn is_primitive(name: &str) -> bool {
    matches!(
        name,
        "i8" | "i16"
            | "i32"
            | "i64"
            | "i128"
            | "isize"
            | "u8"
            | "u16"
            | "u32"
            | "u64"
            | "u128"
            | "usize"
            | "f32"
            | "f64"
            | "bool"
            | "char"
            | "str"
    )
}

/// A type that is one identifier without arguments.
pub fn single_ident(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(tp)
            if tp.qself.is_none()
                && tp.path.leading_colon.is_none()
                && tp.path.segments.len() == 1
                && tp.path.segments[0].arguments.is_none() =>
        {
            Some(tp.path.segments[0].ident.to_string())
        }
        _ => None,
    }
}

/// The doc, serde and json_schema attributes of a field or variant.
fn attrs_of(attrs: &[syn::Attribute]) -> WrittenAttrs {
    let mut out = WrittenAttrs::default();
    for a in attrs {
        if a.path().is_ident("doc") {
            if let syn::Meta::NameValue(nv) = &a.meta {
                if let syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) = &nv.value {
                    out.docs.push(s.value());
                }
            }
        } else if a.path().is_ident("serde") {
            out.serde.push(entries(a));
        } else if a.path().is_ident("json_schema") {
            out.json_schema.push(entries(a));
        }
    }
    out
}

/// The entries of `name(…)`, as far as they parse; a `key = expression` that is not a literal
/// ends them (every reader of these attributes stops there).
fn entries(attr: &syn::Attribute) -> MetaEntries {
    let syn::Meta::List(list) = &attr.meta else { return MetaEntries { entries: Vec::new(), broken: true } };
    let mut found = Vec::new();
    let parsed = (|input: ParseStream| -> syn::Result<()> {
        while !input.is_empty() {
            let key = meta_path(input)?;
            let value = if input.peek(syn::Token![=]) {
                input.parse::<syn::Token![=]>()?;
                match input.parse::<syn::Lit>() {
                    Ok(lit) => EntryValue::Lit(written_lit(&lit)),
                    Err(_) => {
                        found.push(MetaEntry { key, value: EntryValue::Expr });
                        return Err(input.error("not a literal"));
                    }
                }
            } else if input.peek(syn::token::Paren) {
                let _content;
                syn::parenthesized!(_content in input);
                EntryValue::Group
            } else {
                EntryValue::None
            };
            found.push(MetaEntry { key, value });
            if input.is_empty() {
                break;
            }
            input.parse::<syn::Token![,]>()?;
        }
        Ok(())
    })
    .parse2(list.tokens.clone());
    MetaEntries { entries: found, broken: parsed.is_err() }
}

/// A path as `parse_nested_meta` reads it (keywords allowed as segments).
fn meta_path(input: ParseStream) -> syn::Result<String> {
    use syn::ext::IdentExt;
    let mut out = String::new();
    if input.peek(syn::Token![::]) {
        input.parse::<syn::Token![::]>()?;
        out.push_str("::");
    }
    out.push_str(&syn::Ident::parse_any(input)?.to_string());
    while input.peek(syn::Token![::]) {
        input.parse::<syn::Token![::]>()?;
        out.push_str("::");
        out.push_str(&syn::Ident::parse_any(input)?.to_string());
    }
    Ok(out)
}

fn written_lit(lit: &syn::Lit) -> WrittenLit {
    match lit {
        syn::Lit::Str(s) => WrittenLit::Str(s.value()),
        syn::Lit::Int(i) => WrittenLit::Int(i.base10_digits().to_owned()),
        syn::Lit::Float(f) => WrittenLit::Float(f.base10_digits().to_owned()),
        syn::Lit::Bool(b) => WrittenLit::Bool(b.value),
        _ => WrittenLit::Other,
    }
}
