//! Subcommands that live in modules of their own, called from `main`.

pub(crate) mod drift;
