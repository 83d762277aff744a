use serde::{Deserialize, Serialize};

/// One page of results.
#[derive(Serialize, Deserialize)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub next: Option<String>,
}
