//! A server whose router is changed by `map.remove` (rmcp's `ToolRouter::map` is public): in the
//! constructor, which runs, and in methods of the built server, which may run before it serves
//! or never.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};

#[derive(Clone)]
pub struct Journal {
    tool_router: ToolRouter<Self>,
    remote: Option<String>,
}

#[tool_router]
impl Journal {
    pub fn new() -> Self {
        let mut tool_router = Self::tool_router();
        // Taken out for every server this constructor builds: not listed.
        tool_router.map.remove("wipe");
        Self { tool_router, remote: None }
    }

    /// Runs once the server is built: `sync` is taken out only when no remote is configured.
    pub fn init(mut self) -> Self {
        self.remote = std::env::var("JOURNAL_REMOTE").ok();
        if self.remote.is_none() {
            self.tool_router.map.remove("sync");
        }
        self
    }

    /// Adds the admin tools to a built server.
    pub fn enable_admin(&mut self) {
        self.tool_router.merge(Self::admin_router());
    }

    /// Writes an entry.
    #[tool]
    async fn write(&self) -> String {
        String::new()
    }

    /// Pushes the entries to the remote.
    #[tool]
    async fn sync(&self) -> String {
        String::new()
    }

    /// Deletes every entry.
    #[tool]
    async fn wipe(&self) -> String {
        String::new()
    }
}

#[tool_router(router = admin_router)]
impl Journal {
    /// Lists the journal's users.
    #[tool]
    async fn users(&self) -> String {
        String::new()
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Journal {}

fn main() {
    let mut journal = Journal::new().init();
    if std::env::args().any(|a| a == "--admin") {
        journal.enable_admin();
    }
}
