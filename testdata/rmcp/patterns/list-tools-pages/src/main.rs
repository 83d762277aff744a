//! A hand-written `list_tools` that pages its router's `list_all()` through a helper (a cursor
//! holding the next offset, two tools a page) and sets cache fields only for peers of one
//! protocol, as servers that serve two protocols do. A client following `nextCursor` sees every
//! page: all three tools, in the router's order (by name); the cache fields change no tool.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{CacheScope, ListToolsResult, PaginatedRequestParams, ProtocolVersion};
use rmcp::service::RequestContext;
use rmcp::{tool, tool_handler, tool_router, ErrorData, RoleServer, ServerHandler};

const PAGE_SIZE: usize = 2;

/// The page of `all` a cursor names, and the cursor of the next page when one is left.
fn paginate<T: Clone>(all: &[T], cursor: Option<String>, page_size: usize) -> (Vec<T>, Option<String>) {
    let offset = cursor.as_deref().and_then(|c| c.parse::<usize>().ok()).unwrap_or(0).min(all.len());
    let end = offset.saturating_add(page_size).min(all.len());
    let next = if end < all.len() { Some(end.to_string()) } else { None };
    (all[offset..end].to_vec(), next)
}

/// Whether a peer's protocol gets the cache fields.
fn cache_fields_for(version: Option<ProtocolVersion>) -> bool {
    version.as_ref().is_some_and(|v| *v == ProtocolVersion::V_2026_07_28)
}

#[derive(Clone)]
pub struct Pages {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Pages {
    /// Reads a port.
    #[tool]
    async fn read(&self) -> String {
        String::new()
    }

    /// Opens a port.
    #[tool]
    async fn open(&self) -> String {
        String::new()
    }

    /// Closes a port.
    #[tool]
    async fn close(&self) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Pages {
    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        ctx: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let all = Self::tool_router().list_all();
        let (tools, next_cursor) = paginate(&all, request.and_then(|r| r.cursor), PAGE_SIZE);
        let mut result = ListToolsResult::with_all_items(tools);
        result.next_cursor = next_cursor;
        if cache_fields_for(ctx.protocol_version()) {
            result = result.with_ttl_ms(0).with_cache_scope(CacheScope::Private);
        }
        Ok(result)
    }
}

fn main() {}
