//! Calls that give a router: a `#[tool_router]` block's fn, an associated or free fn whose body
//! builds one, with the routers handed in as arguments bound to its parameters.

use syn::spanned::Spanned;
use syn::Expr;

use super::super::{Entry, RouterBlock, TypeKey};
use super::{clip, Evaluator, RouterFrame, Walk};
use crate::model::eval::syntax::param_names;
use crate::source::{ItemKind, Namespace, Resolved};

impl<'w> Evaluator<'_, 'w> {
    /// `Self::r()`, `Type::r()`, `ToolRouter::new()`, `make_router()`, `ToolRouter::default()`.
    pub(super) fn call(&mut self, call: &syn::ExprCall, frame: &RouterFrame<'w>, depth: usize) -> Vec<Entry<'w>> {
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
        if n >= 2 {
            let ty = &segments[..n - 1];
            let key = if ty == ["Self"] {
                Some(frame.self_key.clone())
            } else {
                match self.index.ws.resolve(frame.scope.krate, frame.scope.module, ty, Namespace::Type) {
                    Resolved::Item(item, ItemKind::Struct | ItemKind::Enum | ItemKind::Union) => {
                        Some(TypeKey::Item(item))
                    }
                    _ => None,
                }
            };
            if let Some(key) = key {
                return self.router_fn(&key, &segments[n - 1], call, frame, depth + 1);
            }
        }
        if let Resolved::Item(item, ItemKind::Fn) =
            self.index.ws.resolve(frame.scope.krate, frame.scope.module, &segments, Namespace::Value)
        {
            if let syn::Item::Fn(f) = self.index.ws.item(item) {
                let visit = (TypeKey::Item(item), String::new());
                if self.stack.contains(&visit) {
                    return Vec::new();
                }
                let mut inner = RouterFrame::new(item.krate, item.module, frame.self_key.clone());
                self.bind_arguments(&f.sig, call, frame, &mut inner, depth);
                self.stack.push(visit);
                let body = self.index.ws.block(item.krate, item.module, &f.block);
                let v = self.block(body, &mut inner, &mut Walk::nothing(), depth + 1);
                self.stack.pop();
                return v;
            }
        }
        let text = quote::quote!(#call).to_string();
        self.runtime(
            frame,
            call.span(),
            format!("router `{}` is built at runtime or outside the crate; its tools are not listed", clip(&text)),
        );
        Vec::new()
    }

    /// The router a type's fn `name` returns: a `#[tool_router(router = name)]` block, or a plain
    /// associated fn whose body builds a router.
    pub(super) fn router_fn(
        &mut self,
        key: &TypeKey,
        name: &str,
        call: &syn::ExprCall,
        frame: &RouterFrame<'w>,
        depth: usize,
    ) -> Vec<Entry<'w>> {
        let blocks: Vec<&RouterBlock> = self
            .index
            .blocks
            .iter()
            .filter(|b| self.index.impls[b.imp].self_key.as_ref() == Some(key) && b.router == name)
            .collect();
        if !blocks.is_empty() {
            return blocks.iter().flat_map(|b| self.index.block_tools(b)).map(Entry::Fn).collect();
        }
        let visit = (key.clone(), name.to_owned());
        if self.stack.contains(&visit) {
            return Vec::new();
        }
        if let Some((i, f)) = self.index.assoc_fn(key, name) {
            let imp = &self.index.impls[i];
            let mut inner = RouterFrame::new(imp.krate, imp.module, key.clone());
            self.bind_arguments(&f.sig, call, frame, &mut inner, depth);
            self.stack.push(visit);
            let body = self.index.ws.block(imp.krate, imp.module, &f.block);
            let v = self.block(body, &mut inner, &mut Walk::nothing(), depth + 1);
            self.stack.pop();
            return v;
        }
        self.runtime(
            frame,
            call.span(),
            format!("no `#[tool_router]` block or fn named `{name}` was found for this type; its tools are not listed"),
        );
        Vec::new()
    }

    /// The routers given as arguments of a call, as the callee's locals (`fn with_admin(r:
    /// ToolRouter<S>) -> ToolRouter<S> { r + S::admin() }`); other arguments are runtime values.
    pub(super) fn bind_arguments(
        &mut self,
        sig: &syn::Signature,
        call: &syn::ExprCall,
        frame: &RouterFrame<'w>,
        inner: &mut RouterFrame<'w>,
        depth: usize,
    ) {
        for (param, arg) in param_names(sig).into_iter().zip(&call.args) {
            if !param.is_empty() && self.is_router(arg, frame) {
                let v = self.expr(arg, frame, depth + 1);
                inner.env.bind(param, v);
            }
        }
    }
}
