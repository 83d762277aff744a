//! inputSchema and outputSchema as rmcp builds them: which argument and which
//! return type count (as written, never through aliases), the empty-input form, the
//! release-dependent post-processing of the schemars root (validation, stripping, key order),
//! legacy peers (an explicit `input_schema = f()` / `output_schema = f()` is the evaluator's:
//! `fn_tool.rs`).
//! What cannot be made is a [`Gap`]: a warning when it exists only at runtime, an error when we
//! failed to find a type (see `unresolved`).

use std::collections::BTreeMap;
use std::rc::Rc;

use serde_json::{Map, Value};

pub use super::unresolved::Gap;
use super::version::{Behaviour, EmptyInput};
use super::{is_result, type_text};
use crate::diagnostics::Code;
use crate::model::eval::SchemaCall;
use crate::model::SchemaSource;
use crate::model::{Lowerer, Model, Scope, Ty};
use crate::schema::order::sort_all_keys;
use crate::schema::schemars::{parameters_root_schema, root_schema, Contract, Dialect, RootSchema, Settings};

/// The `Parameters<T>` argument of a tool fn: the first typed argument whose type is a path
/// ending in `Parameters` (any prefix), and its `T`.
pub fn parameters_arg(sig: &syn::Signature) -> Option<(&syn::Type, &syn::Type)> {
    sig.inputs.iter().find_map(|arg| {
        let syn::FnArg::Typed(pt) = arg else { return None };
        let inner = last_segment_arg(&pt.ty, "Parameters")?;
        Some((&*pt.ty, inner))
    })
}

/// `T` of a path type whose last segment is `name` with a first generic type argument.
fn last_segment_arg<'t>(ty: &'t syn::Type, name: &str) -> Option<&'t syn::Type> {
    let syn::Type::Path(p) = ty else { return None };
    let seg = p.path.segments.last()?;
    if seg.ident != name {
        return None;
    }
    let syn::PathArguments::AngleBracketed(a) = &seg.arguments else { return None };
    a.args.iter().find_map(|g| match g {
        syn::GenericArgument::Type(t) => Some(t),
        _ => None,
    })
}

/// The `T` whose schema is the output schema, from the written return type: `Json<T>`, or
/// `Result<Json<T>, E>` (any prefix, any alias *named* `Result`/`Json`).
pub fn output_type(ret: &syn::ReturnType) -> Option<&syn::Type> {
    let syn::ReturnType::Type(_, ty) = ret else { return None };
    if let Some(t) = last_segment_arg(ty, "Json") {
        return Some(t);
    }
    let first = last_segment_arg(ty, "Result")?;
    last_segment_arg(first, "Json")
}

/// The input schema of a tool without parameters, per release.
pub fn empty_input(behaviour: &Behaviour) -> Value {
    match behaviour.macros.empty_input {
        EmptyInput::EmptyObjectSchema => {
            let mut v = serde_json::json!({
                "$schema": "http://json-schema.org/draft-07/schema#",
                "description": "This is commonly used for representing empty objects in MCP messages.\n\nwithout returning any specific data.",
                "title": "EmptyObject",
                "type": "object"
            });
            // schemars 1.x generated it: its serializer's order under `preserve_order`.
            crate::schema::order::schemars_root_order(&mut v);
            v
        }
        EmptyInput::Empty => Value::Object(Map::new()),
        EmptyInput::ObjectNoProperties => {
            // rmcp inserts `type`, then `properties` (the order a `preserve_order` build keeps).
            let mut v = serde_json::json!({"type": "object", "properties": {}});
            sort_all_keys(&mut v);
            v
        }
    }
}

/// Which of a tool's two schemas: for rmcp, `inputSchema` is the `Parameters<T>` argument's and
/// `outputSchema` the `Json<T>` result's.
pub use crate::profile::SchemaKind;

