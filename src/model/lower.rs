//! syn → IR. Resolves every path through the source index, expands type aliases (generic ones
//! too), erases pointer-like wrappers, and lowers each struct or enum the first time it is
//! reached, reading its serde attributes with `serde_derive_internals` so that renames, defaults,
//! skips and tags mean exactly what serde makes of them ([`body`]); other crates' types are
//! recognised by name ([`known`]).

mod body;
mod known;

use std::collections::HashMap;

use serde_json::Value;

use super::attrs::{is_deprecated, Bound, Derives, SchemarsAttrs};
use super::eval::{self, Evaluator, Failure, Frame, Val};
use super::resolve::Resolver;
use super::scope::{path_segments, Scope};
use super::{
    doc_lines, substitute, Body, ContainerSerde, DefId, IntKind, Model, Opt, Origin, SchemaFn, Shown, Ty, TypeDef,
    Unknown,
};
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Location};
use crate::source::{ItemKind, ItemRef, ModuleId, Namespace, Resolved, Workspace};

/// Type expressions nested deeper than this are refused with an error rather than risking the
/// stack.
const MAX_TYPE_DEPTH: usize = 256;

/// A type alias may expand to at most this many nodes: aliases that double at every level
/// (`type A2 = (A1, A1);`) would otherwise grow exponentially.
pub const MAX_TYPE_SIZE: usize = 100_000;

/// The model builder: lowers each struct and enum once, into [`Model`], and completes what a
/// schema reaches (see [`Lowerer::lower_reachable`]). It reads the sources through a shared
/// [`Resolver`] and evaluates through [`Lowerer::evaluator`].
pub struct Lowerer<'r, 'w> {
    pub rs: &'r Resolver<'w>,
    pub model: Model,
    by_item: HashMap<ItemRef, DefId>,
    alias_stack: Vec<ItemRef>,
    /// The structs and enums whose bodies are being lowered, innermost last, each with the depth
    /// of `alias_stack` at its start: `Self` in a field names the innermost one (and means
    /// nothing in the body of an alias that its fields expand).
    self_stack: Vec<(DefId, usize)>,
    /// Expansions of aliases without generic parameters: an alias used twice in another is
    /// lowered once (`type A2 = (A1, A1);` chains would otherwise take exponential time).
    alias_cache: HashMap<ItemRef, Ty>,
    depth: usize,
    /// Type nodes lowered so far; past [`MAX_LOWER_STEPS`] lowering stops with an error.
    steps: usize,
    pub diagnostics: Diagnostics,
    /// Types whose schema the user supplies, by path (`kit::model::Blob`, `chrono::NaiveDate`,
    /// `crate::model::Blob`): they lower to an [`Unknown`] carrying the key.
    pub type_overrides: std::collections::BTreeMap<String, serde_json::Value>,
    /// The keys of `type_overrides` some schema used (and of `value_overrides` some value).
    pub type_overrides_used: std::collections::BTreeSet<String>,
    /// Values the user supplies, by key (`Type.field.default`, `TOOL.description`: see
    /// [`crate::options::SchemaOverrides::values`]).
    pub value_overrides: std::collections::BTreeMap<String, serde_json::Value>,
    /// Whether the types schemars implements `JsonSchema` for behind its own features (`url::Url`,
    /// `bytes::Bytes`, …) are leaves: for the profiles whose schemas schemars makes, not pydantic's.
    pub schemars_impls: bool,
    /// What [`Lowerer::lower_reachable`] has done so far (kept across the tools of a run).
    pub(super) reached: Reached,
    /// Beside each definition (by [`DefId`]), what the passes after lowering read of its source.
    pub(super) beside: Vec<Beside>,
    /// The schema pipeline of the profile that runs, for the schema fns the evaluator meets
    /// (`schema_for!(T)`); `None` where no profile gives one.
    pub schema_source: Option<SchemaSource<'r, 'w>>,
    /// The code `#[schemars(transform = …)]` values run, by [`super::transform::CodeRef::id`].
    pub(super) transform_code: Vec<super::transform::CodeSite>,
    /// The schemas the evaluator's schema fns gave, by the type as written and where: a helper
    /// called for every tool (`envelope::<T>()` calling `schema_for_output::<Hint>()`) asks for
    /// the same few types again and again, and the pipeline's answer depends on nothing else.
    schema_cache: HashMap<String, Vec<CachedSchema>>,
}

