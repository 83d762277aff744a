//! Ground-truth catalogue of `#[tool]` shapes for turbomcp 3.x.
//!
//! Every tool body is a stub: only `tools/list` matters here.
#![allow(dead_code, unused_variables)]

use std::collections::{BTreeMap, HashMap};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use turbomcp::prelude::*;

/// A point in the plane.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
struct Point {
    /// Horizontal coordinate.
    x: f64,
    /// Vertical coordinate.
    y: f64,
}

/// An axis-aligned rectangle made of two points.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
struct Rect {
    top_left: Point,
    bottom_right: Point,
    /// Optional label.
    label: Option<String>,
}

/// A node of a recursive tree.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
struct Tree {
    name: String,
    children: Vec<Tree>,
}

/// A shape (externally tagged).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
enum Shape {
    /// A circle.
    Circle { radius: f64 },
    /// A square given by its side.
    Square(f64),
    /// Nothing at all.
    Empty,
}

/// An input event (internally tagged).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind")]
enum Event {
    /// A mouse click.
    Click { x: i32, y: i32 },
    /// A key press.
    Key { code: String },
    Idle,
}

/// A scalar or a pair (untagged).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
enum Scalar {
    Int(i64),
    Text(String),
    Pair { a: i32, b: i32 },
}

/// Primary colours.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
enum Colour {
    /// The colour red.
    Red,
    /// The colour green.
    Green,
    Blue,
}

/// # Search options
///
/// Options that exercise serde and schemars attributes.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SearchOptions {
    /// Maximum number of items.
    max_items: u32,
    /// Include hidden entries.
    #[serde(default)]
    include_hidden: bool,
    #[schemars(description = "Sort key (schemars description)")]
    sort_by: Option<String>,
    /// Explicitly renamed field.
    #[serde(rename = "ID")]
    identifier: String,
    colour: Colour,
}

/// Paging with container-level defaults.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
#[schemars(description = "Paging (schemars description wins over doc)")]
struct Paging {
    page: u32,
    per_page: u32,
}

impl Default for Paging {
    fn default() -> Self {
        Self { page: 1, per_page: 20 }
    }
}

/// Sum of the inputs.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
struct SumOut {
    total: i64,
}

/// # Report
///
/// A report with a nested point.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
struct ReportOut {
    ok: bool,
    location: Point,
    notes: Vec<String>,
}

#[derive(Clone)]
struct Catalogue;

#[server(name = "catalogue", version = "1.0.0")]
impl Catalogue {
    /// Reply with pong.
    #[tool]
    async fn no_params(&self) -> String {
        "pong".into()
    }

    /// Only a request context, which is skipped.
    #[tool]
    async fn context_only(&self, ctx: &RequestContext) -> String {
        String::new()
    }

    /// A context between two real parameters.
    #[tool]
    async fn context_between(&self, before: String, ctx: &RequestContext, after: i32) -> String {
        String::new()
    }

    /// Every primitive.
    #[tool]
    async fn primitives(
        &self,
        s: String,
        b: bool,
        i8v: i8,
        u8v: u8,
        i16v: i16,
        u16v: u16,
        i32v: i32,
        i64v: i64,
        u32v: u32,
        u64v: u64,
        usizev: usize,
        f32v: f32,
        f64v: f64,
    ) -> String {
        String::new()
    }

    /// Optional string.
    #[tool]
    async fn optional_string(&self, name: Option<String>) -> String {
        String::new()
    }

    /// Optional integer next to a required one.
    #[tool]
    async fn optional_int(&self, limit: Option<i64>, offset: i64) -> String {
        String::new()
    }

    /// Optional struct.
    #[tool]
    async fn optional_struct(&self, point: Option<Point>) -> String {
        String::new()
    }

    /// List of strings.
    #[tool]
    async fn string_list(&self, items: Vec<String>) -> String {
        String::new()
    }

    /// List of structs.
    #[tool]
    async fn struct_list(&self, points: Vec<Point>) -> String {
        String::new()
    }

    /// Fixed-size array.
    #[tool]
    async fn byte_array(&self, rgb: [u8; 3]) -> String {
        String::new()
    }

    /// Tuple parameter.
    #[tool]
    async fn tuple_pair(&self, pair: (String, i32)) -> String {
        String::new()
    }

    /// HashMap parameter.
    #[tool]
    async fn hash_map(&self, counts: HashMap<String, i64>) -> String {
        String::new()
    }

    /// BTreeMap of structs.
    #[tool]
    async fn btree_map(&self, points: BTreeMap<String, Point>) -> String {
        String::new()
    }

    /// Nested struct referencing another struct.
    #[tool]
    async fn nested_struct(&self, rect: Rect) -> String {
        String::new()
    }

    /// The same struct used by two parameters.
    #[tool]
    async fn shared_struct(&self, first: Rect, second: Rect) -> String {
        String::new()
    }