/// What became of a generated schema.
#[derive(Debug, Clone, PartialEq)]
pub enum Generated {
    Schema(Value),
    /// Left out: why (each a warning when it is only known at runtime, an error when we failed
    /// to find a type).
    Missing(Vec<Gap>),
    /// rmcp would panic: its reason (an error).
    Panic(String),
}

/// How a side's root schema is made (`root_schema` or `parameters_root_schema`).
type RootFn = fn(&Model, &Ty, &Settings, &BTreeMap<String, Value>, &dyn crate::model::transform::RunCode) -> RootSchema;

/// What differs between rmcp's two schemas, as data of the kind: where a tool writes the type,
/// the wrapper rmcp names it by, how schemars roots it, what the release asks of the root, and
/// what a tool that names no type lists. Everything else is one path for both.
pub struct Side {
    pub kind: SchemaKind,
    /// The wrapper that carries the type (`Parameters<T>`, `Json<T>`).
    pub wrapper: &'static str,
    /// The `ToolBase` associated type that names it (`type Parameter`, `type Output`).
    pub associated_type: &'static str,
    /// The type in a `#[tool]` fn's signature (`T`), with the wrapper as rmcp's panic message
    /// writes it.
    pub in_signature: fn(&syn::Signature) -> Option<(String, &syn::Type)>,
    /// What a tool whose sources name no type lists for this schema.
    pub without_type: fn(&Behaviour) -> Option<Value>,
    /// `Parameters<T>` has `T`'s schema but not its identity: a reference to `T` inside it goes
    /// to `$defs`. `Json<T>`'s root is `T`: a reference to `T` is `{"$ref": "#"}`.
    root: RootFn,
    /// What schemars describes: what deserializes into the type, or what it serializes to.
    contract: fn(&Behaviour) -> Contract,
    /// Whether the release panics on a root that is not `"type": "object"`.
    must_be_object: fn(&Behaviour) -> bool,
    /// rmcp's panic message for such a root, from the written wrapper and the reason.
    invalid_root: fn(&str, &str) -> String,
}

/// `inputSchema`: the `Parameters<T>` argument's.
pub const INPUT: Side = Side {
    kind: SchemaKind::Input,
    wrapper: "Parameters",
    associated_type: "Parameter",
    in_signature: |sig| parameters_arg(sig).map(|(whole, inner)| (type_text(whole), inner)),
    without_type: |behaviour| Some(empty_input(behaviour)),
    root: parameters_root_schema,
    contract: |_| Contract::Deserialize,
    must_be_object: |behaviour| behaviour.schema.input_must_be_object,
    invalid_root: |written, reason| format!("Invalid input schema for `{written}`: {reason}"),
};

/// `outputSchema`: the `Json<T>` result's.
pub const OUTPUT: Side = Side {
    kind: SchemaKind::Output,
    wrapper: "Json",
    associated_type: "Output",
    in_signature: |sig| output_type(&sig.output).map(|inner| (written_output(&sig.output, inner), inner)),
    without_type: |_| None,
    root: root_schema,
    contract: |behaviour| behaviour.schema.output_contract,
    must_be_object: |behaviour| behaviour.schema.output_must_be_object,
    invalid_root: |written, reason| format!("Invalid output schema for {written}: {reason}"),
};

impl Side {
    pub fn of(kind: SchemaKind) -> &'static Side {
        match kind {
            SchemaKind::Input => &INPUT,
            SchemaKind::Output => &OUTPUT,
        }
    }
}

/// The return type as rmcp's panic message writes it: `Result<Json<T>, E>` or `Json<T>`.
fn written_output(ret: &syn::ReturnType, inner: &syn::Type) -> String {
    match ret {
        syn::ReturnType::Type(_, ty) if is_result(ty) => format!("Result<Json<{}>, E>", type_text(inner)),
        _ => format!("Json<{}>", type_text(inner)),
    }
}

