//! The IR boundary: the schema flavours (`src/schema/`) read the model alone. Lowering
//! (`src/model/`) reads syn and the sources and evaluates every value a schema shows before any
//! schema is made; a flavour that named syn, the source index, the lowerer or the workspace would
//! be reading the sources again in the middle of generation.

use std::path::{Path, PathBuf};

/// Whether `word` occurs in `line` as a whole identifier (not inside `synthetic` or `Lowerers`).
fn has_word(line: &str, word: &str) -> bool {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    line.match_indices(word).any(|(i, _)| {
        let before = line[..i].chars().next_back();
        let after = line[i + word.len()..].chars().next();
        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
    })
}

/// Every `.rs` file under `dir`, at any depth.
pub(crate) fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable directory") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// What a line of a flavour must not name: syn and the sources anywhere (code or docs); the
/// lowering stage's types in code (a doc may point at where the values come from).
fn violation(line: &str) -> Option<&'static str> {
    if has_word(line, "syn") {
        return Some("syn");
    }
    if line.contains("crate::source") {
        return Some("crate::source");
    }
    let code = line.trim_start();
    if code.starts_with("//") {
        return None;
    }
    ["Lowerer", "Workspace", "proc_macro2"].into_iter().find(|w| has_word(line, w))
}

fn violations_under(dir: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(dir, &mut files);
    files.sort();
    assert!(files.len() >= 5, "only {} sources under {}", files.len(), dir.display());
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a readable source");
        for (n, line) in text.lines().enumerate() {
            if let Some(what) = violation(line) {
                found.push(format!("{}:{}: names `{what}`: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    found
}

#[test]
fn schema_flavours_read_the_model_alone() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/schema");
    let found = violations_under(&dir);
    assert!(found.is_empty(), "src/schema/ must read only the model (see docs/architecture.md):\n{}", found.join("\n"));
}

#[test]
fn the_check_sees_what_it_forbids() {
    assert_eq!(violation("use syn::Item;"), Some("syn"));
    assert_eq!(violation("    let x: syn::Type = t;"), Some("syn"));
    assert_eq!(violation("use crate::source::ItemRef;"), Some("crate::source"));
    assert_eq!(violation("fn f(lw: &mut Lowerer) {}"), Some("Lowerer"));
    assert_eq!(violation("/// evaluated by [`crate::model::Lowerer::lower_reachable`]"), None);
    assert_eq!(violation("let synthetic = Lowerers;"), None);
    assert_eq!(violation("// a syntax tree"), None);
}
