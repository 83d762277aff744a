//! The JSON value domain: places a `&mut` reaches inside a local's `serde_json::Value`, the
//! methods of `Value` and `Map` (reading ones for any expression, mutating ones for a
//! statement-by-statement run, [`super::exec`]), the schema fns of schemars and the SDK
//! (`schema_for!(T)`, `schema_for_type::<T>()`, `schema_for_output::<T>()`), whose schemas come
//! from the profile's schema pipeline through [`Types::schema_of`], and `serde_json::to_value`.

use serde_json::{Map, Value};

use super::*;

/// A place a `&mut` reaches: a local, and the keys and indices down into its JSON value.
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    pub root: String,
    pub path: Vec<Seg>,
}

/// One step down into a JSON value.
#[derive(Debug, Clone, PartialEq)]
pub enum Seg {
    Key(String),
    Index(usize),
}

impl Place {
    pub fn child(&self, seg: Seg) -> Place {
        let mut path = self.path.clone();
        path.push(seg);
        Place { root: self.root.clone(), path }
    }
}

/// Which schema fn a call names: what the profile's pipeline makes for the type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SchemaCall {
    /// schemars itself: `schema_for!(T)` (its default settings), or a generator made from
    /// `SchemaSettings` (`draft07()`, `.for_serialize()`).
    Schemars(Generator),
    /// The SDK's `schema_for_type::<T>()` (and its cached form): the root its tools are made from.
    SdkType,
    /// The SDK's `schema_for_output::<T>()`: an output schema as the SDK lists it.
    SdkOutput,
    /// The SDK's `schema_for_input::<T>()`: an input schema as the SDK lists it.
    SdkInput,
}

/// A schemars `SchemaSettings` or `SchemaGenerator` value: what its schemas depend on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Generator {
    /// `SchemaSettings::draft07()` rather than schemars 1's default, draft 2020-12.
    pub draft07: bool,
    /// `.for_serialize()`: what the type serializes to, rather than what deserializes into it.
    pub serialize: bool,
    /// The transforms added to the settings (`with_transform`, `transforms.push`): their list in
    /// the evaluator, applied to each root schema in order.
    pub transforms: Option<usize>,
}

impl SchemaCall {
    /// The schema fn a call's last path segment names, if any.
    fn named(last: &str) -> Option<SchemaCall> {
        Some(match last {
            "schema_for_type" | "cached_schema_for_type" => SchemaCall::SdkType,
            "schema_for_output" => SchemaCall::SdkOutput,
            "schema_for_input" => SchemaCall::SdkInput,
            _ => return None,
        })
    }
}

/// The value at a place, `None` when the place is gone.
pub(super) fn read_place(f: &Frame, place: &Place) -> Option<Val> {
    Some(match place_ref(f, place)? {
        Ok(json) => Val::Json(json.clone()),
        Err(v) => v.clone(),
    })
}

/// The value at a place, borrowed (what [`read_place`] would copy): `Ok` a JSON value, `Err` a
/// local that is not JSON; `None` when the place is gone.
pub(super) fn place_ref<'f>(f: &'f Frame, place: &Place) -> Option<Result<&'f Value, &'f Val>> {
    let root = f.locals.get(&place.root)?;
    let Val::Json(root) = root else { return place.path.is_empty().then_some(Err(root)) };
    let mut at = root;
    for seg in &place.path {
        at = match seg {
            Seg::Key(k) => at.get(k)?,
            Seg::Index(i) => at.get(i)?,
        };
    }
    Some(Ok(at))
}

/// Takes the value out of a place, leaving `()` (a local) or `null` (a part of a JSON value)
/// until it is written back; `None` when the place is gone.
pub(super) fn take_place(f: &mut Frame, place: &Place) -> Option<Val> {
    let root = f.locals.get_mut(&place.root)?;
    if place.path.is_empty() {
        return Some(std::mem::replace(root, Val::Unit));
    }
    let Val::Json(root) = root else { return None };
    json_at_mut(root, &place.path).map(|at| Val::Json(at.take()))
}

/// The JSON value at `path` inside `v`, for writing.
pub(super) fn json_at_mut<'v>(mut v: &'v mut Value, path: &[Seg]) -> Option<&'v mut Value> {
    for seg in path {
        v = match seg {
            Seg::Key(k) => v.get_mut(k)?,
            Seg::Index(i) => v.get_mut(i)?,
        };
    }
    Some(v)
}

/// The segment a `get`/`get_mut`/index argument names.
pub(super) fn seg_of(v: &Val) -> Option<Seg> {
    match v {
        Val::Str(s) => Some(Seg::Key(s.clone())),
        Val::Int(n, _) => usize::try_from(*n).ok().map(Seg::Index),
        Val::Json(Value::String(s)) => Some(Seg::Key(s.clone())),
        _ => None,
    }
}

