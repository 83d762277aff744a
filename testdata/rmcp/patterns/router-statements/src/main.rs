//! A server whose router is built statement by statement in a helper fn: a local router,
//! merges under `#[cfg]`, under an `if`, under a `match` arm, and a removed route.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};

pub struct Options {
    pub admin: bool,
    pub mode: Mode,
}

pub enum Mode {
    Archive,
    Live,
}

#[derive(Clone)]
pub struct Notebook {
    tool_router: ToolRouter<Self>,
}

#[tool_router(router = pages)]
impl Notebook {
    /// Reads a page.
    #[tool]
    async fn read_page(&self) -> String {
        String::new()
    }

    /// Deletes every page; taken out of the served router below.
    #[tool]
    async fn purge(&self) -> String {
        String::new()
    }
}

#[tool_router(router = search)]
impl Notebook {
    /// Finds pages.
    #[tool]
    async fn find(&self) -> String {
        String::new()
    }
}

#[tool_router(router = unix_only)]
impl Notebook {
    /// Opens a page in the system editor.
    #[tool]
    async fn open_in_editor(&self) -> String {
        String::new()
    }
}

#[tool_router(router = windows_only)]
impl Notebook {
    /// Never compiled on the host the manifest is made for.
    #[tool]
    async fn open_in_notepad(&self) -> String {
        String::new()
    }
}

#[tool_router(router = export)]
impl Notebook {
    /// Only with the `export` feature, which is not a default one.
    #[tool]
    async fn export_pdf(&self) -> String {
        String::new()
    }
}

#[tool_router(router = admin)]
impl Notebook {
    /// Served only to administrators.
    #[tool]
    async fn rebuild_index(&self) -> String {
        String::new()
    }
}

#[tool_router(router = archive)]
impl Notebook {
    /// Served only in archive mode.
    #[tool]
    async fn restore(&self) -> String {
        String::new()
    }
}

fn routers(options: &Options) -> ToolRouter<Notebook> {
    let mut router = Notebook::pages();
    router.merge(Notebook::search());
    #[cfg(unix)]
    {
        router.merge(Notebook::unix_only());
    }
    #[cfg(windows)]
    router.merge(Notebook::windows_only());
    #[cfg(feature = "export")]
    {
        router += Notebook::export();
    }
    if options.admin {
        router.merge(Notebook::admin());
    }
    match options.mode {
        Mode::Archive => router += Notebook::archive(),
        Mode::Live => {}
    }
    router.remove_route("purge");
    router
}

impl Notebook {
    pub fn new(options: Options) -> Self {
        Self { tool_router: routers(&options) }
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Notebook {}

fn main() {
    let _ = Notebook::new(Options { admin: false, mode: Mode::Live });
}
