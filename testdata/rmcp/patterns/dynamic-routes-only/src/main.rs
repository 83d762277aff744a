//! Every route built by hand (`ToolRoute::new_dyn` over a `Tool` value, `with_route`), each tool's
//! schema `Arc::new(Default::default())`: a type only inference knows, so the CLI cannot evaluate
//! the `Tool`, says where, and fails (`tools-not-listed`) rather than write an empty manifest.

use std::sync::Arc;

use rmcp::handler::server::router::tool::{ToolRoute, ToolRouter};
use rmcp::model::Tool;

#[derive(Clone)]
pub struct Jukebox {
    tool_router: ToolRouter<Jukebox>,
}

pub trait Song {
    const NAME: &'static str;
    fn to_tool() -> Tool {
        Tool::new(Self::NAME, "Plays a song.", Arc::new(Default::default()))
    }
    fn create_route<S: Send + Sync + 'static>() -> ToolRoute<S> {
        ToolRoute::new_dyn(Self::to_tool(), |_ctx| Box::pin(async { unimplemented!() }))
    }
}

pub struct Play;
impl Song for Play {
    const NAME: &'static str = "play";
}

pub struct Pause;
impl Song for Pause {
    const NAME: &'static str = "pause";
}

pub fn build_router<S: Send + Sync + 'static>() -> ToolRouter<S> {
    ToolRouter::new().with_route(Play::create_route()).with_route(Pause::create_route())
}

impl Jukebox {
    pub fn new() -> Self {
        Jukebox { tool_router: build_router() }
    }
}

#[rmcp::tool_handler(router = self.tool_router)]
impl rmcp::ServerHandler for Jukebox {}

fn main() {}
