//! rmcp 0.1's two ways of writing a `tool_box` server list the same tools: `#[tool(tool_box)]`
//! on the blocks (`testdata/rmcp/patterns/tool-box-0-1`, equal to what rmcp 0.1.5 lists,
//! compiled) expands to `tool_box!(Type { … })` and `tool_box!(@derive)`, which
//! `tool-box-macro-0-1` writes by hand.

use crate::support::{run_in, testdata};

#[test]
fn the_macro_form_lists_what_the_attribute_form_lists() {
    let attribute = run_in(&testdata("rmcp/patterns/tool-box-0-1"), &["generate"]);
    let macros = run_in(&testdata("rmcp/patterns/tool-box-macro-0-1"), &["generate"]);
    assert_eq!(attribute.code, Some(0), "{}", attribute.stderr);
    assert!(attribute.stdout.contains("\"name\": \"sum\""), "{}", attribute.stdout);
    assert_eq!(macros.transcript(), attribute.transcript());
}
