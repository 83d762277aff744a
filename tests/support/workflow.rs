//! GitHub Actions files as the tests run them: a workflow's jobs (`init`'s `mcp-schema.yml`) and
//! a composite action (`action.yml`), read with a YAML parser. A key the tests' runner does not
//! know fails the test (`deny_unknown_fields`) rather than being ignored; the keys that do not
//! change what runs (`permissions`, `branding`, an input's `description`) are read and dropped.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer};
use serde_yaml_ng::Value;

/// One step of a job or of a composite action.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Step {
    #[serde(default)]
    pub name: String,
    pub id: Option<String>,
    pub uses: Option<String>,
    #[serde(rename = "if", default, deserialize_with = "scalar")]
    pub condition: Option<String>,
    pub shell: Option<String>,
    pub working_directory: Option<String>,
    #[serde(default, deserialize_with = "scalars")]
    pub env: BTreeMap<String, String>,
    #[serde(default, deserialize_with = "scalars")]
    pub with: BTreeMap<String, String>,
    pub run: Option<String>,
}

/// A job of a workflow: its condition and steps.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Job {
    #[serde(rename = "if", default, deserialize_with = "scalar")]
    pub condition: Option<String>,
    pub runs_on: String,
    #[serde(default)]
    pub permissions: Option<Value>,
    pub steps: Vec<Step>,
}

/// A workflow: its jobs by name.
#[derive(Debug, Deserialize)]
pub struct Workflow {
    pub jobs: BTreeMap<String, Job>,
}

/// An input of a composite action.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Input {
    #[serde(default, deserialize_with = "scalar")]
    pub default: Option<String>,
    pub description: Option<String>,
    pub required: Option<bool>,
}

/// How a composite action runs.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Runs {
    pub using: String,
    pub steps: Vec<Step>,
}

/// A composite action (`action.yml`).
#[derive(Debug, Deserialize)]
pub struct Action {
    #[serde(default)]
    pub inputs: BTreeMap<String, Input>,
    pub runs: Runs,
}

impl Action {
    /// Each input's default (`""` without one), as the runner gives `inputs.NAME`.
    pub fn defaults(&self) -> BTreeMap<String, String> {
        self.inputs.iter().map(|(k, i)| (k.clone(), i.default.clone().unwrap_or_default())).collect()
    }
}

/// Parse `text` as a `T`, failing the test with YAML's own error.
pub fn parse<T: for<'de> Deserialize<'de>>(what: &str, text: &str) -> T {
    serde_yaml_ng::from_str(text).unwrap_or_else(|e| panic!("{what} does not read as the tests run it: {e}"))
}

/// A scalar as the runner reads it: strings as they are, numbers and booleans as written.
fn text_of(value: Value) -> String {
    match value {
        Value::String(s) => s,
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::Null => String::new(),
        other => panic!("not a scalar: {other:?}"),
    }
}

fn scalar<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(Option::<Value>::deserialize(d)?.map(text_of))
}

fn scalars<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<String, String>, D::Error> {
    Ok(BTreeMap::<String, Value>::deserialize(d)?.into_iter().map(|(k, v)| (k, text_of(v))).collect())
}
