//! Shared subschemas.
