//! One case for each row of the std fn tables ([`super::std_fns`]): the fn called as the row
//! names it, with the value it gives (its debug text) or the failure. A row without a case fails
//! [`every_row_has_a_case`].

use super::std_fns::{Heads, AFTER_WORKSPACE, STD_FNS};
use super::tests::{eval_in, CRATE};
use super::Failure;

/// A case: the path's head and fn name, the expression, the type the context wants (`""` for
/// none), and the debug text of the value or the failure.
type Case = (&'static str, &'static str, &'static str, &'static str, Result<&'static str, Failure>);

const CASES: &[Case] = &[
    ("", "Some", "Some(3)", "Option<u8>", Ok("Opt(Some(Int(3, U8)))")),
    ("Option", "Some", "Option::Some(\"a\")", "", Ok("Opt(Some(Str(\"a\")))")),
    ("", "Err", "Err(\"no\")", "", Ok("Err(Str(\"no\"))")),
    ("Result", "Err", "Result::Err(2u8)", "", Ok("Err(Int(2, U8))")),
    ("", "default", "default()", "u8", Ok("Int(0, U8)")),
    ("Default", "default", "Default::default()", "", Err(Failure::Unsupported)),
    ("String", "new", "String::new()", "", Ok("Str(\"\")")),
    ("Vec", "with_capacity", "Vec::with_capacity(4)", "", Ok("Seq([])")),
    ("VecDeque", "new", "VecDeque::new()", "", Ok("Seq([])")),
    ("HashSet", "new", "HashSet::new()", "", Ok("Seq([])")),
    ("BTreeSet", "new", "BTreeSet::new()", "", Ok("Seq([])")),
    ("HashMap", "new", "HashMap::new()", "", Ok("Map([])")),
    ("BTreeMap", "new", "BTreeMap::new()", "", Ok("Map([])")),
    ("IndexMap", "new", "IndexMap::new()", "", Ok("Map([])")),
    ("IndexSet", "new", "IndexSet::new()", "", Ok("Seq([])")),
    ("Map", "new", "Map::new()", "", Ok("Map([])")),
    ("LinkedList", "new", "LinkedList::new()", "", Ok("Seq([])")),
    ("BinaryHeap", "new", "BinaryHeap::new()", "", Ok("Seq([])")),
    ("String", "from", "String::from(\"x\")", "", Ok("Str(\"x\")")),
    ("Value", "from", "Value::from(\"x\")", "", Ok("Json(String(\"x\"))")),
    ("Schema", "from", "Schema::from(true)", "", Ok("Json(Bool(true))")),
    ("From", "from", "From::from(1u8)", "", Ok("Int(1, U8)")),
    ("Box", "new", "Box::new(1u8)", "", Ok("Int(1, U8)")),
    ("Arc", "new", "Arc::new(\"a\")", "", Ok("Str(\"a\")")),
    ("Rc", "new", "Rc::new(true)", "", Ok("Bool(true)")),
    ("PathBuf", "from", "PathBuf::from(\"/p\")", "", Ok("Str(\"/p\")")),
    ("Cow", "Borrowed", "Cow::Borrowed(\"b\")", "", Ok("Str(\"b\")")),
    ("Cow", "Owned", "Cow::Owned(String::new())", "", Ok("Str(\"\")")),
    ("Some", "from", "Some::from(1u8)", "", Ok("Int(1, U8)")),
    ("Into", "into", "Into::into(\"i\")", "", Ok("Str(\"i\")")),
    ("ToString", "to_string", "ToString::to_string(\"t\")", "", Ok("Str(\"t\")")),
    ("ToOwned", "to_owned", "ToOwned::to_owned(\"o\")", "", Ok("Str(\"o\")")),
    ("Vec", "from", "Vec::from([1u8])", "", Ok("Seq([Int(1, U8)])")),
    ("HashSet", "from", "HashSet::from([\"a\"])", "", Ok("Seq([Str(\"a\")])")),
    ("BTreeSet", "from", "BTreeSet::from([\"a\"])", "", Ok("Seq([Str(\"a\")])")),
    ("VecDeque", "from", "VecDeque::from([true])", "", Ok("Seq([Bool(true)])")),
    ("IndexSet", "from", "IndexSet::from([1u8])", "", Ok("Seq([Int(1, U8)])")),
    ("HashMap", "from", "HashMap::from([(1u8, 2u8)])", "", Ok("Map([(Int(1, U8), Int(2, U8))])")),
    ("BTreeMap", "from_iter", "BTreeMap::from_iter([(\"k\", 1u8)])", "", Ok("Map([(Str(\"k\"), Int(1, U8))])")),
    ("IndexMap", "from", "IndexMap::from([(1u8, 2u8)])", "", Ok("Map([(Int(1, U8), Int(2, U8))])")),
    ("NonZeroU8", "new", "NonZeroU8::new(0)", "", Ok("Opt(None)")),
    ("NonZeroU16", "new_unchecked", "NonZeroU16::new_unchecked(3)", "", Ok("Int(3, U16)")),
    (
        "Duration",
        "from_secs",
        "Duration::from_secs(2)",
        "",
        Ok("Json(Object {\"secs\": Number(2), \"nanos\": Number(0)})"),
    ),
    (
        "Duration",
        "from_millis",
        "Duration::from_millis(1500)",
        "",
        Ok("Json(Object {\"secs\": Number(1), \"nanos\": Number(500000000)})"),
    ),
    (
        "Duration",
        "from_micros",
        "Duration::from_micros(3)",
        "",
        Ok("Json(Object {\"secs\": Number(0), \"nanos\": Number(3000)})"),
    ),
    (
        "Duration",
        "from_nanos",
        "Duration::from_nanos(7)",
        "",
        Ok("Json(Object {\"secs\": Number(0), \"nanos\": Number(7)})"),
    ),
    (
        "Duration",
        "from_mins",
        "Duration::from_mins(1)",
        "",
        Ok("Json(Object {\"secs\": Number(60), \"nanos\": Number(0)})"),
    ),
    (
        "Duration",
        "from_hours",
        "Duration::from_hours(1)",
        "",
        Ok("Json(Object {\"secs\": Number(3600), \"nanos\": Number(0)})"),
    ),
    ("TypeId", "of", "TypeId::of::<Cfg>()", "", Ok("Str(\"TypeId<Cfg>\")")),
    (
        "serde_json",
        "from_value",
        "serde_json::from_value(json!({\"a\": 1})).unwrap_or_default()",
        "",
        Ok("Json(Object {\"a\": Number(1)})"),
    ),
    ("serde_json", "from_value", "serde_json::from_value::<JsonObject>(json!([1]))", "", Err(Failure::Unsupported)),
    ("serde_json", "from_value", "serde_json::from_value::<Value>(json!([1]))", "", Ok("Json(Array [Number(1)])")),
    ("Box", "pin", "Box::pin(async move { 1u8 })", "", Ok("Int(1, U8)")),
    ("Arc", "pin", "Arc::pin(async { \"a\" }.await)", "", Ok("Str(\"a\")")),
    ("Rc", "pin", "Rc::pin(true)", "", Ok("Bool(true)")),
    ("JsonObject", "new", "JsonObject::new()", "", Ok("Json(Object {})")),
    ("Map", "default", "serde_json::Map::default()", "", Ok("Json(Object {})")),
];

/// The heads a row's case may name (`NonZero*` for the NonZero row).
fn names_head(heads: &Heads, head: &str) -> bool {
    match heads {
        Heads::Of(hs) => hs.contains(&head),
        Heads::NonZero => head.starts_with("NonZero"),
    }
}

#[test]
fn every_row_has_a_case() {
    for row in STD_FNS.iter().chain(AFTER_WORKSPACE) {
        for name in row.names {
            assert!(
                CASES.iter().any(|(h, n, ..)| n == name && names_head(&row.heads, h)),
                "no case of `{name}` for one of its types"
            );
        }
        if let Heads::Of(heads) = &row.heads {
            for head in *heads {
                assert!(
                    CASES.iter().any(|(h, n, ..)| h == head && row.names.contains(n)),
                    "no case of `{head}::…` in the row of {:?}",
                    row.names
                );
            }
        }
    }
}

#[test]
fn each_fn_gives_its_value() {
    for (head, name, expr, ty, want) in CASES {
        let got = eval_in(CRATE, expr, ty);
        match (want, &got) {
            (Ok(text), Ok(v)) => assert_eq!(&format!("{v:?}"), text, "`{head}::{name}`: `{expr}`"),
            (Err(f), Err(g)) => assert_eq!(f, g, "`{head}::{name}`: `{expr}`"),
            (_, got) => panic!("`{head}::{name}`: `{expr}` gave {got:?}"),
        }
    }
}
