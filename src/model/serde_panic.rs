//! The one input on which serde's own derive panics instead of reporting an error: its
//! `camelCase` rule lower-cases the first *byte* of a name, so a field whose PascalCase form
//! starts with a non-ASCII letter (`über`) or is empty (`__`), or a variant that starts with
//! one, under `rename_all = "camelCase"` (or `rename_all_fields`), stops the compilation. We
//! read the same attributes with the same code (serde_derive_internals), so we check first and
//! report the item the compiler would reject, instead of panicking.

use proc_macro2::Span;

/// The name serde's derive would panic on, with its span, if there is one.
pub(crate) fn camel_case_panic(input: &syn::DeriveInput) -> Option<(Span, String)> {
    let rules = camel_case_rules(&input.attrs, "rename_all");
    match &input.data {
        syn::Data::Struct(s) => panicking_field(&s.fields, rules),
        syn::Data::Enum(e) => {
            let variant = e.variants.iter().find(|v| {
                rules.applies(own_renames(&v.attrs)) && !v.ident.to_string().starts_with(|c: char| c.is_ascii())
            });
            if let Some(v) = variant {
                return Some((v.ident.span(), v.ident.to_string()));
            }
            let all_fields = camel_case_rules(&input.attrs, "rename_all_fields");
            e.variants
                .iter()
                .find_map(|v| panicking_field(&v.fields, all_fields.or(camel_case_rules(&v.attrs, "rename_all"))))
        }
        syn::Data::Union(_) => None,
    }
}

/// Which directions a camelCase rule renames (serde keeps the two apart).
#[derive(Clone, Copy, Default)]
struct Camel {
    ser: bool,
    de: bool,
}

impl Camel {
    fn or(self, other: Camel) -> Camel {
        Camel { ser: self.ser || other.ser, de: self.de || other.de }
    }

    /// Whether the rule reaches a name that has these renames of its own.
    fn applies(self, renamed: Camel) -> bool {
        self.ser && !renamed.ser || self.de && !renamed.de
    }
}

fn panicking_field(fields: &syn::Fields, rules: Camel) -> Option<(Span, String)> {
    fields.iter().filter(|f| rules.applies(own_renames(&f.attrs))).filter_map(|f| f.ident.as_ref()).find_map(|ident| {
        let name = crate::source::unraw_ident(&ident.to_string());
        let pascal_start = name.chars().find(|c| *c != '_');
        (!pascal_start.is_some_and(|c| c.is_ascii())).then(|| (ident.span(), name))
    })
}

/// The directions a `#[serde(rename …)]` of the item itself covers.
fn own_renames(attrs: &[syn::Attribute]) -> Camel {
    serde_keys(attrs, "rename", |_| true)
}

/// The directions `#[serde(KEY = "camelCase")]` (or `KEY(serialize = …, deserialize = …)`) covers.
fn camel_case_rules(attrs: &[syn::Attribute], key: &str) -> Camel {
    serde_keys(attrs, key, |lit| lit.value() == "camelCase")
}

fn serde_keys(attrs: &[syn::Attribute], key: &str, matches: impl Fn(&syn::LitStr) -> bool) -> Camel {
    let mut out = Camel::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        let _ = attr.parse_nested_meta(|meta| {
            if !meta.path.is_ident(key) {
                return skip_value(&meta);
            }
            if meta.input.peek(syn::Token![=]) {
                let hit = matches(&meta.value()?.parse::<syn::LitStr>()?);
                out = out.or(Camel { ser: hit, de: hit });
            } else {
                meta.parse_nested_meta(|inner| {
                    let hit = matches(&inner.value()?.parse::<syn::LitStr>()?);
                    if inner.path.is_ident("serialize") {
                        out.ser |= hit;
                    } else if inner.path.is_ident("deserialize") {
                        out.de |= hit;
                    }
                    Ok(())
                })?;
            }
            Ok(())
        });
    }
    out
}

/// Passes over the value of a key this check does not read (`= …` or `(…)`).
fn skip_value(meta: &syn::meta::ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) {
        meta.value()?.parse::<syn::Expr>()?;
    } else if meta.input.peek(syn::token::Paren) {
        let _content;
        syn::parenthesized!(_content in meta.input);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(src: &str) -> Option<String> {
        camel_case_panic(&syn::parse_str(src).unwrap()).map(|(_, name)| name)
    }

    #[test]
    fn finds_the_names_serde_panics_on() {
        let s = r#"#[serde(rename_all = "camelCase")] struct S { ok: u8, über: u8 }"#;
        assert_eq!(check(s).as_deref(), Some("über"));
        let s = r#"#[serde(rename_all(serialize = "camelCase"))] struct S { __: u8 }"#;
        assert_eq!(check(s).as_deref(), Some("__"));
        let s = r#"#[serde(rename_all = "camelCase")] enum E { Ok, Ünï }"#;
        assert_eq!(check(s).as_deref(), Some("Ünï"));
        let s = r#"#[serde(rename_all_fields = "camelCase")] enum E { V { ölçü: u8 } }"#;
        assert_eq!(check(s).as_deref(), Some("ölçü"));
        let s = r#"#[serde(default, rename_all = "snake_case")] struct S { über: u8 }"#;
        assert_eq!(check(s), None);
        let s = r#"#[serde(rename_all = "camelCase", deny_unknown_fields)] struct S { _über_x: u8, r#type: u8 }"#;
        assert_eq!(check(s).as_deref(), Some("_über_x"));
        let s = r#"#[serde(rename_all = "camelCase")] struct S { #[serde(rename = "uber")] über: u8 }"#;
        assert_eq!(check(s), None, "a field renamed on its own is not touched by the rule");
        let s = r#"#[serde(rename_all = "camelCase")] struct S { #[serde(rename(serialize = "u"))] über: u8 }"#;
        assert_eq!(check(s).as_deref(), Some("über"), "deserialize still applies the rule");
    }
}
