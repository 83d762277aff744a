//! Table tests of the JSON value domain: fns over `serde_json::Value` run statement by
//! statement, each row a call with the JSON it gives (compact, keys in insertion order) or the
//! failure.

use super::*;
use crate::model::Lowerer;

const CRATE: &str = r#"
    use std::cell::RefCell;
    use std::collections::HashMap;
    use serde_json::{json, Map, Value};

    const DROPPED: &[&str] = &["format", "default"];

    fn strip(v: &mut Value) {
        match v {
            Value::Object(o) => {
                o.retain(|k, _| !DROPPED.contains(&k.as_str()));
                for child in o.values_mut() {
                    strip(child);
                }
            }
            Value::Array(items) => {
                for x in items.iter_mut() {
                    strip(x)
                }
            }
            _ => {}
        }
    }
    fn stripped() -> Value {
        let mut v = json!({"a": {"format": "x", "b": [{"default": null, "c": 1}]}, "format": 2});
        strip(&mut v);
        v
    }
    fn no_null(mut v: Value) -> Value {
        if let Some(Value::Array(types)) = v.get_mut("type") {
            types.retain(|t| t != "null");
        }
        v
    }
    fn entries() -> Value {
        let mut m = Map::new();
        m.entry("k".to_string()).or_insert(json!(1));
        m.entry("k".to_string()).or_insert(json!(2));
        m.insert("j".into(), json!([]));
        m.remove("missing");
        Value::Object(m)
    }
    fn interpolated() -> Value {
        let n = 3;
        let names = ["a", "b"];
        json!({"n": n, "s": format!("x{}", n), "names": names, "nested": {"m": n}})
    }
    fn matched(v: &Value) -> &'static str {
        match v {
            Value::Null => "null",
            Value::String(s) if s.is_empty() => "empty",
            Value::String(_) => "string",
            Value::Object(o) if o.contains_key("$ref") => "ref",
            _ => "other",
        }
    }
    fn renamed(mut v: Value) -> Value {
        if let Some(o) = v.as_object_mut() {
            if let Some(t) = o.remove("title") {
                o.insert("name".into(), t);
            }
        }
        v
    }
    fn shifted(mut v: Value) -> Value {
        v.as_object_mut().unwrap().shift_remove("title");
        v
    }
    fn cached() -> u64 {
        thread_local! { static C: RefCell<HashMap<String, u64>> = RefCell::default(); }
        C.with(|c| {
            if let Some(v) = c.borrow().get("k") {
                return *v;
            }
            c.borrow_mut().insert("k".to_string(), 5);
            5
        })
    }
    fn forever(v: &mut Value) {
        forever(v)
    }
    fn spin() -> Value {
        let mut v = json!({});
        forever(&mut v);
        v
    }
    // schemars' `Schema::ensure_object`, on a bool schema and on an object.
    fn ensured(mut v: Value) -> Value {
        v.ensure_object().insert("x".into(), json!(1));
        v.ensure_object();
        v
    }
    // A let chain (edition 2024), as schema transforms write them.
    fn chained(mut v: Value) -> Value {
        if let Some(o) = v.as_object_mut()
            && matches!(o.get("format").and_then(Value::as_str), Some("uint8" | "uint32"))
            && let Some(Value::String(t)) = o.get("type")
            && t == "integer"
        {
            o.remove("format");
        }
        v
    }
    // A string of a JSON place written through its `Value::String` binding.
    fn upper(mut v: Value) -> Value {
        if let Some(Value::String(t)) = v.get_mut("type") {
            *t = t.to_uppercase();
        }
        if let Some(o) = v.as_object_mut() {
            if let Some(Value::Bool(b)) = o.get_mut("flag") {
                *b = !*b;
            }
        }
        v
    }
    fn needs_generator() -> Value {
        serde_json::to_value(schemars::schema_for!(u32)).unwrap()
    }
"#;

fn eval_json(expr: &str) -> Result<String, Failure> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lib.rs");
    std::fs::write(&path, CRATE).unwrap();
    let ws = crate::source::load(&[path], &[]).expect("sources load");
    let rs = crate::model::Resolver::new(&ws);
    let mut lw = Lowerer::new(&rs);
    let scope = Scope::without_generics(0, ModuleId(0));
    let e: Expr = syn::parse_str(expr).unwrap();
    match lw.evaluator().eval(&e, None, &Frame::new(scope)) {
        Ok(Val::Json(v)) => Ok(v.to_string()),
        Ok(Val::Str(s)) => Ok(format!("{s:?}")),
        Ok(Val::Int(n, _)) => Ok(n.to_string()),
        Ok(other) => panic!("`{expr}`: {other:?}"),
        Err(e) => Err(e.failure),
    }
}

