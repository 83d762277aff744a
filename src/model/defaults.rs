//! Serialised default values, as schemars puts them in `"default"`, evaluated while lowering
//! (see [`super::Lowerer::lower_reachable`]) into [`super::FieldDefaultValue`] and
//! [`super::ContainerDefaults`]. Three jobs:
//!
//! * `Default` resolution: which expression gives a field's default (the field type's
//!   `Default`, a `default = "path"` fn, the container's `Default` or `default = "path"`),
//!   evaluated by [`crate::model::eval`];
//! * serde value emulation: the JSON serde makes of the typed value (renames, skips, tags,
//!   `transparent`, `flatten`);
//! * `skip_serializing_if` predicates, applied to the typed value.
//!
//! A default the evaluator cannot compute is an error with the span of the sub-expression at
//! fault ([`DEFAULT_NOT_EVALUABLE`]); one that only exists at runtime (it reads the clock, the
//! environment, a file…) or that custom serialisation code turns into JSON is opaque: the schema
//! is left out with a warning.

use serde_json::{Map, Number, Value};

use super::eval::{self, EvalError, Failure, Frame, Val};
use super::{
    Body, ContainerDefaults, DefId, Field, FieldDefault, FieldDefaultValue, Lowerer, Opt, Scope, Shown, Style, Tag, Ty,
    TypeDef, Variant,
};
use crate::diagnostics::{Diagnostic, Location};
use crate::options::{value_key, value_line, ValueKind};

pub use crate::model::eval::{DEFAULT_NOT_EVALUABLE, HELP as EVAL_HELP};

/// Why a default has no JSON value.
pub enum NoDefault {
    /// Only known at runtime, or serialised by custom code: the schema is opaque.
    Opaque(String),
    /// Our failure: reported as an error.
    Error(Diagnostic),
}

/// The error (or opaque reason) of a failed evaluation of `what`, placed on the sub-expression
/// at fault, or on `fallback` (the field or container an attribute names the fn on) when the
/// failure is the call of that fn itself.
pub fn failure(lw: &Lowerer, what: &str, e: &EvalError, fallback: &Location) -> NoDefault {
    let location = if is_call_site(e.span) { fallback.clone() } else { e.location(lw.ws()) };
    at_location(e.failure, what, &e.reason, &location)
}

/// The span of no source text: what the evaluator gives a failure of a call made on the
/// caller's behalf (a `default = "path"` fn, a predicate).
fn is_call_site(span: proc_macro2::Span) -> bool {
    span.byte_range() == (0..0)
}

/// An error diagnostic on a location, unless the same one was already given (a type is reached
/// by several tools).
pub fn report(lw: &mut Lowerer, d: Diagnostic) {
    let seen = lw.diagnostics.iter().any(|o| {
        o.code == d.code
            && o.message == d.message
            && o.location.as_ref().map(|l| (l.start, &l.file.path))
                == d.location.as_ref().map(|l| (l.start, &l.file.path))
    });
    if !seen {
        lw.diagnostics.push(d);
    }
}

/// What a field shows as its `"default"` from its own type or `default = "path"` fn, or that its
/// value comes from the container's default (`container`: the container's serde `default`).
pub(crate) fn field_default_value(
    lw: &mut Lowerer,
    def: &TypeDef,
    field: &Field,
    container: &FieldDefault,
) -> FieldDefaultValue {
    if field.skip_ser || (field.default == FieldDefault::None && *container == FieldDefault::None) {
        return FieldDefaultValue::Own(Shown::ABSENT);
    }
    // A value the configuration supplies is the value (`Type.field.default`).
    if let Some(v) = lw.given_value(&value_key(&field_of(def, field), ValueKind::Default)) {
        return FieldDefaultValue::Own(Shown::Value(Opt::Known(v)));
    }
    // The derive bounds type parameters by `JsonSchema` only: a field of a parameter's type is
    // not known to be `Serialize`, so schemars shows no default.
    if field.ty.mentions_param() {
        return FieldDefaultValue::Own(Shown::ABSENT);
    }
    // A type that is not `Serialize` gets no default from schemars: nothing to evaluate.
    if !implements_serialize(lw, &field.ty) {
        return FieldDefaultValue::Own(Shown::ABSENT);
    }
    let scope = def.scope();
    let what = default_of(def, field);
    let value = match &field.default {
        FieldDefault::Default => type_default(lw, &field.ty, &scope, &what, &field.location),
        FieldDefault::Path(p) => call_default_fn(lw, p, &field.ty, &scope, &what, &field.location),
        FieldDefault::None => return FieldDefaultValue::FromContainer,
    };
    let value = value.and_then(|v| shown_value(lw, def, field, &v, &what));
    FieldDefaultValue::Own(shown(value.map_err(|e| with_value_line(e, &[field_of(def, field)]))))
}

