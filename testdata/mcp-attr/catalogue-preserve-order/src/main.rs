//! Ground-truth catalogue of `#[tool]` argument shapes for mcp-attr.
#![allow(dead_code)]

use std::collections::{BTreeMap, HashMap};

use mcp_attr::Result;
use mcp_attr::server::{McpServer, RequestContext, mcp_server, serve_stdio};
use schemars::JsonSchema;
use serde::Deserialize;

/// Inner settings block.
#[derive(Debug, Deserialize, JsonSchema)]
struct Inner {
    /// Inner flag.
    enabled: bool,
    depth: u32,
}

/// A configuration record.
///
/// Second paragraph of the struct doc.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct Config {
    /// Human readable name (camelCased by rename_all).
    display_name: String,
    /// Explicitly renamed field.
    #[serde(rename = "ID")]
    identifier: String,
    /// Defaulted field.
    #[serde(default)]
    verbose: bool,
    /// Optional note.
    note: Option<String>,
    /// Priority between 1 and 10.
    #[schemars(range(min = 1, max = 10))]
    priority: u8,
    /// Short code, at most 5 chars.
    #[schemars(length(max = 5))]
    short_code: String,
    /// Nested struct field.
    inner: Inner,
    /// Enum-typed field.
    color: Color,
    retry_count: u32,
}

/// A 2-D point.
#[derive(Debug, Deserialize, JsonSchema)]
struct Point {
    x: i32,
    y: i32,
}

/// Primary colours.
#[derive(Debug, Deserialize, JsonSchema)]
enum Color {
    /// The colour red.
    Red,
    /// The colour green.
    Green,
    Blue,
}

/// A shape, internally tagged by `kind`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(tag = "kind")]
enum Shape {
    /// A circle.
    Circle { radius: f64 },
    /// A rectangle.
    Rectangle { width: f64, height: f64 },
    Empty,
}

/// Either a number, a string or a point.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(untagged)]
enum Flexible {
    Number(i64),
    Text(String),
    Pt(Point),
}

/// A tree node.
#[derive(Debug, Deserialize, JsonSchema)]
struct Node {
    /// Node label.
    label: String,
    /// Child nodes.
    children: Vec<Node>,
}

struct Catalogue;

#[mcp_server]
impl McpServer for Catalogue {
    /// Tool with no arguments.
    #[tool]
    async fn no_args(&self) -> Result<String> {
        Ok("ok".into())
    }

    #[tool]
    async fn undocumented(&self, text: String) -> Result<String> {
        Ok(text)
    }

    /// Tool whose wire name differs from the fn ident.
    #[tool("custom_name")]
    async fn renamed_tool_fn(&self, text: String) -> Result<String> {
        Ok(text)
    }

    /// Echo a string.
    ///
    /// Second paragraph.
    ///     Indented line.
    #[tool]
    async fn prim_string(&self, text: String) -> Result<String> {
        Ok(text)
    }

    /// Boolean flag.
    #[tool]
    async fn prim_bool(&self, flag: bool) -> Result<String> {
        Ok(flag.to_string())
    }

    /// Signed 32/64-bit integers (zeta declared before alpha).
    #[tool]
    async fn prim_signed(&self, zeta: i32, alpha: i64) -> Result<String> {
        Ok(format!("{zeta} {alpha}"))
    }

    /// Unsigned integers.
    #[tool]
    async fn prim_unsigned(&self, byte: u8, word: u32, big: u64, size: usize) -> Result<String> {
        Ok(format!("{byte} {word} {big} {size}"))
    }

    /// Floats.
    #[tool]
    async fn prim_float(&self, single: f32, double: f64) -> Result<String> {
        Ok(format!("{single} {double}"))
    }

    /// A single character.
    #[tool]
    async fn prim_char(&self, letter: char) -> Result<String> {
        Ok(letter.to_string())
    }

    /// Optional arguments mixed with a required one.
    #[tool]
    async fn optionals(
        &self,
        name: Option<String>,
        /// Maximum number of results.
        limit: Option<u32>,
        required_last: String,
        config: Option<Config>,
    ) -> Result<String> {
        Ok(format!("{name:?} {limit:?} {required_last} {config:?}"))
    }

    /// List of strings.
    #[tool]
    async fn vec_strings(&self, items: Vec<String>) -> Result<String> {
        Ok(items.join(","))
    }

    /// List of structs.
    #[tool]
    async fn vec_structs(&self, points: Vec<Point>) -> Result<String> {
        Ok(format!("{points:?}"))
    }

    /// Fixed-size array.
    #[tool]
    async fn fixed_array(&self, octets: [u8; 4]) -> Result<String> {
        Ok(format!("{octets:?}"))
    }

    /// Tuple argument.
    #[tool]
    async fn tuple_pair(&self, pair: (String, u32)) -> Result<String> {
        Ok(format!("{pair:?}"))
    }

    /// HashMap argument.
    #[tool]
    async fn hash_map(&self, counts: HashMap<String, u32>) -> Result<String> {
        Ok(format!("{}", counts.len()))
    }

    /// BTreeMap argument.
    #[tool]
    async fn btree_map(&self, labels: BTreeMap<String, String>) -> Result<String> {
        Ok(format!("{labels:?}"))
    }

    /// Nested struct argument (no param doc: struct doc is kept).
    #[tool]
    async fn nested_struct(&self, config: Config) -> Result<String> {
        Ok(format!("{config:?}"))
    }

    /// Same struct used twice in one tool.
    #[tool]
    async fn struct_twice(
        &self,
        /// The primary config (param doc replaces struct doc).
        primary: Config,
        secondary: Config,
    ) -> Result<String> {
        Ok(format!("{primary:?} {secondary:?}"))
    }

    /// Unit-variant enum.
    #[tool]
    async fn unit_enum(&self, color: Color) -> Result<String> {
        Ok(format!("{color:?}"))
    }

    /// Internally tagged enum.
    #[tool]
    async fn tagged_enum(&self, shape: Shape) -> Result<String> {
        Ok(format!("{shape:?}"))
    }

    /// Untagged enum.
    #[tool]
    async fn untagged_enum(&self, value: Flexible) -> Result<String> {
        Ok(format!("{value:?}"))
    }

    /// Recursive struct.
    #[tool]
    async fn recursive(&self, root: Node) -> Result<String> {
        Ok(format!("{root:?}"))
    }

    /// Renamed and underscore-prefixed params.
    #[tool]
    async fn param_names(
        &self,
        /// Renamed via #[arg].
        #[arg("renamed")]
        original_name: String,
        _ignored_prefix: u32,
    ) -> Result<String> {
        Ok(format!("{original_name} {_ignored_prefix}"))
    }

    /// RequestContext param must not appear.
    #[tool]
    async fn with_context(&self, cx: &RequestContext, query: String) -> Result<String> {
        let _ = cx;
        Ok(query)
    }

    /// Arbitrary JSON value.
    #[tool]
    async fn raw_json(&self, value: serde_json::Value) -> Result<String> {
        Ok(value.to_string())
    }
}

fn main() {
    tokio::runtime::Runtime::new()
        .unwrap()
        .block_on(async { serve_stdio(Catalogue).await })
        .unwrap();
}
