// The tools' types, with `#[schemars(transform = …)]` as a server writes them (also compiled
// into the CLI's tests, whose schemars 1.2.3 gives the truth for each schema: line comments, so
// that `include!` takes the file).

use schemars::transform::{RecursiveTransform, ReplaceConstValue};
use schemars::{JsonSchema, Schema};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The unsigned formats schemars writes, which some clients refuse.
const UNSIGNED: &[&str] = &["uint8", "uint16", "uint32", "uint64", "uint"];

/// Drops an unsigned `format` from one schema (`RecursiveTransform` takes it to every subschema).
pub fn drop_unsigned_formats(schema: &mut Schema) {
    if let Some(obj) = schema.as_object_mut() {
        let unsigned = obj.get("format").and_then(Value::as_str).is_some_and(|f| UNSIGNED.contains(&f));
        if unsigned {
            obj.remove("format");
        }
    }
}

/// Marks a schema as one the server reads as a count.
fn counted(schema: &mut Schema) {
    schema.insert("x-count".to_owned(), Value::Bool(true));
}

/// How to page through results.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = RecursiveTransform(drop_unsigned_formats))]
pub struct Page {
    /// How many items.
    #[schemars(transform = counted)]
    pub limit: u32,
    /// Where to start.
    pub offset: Option<u64>,
    pub sizes: Vec<u16>,
    pub order: Order,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(tag = "by")]
#[schemars(transform = ReplaceConstValue::default())]
pub enum Order {
    Name,
    #[schemars(transform = |s: &mut Schema| { s.insert("description".into(), "Newest first.".into()); })]
    Date,
}

/// What a page holds.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(transform = schemars::transform::RecursiveTransform(drop_unsigned_formats))]
pub struct Listing {
    pub total: u64,
    pub names: Vec<String>,
}

/// A transform that reads the environment: the CLI cannot know its schema.
fn from_env(schema: &mut Schema) {
    if std::env::var("STRICT").is_ok() {
        schema.insert("additionalProperties".to_owned(), Value::Bool(false));
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = from_env)]
pub struct Query {
    pub text: String,
}