/// One answer of the schema pipeline: the call, the scope the type was named in, the schema.
struct CachedSchema {
    call: eval::SchemaCall,
    krate: usize,
    module: crate::source::ModuleId,
    generics: Vec<String>,
    schema: Result<Value, String>,
}

/// What makes the schema of a type for a schema fn ([`eval::SchemaCall`]): the profile's pipeline.
pub type SchemaSource<'r, 'w> =
    std::rc::Rc<dyn Fn(&mut Lowerer<'r, 'w>, &syn::Type, &Scope, eval::SchemaCall) -> Result<Value, String> + 'r>;

/// What the passes after lowering ([`Lowerer::lower_reachable`], the evaluator) need of a
/// definition's source, read when it is lowered rather than again by each pass.
pub(super) struct Beside {
    pub(super) derives: Derives,
    /// The `example = expr` expressions of the definition's schemars attributes, one list per
    /// attribute site in the order of `reach::attr_sites` (its own, then each field, or each
    /// variant followed by its fields); empty when there are none. Taken when evaluated.
    pub(super) examples: Vec<Vec<syn::Expr>>,
}

/// What [`Lowerer::lower_reachable`] has done so far, kept across the tools of a run.
#[derive(Default)]
pub(super) struct Reached {
    /// Definitions `0..done` have their traits, literal schema fns, examples and own defaults.
    pub(super) done: usize,
    /// The instantiations (generic arguments) of each definition already followed.
    pub(super) instances: HashMap<DefId, Vec<Vec<Ty>>>,
    /// `schema_with` fns read, by path and the crate and module the path is written in.
    pub(super) schema_fns: HashMap<(String, usize, usize), Opt<Value>>,
}

/// The model builder as the evaluator sees it.
impl eval::Types for Lowerer<'_, '_> {
    fn model(&self) -> &Model {
        &self.model
    }

    fn lower(&mut self, ty: &syn::Type, scope: &Scope) -> Ty {
        Lowerer::lower(self, ty, scope)
    }

    fn def_for(&mut self, item: ItemRef) -> DefId {
        Lowerer::def_for(self, item)
    }

    fn derives(&self, def: DefId, name: &str) -> bool {
        self.beside[def.0].derives.names_plainly(name)
    }

    fn schema_of(&mut self, ty: &syn::Type, scope: &Scope, call: eval::SchemaCall) -> Result<Value, String> {
        let Some(source) = self.schema_source.clone() else {
            return Err("no schema pipeline is given to the evaluator here".into());
        };
        let key = quote::quote!(#ty).to_string();
        let same = |c: &CachedSchema| {
            c.call == call && c.krate == scope.krate && c.module == scope.module && c.generics == scope.generics
        };
        if let Some(hit) = self.schema_cache.get(&key).and_then(|v| v.iter().find(|c| same(c))) {
            return hit.schema.clone();
        }
        let schema = source(self, ty, scope, call);
        let entry = CachedSchema {
            call,
            krate: scope.krate,
            module: scope.module,
            generics: scope.generics.clone(),
            schema: schema.clone(),
        };
        self.schema_cache.entry(key).or_default().push(entry);
        schema
    }

    fn serialize(&mut self, v: &eval::Val) -> Result<Value, String> {
        super::defaults::serialize(self, v).map_err(|e| e.why)
    }
}

/// A backstop against pathological sources: no real crate needs this many type nodes.
const MAX_LOWER_STEPS: usize = 2_000_000;

impl<'r, 'w> Lowerer<'r, 'w> {
    pub fn new(rs: &'r Resolver<'w>) -> Self {
        Lowerer {
            rs,
            model: Model::default(),
            by_item: HashMap::new(),
            alias_stack: Vec::new(),
            self_stack: Vec::new(),
            alias_cache: HashMap::new(),
            depth: 0,
            steps: 0,
            diagnostics: Diagnostics::default(),
            type_overrides: Default::default(),
            type_overrides_used: Default::default(),
            value_overrides: Default::default(),
            schemars_impls: true,
            reached: Default::default(),
            beside: Vec::new(),
            schema_source: None,
            schema_cache: HashMap::new(),
            transform_code: Vec::new(),
        }
    }