/// The settings rmcp drives schemars with on this release.
pub fn settings(behaviour: &Behaviour, kind: SchemaKind) -> Settings {
    Settings {
        contract: (Side::of(kind).contract)(behaviour),
        dialect: behaviour.schema.dialect,
        nullable: behaviour.schema.nullable,
        schemars08: behaviour.schema.schemars08,
    }
}

/// Generate the schema of `ty` (written in `scope`) as rmcp publishes it for `kind`.
/// `written` is the wrapper type as written, for rmcp's panic message.
pub fn generate(
    lowerer: &mut Lowerer,
    behaviour: &Behaviour,
    kind: SchemaKind,
    ty: &syn::Type,
    scope: &Scope,
    written: &str,
) -> Generated {
    // Everything the schema reaches is lowered and evaluated first: the flavour reads the model.
    let lowered = lowerer.lower_reachable(ty, scope);
    let (model, overrides) = (&lowerer.model, &lowerer.type_overrides);
    let mut root = (Side::of(kind).root)(model, &lowered, &settings(behaviour, kind), overrides, &lowerer.code());
    lowerer.type_overrides_used.append(&mut root.overrides_used);
    for d in std::mem::take(&mut root.diagnostics) {
        crate::model::defaults::report(lowerer, d);
    }
    let mut gaps: Vec<Gap> = root.unknown.iter().map(|u| super::unresolved::classify(lowerer.ws(), u)).collect();
    gaps.extend(root.opaque.into_iter().map(|o| Gap {
        error: false,
        code: Code::Opaque,
        message: o.reason,
        location: o.location,
        label: "only known at runtime",
        help: o.type_path.map(|path| {
            format!(
                "the schema exists only when the server runs; give the type's schema in the config's `schemas` table (`\"{path}\" = \"path/to/schema.json\"`)"
            )
        }),
    }));
    if !gaps.is_empty() {
        return Generated::Missing(gaps);
    }
    finish(root.schema, behaviour, kind, written)
}

/// The schemas of the schema fns a server calls (`schemars::schema_for!(T)`, rmcp's
/// `schema_for_type::<T>()` and `schema_for_output::<T>()`) on this release, for the evaluator:
/// the same pipeline as a tool's own schemas. `Err` says why a schema cannot be made.
pub fn schema_source<'r, 'w>(behaviour: Behaviour) -> SchemaSource<'r, 'w> {
    Rc::new(move |lowerer: &mut Lowerer<'r, 'w>, ty: &syn::Type, scope: &Scope, call: SchemaCall| {
        let (kind, settings) = match call {
            // schemars 1's defaults: draft 2020-12, what deserializes into the type.
            SchemaCall::Schemars(g) => (
                SchemaKind::Input,
                Settings {
                    contract: if g.serialize { Contract::Serialize } else { Contract::Deserialize },
                    dialect: if g.draft07 { Dialect::Draft07 } else { Dialect::Draft2020_12 },
                    nullable: false,
                    // The evaluator's `schema_for!` is schemars 1's (it reads 1.x settings).
                    schemars08: None,
                },
            ),
            SchemaCall::SdkType | SchemaCall::SdkInput => (SchemaKind::Input, settings(&behaviour, SchemaKind::Input)),
            SchemaCall::SdkOutput => (SchemaKind::Output, settings(&behaviour, SchemaKind::Output)),
        };
        let lowered = lowerer.lower_reachable(ty, scope);
        let mut root = root_schema(&lowerer.model, &lowered, &settings, &lowerer.type_overrides, &lowerer.code());
        lowerer.type_overrides_used.append(&mut root.overrides_used);
        for d in std::mem::take(&mut root.diagnostics) {
            crate::model::defaults::report(lowerer, d);
        }
        let written = super::type_text(ty);
        if let Some(u) = root.unknown.first() {
            return Err(format!("the schema of `{written}` reaches `{}`, a type the CLI cannot see", u.written));
        }
        if let Some(o) = root.opaque.first() {
            return Err(format!("the schema of `{written}` is only known at runtime: {}", o.reason));
        }
        match call {
            SchemaCall::Schemars(_) | SchemaCall::SdkType => Ok(root.schema),
            SchemaCall::SdkInput | SchemaCall::SdkOutput => match finish(root.schema, &behaviour, kind, &written) {
                Generated::Schema(v) => Ok(v),
                Generated::Panic(why) => Err(format!("rmcp refuses the schema of `{written}`: {why}")),
                Generated::Missing(_) => Err(format!("the schema of `{written}` cannot be made")),
            },
        }
    })
}

