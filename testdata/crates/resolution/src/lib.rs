//! A crate whose tool types live in other modules and files, reached through `use` groups,
//! renames, globs, re-exports and aliases.

pub mod api;
mod model;
mod tools;
#[path = "extra/units_impl.rs"]
mod units;

pub use model::station::Station as PublicStation;

/// An inline module with a type of its own.
pub mod inline {
    use serde::Serialize;

    #[derive(Serialize)]
    pub struct Coordinates {
        pub lat: f64,
        pub lon: f64,
    }
}
