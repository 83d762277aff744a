//! The server's view of the shared types: re-exported whole.

pub use toolkit::model::*;
pub use toolkit::tools::*;
