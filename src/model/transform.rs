//! `#[schemars(transform = …)]`: the transforms written on containers, fields and variants, read
//! into [`Transform`]s (schemars' own by name, `RecursiveTransform(inner)`, or code of the
//! workspace), and the runner that applies code of the workspace to a schema with the one
//! interpreter ([`super::eval`]). The schema flavour applies them where schemars_derive does (after
//! the `extend` keys), through [`RunCode`]: it names neither syn nor the sources, and the code
//! stays beside the model, in the [`super::Lowerer`] that read it.

use schemars::transform::{self as st, Transform as _};
use schemars::Schema;
use serde_json::Value;
use syn::Expr;

use super::eval::{Evaluator, Frame};
use super::{Lowerer, Resolver, Scope, Ty};
use crate::diagnostics::Location;
use crate::source::{ItemKind, ItemRef, Namespace, Resolved};

/// The transforms of `schemars::transform` a `transform = …` may name (a unit struct, or
/// `X::default()`), with the default settings their `Default` gives. The flavour holds the
/// same names, each applied as schemars applies it (`schema::schemars::transforms::OWN`).
pub const OWN_TRANSFORMS: &[&str] = &[
    "ReplaceBoolSchemas",
    "RemoveRefSiblings",
    "SetSingleExample",
    "ReplaceConstValue",
    "ReplacePrefixItems",
    "ReplaceUnevaluatedProperties",
    "RestrictFormats",
    "AddNullable",
];

/// One `transform = …` value, read.
#[derive(Debug, Clone, PartialEq)]
pub enum Transform {
    /// One of schemars' own (a name of [`OWN_TRANSFORMS`]), with its default settings.
    Own(&'static str),
    /// `RecursiveTransform(inner)`: `inner` on the schema, then on every subschema.
    Recursive(Box<Transform>),
    /// A fn or closure of the workspace (`fn f(schema: &mut Schema)`), run by the interpreter.
    Code(CodeRef),
    /// A value the CLI does not read as a transform.
    Unread { reason: String, location: Location },
}

/// Code of the workspace a transform runs: its place in the [`Lowerer`]'s table, its name as
/// written (`path::to::f`, `|schema| …`) and where it is written.
#[derive(Debug, Clone, PartialEq)]
pub struct CodeRef {
    pub id: usize,
    pub name: String,
    pub location: Location,
}

/// Why code of a transform cannot be followed, and where the interpreter stopped.
#[derive(Debug, Clone, PartialEq)]
pub struct CodeGap {
    pub reason: String,
    pub location: Option<Location>,
}

/// What runs code of a transform over a schema (a JSON object or bool, as `&mut Schema`).
pub trait RunCode {
    fn run(&self, code: &CodeRef, schema: &mut Value) -> Result<(), CodeGap>;
}

/// A transform's code as written, kept beside the model.
#[derive(Debug, Clone)]
pub struct CodeSite {
    expr: Expr,
    pub(super) scope: Scope,
    /// The struct or enum the attribute is written in (`Self` in `Self::f`).
    self_item: Option<ItemRef>,
}

/// The runner of a [`Lowerer`]'s transform code: each run evaluates in a builder of its own (so
/// the model being read stays as it is), under the interpreter's budget.
pub struct CodeRunner<'a, 'r, 'w> {
    rs: &'r Resolver<'w>,
    sites: &'a [CodeSite],
}

/// The local the schema is bound to while a fn path runs (no Rust name can be it).
const SCHEMA: &str = "__mcp_schema_arg";

impl RunCode for CodeRunner<'_, '_, '_> {
    fn run(&self, code: &CodeRef, schema: &mut Value) -> Result<(), CodeGap> {
        let site = self.sites.get(code.id).ok_or_else(|| CodeGap { reason: "no such code".into(), location: None })?;
        let mut scratch = Lowerer::new(self.rs);
        let self_ty = site.self_item.map(|item| {
            let id = scratch.def_for(item);
            let n = scratch.model.def(id).generics.len();
            Ty::Named(id, (0..n).map(Ty::Param).collect())
        });
        let frame = Frame::new(site.scope.clone()).with_self(self_ty);
        let mut ev = scratch.evaluator();
        run_site(&mut ev, site, frame, schema)
    }
}

