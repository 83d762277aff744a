//! What a schemars schema could not know, as the tool's diagnostics: the same for every profile
//! whose SDK makes its schemas with schemars (types of unread crates, parts only known at
//! runtime). Each gap costs that one schema, never the manifest.

use crate::diagnostics::{Code, Diagnostic};
use crate::model::Unknown;
use crate::schema::schemars::Opaque;
use crate::source::Workspace;

/// One diagnostic per gap of tool `tool`'s schema `key`; empty when the schema is complete.
pub fn left_out(ws: &Workspace, tool: &str, key: &str, unknown: &[Unknown], opaque: &[Opaque]) -> Vec<Diagnostic> {
    let unknown = unknown.iter().map(|u| super::rmcp::unresolved::classify(ws, u).left_out(tool, key, None, None));
    let opaque = opaque.iter().map(|o| {
        Diagnostic::warning(Code::Opaque, format!("tool `{tool}`: {key} left out: {}", o.reason))
            .at(o.location.clone())
            .with_label("only known at runtime")
    });
    unknown.chain(opaque).collect()
}
