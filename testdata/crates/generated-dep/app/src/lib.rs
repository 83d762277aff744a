//! A server whose path dependency's build script writes a module file (not checked in), and
//! which misses a module file of its own.

mod notes;

/// Count the things.
#[tool]
fn count(thing: gen_kit::Thing) -> i64 {
    0
}
