//! Calls that give a router: a `#[tool_router]` block's fn, an associated or free fn whose body
//! builds one, with the routers handed in as arguments bound to its parameters.

use syn::spanned::Spanned;
use syn::Expr;

use super::super::{Entry, RouterBlock, TypeKey};
use super::{clip, Evaluator, RouterFrame, Walk};
use crate::model::eval::syntax::param_names;

impl<'w> Evaluator<'_, 'w> {
    /// `Self::r()`, `Type::r()`, `ToolRouter::new()`, `make_router()`, `ToolRouter::default()`: a
    /// `#[tool_router]` block's fn, or a fn of the workspace found as the value evaluator finds
    /// one ([`crate::source::impls::ImplIndex::fn_by_path`]) whose body builds a router.
    pub(super) fn call(&mut self, call: &syn::ExprCall, frame: &RouterFrame<'w>) -> Vec<Entry<'w>> {
        let Expr::Path(p) = &*call.func else {
            self.runtime(
                frame,
                call.span(),
                "router built by a call the CLI cannot follow; its tools are not listed".into(),
            );
            return Vec::new();
        };
        let segments: Vec<String> =
            p.path.segments.iter().map(|s| crate::source::unraw_ident(&s.ident.to_string())).collect();
        let n = segments.len();
        if n >= 2 && segments[n - 2] == "ToolRouter" && matches!(segments[n - 1].as_str(), "new" | "default") {
            return Vec::new();
        }
        let (krate, module) = (frame.scope.krate, frame.scope.module);
        let owner = (n >= 2)
            .then(|| self.index.type_of_path(&segments[..n - 1], krate, module, Some(&frame.self_ty)))
            .flatten();
        if let Some(key) = &owner {
            let blocks = self.router_blocks(key, &segments[n - 1]);
            if !blocks.is_empty() {
                return blocks;
            }
        }
        let Some(found) = self.index.fn_by_path(&segments, krate, module, Some(&frame.self_ty)) else {
            let why = match &owner {
                Some(_) => format!(
                    "no `#[tool_router]` block or fn named `{}` was found for this type; its tools are not listed",
                    segments[n - 1]
                ),
                None => format!(
                    "router `{}` is built at runtime or outside the crate; its tools are not listed",
                    clip(&quote::quote!(#call).to_string())
                ),
            };
            self.runtime(frame, call.span(), why);
            return Vec::new();
        };
        // Against cycles: an associated fn by its type and name, a free fn by its item.
        let (visit, self_key) = match owner {
            Some(key) => ((key.clone(), segments[n - 1].clone()), key),
            None => ((TypeKey::Item(found.item), String::new()), frame.self_ty.clone()),
        };
        if self.budget.is_active(&visit) {
            return Vec::new();
        }
        let mut inner = RouterFrame::new(found.item.krate, found.item.module, self_key);
        self.bind_arguments(found.sig, call, frame, &mut inner);
        self.budget.push(visit);
        self.reach(&inner, found.body);
        let v = self.block(found.body, &mut inner, &mut Walk::nothing());
        self.budget.pop();
        v
    }

    /// The tools of the `#[tool_router(router = name)]` blocks of a type.
    fn router_blocks(&self, key: &TypeKey, name: &str) -> Vec<Entry<'w>> {
        let blocks: Vec<&RouterBlock> = self
            .index
            .blocks
            .iter()
            .filter(|b| self.index.impls[b.imp].self_key.as_ref() == Some(key) && b.router == name)
            .collect();
        blocks.iter().flat_map(|b| self.index.block_tools(b)).map(Entry::Fn).collect()
    }

    /// The routers given as arguments of a call, as the callee's locals (`fn with_admin(r:
    /// ToolRouter<S>) -> ToolRouter<S> { r + S::admin() }`); other arguments are runtime values.
    pub(super) fn bind_arguments(
        &mut self,
        sig: &syn::Signature,
        call: &syn::ExprCall,
        frame: &RouterFrame<'w>,
        inner: &mut RouterFrame<'w>,
    ) {
        for (param, arg) in param_names(sig).into_iter().zip(&call.args) {
            if !param.is_empty() && self.is_router(arg, frame) {
                let v = self.expr(arg, frame);
                inner.locals.bind(param, v);
            }
        }
    }
}
