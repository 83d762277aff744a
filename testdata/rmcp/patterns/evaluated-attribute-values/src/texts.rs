//! Tool descriptions kept apart from the tools.

pub const PRODUCT: &str = "Notebook";
pub const SEARCH: &str = concat!("Search the ", "notes (", env!("CARGO_PKG_NAME"), " v", env!("CARGO_PKG_VERSION"), ")");
pub static LIMIT_TEXT: &str = concat!("At most ", 50, " results");
pub const MAX_RESULTS: u32 = 10 * 5;
pub const MAX_QUERY: usize = 4 * 64;