/// Validation and stripping of a generated root, per release.
pub fn finish(mut schema: Value, behaviour: &Behaviour, kind: SchemaKind, written: &str) -> Generated {
    let side = Side::of(kind);
    if (side.must_be_object)(behaviour) {
        if let Some(reason) = non_object_reason(&schema, kind) {
            return Generated::Panic((side.invalid_root)(written, &reason));
        }
    }
    if behaviour.schema.strip_root_meta {
        if let Value::Object(m) = &mut schema {
            m.remove("title");
            m.remove("description");
        }
    }
    sort_all_keys(&mut schema);
    Generated::Schema(schema)
}

/// rmcp's reason for refusing a root that is not `"type": "object"`, or `None` when it is one.
pub fn non_object_reason(schema: &Value, kind: SchemaKind) -> Option<String> {
    let key = kind.key();
    match schema.get("type") {
        Some(Value::String(t)) if t == "object" => None,
        Some(Value::String(t)) => {
            Some(format!("MCP specification requires tool {key} to have root type 'object', but found '{t}'."))
        }
        None => Some(format!(
            "Schema is missing 'type' field. MCP specification requires {key} to have root type 'object'."
        )),
        Some(other) => Some(format!("Schema 'type' field has unexpected format: {other:?}. Expected \"object\".")),
    }
}

