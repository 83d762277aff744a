//! An rmcp 0.1 server, written as rmcp 0.1.5's examples write one: `#[tool(tool_box)]` on the
//! impl block and on `impl ServerHandler`, parameters marked `#[tool(param)]` / `#[tool(aggr)]`.
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

#[tool(tool_box)]
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
}

#[tool(tool_box)]
impl ServerHandler for Calculator {
    fn get_info(&self) -> ServerInfo {
        ServerInfo::default()
    }
}

fn main() {}
