//! A router assembled route by route: `ToolRouter::new().with_route(…)`, `add_route`, and a
//! `remove_route` on a router built by the macro.

use rmcp::handler::server::router::tool::{ToolRoute, ToolRouter};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};

#[derive(Clone)]
pub struct Kiosk {
    tool_router: ToolRouter<Self>,
}

impl Kiosk {
    /// Shows the menu.
    #[tool]
    async fn menu(&self) -> String {
        String::new()
    }

    /// Takes an order.
    #[tool]
    async fn order(&self) -> String {
        String::new()
    }

    /// Never routed: a tool fn that no router names.
    #[tool]
    async fn unused(&self) -> String {
        String::new()
    }
}

#[tool_router(router = staff)]
impl Kiosk {
    /// Opens the till.
    #[tool]
    async fn open_till(&self) -> String {
        String::new()
    }

    /// Closes the till; removed below.
    #[tool]
    async fn close_till(&self) -> String {
        String::new()
    }
}

impl Kiosk {
    fn router() -> ToolRouter<Self> {
        let mut router = ToolRouter::new().with_route((Self::menu_tool_attr(), Self::menu));
        router.add_route(ToolRoute::new(Self::order_tool_attr(), Self::order));
        let mut staff = Self::staff();
        staff.remove_route("close_till");
        router.merge(staff);
        router
    }

    pub fn new() -> Self {
        Self { tool_router: Self::router() }
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Kiosk {}

fn main() {}
