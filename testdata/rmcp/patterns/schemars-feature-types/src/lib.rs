//! The types schemars implements `JsonSchema` for behind its own features (`url2`, `bytes1`,
//! `rust_decimal1`, `bigdecimal04`, `semver1`, `jiff02`, and those that forward to std types):
//! exact schemas, the deserialize and serialize contracts apart (bytes and decimals differ).

use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct Release {
    pub homepage: url::Url,
    pub mirror: Option<url::Url>,
    pub payload: bytes::Bytes,
    pub price: rust_decimal::Decimal,
    pub exact_price: bigdecimal::BigDecimal,
    pub version: semver::Version,
    pub published: jiff::Timestamp,
    pub local_publish: jiff::Zoned,
    pub day: jiff::civil::Date,
    pub at: jiff::civil::Time,
    pub wall_clock: jiff::civil::DateTime,
    pub cadence: jiff::Span,
    pub timeout: jiff::SignedDuration,
    pub tag: smol_str::SmolStr,
    pub labels: smallvec::SmallVec<[smol_str::SmolStr; 4]>,
    pub checksums: indexmap::IndexMap<String, bytes::BytesMut>,
}

#[derive(Clone)]
pub struct Releases;

#[tool_router(server_handler)]
impl Releases {
    #[tool(description = "Publish a release")]
    fn publish(&self, Parameters(r): Parameters<Release>) -> Json<Release> {
        Json(r)
    }
}
