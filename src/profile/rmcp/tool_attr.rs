//! name, title, description, annotations, icons, meta and execution of a `#[tool]`:
//! reading the attribute, evaluating `description` expressions, and folding doc attributes the
//! way rmcp-macros does.

use serde_json::{Map, Value};
use syn::punctuated::Punctuated;
use syn::{Expr, Lit, Meta, Token};

use super::version::MacroSide;
use crate::diagnostics::Location;
use crate::model::eval::Failure;
use crate::model::{Lowerer, Resolver, Scope};
use crate::profile::{annotations, key_and_value, lit_str};

/// The value of a `&str` expression known without running anything (string literals, `concat!`,
/// `include_str!`, consts and statics of the workspace, and the rest of what
/// [`crate::model::eval`] evaluates). `None` when it cannot be known.
pub fn eval_str(expr: &Expr, rs: &Resolver, scope: &Scope) -> Option<String> {
    eval_str_or_why(expr, rs, scope).ok()
}

/// Why an attribute value has no value: the evaluator's failure, its reason, and where.
pub struct NotKnown {
    pub failure: Failure,
    pub reason: String,
    pub location: Location,
}

/// [`eval_str`], or why not. The resolver is the run's (its impl index is built once); the
/// lowerer is fresh, so that the types an attribute value names add nothing to the run's model.
pub fn eval_str_or_why(expr: &Expr, rs: &Resolver, scope: &Scope) -> Result<String, NotKnown> {
    let mut lowerer = Lowerer::new(rs);
    lowerer.evaluator().eval_str(expr, scope.clone()).map_err(|e| NotKnown {
        failure: e.failure,
        location: e.location(rs.ws),
        reason: e.reason,
    })
}

/// The value of a doc macro (`concat!(…)`, `include_str!(…)`); any other macro is unknown.
pub fn eval_macro(mac: &syn::Macro, rs: &Resolver, scope: &Scope) -> Option<String> {
    eval_str(&Expr::Macro(syn::ExprMacro { attrs: Vec::new(), mac: mac.clone() }), rs, scope)
}

/// The result of folding a fn's doc attributes (only when `#[tool]` has no `description = …`).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct DocFold {
    /// The final accumulator, when not empty.
    pub description: Option<String>,
    /// Doc macros whose value cannot be known and that survive in the accumulator.
    pub opaque: Vec<String>,
    /// A `cfg_attr` was seen (its predicate cannot be evaluated; treated as absent).
    pub cfg_attr: bool,
    /// A `cfg` was seen (removed by the compiler before `#[tool]` runs when it holds).
    pub cfg: bool,
}

/// rmcp-macros' doc fold over every attribute of the fn except the `#[tool]` one itself.
pub fn fold_docs(
    attrs: &[syn::Attribute],
    tool_attr: Option<&syn::Attribute>,
    doc_macros: bool,
    rs: &Resolver,
    scope: &Scope,
) -> DocFold {
    fold_docs_with(attrs, tool_attr, doc_macros, &|m| eval_macro(m, rs, scope))
}

/// [`fold_docs`] with the evaluation of doc macros given.
pub fn fold_docs_with(
    attrs: &[syn::Attribute],
    tool_attr: Option<&syn::Attribute>,
    doc_macros: bool,
    eval: &dyn Fn(&syn::Macro) -> Option<String>,
) -> DocFold {
    let mut acc = String::new();
    let mut opaque: Vec<String> = Vec::new();
    let mut cfg_attr = false;
    let mut cfg = false;
    let append = |acc: &mut String, line: &str| {
        if !acc.is_empty() {
            acc.push('\n');
        }
        acc.push_str(line);
    };
    for attr in attrs {
        if tool_attr.is_some_and(|t| std::ptr::eq(t, attr)) {
            continue;
        }
        if attr.path().is_ident("cfg_attr") {
            cfg_attr = true;
            continue;
        }
        if attr.path().is_ident("cfg") {
            cfg = true;
            continue;
        }
        let reset = |acc: &mut String, opaque: &mut Vec<String>| {
            acc.clear();
            opaque.clear();
        };
        if !attr.path().is_ident("doc") {
            reset(&mut acc, &mut opaque);
            continue;
        }
        let Meta::NameValue(nv) = &attr.meta else {
            reset(&mut acc, &mut opaque);
            continue;
        };
        match &nv.value {
            Expr::Lit(syn::ExprLit { lit: Lit::Str(s), .. }) => {
                let value = s.value();
                let line = value.trim();
                if !line.is_empty() {
                    append(&mut acc, line);
                }
            }
            Expr::Macro(m) if doc_macros => match eval(&m.mac) {
                Some(value) => append(&mut acc, &value),
                None => {
                    let mac = &m.mac;
                    let written = quote::quote!(#mac).to_string();
                    opaque.push(written);
                    append(&mut acc, "");
                }
            },
            _ => reset(&mut acc, &mut opaque),
        }
    }
    DocFold { description: (!acc.is_empty() || !opaque.is_empty()).then_some(acc), opaque, cfg_attr, cfg }
}

/// What a `#[tool(...)]` attribute says.
#[derive(Default)]
pub struct ToolAttr {
    pub name: Option<String>,
    pub title: Option<String>,
    pub description: Option<Expr>,
    pub input_schema: Option<Expr>,
    pub output_schema: Option<Expr>,
    pub annotations: Option<crate::manifest::Annotations>,
    pub icons: Option<Expr>,
    pub meta: Option<Expr>,
    pub execution: Option<Value>,
    /// Problems: (is an error, message).
    pub problems: Vec<(bool, String)>,
}

/// Read the arguments of the tool attribute as the given rmcp-macros release reads them.
pub fn read_tool_attr(attr: &syn::Attribute, macros: &MacroSide, version: &str) -> ToolAttr {
    let mut out = ToolAttr::default();
    let args: Vec<Meta> = match &attr.meta {
        Meta::List(list) => match list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated) {
            Ok(p) => p.into_iter().collect(),
            Err(e) => {
                out.problems
                    .push((false, format!("the `#[tool(...)]` arguments cannot be read ({e}); using the defaults")));
                Vec::new()
            }
        },
        _ => Vec::new(),
    };
    for meta in args {
        let (key, value) = key_and_value(&meta);
        let not_accepted = |out: &mut ToolAttr| {
            out.problems.push((
                true,
                format!("rmcp-macros {version} does not accept `{key}` in `#[tool(...)]`: the crate would not compile"),
            ));
        };
        match key.as_str() {
            "name" => match value.and_then(lit_str) {
                Some(v) => out.name = Some(v),
                None => out.problems.push((true, "`name` must be a string literal".into())),
            },
            "title" if !macros.title_and_icons => not_accepted(&mut out),
            "title" => match value.and_then(lit_str) {
                Some(v) => out.title = Some(v),
                None => out.problems.push((true, "`title` must be a string literal".into())),
            },
            "description" => out.description = value.cloned(),
            "input_schema" => out.input_schema = value.cloned(),
            "output_schema" if !macros.output_schema => not_accepted(&mut out),
            "output_schema" => out.output_schema = value.cloned(),
            "annotations" => out.annotations = Some(annotations(&meta)),
            "icons" if !macros.title_and_icons => not_accepted(&mut out),
            "icons" => out.icons = value.cloned(),
            // `meta` is opaque on every release (left out with a warning), so whether an early
            // release accepted it does not change the listing.
            "meta" => out.meta = value.cloned(),
            "execution" if !macros.execution => not_accepted(&mut out),
            "execution" => out.execution = Some(execution(&meta)),
            "local" => {}
            other => out.problems.push((false, format!("unknown `#[tool]` key `{other}`; ignored"))),
        }
    }
    out
}

