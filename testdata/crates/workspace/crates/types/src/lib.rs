//! Types shared by the servers of the workspace.

mod forecast;

pub use forecast::{Day, Forecast};