fn default_of(def: &TypeDef, field: &Field) -> String {
    format!("the default of `{}`", field_of(def, field))
}

/// `Type.field`, as the default's diagnostic and its configuration key name it.
fn field_of(def: &TypeDef, field: &Field) -> String {
    format!("{}.{}", def.rust_name, field.rust_name.clone().unwrap_or_default())
}

/// An unevaluable default's error with the configuration line that supplies exactly that value
/// (one per field taking its value from an unevaluable container default).
fn with_value_line(e: NoDefault, fields: &[String]) -> NoDefault {
    match e {
        NoDefault::Error(d) if !fields.is_empty() => {
            let lines: Vec<String> = fields.iter().map(|f| value_line(f, ValueKind::Default)).collect();
            let help = format!(
                "{}; or write the default in what the CLI evaluates (`mcp-schema explain default-not-evaluable`)",
                lines.join("; ")
            );
            NoDefault::Error(d.with_help(help))
        }
        other => other,
    }
}

/// The container `#[serde(default)]` / `default = "path"` of `id` instantiated with `args`:
/// evaluated once, and what each field taking its value from it shows.
pub(crate) fn container_defaults(lw: &mut Lowerer, id: DefId, args: &[Ty]) -> ContainerDefaults {
    let def = lw.model.shared(id);
    let Body::Struct { fields: decl, .. } = &def.body else {
        return ContainerDefaults { args: args.to_vec(), fields: Ok(Vec::new()) };
    };
    let asks = |f: &Field| matches!(f.default_value, FieldDefaultValue::FromContainer);
    if !decl.iter().any(asks) {
        return ContainerDefaults { args: args.to_vec(), fields: Ok(vec![Shown::ABSENT; decl.len()]) };
    }
    let self_ty = Ty::Named(id, args.to_vec());
    let scope = def.scope();
    let what = format!("the default of `{}`", def.rust_name);
    let value = match &def.serde.default {
        FieldDefault::Path(p) => call_default_fn(lw, p, &self_ty, &scope, &what, &def.location),
        _ => type_default(lw, &self_ty, &scope, &what, &def.location),
    };
    let values = match value {
        Ok(Val::Struct { fields, .. }) => fields,
        Ok(_) => return ContainerDefaults { args: args.to_vec(), fields: Ok(vec![Shown::ABSENT; decl.len()]) },
        Err(e) => {
            let taking: Vec<String> = decl.iter().filter(|f| asks(f)).map(|f| field_of(&def, f)).collect();
            return ContainerDefaults { args: args.to_vec(), fields: Err(shown(Err(with_value_line(e, &taking)))) };
        }
    };
    let mut shown_fields = Vec::new();
    for (i, field) in decl.iter().enumerate() {
        let value = values.get(i).cloned().flatten().filter(|_| asks(field));
        shown_fields.push(match value {
            Some(v) => shown(shown_value(lw, &def, field, &v, &default_of(&def, field))),
            None => Shown::ABSENT,
        });
    }
    ContainerDefaults { args: args.to_vec(), fields: Ok(shown_fields) }
}

