//! The parameters of a fn that rewrites the router's tools at startup (`fn
//! create_tool_router(prefix: &str)`): the values its callers give (`Self::create_tool_router(&
//! prefix)` after `let prefix = std::env::var("…_PREFIX").unwrap_or_else(|_| "db_".into());`),
//! evaluated as the server starts, in the environment of the run (`--env`, `[env]`; a variable
//! not given is unset).

use syn::spanned::Spanned;
use syn::visit::Visit;

use super::routers::rewrites::RouteLoop;
use super::{type_text, Builder};
use crate::model::eval::{EvalError, Frame, Val};
use crate::model::Scope;
use crate::source::ModuleId;

/// One call of the fn: where its caller's body is, the statements before it, its arguments.
struct CallSite<'w> {
    krate: usize,
    module: ModuleId,
    before: &'w [syn::Stmt],
    args: Vec<&'w syn::Expr>,
}

impl<'w> Builder<'w, '_> {
    /// The values of the parameters of the fn `l` is written in that its body reads, bound by
    /// name: what every call of the fn in the server type's `impl` blocks (or its module's free
    /// fns) gives. `Err` with why not (no call, calls that give different values, an argument
    /// the evaluator cannot follow), and the unset variables read on the way.
    pub(super) fn loop_params(&mut self, l: &RouteLoop) -> Result<(Vec<(String, Val)>, Vec<EvalError>), String> {
        let Some(sig) = l.sig else { return Ok((Vec::new(), Vec::new())) };
        let params: Vec<(usize, String)> = sig
            .inputs
            .iter()
            .filter_map(|i| match i {
                syn::FnArg::Typed(pt) => Some(pt),
                syn::FnArg::Receiver(_) => None,
            })
            .enumerate()
            .filter_map(|(n, pt)| match &*pt.pat {
                syn::Pat::Ident(pi) => Some((n, pi.ident.to_string())),
                _ => None,
            })
            .collect();
        let mut read = Idents(Vec::new());
        read.visit_block(l.body);
        let params: Vec<(usize, String)> = params.into_iter().filter(|(_, p)| read.0.contains(p)).collect();
        if params.is_empty() {
            return Ok((Vec::new(), Vec::new()));
        }
        let name = sig.ident.to_string();
        let sites = self.call_sites(l, &name);
        if sites.is_empty() {
            return Err(format!("no call of `{name}` in the server's code gives its `{}`", params[0].1));
        }
        let mut values: Option<Vec<(String, Val)>> = None;
        let mut unset = Vec::new();
        for site in sites {
            let mut here = Vec::new();
            for (n, param) in &params {
                let Some(arg) = site.args.get(*n) else {
                    return Err(format!("a call of `{name}` without its `{param}`"));
                };
                let (v, mut read) = self.argument_value(&site, arg).map_err(|e| {
                    format!("the `{param}` a call of `{name}` gives cannot be evaluated ({})", e.reason)
                })?;
                unset.append(&mut read);
                here.push((param.clone(), v));
            }
            match &values {
                Some(v) if *v != here => return Err(format!("the calls of `{name}` give it different values")),
                _ => values = Some(here),
            }
        }
        Ok((values.unwrap_or_default(), unset))
    }

    /// The calls of the fn `name` written in the `impl` blocks of the type `l` is written in
    /// (`Self::name(…)`, `Type::name(…)`), or, for a free fn, in its module's free fns.
    fn call_sites(&self, l: &RouteLoop, name: &str) -> Vec<CallSite<'w>> {
        let ws: &'w crate::source::Workspace = self.ws;
        let index: &crate::profile::rmcp::routers::Index<'w> = self.index;
        let mut bodies: Vec<(usize, ModuleId, &'w syn::Block)> = Vec::new();
        let self_name = l.self_ty.map(|ty| type_text(ty).rsplit("::").next().unwrap_or_default().to_owned());
        match &self_name {
            Some(ty) => {
                for imp in index.impls.iter().filter(|i| i.self_name == *ty) {
                    for f in imp.fns() {
                        bodies.push((imp.krate, imp.module, ws.block(imp.krate, imp.module, &f.block)));
                    }
                }
            }
            None => {
                for item in &ws.crates[l.krate].modules[l.module.0].items {
                    if let syn::Item::Fn(f) = item {
                        bodies.push((l.krate, l.module, ws.block(l.krate, l.module, &f.block)));
                    }
                }
            }
        }
        let mut sites = Vec::new();
        for (krate, module, body) in bodies {
            for (i, stmt) in body.stmts.iter().enumerate() {
                let mut calls = Calls { name, self_name: self_name.as_deref(), found: Vec::new() };
                calls.visit_stmt(stmt);
                for args in calls.found {
                    sites.push(CallSite { krate, module, before: &body.stmts[..i], args });
                }
            }
        }
        sites
    }

    /// An argument's value at its call: the `let`s before the call that it reads (and what
    /// those read), run as the server runs them, then the argument.
    fn argument_value(&mut self, site: &CallSite<'_>, arg: &syn::Expr) -> Result<(Val, Vec<EvalError>), EvalError> {
        let mut needed = Idents(Vec::new());
        needed.visit_expr(arg);
        let mut kept: Vec<syn::Stmt> = Vec::new();
        for stmt in site.before.iter().rev() {
            let syn::Stmt::Local(local) = stmt else { continue };
            let mut bound = Idents(Vec::new());
            bound.visit_pat(&local.pat);
            if bound.0.iter().any(|b| needed.0.contains(b)) {
                if let Some(init) = &local.init {
                    needed.visit_expr(&init.expr);
                }
                kept.push(stmt.clone());
            }
        }
        kept.reverse();
        let arg = match arg {
            syn::Expr::Reference(r) => (*r.expr).clone(),
            other => other.clone(),
        };
        kept.push(syn::Stmt::Expr(arg.clone(), None));
        let block = syn::Expr::Block(syn::ExprBlock {
            attrs: Vec::new(),
            label: None,
            block: syn::Block { brace_token: syn::token::Brace(arg.span()), stmts: kept },
        });
        let frame = Frame::new(Scope::without_generics(site.krate, site.module));
        let mut evaluator = self.lowerer.evaluator();
        evaluator.env = Some(self.env.clone());
        let v = evaluator.eval(&block, None, &frame)?;
        Ok((v, std::mem::take(&mut evaluator.env_unset)))
    }
}

