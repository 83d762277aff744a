//! The server of `tool-box-0-1` written the other way rmcp 0.1 allows: `#[tool]` on the impl
//! block of the fns, `tool_box!(Type { … })` in a second block naming the tools it holds, and
//! `tool_box!(@derive)` in `impl ServerHandler`. `#[tool(tool_box)]` expands to these very
//! macros, so the server lists the same tools as `tool-box-0-1`'s (tests/it/tool_box_forms.rs
//! holds the two manifests equal); `unboxed`, a `#[tool]` fn the `tool_box!` does not name, is
//! not listed.
use rmcp::{model::*, schemars, tool, ServerHandler};
use serde::{Deserialize, Serialize};

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct StructRequest {
    /// The left-hand number.
    pub a: i32,
    pub b: i32,
}

/// A point.
#[derive(Debug, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Point {
    pub x: f64,
    pub y: Option<f64>,
}

/// # Shape request
///
/// A shape, with an optional anchor.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct ShapeRequest {
    /// Where the shape is anchored.
    pub anchor: Option<Point>,
    /// The corners.
    pub corners: Vec<Point>,
    /// The kind of shape.
    pub kind: Kind,
    #[serde(default)]
    pub scale: u8,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Square,
    /// A circle.
    Circle,
}

#[derive(Clone)]
pub struct Calculator;

#[tool]
impl Calculator {
    #[tool(description = "Calculate the sum of two numbers")]
    async fn sum(&self, #[tool(aggr)] StructRequest { a, b }: StructRequest) -> String {
        (a + b).to_string()
    }

    #[tool(description = "Calculate the difference of two numbers")]
    fn sub(
        &self,
        #[tool(param)]
        #[schemars(description = "the left hand side number")]
        a: i32,
        #[tool(param)]
        #[schemars(description = "the right hand side number")]
        b: i32,
    ) -> String {
        (a - b).to_string()
    }

    /// Doc comments are not read by rmcp-macros 0.1: the description is empty.
    #[tool(name = "get-info")]
    async fn info(&self) -> String {
        String::new()
    }

    #[tool(description = "Draw a shape")]
    async fn draw(&self, #[tool(aggr)] shape: ShapeRequest) -> String {
        format!("{shape:?}")
    }

    #[tool(description = "Greet")]
    fn greet(
        &self,
        #[tool(param)]
        #[serde(rename = "who")]
        #[schemars(description = "whom to greet")]
        name: String,
        #[tool(param)] title: Option<String>,
        #[tool(param)] at: Option<Point>,
    ) -> String {
        format!("{name}{title:?}{at:?}")
    }

    // Not a tool: no `#[tool]`.
    fn helper(&self) {}

    #[tool(description = "Not in the tool box")]
    async fn unboxed(&self) -> String {
        String::new()
    }
}

impl Calculator {
    tool_box!(Calculator { sum, sub, info, draw, greet });
}

impl ServerHandler for Calculator {
    tool_box!(@derive);

    fn get_info(&self) -> ServerInfo {
        ServerInfo::default()
    }
}

fn main() {}
