//! One case for each row of the mutating method table ([`super::mutate::MUTATIONS`]): a fn body
//! run statement by statement that calls the method on what the row changes, with the value the
//! fn gives (its debug text) or the failure. A row without a case fails [`every_row_has_a_case`].

use super::mutate::{Holder, MUTATIONS};
use super::tests::eval_in;
use super::Failure;

/// A case: the method's name, what it changes, the fn's return type and body, and the debug
/// text of the value or the failure.
type Case = (&'static str, Holder, &'static str, &'static str, Result<&'static str, Failure>);

const O: Holder = Holder::Object;
const A: Holder = Holder::Array;
const S: Holder = Holder::Seq;
const T: Holder = Holder::Str;

const CASES: &[Case] = &[
    (
        "insert",
        O,
        "Value",
        r#"let mut v = json!({"p": {"a": 1}, "q": 2}); if let Some(o) = v.get_mut("p").and_then(Value::as_object_mut) { o.insert("b".into(), json!(2)); } if let Some(o) = v.get_mut("q").and_then(Value::as_object_mut) { o.insert("c".into(), json!(3)); } v"#,
        Ok(r#"Json(Object {"p": Object {"a": Number(1), "b": Number(2)}, "q": Number(2)})"#),
    ),
    (
        "insert",
        Holder::Other,
        "Value",
        r#"let mut v = json!(false); v.insert("a".to_owned(), json!(1)); v"#,
        Ok(r#"Json(Object {"not": Object {}, "a": Number(1)})"#),
    ),
    ("remove", Holder::Other, "Option<Value>", r#"let mut v = json!(true); v.remove("a")"#, Ok("Opt(None)")),
    (
        "insert",
        O,
        "Value",
        r#"let mut v = json!({"a": 1}); v.as_object_mut().unwrap().insert("b".into(), json!(2)); v"#,
        Ok(r#"Json(Object {"a": Number(1), "b": Number(2)})"#),
    ),
    (
        "remove",
        O,
        "Value",
        r#"let mut v = json!({"a": 1, "b": 2, "c": 3}); v.as_object_mut().unwrap().remove("a"); v"#,
        Ok(r#"Json(Object {"c": Number(3), "b": Number(2)})"#),
    ),
    (
        "shift_remove",
        O,
        "Value",
        r#"let mut v = json!({"a": 1, "b": 2, "c": 3}); v.as_object_mut().unwrap().shift_remove("a"); v"#,
        Ok(r#"Json(Object {"b": Number(2), "c": Number(3)})"#),
    ),
    (
        "swap_remove",
        O,
        "Option<Value>",
        r#"let mut v = json!({"a": 1}); v.as_object_mut().unwrap().swap_remove("a")"#,
        Ok("Opt(Some(Json(Number(1))))"),
    ),
    (
        "remove",
        A,
        "Value",
        r#"let mut v = json!([1, 2]); v.as_array_mut().unwrap().remove(5); v"#,
        Err(Failure::Invalid),
    ),
    (
        "push",
        A,
        "Value",
        r#"let mut v = json!([1]); v.as_array_mut().unwrap().push(json!(2)); v"#,
        Ok("Json(Array [Number(1), Number(2)])"),
    ),
    (
        "extend",
        A,
        "Value",
        r#"let mut v = json!([1]); v.as_array_mut().unwrap().extend(vec![json!(2)]); v"#,
        Ok("Json(Array [Number(1), Number(2)])"),
    ),
    (
        "append",
        A,
        "Value",
        r#"let mut v = json!([1]); let mut w = vec![json!(2)]; v.as_array_mut().unwrap().append(&mut w); v"#,
        Ok("Json(Array [Number(1), Number(2)])"),
    ),
    (
        "extend",
        O,
        "Value",
        r#"let mut v = json!({"a": 1}); v.as_object_mut().unwrap().extend(json!({"b": 2}).as_object().unwrap().clone()); v"#,
        Ok(r#"Json(Object {"a": Number(1), "b": Number(2)})"#),
    ),
    (
        "append",
        O,
        "Value",
        r#"let mut v = json!({"a": 1}); v.as_object_mut().unwrap().append(&mut 3); v"#,
        Err(Failure::Unsupported),
    ),
    (
        "clear",
        O,
        "Value",
        r#"let mut v = json!({"a": 1}); v.as_object_mut().unwrap().clear(); v"#,
        Ok("Json(Object {})"),
    ),
    ("clear", A, "Value", r#"let mut v = json!([1]); v.as_array_mut().unwrap().clear(); v"#, Ok("Json(Array [])")),
    (
        "sort",
        A,
        "Value",
        r#"let mut v = json!(["b", "a"]); v.as_array_mut().unwrap().sort(); v"#,
        Ok(r#"Json(Array [String("a"), String("b")])"#),
    ),
    (
        "sort_unstable",
        A,
        "Value",
        r#"let mut v = json!(["b", "a"]); v.as_array_mut().unwrap().sort_unstable(); v"#,
        Ok(r#"Json(Array [String("a"), String("b")])"#),
    ),
    (
        "dedup",
        A,
        "Value",
        r#"let mut v = json!([1, 1, 2]); v.as_array_mut().unwrap().dedup(); v"#,
        Ok("Json(Array [Number(1), Number(2)])"),
    ),
    (
        "retain",
        O,
        "Value",
        r#"let mut v = json!({"a": 1, "b": 2}); v.as_object_mut().unwrap().retain(|k, _| k != "a"); v"#,
        Ok(r#"Json(Object {"b": Number(2)})"#),
    ),
    (
        "retain",
        A,
        "Value",
        r#"let mut v = json!([1, 2]); v.as_array_mut().unwrap().retain(|x| x != &json!(1)); v"#,
        Ok("Json(Array [Number(2)])"),
    ),
    ("push", S, "Vec<u8>", "let mut v = vec![1u8]; v.push(2u8); v", Ok("Seq([Int(1, U8), Int(2, U8)])")),
    ("extend", S, "Vec<u8>", "let mut v = vec![1u8]; v.extend(vec![2u8]); v", Ok("Seq([Int(1, U8), Int(2, U8)])")),
    ("append", S, "Vec<u8>", "let mut v = vec![1]; v.append(&mut 2); v", Err(Failure::Unsupported)),
    ("clear", S, "Vec<u8>", "let mut v = vec![1]; v.clear(); v", Ok("Seq([])")),
    ("retain", S, "Vec<u8>", "let mut v = vec![1u8, 2u8]; v.retain(|x| *x > 1); v", Ok("Seq([Int(2, U8)])")),
    (
        "pop",
        S,
        "(Option<u8>, Vec<u8>)",
        "let mut v = vec![1u8, 2u8]; let x = v.pop(); (x, v)",
        Ok("Tuple([Opt(Some(Int(2, U8))), Seq([Int(1, U8)])])"),
    ),
    (
        "insert",
        S,
        "Vec<u8>",
        "let mut v = vec![1u8, 3u8]; v.insert(1, 2u8); v",
        Ok("Seq([Int(1, U8), Int(2, U8), Int(3, U8)])"),
    ),
    ("insert", S, "Vec<u8>", "let mut v = vec![1u8]; v.insert(2, 2u8); v", Err(Failure::Invalid)),
    (
        "truncate",
        S,
        "Vec<u8>",
        "let mut v = vec![1u8, 2u8, 3u8]; v.truncate(1); v.truncate(5); v",
        Ok("Seq([Int(1, U8)])"),
    ),
    ("reverse", S, "Vec<u8>", "let mut v = vec![1u8, 2u8]; v.reverse(); v", Ok("Seq([Int(2, U8), Int(1, U8)])")),
    (
        "sort",
        S,
        "String",
        r#"let v = json!({"b": 1, "a": 2}); let mut k: Vec<String> = v.as_object().unwrap().keys().map(|k| k.to_uppercase()).collect(); k.reverse(); k.sort(); k.join(",")"#,
        Ok(r#"Str("A,B")"#),
    ),
    (
        "sort_unstable",
        S,
        "Vec<u8>",
        "let mut v = vec![3u8, 1u8, 2u8]; v.sort_unstable(); v",
        Ok("Seq([Int(1, U8), Int(2, U8), Int(3, U8)])"),
    ),
    ("sort", S, "Vec<f64>", "let mut v = vec![2.0f64, 1.0f64]; v.sort(); v", Err(Failure::Unsupported)),
    (
        "dedup",
        S,
        "Vec<u8>",
        "let mut v = vec![1u8, 1u8, 2u8, 1u8]; v.dedup(); v",
        Ok("Seq([Int(1, U8), Int(2, U8), Int(1, U8)])"),
    ),
    (
        "pop",
        A,
        "Value",
        r#"let mut v = json!([1, 2]); let x = v.as_array_mut().unwrap().pop(); json!([v, x])"#,
        Ok("Json(Array [Array [Number(1)], Number(2)])"),
    ),
    (
        "insert",
        A,
        "Value",
        r#"let mut v = json!([1, 3]); v.as_array_mut().unwrap().insert(1, json!(2)); v"#,
        Ok("Json(Array [Number(1), Number(2), Number(3)])"),
    ),
    (
        "swap_remove",
        A,
        "Value",
        r#"let mut v = json!([1, 2, 3]); let x = v.as_array_mut().unwrap().swap_remove(0); json!([v, x])"#,
        Ok("Json(Array [Array [Number(3), Number(2)], Number(1)])"),
    ),
    (
        "truncate",
        A,
        "Value",
        r#"let mut v = json!([1, 2, 3]); v.as_array_mut().unwrap().truncate(2); v"#,
        Ok("Json(Array [Number(1), Number(2)])"),
    ),
    (
        "reverse",
        A,
        "Value",
        r#"let mut v = json!([1, 2]); v.as_array_mut().unwrap().reverse(); v"#,
        Ok("Json(Array [Number(2), Number(1)])"),
    ),
    (
        "push_str",
        T,
        "String",
        r#"let mut s = String::from("ab"); s.push_str("cd"); s.push_str(&"e".to_string()); s"#,
        Ok(r#"Str("abcde")"#),
    ),
    (
        "push_str",
        T,
        "Value",
        r#"let mut v = json!({"description": "Old"}); if let Some(Value::String(d)) = v.get_mut("description") { d.push_str(" (deprecated)"); } v"#,
        Ok(r#"Json(Object {"description": String("Old (deprecated)")})"#),
    ),
    ("push", T, "String", r#"let mut s = String::new(); s.push('a'); s.push('é'); s"#, Ok(r#"Str("aé")"#)),
    (
        "pop",
        T,
        "(Option<char>, String)",
        r#"let mut s = "hé".to_string(); let c = s.pop(); (c, s)"#,
        Ok(r#"Tuple([Opt(Some(Char('é'))), Str("h")])"#),
    ),
    ("pop", T, "Option<char>", r#"let mut s = String::new(); s.pop()"#, Ok("Opt(None)")),
    ("insert", T, "String", r#"let mut s = "ac".to_string(); s.insert(1, 'b'); s"#, Ok(r#"Str("abc")"#)),
    ("insert_str", T, "String", r#"let mut s = "ad".to_string(); s.insert_str(1, "bc"); s"#, Ok(r#"Str("abcd")"#)),
    ("insert_str", T, "String", r#"let mut s = "é".to_string(); s.insert_str(1, "x"); s"#, Err(Failure::Invalid)),
    (
        "remove",
        T,
        "(char, String)",
        r#"let mut s = "héllo".to_string(); let c = s.remove(1); (c, s)"#,
        Ok(r#"Tuple([Char('é'), Str("hllo")])"#),
    ),
    ("remove", T, "char", r#"let mut s = "ab".to_string(); s.remove(2)"#, Err(Failure::Invalid)),
    (
        "truncate",
        T,
        "String",
        r#"let mut s = "abcdef".to_string(); s.truncate(3); s.truncate(10); s"#,
        Ok(r#"Str("abc")"#),
    ),
    ("truncate", T, "String", r#"let mut s = "aé".to_string(); s.truncate(2); s"#, Err(Failure::Invalid)),
    ("clear", T, "String", r#"let mut s = "ab".to_string(); s.clear(); s"#, Ok(r#"Str("")"#)),
    (
        "retain",
        T,
        "String",
        r#"let mut s = "a-b_c".to_string(); s.retain(|c| c.is_alphanumeric()); s"#,
        Ok(r#"Str("abc")"#),
    ),
    (
        "make_ascii_lowercase",
        T,
        "String",
        r#"let mut s = "AbÉ".to_string(); s.make_ascii_lowercase(); s"#,
        Ok(r#"Str("abÉ")"#),
    ),
    (
        "make_ascii_uppercase",
        T,
        "String",
        r#"let mut s = "abé".to_string(); s.make_ascii_uppercase(); s"#,
        Ok(r#"Str("ABé")"#),
    ),
    ("drain", S, "Vec<u8>", "let mut v = vec![1u8, 2u8]; v.drain(..1); v", Err(Failure::Unsupported)),
    ("remove", S, "Vec<u8>", "let mut v = vec![1u8, 2u8]; v.remove(0); v", Err(Failure::Unsupported)),
];

#[test]
fn every_row_has_a_case() {
    for row in MUTATIONS {
        for name in row.names {
            assert!(
                CASES.iter().any(|(n, on, ..)| n == name && *on == row.on),
                "no case of `.{name}()` on {:?}",
                row.on
            );
        }
    }
}

#[test]
fn each_mutation_changes_what_its_row_says() {
    for (name, _, ty, body, want) in CASES {
        let src = format!("use serde_json::{{json, Value}};\nfn case() -> {ty} {{ {body} }}\n");
        let got = eval_in(&src, "case()", "");
        match (want, &got) {
            (Ok(text), Ok(v)) => assert_eq!(&format!("{v:?}"), text, "`.{name}()`: `{body}`"),
            (Err(f), Err(g)) => assert_eq!(f, g, "`.{name}()`: `{body}`"),
            (_, got) => panic!("`.{name}()`: `{body}` gave {got:?}"),
        }
    }
}

/// The statements and patterns of a statement-by-statement run, one case each: a fn's return
/// type and body, and the debug text of its value or the failure.
const STATEMENTS: &[(&str, &str, Result<&str, Failure>)] = &[
    ("u8", "let mut n = 0u8; while n < 3 { n += 1; } n", Ok("Int(3, U8)")),
    ("u8", "let mut v = vec![1u8, 2u8]; let mut n = 0u8; while let Some(x) = v.pop() { n += x; } n", Ok("Int(3, U8)")),
    (
        "usize",
        r#"let mut s = "a long description".to_string(); let mut cut = 0; while s.chars().count() > 8 { s.pop(); cut += 1; } cut"#,
        Ok("Int(10, Usize)"),
    ),
    ("u8", "let mut n = 0u8; let out = loop { n += 2; if n > 5 { break n * 2; } }; out", Ok("Int(12, U8)")),
    ("u32", "let mut n = 0u32; loop { n += 1; }", Err(Failure::Unsupported)),
    (
        "&'static str",
        r#"let v = json!(3); match v.as_u64() { Some(n) if n > 5 => "big", Some(_) => "small", None => "none" }"#,
        Ok(r#"Str("small")"#),
    ),
    ("u64", "let v = json!(7); match v.as_u64() { Some(n @ 5..=9) => n, _ => 0 }", Err(Failure::Unsupported)),
    ("u8", "let v = Some(4u8); match v { x @ Some(_) => x.unwrap(), None => 0 }", Ok("Int(4, U8)")),
    (
        "Value",
        r#"let mut v = json!({"type": ["string"]}); if let Some(Value::Array(t)) = v.get_mut("type") { if let [only] = t.as_slice() { let only = only.clone(); v["type"] = only; } } v"#,
        Ok(r#"Json(Object {"type": String("string")})"#),
    ),
    (
        "usize",
        "let v = vec![1u8, 2u8, 3u8]; match v.as_slice() { [first, .., last] => (*last - *first) as usize, _ => 0 }",
        Ok("Int(2, Usize)"),
    ),
    (
        "Value",
        r#"let mut v = json!([{"a": 1}, {"a": 2}]); let items = v.as_array_mut().unwrap(); for item in items { item["a"] = json!(0); } v"#,
        Ok(r#"Json(Array [Object {"a": Number(0)}, Object {"a": Number(0)}])"#),
    ),
    ("Option<u8>", r#"let r: Result<u8, String> = Err("no".to_string()); let x = r.ok()?; Some(x)"#, Ok("Opt(None)")),
    ("Result<u8, String>", r#"let x = None::<u8>.ok_or("missing".to_string())?; Ok(x)"#, Ok(r#"Err(Str("missing"))"#)),
    (
        "Option<u8>",
        "let mut a = Some(3u8); let b = a.take(); if a.is_none() { b } else { None }",
        Ok("Opt(Some(Int(3, U8)))"),
    ),
    (
        "Value",
        "let mut v = json!({\"a\": 1}); let a = v[\"a\"].take(); json!([v, a])",
        Ok(r#"Json(Array [Object {"a": Null}, Number(1)])"#),
    ),
    (
        "Value",
        r#"let mut v = json!({"type": ["string", "null"]}); v.as_object_mut().unwrap().get_mut("type").unwrap().as_array_mut().unwrap().retain(Value::is_string); v"#,
        Ok(r#"Json(Object {"type": Array [String("string"), String("null")]})"#),
    ),
    ("bool", r#"let v = json!({"default": null}); v.get("default").is_some_and(Value::is_null)"#, Ok("Bool(true)")),
    // `.0` of a newtype held as its JSON object (rmcp's `Meta`): the object, to write and to read.
    (
        "Value",
        r#"let mut m = json!({"a": 1}); m.0.insert("b".to_owned(), json!(2)); m.0"#,
        Ok(r#"Json(Object {"a": Number(1), "b": Number(2)})"#),
    ),
    (
        "String",
        r#"let v = json!({"a": "x", "b": "y"}); v.as_object().unwrap().keys().map(|k| k.to_uppercase()).collect()"#,
        Ok(r#"Str("AB")"#),
    ),
];

#[test]
fn statements_run_as_rust_does() {
    for (ty, body, want) in STATEMENTS {
        let src = format!("use serde_json::{{json, Value}};\nfn case() -> {ty} {{ {body} }}\n");
        let got = super::tests::eval_why(&src, "case()", "");
        match (want, &got) {
            (Ok(text), Ok(v)) => assert_eq!(&format!("{v:?}"), text, "`{body}`"),
            (Err(f), Err(g)) => assert_eq!(f, &g.failure, "`{body}`: {}", g.reason),
            (_, got) => panic!("`{body}` gave {got:?}"),
        }
    }
}
