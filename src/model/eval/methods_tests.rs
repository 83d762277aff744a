//! One case for each row of the method tables ([`super::methods`]): the method called on the
//! receiver the row applies to, with the value it gives (its debug text) or the failure. A row
//! without a case fails [`every_row_has_a_case`].

use super::methods::{On, JSON_METHODS, METHODS, MORE_METHODS};
use super::tests::{eval_why, CRATE};
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
const E: Option<On> = Some(On::Err);
const C: Option<On> = Some(On::Char);
const JSON: Option<On> = None;

const CASES: &[Case] = &[
    ("is_alphabetic", C, "'é'.is_alphabetic()", "", Ok("Bool(true)")),
    ("is_alphanumeric", C, "'_'.is_alphanumeric()", "", Ok("Bool(false)")),
    ("is_numeric", C, "'٣'.is_numeric()", "", Ok("Bool(true)")),
    ("is_whitespace", C, "'\\u{a0}'.is_whitespace()", "", Ok("Bool(true)")),
    ("is_uppercase", C, "'É'.is_uppercase()", "", Ok("Bool(true)")),
    ("is_lowercase", C, "'A'.is_lowercase()", "", Ok("Bool(false)")),
    ("is_control", C, "'\\n'.is_control()", "", Ok("Bool(true)")),
    ("is_ascii", C, "'é'.is_ascii()", "", Ok("Bool(false)")),
    ("is_ascii_alphabetic", C, "'z'.is_ascii_alphabetic()", "", Ok("Bool(true)")),
    ("is_ascii_alphanumeric", C, "'-'.is_ascii_alphanumeric()", "", Ok("Bool(false)")),
    ("is_ascii_digit", C, "'٣'.is_ascii_digit()", "", Ok("Bool(false)")),
    ("is_ascii_hexdigit", C, "'f'.is_ascii_hexdigit()", "", Ok("Bool(true)")),
    ("is_ascii_lowercase", C, "'é'.is_ascii_lowercase()", "", Ok("Bool(false)")),
    ("is_ascii_uppercase", C, "'Q'.is_ascii_uppercase()", "", Ok("Bool(true)")),
    ("is_ascii_punctuation", C, "'_'.is_ascii_punctuation()", "", Ok("Bool(true)")),
    ("is_ascii_whitespace", C, "'\\u{a0}'.is_ascii_whitespace()", "", Ok("Bool(false)")),
    ("is_ascii_graphic", C, "' '.is_ascii_graphic()", "", Ok("Bool(false)")),
    ("is_ascii_control", C, "'\\t'.is_ascii_control()", "", Ok("Bool(true)")),
    ("to_ascii_lowercase", C, "'Q'.to_ascii_lowercase()", "", Ok("Char('q')")),
    ("to_ascii_uppercase", C, "'é'.to_ascii_uppercase()", "", Ok("Char('é')")),
    ("len_utf8", C, "'é'.len_utf8()", "", Ok("Int(2, Usize)")),
    ("is_alphanumeric", C, "\"a1-\".chars().all(|c| c.is_alphanumeric())", "", Ok("Bool(false)")),
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
    ("parse", S, "\"42\".parse::<usize>()", "", Ok("Int(42, Usize)")),
    ("parse", S, "\"300\".parse::<u8>()", "", Ok("Err(Str(\"number too large to fit in target type\"))")),
    ("parse", S, "\"x\".parse::<bool>()", "", Ok("Err(Str(\"provided string was not `true` or `false`\"))")),
    ("parse", S, "\"7\".parse()", "u16", Ok("Int(7, U16)")),
    ("parse", S, "\"7\".parse()", "", Err(Failure::Unsupported)),
    ("pow", I, "2u8.pow(9)", "", Err(Failure::Invalid)),
    ("min", I, "3u16.min(2)", "", Ok("Int(2, U16)")),
    ("max", I, "3u16.max(2)", "", Ok("Int(3, U16)")),
    ("checked_add", I, "250u8.checked_add(9)", "", Ok("Opt(None)")),
    ("checked_sub", I, "5u8.checked_sub(2)", "", Ok("Opt(Some(Int(3, U8)))")),
    ("checked_mul", I, "100i8.checked_mul(2)", "", Ok("Opt(None)")),
    ("saturating_add", I, "250u8.saturating_add(9)", "", Ok("Int(255, U8)")),
    ("saturating_sub", I, "2u8.saturating_sub(5)", "", Ok("Int(0, U8)")),
    ("saturating_mul", I, "(-100i8).saturating_mul(2)", "", Ok("Int(-128, I8)")),
    ("wrapping_add", I, "250u8.wrapping_add(9)", "", Ok("Int(3, U8)")),
    ("wrapping_sub", I, "2u8.wrapping_sub(5)", "", Ok("Int(253, U8)")),
    ("wrapping_mul", I, "100i8.wrapping_mul(2)", "", Ok("Int(-56, I8)")),
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
    ("as_i64", JSON, "json!(-1).as_i64()", "", Ok("Opt(Some(Int(-1, I64)))")),
    ("as_u64", JSON, "json!(-1).as_u64()", "", Ok("Opt(None)")),
    ("as_f64", JSON, "json!(1.5).as_f64()", "", Ok("Opt(Some(Float(1.5, F64)))")),
    ("is_object", JSON, "json!({}).is_object()", "", Ok("Bool(true)")),
    ("is_array", JSON, "json!([]).is_array()", "", Ok("Bool(true)")),
    ("is_string", JSON, "json!(1).is_string()", "", Ok("Bool(false)")),
    ("is_null", JSON, "json!(null).is_null()", "", Ok("Bool(true)")),
    ("is_boolean", JSON, "json!(false).is_boolean()", "", Ok("Bool(true)")),
    ("is_number", JSON, "json!(2).is_number()", "", Ok("Bool(true)")),
    ("is_i64", JSON, "json!(-1).is_i64()", "", Ok("Bool(true)")),
    ("is_u64", JSON, "json!(-1).is_u64()", "", Ok("Bool(false)")),
    ("is_f64", JSON, "json!(1.5).is_f64()", "", Ok("Bool(true)")),
    ("as_null", JSON, "json!(null).as_null()", "", Ok("Opt(Some(Unit))")),
    ("as_value", JSON, "json!({\"a\": 1}).as_value()", "", Ok("Json(Object {\"a\": Number(1)})")),
    ("to_value", JSON, "json!(true).to_value()", "", Ok("Json(Bool(true))")),
    ("pointer", JSON, "json!({\"a\": [1, {\"b\": 2}]}).pointer(\"/a/1/b\")", "", Ok("Opt(Some(Json(Number(2))))")),
    ("len", JSON, "json!([1, 2]).len()", "", Ok("Int(2, Usize)")),
    ("is_empty", JSON, "json!(1).is_empty()", "", Err(Failure::Unsupported)),
    // Sorted: a server without `preserve_order` iterates a `BTreeMap`.
    ("keys", JSON, "json!({\"b\": 1, \"a\": 2}).keys().collect()", "Vec<String>", Ok("Seq([Str(\"a\"), Str(\"b\")])")),
    ("values", JSON, "json!({\"a\": 2}).values()", "", Ok("Seq([Json(Number(2))])")),
    ("iter", JSON, "json!([true]).iter()", "", Ok("Json(Array [Bool(true)])")),
    ("contains", JSON, "json!([1, 2]).contains(&json!(2))", "", Ok("Bool(true)")),
    // The second table: Option.
    ("is_some_and", O, "maybe().is_some_and(|x| x > 3)", "", Ok("Bool(true)")),
    ("is_none_or", O, "None::<u8>.is_none_or(|x| x > 3)", "", Ok("Bool(true)")),
    ("and_then", O, "json!({\"f\": \"uri\"}).get(\"f\").and_then(Value::as_str)", "", Ok("Opt(Some(Str(\"uri\")))")),
    ("filter", O, "maybe().filter(|x| *x > 9)", "", Ok("Opt(None)")),
    ("map_or", O, "None::<u8>.map_or(true, |x| x > 3)", "", Ok("Bool(true)")),
    ("map_or_else", O, "maybe().map_or_else(|| 0, |x| x * 2)", "", Ok("Int(8, U8)")),
    ("unwrap_or_else", O, "None.unwrap_or_else(|| \"d\".to_string())", "", Ok("Str(\"d\")")),
    ("ok_or", O, "None::<u8>.ok_or(\"missing\")", "", Ok("Err(Str(\"missing\"))")),
    ("ok_or_else", O, "maybe().ok_or_else(|| \"missing\")", "", Ok("Int(4, U8)")),
    ("or", O, "None.or(Some(1u8))", "", Ok("Opt(Some(Int(1, U8)))")),
    ("or_else", O, "None.or_else(|| maybe())", "", Ok("Opt(Some(Int(4, U8)))")),
    ("and", O, "maybe().and(Some(\"x\"))", "", Ok("Opt(Some(Str(\"x\")))")),
    ("flatten", O, "Some(maybe()).flatten()", "", Ok("Opt(Some(Int(4, U8)))")),
    ("take", O, "maybe().take()", "", Ok("Opt(Some(Int(4, U8)))")),
    ("as_deref", O, "Some(String::from(\"s\")).as_deref()", "", Ok("Opt(Some(Str(\"s\")))")),
    ("as_deref_mut", O, "maybe().as_deref_mut()", "", Ok("Opt(Some(Int(4, U8)))")),
    ("as_mut", O, "maybe().as_mut()", "", Ok("Opt(Some(Int(4, U8)))")),
    ("get_or_insert_with", O, "maybe().get_or_insert_with(|| 1)", "", Ok("Opt(Some(Int(4, U8)))")),
    // Result: an `Err`'s methods, and an `Ok` held as its JSON value.
    ("is_err", E, "Err::<u8, u8>(1).is_err()", "", Ok("Bool(true)")),
    ("is_err_and", E, "Err(\"e\").is_err_and(|e| e.len() == 1)", "", Ok("Bool(true)")),
    ("is_ok_and", E, "Err(1).is_ok_and(|x| x > 0)", "", Ok("Bool(false)")),
    ("map_or", E, "Err(1).map_or(7u8, |x| x)", "", Ok("Int(7, U8)")),
    ("is_ok", E, "Err::<u8, u8>(1).is_ok()", "", Ok("Bool(false)")),
    ("ok", E, "Err::<u8, u8>(1).ok()", "", Ok("Opt(None)")),
    ("err", E, "Err(1u8).err()", "", Ok("Opt(Some(Int(1, U8)))")),
    ("unwrap_or", E, "Err(1).unwrap_or(2u8)", "", Ok("Int(2, U8)")),
    ("unwrap_or_else", E, "Err(\"e\").unwrap_or_else(|e| e.len())", "", Ok("Int(1, Usize)")),
    ("unwrap_or_default", E, "Err(1).unwrap_or_default()", "String", Ok("Str(\"\")")),
    ("map", E, "Err(1).map(|x| x + 1)", "", Ok("Err(Int(1, I32))")),
    ("and_then", E, "Err(1).and_then(|x| Some(x))", "", Ok("Err(Int(1, I32))")),
    ("map_err", E, "Err(\"e\").map_err(|e| e.to_uppercase())", "", Ok("Err(Str(\"E\"))")),
    ("or_else", E, "Err(1u8).or_else(|e| Some(e))", "", Ok("Opt(Some(Int(1, U8)))")),
    ("unwrap", E, "Err(1).unwrap()", "", Err(Failure::Invalid)),
    ("expect", E, "Err(1).expect(\"set\")", "", Err(Failure::Invalid)),
    ("is_ok", J, "serde_json::to_value(1u8).is_ok()", "", Ok("Bool(true)")),
    ("is_err", J, "serde_json::to_value(1u8).is_err()", "", Ok("Bool(false)")),
    ("ok", J, "serde_json::to_value(1u8).ok()", "", Ok("Opt(Some(Json(Number(1))))")),
    ("map_err", J, "serde_json::to_value(1u8).map_err(|e| e.to_string())", "", Ok("Json(Number(1))")),
    ("unwrap_or", J, "serde_json::to_value(1u8).unwrap_or(json!(0))", "", Ok("Json(Number(1))")),
    ("unwrap_or_else", J, "serde_json::to_value(1u8).unwrap_or_else(|_| json!(0))", "", Ok("Json(Number(1))")),
    ("or_else", J, "serde_json::to_value(1u8).or_else(|_| 0)", "", Ok("Json(Number(1))")),
    ("unwrap_or_default", J, "serde_json::to_value(1u8).unwrap_or_default()", "", Ok("Json(Number(1))")),
    // Iterators over sequences and JSON arrays.
    (
        "map",
        V,
        "json!([1, 2]).as_array().unwrap().iter().map(|x| x.is_u64()).collect()",
        "Vec<bool>",
        Ok("Seq([Bool(true), Bool(true)])"),
    ),
    (
        "filter",
        V,
        "vec![1u8, 5u8, 7u8].into_iter().filter(|x| *x > 4).collect::<Vec<_>>()",
        "",
        Ok("Seq([Int(5, U8), Int(7, U8)])"),
    ),
    (
        "filter_map",
        V,
        "json!([\"a\", 1]).as_array().unwrap().iter().filter_map(Value::as_str).collect()",
        "Vec<String>",
        Ok("Seq([Str(\"a\")])"),
    ),
    (
        "flat_map",
        V,
        "vec![\"a b\", \"c\"].iter().flat_map(|s| s.split(' ')).collect()",
        "Vec<String>",
        Ok("Seq([Str(\"a\"), Str(\"b\"), Str(\"c\")])"),
    ),
    ("find", V, "TAGS.iter().find(|t| t.starts_with('b'))", "", Ok("Opt(Some(Str(\"b\")))")),
    ("position", V, "TAGS.iter().position(|t| *t == \"b\")", "", Ok("Opt(Some(Int(1, Usize)))")),
    ("any", V, "json!([\"string\", \"null\"]).as_array().unwrap().iter().any(|t| t == \"null\")", "", Ok("Bool(true)")),
    ("all", V, "TAGS.iter().all(|t| t.len() == 1)", "", Ok("Bool(true)")),
    ("fold", V, "vec![1u8, 2u8, 3u8].iter().fold(0u8, |acc, x| acc + x)", "", Ok("Int(6, U8)")),
    ("count", V, "TAGS.iter().filter(|t| t != &\"a\").count()", "", Ok("Int(1, Usize)")),
    (
        "enumerate",
        V,
        "TAGS.iter().enumerate().map(|(i, t)| format!(\"{i}{t}\")).collect::<Vec<_>>()",
        "",
        Ok("Seq([Str(\"0a\"), Str(\"1b\")])"),
    ),
    ("rev", V, "TAGS.iter().rev().collect::<String>()", "", Ok("Str(\"ba\")")),
    ("skip", V, "vec![1u8, 2u8, 3u8].into_iter().skip(2).collect()", "Vec<u8>", Ok("Seq([Int(3, U8)])")),
    ("take", V, "vec![1u8, 2u8, 3u8].into_iter().take(1).collect()", "Vec<u8>", Ok("Seq([Int(1, U8)])")),
    ("chain", V, "TAGS.iter().chain(Some(&\"c\")).collect::<Vec<_>>().join(\",\")", "", Ok("Str(\"a,b,c\")")),
    ("zip", V, "TAGS.iter().zip(vec![1u8]).collect::<Vec<_>>()", "", Ok("Seq([Tuple([Str(\"a\"), Int(1, U8)])])")),
    ("flatten", V, "vec![Some(1u8), None].into_iter().flatten().collect()", "Vec<u8>", Ok("Seq([Int(1, U8)])")),
    ("first", V, "TAGS.first()", "", Ok("Opt(Some(Str(\"a\")))")),
    ("last", V, "json!([1, 2]).as_array().unwrap().last()", "", Ok("Opt(Some(Json(Number(2))))")),
    ("next", V, "\"a-b\".split('-').next()", "", Ok("Opt(Some(Str(\"a\")))")),
    ("next_back", V, "vec![1u8, 2u8].iter().next_back()", "", Ok("Opt(Some(Int(2, U8)))")),
    ("get", V, "TAGS.get(5)", "", Ok("Opt(None)")),
    ("nth", V, "TAGS.iter().nth(1)", "", Ok("Opt(Some(Str(\"b\")))")),
    ("join", V, "TAGS.join(\", \")", "", Ok("Str(\"a, b\")")),
    ("concat", V, "TAGS.concat()", "", Ok("Str(\"ab\")")),
    // More `str` methods.
    ("split", S, "\"a,b\".split(',').collect()", "Vec<String>", Ok("Seq([Str(\"a\"), Str(\"b\")])")),
    ("split_once", S, "\"k=v\".split_once('=')", "", Ok("Opt(Some(Tuple([Str(\"k\"), Str(\"v\")])))")),
    ("rsplit_once", S, "\"a.b.c\".rsplit_once(\".\")", "", Ok("Opt(Some(Tuple([Str(\"a.b\"), Str(\"c\")])))")),
    ("split_whitespace", S, "\" a  b \".split_whitespace().count()", "", Ok("Int(2, Usize)")),
    ("lines", S, "\"a\\nb\".lines().last()", "", Ok("Opt(Some(Str(\"b\")))")),
    ("chars", S, "\"ab\".chars().rev().collect::<String>()", "", Ok("Str(\"ba\")")),
    ("trim_start", S, "\" a \".trim_start()", "", Ok("Str(\"a \")")),
    ("trim_end", S, "\" a \".trim_end()", "", Ok("Str(\" a\")")),
    ("trim_matches", S, "\"--a--\".trim_matches('-')", "", Ok("Str(\"a\")")),
    ("trim_start_matches", S, "\"ping the\".trim_start_matches(\"ping \")", "", Ok("Str(\"the\")")),
    ("trim_end_matches", S, "\"a.rs.rs\".trim_end_matches(\".rs\")", "", Ok("Str(\"a\")")),
    ("replace", S, "\"tmp\".replace('t', \"T\")", "", Ok("Str(\"Tmp\")")),
    ("repeat", S, "\"ab\".repeat(2)", "", Ok("Str(\"abab\")")),
    ("to_ascii_lowercase", S, "\"AB\".to_ascii_lowercase()", "", Ok("Str(\"ab\")")),
    ("to_ascii_uppercase", S, "\"ab\".to_ascii_uppercase()", "", Ok("Str(\"AB\")")),
    ("eq_ignore_ascii_case", S, "\"Ab\".eq_ignore_ascii_case(\"aB\")", "", Ok("Bool(true)")),
    // A call the tables do not know stops at its span with the method's name.
    ("__unknown", S, "\"ab\".char_indices()", "", Err(Failure::Unsupported)),
];

