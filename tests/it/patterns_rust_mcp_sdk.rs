//! The rules of the rust-mcp-sdk profile, one fixture each (testdata/rust-mcp-sdk/patterns/):
//! `Option` per release, the `tool_box!` order, listing without a `tool_box!`, where the derive's
//! attribute parser stops, inlined nested types, and what is an error (a recursive tool, field
//! types without `json_schema()`, two SDKs for `auto`, a bad `--sdk-version`).

use crate::support;

use support::{run_in, testdata};

fn pattern(name: &str) -> std::path::PathBuf {
    testdata(&format!("rust-mcp-sdk/patterns/{name}"))
}

/// `mcp-schema generate ARGS` from the fixture's directory, which must exit with `code`.
fn transcript(name: &str, args: &[&str], code: i32) -> String {
    let mut all = vec!["generate"];
    all.extend_from_slice(args);
    let run = run_in(&pattern(name), &all);
    assert_eq!(run.code, Some(code), "{}", run.stderr);
    if code == 2 {
        assert!(run.stdout.is_empty(), "no manifest on an error");
    }
    run.transcript()
}

#[test]
fn option_is_nullable_before_macros_1_0() {
    insta::assert_snapshot!(transcript("option-styles", &["--sdk-version", "0.8.3"], 0));
}

#[test]
fn option_is_a_type_union_or_any_of_from_macros_1_0() {
    insta::assert_snapshot!(transcript("option-styles", &[], 0));
}

#[test]
fn the_listed_order_is_the_tool_box_order() {
    insta::assert_snapshot!(transcript("tool-order", &[], 0));
}

#[test]
fn without_a_tool_box_every_mcp_tool_item_is_listed_with_a_note() {
    insta::assert_snapshot!(transcript("no-tool-box", &[], 0));
}

#[test]
fn the_attribute_parse_stops_at_the_first_entry_it_cannot_take() {
    insta::assert_snapshot!(transcript("attribute-parse-stops", &[], 0));
}

#[test]
fn single_identifiers_are_inlined_paths_are_not() {
    insta::assert_snapshot!(transcript("nested-types", &[], 0));
}

#[test]
fn a_listed_recursive_tool_is_an_error() {
    insta::assert_snapshot!(transcript("recursive-tool", &[], 2));
}

#[test]
fn field_types_without_json_schema_are_errors_at_the_field() {
    insta::assert_snapshot!(transcript("rejected-fields", &[], 2));
}

#[test]
fn auto_refuses_to_guess_between_two_sdks() {
    insta::assert_snapshot!(transcript("both-sdks", &[], 2));
    // Naming the profile settles it.
    transcript("both-sdks", &["--profile", "rust-mcp-sdk"], 0);
}

#[test]
fn a_requirement_without_lock_is_resolved_with_a_warning() {
    insta::assert_snapshot!(transcript("requirement-only", &[], 0));
}

#[test]
fn sdk_version_overrides_the_lock_and_a_bad_one_is_an_error() {
    let newer = transcript("requirement-only", &["--sdk-version", "2.0.0"], 0);
    assert!(!newer.contains("execution"), "2.0 passes over execution(...):\n{newer}");
    insta::assert_snapshot!(transcript("option-styles", &["--sdk-version", "one.two"], 2));
}