    pub fn ws(&self) -> &'w Workspace {
        self.rs.ws
    }

    /// An evaluator over the types lowered so far; the types it meets are lowered here.
    /// The struct or enum whose body is being lowered (the `Self` of its attributes' code).
    pub(super) fn current_item(&self) -> Option<ItemRef> {
        self.self_stack.last().map(|(id, _)| self.model.def(*id).item)
    }

    pub fn evaluator(&mut self) -> Evaluator<'_, 'w> {
        Evaluator::new(self.rs, self)
    }

    pub fn location(&self, krate: usize, module: ModuleId, span: proc_macro2::Span) -> Location {
        self.rs.location(krate, module, span)
    }

    /// Lower a type written in `scope`.
    pub fn lower(&mut self, ty: &syn::Type, scope: &Scope) -> Ty {
        if self.depth >= MAX_TYPE_DEPTH {
            let location = self.location(scope.krate, scope.module, syn::spanned::Spanned::span(ty));
            self.diagnostics.push(
                Diagnostic::error(
                    Code::TypeTooDeep,
                    format!("type expression nested more than {MAX_TYPE_DEPTH} levels deep"),
                )
                .at(Some(location)),
            );
            return Ty::Unknown(Unknown { written: "…".into(), location: None, origin: None, override_key: None });
        }
        self.steps += 1;
        if self.steps >= MAX_LOWER_STEPS {
            if self.steps == MAX_LOWER_STEPS {
                let location = self.location(scope.krate, scope.module, syn::spanned::Spanned::span(ty));
                self.diagnostics.push(
                    Diagnostic::error(
                        Code::TypeTooLarge,
                        format!("the types reached expand to more than {MAX_LOWER_STEPS} nodes"),
                    )
                    .at(Some(location)),
                );
            }
            return Ty::Unknown(Unknown { written: "…".into(), location: None, origin: None, override_key: None });
        }
        self.depth += 1;
        let out = self.lower_inner(ty, scope);
        self.depth -= 1;
        out
    }

    fn lower_inner(&mut self, ty: &syn::Type, scope: &Scope) -> Ty {
        match ty {
            syn::Type::Path(p) if p.qself.is_none() => self.lower_path(&p.path, scope),
            syn::Type::Reference(r) => self.lower(&r.elem, scope),
            syn::Type::Paren(p) => self.lower(&p.elem, scope),
            syn::Type::Group(g) => self.lower(&g.elem, scope),
            syn::Type::Slice(s) => {
                let item = self.lower(&s.elem, scope);
                Ty::Seq(Box::new(item))
            }
            syn::Type::Array(a) => {
                let item = self.lower(&a.elem, scope);
                // A length the evaluator cannot know (a const generic parameter) is a sequence.
                match self.evaluator().array_len(&a.len, scope.clone()) {
                    Some(n) => Ty::Array(Box::new(item), n),
                    None => Ty::Seq(Box::new(item)),
                }
            }
            syn::Type::Tuple(t) if t.elems.is_empty() => Ty::Unit,
            syn::Type::Tuple(t) => Ty::Tuple(t.elems.iter().map(|e| self.lower(e, scope)).collect()),
            other => self.unknown(other, scope),
        }
    }

    fn unknown(&self, ty: &syn::Type, scope: &Scope) -> Ty {
        let segments = match ty {
            syn::Type::Path(p) if p.qself.is_none() => path_segments(&p.path),
            _ => Vec::new(),
        };
        self.unknown_written(ty, segments, scope)
    }

    /// A type path (no `<T as Trait>::` qualifier) that names no type we know.
    fn unknown_path(&self, path: &syn::Path, scope: &Scope) -> Ty {
        self.unknown_written(path, path_segments(path), scope)
    }

