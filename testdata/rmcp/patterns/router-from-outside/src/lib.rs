//! A library: the server type is built by another crate, which picks its routers. Nothing in
//! this crate calls `Desk::new`.

pub mod calendar;
pub mod desk;
pub mod notes;
