//! The methods of rmcp's `ToolRouter` the router evaluator knows, as data: a row is the method's
//! names, whether it changes the router (so that `r.merge(x);` on a local is followed), and its
//! handler. Adding a router method is one row here and one case in the table test
//! (`tests.rs`, which fails for a row it has no case of).

use syn::spanned::Spanned;

use super::super::{type_key, Entry};
use super::{union, Evaluator, RouterFrame};

/// A handler: the call, the router its receiver holds, the frame; the router after the call.
pub(super) type Handler =
    for<'i, 'w> fn(&mut Evaluator<'i, 'w>, &syn::ExprMethodCall, Vec<Entry<'w>>, &RouterFrame<'w>) -> Vec<Entry<'w>>;

/// One router method.
pub(super) struct RouterMethod {
    pub names: &'static [&'static str],
    /// It changes the router it is called on (or gives a changed one back).
    pub mutates: bool,
    pub run: Handler,
}

/// The row for a method called by `name`.
pub(super) fn find(name: &str) -> Option<&'static RouterMethod> {
    ROUTER_METHODS.iter().find(|m| m.names.contains(&name))
}

/// The methods of `ToolRouter`.
pub(super) const ROUTER_METHODS: &[RouterMethod] = &[
    RouterMethod {
        names: &["merge", "add"],
        mutates: true,
        run: |ev, mc, receiver, frame| {
            let Some(arg) = mc.args.first() else { return receiver };
            let other = ev.expr(arg, frame);
            union(receiver, other)
        },
    },
    RouterMethod { names: &["clone", "into", "to_owned"], mutates: false, run: |_, _, receiver, _| receiver },
    RouterMethod {
        names: &["with_route", "add_route"],
        mutates: true,
        run: |ev, mc, receiver, frame| {
            let route = mc.args.first().and_then(|a| match ev.single_route(a, frame) {
                Some(t) => Some(Entry::Fn(t)),
                None => ev.built_route(a, frame).map(Entry::Built),
            });
            match route {
                Some(e) => union(receiver, vec![e]),
                None => {
                    ev.runtime(
                        frame,
                        mc.span(),
                        format!(
                            "`{}(…)` with a route the CLI cannot read (a dynamic route); it is not listed",
                            mc.method
                        ),
                    );
                    receiver
                }
            }
        },
    },
    RouterMethod {
        names: &["with_sync_tool", "with_async_tool"],
        mutates: true,
        run: |ev, mc, receiver, frame| {
            let name = mc.method.to_string();
            let ty = mc.turbofish.as_ref().and_then(|t| t.args.first()).and_then(|a| match a {
                syn::GenericArgument::Type(t) => Some(t),
                _ => None,
            });
            if !ev.behaviour.schema.trait_tools {
                ev.runtime(frame, mc.span(), format!("`{name}` does not exist before rmcp 0.17; ignored"));
                return receiver;
            }
            let found = ty.and_then(|ty| {
                let (key, _) = type_key(ev.index.ws, frame.scope.krate, frame.scope.module, ty, Some(&frame.self_ty));
                key.and_then(|k| ev.index.tool_base_impl(&k))
            });
            match found {
                Some(i) => union(receiver, vec![Entry::Trait(i)]),
                None => {
                    ev.runtime(
                        frame,
                        mc.span(),
                        format!(
                            "`{name}`: no `impl ToolBase` for this type was found in the crate; the tool is not listed"
                        ),
                    );
                    receiver
                }
            }
        },
    },
    RouterMethod {
        names: &["remove_route", "disable_route", "with_disabled"],
        mutates: true,
        run: |ev, mc, receiver, frame| match mc.args.first().and_then(crate::profile::lit_str) {
            Some(n) => union(receiver, vec![Entry::Remove(n)]),
            None => {
                ev.runtime(
                    frame,
                    mc.span(),
                    format!("`{}(…)` changes the router at runtime; listing the tools before it", mc.method),
                );
                receiver
            }
        },
    },
];