/// The single-segment paths (locals, parameters) and bindings an expression or pattern names.
struct Idents(Vec<String>);

impl<'ast> Visit<'ast> for Idents {
    fn visit_path(&mut self, p: &'ast syn::Path) {
        if let Some(i) = p.get_ident() {
            self.0.push(i.to_string());
        }
        syn::visit::visit_path(self, p);
    }

    fn visit_pat_ident(&mut self, p: &'ast syn::PatIdent) {
        self.0.push(p.ident.to_string());
        syn::visit::visit_pat_ident(self, p);
    }

    /// `format!("{prefix}{key}")`: the names a format string reads inline.
    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        let text = m.tokens.to_string();
        let mut rest = text.as_str();
        while let Some(open) = rest.find('{') {
            rest = &rest[open + 1..];
            let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len());
            if end > 0 {
                self.0.push(rest[..end].to_owned());
            }
        }
        for t in m.tokens.clone() {
            if let proc_macro2::TokenTree::Ident(i) = t {
                self.0.push(i.to_string());
            }
        }
    }
}

/// The argument lists of the calls of a fn by its name: `name(…)`, `Self::name(…)`,
/// `Type::name(…)`.
struct Calls<'n, 'ast> {
    name: &'n str,
    /// The type the fn is an associated fn of (`None`: a free fn).
    self_name: Option<&'n str>,
    found: Vec<Vec<&'ast syn::Expr>>,
}

impl<'ast> Visit<'ast> for Calls<'_, 'ast> {
    fn visit_expr_call(&mut self, c: &'ast syn::ExprCall) {
        if let syn::Expr::Path(p) = &*c.func {
            let segs: Vec<String> = p.path.segments.iter().map(|s| s.ident.to_string()).collect();
            let called = match (self.self_name, segs.as_slice()) {
                (None, [f]) => f == self.name,
                (Some(ty), [t, f]) => f == self.name && (t == "Self" || t == ty),
                _ => false,
            };
            if called {
                self.found.push(c.args.iter().collect());
            }
        }
        syn::visit::visit_expr_call(self, c);
    }
}
