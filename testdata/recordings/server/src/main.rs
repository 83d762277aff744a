//! A calculator served over stdio with rmcp: the server the recordings of testdata/recordings
//! were made from (see README.md there). Its manifest is `mcp-tools.json` next to this crate,
//! written by `mcp-schema generate`.

use rmcp::{
    handler::server::{router::tool::ToolRouter, wrapper::Parameters},
    schemars::{self, JsonSchema},
    tool, tool_handler, tool_router, Json, ServerHandler, ServiceExt,
};
use serde::{Deserialize, Serialize};

#[derive(Debug, Deserialize, JsonSchema)]
pub struct AddArgs {
    /// The first addend.
    pub a: i64,
    /// The second addend.
    pub b: i64,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Sum {
    pub sum: i64,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct DivideArgs {
    pub dividend: f64,
    /// Must not be zero.
    pub divisor: f64,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Quotient {
    pub quotient: f64,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct EchoArgs {
    pub text: String,
    /// How many times to repeat the text (once when left out).
    pub times: Option<u32>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct StatsArgs {
    pub numbers: Vec<f64>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Stats {
    pub count: usize,
    /// Absent for an empty list.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean: Option<f64>,
}

#[derive(Clone)]
pub struct Calculator {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Calculator {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }

    /// Add two integers.
    #[tool]
    fn add(&self, Parameters(AddArgs { a, b }): Parameters<AddArgs>) -> Json<Sum> {
        Json(Sum { sum: a.wrapping_add(b) })
    }

    /// Divide one number by another; dividing by zero is an error result.
    #[tool]
    fn divide(&self, Parameters(args): Parameters<DivideArgs>) -> Result<Json<Quotient>, String> {
        if args.divisor == 0.0 {
            return Err("cannot divide by zero".into());
        }
        Ok(Json(Quotient { quotient: args.dividend / args.divisor }))
    }

    /// Repeat a text.
    #[tool]
    fn echo(&self, Parameters(args): Parameters<EchoArgs>) -> String {
        args.text.repeat(args.times.unwrap_or(1) as usize)
    }

    /// Count and average a list of numbers.
    #[tool]
    fn stats(&self, Parameters(StatsArgs { numbers }): Parameters<StatsArgs>) -> Json<Stats> {
        let count = numbers.len();
        let mean = (count > 0).then(|| numbers.iter().sum::<f64>() / count as f64);
        Json(Stats { count, mean })
    }
}

#[tool_handler]
impl ServerHandler for Calculator {}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let service = Calculator::new().serve(rmcp::transport::stdio()).await?;
    service.waiting().await?;
    Ok(())
}
