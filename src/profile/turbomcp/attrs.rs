//! What turbomcp-macros reads of a `#[tool]` method, as its `ToolAttrs::parse`,
//! `extract_doc_comments`, `analyze_parameters` and `infer_output_schema_type` read it.

use syn::spanned::Spanned;

use super::releases::Behaviour;

/// The arguments of `#[tool(…)]`.
#[derive(Default)]
pub struct ToolAttrs {
    pub description: Option<String>,
    pub tags: Vec<String>,
    pub version: Option<String>,
    pub title: Option<String>,
    pub icons: Vec<String>,
    pub read_only: Option<bool>,
    pub destructive: Option<bool>,
    pub idempotent: Option<bool>,
    pub open_world: Option<bool>,
    pub output_schema: Option<syn::Type>,
    /// `forbidden`, `optional` or `required`.
    pub task_support: Option<String>,
}

impl ToolAttrs {
    /// Whether `annotations` is published: a hint or a title is set.
    pub fn has_annotations(&self) -> bool {
        self.read_only.is_some()
            || self.destructive.is_some()
            || self.idempotent.is_some()
            || self.open_world.is_some()
            || self.title.is_some()
    }
}

/// The keys `#[tool]` takes in a release: the common ones, then the tool's own.
fn known_keys(b: &Behaviour) -> Vec<&'static str> {
    let mut keys = vec!["description", "tags", "version"];
    if b.tool_metadata {
        keys.extend(["title", "icons", "read_only", "destructive", "idempotent", "open_world", "output_schema"]);
    }
    if b.strict {
        keys.push("task_support");
    }
    keys
}

/// `#[tool]`, `#[tool("description")]` or `#[tool(key = value, …)]`, as the release parses it:
/// one strict grammar of its keys; from 3.5.0 what it refuses is the macro's compile error
/// (`Err`, with the span), before then the macro falls back to [`fallback`].
pub fn parse_tool_attr(attr: &syn::Attribute, b: &Behaviour) -> Result<ToolAttrs, syn::Error> {
    let syn::Meta::List(list) = &attr.meta else { return Ok(ToolAttrs::default()) };
    if let Ok(lit) = syn::parse2::<syn::LitStr>(list.tokens.clone()) {
        return Ok(ToolAttrs { description: Some(lit.value()), ..ToolAttrs::default() });
    }
    match parse_keys(&list.tokens, b) {
        Ok(attrs) => Ok(attrs),
        Err(e) if b.strict => Err(if e.span().start() == proc_macro2::Span::call_site().start() {
            syn::Error::new(attr.span(), e.to_string())
        } else {
            e
        }),
        Err(_) => Ok(fallback(&list.tokens, b)),
    }
}

/// The strict grammar: each key one of the release's, with a value of its kind.
fn parse_keys(tokens: &proc_macro2::TokenStream, b: &Behaviour) -> Result<ToolAttrs, syn::Error> {
    let mut out = ToolAttrs::default();
    let keys = known_keys(b);
    let parser = syn::meta::parser(|meta| {
        let key = meta.path.get_ident().map(|i| i.to_string()).unwrap_or_default();
        if !keys.contains(&key.as_str()) {
            let expected: Vec<String> = keys.iter().map(|k| format!("`{k}`")).collect();
            let key = if key.is_empty() { "<unknown>".to_owned() } else { key };
            return Err(
                meta.error(format!("unknown #[tool] attribute key `{key}`; expected one of {}", expected.join(", ")))
            );
        }
        match key.as_str() {
            "description" => out.description = Some(lit_str(&meta)?),
            "tags" => out.tags = lit_str_array(&meta)?,
            "version" => out.version = Some(lit_str(&meta)?),
            "title" => out.title = Some(lit_str(&meta)?),
            "icons" => out.icons = lit_str_array(&meta)?,
            "read_only" => out.read_only = Some(lit_bool(&meta)?),
            "destructive" => out.destructive = Some(lit_bool(&meta)?),
            "idempotent" => out.idempotent = Some(lit_bool(&meta)?),
            "open_world" => out.open_world = Some(lit_bool(&meta)?),
            "output_schema" => out.output_schema = Some(meta.value()?.parse::<syn::Type>()?),
            "task_support" => {
                let value: syn::LitStr = meta.value()?.parse()?;
                match value.value().as_str() {
                    level @ ("forbidden" | "optional" | "required") => out.task_support = Some(level.to_owned()),
                    other => {
                        return Err(syn::Error::new(
                            value.span(),
                            format!(
                                "unknown task_support `{other}`; expected \"forbidden\", \"optional\", or \"required\""
                            ),
                        ))
                    }
                }
            }
            _ => unreachable!("every known key is matched"),
        }
        Ok(())
    });
    syn::parse::Parser::parse2(parser, tokens.clone())?;
    Ok(out)
}

