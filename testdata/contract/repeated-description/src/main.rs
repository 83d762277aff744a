//! `repeated-description`: a tool whose description is, word for word, an earlier tool's is
//! reported, naming the first; a description that differs by a word is not.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};

#[derive(Clone)]
pub struct Blog {
    tool_router: ToolRouter<Blog>,
}

#[tool_router]
impl Blog {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }

    /// Delete an item of the blog.
    #[tool]
    async fn delete_post(&self) -> String {
        String::new()
    }

    /// Delete an item of the blog.
    #[tool]
    async fn delete_page(&self) -> String {
        String::new()
    }

    #[tool(description = "Delete an item of the blog.")]
    async fn delete_comment(&self) -> String {
        String::new()
    }

    /// Delete an item of the wiki.
    #[tool]
    async fn delete_wiki_page(&self) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Blog {}

fn main() {
    println!("{}", serde_json::to_string_pretty(&Blog::new().tool_router.list_all()).unwrap());
}
