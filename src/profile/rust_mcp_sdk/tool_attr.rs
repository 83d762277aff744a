//! The keys of `#[mcp_tool(...)]`, read as rust-mcp-macros reads them: `name`, `description`
//! and `title` (a string literal or `concat!` of string literals), the four hints (bool
//! literals), `meta` (a string holding a JSON object), `icons` (a list of `(src = …, …)`) and
//! `execution(task_support = …)`. An unknown `key = value` is passed over, a bare key too;
//! every malformed value is an error, as it is a compile error for the real macro.

use proc_macro2::{Span, TokenStream};
use quote::ToTokens;
use syn::parse::{ParseStream, Parser};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Expr, ExprLit, Lit, Meta, Token};

use crate::profile::lit_str;

/// What the attribute says about the tool.
#[derive(Debug, Clone, Default)]
pub struct ToolAttr {
    pub name: String,
    pub description: String,
    pub title: Option<String>,
    pub destructive_hint: Option<bool>,
    pub idempotent_hint: Option<bool>,
    pub open_world_hint: Option<bool>,
    pub read_only_hint: Option<bool>,
    /// The `_meta` object, keys as written (the caller sorts them).
    pub meta: Option<serde_json::Value>,
    pub icons: Vec<Icon>,
    /// `forbidden`, `optional` or `required`.
    pub task_support: Option<String>,
}

#[derive(Debug, Clone, Default)]
pub struct Icon {
    pub src: String,
    pub mime_type: Option<String>,
    pub sizes: Vec<String>,
    pub theme: Option<String>,
}

/// Why the macro rejects the attribute, and where.
#[derive(Debug, Clone)]
pub struct Rejection {
    pub span: Span,
    pub message: String,
}

fn reject(span: Span, message: impl Into<String>) -> Rejection {
    Rejection { span, message: message.into() }
}

/// Read the attribute. `execution`: whether this rust-mcp-macros release reads the
/// `execution(...)` key (2.0 passes over it).
pub fn parse(attr: &syn::Attribute, execution: bool) -> Result<ToolAttr, Rejection> {
    let tokens = match &attr.meta {
        Meta::List(list) => list.tokens.clone(),
        _ => TokenStream::new(),
    };
    let metas = Punctuated::<Meta, Token![,]>::parse_terminated
        .parse2(tokens)
        .map_err(|e| reject(e.span(), format!("the attribute does not parse: {e}")))?;
    let mut out = ToolAttr::default();
    let (mut name, mut description) = (None, None);
    for meta in metas {
        match meta {
            Meta::NameValue(nv) => {
                let Some(ident) = nv.path.get_ident() else {
                    return Err(reject(
                        nv.path.span(),
                        "a key must be a single identifier (the macro panics on a path)",
                    ));
                };
                let value = &nv.value;
                match ident.to_string().as_str() {
                    "name" => name = Some(text(value)?),
                    "description" => description = Some(text(value)?),
                    "title" => out.title = Some(text(value)?),
                    "meta" => out.meta = Some(meta_object(value)?),
                    "icons" => out.icons = icons(value)?,
                    "destructive_hint" => out.destructive_hint = Some(boolean(value)?),
                    "idempotent_hint" => out.idempotent_hint = Some(boolean(value)?),
                    "open_world_hint" => out.open_world_hint = Some(boolean(value)?),
                    "read_only_hint" => out.read_only_hint = Some(boolean(value)?),
                    "mime_type" | "uri" | "uri_template" => {
                        lit_str(value).ok_or_else(|| reject(value.span(), "expected a string literal"))?;
                    }
                    "size" => {
                        let ok = matches!(value, Expr::Lit(ExprLit { lit: Lit::Int(i), .. }) if i.base10_parse::<i64>().is_ok());
                        if !ok {
                            return Err(reject(value.span(), "expected an integer literal"));
                        }
                    }
                    _ => {}
                }
            }
            Meta::List(list) => {
                let Some(ident) = list.path.get_ident() else {
                    return Err(reject(
                        list.path.span(),
                        "a key must be a single identifier (the macro panics on a path)",
                    ));
                };
                if ident == "execution" && execution {
                    out.task_support = task_support(&list)?;
                }
            }
            Meta::Path(_) => {}
        }
    }
    out.name = name
        .filter(|n| !n.trim().is_empty())
        .ok_or_else(|| reject(attr.span(), "the `name` key is required and must not be blank"))?;
    out.description = description
        .filter(|d| !d.trim().is_empty())
        .ok_or_else(|| reject(attr.span(), "the `description` key is required and must not be blank"))?;
    Ok(out)
}