/// Before 3.5.0, when the strict grammar fails (an unknown key, a value of another kind), the
/// macro's `parse_alternative` reads the arguments again as tokens: for each key of the
/// release, the first top-level `key = "…"`, `key = […]` or `key = true|false`, anything else
/// ignored. It never reads `output_schema` (a type), so such a tool has no `outputSchema`.
/// (3.0.x scanned the text for substrings instead; read the same way here.)
fn fallback(tokens: &proc_macro2::TokenStream, b: &Behaviour) -> ToolAttrs {
    use proc_macro2::TokenTree;
    let flat: Vec<TokenTree> = tokens.clone().into_iter().collect();
    let value_of = |key: &str| -> Option<&TokenTree> {
        flat.windows(3).find_map(|w| match w {
            [TokenTree::Ident(i), TokenTree::Punct(p), v] if i == key && p.as_char() == '=' => Some(v),
            _ => None,
        })
    };
    let string = |key: &str| match value_of(key)? {
        TokenTree::Literal(l) => syn::parse_str::<syn::LitStr>(&l.to_string()).ok().map(|s| s.value()),
        _ => None,
    };
    let strings = |key: &str| match value_of(key) {
        Some(TokenTree::Group(g)) if g.delimiter() == proc_macro2::Delimiter::Bracket => g
            .stream()
            .into_iter()
            .filter_map(|t| match t {
                TokenTree::Literal(l) => syn::parse_str::<syn::LitStr>(&l.to_string()).ok().map(|s| s.value()),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    let boolean = |key: &str| match value_of(key)? {
        TokenTree::Ident(i) if i == "true" => Some(true),
        TokenTree::Ident(i) if i == "false" => Some(false),
        _ => None,
    };
    let mut out = ToolAttrs {
        description: string("description"),
        tags: strings("tags"),
        version: string("version"),
        ..ToolAttrs::default()
    };
    if b.tool_metadata {
        out.title = string("title");
        out.icons = strings("icons");
        out.read_only = boolean("read_only");
        out.destructive = boolean("destructive");
        out.idempotent = boolean("idempotent");
        out.open_world = boolean("open_world");
    }
    out
}

fn lit_str(meta: &syn::meta::ParseNestedMeta<'_>) -> syn::Result<String> {
    Ok(meta.value()?.parse::<syn::LitStr>()?.value())
}

fn lit_str_array(meta: &syn::meta::ParseNestedMeta<'_>) -> syn::Result<Vec<String>> {
    let value = meta.value()?;
    let items;
    syn::bracketed!(items in value);
    let parsed = syn::punctuated::Punctuated::<syn::LitStr, syn::Token![,]>::parse_terminated(&items)?;
    Ok(parsed.into_iter().map(|s| s.value()).collect())
}

fn lit_bool(meta: &syn::meta::ParseNestedMeta<'_>) -> syn::Result<bool> {
    Ok(meta.value()?.parse::<syn::LitBool>()?.value)
}

/// `extract_doc_comments`: every `#[doc = "…"]` string trimmed, joined with one space (a blank
/// `///` line gives an empty piece, so two spaces); `None` without doc attributes.
pub fn doc_comment(attrs: &[syn::Attribute]) -> Option<String> {
    let lines: Vec<String> = attrs
        .iter()
        .filter(|a| a.path().is_ident("doc"))
        .filter_map(|a| match &a.meta {
            syn::Meta::NameValue(nv) => match &nv.value {
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => Some(s.value().trim().to_owned()),
                _ => None,
            },
            _ => None,
        })
        .collect();
    (!lines.is_empty()).then(|| lines.join(" "))
}

/// One parameter as `analyze_parameters` reads it.
pub struct Param<'f> {
    pub name: String,
    pub ty: &'f syn::Type,
    pub optional: bool,
    pub description: Option<String>,
    /// The parameter's identifier, where the source map points for its property.
    pub span: proc_macro2::Span,
}

/// The parameters that become properties: typed parameters bound to a plain identifier
/// (another pattern is left out, as the macro leaves it), but not the request context.
pub fn params<'f>(sig: &'f syn::Signature, b: &Behaviour) -> Vec<Param<'f>> {
    sig.inputs
        .iter()
        .filter_map(|input| {
            let syn::FnArg::Typed(pt) = input else { return None };
            let syn::Pat::Ident(pi) = &*pt.pat else { return None };
            if is_context_type(&pt.ty) {
                return None;
            }
            let ident = pi.ident.to_string();
            let name = if b.strict { crate::source::unraw_ident(&ident) } else { ident };
            let description = description_attr(&pt.attrs);
            Some(Param { name, ty: &pt.ty, optional: is_option_type(&pt.ty), description, span: pi.ident.span() })
        })
        .collect()
}

