//! rmcp 0.1's `tool_box` servers (rmcp-macros 0.1): `#[tool(tool_box)]` on an impl block (its
//! `#[tool]` fns, and on `impl ServerHandler` the generated `list_tools`), or the
//! `tool_box!(Type { … })` and `tool_box!(@derive)` macros they expand to. Only rmcp-macros 0.1
//! compiles these forms. Their servers list the tools the `tool_box` holds, which the
//! `#[tool_router]` scan never sees: `tool_box_tools` reads them on rmcp 0.1.4 – 0.1.5, and on
//! older releases each use is an error rather than an empty manifest.

use proc_macro2::{TokenStream, TokenTree};

use super::routers::Index;
use crate::diagnostics::{Code, Diagnostic, Location};
use crate::profile::is_attr_named;

/// One place where a server uses a `tool_box`.
#[derive(Debug, Clone)]
pub struct ToolBoxUse {
    /// The impl block, in the index.
    pub imp: usize,
    pub location: Location,
    /// The self type of the impl block (`Calculator`).
    pub self_name: String,
    /// How it is written: `#[tool(tool_box)]` or `tool_box!`.
    pub form: &'static str,
    /// Whether the impl block is `impl ServerHandler for …` (the `list_tools` side).
    pub handler: bool,
    /// The `#[tool]` fns of the block.
    pub tools: usize,
    /// The fns a `tool_box!(Type { a, b })` names (`None` for the attribute form).
    pub listed: Option<Vec<syn::Ident>>,
}

/// Every `tool_box` use in impl blocks of the workspace, in index order.
pub fn find(index: &Index) -> Vec<ToolBoxUse> {
    // The items of a block without kept attributes are parsed on demand: a `ServerHandler` block
    // is asked for them (`tool_box!(@derive)`), and so are the inherent blocks of a type whose
    // handler derives its `tool_box` (`tool_box!(Type { … })` in a block of its own, with no
    // `#[tool]` fn); a block with `#[tool]` fns keeps its items.
    let derived: Vec<&str> = index
        .impls
        .iter()
        .filter(|imp| imp.trait_name().as_deref() == Some("ServerHandler"))
        .filter(|imp| imp.items().iter().any(|item| matches!(item, syn::ImplItem::Macro(m) if is_tool_box(&m.mac))))
        .map(|imp| imp.self_name.as_str())
        .collect();
    let mut out = Vec::new();
    for (i, imp) in index.impls.iter().enumerate() {
        let attr = imp.imp.attrs.iter().any(|a| is_attr_named(a, "tool") && names_tool_box(a));
        let asked = imp.trait_name().as_deref() == Some("ServerHandler")
            || (imp.is_inherent() && derived.contains(&imp.self_name.as_str()));
        let items = if asked { imp.items() } else { &imp.imp.items };
        let mac = items.iter().find_map(|item| match item {
            syn::ImplItem::Macro(m) if is_tool_box(&m.mac) => Some(m),
            _ => None,
        });
        let listed = mac.map(|m| listed_fns(&m.mac.tokens));
        let mac = mac.is_some();
        if !attr && !mac {
            continue;
        }
        let tools = imp
            .imp
            .items
            .iter()
            .filter(|item| matches!(item, syn::ImplItem::Fn(f) if f.attrs.iter().any(|a| is_attr_named(a, "tool"))))
            .count();
        // `tool_box!(Type { a, b })` holds the fns it names, written in any block of the type.
        let tools = match (&listed, attr) {
            (Some(names), false) if !names.is_empty() => names.len(),
            _ => tools,
        };
        out.push(ToolBoxUse {
            imp: i,
            listed: if attr { None } else { listed },
            location: index.impl_location(i),
            self_name: imp.self_name.clone(),
            form: if attr { "#[tool(tool_box)]" } else { "tool_box!" },
            handler: imp.imp.trait_.is_some(),
            tools,
        });
    }
    out
}

/// `tool_box!(…)` (any path to it).
fn is_tool_box(mac: &syn::Macro) -> bool {
    mac.path.segments.last().is_some_and(|s| s.ident == "tool_box")
}

/// The fn names inside the braces of `tool_box!(Type { a, b })` (none for `@derive`).
fn listed_fns(tokens: &TokenStream) -> Vec<syn::Ident> {
    let group = tokens.clone().into_iter().find_map(|t| match t {
        TokenTree::Group(g) if g.delimiter() == proc_macro2::Delimiter::Brace => Some(g),
        _ => None,
    });
    let Some(group) = group else { return Vec::new() };
    group
        .stream()
        .into_iter()
        .filter_map(|t| match t {
            TokenTree::Ident(i) => Some(i),
            _ => None,
        })
        .collect()
}

/// `#[tool(tool_box)]` or `#[tool(tool_box = name)]`.
fn names_tool_box(attr: &syn::Attribute) -> bool {
    let syn::Meta::List(list) = &attr.meta else { return false };
    first_ident(&list.tokens).is_some_and(|i| i == "tool_box")
}

fn first_ident(tokens: &TokenStream) -> Option<String> {
    match tokens.clone().into_iter().next()? {
        TokenTree::Ident(i) => Some(i.to_string()),
        _ => None,
    }
}

/// The error for one use on a release whose `tool_box` servers are not read.
pub fn diagnostic(u: &ToolBoxUse, rmcp: &str, macros: &str) -> Diagnostic {
    let what = if u.handler {
        format!("`{}` on `impl ServerHandler for {}` serves a `tool_box`", u.form, u.self_name)
    } else {
        let s = if u.tools == 1 { "" } else { "s" };
        format!("`{}` on `impl {}` puts its {} `#[tool]` fn{s} in a `tool_box`", u.form, u.self_name, u.tools)
    };
    Diagnostic::error(
        Code::RmcpToolBox,
        format!(
            "{what} (rmcp {rmcp}, rmcp-macros {macros}): `tool_box` servers are read from rmcp 0.1.4 on, so no manifest is written"
        ),
    )
    .at(Some(u.location.clone()))
    .with_label("`tool_box` server")
    .with_help("lock rmcp 0.1.4 or newer (`cargo update -p rmcp`), or move the tools to `#[tool_router]` and the handler to `#[tool_handler]` (rmcp 0.2 and newer)")
}
#[cfg(test)]
mod tests {
    use super::*;

    fn uses(src: &str) -> Vec<(String, &'static str, bool, usize)> {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("main.rs");
        std::fs::write(&file, src).unwrap();
        let ws = crate::source::load(&[std::path::PathBuf::from(&file)], &[]).unwrap();
        let index = Index::new(&ws);
        find(&index).into_iter().map(|u| (u.self_name, u.form, u.handler, u.tools)).collect()
    }

    #[test]
    fn the_three_forms_are_found() {
        let found = uses(
            "struct S;\n\
             #[tool(tool_box)] impl S { #[tool(description = \"a\")] fn a(&self) {} #[tool] fn b(&self) {} fn c() {} }\n\
             #[tool(tool_box)] impl ServerHandler for S {}\n\
             struct T;\n\
             impl T { #[tool] fn x(&self) {} tool_box!(T { x }); }\n\
             impl ServerHandler for T { tool_box!(@derive); }\n\
             struct U;\n\
             #[tool_router] impl U { #[tool] fn y(&self) {} }\n",
        );
        assert_eq!(
            found,
            vec![
                ("S".into(), "#[tool(tool_box)]", false, 2),
                ("S".into(), "#[tool(tool_box)]", true, 0),
                ("T".into(), "tool_box!", false, 1),
                ("T".into(), "tool_box!", true, 0),
            ]
        );
    }
}