    /// An unknown type as written, where, and its path's segments (empty when not a path).
    fn unknown_written(&self, written: &impl quote::ToTokens, segments: Vec<String>, scope: &Scope) -> Ty {
        let text = written.to_token_stream().to_string().replace(" :: ", "::").replace(" < ", "<").replace(" >", ">");
        let location = self.location(scope.krate, scope.module, syn::spanned::Spanned::span(written));
        let origin = Origin { krate: scope.krate, module: scope.module, segments };
        Ty::Unknown(Unknown { written: text, location: Some(location), origin: Some(origin), override_key: None })
    }

    /// The value the user supplies under `key` (`Type.field.default`), noted as used.
    pub fn given_value(&mut self, key: &str) -> Option<serde_json::Value> {
        let v = self.value_overrides.get(key)?.clone();
        self.type_overrides_used.insert(key.to_owned());
        Some(v)
    }

    /// The type the user gave a schema for in the config (`GenerateOptions::overrides.types`),
    /// if `path` names one: an unknown type carrying the key, whatever it would lower to.
    fn overridden(&self, path: &syn::Path, resolved: &Resolved, scope: &Scope) -> Option<Ty> {
        if self.type_overrides.is_empty() {
            return None;
        }
        let key = self.rs.canonical_paths(resolved).into_iter().find(|p| self.type_overrides.contains_key(p))?;
        let Ty::Unknown(mut u) = self.unknown_path(path, scope) else {
            unreachable!("unknown_path() makes an Unknown")
        };
        u.override_key = Some(key);
        Some(Ty::Unknown(u))
    }