/// What the release's macro cannot take in a tool's signature, so the crate does not compile:
/// a raw identifier before 3.5.0 (the macro makes an `Ident` of its text, `r#` and all, and
/// panics), `#[description]` on a parameter before 3.0.7 (`#[server]` leaves it in place, and
/// rustc refuses an attribute macro there). The span and why.
pub fn rejected_by_release(sig: &syn::Signature, b: &Behaviour) -> Option<(proc_macro2::Span, String)> {
    let raw = |i: &syn::Ident| i.to_string().starts_with("r#");
    if !b.strict {
        if raw(&sig.ident) {
            return Some((
                sig.ident.span(),
                format!(
                    "turbomcp-macros before 3.5.0 cannot take the raw identifier `{}` (its macro panics)",
                    sig.ident
                ),
            ));
        }
        let params = sig.inputs.iter().filter_map(|i| match i {
            syn::FnArg::Typed(pt) => match &*pt.pat {
                syn::Pat::Ident(pi) => Some(&pi.ident),
                _ => None,
            },
            _ => None,
        });
        if let Some(i) = params.into_iter().find(|i| raw(i)) {
            return Some((
                i.span(),
                format!("turbomcp-macros before 3.5.0 cannot take the raw identifier `{i}` (its macro panics)"),
            ));
        }
    }
    if !b.description_attribute {
        for input in &sig.inputs {
            let syn::FnArg::Typed(pt) = input else { continue };
            if let Some(a) = pt.attrs.iter().find(|a| a.path().is_ident("description")) {
                return Some((a.span(), "`#[description]` on a parameter is turbomcp 3.0.7's: before, `#[server]` leaves it in place and rustc refuses it".to_owned()));
            }
        }
    }
    None
}

/// `#[description("…")]` or `#[description = "…"]`: the first that is one of these.
fn description_attr(attrs: &[syn::Attribute]) -> Option<String> {
    attrs.iter().filter(|a| a.path().is_ident("description")).find_map(|a| match &a.meta {
        syn::Meta::List(list) => syn::parse2::<syn::LitStr>(list.tokens.clone()).ok().map(|l| l.value()),
        syn::Meta::NameValue(nv) => match &nv.value {
            syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => Some(s.value()),
            _ => None,
        },
        syn::Meta::Path(_) => None,
    })
}

