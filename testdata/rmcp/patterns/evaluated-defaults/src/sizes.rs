//! Constants in their own module, some built from others.

pub const KIB: u64 = 1024;
pub const MAX_UPLOAD: u64 = 4 * KIB * KIB;
pub const DAY_SECONDS: u32 = 60 * 60 * 24;
pub static GREETING: &str = "hello";
pub const RATIO: f32 = 0.1;
