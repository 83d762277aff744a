//! A startup rewrite the server never serves. From rmcp 1.4 on, a bare `#[tool_handler]` serves
//! `Self::tool_router()`: a router the macro builds anew for each request, not the
//! `tool_router` field the constructor changed. tools/list (and `get_tool`) give the tools as
//! the macro makes them; the loop is a warning at its line (`rewrite-not-served`). `Named`
//! serves its field, so its loop is followed.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};

#[derive(Clone)]
pub struct Bare {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Bare {
    pub fn new() -> Self {
        let mut tool_router = Self::tool_router();
        for route in tool_router.map.values_mut() {
            route.attr.description = Some("Changed at startup.".into());
        }
        Self { tool_router }
    }

    /// Books a room.
    #[tool]
    fn book(&self) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Bare {}

#[derive(Clone)]
pub struct Named {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Named {
    pub fn new() -> Self {
        let mut tool_router = Self::tool_router();
        for route in tool_router.map.values_mut() {
            route.attr.description = Some("Changed at startup.".into());
        }
        Self { tool_router }
    }

    /// Finds a booking.
    #[tool]
    fn find(&self) -> String {
        String::new()
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Named {}

/// Prints what each server serves for its tool.
fn main() {
    let tool = ServerHandler::get_tool(&Bare::new(), "book").expect("served");
    println!("{}", serde_json::to_string(&tool).expect("json"));
    let tool = ServerHandler::get_tool(&Named::new(), "find").expect("served");
    println!("{}", serde_json::to_string(&tool).expect("json"));
}