/// `execution(task_support = "optional")` → `{"taskSupport": "optional"}`.
fn execution(meta: &Meta) -> Value {
    let mut out = Map::new();
    if let Meta::List(list) = meta {
        if let Ok(items) = list.parse_args_with(Punctuated::<syn::MetaNameValue, Token![,]>::parse_terminated) {
            for nv in items {
                if nv.path.is_ident("task_support") {
                    if let Some(v) = lit_str(&nv.value) {
                        out.insert("taskSupport".into(), Value::String(v));
                    }
                }
            }
        }
    }
    Value::Object(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fold(src: &str, doc_macros: bool) -> Option<String> {
        let f: syn::ItemFn = syn::parse_str(&format!("{src}\nfn f() {{}}")).unwrap();
        let tool = f.attrs.iter().find(|a| a.path().segments.last().is_some_and(|s| s.ident == "tool"));
        fold_docs_with(&f.attrs, tool, doc_macros, &eval_macro_pure).description
    }

    fn eval_macro_pure(m: &syn::Macro) -> Option<String> {
        if m.path.is_ident("concat") {
            let parts = m.parse_body_with(Punctuated::<Expr, Token![,]>::parse_terminated).ok()?;
            let mut out = String::new();
            for p in &parts {
                match p {
                    Expr::Lit(syn::ExprLit { lit: Lit::Str(s), .. }) => out.push_str(&s.value()),
                    _ => return None,
                }
            }
            Some(out)
        } else {
            None
        }
    }

    #[test]
    fn blank_lines_vanish_and_lines_are_trimmed() {
        let d = fold(
            "/// First line of the doc comment.\n///\n///   Indented third line after a blank line.\n/// Fourth line.\n#[tool]",
            true,
        );
        assert_eq!(
            d.as_deref(),
            Some("First line of the doc comment.\nIndented third line after a blank line.\nFourth line.")
        );
    }

    #[test]
    fn a_non_doc_attribute_resets() {
        assert_eq!(fold("/// A\n#[tool]\n#[allow(x)]\n/// B", true).as_deref(), Some("B"));
        assert_eq!(fold("/// A\n#[allow(x)]\n#[tool]", true), None);
        assert_eq!(fold("/// A\n#[doc(hidden)]\n/// B\n#[tool]", true).as_deref(), Some("B"));
        assert_eq!(fold("/// A\n#[rustfmt::skip]\n#[tool]", true), None);
    }

    #[test]
    fn the_tool_attribute_is_not_in_the_list() {
        assert_eq!(fold("/// A\n#[tool(name = \"x\")]\n/// B", true).as_deref(), Some("A\nB"));
    }

    #[test]
    fn block_docs_keep_inner_lines() {
        assert_eq!(
            fold("/** Block doc\n     * second line */\n#[tool]", true).as_deref(),
            Some("Block doc\n     * second line")
        );
    }

    #[test]
    fn doc_attributes_and_macros() {
        assert_eq!(fold("#[doc = \"  explicit  \"]\n#[tool]", true).as_deref(), Some("explicit"));
        assert_eq!(fold("/// A\n#[doc = concat!(\" x\", \"y \")]\n#[tool]", true).as_deref(), Some("A\n xy "));
        // Before 0.7 a macro value resets the accumulator.
        assert_eq!(fold("/// A\n#[doc = concat!(\"x\")]\n#[tool]", false), None);
        assert_eq!(fold("/// A\n#[doc = concat!(\"x\")]\n/// B\n#[tool]", false).as_deref(), Some("B"));
        assert_eq!(fold("#[tool]", true), None);
    }
}
