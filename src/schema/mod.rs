//! IR to JSON Schema.
