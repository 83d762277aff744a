//! The `contract` lints on the python-sdk profile (no SDK dependency): a fn's parameters have no
//! place for a description, a struct's documented fields do, and a Python `Enum` publishes no
//! description per value, so an enum is never reported.

use serde::Deserialize;

/// How results are ordered.
#[derive(Deserialize)]
pub enum Order {
    Newest,
    Oldest,
}

/// A search.
#[derive(Deserialize)]
pub struct Query {
    /// What to look for.
    pub text: String,
    pub order: Order,
}

pub struct Catalogue;

impl Catalogue {
    #[tool]
    pub fn count(&self, shelf: String) -> i64 {
        let _ = shelf;
        0
    }

    /// Search the catalogue.
    #[tool]
    pub fn search(&self, query: Query) -> Vec<String> {
        let _ = query;
        Vec::new()
    }
}

fn main() {}
