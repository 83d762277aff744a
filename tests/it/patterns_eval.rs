//! Values that need a little evaluation (defaults built from arithmetic, consts of other modules,
//! `..Default::default()`, enum variants, strings through `.into()`), and a default outside what
//! the CLI evaluates: an error on the expression, exit 2.

use crate::support;

use support::{run_in, testdata};

#[test]
fn evaluated_defaults_manifest() {
    let run = run_in(&testdata("rmcp/patterns/evaluated-defaults"), &["generate", "--profile", "rmcp"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stderr, "1 tool listed with profile rmcp (rmcp 3.11.0)\n", "no diagnostic");
    insta::assert_snapshot!(run.stdout);
}

#[test]
fn an_unevaluable_default_is_an_error_on_the_expression() {
    let run = run_in(&testdata("rmcp/patterns/unevaluable-default"), &["generate", "--profile", "rmcp"]);
    assert_eq!(run.code, Some(2));
    assert!(run.stdout.is_empty());
    insta::assert_snapshot!(run.transcript());
}

#[test]
fn evaluated_attribute_values_manifest() {
    let run = run_in(&testdata("rmcp/patterns/evaluated-attribute-values"), &["generate", "--profile", "rmcp"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stderr, "3 tools listed with profile rmcp (rmcp 3.11.0)\n", "no diagnostic");
    insta::assert_snapshot!(run.stdout);
}

#[test]
fn an_unevaluable_description_is_an_error_on_the_expression() {
    let run = run_in(&testdata("rmcp/patterns/unevaluable-description"), &["generate", "--profile", "rmcp"]);
    assert_eq!(run.code, Some(2));
    insta::assert_snapshot!(run.transcript());
}

#[test]
fn a_runtime_only_default_is_a_warning_and_the_schema_is_left_out() {
    let run = run_in(&testdata("rmcp/patterns/runtime-default"), &["generate", "--profile", "rmcp"]);
    assert_eq!(run.code, Some(0));
    insta::assert_snapshot!(run.transcript());
}

#[test]
fn method_predicates_with_matches_and_self_fields() {
    let run = run_in(&testdata("rmcp/patterns/method-predicates"), &["generate", "--profile", "rmcp"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stderr, "1 tool listed with profile rmcp (rmcp 3.11.0)\n", "no diagnostic");
    insta::assert_snapshot!(run.stdout);
}
