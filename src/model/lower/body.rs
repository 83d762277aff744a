//! A struct's or enum's serde attributes and body, as `serde_derive_internals` reads them (the
//! serde-compatible `schemars` keys merged in, as schemars_derive does), with its fields' and
//! variants' schemars attributes.

use serde_derive_internals::{ast, attr, Ctxt, Derive};

use super::super::attrs::{is_deprecated, merge_serde_attrs};
use super::super::{
    doc_lines, Body, ContainerSerde, Field, FieldDefault, FieldDefaultValue, Scope, Shown, Style, Tag, Variant,
};
use super::Lowerer;
use crate::diagnostics::{Code, Diagnostic};

impl Lowerer<'_, '_> {
    /// The serde attributes and the body of a struct or enum; the example expressions of its
    /// fields and variants are added to `examples` (in the order of [`Beside::examples`]).
    pub(super) fn lower_body(
        &mut self,
        source: &syn::Item,
        scope: &Scope,
        examples: &mut Vec<Vec<syn::Expr>>,
    ) -> (ContainerSerde, Body) {
        let input = derive_input(source);
        if let Some((span, name)) = super::super::serde_panic::camel_case_panic(&input) {
            let why = format!("serde's derive panics on `rename_all = \"camelCase\"` for `{name}`");
            self.diagnostics.push(
                Diagnostic::error(Code::SerdeDerivePanic, format!("{why}: the crate does not compile"))
                    .at(Some(self.location(scope.krate, scope.module, span)))
                    .with_label("its camelCase form starts inside a non-ASCII character")
                    .with_help("rename this field or variant with `#[serde(rename = \"…\")]`"),
            );
            return (ContainerSerde::default(), Body::Unsupported(why));
        }
        let cx = Ctxt::new();
        let container = ast::Container::from_ast(&cx, &input, Derive::Deserialize);
        let mut serde = ContainerSerde::default();
        let body = match &container {
            None => Body::Unsupported("serde cannot derive for this item".into()),
            Some(c) => {
                serde = self.container_serde(c, scope);
                match &c.data {
                    ast::Data::Struct(style, fields) => {
                        let (fields, written): (Vec<_>, Vec<_>) = fields.iter().map(|f| self.field(f, scope)).unzip();
                        examples.extend(written);
                        Body::Struct { style: style_of(*style), fields }
                    }
                    ast::Data::Enum(variants) => {
                        let variants = variants.iter().map(|v| self.variant(v, scope, examples)).collect();
                        Body::Enum { variants }
                    }
                }
            }
        };
        drop(container);
        if let Err(e) = cx.check() {
            serde.errors.push(e.to_string());
        }
        let mut body = body;
        if mentions_schemars(source) {
            serde_value_view(source, &mut body);
        }
        (serde, body)
    }

    fn container_serde(&mut self, c: &ast::Container, scope: &Scope) -> ContainerSerde {
        let a = &c.attrs;
        let tag = match a.tag() {
            attr::TagType::External => Tag::External,
            attr::TagType::Internal { tag } => Tag::Internal(tag.clone()),
            attr::TagType::Adjacent { tag, content } => Tag::Adjacent(tag.clone(), content.clone()),
            attr::TagType::None => Tag::Untagged,
        };
        ContainerSerde {
            ser_name: a.name().serialize_name().to_owned(),
            de_name: a.name().deserialize_name().to_owned(),
            tag,
            transparent: a.transparent(),
            deny_unknown_fields: a.deny_unknown_fields(),
            default: field_default(a.default()),
            from: a.type_from().map(|t| self.lower(t, scope)),
            try_from: a.type_try_from().map(|t| self.lower(t, scope)),
            into: a.type_into().map(|t| self.lower(t, scope)),
            errors: Vec::new(),
        }
    }

    /// A field, and its example expressions.
    fn field(&mut self, f: &ast::Field, scope: &Scope) -> (Field, Vec<syn::Expr>) {
        let a = &f.attrs;
        let rust_name = match &f.member {
            syn::Member::Named(i) => Some(crate::source::unraw_ident(&i.to_string())),
            syn::Member::Unnamed(_) => None,
        };
        let location = self.location(scope.krate, scope.module, syn::spanned::Spanned::span(f.original));
        let ty = self.lower(f.ty, scope);
        let (schemars, examples) = self.schemars_attrs(&f.original.attrs, scope, self.current_item());
        let field = Field {
            rust_name,
            ser_name: a.name().serialize_name().to_owned(),
            de_name: a.name().deserialize_name().to_owned(),
            ty,
            docs: doc_lines(&f.original.attrs),
            location,
            skip_ser: a.skip_serializing(),
            skip_de: a.skip_deserializing(),
            skip_ser_if: a.skip_serializing_if().map(|p| path_string(&p.path)),
            default: field_default(a.default()),
            flatten: a.flatten(),
            schemars,
            deprecated: is_deprecated(&f.original.attrs),
            default_value: FieldDefaultValue::Own(Shown::ABSENT),
            value_name: a.name().serialize_name().to_owned(),
            value_skip: a.skip_serializing(),
        };
        (field, examples)
    }

