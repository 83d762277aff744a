//! Every parameter and output type comes from the `toolkit` crate (package `kit-core`).

mod api;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};

use api::{Quote, QuoteRequest, TrackRequest};
use toolkit::{Carrier, TrackReply};

#[derive(Clone)]
pub struct Shipping {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Shipping {
    /// Price a shipment.
    #[tool]
    async fn quote(&self, Parameters(request): Parameters<QuoteRequest>) -> Json<Quote> {
        Json(Quote { cents: u64::from(request.parcel_count) * 500, express: false })
    }

    /// Where a parcel is.
    #[tool]
    async fn track(&self, Parameters(request): Parameters<TrackRequest>) -> Json<TrackReply> {
        let _ = request.tracking_id;
        Json(TrackReply { carrier: Carrier::Courier, delivered: false })
    }
}

#[tool_handler]
impl ServerHandler for Shipping {}

fn main() {
    let _ = Shipping { tool_router: Shipping::tool_router() };
}
