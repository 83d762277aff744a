pub mod station;
mod reading;

pub use reading::*;
pub(crate) use self::station::Region as Area;
