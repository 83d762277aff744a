//! The rmcp profile: exactly what an rmcp server lists (spec: `shared/spec/rmcp-profile.md`).

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::source::Workspace;
use crate::{GenerateOptions, Manifest};

pub fn manifest(ws: &Workspace, opts: &GenerateOptions, diagnostics: &mut Diagnostics, notes: &mut Vec<String>) -> Option<Manifest> {
    let _ = (ws, opts, notes);
    diagnostics.push(
        Diagnostic::error("profile-unavailable", "the rmcp profile is not implemented yet")
            .with_help("use --profile python-sdk for now"),
    );
    None
}
