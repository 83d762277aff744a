//! One case for each row of the method tables ([`super::methods`]): the method called on the
//! receiver the row applies to, with the value it gives (its debug text) or the failure. A row
//! without a case fails [`every_row_has_a_case`].

use super::methods::{On, JSON_METHODS, METHODS};
use super::tests::{eval_in, CRATE};
use super::Failure;

/// A case: the method's name, the receiver's kind (`None` for a JSON method), the expression,
/// the type the context wants (`""` for none), and the debug text of the value or the failure.
type Case = (&'static str, Option<On>, &'static str, &'static str, Result<&'static str, Failure>);

const S: Option<On> = Some(On::Str);
const V: Option<On> = Some(On::Seq);
const M: Option<On> = Some(On::Map);
const O: Option<On> = Some(On::Opt);
const I: Option<On> = Some(On::Int);
const J: Option<On> = Some(On::Json);
const JSON: Option<On> = None;

const CASES: &[Case] = &[
    ("len", S, "\"abc\".len()", "", Ok("Int(3, Usize)")),
    ("len", V, "vec![1, 2].len()", "", Ok("Int(2, Usize)")),
    ("len", M, "HashMap::from([(1, 2)]).len()", "", Ok("Int(1, Usize)")),
    ("is_empty", S, "\"\".is_empty()", "", Ok("Bool(true)")),
    ("is_empty", V, "vec![1].is_empty()", "", Ok("Bool(false)")),
    ("is_empty", M, "HashMap::from([(1, 2)]).is_empty()", "", Ok("Bool(false)")),
    ("contains", V, "[\"a\", \"b\"].contains(&\"b\")", "", Ok("Bool(true)")),
    ("get", M, "HashMap::from([(1u8, \"x\")]).get(&1u8)", "", Ok("Opt(Some(Str(\"x\")))")),
    ("read", M, "HashMap::from([(1, 2)]).read()", "", Ok("Map([(Int(1, I32), Int(2, I32))])")),
    ("write", M, "HashMap::from([(1, 2)]).write().len()", "", Ok("Int(1, Usize)")),
    ("lock", M, "HashMap::from([(1, 2)]).lock().len()", "", Ok("Int(1, Usize)")),
    ("borrow", M, "HashMap::from([(1, 2)]).borrow().len()", "", Ok("Int(1, Usize)")),
    ("borrow_mut", M, "HashMap::from([(1, 2)]).borrow_mut().len()", "", Ok("Int(1, Usize)")),
    ("expect", M, "HashMap::from([(1, 2)]).lock().expect(\"poisoned\").len()", "", Ok("Int(1, Usize)")),
    ("unwrap", M, "HashMap::from([(1, 2)]).read().unwrap().len()", "", Ok("Int(1, Usize)")),
    ("is_none", O, "maybe().is_none()", "", Ok("Bool(false)")),
    ("is_some", O, "maybe().is_some()", "", Ok("Bool(true)")),
    ("unwrap", O, "maybe().unwrap()", "", Ok("Int(4, U8)")),
    ("expect", O, "None::<u8>.expect(\"set\")", "", Err(Failure::Unsupported)),
    ("unwrap_or", O, "None.unwrap_or(7)", "u8", Ok("Int(7, U8)")),
    ("unwrap_or_default", O, "None.unwrap_or_default()", "String", Ok("Str(\"\")")),
    ("strip_prefix", S, "\"v1.2\".strip_prefix(\"v\")", "", Ok("Opt(Some(Str(\"1.2\")))")),
    ("strip_suffix", S, "\"a.rs\".strip_suffix(\".md\")", "", Ok("Opt(None)")),
    ("starts_with", S, "\"abc\".starts_with('a')", "", Ok("Bool(true)")),
    ("ends_with", S, "\"abc\".ends_with(\"bc\")", "", Ok("Bool(true)")),
    ("contains", S, "\"abc\".contains(1)", "", Err(Failure::Unsupported)),
    ("to_uppercase", S, "\"ab\".to_uppercase()", "", Ok("Str(\"AB\")")),
    ("to_lowercase", S, "\"AB\".to_lowercase()", "", Ok("Str(\"ab\")")),
    ("trim", S, "\" a \".trim()", "", Ok("Str(\"a\")")),
    ("pow", I, "2u8.pow(9)", "", Err(Failure::Invalid)),
    ("min", I, "3u16.min(2)", "", Ok("Int(2, U16)")),
    ("max", I, "3u16.max(2)", "", Ok("Int(3, U16)")),
    ("map", V, "vec![1u8, 2].iter().map(|x| x * 2).collect()", "Vec<u8>", Ok("Seq([Int(2, U8), Int(4, U8)])")),
    ("map", O, "maybe().map(|x| x + 1)", "", Ok("Opt(Some(Int(5, U8)))")),
    ("unwrap", J, "serde_json::to_value(1u8).unwrap()", "", Ok("Json(Number(1))")),
    ("expect", J, "serde_json::to_value(true).expect(\"bool\")", "", Ok("Json(Bool(true))")),
    // The reading methods of `Value` and `Map`.
    ("get", JSON, "json!({\"a\": [1]}).get(\"a\")", "", Ok("Opt(Some(Json(Array [Number(1)])))")),
    ("contains_key", JSON, "json!({\"a\": 1}).contains_key(\"b\")", "", Ok("Bool(false)")),
    ("as_object", JSON, "json!({}).as_object()", "", Ok("Opt(Some(Json(Object {})))")),
    ("as_array", JSON, "json!({}).as_array()", "", Ok("Opt(None)")),
    ("as_str", JSON, "json!(\"s\").as_str()", "", Ok("Opt(Some(Str(\"s\")))")),
    ("as_bool", JSON, "json!(true).as_bool()", "", Ok("Opt(Some(Bool(true)))")),
    ("as_i64", JSON, "json!(-1).as_i64()", "", Ok("Opt(Some(Json(Number(-1))))")),
    ("as_u64", JSON, "json!(-1).as_u64()", "", Ok("Opt(None)")),
    ("as_f64", JSON, "json!(1.5).as_f64()", "", Ok("Opt(Some(Json(Number(1.5))))")),
    ("is_object", JSON, "json!({}).is_object()", "", Ok("Bool(true)")),
    ("is_array", JSON, "json!([]).is_array()", "", Ok("Bool(true)")),
    ("is_string", JSON, "json!(1).is_string()", "", Ok("Bool(false)")),
    ("is_null", JSON, "json!(null).is_null()", "", Ok("Bool(true)")),
    ("is_boolean", JSON, "json!(false).is_boolean()", "", Ok("Bool(true)")),
    ("is_number", JSON, "json!(2).is_number()", "", Ok("Bool(true)")),
    ("len", JSON, "json!([1, 2]).len()", "", Ok("Int(2, Usize)")),
    ("is_empty", JSON, "json!(1).is_empty()", "", Err(Failure::Unsupported)),
    ("keys", JSON, "json!({\"b\": 1, \"a\": 2}).keys().collect()", "Vec<String>", Ok("Seq([Str(\"b\"), Str(\"a\")])")),
    ("values", JSON, "json!({\"a\": 2}).values()", "", Ok("Seq([Json(Number(2))])")),
    ("iter", JSON, "json!([true]).iter()", "", Ok("Json(Array [Bool(true)])")),
    ("contains", JSON, "json!([1, 2]).contains(&json!(2))", "", Ok("Bool(true)")),
];

#[test]
fn every_row_has_a_case() {
    for row in METHODS {
        for name in row.names {
            assert!(
                CASES.iter().any(|(n, on, ..)| n == name && *on == Some(row.on)),
                "no case of `.{name}()` on {:?}",
                row.on
            );
        }
    }
    for row in JSON_METHODS {
        for name in row.names {
            assert!(CASES.iter().any(|(n, on, ..)| n == name && on.is_none()), "no case of the JSON `.{name}()`");
        }
    }
}

#[test]
fn each_method_gives_its_value() {
    let src = format!("use std::collections::HashMap;\nuse serde_json::json;\n{CRATE}");
    for (name, _, expr, ty, want) in CASES {
        let got = eval_in(&src, expr, ty);
        match (want, &got) {
            (Ok(text), Ok(v)) => assert_eq!(&format!("{v:?}"), text, "`.{name}()`: `{expr}`"),
            (Err(f), Err(g)) => assert_eq!(f, g, "`.{name}()`: `{expr}`"),
            (_, got) => panic!("`.{name}()`: `{expr}` gave {got:?}"),
        }
    }
}