/// What a field's default value shows once `skip_serializing_if` and serialisation are applied.
fn shown_value(
    lw: &mut Lowerer,
    def: &TypeDef,
    field: &Field,
    value: &Val,
    what: &str,
) -> Result<Option<Value>, NoDefault> {
    if let Some(pred) = &field.skip_ser_if {
        let skipped = predicate(lw, pred, value, &def.scope())
            .map_err(|why| NoDefault::Opaque(format!("{what}: skip_serializing_if = \"{pred}\" on it: {why}")))?;
        if skipped {
            return Ok(None);
        }
    }
    if field.schemars.custom_serialize {
        return Err(NoDefault::Opaque(format!("{what} is serialised by custom code")));
    }
    match serialize(lw, value) {
        Ok(json) => Ok(Some(json)),
        // schemars keeps the default only when `serde_json::to_value` succeeds.
        Err(e) if e.serde_fails => Ok(None),
        Err(e) if e.own_serialize => Err(at_location(Failure::Unsupported, what, &e.why, &field.location)),
        Err(e) => Err(NoDefault::Opaque(format!("{what}: {e}"))),
    }
}

/// `<ty as Default>::default()`; a failure of the type itself is placed on `location`.
fn type_default(lw: &mut Lowerer, ty: &Ty, scope: &Scope, what: &str, location: &Location) -> Result<Val, NoDefault> {
    let frame = Frame::new(scope.clone());
    let here = proc_macro2::TokenStream::new();
    let v = lw.evaluator().type_default(ty, &here, &frame);
    v.map_err(|e| failure(lw, what, &e, location))
}

/// `default = "path"`: the fn of the workspace it names, called. Failures of the call itself are
/// placed on `location` (the field or container the attribute is on).
fn call_default_fn(
    lw: &mut Lowerer,
    path: &str,
    ty: &Ty,
    scope: &Scope,
    what: &str,
    location: &Location,
) -> Result<Val, NoDefault> {
    let segs: Vec<String> = path.split("::").map(|s| crate::source::unraw_ident(s.trim())).collect();
    let frame = Frame::new(scope.clone());
    let here = proc_macro2::TokenStream::new();
    match lw.evaluator().call_values(&segs, Vec::new(), Some(ty), &here, &frame) {
        Some(v) => v.map_err(|e| failure(lw, what, &e, location)),
        None => {
            let resolved = lw.ws().resolve(scope.krate, scope.module, &segs, crate::source::Namespace::Value);
            if let crate::source::Resolved::External(full) = &resolved {
                if eval::is_runtime_api(full) {
                    return Err(NoDefault::Opaque(format!("{what}: `{}()` is only known at runtime", full.join("::"))));
                }
            }
            Err(at_location(Failure::Unsupported, what, &format!("`{path}` is not a fn the CLI can see"), location))
        }
    }
}

fn at_location(failure: Failure, what: &str, reason: &str, location: &Location) -> NoDefault {
    match failure {
        Failure::Runtime => NoDefault::Opaque(format!("{what}: {reason}")),
        Failure::Unsupported | Failure::Invalid => NoDefault::Error(
            Diagnostic::warning(DEFAULT_NOT_EVALUABLE, format!("{what} cannot be evaluated: {reason}"))
                .at(Some(location.clone()))
                .with_label(reason.to_owned())
                .with_help(EVAL_HELP),
        ),
    }
}

/// `pred(&value)` for a `skip_serializing_if` path: a fn of the workspace, or `Option::is_none`,
/// `Vec::is_empty` and the like.
pub fn predicate(lw: &mut Lowerer, pred: &str, value: &Val, scope: &Scope) -> Result<bool, String> {
    let segs: Vec<String> = pred.split("::").map(|s| crate::source::unraw_ident(s.trim())).collect();
    let frame = Frame::new(scope.clone());
    let here = proc_macro2::TokenStream::new();
    let mut ev = lw.evaluator();
    if let Some(out) = ev.call_values(&segs, vec![value.clone()], Some(&Ty::Bool), &here, &frame) {
        return match out {
            Ok(Val::Bool(b)) => Ok(b),
            Ok(other) => Err(format!("it returns {}", other.kind_of())),
            Err(e) => Err(e.reason),
        };
    }
    let last = segs.last().map(String::as_str).unwrap_or("");
    match (last, value) {
        ("is_none", Val::Opt(o)) => Ok(o.is_none()),
        ("is_some", Val::Opt(o)) => Ok(o.is_some()),
        ("is_empty", Val::Str(s)) => Ok(s.is_empty()),
        ("is_empty", Val::Seq(s)) => Ok(s.is_empty()),
        ("is_empty", Val::Map(m)) => Ok(m.is_empty()),
        ("is_empty", Val::Json(Value::Object(m))) => Ok(m.is_empty()),
        ("is_empty", Val::Json(Value::Array(a))) => Ok(a.is_empty()),
        ("not", Val::Bool(b)) => Ok(!b),
        ("is_null", Val::Json(v)) => Ok(v.is_null()),
        _ => Err(format!("`{pred}` cannot be evaluated")),
    }
}

