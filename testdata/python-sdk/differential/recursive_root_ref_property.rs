//! A model returned as the output that reaches itself is published by pydantic as a bare `$ref`,
//! which the SDK inlines with `$defs` last. But pydantic counts the references to the root by a
//! walk that stops at any object whose `$ref` is not a string: a property named `$ref` hides every
//! property of its model from that count, so here the root is unpacked like a model that does not
//! recurse (`$defs` first), and still keeps its own definition in `$defs`.
use rmcp::tool;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, JsonSchema)]
pub struct Node {
    pub children: Vec<Branch>,
    #[serde(rename = "$ref")]
    pub target: Link,
}

#[derive(Serialize, Deserialize, JsonSchema)]
pub struct Branch {
    pub nodes: Vec<Node>,
}

#[derive(Serialize, Deserialize, JsonSchema)]
pub struct Link {
    pub href: String,
}

#[tool]
fn recursive_root_ref_property(name: String) -> Node {
    todo!()
}