/// rmcp 3.11 for a peer on an older protocol: no `outputSchema` unless its root `type` is the
/// string `"object"`.
pub fn keeps_output_for_legacy_peer(schema: &Value) -> bool {
    schema.get("type").and_then(Value::as_str) == Some("object")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::rmcp::version::Version;
    use serde_json::json;

    fn sig(src: &str) -> syn::Signature {
        syn::parse_str::<syn::ItemFn>(src).unwrap().sig
    }

    fn written(t: Option<&syn::Type>) -> Option<String> {
        t.map(|t| quote::quote!(#t).to_string().replace(' ', ""))
    }

    #[test]
    fn parameters_argument_as_written() {
        let s = sig("async fn f(&self, ctx: RequestContext<RoleServer>, Parameters(A { a }): rmcp::handler::server::wrapper::Parameters<A>, Parameters(b): Parameters<B>) {}");
        assert_eq!(written(parameters_arg(&s).map(|p| p.1)).as_deref(), Some("A"));
        assert!(parameters_arg(&sig("fn f(&self, p: &Parameters<A>) {}")).is_none());
        assert!(parameters_arg(&sig("fn f(&self, p: P) {}")).is_none());
        assert!(parameters_arg(&sig("fn f(&self, p: JsonObject) {}")).is_none());
    }

    #[test]
    fn output_type_as_written() {
        let out = |s: &str| written(output_type(&sig(s).output));
        assert_eq!(out("fn f() -> Json<S> {}").as_deref(), Some("S"));
        assert_eq!(out("fn f() -> rmcp::Json<Vec<S>> {}").as_deref(), Some("Vec<S>"));
        assert_eq!(out("fn f() -> Result<Json<S>, E> {}").as_deref(), Some("S"));
        assert_eq!(out("fn f() -> std::result::Result<rmcp::Json<S>, E> {}").as_deref(), Some("S"));
        assert_eq!(out("fn f() -> anyhow::Result<Json<S>> {}").as_deref(), Some("S"));
        assert_eq!(out("fn f() -> McpResult<Json<S>> {}"), None);
        assert_eq!(out("fn f() -> JsonAlias {}"), None);
        assert_eq!(out("fn f() -> Option<Json<S>> {}"), None);
        assert_eq!(out("fn f() -> Result<CallToolResult, E> {}"), None);
        assert_eq!(out("fn f() {}"), None);
    }

    #[test]
    fn empty_input_forms() {
        let b = |v| Behaviour::of(v, v);
        assert_eq!(empty_input(&b(Version(0, 6, 0)))["title"], "EmptyObject");
        assert_eq!(empty_input(&b(Version(0, 7, 0))), json!({}));
        assert_eq!(empty_input(&b(Version(3, 11, 0))), json!({"type": "object", "properties": {}}));
        let keys = |v: Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>().join(" ");
        assert_eq!(keys(empty_input(&b(Version(0, 6, 0)))), "$schema description title type");
        let preserved = crate::schema::order::with_serde_json_order(true, || empty_input(&b(Version(0, 6, 0))));
        assert_eq!(keys(preserved), "$schema title description type", "as schemars serializes it");
    }

    #[test]
    fn validation_reasons_are_rmcps() {
        assert_eq!(non_object_reason(&json!({"type": "object"}), SchemaKind::Input), None);
        assert_eq!(
            non_object_reason(&json!({"type": "array"}), SchemaKind::Input).unwrap(),
            "MCP specification requires tool inputSchema to have root type 'object', but found 'array'."
        );
        assert_eq!(
            non_object_reason(&json!({"oneOf": []}), SchemaKind::Output).unwrap(),
            "Schema is missing 'type' field. MCP specification requires outputSchema to have root type 'object'."
        );
        assert_eq!(
            non_object_reason(&json!({"type": ["object", "null"]}), SchemaKind::Input).unwrap(),
            "Schema 'type' field has unexpected format: Array [String(\"object\"), String(\"null\")]. Expected \"object\"."
        );
    }

    #[test]
    fn finish_strips_and_validates_per_release() {
        let schema = json!({"$schema": "x", "title": "T", "description": "d", "type": "object"});
        let b17 = Behaviour::of(Version(1, 7, 0), Version(1, 7, 0));
        let b18 = Behaviour::of(Version(1, 8, 0), Version(1, 8, 0));
        assert_eq!(finish(schema.clone(), &b17, SchemaKind::Input, "P"), Generated::Schema(schema.clone()));
        assert_eq!(
            finish(schema, &b18, SchemaKind::Input, "P"),
            Generated::Schema(json!({"$schema": "x", "type": "object"}))
        );
        assert!(matches!(finish(json!({"type": "array"}), &b17, SchemaKind::Input, "P"), Generated::Schema(_)));
        assert!(matches!(finish(json!({"type": "array"}), &b18, SchemaKind::Input, "P"), Generated::Panic(_)));
        assert!(matches!(
            finish(json!({"type": "integer"}), &b17, SchemaKind::Output, "Json<i32>"),
            Generated::Panic(_)
        ));
        let b3 = Behaviour::of(Version(3, 0, 0), Version(3, 0, 0));
        assert!(matches!(
            finish(json!({"type": "integer"}), &b3, SchemaKind::Output, "Json<i32>"),
            Generated::Schema(_)
        ));
    }

    #[test]
    fn keys_are_sorted_everywhere() {
        let mut v = json!({"type": "object", "properties": {"b": {"type": "x", "a": 1}, "a": {}}, "$defs": {}});
        sort_all_keys(&mut v);
        assert_eq!(
            serde_json::to_string(&v).unwrap(),
            r#"{"$defs":{},"properties":{"a":{},"b":{"a":1,"type":"x"}},"type":"object"}"#
        );
    }
}
