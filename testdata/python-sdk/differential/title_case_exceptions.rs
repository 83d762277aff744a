//! Property titles are Python's `str.title()`, whose title case differs from upper case for a
//! few characters: Greek letters with an iota subscript, ligatures, the `ǅ` digraphs, Georgian
//! (which keeps its own case).
use rmcp::tool;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, JsonSchema)]
pub struct Labels {
    #[serde(rename = "ᾳ_song")]
    pub song: String,
    #[serde(rename = "ﬁle")]
    pub file: String,
    #[serde(rename = "ǆungla")]
    pub jungle: String,
    #[serde(rename = "ანა")]
    pub ana: String,
}

#[tool]
fn title_case_exceptions(labels: Labels) {}
