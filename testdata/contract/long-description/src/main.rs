//! `long-description`: a description of 400 characters or more, over twice the compact JSON of
//! the tool's schemas, is reported; the same text on a tool with a schema larger than half of it
//! is not.

use rmcp::handler::server::{router::tool::ToolRouter, wrapper::Parameters};
use rmcp::schemars::{self, JsonSchema};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
pub struct ExportArgs {
    /// The first day to export, as `YYYY-MM-DD`, in the server's time zone; the earliest day kept.
    pub from: String,
    /// The last day to export, as `YYYY-MM-DD`, in the server's time zone; at most a year after `from`.
    pub to: String,
    /// The columns to export, in order, by the names the report shows; every column when empty.
    pub columns: Vec<String>,
    /// The field separator of the file: a comma unless the spreadsheet it goes to expects another.
    pub separator: Option<String>,
    /// Whether to write a first line of column names, which most spreadsheets read as a header.
    pub header: bool,
}

#[derive(Clone)]
pub struct Reports {
    tool_router: ToolRouter<Reports>,
}

#[tool_router]
impl Reports {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }

    /// Rebuild the report. The report is rebuilt from the raw events of the last year, which takes
    /// a few minutes on a large account, so call this only when the user asks for fresh numbers.
    /// It takes no arguments: the account is the one the server was started for, the year is the
    /// last 365 days ending yesterday, and the time zone is the server's. While the rebuild runs,
    /// the old report stays readable. When it is done, every number in the report is recomputed.
    #[tool]
    async fn rebuild_report(&self) -> String {
        String::new()
    }

    /// Export the report. The report is rebuilt from the raw events of the last year, which takes
    /// a few minutes on a large account, so call this only when the user asks for fresh numbers.
    /// It takes no arguments: the account is the one the server was started for, the year is the
    /// last 365 days ending yesterday, and the time zone is the server's. While the rebuild runs,
    /// the old report stays readable. When it is done, every number in the report is exported.
    #[tool]
    async fn export_report(&self, Parameters(_args): Parameters<ExportArgs>) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Reports {}

fn main() {
    println!("{}", serde_json::to_string_pretty(&Reports::new().tool_router.list_all()).unwrap());
}
