//! Where code is written: the place every reader of the model (the lowerer, the evaluator, the
//! literal readers) resolves names from. A leaf of `model`: it depends on no sibling.

use crate::source::ModuleId;

/// Where code is written: the crate and module (for name resolution) and the generic
/// parameters in scope (for `Param`). The one type for "a place in the workspace": type
/// expressions, attribute values and fn bodies are all read in a `Scope`.
#[derive(Debug, Clone)]
pub struct Scope {
    pub krate: usize,
    pub module: ModuleId,
    pub generics: Vec<String>,
}

impl Scope {
    /// A module with no generic parameters in scope: a free fn's body, an impl's items read
    /// as values, an attribute's value.
    pub fn without_generics(krate: usize, module: ModuleId) -> Self {
        Scope { krate, module, generics: Vec::new() }
    }
}

/// A path's segments as written, a leading `::` kept as an empty first segment.
pub(crate) fn path_segments(path: &syn::Path) -> Vec<String> {
    let mut segments: Vec<String> =
        path.segments.iter().map(|s| crate::source::unraw_ident(&s.ident.to_string())).collect();
    if path.leading_colon.is_some() {
        segments.insert(0, String::new());
    }
    segments
}
