//! A python-sdk server whose types come partly from other crates: `url::Url` has no source here,
//! and `lookup` takes arguments built at runtime. The config in Cargo.toml supplies both.
use serde::{Deserialize, Serialize};
use url::Url;

#[derive(Serialize, Deserialize)]
pub struct Link {
    /// Where it points.
    pub target: Url,
    pub mirrors: Vec<Url>,
}

/// Resolve a link.
#[tool]
fn resolve(link: Link) -> Link {
    todo!()
}

/// Look a key up.
#[tool]
fn lookup(args: std::collections::HashMap<String, String>) -> String {
    todo!()
}
