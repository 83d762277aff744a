//! A shipping server whose tools cost more than its budget allows (docs/tokens.md): `ship` has a
//! long description and takes the same inlined address three times.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use schemars::JsonSchema;
use serde::Deserialize;

/// A postal address.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(inline)]
pub struct Address {
    /// Street and number.
    pub street: String,
    /// City or town.
    pub city: String,
    /// Postal code, as the country writes it.
    pub zip: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ShipRequest {
    /// Where the parcel is picked up.
    pub from: Address,
    /// Where it goes.
    pub to: Address,
    /// Depots it passes through, in order.
    pub via: Vec<Address>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct TrackRequest {
    /// The tracking number printed on the label.
    pub number: String,
}

#[derive(Clone)]
pub struct Shipping {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Shipping {
    /// Book a parcel from one address to another. The parcel is picked up at the first address on
    /// the next working day, passes through the depots given, in their order, and is delivered to
    /// the second address; the answer is the tracking number to give to `track`.
    #[tool]
    async fn ship(&self, Parameters(req): Parameters<ShipRequest>) -> String {
        format!("{} -> {}", req.from.city, req.to.city)
    }

    /// Where a parcel is now.
    #[tool(annotations(read_only_hint = true))]
    async fn track(&self, Parameters(req): Parameters<TrackRequest>) -> String {
        req.number
    }

    /// Cancel every booking.
    #[tool(annotations(destructive_hint = true))]
    async fn cancel_all(&self) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Shipping {}

fn main() {
    let _ = Shipping { tool_router: Shipping::tool_router() };
}
