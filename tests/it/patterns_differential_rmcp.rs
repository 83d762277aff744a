//! Classes the rmcp differential harness (tests/differential/rmcp/) found, each as a pattern
//! fixture (testdata/rmcp/patterns/<name>/) whose output was checked against the real rmcp with
//! `tests/differential/rmcp/truth.py`.

use crate::support;

use support::{run_in, testdata};

/// `mcp-schema generate` run from the fixture's directory, as a user would.
fn generate_transcript(name: &str) -> String {
    run_in(&testdata(&format!("rmcp/patterns/{name}")), &["generate"]).transcript()
}

#[test]
fn self_in_a_types_own_fields_names_that_type() {
    insta::assert_snapshot!(generate_transcript("self-in-fields"));
}

#[test]
fn an_alias_that_recurses_through_a_struct_is_not_recursive() {
    insta::assert_snapshot!(generate_transcript("alias-through-struct"));
}

#[test]
fn extend_values_are_json_bodies_objects_and_arrays_too() {
    insta::assert_snapshot!(generate_transcript("extend-values"));
}

#[test]
fn pattern_regex_and_contains_give_pattern_on_strings() {
    insta::assert_snapshot!(generate_transcript("pattern-attributes"));
}

#[test]
fn an_empty_array_defaults_to_empty_whatever_its_item() {
    insta::assert_snapshot!(generate_transcript("empty-array-default"));
}

#[test]
fn default_values_are_written_with_serdes_names_and_collected_maps_are_maps() {
    insta::assert_snapshot!(generate_transcript("default-values-follow-serde"));
}

#[test]
fn defaults_serde_cannot_write_leave_the_property_without_default() {
    insta::assert_snapshot!(generate_transcript("unserialisable-defaults"));
}

#[test]
fn nonzero_and_json_value_defaults_are_evaluated() {
    insta::assert_snapshot!(generate_transcript("std-value-defaults"));
}