#[test]
fn json_fns_run_statement_by_statement() {
    let rows: &[(&str, Result<&str, Failure>)] = &[
        ("stripped()", Ok(r#"{"a":{"b":[{"c":1}]}}"#)),
        (r#"no_null(json!({"type": ["integer", "null"]}))"#, Ok(r#"{"type":["integer"]}"#)),
        ("entries()", Ok(r#"{"k":1,"j":[]}"#)),
        ("interpolated()", Ok(r#"{"n":3,"s":"x3","names":["a","b"],"nested":{"m":3}}"#)),
        ("matched(&json!(null))", Ok(r#""null""#)),
        (r#"matched(&json!(""))"#, Ok(r#""empty""#)),
        (r##"matched(&json!({"$ref": "#"}))"##, Ok(r#""ref""#)),
        ("matched(&json!(1))", Ok(r#""other""#)),
        (r#"renamed(json!({"title": "T", "type": "object"}))"#, Ok(r#"{"type":"object","name":"T"}"#)),
        // serde_json's `remove` is `swap_remove` with `preserve_order`: the last key moves up.
        (r#"renamed(json!({"title": "T", "type": "object", "x": 1}))"#, Ok(r#"{"x":1,"type":"object","name":"T"}"#)),
        (r#"shifted(json!({"title": "T", "type": "object", "x": 1}))"#, Ok(r#"{"type":"object","x":1}"#)),
        ("ensured(json!(false))", Ok(r#"{"not":{},"x":1}"#)),
        ("ensured(json!(true))", Ok(r#"{"x":1}"#)),
        (r#"ensured(json!({"a": 2}))"#, Ok(r#"{"a":2,"x":1}"#)),
        ("ensured(json!(3))", Err(Failure::Unsupported)),
        (r#"chained(json!({"type": "integer", "format": "uint8"}))"#, Ok(r#"{"type":"integer"}"#)),
        (r#"chained(json!({"type": "string", "format": "uint8"}))"#, Ok(r#"{"type":"string","format":"uint8"}"#)),
        (r#"chained(json!({"type": "integer", "format": "int32"}))"#, Ok(r#"{"type":"integer","format":"int32"}"#)),
        ("chained(json!(true))", Ok("true")),
        (r#"upper(json!({"type": "object", "flag": true}))"#, Ok(r#"{"type":"OBJECT","flag":false}"#)),
        ("cached()", Ok("5")),
        ("spin()", Err(Failure::Unsupported)),
        // Without a profile's schema pipeline, a schema fn has no value.
        ("needs_generator()", Err(Failure::Unsupported)),
    ];
    for (expr, want) in rows {
        assert_eq!(eval_json(expr).as_deref().map_err(|f| *f), want.as_ref().map(|s| *s).map_err(|f| *f), "`{expr}`");
    }
}

#[test]
fn endless_recursion_with_statements_is_refused() {
    let src = r#"
        use serde_json::{json, Value};
        fn deeper(v: &mut Value) {
            v["n"] = json!(1);
            deeper(v);
        }
        fn start() -> Value {
            let mut v = json!({"n": 0});
            deeper(&mut v);
            v
        }
    "#;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lib.rs");
    std::fs::write(&path, src).unwrap();
    let ws = crate::source::load(&[path], &[]).expect("sources load");
    let rs = crate::model::Resolver::new(&ws);
    let mut lw = Lowerer::new(&rs);
    let e: Expr = syn::parse_str("start()").unwrap();
    let got = lw.evaluator().eval(&e, None, &Frame::new(Scope::without_generics(0, ModuleId(0))));
    assert_eq!(got.map_err(|e| e.failure).err(), Some(Failure::Unsupported));
}

#[test]
fn schema_fns_ask_the_profile_with_the_callers_type() {
    let src = r#"
        use serde_json::{json, Value};
        use rmcp::handler::server::tool::schema_for_output;
        pub struct Out;
        pub fn wrapped<T>() -> Value {
            let inner = schema_for_output::<T>().expect("an object root");
            json!({"type": "object", "properties": {"data": inner}})
        }
        pub fn tried<T>() -> Result<Value, String> {
            let s = rmcp::handler::server::tool::schema_for_output::<T>()?;
            Ok(serde_json::to_value(s).unwrap())
        }
        pub fn plain<T>() -> Value {
            serde_json::to_value(schemars::schema_for!(T)).unwrap()
        }
    "#;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lib.rs");
    std::fs::write(&path, src).unwrap();
    let ws = crate::source::load(&[path], &[]).expect("sources load");
    let rs = crate::model::Resolver::new(&ws);
    let mut lw = Lowerer::new(&rs);
    // A pipeline that names what it was asked for.
    lw.schema_source = Some(std::rc::Rc::new(|_: &mut Lowerer, ty: &syn::Type, _: &Scope, call: SchemaCall| {
        Ok(serde_json::json!({"type": quote::quote!(#ty).to_string(), "call": format!("{call:?}")}))
    }));
    let frame = Frame::new(Scope::without_generics(0, ModuleId(0)));
    let mut run = |expr: &str| {
        let e: Expr = syn::parse_str(expr).unwrap();
        match lw.evaluator().eval(&e, None, &frame) {
            Ok(Val::Json(v)) => v.to_string(),
            other => panic!("`{expr}`: {other:?}"),
        }
    };
    assert_eq!(run("wrapped::<Out>()"), r#"{"type":"object","properties":{"data":{"type":"Out","call":"SdkOutput"}}}"#);
    assert_eq!(run("tried::<Vec<Out>>()"), r#"{"type":"Vec < Out >","call":"SdkOutput"}"#);
    assert_eq!(
        run("plain::<Out>()"),
        r#"{"type":"Out","call":"Schemars(Generator { draft07: false, serialize: false, transforms: None })"}"#
    );
}