/// An `Ok(v)` held as `v`: each Result method on a string that has no method by that name.
const OK_CASES: &[(&str, &str, Result<&str, Failure>)] = &[
    ("is_ok", "String::from(\"1\").is_ok()", Ok("Bool(true)")),
    ("is_err", "String::from(\"v\").is_err()", Ok("Bool(false)")),
    ("ok", "String::from(\"v\").ok()", Ok("Opt(Some(Str(\"v\")))")),
    ("err", "String::from(\"v\").err()", Ok("Opt(None)")),
    ("map", "String::from(\"1\").map(|v| v == \"1\")", Ok("Bool(true)")),
    ("and_then", "String::from(\"1\").and_then(|v| Some(v.len()))", Ok("Opt(Some(Int(1, Usize)))")),
    ("map_err", "String::from(\"v\").map_err(|e| e)", Ok("Str(\"v\")")),
    ("unwrap_or", "String::from(\"v\").unwrap_or(String::new())", Ok("Str(\"v\")")),
    ("unwrap_or_else", "String::from(\"v\").unwrap_or_else(|_| String::new())", Ok("Str(\"v\")")),
    ("unwrap_or_default", "String::from(\"v\").unwrap_or_default()", Ok("Str(\"v\")")),
    ("is_ok_and", "String::from(\"1\").is_ok_and(|v| v == \"2\")", Ok("Bool(false)")),
    ("is_err_and", "String::from(\"1\").is_err_and(|v| v == \"2\")", Ok("Bool(false)")),
    ("map_or", "String::from(\"ab\").map_or(0, |v| v.len())", Ok("Int(2, Usize)")),
    ("map_or_else", "String::from(\"ab\").map_or_else(|_| 0, |v| v.len())", Ok("Int(2, Usize)")),
    ("or_else", "String::from(\"v\").or_else(|_| Err(1))", Ok("Str(\"v\")")),
];