/// A parameter the macro passes the request context: a type (or reference to one) whose
/// path's last segment is `Context` or `RequestContext`.
pub fn is_context_type(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Path(p) => {
            p.path.segments.last().is_some_and(|s| s.ident == "Context" || s.ident == "RequestContext")
        }
        syn::Type::Reference(r) => is_context_type(&r.elem),
        _ => false,
    }
}

/// Optional when the last segment of the type's path is `Option` (an alias of `Option` is
/// required, as the macro sees it).
fn is_option_type(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "Option"))
}

/// `infer_output_schema_type` (3.5.0 on): `T` of a `Json<T>` return type, also through
/// `Result<…>`/`McpResult<…>` layers (their first type argument).
pub fn inferred_output_type(sig: &syn::Signature) -> Option<&syn::Type> {
    let syn::ReturnType::Type(_, ty) = &sig.output else { return None };
    json_payload_type(ty)
}

fn json_payload_type(ty: &syn::Type) -> Option<&syn::Type> {
    let syn::Type::Path(p) = ty else { return None };
    let segment = p.path.segments.last()?;
    let first_type = || match &segment.arguments {
        syn::PathArguments::AngleBracketed(a) => a.args.iter().find_map(|arg| match arg {
            syn::GenericArgument::Type(t) => Some(t),
            _ => None,
        }),
        _ => None,
    };
    if segment.ident == "Json" {
        return first_type();
    }
    if segment.ident == "McpResult" || segment.ident == "Result" {
        return json_payload_type(first_type()?);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::release::Version;
    use crate::profile::turbomcp::releases::behaviour;

    fn newest() -> Behaviour {
        behaviour(Version(3, 6, 0))
    }

    fn docs(src: &str) -> Option<String> {
        let f: syn::ItemFn = syn::parse_str(&format!("{src}\nfn f() {{}}")).unwrap();
        doc_comment(&f.attrs)
    }

    #[test]
    fn doc_comments_trimmed_and_joined_with_spaces() {
        assert_eq!(docs("/// One.\n///\n///   Two.  "), Some("One.  Two.".into()));
        assert_eq!(docs("///"), Some(String::new()));
        assert_eq!(docs(""), None);
        assert_eq!(docs("#[doc = \" a\\nb \"]"), Some("a\nb".into()));
    }

    #[test]
    fn tool_attributes_by_release() {
        let attr: syn::Attribute = syn::parse_quote!(#[tool(description = "d", title = "T", read_only = true, tags = ["a", "b"], icons = ["i"], output_schema = Out, task_support = "optional")]);
        let got = parse_tool_attr(&attr, &newest()).unwrap();
        assert_eq!(got.description.as_deref(), Some("d"));
        assert_eq!(got.title.as_deref(), Some("T"));
        assert_eq!(got.read_only, Some(true));
        assert_eq!(got.tags, ["a", "b"]);
        assert_eq!(got.icons, ["i"]);
        assert!(got.output_schema.is_some());
        assert_eq!(got.task_support.as_deref(), Some("optional"));
        // 3.4.0 has no `task_support`: ignored; 3.1.2 has no title either.
        let old = parse_tool_attr(&attr, &behaviour(Version(3, 4, 0))).unwrap();
        assert_eq!((old.task_support, old.title.as_deref()), (None, Some("T")));
        // 3.4.0's strict grammar fails on `task_support`: its fallback keeps the other keys but
        // not `output_schema`.
        assert!(old.output_schema.is_none() && old.read_only == Some(true) && old.tags == ["a", "b"]);
        let known: syn::Attribute = syn::parse_quote!(#[tool(output_schema = Out, read_only = true)]);
        assert!(parse_tool_attr(&known, &behaviour(Version(3, 4, 0))).unwrap().output_schema.is_some());
        let wrong_kind: syn::Attribute = syn::parse_quote!(#[tool(read_only = "yes", title = "T")]);
        let read = parse_tool_attr(&wrong_kind, &behaviour(Version(3, 4, 0))).unwrap();
        assert_eq!((read.read_only, read.title.as_deref()), (None, Some("T")));
        assert!(parse_tool_attr(&wrong_kind, &newest()).is_err());
        let older = parse_tool_attr(&attr, &behaviour(Version(3, 1, 2))).unwrap();
        assert_eq!(
            (older.title, older.output_schema.is_some(), older.description.as_deref()),
            (None, false, Some("d"))
        );

        let short: syn::Attribute = syn::parse_quote!(#[tool("short")]);
        assert_eq!(parse_tool_attr(&short, &newest()).unwrap().description.as_deref(), Some("short"));
        let typo: syn::Attribute = syn::parse_quote!(#[tool(descriptio = "x")]);
        let e = parse_tool_attr(&typo, &newest()).err().expect("3.5.0 rejects an unknown key");
        assert!(e.to_string().starts_with("unknown #[tool] attribute key `descriptio`"), "{e}");
        assert!(parse_tool_attr(&typo, &behaviour(Version(3, 4, 0))).is_ok());
        let level: syn::Attribute = syn::parse_quote!(#[tool(task_support = "sometimes")]);
        assert!(parse_tool_attr(&level, &newest()).is_err());
    }

    #[test]
    fn parameters() {
        let f: syn::ItemFn = syn::parse_str(
            "fn t(&self, a: String, r#match: Option<u32>, #[description(\"C\")] c: Vec<u8>, ctx: &RequestContext, x: turbomcp::Context, (p, q): (u8, u8), #[description = \"E\"] e: std::option::Option<bool>) {}",
        )
        .unwrap();
        let got: Vec<(String, bool, Option<String>)> =
            params(&f.sig, &newest()).into_iter().map(|p| (p.name, p.optional, p.description)).collect();
        let want = vec![
            ("a".to_owned(), false, None),
            ("match".to_owned(), true, None),
            ("c".to_owned(), false, Some("C".to_owned())),
            ("e".to_owned(), true, Some("E".to_owned())),
        ];
        assert_eq!(got, want);
        let old: Vec<String> = params(&f.sig, &behaviour(Version(3, 4, 0))).into_iter().map(|p| p.name).collect();
        assert_eq!(old, ["a", "r#match", "c", "e"]);
    }

    #[test]
    fn what_old_releases_reject() {
        let f: syn::ItemFn = syn::parse_str("fn r#type(&self, #[description(\"D\")] r#match: u8) {}").unwrap();
        let why = |v| rejected_by_release(&f.sig, &behaviour(v)).map(|(_, w)| w);
        assert_eq!(why(Version(3, 5, 0)), None);
        assert!(why(Version(3, 4, 0)).unwrap().contains("`r#type`"));
        let g: syn::ItemFn = syn::parse_str("fn t(&self, #[description(\"D\")] r#match: u8) {}").unwrap();
        assert!(rejected_by_release(&g.sig, &behaviour(Version(3, 4, 0))).unwrap().1.contains("`r#match`"));
        let h: syn::ItemFn = syn::parse_str("fn t(&self, #[description(\"D\")] x: u8) {}").unwrap();
        assert!(rejected_by_release(&h.sig, &behaviour(Version(3, 0, 7))).is_none());
        assert!(rejected_by_release(&h.sig, &behaviour(Version(3, 0, 6))).unwrap().1.contains("3.0.7"));
    }

    #[test]
    fn output_type_inference() {
        let ty = |src: &str| {
            let f: syn::ItemFn = syn::parse_str(&format!("fn f() -> {src} {{}}")).unwrap();
            inferred_output_type(&f.sig).map(|t| quote::quote!(#t).to_string())
        };
        assert_eq!(ty("Json<Out>"), Some("Out".into()));
        assert_eq!(ty("McpResult<Json<Out>>"), Some("Out".into()));
        assert_eq!(ty("Result<turbomcp::Json<Vec<Out>>, E>"), Some("Vec < Out >".into()));
        assert_eq!(ty("String"), None);
        assert_eq!(ty("McpResult<String>"), None);
    }
}
