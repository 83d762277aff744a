//! Routes built by hand from `Tool` values (`ToolRoute::new_dyn(tool, handler)`, a `(tool,
//! handler)` pair) and chained with `with_route`: no `#[tool]` anywhere. The tool of each route is
//! the value its code builds: an inherent `to_tool()`, a trait's provided `to_tool()` reading the
//! implementing type's consts (one overriding the trait's default), `schema_for_type::<P>()` for
//! the schemas. rmcp lists each `Tool` as it is, sorted by name.

use rmcp::handler::server::common::schema_for_type;
use rmcp::handler::server::router::tool::{ToolRoute, ToolRouter};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::Tool;
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Clone)]
pub struct Jukebox {
    tool_router: ToolRouter<Jukebox>,
}

/// A song to play.
#[derive(Deserialize, JsonSchema)]
pub struct SongParams {
    /// The song's title.
    pub title: String,
    /// Seconds into the song.
    #[serde(default)]
    pub start: u32,
}

#[derive(Deserialize, JsonSchema)]
pub struct VolumeParams {
    /// 0 to 100.
    pub level: u8,
}

/// What a song tool answers.
#[derive(serde::Serialize, JsonSchema)]
pub struct Playing {
    pub title: String,
    pub paused: bool,
}

pub trait Song {
    const NAME: &'static str;
    const DESCRIPTION: &'static str = "Plays a song.";

    fn to_tool() -> Tool {
        Tool::new(Self::NAME, Self::DESCRIPTION, schema_for_type::<SongParams>())
            .with_raw_output_schema(schema_for_type::<Playing>())
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
    const DESCRIPTION: &'static str = "Pauses the song.";
}

pub struct Volume;
impl Volume {
    pub const NAME: &'static str = "volume";

    pub fn to_tool() -> Tool {
        Tool::new(Self::NAME, "Sets the volume.", schema_for_type::<VolumeParams>()).with_title("Volume")
    }
}

async fn set_volume(Parameters(_p): Parameters<VolumeParams>) -> String {
    String::new()
}

pub fn build_router<S: Send + Sync + 'static>() -> ToolRouter<S> {
    ToolRouter::new()
        .with_route(Play::create_route())
        .with_route(Pause::create_route())
        .with_route((Volume::to_tool(), set_volume))
}

impl Jukebox {
    pub fn new() -> Self {
        Jukebox { tool_router: build_router() }
    }
}

#[rmcp::tool_handler(router = self.tool_router)]
impl rmcp::ServerHandler for Jukebox {}

fn main() {
    let router: ToolRouter<Jukebox> = build_router();
    println!("{}", serde_json::to_string(&router.list_all()).unwrap());
}
