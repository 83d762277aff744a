use rmcp::tool;
use rmcp::tool_router;

use crate::desk::Desk;

#[tool_router(router = calendar_router, vis = "pub")]
impl Desk {
    /// Books a meeting.
    #[tool]
    async fn book(&self) -> String {
        String::new()
    }
}

#[tool_router(router = mail_router, vis = "pub")]
impl Desk {
    /// Sends a message.
    #[tool]
    async fn send_mail(&self) -> String {
        String::new()
    }
}

#[tool_router(router = debug_router, vis = "pub")]
impl Desk {
    /// Only the tests serve it.
    #[tool]
    async fn dump_state(&self) -> String {
        String::new()
    }
}
