//! `skip_serializing_if` predicates that are methods of the field's own type (`Type::is_x` takes
//! `&self`), written with `matches!` on `Self::Variant` and with comparisons of `self.field`.
//! schemars shows a default only when the predicate does not skip it, so each is evaluated.

use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Origin {
    #[default]
    Bundled,
    Downloaded,
    Custom,
}

impl Origin {
    pub const fn is_bundled(&self) -> bool {
        matches!(self, Self::Bundled)
    }

    pub fn is_user_supplied(&self) -> bool {
        matches!(self, Origin::Downloaded | Origin::Custom)
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Margins {
    #[serde(default)]
    pub left: u16,
    #[serde(default)]
    pub top: u16,
}

impl Margins {
    pub const fn is_zero(&self) -> bool {
        self.left == 0 && self.top == 0
    }
}

fn default_margins() -> Margins {
    Margins { left: 2, top: 0 }
}

#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct Page {
    pub text: String,
    /// Left out when bundled, so no default is shown.
    #[serde(default, skip_serializing_if = "Origin::is_bundled")]
    pub origin: Origin,
    /// Not user supplied by default: the default is shown.
    #[serde(default, skip_serializing_if = "Origin::is_user_supplied")]
    pub fallback: Origin,
    /// Zero margins are left out: no default shown.
    #[serde(default, skip_serializing_if = "Margins::is_zero")]
    pub margins: Margins,
    /// These margins are not zero: the default is shown.
    #[serde(default = "default_margins", skip_serializing_if = "Margins::is_zero")]
    pub padding: Margins,
}

#[derive(Clone)]
pub struct Pages;

#[tool_router]
impl Pages {
    /// Render a page.
    #[tool]
    async fn render(&self, Parameters(page): Parameters<Page>) -> Json<Page> {
        Json(page)
    }
}

#[tool_handler]
impl ServerHandler for Pages {}
