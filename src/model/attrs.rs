//! Attributes: `#[schemars(...)]` (and the `validate`/`garde` keys schemars reads) into
//! [`SchemarsAttrs`], and the serde-compatible keys of `#[schemars(...)]` merged into the
//! `#[serde(...)]` attributes handed to `serde_derive_internals`, as schemars_derive does.

use serde_json::Value;
use syn::punctuated::Punctuated;
use syn::{Expr, Lit, Meta, Token};

use super::eval::json;
use super::{SchemaFn, Shown, Ty};

/// Keys of `#[schemars(...)]` that mean what they mean in `#[serde(...)]`. A key given in
/// `schemars` wins over the same key in `serde`.
const SERDE_KEYS: &[&str] = &[
    "rename",
    "rename_all",
    "rename_all_fields",
    "tag",
    "content",
    "untagged",
    "default",
    "skip",
    "skip_serializing",
    "skip_deserializing",
    "skip_serializing_if",
    "flatten",
    "transparent",
    "deny_unknown_fields",
    "from",
    "try_from",
    "into",
];

/// What schemars itself reads from an item's attributes, lowered and evaluated.
#[derive(Debug, Clone, Default)]
pub struct SchemarsAttrs {
    pub title: Option<String>,
    pub description: Option<String>,
    pub inline: bool,
    /// Container `#[schemars(rename = "…")]`: the schema name (`{T}` placeholders kept).
    pub rename: Option<String>,
    /// `with = "Type"` (or a field-level `#[serde(with = "…")]` that parses as a type), lowered
    /// where the item is written (the item's generic parameters are `Param`s).
    pub with: Option<Ty>,
    /// `schema_with = "path"`: the fn, and its schema when its body is a literal.
    pub schema_with: Option<SchemaFn>,
    /// `transform = …` values in order, read ([`super::transform`]).
    pub transforms: Vec<super::transform::Transform>,
    /// `extend("k" = value, …)`, in order.
    pub extend: Vec<(String, Value)>,
    /// `example = expr` values, evaluated and serialised (one per attribute, in order).
    pub examples: Vec<Shown>,
    /// `#[schemars(required)]` / `validate(required)` / `garde(required)`.
    pub required: bool,
    pub validations: Validations,
    /// Keys that could not be read (their value is an expression we cannot evaluate).
    pub opaque: Vec<String>,
    /// `#[serde(with = "…")]` / `serialize_with = "…"`: values of this field serialise through
    /// custom code (so a serialised default cannot be known).
    pub custom_serialize: bool,
}

/// The parts of the attributes that are syntax until lowering reads them: types to lower and
/// expressions to evaluate where the item is written.
#[derive(Debug, Clone, Default)]
pub struct WrittenAttrs {
    /// `with = "Type"` (or `#[serde(with = "…")]`), parsed.
    pub with: Option<syn::Type>,
    /// `schema_with = "path"` as written (`…` when it is not a string).
    pub schema_with: Option<String>,
    /// `example = expr`, as written.
    pub examples: Vec<Expr>,
    /// `transform = expr`, as written.
    pub transforms: Vec<Expr>,
    /// Validation bounds written as expressions (`range(max = MAX_LEN)`), evaluated where the
    /// item is written (see [`crate::model::eval::validation_bounds`]).
    pub bounds: Vec<(Bound, Expr)>,
}

/// Which validation keyword an expression bound gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    Minimum,
    Maximum,
    MinLength,
    MaxLength,
}

/// Validation keywords (`range`, `length`, `regex`, `email`, …).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Validations {
    pub minimum: Option<serde_json::Number>,
    pub maximum: Option<serde_json::Number>,
    pub min_length: Option<u64>,
    pub max_length: Option<u64>,
    pub pattern: Option<String>,
    pub format: Option<String>,
    pub inner: Option<Box<Validations>>,
}

impl Validations {
    pub fn is_empty(&self) -> bool {
        *self == Validations::default()
    }
}