/// Runs a transform's code (a fn path or a one-parameter closure) over a schema with the
/// interpreter, in `frame`.
pub(super) fn run_site(ev: &mut Evaluator, site: &CodeSite, frame: Frame, schema: &mut Value) -> Result<(), CodeGap> {
    let (pat, body): (syn::Pat, syn::Block) = match &site.expr {
        Expr::Closure(c) if c.inputs.len() == 1 => {
            let body = match &*c.body {
                Expr::Block(b) => b.block.clone(),
                other => syn::parse_quote!({ #other; }),
            };
            (c.inputs[0].clone(), body)
        }
        Expr::Path(p) => {
            let arg = syn::Ident::new(SCHEMA, proc_macro2::Span::call_site());
            (syn::parse_quote!(#arg), syn::parse_quote!({ #p(#arg); }))
        }
        _ => return Err(CodeGap { reason: "a transform that is not a fn or a closure".into(), location: None }),
    };
    let item = std::mem::take(schema);
    match ev.run_over(&pat, &body, item, None, frame) {
        Ok(after) => {
            *schema = after;
            Ok(())
        }
        Err(e) => Err(CodeGap { reason: e.reason.clone(), location: Some(e.location(ev.rs.ws)) }),
    }
}

/// A transform of schemars', made as `Default::default()` makes it.
type Make = fn() -> Box<dyn st::Transform>;

/// schemars' own transforms by name, each the real `schemars::transform` type (the names
/// [`OWN_TRANSFORMS`] reads, in its order).
pub const OWN: &[(&str, Make)] = &[
    ("ReplaceBoolSchemas", || Box::<st::ReplaceBoolSchemas>::default()),
    ("RemoveRefSiblings", || Box::<st::RemoveRefSiblings>::default()),
    ("SetSingleExample", || Box::<st::SetSingleExample>::default()),
    ("ReplaceConstValue", || Box::<st::ReplaceConstValue>::default()),
    ("ReplacePrefixItems", || Box::<st::ReplacePrefixItems>::default()),
    ("ReplaceUnevaluatedProperties", || Box::<st::ReplaceUnevaluatedProperties>::default()),
    ("RestrictFormats", || Box::<st::RestrictFormats>::default()),
    ("AddNullable", || Box::<st::AddNullable>::default()),
];

/// Applies one transform to a schema as schemars does (`RecursiveTransform` by schemars' own
/// traversal of subschemas), code by `run`; the first code that cannot be followed stops it.
pub fn apply(
    t: &Transform,
    schema: &mut Value,
    run: &mut dyn FnMut(&CodeRef, &mut Value) -> Result<(), CodeGap>,
) -> Result<(), CodeGap> {
    if !(schema.is_object() || schema.is_boolean()) {
        *schema = Value::Bool(true);
    }
    let schema = <&mut Schema>::try_from(schema).expect("objects and bools are schemas");
    apply_to(t, schema, run)
}

fn apply_to(
    t: &Transform,
    schema: &mut Schema,
    run: &mut dyn FnMut(&CodeRef, &mut Value) -> Result<(), CodeGap>,
) -> Result<(), CodeGap> {
    match t {
        Transform::Own(name) => match OWN.iter().find(|(n, _)| n == name) {
            Some((_, make)) => {
                make().transform(schema);
                Ok(())
            }
            None => Err(CodeGap { reason: format!("`{name}` is not one of schemars' transforms"), location: None }),
        },
        Transform::Recursive(inner) => {
            let mut gap = None;
            st::RecursiveTransform(|s: &mut Schema| {
                if gap.is_none() {
                    gap = apply_to(inner, s, run).err();
                }
            })
            .transform(schema);
            gap.map_or(Ok(()), Err)
        }
        Transform::Code(c) => {
            let mut v = std::mem::take(schema).to_value();
            let out = run(c, &mut v);
            // A `&mut Schema` stays a schema: anything else is what the code could not write.
            *schema = Schema::try_from(v).unwrap_or_default();
            out
        }
        Transform::Unread { reason, location } => {
            Err(CodeGap { reason: reason.clone(), location: Some(location.clone()) })
        }
    }
}

/// What a transform is called in a message: `RecursiveTransform(f)`, `f`, `RestrictFormats`.
pub fn name(t: &Transform) -> String {
    match t {
        Transform::Own(n) => (*n).to_owned(),
        Transform::Recursive(inner) => format!("RecursiveTransform({})", name(inner)),
        Transform::Code(c) => c.name.trim_matches('`').to_owned(),
        Transform::Unread { .. } => "…".to_owned(),
    }
}

/// The text of an expression as written, compact (`RecursiveTransform(drop_formats)`).
fn text(e: &Expr) -> String {
    use quote::ToTokens;
    let s = e.to_token_stream().to_string();
    s.replace(" :: ", "::").replace(" (", "(").replace("( ", "(").replace(" )", ")").replace(" ,", ",")
}

impl<'r, 'w> Lowerer<'r, 'w> {
    /// The runner of the transform code this builder read.
    pub fn code(&self) -> CodeRunner<'_, 'r, 'w> {
        CodeRunner { rs: self.rs, sites: &self.transform_code }
    }

    /// The `transform = …` values of an item written in `scope` (in `self_item`), read.
    pub(super) fn transforms(
        &mut self,
        written: Vec<Expr>,
        scope: &Scope,
        self_item: Option<ItemRef>,
    ) -> Vec<Transform> {
        written.iter().map(|e| read(e, self.rs, scope, self_item, &mut self.transform_code)).collect()
    }
}

/// A transform value written in `scope` (`RecursiveTransform(f)`, `AddNullable::default()`, a fn
/// path, a closure), read; the code it runs is added to `sites`.
pub(super) fn read(
    e: &Expr,
    rs: &Resolver,
    scope: &Scope,
    self_item: Option<ItemRef>,
    sites: &mut Vec<CodeSite>,
) -> Transform {
    let location = rs.location(scope.krate, scope.module, syn::spanned::Spanned::span(e));
    match e {
        Expr::Paren(p) => read(&p.expr, rs, scope, self_item, sites),
        Expr::Lit(_) => Transform::Unread {
            reason: format!("`{}` is a literal, not a `fn(&mut Schema)` (schemars refuses it)", text(e)),
            location,
        },
        // `Box::new(t)`, as `settings.transforms.push(…)` takes it.
        Expr::Call(c) if c.args.len() == 1 && is_box_new(&c.func) => read(&c.args[0], rs, scope, self_item, sites),
        Expr::Call(c) if c.args.len() == 1 && last_segment(&c.func).as_deref() == Some("RecursiveTransform") => {
            Transform::Recursive(Box::new(read(&c.args[0], rs, scope, self_item, sites)))
        }
        Expr::Call(c) if c.args.is_empty() => match (&*c.func, last_segment(&c.func)) {
            (Expr::Path(p), Some(last)) if last == "default" || last == "new" => {
                let segs = super::scope::path_segments(&p.path);
                match segs.len().checked_sub(2).map(|i| segs[i].as_str()).and_then(own) {
                    Some(name) => Transform::Own(name),
                    None => unread(e, location),
                }
            }
            _ => unread(e, location),
        },
        Expr::Path(p) => {
            let segs = super::scope::path_segments(&p.path);
            let ours = matches!(
                rs.ws.resolve(scope.krate, scope.module, &segs, Namespace::Value),
                Resolved::Item(_, ItemKind::Fn)
            );
            match segs.last().map(String::as_str).and_then(own) {
                Some(name) if !ours => Transform::Own(name),
                _ => code_site(e, scope, self_item, location, sites),
            }
        }
        Expr::Closure(c) if c.inputs.len() == 1 => code_site(e, scope, self_item, location, sites),
        _ => unread(e, location),
    }
}

fn is_box_new(e: &Expr) -> bool {
    match e {
        Expr::Path(p) => {
            let segs: Vec<String> = p.path.segments.iter().map(|s| s.ident.to_string()).collect();
            segs.ends_with(&["Box".to_owned(), "new".to_owned()])
        }
        _ => false,
    }
}

fn code_site(
    e: &Expr,
    scope: &Scope,
    self_item: Option<ItemRef>,
    location: Location,
    sites: &mut Vec<CodeSite>,
) -> Transform {
    let id = sites.len();
    sites.push(CodeSite { expr: e.clone(), scope: scope.clone(), self_item });
    let name = match e {
        Expr::Closure(_) => "a closure".to_owned(),
        _ => format!("`{}`", text(e)),
    };
    Transform::Code(CodeRef { id, name, location })
}

fn own(name: &str) -> Option<&'static str> {
    OWN_TRANSFORMS.iter().copied().find(|n| *n == name)
}

fn last_segment(e: &Expr) -> Option<String> {
    match e {
        Expr::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
        _ => None,
    }
}

fn unread(e: &Expr, location: Location) -> Transform {
    Transform::Unread { reason: format!("`{}` is not a transform the CLI reads", text(e)), location }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table applies exactly the names the reader reads.
    #[test]
    fn the_table_names_what_is_read() {
        let names: Vec<&str> = OWN.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, OWN_TRANSFORMS);
    }
}