#[test]
fn ok_values_take_result_methods() {
    for name in super::methods_std::OK_METHODS {
        assert!(OK_CASES.iter().any(|(n, ..)| n == name), "no case of the Ok `.{name}()`");
    }
    for (name, expr, want) in OK_CASES {
        let got = eval_why(CRATE, expr, "");
        match (want, &got) {
            (Ok(text), Ok(v)) => assert_eq!(&format!("{v:?}"), text, "`.{name}()`: `{expr}`"),
            (Err(f), Err(g)) => assert_eq!(*f, g.failure, "`.{name}()`: `{expr}`: {}", g.reason),
            (_, got) => panic!("`.{name}()`: `{expr}` gave {got:?}"),
        }
    }
}

#[test]
fn every_row_has_a_case() {
    for row in METHODS.iter().chain(MORE_METHODS) {
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
    let src = format!("use std::collections::HashMap;\nuse serde_json::{{json, Value}};\n{CRATE}");
    for (name, _, expr, ty, want) in CASES {
        let got = eval_why(&src, expr, ty);
        match (want, &got) {
            (Ok(text), Ok(v)) => assert_eq!(&format!("{v:?}"), text, "`.{name}()`: `{expr}`"),
            (Err(f), Err(g)) => assert_eq!(*f, g.failure, "`.{name}()`: `{expr}`: {}", g.reason),
            (_, got) => panic!("`.{name}()`: `{expr}` gave {got:?}"),
        }
    }
}
