//! Profiles: which fns are tools, how their parameters and return types become the two schemas,
//! and how the entries are ordered. One module per SDK whose output we reproduce.

use crate::diagnostics::Diagnostics;
use crate::source::Workspace;
use crate::{GenerateOptions, Manifest};

pub fn run(ws: &Workspace, opts: &GenerateOptions, diagnostics: &mut Diagnostics, notes: &mut Vec<String>) -> Option<Manifest> {
    let _ = (ws, opts, diagnostics, notes);
    Some(Manifest { tools: Vec::new() })
}