impl Evaluator<'_, '_> {
    /// The JSON a value is (`to_value`, an `insert`ed value, a `json!` interpolation).
    pub(super) fn json_of(&mut self, v: Val, at: &dyn Spanned, f: &Frame) -> Result<Value, EvalError> {
        match v {
            Val::Json(j) => Ok(j),
            Val::Ref(place) => match read_place(f, &place) {
                Some(v) => self.json_of(v, at, f),
                None => Err(self.fail(at, f, Failure::Invalid, "a reference to a value that is gone")),
            },
            other => self.types.serialize(&other).map_err(|why| self.unsupported(at, f, why)),
        }
    }

    /// `==` where a side is JSON (`t != "null"`, `x.get("k") == Some(&Value::Null)`): the other
    /// side compared as the JSON it serialises to. `None` when neither side is JSON.
    pub(super) fn json_eq(&mut self, l: &Val, r: &Val) -> Option<bool> {
        match (l, r) {
            (Val::Opt(a), Val::Opt(b)) => match (a, b) {
                (Some(a), Some(b)) => self.json_eq(a, b),
                (None, None) => None,
                _ if contains_json(l) || contains_json(r) => Some(false),
                _ => None,
            },
            (Val::Json(x), Val::Json(y)) => Some(x == y),
            (Val::Json(x), other) | (other, Val::Json(x)) if !matches!(other, Val::Opt(_) | Val::Ref(_)) => {
                self.types.serialize(other).ok().map(|y| *x == y)
            }
            _ => None,
        }
    }

    /// `json!(…)` whose values may be expressions of the frame (`"items": items`).
    pub(super) fn json_macro(&mut self, mac: &syn::Macro, f: &Frame) -> Eval {
        let mut failed: Option<EvalError> = None;
        let value = json::literal_with(mac, &mut |tokens| {
            if failed.is_some() {
                return None;
            }
            let got = syn::parse2::<Expr>(tokens)
                .map_err(|e| self.unsupported(mac, f, format!("a `json!` value that is not an expression ({e})")))
                .and_then(|e| {
                    let v = self.eval(&e, None, f)?;
                    self.json_of(v, &e, f)
                });
            got.map_err(|e| failed = Some(e)).ok()
        });
        match (value, failed) {
            (_, Some(e)) => Err(e),
            (Some(v), None) => {
                self.grown(super::budget::json_size(&v), mac, f)?;
                Ok(Val::Json(v))
            }
            (None, None) => Err(self.unsupported(mac, f, "a `json!` value the CLI cannot read")),
        }
    }

    /// `schema_for!(T)`.
    pub(super) fn schema_for_macro(&mut self, mac: &syn::Macro, f: &Frame) -> Eval {
        let ty: syn::Type = mac.parse_body().map_err(|e| self.unsupported(mac, f, format!("`schema_for!` ({e})")))?;
        self.schema_of(&ty, mac, SchemaCall::Schemars(Generator::default()), f)
    }

    /// A call of an SDK schema fn with its type (`schema_for_type::<T>()`), or `None` when the
    /// call is not one.
    pub(super) fn schema_fn_call(&mut self, c: &syn::ExprCall, f: &Frame) -> Option<Eval> {
        let Expr::Path(p) = &*c.func else { return None };
        let last = p.path.segments.last()?;
        let call = SchemaCall::named(&last.ident.to_string())?;
        let ty = turbofish(&p.path)?.first()?.clone();
        if !c.args.is_empty() {
            return None;
        }
        Some(self.schema_of(&ty, c, call, f))
    }

    /// The schema of a type named in `f` (a generic parameter bound by the caller is the
    /// caller's type).
    fn schema_of(&mut self, ty: &syn::Type, at: &dyn Spanned, call: SchemaCall, f: &Frame) -> Eval {
        let (ty, scope) = bound_type(ty, f);
        self.types.schema_of(&ty, &scope, call).map(Val::Json).map_err(|why| self.unsupported(at, f, why))
    }

    /// schemars' settings and generators: `SchemaSettings::draft2020_12()` / `draft07()` /
    /// `default()`, `SchemaGenerator::default()` / `new(settings)` / `from(settings)`; `None`
    /// for another call.
    pub(super) fn generator_call(&mut self, head: &str, last: &str, args: &[&Expr], f: &Frame) -> Option<Eval> {
        let made = match (head, last, args) {
            ("SchemaSettings", "draft2020_12" | "default", []) => Generator::default(),
            ("SchemaSettings", "draft07", []) => Generator { draft07: true, ..Generator::default() },
            ("SchemaGenerator", "default", []) => Generator::default(),
            ("SchemaGenerator", "new" | "from", [a]) => {
                return Some(match self.eval(a, None, f) {
                    Ok(Val::Schemars(g)) => Ok(Val::Schemars(g)),
                    Ok(other) => Err(self.unsupported(*a, f, format!("{} as schemars settings", other.kind_of()))),
                    Err(e) => Err(e),
                })
            }
            _ => return None,
        };
        Some(Ok(Val::Schemars(made)))
    }

