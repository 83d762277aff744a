//! Many tools, each with a parameter without a description: `check` with the `contract`
//! lints on prints a warning for each, then counts them; with `--format github` the drift comes
//! first (tests/it/contract_lints.rs).

use rmcp::handler::server::{router::tool::ToolRouter, wrapper::Parameters};
use rmcp::schemars::{self, JsonSchema};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
pub struct Args1 {
    pub id: String,
}

#[derive(Deserialize, JsonSchema)]
pub struct Args2 {
    pub id: String,
}

#[derive(Deserialize, JsonSchema)]
pub struct Args3 {
    pub id: String,
}

#[derive(Deserialize, JsonSchema)]
pub struct Args4 {
    pub id: String,
}

#[derive(Deserialize, JsonSchema)]
pub struct Args5 {
    pub id: String,
}

#[derive(Deserialize, JsonSchema)]
pub struct Args6 {
    pub id: String,
}

#[derive(Deserialize, JsonSchema)]
pub struct Args7 {
    pub id: String,
}

#[derive(Deserialize, JsonSchema)]
pub struct Args8 {
    pub id: String,
}

#[derive(Deserialize, JsonSchema)]
pub struct Args9 {
    pub id: String,
}

#[derive(Deserialize, JsonSchema)]
pub struct Args10 {
    pub id: String,
}

#[derive(Deserialize, JsonSchema)]
pub struct Args11 {
    pub id: String,
}

#[derive(Deserialize, JsonSchema)]
pub struct Args12 {
    pub id: String,
}

#[derive(Clone)]
pub struct Records {
    tool_router: ToolRouter<Records>,
}

#[tool_router]
impl Records {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }

    /// Look up record 1.
    #[tool]
    async fn lookup_1(&self, Parameters(_args): Parameters<Args1>) -> String {
        String::new()
    }

    /// Look up record 2.
    #[tool]
    async fn lookup_2(&self, Parameters(_args): Parameters<Args2>) -> String {
        String::new()
    }

    /// Look up record number 3.
    #[tool]
    async fn lookup_3(&self, Parameters(_args): Parameters<Args3>) -> String {
        String::new()
    }

    /// Look up record 4.
    #[tool]
    async fn lookup_4(&self, Parameters(_args): Parameters<Args4>) -> String {
        String::new()
    }

    /// Look up record 5.
    #[tool]
    async fn lookup_5(&self, Parameters(_args): Parameters<Args5>) -> String {
        String::new()
    }

    /// Look up record 6.
    #[tool]
    async fn lookup_6(&self, Parameters(_args): Parameters<Args6>) -> String {
        String::new()
    }

    /// Look up record 7.
    #[tool]
    async fn lookup_7(&self, Parameters(_args): Parameters<Args7>) -> String {
        String::new()
    }

    /// Look up record 8.
    #[tool]
    async fn lookup_8(&self, Parameters(_args): Parameters<Args8>) -> String {
        String::new()
    }

    /// Look up record 9.
    #[tool]
    async fn lookup_9(&self, Parameters(_args): Parameters<Args9>) -> String {
        String::new()
    }

    /// Look up record 10.
    #[tool]
    async fn lookup_10(&self, Parameters(_args): Parameters<Args10>) -> String {
        String::new()
    }

    /// Look up record 11.
    #[tool]
    async fn lookup_11(&self, Parameters(_args): Parameters<Args11>) -> String {
        String::new()
    }

    /// Look up record 12.
    #[tool]
    async fn lookup_12(&self, Parameters(_args): Parameters<Args12>) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Records {}

fn main() {
    let _ = Records::new();
}
