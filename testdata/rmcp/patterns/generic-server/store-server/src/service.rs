use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::{schemars, tool, tool_handler, tool_router, ServerHandler};
use serde::{Deserialize, Serialize};

/// Where the values are kept.
pub trait Storage: Send + Sync + 'static {
    fn read(&self, key: &str) -> Option<String>;
    fn write(&self, key: String, value: String);
}

#[derive(Default)]
pub struct InMemory(Mutex<HashMap<String, String>>);

impl Storage for InMemory {
    fn read(&self, key: &str) -> Option<String> {
        self.0.lock().unwrap().get(key).cloned()
    }

    fn write(&self, key: String, value: String) {
        self.0.lock().unwrap().insert(key, value);
    }
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct KeyRequest {
    /// The key to read.
    pub key: String,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct PutRequest {
    pub key: String,
    pub value: String,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct Lookup {
    pub value: Option<String>,
}

#[derive(Clone)]
pub struct KeyValueService<S: Storage> {
    storage: Arc<S>,
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl<S: Storage> KeyValueService<S> {
    pub fn new(storage: S) -> Self {
        Self { storage: Arc::new(storage), tool_router: Self::tool_router() }
    }

    /// Read a value.
    #[tool]
    async fn get(&self, Parameters(req): Parameters<KeyRequest>) -> Json<Lookup> {
        Json(Lookup { value: self.storage.read(&req.key) })
    }

    /// Store a value.
    #[tool]
    async fn put(&self, Parameters(req): Parameters<PutRequest>) -> String {
        self.storage.write(req.key, req.value);
        "ok".into()
    }
}

#[tool_handler]
impl<S: Storage> ServerHandler for KeyValueService<S> {}