/// A string literal, or `concat!` of string literals.
fn text(e: &Expr) -> Result<String, Rejection> {
    if let Some(s) = lit_str(e) {
        return Ok(s);
    }
    let Expr::Macro(m) = e else {
        return Err(reject(
            e.span(),
            "expected a string literal or `concat!(…)` (the macro reads no other expression)",
        ));
    };
    if !m.mac.path.is_ident("concat") {
        return Err(reject(
            e.span(),
            "expected a string literal or `concat!(…)` (the macro reads no other expression)",
        ));
    }
    let parts = Punctuated::<Expr, Token![,]>::parse_terminated
        .parse2(m.mac.tokens.clone())
        .map_err(|err| reject(err.span(), format!("`concat!` does not parse: {err}")))?;
    let mut out = String::new();
    for part in &parts {
        match lit_str(part) {
            Some(s) => out.push_str(&s),
            None => return Err(reject(part.span(), "only string literals are allowed inside this `concat!`")),
        }
    }
    Ok(out)
}

fn boolean(e: &Expr) -> Result<bool, Rejection> {
    match e {
        Expr::Lit(ExprLit { lit: Lit::Bool(b), .. }) => Ok(b.value),
        _ => Err(reject(e.span(), "expected `true` or `false`")),
    }
}

/// `meta = "{…}"`: a JSON object in a string literal.
fn meta_object(e: &Expr) -> Result<serde_json::Value, Rejection> {
    let text = lit_str(e).ok_or_else(|| reject(e.span(), "expected a JSON object in a string literal"))?;
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|err| reject(e.span(), format!("`meta` is not valid JSON: {err}")))?;
    if !value.is_object() {
        return Err(reject(e.span(), "`meta` must be a JSON object"));
    }
    Ok(value)
}

fn task_support(list: &syn::MetaList) -> Result<Option<String>, Rejection> {
    let nested = list
        .parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
        .map_err(|e| reject(e.span(), format!("`execution(…)` does not parse: {e}")))?;
    let mut out = None;
    for meta in nested {
        let Meta::NameValue(nv) = meta else { continue };
        if !nv.path.is_ident("task_support") {
            continue;
        }
        if let Some(v) = lit_str(&nv.value) {
            if !matches!(v.as_str(), "forbidden" | "optional" | "required") {
                return Err(reject(nv.value.span(), "`task_support` must be `forbidden`, `optional` or `required`"));
            }
            out = Some(v);
        }
    }
    Ok(out)
}

fn icons(e: &Expr) -> Result<Vec<Icon>, Rejection> {
    let Expr::Array(arr) = e else {
        return Err(reject(e.span(), "`icons` must be an array: `[(src = \"…\"), …]`"));
    };
    arr.elems
        .iter()
        .map(|elem| icon.parse2(elem.to_token_stream()).map_err(|e| reject(e.span(), e.to_string())))
        .collect()
}

/// One `(src = "…", mime_type = "…", sizes = ["…"], theme = "light")`.
fn icon(input: ParseStream) -> syn::Result<Icon> {
    let content;
    syn::parenthesized!(content in input);
    let whole = content.span();
    let fields = content.parse_terminated(
        |f: ParseStream| {
            let key: syn::Ident = f.parse()?;
            f.parse::<Token![=]>()?;
            let value: Expr = f.parse()?;
            Ok((key, value))
        },
        Token![,],
    )?;
    let mut out = Icon::default();
    let mut src = None;
    for (key, value) in fields {
        let lit = match &value {
            Expr::Lit(ExprLit { lit, .. }) => Some(lit),
            _ => None,
        };
        match key.to_string().as_str() {
            "src" => match lit {
                Some(Lit::Str(s)) => src = Some(s.value()),
                Some(_) => return Err(syn::Error::new(value.span(), "an icon's `src` must be a string literal")),
                None => {}
            },
            "mime_type" => match lit {
                Some(Lit::Str(s)) => out.mime_type = Some(s.value()),
                Some(_) => return Err(syn::Error::new(value.span(), "an icon's `mime_type` must be a string literal")),
                None => {}
            },
            "sizes" => {
                let Expr::Array(sizes) = &value else {
                    return Err(syn::Error::new(value.span(), "an icon's `sizes` must be an array of string literals"));
                };
                out.sizes = sizes
                    .elems
                    .iter()
                    .map(|s| {
                        lit_str(s)
                            .ok_or_else(|| syn::Error::new(s.span(), "an icon's `sizes` holds string literals only"))
                    })
                    .collect::<syn::Result<_>>()?;
            }
            "theme" => {
                if let Some(Lit::Str(s)) = lit {
                    let theme = s.value();
                    if theme != "light" && theme != "dark" {
                        return Err(syn::Error::new(value.span(), "an icon's `theme` must be \"light\" or \"dark\""));
                    }
                    out.theme = Some(theme);
                }
            }
            other => {
                return Err(syn::Error::new(
                    key.span(),
                    format!("`{other}` is not an icon key (`src`, `mime_type`, `sizes`, `theme`)"),
                ))
            }
        }
    }
    out.src = src.ok_or_else(|| syn::Error::new(whole, "an icon must have a `src`"))?;
    Ok(out)
}