    /// The methods of a schemars settings or generator value.
    pub(super) fn generator_method(&mut self, m: &syn::ExprMethodCall, g: Generator, f: &Frame) -> Eval {
        let name = m.method.to_string();
        match (name.as_str(), m.args.len()) {
            ("for_serialize", 0) => Ok(Val::Schemars(Generator { serialize: true, ..g })),
            ("for_deserialize", 0) => Ok(Val::Schemars(Generator { serialize: false, ..g })),
            ("into_generator" | "clone" | "settings", 0) => Ok(Val::Schemars(g)),
            ("with_transform", 1) => Ok(Val::Schemars(self.with_transform(g, &m.args[0], f))),
            ("into_root_schema_for" | "root_schema_for", 0) => {
                let Some(ty) = m.turbofish.as_ref().and_then(|t| t.args.first()).and_then(|a| match a {
                    syn::GenericArgument::Type(t) => Some(t.clone()),
                    _ => None,
                }) else {
                    return Err(self.unsupported(m, f, format!("`.{name}()` without its type")));
                };
                let schema = self.schema_of(&ty, m, SchemaCall::Schemars(g), f)?;
                self.generator_transforms_on(g, schema, m, f)
            }
            _ => Err(self.unsupported(m, f, format!("the schemars method `.{name}()`"))),
        }
    }

    /// The settings with one more transform (written at `t`).
    pub(super) fn with_transform(&mut self, g: Generator, t: &Expr, f: &Frame) -> Generator {
        let mut list = g.transforms.map(|i| self.generator_transforms[i].clone()).unwrap_or_default();
        list.push((t.clone(), f.scope.clone()));
        self.generator_transforms.push(list);
        Generator { transforms: Some(self.generator_transforms.len() - 1), ..g }
    }

    /// A root schema after the settings' transforms, in order, as `SchemaGenerator` applies them.
    fn generator_transforms_on(&mut self, g: Generator, schema: Val, at: &dyn Spanned, f: &Frame) -> Eval {
        use crate::model::transform::{apply, name, read, run_site};
        let (Some(i), Val::Json(mut v)) = (g.transforms, schema.clone()) else { return Ok(schema) };
        for (e, scope) in self.generator_transforms[i].clone() {
            let mut sites = Vec::new();
            let t = read(&e, self.rs, &scope, None, &mut sites);
            let out = apply(&t, &mut v, &mut |c, v| {
                let site = &sites[c.id];
                run_site(self, site, Frame::new(site.scope.clone()), v)
            });
            if let Err(gap) = out {
                let why = format!("the schemars transform `{}` cannot be followed: {}", name(&t), gap.reason);
                return Err(self.unsupported(at, f, why));
            }
        }
        Ok(Val::Json(v))
    }

    /// `serde_json::to_value(x)` (its `Result` is `Ok`: `?`, `unwrap` and `expect` keep it).
    pub(super) fn serde_to_value_call(&mut self, c: &syn::ExprCall, full: &[String], f: &Frame) -> Option<Eval> {
        if full != ["serde_json", "to_value"] || c.args.len() != 1 {
            return None;
        }
        let a = &c.args[0];
        Some(self.eval(a, None, f).and_then(|v| self.json_of(v, a, f)).map(Val::Json))
    }

    /// The reading methods of `Value` and `Map` (`get`, `as_object`, `contains_key`…); `None`
    /// for another method.
    pub(super) fn json_read_method(&mut self, name: &str, v: &Value, args: &[&Expr], f: &Frame) -> Option<Eval> {
        let row = super::methods::find_json(name, args.len())?;
        (row.run)(self, v, &super::methods::JsonCall { name, args, f })
    }
}

/// The turbofish types of a path's last segment (`f::<A, B>`).
pub(super) fn turbofish(path: &syn::Path) -> Option<Vec<syn::Type>> {
    let syn::PathArguments::AngleBracketed(a) = &path.segments.last()?.arguments else { return None };
    Some(
        a.args
            .iter()
            .filter_map(|g| match g {
                syn::GenericArgument::Type(t) => Some(t.clone()),
                _ => None,
            })
            .collect(),
    )
}

/// A type as named in `f`: a generic parameter the call bound is the caller's type, in the
/// caller's scope.
pub(super) fn bound_type(ty: &syn::Type, f: &Frame) -> (syn::Type, Scope) {
    if let syn::Type::Path(p) = ty {
        if let Some(id) = p.path.get_ident() {
            if let Some((_, t, scope)) = f.type_args.iter().rev().find(|(n, ..)| id == n) {
                return (t.clone(), scope.clone());
            }
        }
    }
    (ty.clone(), f.scope.clone())
}

/// An empty JSON object (`Map::new()`, `JsonObject::new()`).
pub(super) fn empty_object() -> Val {
    Val::Json(Value::Object(Map::new()))
}

fn contains_json(v: &Val) -> bool {
    match v {
        Val::Json(_) => true,
        Val::Opt(Some(x)) => contains_json(x),
        _ => false,
    }
}