/// Whether a value of this type is `Serialize` (schemars shows no default otherwise).
pub fn implements_serialize(lw: &mut Lowerer, ty: &Ty) -> bool {
    match ty {
        Ty::Seq(t) | Ty::Set(t) | Ty::Array(t, _) | Ty::Option(t) => implements_serialize(lw, t),
        Ty::Map(k, v) => implements_serialize(lw, k) && implements_serialize(lw, v),
        Ty::Tuple(ts) => ts.iter().all(|t| implements_serialize(lw, t)),
        Ty::Named(id, args) => lw.model.def(*id).traits.serialize && args.iter().all(|a| implements_serialize(lw, a)),
        Ty::Param(_) | Ty::Unknown(_) => false,
        _ => true,
    }
}

/// Why a value has no JSON: serde itself fails on it when the server runs (`serde_fails`: a
/// skipped variant, an integer past `u64`, a flattened non-map), or the CLI cannot tell.
#[derive(Debug)]
pub struct SerializeError {
    pub why: String,
    pub serde_fails: bool,
    /// The value is written by a type's hand-written `impl Serialize` (`collect_str`, its
    /// `Display`, or other code), which the CLI does not run: the value is left out, an error of
    /// the left-out group with the configuration line that supplies it.
    pub own_serialize: bool,
}

impl SerializeError {
    fn serde_fails(why: impl Into<String>) -> Self {
        SerializeError { why: why.into(), serde_fails: true, own_serialize: false }
    }

    /// A value of `def`, whose own `impl Serialize` writes it.
    fn own_serialize(def: &TypeDef, how: super::OwnSerialize) -> Self {
        let how = match how {
            super::OwnSerialize::CollectStr => "through `serializer.collect_str(self)`, its `Display`",
            super::OwnSerialize::Custom => "by hand-written code",
        };
        let why = format!(
            "`{}` is serialised by its own `impl Serialize` ({how}), which the CLI does not run",
            def.rust_name
        );
        SerializeError { why, serde_fails: false, own_serialize: true }
    }
}

impl From<String> for SerializeError {
    fn from(why: String) -> Self {
        SerializeError { why, serde_fails: false, own_serialize: false }
    }
}

impl From<&str> for SerializeError {
    fn from(why: &str) -> Self {
        why.to_owned().into()
    }
}

impl std::fmt::Display for SerializeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.why)
    }
}