    /// The type arguments of a path's last segment.
    fn type_args(&mut self, path: &syn::Path, scope: &Scope) -> Vec<Ty> {
        let Some(last) = path.segments.last() else { return Vec::new() };
        match &last.arguments {
            syn::PathArguments::AngleBracketed(a) => a
                .args
                .iter()
                .filter_map(|arg| match arg {
                    syn::GenericArgument::Type(t) => Some(self.lower(t, scope)),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    fn lower_path(&mut self, path: &syn::Path, scope: &Scope) -> Ty {
        let segments: Vec<String> =
            path.segments.iter().map(|s| crate::source::unraw_ident(&s.ident.to_string())).collect();
        if path.leading_colon.is_none() && segments.len() == 1 {
            if let Some(i) = scope.generics.iter().position(|g| *g == segments[0]) {
                return Ty::Param(i);
            }
        }
        if let Some(own) = self.self_type(path, &segments) {
            return own;
        }
        let mut full = segments.clone();
        if path.leading_colon.is_some() {
            full.insert(0, String::new());
        }
        let resolved = self.ws().resolve(scope.krate, scope.module, &full, Namespace::Type);
        if let Some(t) = self.overridden(path, &resolved, scope) {
            return t;
        }
        match resolved {
            Resolved::Item(item, ItemKind::Struct | ItemKind::Enum) => {
                let args = self.type_args(path, scope);
                let id = self.def_for(item);
                let expected = self.model.def(id).generics.len();
                let mut args = args;
                args.truncate(expected);
                while args.len() < expected {
                    args.push(Ty::Unknown(Unknown {
                        written: "_".into(),
                        location: None,
                        origin: None,
                        override_key: None,
                    }));
                }
                Ty::Named(id, args)
            }
            Resolved::Item(item, ItemKind::Alias) => self.expand_alias(item, path, scope),
            Resolved::External(ext) => self.known(&ext, path, scope),
            _ => self.unknown_path(path, scope),
        }
    }

    /// `Self` written in the body of a struct or enum: that type, with its own generic
    /// parameters as arguments (`children: Vec<Self>` in `Tree<T>` is `Vec<Tree<T>>`).
    fn self_type(&self, path: &syn::Path, segments: &[String]) -> Option<Ty> {
        if path.leading_colon.is_some() || segments != ["Self"] {
            return None;
        }
        let &(id, aliases) = self.self_stack.last()?;
        if aliases != self.alias_stack.len() {
            return None;
        }
        let params = (0..self.model.def(id).generics.len()).map(Ty::Param).collect();
        Some(Ty::Named(id, params))
    }

    fn expand_alias(&mut self, item: ItemRef, path: &syn::Path, scope: &Scope) -> Ty {
        let syn::Item::Type(alias) = self.ws().item(item) else { unreachable!("resolved as an alias") };
        if self.alias_stack.contains(&item) {
            let location = self.location(scope.krate, scope.module, syn::spanned::Spanned::span(path));
            self.diagnostics.push(
                Diagnostic::error(Code::RecursiveAlias, format!("type alias `{}` refers to itself", alias.ident))
                    .at(Some(location))
                    .with_help("a type alias cannot be recursive; use a struct or enum"),
            );
            return Ty::Unknown(Unknown {
                written: alias.ident.to_string(),
                location: None,
                origin: None,
                override_key: None,
            });
        }
        let args = self.type_args(path, scope);
        let generic = alias.generics.type_params().next().is_some();
        if !generic {
            if let Some(cached) = self.alias_cache.get(&item) {
                return cached.clone();
            }
        }
        let alias_scope = Scope {
            krate: item.krate,
            module: item.module,
            generics: alias.generics.type_params().map(|p| p.ident.to_string()).collect(),
        };
        self.alias_stack.push(item);
        let body = self.lower(&alias.ty, &alias_scope);
        self.alias_stack.pop();
        let mut expanded = substitute(&body, &args);
        if expanded.size_up_to(MAX_TYPE_SIZE) >= MAX_TYPE_SIZE {
            expanded = self.too_large(alias, path, scope);
        }
        if !generic {
            self.alias_cache.insert(item, expanded.clone());
        }
        expanded
    }

    fn too_large(&mut self, alias: &syn::ItemType, path: &syn::Path, scope: &Scope) -> Ty {
        let location = self.location(scope.krate, scope.module, syn::spanned::Spanned::span(path));
        self.diagnostics.push(
            Diagnostic::error(
                Code::TypeTooLarge,
                format!("type alias `{}` expands to more than {MAX_TYPE_SIZE} type nodes", alias.ident),
            )
            .at(Some(location))
            .with_help("its schema would be too large to publish; use a struct to name the repeated part"),
        );
        Ty::Unknown(Unknown { written: alias.ident.to_string(), location: None, origin: None, override_key: None })
    }

    /// schemars' attributes of an item written in `scope`: bounds written as expressions
    /// evaluated, the `with` type lowered. Examples and `schema_with` fns are evaluated with the
    /// rest of what a schema reaches ([`Lowerer::lower_reachable`]): a placeholder each until then,
    /// and the example expressions, to keep beside the definition.
    fn schemars_attrs(
        &mut self,
        attrs: &[syn::Attribute],
        scope: &Scope,
        self_item: Option<ItemRef>,
    ) -> (SchemarsAttrs, Vec<syn::Expr>) {
        let (mut out, written) = SchemarsAttrs::from_attrs(attrs);
        out.transforms = self.transforms(written.transforms, scope, self_item);
        if !written.bounds.is_empty() {
            validation_bounds(self, &mut out, written.bounds, scope);
        }
        out.with = written.with.map(|t| self.lower(&t, scope));
        out.schema_with = written.schema_with.map(|path| SchemaFn { path, schema: Opt::Absent });
        out.examples = vec![Shown::ABSENT; written.examples.len()];
        (out, written.examples)
    }

    /// The [`DefId`] of a struct or enum, lowering it on first use.
    pub fn def_for(&mut self, item: ItemRef) -> DefId {
        if let Some(&id) = self.by_item.get(&item) {
            return id;
        }
        let id = DefId(self.model.defs.len());
        self.by_item.insert(item, id);
        self.lower_def(id, self.ws().item(item), item)
    }

    /// A struct that a macro writes (rmcp-macros 0.1's parameters struct), lowered as if it were
    /// written at `at` (its names resolve there). It is never found by path.
    pub fn def_for_written(&mut self, source: &syn::Item, at: ItemRef) -> DefId {
        let id = DefId(self.model.defs.len());
        self.lower_def(id, source, at)
    }

    fn lower_def(&mut self, id: DefId, source: &syn::Item, item: ItemRef) -> DefId {
        let (ident, attrs, generics) = match source {
            syn::Item::Struct(s) => (&s.ident, &s.attrs, &s.generics),
            syn::Item::Enum(e) => (&e.ident, &e.attrs, &e.generics),
            _ => unreachable!("def_for is called for structs and enums"),
        };
        let location = self.location(item.krate, item.module, ident.span());
        let generic_names: Vec<String> = generics.type_params().map(|p| p.ident.to_string()).collect();
        let scope = Scope { krate: item.krate, module: item.module, generics: generic_names.clone() };
        let krate = &self.ws().crates[item.krate];
        let mut module_path = vec![krate.name.clone()];
        module_path.extend(krate.module(item.module).path.iter().cloned());
        // A placeholder first, so that a type reaching itself finds its id.
        self.beside.push(Beside { derives: Derives::of(attrs), examples: Vec::new() });
        self.model.push(TypeDef {
            rust_name: crate::source::unraw_ident(&ident.to_string()),
            item,
            location,
            generics: generic_names.clone(),
            module_path,
            docs: doc_lines(attrs),
            serde: ContainerSerde::default(),
            schemars: Default::default(),
            deprecated: is_deprecated(attrs),
            body: Body::Unsupported(String::new()),
            traits: Default::default(),
            container_defaults: Vec::new(),
        });
        let (schemars, examples) = self.schemars_attrs(attrs, &scope, Some(item));
        self.model.def_mut(id).schemars = schemars;
        let mut examples = vec![examples];
        // A struct or enum ends any chain of aliases: `type Runs = Vec<Run>; struct Run { runs: Runs }`
        // is not an alias that refers to itself, so its body starts with no alias open.
        let open_aliases = std::mem::take(&mut self.alias_stack);
        self.self_stack.push((id, 0));
        let (serde, body) = self.lower_body(source, &scope, &mut examples);
        self.self_stack.pop();
        self.alias_stack = open_aliases;
        let def = self.model.def_mut(id);
        def.serde = serde;
        def.body = body;
        if examples.iter().any(|e| !e.is_empty()) {
            self.beside[id.0].examples = examples;
        }
        id
    }
}

/// Evaluate the validation bounds written as expressions (`range(max = MAX_LEN)`,
/// `length(min = 2 * N)`) of attributes on an item written in `scope`: into the validation
/// keywords; a bound only known at runtime is an opaque key, one outside the grammar an error.
fn validation_bounds(lw: &mut Lowerer, attrs: &mut SchemarsAttrs, bounds: Vec<(Bound, syn::Expr)>, scope: &Scope) {
    for (bound, e) in bounds {
        let length = matches!(bound, Bound::MinLength | Bound::MaxLength);
        let want = length.then_some(Ty::Int(IntKind::Usize));
        let frame = Frame::new(scope.clone());
        let mut ev = lw.evaluator();
        let number = match ev.eval(&e, want.as_ref(), &frame) {
            Ok(Val::Int(n, _)) => i64::try_from(n)
                .map(serde_json::Number::from)
                .or_else(|_| u64::try_from(n).map(serde_json::Number::from))
                .map_err(|_| ev.unsupported(&e, &frame, format!("{n} does not fit a JSON number"))),
            Ok(Val::Float(x, _)) => serde_json::Number::from_f64(x)
                .ok_or_else(|| ev.unsupported(&e, &frame, "a bound that is not a finite number")),
            Ok(other) => Err(ev.unsupported(&e, &frame, format!("{} as a validation bound", other.kind_of()))),
            Err(err) => Err(err),
        };
        let v = &mut attrs.validations;
        match (number, bound) {
            (Ok(n), Bound::Minimum) => v.minimum = Some(n),
            (Ok(n), Bound::Maximum) => v.maximum = Some(n),
            (Ok(n), Bound::MinLength) => v.min_length = n.as_u64(),
            (Ok(n), Bound::MaxLength) => v.max_length = n.as_u64(),
            (Err(err), _) if err.failure == Failure::Runtime => attrs.opaque.push(format!("{bound:?} bound")),
            (Err(err), _) => {
                let location = err.location(lw.ws());
                lw.diagnostics.push(
                    crate::diagnostics::Diagnostic::error(
                        eval::VALUE_NOT_EVALUABLE,
                        format!("a validation bound cannot be evaluated: {}", err.reason),
                    )
                    .at(Some(location))
                    .with_label(err.reason)
                    .with_help(eval::HELP_VALUE),
                );
            }
        }
    }
}
