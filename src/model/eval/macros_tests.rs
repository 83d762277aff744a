//! One case for each row of the macro table ([`super::macros::MACROS`]): the macro called, with
//! the value it gives (its debug text) or the failure. A row without a case fails
//! [`every_row_has_a_case`].

use super::macros::MACROS;
use super::tests::{eval_in, CRATE};
use super::Failure;

/// A case: the macro's name, the expression, the type the context wants (`""` for none), and the
/// debug text of the value or the failure.
type Case = (&'static str, &'static str, &'static str, Result<&'static str, Failure>);

const CASES: &[Case] = &[
    ("vec", "vec![1u8; 2]", "", Ok("Seq([Int(1, U8), Int(1, U8)])")),
    ("concat", "concat!(\"a\", 1, 'c')", "", Ok("Str(\"a1c\")")),
    ("stringify", "stringify!(a + b)", "", Ok("Str(\"a + b\")")),
    ("module_path", "module_path!()", "", Ok("Str(\"lib\")")),
    ("matches", "matches!(Some(1), Some(_))", "", Ok("Bool(true)")),
    ("format", "format!(\"{}-{}\", 1, \"a\")", "", Ok("Str(\"1-a\")")),
    ("include_str", "include_str!(\"missing.txt\")", "", Err(Failure::Unsupported)),
    ("json", "json!({\"a\": [1]})", "", Ok("Json(Object {\"a\": Array [Number(1)]})")),
    ("schema_for", "schema_for!(Cfg)", "", Err(Failure::Unsupported)),
    ("trace", "tracing::trace!(\"x\")", "", Ok("Unit")),
    ("debug", "tracing::debug!(\"Listing {} tools\", 3)", "", Ok("Unit")),
    ("info", "log::info!(target: \"t\", \"x\")", "", Ok("Unit")),
    ("warn", "tracing::warn!(tool_name = %name, \"missing\")", "", Ok("Unit")),
    ("error", "error!(\"e\")", "", Ok("Unit")),
    ("println", "println!(\"{}\", 1)", "", Ok("Unit")),
    ("eprintln", "eprintln!()", "", Ok("Unit")),
    ("print", "print!(\"a\")", "", Ok("Unit")),
    ("eprint", "eprint!(\"a\")", "", Ok("Unit")),
    ("event", "tracing::event!(Level::INFO, \"a\")", "", Ok("Unit")),
    ("env", "env!(\"CARGO_CRATE_NAME\")", "", Ok("Str(\"lib\")")),
    ("option_env", "option_env!(\"PATH\")", "", Err(Failure::Runtime)),
];

#[test]
fn every_row_has_a_case() {
    for row in MACROS {
        for name in row.names {
            assert!(CASES.iter().any(|(n, ..)| n == name), "no case of `{name}!`");
        }
    }
}

#[test]
fn each_macro_gives_its_value() {
    for (name, expr, ty, want) in CASES {
        let got = eval_in(CRATE, expr, ty);
        match (want, &got) {
            (Ok(text), Ok(v)) => assert_eq!(&format!("{v:?}"), text, "`{name}!`: `{expr}`"),
            (Err(f), Err(g)) => assert_eq!(f, g, "`{name}!`: `{expr}`"),
            (_, got) => panic!("`{name}!`: `{expr}` gave {got:?}"),
        }
    }
}