/// serde's serialisation of a value (`serde_json::to_value`).
pub fn serialize(lw: &mut Lowerer, v: &Val) -> Result<Value, SerializeError> {
    Ok(match v {
        Val::Int(n, _) => {
            if let Ok(i) = i64::try_from(*n) {
                Value::from(i)
            } else if let Ok(u) = u64::try_from(*n) {
                Value::from(u)
            } else {
                return Err(SerializeError::serde_fails(format!("{n} does not fit a JSON number")));
            }
        }
        // serde_json writes a non-finite float as `null`, and an `f32` widened to `f64`.
        Val::Float(f, _) => Number::from_f64(*f).map(Value::Number).unwrap_or(Value::Null),
        Val::Bool(b) => Value::Bool(*b),
        Val::Char(c) => Value::String(c.to_string()),
        Val::Str(s) => Value::String(s.clone()),
        Val::Unit | Val::Opt(None) => Value::Null,
        Val::Opt(Some(x)) => serialize(lw, x)?,
        Val::Seq(items) | Val::Tuple(items) => {
            Value::Array(items.iter().map(|x| serialize(lw, x)).collect::<Result<_, _>>()?)
        }
        Val::Map(entries) => {
            let mut out = Map::new();
            for (k, x) in entries {
                let key = match k {
                    Val::Str(s) => s.clone(),
                    Val::Char(c) => c.to_string(),
                    Val::Int(n, _) => n.to_string(),
                    Val::Bool(b) => b.to_string(),
                    other => return Err(SerializeError::serde_fails(format!("{} as a map key", other.kind_of()))),
                };
                out.insert(key, serialize(lw, x)?);
            }
            Value::Object(out)
        }
        Val::Json(j) => j.clone(),
        Val::Ref(_) | Val::Schemars(_) | Val::Err(_) => {
            return Err(SerializeError::serde_fails(format!("{} the evaluator holds", v.kind_of())))
        }
        Val::Struct { def, fields, .. } => {
            let d = lw.model.shared(*def);
            if let Some(how) = d.traits.own_serialize {
                return Err(SerializeError::own_serialize(&d, how));
            }
            serialize_struct(lw, &d, fields)?
        }
        Val::Variant { def, variant, fields, .. } => {
            let d = lw.model.shared(*def);
            if let Some(how) = d.traits.own_serialize {
                return Err(SerializeError::own_serialize(&d, how));
            }
            serialize_variant(lw, &d, *variant, fields)?
        }
    })
}

/// The fields serde writes for a struct (or struct variant), as a map.
fn field_map(
    lw: &mut Lowerer,
    def: &TypeDef,
    decl: &[Field],
    values: &[Option<Val>],
) -> Result<Map<String, Value>, SerializeError> {
    let scope = def.scope();
    let mut out = Map::new();
    for (f, v) in decl.iter().zip(values) {
        if f.value_skip {
            continue;
        }
        let v = v.as_ref().ok_or("a field value")?;
        if f.schemars.custom_serialize {
            return Err(format!(
                "`{}.{}` is serialised by custom code",
                def.rust_name,
                f.rust_name.clone().unwrap_or_default()
            )
            .into());
        }
        if let Some(pred) = &f.skip_ser_if {
            if predicate(lw, pred, v, &scope)? {
                continue;
            }
        }
        if f.flatten {
            if let Some(name) = flattened_unit_variant(lw, v) {
                // serde writes a flattened unit variant as the entry `"Variant": null`.
                out.insert(name, Value::Null);
                continue;
            }
        }
        let json = serialize(lw, v)?;
        if f.flatten {
            match json {
                Value::Object(m) => out.extend(m),
                Value::Null => {}
                _ => return Err(SerializeError::serde_fails("a flattened non-object")),
            }
            continue;
        }
        out.insert(f.value_name.clone(), json);
    }
    Ok(out)
}

/// The name of an externally tagged unit variant, when `v` is one.
fn flattened_unit_variant(lw: &Lowerer, v: &Val) -> Option<String> {
    let Val::Variant { def, variant, .. } = v else { return None };
    let def = lw.model.def(*def);
    let Body::Enum { variants } = &def.body else { return None };
    let var = variants.get(*variant)?;
    (def.serde.tag == Tag::External && var.style == Style::Unit && !var.untagged && !var.value_skip)
        .then(|| var.value_name.clone())
}

/// serde's serialisation of a struct value.
fn serialize_struct(lw: &mut Lowerer, def: &TypeDef, values: &[Option<Val>]) -> Result<Value, SerializeError> {
    let Body::Struct { style, fields } = &def.body else { return Err("not a struct".into()) };
    if def.serde.into.is_some() {
        return Err(format!("`{}` serialises through `into`", def.rust_name).into());
    }
    if def.serde.transparent {
        let i = fields.iter().position(|f| !f.skip_de).unwrap_or(0);
        let v = values.get(i).cloned().flatten().ok_or("the transparent field")?;
        return serialize(lw, &v);
    }
    match style {
        Style::Unit => Ok(Value::Null),
        Style::Newtype => serialize(lw, values.first().and_then(Option::as_ref).ok_or("the newtype field")?),
        Style::Tuple => {
            let mut out = Vec::new();
            for (f, v) in fields.iter().zip(values) {
                if !f.value_skip {
                    out.push(serialize(lw, v.as_ref().ok_or("a field value")?)?);
                }
            }
            Ok(Value::Array(out))
        }
        Style::Struct => {
            let mut out = Map::new();
            if let Tag::Internal(tag) = &def.serde.tag {
                out.insert(tag.clone(), Value::String(def.serde.ser_name.clone()));
            }
            out.extend(field_map(lw, def, fields, values)?);
            Ok(Value::Object(out))
        }
    }
}