/// The `key = value` and `key(...)` arguments of a list attribute such as `#[serde(...)]` or
/// `#[tool(...)]`; empty for any other form.
pub fn nested(attr: &syn::Attribute) -> Vec<Meta> {
    match &attr.meta {
        Meta::List(list) => list
            .parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
            .map(|p| p.into_iter().collect())
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

fn key(meta: &Meta) -> String {
    meta.path().get_ident().map(|i| i.to_string()).unwrap_or_default()
}

/// Rewrite a list of attributes so that serde sees the serde-compatible `schemars` keys too.
pub fn merge_serde_attrs(attrs: &[syn::Attribute]) -> Vec<syn::Attribute> {
    let schemars_keys: Vec<Meta> = attrs
        .iter()
        .filter(|a| a.path().is_ident("schemars"))
        .flat_map(nested)
        .filter(|m| SERDE_KEYS.contains(&key(m).as_str()))
        .collect();
    if schemars_keys.is_empty() {
        return attrs.to_vec();
    }
    let mut overridden: Vec<String> = schemars_keys.iter().map(key).collect();
    // schemars_derive: `skip` in `schemars` overrides serde's `skip_serializing` and
    // `skip_deserializing` too (they would otherwise be duplicates of the `skip` it adds).
    if overridden.iter().any(|k| k == "skip") {
        overridden.extend(["skip_serializing".to_owned(), "skip_deserializing".to_owned()]);
    }
    let mut out: Vec<syn::Attribute> = Vec::new();
    let mut serde_keys: Vec<Meta> = Vec::new();
    for a in attrs {
        if a.path().is_ident("serde") {
            serde_keys.extend(nested(a).into_iter().filter(|m| !overridden.contains(&key(m))));
        } else {
            out.push(a.clone());
        }
    }
    serde_keys.extend(schemars_keys);
    out.push(syn::parse_quote!(#[serde(#(#serde_keys),*)]));
    out
}

fn lit_str(expr: &Expr) -> Option<String> {
    match expr {
        Expr::Lit(l) => match &l.lit {
            Lit::Str(s) => Some(s.value()),
            _ => None,
        },
        Expr::Group(g) => lit_str(&g.expr),
        _ => None,
    }
}

fn number(expr: &Expr) -> Option<serde_json::Number> {
    match expr {
        Expr::Lit(l) => match &l.lit {
            Lit::Int(i) => {
                i.base10_parse::<u64>().ok().map(Into::into).or_else(|| i.base10_parse::<i64>().ok().map(Into::into))
            }
            Lit::Float(f) => f.base10_parse::<f64>().ok().and_then(serde_json::Number::from_f64),
            _ => None,
        },
        Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => {
            let n = number(&u.expr)?;
            if let Some(i) = n.as_u64() {
                i64::try_from(i).ok().map(|i| (-i).into())
            } else {
                n.as_f64().and_then(|f| serde_json::Number::from_f64(-f))
            }
        }
        Expr::Group(g) => number(&g.expr),
        _ => None,
    }
}

impl SchemarsAttrs {
    /// Read `#[schemars(...)]`, `#[validate(...)]` and `#[garde(...)]` from an item, field or
    /// variant, with the parts lowering has yet to read.
    pub fn from_attrs(attrs: &[syn::Attribute]) -> (SchemarsAttrs, WrittenAttrs) {
        let mut out = SchemarsAttrs::default();
        let mut written = WrittenAttrs::default();
        let mut serde_with: Option<syn::Type> = None;
        for attr in attrs {
            let name = attr.path().get_ident().map(|i| i.to_string()).unwrap_or_default();
            match name.as_str() {
                "serde" => {
                    for meta in nested(attr) {
                        if let Meta::NameValue(nv) = &meta {
                            match key(&meta).as_str() {
                                "with" => {
                                    out.custom_serialize = true;
                                    serde_with = lit_str(&nv.value).and_then(|s| syn::parse_str(&s).ok());
                                }
                                "serialize_with" => out.custom_serialize = true,
                                _ => {}
                            }
                        }
                    }
                }
                "schemars" => {
                    for meta in nested(attr) {
                        out.read_schemars(&meta, &mut written);
                    }
                }
                "validate" | "garde" => {
                    for meta in nested(attr) {
                        out.read_validation(&meta, false, &mut written);
                    }
                }
                _ => {}
            }
        }
        // schemars reads a `#[serde(with = "…")]` path as a type, like its own `with`.
        if written.with.is_none() && written.schema_with.is_none() {
            written.with = serde_with;
        }
        (out, written)
    }

    fn read_schemars(&mut self, meta: &Meta, written: &mut WrittenAttrs) {
        let k = key(meta);
        let value = match meta {
            Meta::NameValue(nv) => Some(&nv.value),
            _ => None,
        };
        match k.as_str() {
            "title" => self.title = value.and_then(lit_str).or_else(|| self.opaque("title")),
            "description" => self.description = value.and_then(lit_str).or_else(|| self.opaque("description")),
            "inline" => self.inline = true,
            "rename" => self.rename = value.and_then(lit_str),
            "with" => written.with = value.and_then(lit_str).and_then(|s| syn::parse_str(&s).ok()),
            "schema_with" => written.schema_with = Some(value.and_then(lit_str).unwrap_or_else(|| "…".into())),
            "transform" => written.transforms.extend(value.cloned()),
            "example" => written.examples.extend(value.cloned()),
            "extend" => {
                if let Meta::List(list) = meta {
                    match list.parse_args_with(Punctuated::<ExtendPair, Token![,]>::parse_terminated) {
                        Ok(pairs) => {
                            for p in pairs {
                                match json::parse(p.value) {
                                    Some(v) => self.extend.push((p.key, v)),
                                    None => self.opaque.push(format!("extend({})", p.key)),
                                }
                            }
                        }
                        Err(_) => self.opaque.push("extend".into()),
                    }
                }
            }
            _ => self.read_validation(meta, true, written),
        }
    }

    fn opaque(&mut self, what: &str) -> Option<String> {
        self.opaque.push(what.to_owned());
        None
    }

    fn read_validation(&mut self, meta: &Meta, from_schemars: bool, written: &mut WrittenAttrs) {
        let k = key(meta);
        let v = &mut self.validations;
        match (k.as_str(), meta) {
            ("required", Meta::Path(_)) => self.required = true,
            ("email", _) => v.format = Some("email".into()),
            ("url", _) => v.format = Some("uri".into()),
            ("ip", _) => v.format = Some("ip".into()),
            ("ipv4", _) => v.format = Some("ipv4".into()),
            ("ipv6", _) => v.format = Some("ipv6".into()),
            ("range", Meta::List(list)) => {
                for (k, e) in name_values(list) {
                    let bound = match k.as_str() {
                        "min" => Bound::Minimum,
                        "max" => Bound::Maximum,
                        _ => continue,
                    };
                    match number(&e) {
                        Some(n) if bound == Bound::Minimum => v.minimum = Some(n),
                        Some(n) => v.maximum = Some(n),
                        None => written.bounds.push((bound, e)),
                    }
                }
            }
            ("length", Meta::List(list)) => {
                for (k, e) in name_values(list) {
                    let bounds: &[Bound] = match k.as_str() {
                        "min" => &[Bound::MinLength],
                        "max" => &[Bound::MaxLength],
                        "equal" => &[Bound::MinLength, Bound::MaxLength],
                        _ => continue,
                    };
                    let n = number(&e).and_then(|n| n.as_u64());
                    for bound in bounds {
                        match (n, bound) {
                            (Some(n), Bound::MinLength) => self.validations.min_length = Some(n),
                            (Some(n), _) => self.validations.max_length = Some(n),
                            (None, _) => written.bounds.push((*bound, e.clone())),
                        }
                    }
                }
            }
            ("regex", Meta::List(list)) => {
                for (k, e) in name_values(list) {
                    match k.as_str() {
                        "pattern" => v.pattern = lit_str(&e),
                        "path" => self.opaque.push("regex(path)".into()),
                        _ => {}
                    }
                }
            }
            ("regex", Meta::NameValue(nv)) | ("pattern", Meta::NameValue(nv)) => match lit_str(&nv.value) {
                Some(p) => v.pattern = Some(p),
                None => self.opaque.push(k.clone()),
            },
            ("pattern", Meta::List(list)) => match list.parse_args::<Expr>().ok().as_ref().and_then(lit_str) {
                // `pattern("^a+$")`, as schemars and garde write it.
                Some(p) => v.pattern = Some(p),
                None => self.opaque.push(k.clone()),
            },
            ("contains", Meta::List(list)) => {
                let pairs = name_values(list);
                if pairs.is_empty() {
                    // `contains("abc")`: one expression, the substring.
                    v.pattern = list.parse_args::<Expr>().ok().as_ref().and_then(lit_str).map(|s| regex_escape(&s));
                }
                for (k, e) in pairs {
                    if k == "pattern" || k == "value" {
                        v.pattern = lit_str(&e).map(|s| regex_escape(&s));
                    }
                }
            }
            ("contains", Meta::NameValue(nv)) => v.pattern = lit_str(&nv.value).map(|s| regex_escape(&s)),
            ("inner", Meta::List(list)) if from_schemars => {
                let mut inner = SchemarsAttrs::default();
                let mut inner_written = WrittenAttrs::default();
                if let Ok(metas) = list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated) {
                    for m in metas {
                        inner.read_validation(&m, true, &mut inner_written);
                    }
                }
                // Bounds of the inner items written as expressions are not evaluated there.
                self.opaque.extend(inner_written.bounds.iter().map(|_| "inner(…)".to_owned()));
                self.validations.inner = Some(Box::new(inner.validations));
            }
            _ => {}
        }
    }
}

/// One `"key" = value` of `extend(…)`. As in schemars, the value is every token up to the next
/// top-level comma, read as the body of a `json!` (so `{"k": null}` and `[1, "a"]` are values).
struct ExtendPair {
    key: String,
    value: proc_macro2::TokenStream,
}

impl syn::parse::Parse for ExtendPair {
    fn parse(input: syn::parse::ParseStream) -> syn::Result<Self> {
        let key: syn::LitStr = input.parse()?;
        input.parse::<Token![=]>()?;
        let mut value = proc_macro2::TokenStream::new();
        while !input.is_empty() && !input.peek(Token![,]) {
            value.extend([input.parse::<proc_macro2::TokenTree>()?]);
        }
        if value.is_empty() {
            return Err(input.error("expected an extension value"));
        }
        Ok(ExtendPair { key: key.value(), value })
    }
}

fn name_values(list: &syn::MetaList) -> Vec<(String, Expr)> {
    list.parse_args_with(Punctuated::<syn::MetaNameValue, Token![,]>::parse_terminated)
        .map(|p| p.into_iter().filter_map(|nv| Some((nv.path.get_ident()?.to_string(), nv.value))).collect())
        .unwrap_or_default()
}

fn regex_escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if "\\.+*?()|[]{}^$#&-~".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Whether an item carries `#[deprecated]`.
pub fn is_deprecated(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| a.path().is_ident("deprecated"))
}

/// The traits an item's derives name (last path segments), read once when it is lowered.
#[derive(Debug, Default)]
pub struct Derives {
    /// Every `derive`, `cfg_attr` ones included: what tells a derived `JsonSchema`.
    pub all: Vec<String>,
    /// Those of plain `#[derive(…)]` attributes: what tells a derived `Serialize` or `Default`.
    pub plain: Vec<String>,
}

impl Derives {
    pub fn of(attrs: &[syn::Attribute]) -> Self {
        let mut all = Vec::new();
        for attr in attrs {
            collect_derives(&attr.meta, &mut all);
        }
        let plain = attrs
            .iter()
            .filter(|a| a.path().is_ident("derive"))
            .filter_map(|a| a.parse_args_with(Punctuated::<syn::Path, Token![,]>::parse_terminated).ok())
            .flat_map(|paths| paths.into_iter().filter_map(|p| p.segments.last().map(|s| s.ident.to_string())))
            .collect();
        Derives { all, plain }
    }

    pub fn names(&self, name: &str) -> bool {
        self.all.iter().any(|d| d == name)
    }

    pub fn names_plainly(&self, name: &str) -> bool {
        self.plain.iter().any(|d| d == name)
    }
}

fn collect_derives(meta: &Meta, out: &mut Vec<String>) {
    let Meta::List(list) = meta else { return };
    let name = list.path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default();
    if name == "derive" {
        if let Ok(paths) = list.parse_args_with(Punctuated::<syn::Path, Token![,]>::parse_terminated) {
            out.extend(paths.iter().filter_map(|p| p.segments.last().map(|s| s.ident.to_string())));
        }
    } else if name == "cfg_attr" {
        if let Ok(metas) = list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated) {
            for m in metas.iter().skip(1) {
                collect_derives(m, out);
            }
        }
    }
}