    /// A variant; its example expressions, then its fields', are added to `examples`.
    fn variant(&mut self, v: &ast::Variant, scope: &Scope, examples: &mut Vec<Vec<syn::Expr>>) -> Variant {
        let a = &v.attrs;
        let location = self.location(scope.krate, scope.module, v.ident.span());
        let (fields, field_examples): (Vec<_>, Vec<_>) = v.fields.iter().map(|f| self.field(f, scope)).unzip();
        let (schemars, own) = self.schemars_attrs(&v.original.attrs, scope, self.current_item());
        examples.push(own);
        examples.extend(field_examples);
        Variant {
            rust_name: crate::source::unraw_ident(&v.ident.to_string()),
            ser_name: a.name().serialize_name().to_owned(),
            de_name: a.name().deserialize_name().to_owned(),
            style: style_of(v.style),
            fields,
            docs: doc_lines(&v.original.attrs),
            location,
            skip_ser: a.skip_serializing(),
            skip_de: a.skip_deserializing(),
            untagged: a.untagged(),
            schemars,
            deprecated: is_deprecated(&v.original.attrs),
            value_name: a.name().serialize_name().to_owned(),
            value_skip: a.skip_serializing(),
        }
    }
}

fn style_of(style: ast::Style) -> Style {
    match style {
        ast::Style::Struct => Style::Struct,
        ast::Style::Tuple => Style::Tuple,
        ast::Style::Newtype => Style::Newtype,
        ast::Style::Unit => Style::Unit,
    }
}

fn field_default(d: &attr::Default) -> FieldDefault {
    match d {
        attr::Default::None => FieldDefault::None,
        attr::Default::Default => FieldDefault::Default,
        attr::Default::Path(p) => FieldDefault::Path(path_string(&p.path)),
    }
}

fn path_string(path: &syn::Path) -> String {
    path.segments.iter().map(|s| s.ident.to_string()).collect::<Vec<_>>().join("::")
}

/// Whether a `#[schemars(…)]` attribute is on the item, a field or a variant (only then can the
/// schema's names and skips differ from serde's).
fn mentions_schemars(item: &syn::Item) -> bool {
    let has = |attrs: &[syn::Attribute]| attrs.iter().any(|a| a.path().is_ident("schemars"));
    match item {
        syn::Item::Struct(s) => has(&s.attrs) || s.fields.iter().any(|f| has(&f.attrs)),
        syn::Item::Enum(e) => {
            has(&e.attrs) || e.variants.iter().any(|v| has(&v.attrs) || v.fields.iter().any(|f| has(&f.attrs)))
        }
        _ => false,
    }
}

/// Set each field's and variant's `value_name`/`value_skip` from serde's own attributes (the
/// item read again without schemars' keys merged in).
fn serde_value_view(source: &syn::Item, body: &mut Body) {
    let input = derive_input_with(source, false);
    let cx = Ctxt::new();
    if let Some(c) = ast::Container::from_ast(&cx, &input, Derive::Deserialize) {
        let set_fields = |ours: &mut [Field], theirs: &[ast::Field]| {
            for (o, t) in ours.iter_mut().zip(theirs) {
                o.value_name = t.attrs.name().serialize_name().to_owned();
                o.value_skip = t.attrs.skip_serializing();
            }
        };
        match (&c.data, body) {
            (ast::Data::Struct(_, theirs), Body::Struct { fields, .. }) => set_fields(fields, theirs),
            (ast::Data::Enum(theirs), Body::Enum { variants }) => {
                for (o, t) in variants.iter_mut().zip(theirs) {
                    o.value_name = t.attrs.name().serialize_name().to_owned();
                    o.value_skip = t.attrs.skip_serializing();
                    set_fields(&mut o.fields, &t.fields);
                }
            }
            _ => {}
        }
    }
    // Errors were reported by the first reading.
    let _ = cx.check();
}

/// The item as a `DeriveInput`, with the serde-compatible `schemars` keys merged into `serde`.
fn derive_input(item: &syn::Item) -> syn::DeriveInput {
    derive_input_with(item, true)
}

/// The item as a `DeriveInput`; with `merge`, the serde-compatible `schemars` keys merged into
/// `serde` (what the schema follows), else serde's attributes alone (what a value follows).
fn derive_input_with(item: &syn::Item, merge: bool) -> syn::DeriveInput {
    let merge_serde_attrs = |attrs: &[syn::Attribute]| if merge { merge_serde_attrs(attrs) } else { attrs.to_vec() };
    match item {
        syn::Item::Struct(s) => {
            let mut fields = s.fields.clone();
            for f in fields.iter_mut() {
                f.attrs = merge_serde_attrs(&f.attrs);
            }
            syn::DeriveInput {
                attrs: merge_serde_attrs(&s.attrs),
                vis: s.vis.clone(),
                ident: s.ident.clone(),
                generics: s.generics.clone(),
                data: syn::Data::Struct(syn::DataStruct {
                    struct_token: s.struct_token,
                    fields,
                    semi_token: s.semi_token,
                }),
            }
        }
        syn::Item::Enum(e) => {
            let mut variants = e.variants.clone();
            for v in variants.iter_mut() {
                v.attrs = merge_serde_attrs(&v.attrs);
                for f in v.fields.iter_mut() {
                    f.attrs = merge_serde_attrs(&f.attrs);
                }
            }
            syn::DeriveInput {
                attrs: merge_serde_attrs(&e.attrs),
                vis: e.vis.clone(),
                ident: e.ident.clone(),
                generics: e.generics.clone(),
                data: syn::Data::Enum(syn::DataEnum { enum_token: e.enum_token, brace_token: e.brace_token, variants }),
            }
        }
        _ => unreachable!("derive_input is called for structs and enums"),
    }
}
