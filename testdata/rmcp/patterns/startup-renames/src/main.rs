//! Tool names rewritten when the server starts: `create_tool_router(&prefix)` takes every route
//! out of the router's map, names each `{prefix}{key}` and puts it back, with the prefix read
//! from the environment (a default when it is unset). rmcp lists `route.attr` of each route:
//! the names the server serves are the prefixed ones. A prefix the server's own code does not
//! give (a parameter of its constructor) is not followed: a warning, the names as generated.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Query {
    /// The SQL to run.
    pub sql: String,
}

#[derive(Clone)]
pub struct Db {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Db {
    pub fn new() -> Self {
        let prefix = std::env::var("DB_TOOL_PREFIX").unwrap_or_else(|_| "db_".to_string());
        Self { tool_router: Self::create_tool_router(&prefix) }
    }

    fn create_tool_router(prefix: &str) -> ToolRouter<Self> {
        let mut router = Self::tool_router();
        let routes: Vec<_> = router.map.drain().collect();
        for (key, mut route) in routes {
            route.attr.name = format!("{prefix}{key}").into();
            router.map.insert(route.attr.name.clone(), route);
        }
        router
    }

    /// Runs a query.
    #[tool]
    async fn query(&self, Parameters(_q): Parameters<Query>) -> String {
        String::new()
    }

    /// Lists the tables.
    #[tool]
    async fn tables(&self) -> String {
        String::new()
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Db {}

/// Renamed in place, with a prefix its caller gives as a literal.
#[derive(Clone)]
pub struct Files {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Files {
    pub fn new() -> Self {
        Self { tool_router: Self::prefixed("fs_") }
    }

    fn prefixed(prefix: &str) -> ToolRouter<Self> {
        let mut router = Self::tool_router();
        for route in router.map.values_mut() {
            route.attr.name = format!("{}{}", prefix, route.attr.name).into();
        }
        router
    }

    /// Reads a file.
    #[tool]
    async fn read(&self) -> String {
        String::new()
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Files {}

/// Renamed with a prefix only `main` knows: not followed.
#[derive(Clone)]
pub struct Outside {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Outside {
    pub fn new(prefix: &str) -> Self {
        let mut router = Self::tool_router();
        let routes = std::mem::take(&mut router.map);
        for (key, mut route) in routes {
            route.attr.name = format!("{prefix}{key}").into();
            router.map.insert(route.attr.name.clone(), route);
        }
        Self { tool_router: router }
    }

    /// Says hello.
    #[tool]
    async fn hello(&self) -> String {
        String::new()
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Outside {}

/// Renamed over a snapshot of the keys, each route taken out with `map.remove(&key)` and put
/// back under its new name; one route (`keep`) is left as it is.
#[derive(Clone)]
pub struct Keys {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Keys {
    pub fn new() -> Self {
        let mut tool_router = Self::tool_router();
        let original_keys: Vec<_> = tool_router.map.keys().cloned().collect();
        for key in original_keys {
            if key == "keep" {
                continue;
            }
            let new_key = format!("{}{}", "k_", key);
            if let Some(mut route) = tool_router.map.remove(&key) {
                route.attr.name = new_key.clone().into();
                tool_router.map.insert(new_key.into(), route);
            }
        }
        Self { tool_router }
    }

    /// Counts.
    #[tool]
    async fn count(&self) -> String {
        String::new()
    }

    /// Kept.
    #[tool]
    async fn keep(&self) -> String {
        String::new()
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Keys {}

/// Prints the names `Keys` serves.
fn main() {
    let _ = (Db::new(), Files::new(), Outside::new("out_"));
    let keys = Keys::new();
    let mut names: Vec<String> = keys.tool_router.list_all().into_iter().map(|t| t.name.to_string()).collect();
    names.sort();
    println!("{names:?}");
}