/// serde's serialisation of an enum value.
fn serialize_variant(
    lw: &mut Lowerer,
    def: &TypeDef,
    variant: usize,
    values: &[Option<Val>],
) -> Result<Value, SerializeError> {
    let Body::Enum { variants } = &def.body else { return Err("not an enum".into()) };
    let v: &Variant = &variants[variant];
    if def.serde.into.is_some() {
        return Err(format!("`{}` serialises through `into`", def.rust_name).into());
    }
    if v.value_skip {
        return Err(SerializeError::serde_fails("a variant that cannot be serialised"));
    }
    let content = match v.style {
        Style::Unit => None,
        Style::Newtype => Some(serialize(lw, values.first().and_then(Option::as_ref).ok_or("the newtype field")?)?),
        Style::Tuple => {
            let mut out = Vec::new();
            for (f, x) in v.fields.iter().zip(values) {
                if !f.value_skip {
                    out.push(serialize(lw, x.as_ref().ok_or("a field value")?)?);
                }
            }
            Some(Value::Array(out))
        }
        Style::Struct => Some(Value::Object(field_map(lw, def, &v.fields, values)?)),
    };
    let name = Value::String(v.value_name.clone());
    let untagged = v.untagged || def.serde.tag == Tag::Untagged;
    Ok(match (&def.serde.tag, content) {
        (_, None) if untagged => Value::Null,
        (_, Some(c)) if untagged => c,
        (Tag::External, None) => name,
        (Tag::External, Some(c)) => Value::Object([(v.value_name.clone(), c)].into_iter().collect()),
        (Tag::Internal(t), None) => Value::Object([(t.clone(), name)].into_iter().collect()),
        (Tag::Internal(t), Some(Value::Object(m))) => {
            let mut out = Map::new();
            out.insert(t.clone(), name);
            out.extend(m);
            Value::Object(out)
        }
        (Tag::Internal(_), Some(_)) => return Err(SerializeError::serde_fails("an internally tagged non-object")),
        (Tag::Adjacent(t, _), None) => Value::Object([(t.clone(), name)].into_iter().collect()),
        (Tag::Adjacent(t, c), Some(content)) => {
            Value::Object([(t.clone(), name), (c.clone(), content)].into_iter().collect())
        }
        (Tag::Untagged, _) => unreachable!("handled above"),
    })
}

/// The JSON of an `example = expr` value (schemars `examples`).
pub fn example(lw: &mut Lowerer, e: &syn::Expr, scope: &Scope, what: &str) -> Result<Value, NoDefault> {
    let frame = Frame::new(scope.clone());
    let here = lw.location(scope.krate, scope.module, syn::spanned::Spanned::span(e));
    let v = lw.evaluator().eval(e, None, &frame).map_err(|x| failure(lw, what, &x, &here))?;
    serialize(lw, &v).map_err(|why| match why.own_serialize {
        true => at_location(Failure::Unsupported, what, &why.why, &here),
        false => NoDefault::Opaque(format!("{what}: {why}")),
    })
}

/// An evaluation's outcome as the model keeps it.
pub(super) fn shown(result: Result<Option<Value>, NoDefault>) -> Shown {
    match result {
        Ok(None) => Shown::ABSENT,
        Ok(Some(v)) => Shown::Value(Opt::Known(v)),
        Err(NoDefault::Opaque(why)) => Shown::Value(Opt::Opaque(why)),
        Err(NoDefault::Error(d)) => Shown::Error(Box::new(d)),
    }
}
