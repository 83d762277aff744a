//! What the sources cannot tell, given in the config instead: a tool's `input_schema = expr`,
//! a registry crate's type and a type of ours with a computed `impl JsonSchema`.

use std::borrow::Cow;
use std::sync::Arc;

use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::model::JsonObject;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};

pub mod money {
    /// Cents, kept as a string on the wire.
    #[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
    pub struct Amount(pub String);
}

impl JsonSchema for money::Amount {
    fn schema_name() -> Cow<'static, str> {
        "Amount".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let mut s = generator.subschema_for::<String>();
        s.insert("pattern".into(), serde_json::json!(std::env::var("AMOUNT_PATTERN").unwrap()));
        s
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct PayRequest {
    pub to: url::Url,
    pub amount: money::Amount,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Receipt {
    pub paid: money::Amount,
    pub refund_to: Option<url::Url>,
}

fn schema_from_env() -> Arc<JsonObject> {
    Arc::new(serde_json::from_str(&std::env::var("SCHEMA").unwrap()).unwrap())
}

#[derive(Clone)]
pub struct Till;

#[tool_router(server_handler)]
impl Till {
    #[tool(description = "Pay someone")]
    fn pay(&self, Parameters(_r): Parameters<PayRequest>) -> Json<Receipt> {
        todo!()
    }

    #[tool(description = "Free-form query", input_schema = schema_from_env())]
    fn query(&self) -> String {
        todo!()
    }
}