    /// A recursive type.
    #[tool]
    async fn recursive_tree(&self, tree: Tree) -> String {
        String::new()
    }

    /// Externally tagged enum.
    #[tool]
    async fn external_enum(&self, shape: Shape) -> String {
        String::new()
    }

    /// Internally tagged enum.
    #[tool]
    async fn internal_enum(&self, event: Event) -> String {
        String::new()
    }

    /// Untagged enum.
    #[tool]
    async fn untagged_enum(&self, value: Scalar) -> String {
        String::new()
    }

    /// Unit-only enum with documented variants.
    #[tool]
    async fn unit_enum(&self, colour: Colour) -> String {
        String::new()
    }

    /// Arbitrary JSON values.
    #[tool]
    async fn json_values(&self, value: serde_json::Value, extra: Option<serde_json::Value>) -> String {
        String::new()
    }

    /// Structs with serde and schemars attributes.
    #[tool]
    async fn serde_attributes(&self, options: SearchOptions, paging: Paging) -> String {
        String::new()
    }

    /// Parameter descriptions.
    #[tool]
    async fn param_descriptions(
        &self,
        query: String,
        limit: Option<u32>,
        at: Point,
        area: Option<Rect>,
    ) -> String {
        String::new()
    }

    /// First line of the doc.
    /// Second line of the doc.
    ///
    /// Paragraph after a blank line.
    #[tool]
    async fn multi_line_doc(&self) -> String {
        String::new()
    }

    /// This doc comment loses.
    #[tool("explicit description")]
    async fn explicit_description(&self) -> String {
        String::new()
    }

    /// This doc comment loses too.
    #[tool(description = "description key")]
    async fn description_key(&self) -> String {
        String::new()
    }

    #[tool]
    async fn undescribed(&self, x: i32) -> String {
        String::new()
    }

    /// All annotation hints.
    #[tool(
        title = "Annotated Tool",
        read_only = true,
        destructive = false,
        idempotent = true,
        open_world = false
    )]
    async fn annotated(&self) -> String {
        String::new()
    }

    /// Only a title.
    #[tool(title = "Just A Title")]
    async fn title_only(&self) -> String {
        String::new()
    }

    /// Tags and a version.
    #[tool(tags = ["a", "b"], version = "2.0")]
    async fn tagged_versioned(&self) -> String {
        String::new()
    }

    /// Tags only.
    #[tool(tags = ["solo"])]
    async fn tags_only(&self) -> String {
        String::new()
    }

    /// An icon.
    #[tool(icons = ["https://example.com/i.png"])]
    async fn with_icons(&self) -> String {
        String::new()
    }

    /// Optional task support.
    #[tool(task_support = "optional")]
    async fn task_optional(&self) -> String {
        String::new()
    }

    /// Json output.
    #[tool]
    async fn json_output(&self, a: i64, b: i64) -> Json<SumOut> {
        Json(SumOut { total: a + b })
    }

    /// McpResult of Json output (nested type in the output).
    #[tool]
    async fn mcp_result_json(&self) -> McpResult<Json<ReportOut>> {
        Ok(Json(ReportOut { ok: true, location: Point { x: 0.0, y: 0.0 }, notes: vec![] }))
    }

    /// Result of Json output with a custom error.
    #[tool]
    async fn result_json(&self) -> Result<Json<SumOut>, String> {
        Ok(Json(SumOut { total: 0 }))
    }

    /// Json of a Vec: not an object.
    #[tool]
    async fn json_vec(&self) -> Json<Vec<SumOut>> {
        Json(vec![])
    }

    /// Json of an untagged enum: not an object.
    #[tool]
    async fn json_untagged(&self) -> Json<Scalar> {
        Json(Scalar::Int(0))
    }

    /// Json of a struct whose doc has a title.
    #[tool]
    async fn json_titled(&self) -> Json<SearchOptions> {
        Json(SearchOptions {
            max_items: 0,
            include_hidden: false,
            sort_by: None,
            identifier: String::new(),
            colour: Colour::Red,
        })
    }

    /// Explicit output schema on a String return.
    #[tool(output_schema = SumOut)]
    async fn explicit_output_schema(&self) -> String {
        String::new()
    }

    /// Plain string return with a parameter.
    #[tool]
    async fn plain_string(&self, text: String) -> String {
        text
    }

    /// Everything at once.
    #[tool(
        title = "Kitchen Sink",
        icons = ["https://example.com/a.png", "https://example.com/b.svg"],
        read_only = true,
        task_support = "required",
        tags = ["x"],
        version = "1.1"
    )]
    async fn kitchen_sink(&self, point: Point) -> Json<SumOut> {
        Json(SumOut { total: 0 })
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    Catalogue.run_stdio().await?;
    Ok(())
}
