//! Values of a registry crate (testdata/rmcp/patterns/registry-values, its `kit-values` vendored
//! as `cargo vendor` puts it) are what serde writes of them: the crate's own file is compiled
//! here, and each default the pattern's blessed transcript shows is `serde_json::to_value` of the
//! value the server's default fn returns. The transcript itself is checked by `patterns::`.

use serde_json::Value;

use crate::support::testdata;

#[path = "../../testdata/rmcp/patterns/registry-values/vendor/kit-values/src/lib.rs"]
#[allow(dead_code)]
mod kit_values;

use kit_values::{Channel, Retry, Version};

/// The `properties` of the one tool's input schema in the pattern's `-W left-out` transcript.
fn transcript_properties() -> Value {
    let path = testdata("rmcp/patterns/registry-values/generate.transcript");
    let text = std::fs::read_to_string(path).unwrap();
    let stdout = text.split("--- stdout\n").nth(1).unwrap().split("--- stderr\n").next().unwrap();
    let manifest: Value = serde_json::from_str(stdout).unwrap();
    manifest["tools"][0]["inputSchema"]["properties"].clone()
}

#[test]
fn registry_consts_statics_and_defaults_are_what_serde_writes() {
    let props = transcript_properties();
    let expected = [
        ("page_size", serde_json::to_value(kit_values::PAGE_SIZE).unwrap()),
        ("max_page", serde_json::to_value(kit_values::MAX_PAGE).unwrap()),
        ("region", serde_json::to_value(kit_values::REGION.to_owned()).unwrap()),
        ("channel", serde_json::to_value(Channel::default()).unwrap()),
        ("preview", serde_json::to_value(Channel::PREVIEW).unwrap()),
        ("retry", serde_json::to_value(Retry::default()).unwrap()),
    ];
    for (field, value) in expected {
        assert_eq!(props[field]["default"], value, "the default of `{field}`");
    }
}

/// `Version` writes itself through `collect_str` (`"1.0"`), code the CLI does not run: its default
/// is left out (the transcript's warning names it), never written as the derive would (`{"major":
/// 1, "minor": 0}`).
#[test]
fn a_value_serialised_by_its_own_impl_is_left_out() {
    let props = transcript_properties();
    assert_eq!(serde_json::to_value(Version::FIRST).unwrap(), Value::from("1.0"));
    assert_eq!(props["since"].get("default"), None);
}
