//! The type IR.
