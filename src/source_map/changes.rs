//! Where in the Rust sources each change of a [`Report`] comes from: the regenerated side's
//! source map for what is there now, and the source map of the baseline revision's own sources
//! for what was removed.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::Value;

use super::SourceMap;
use crate::check::{Change, Report, SourcePoint};
use crate::diagnostics::{shown_path, Location, SourceFile};
use crate::manifest::Manifest;

/// Point every change at the Rust source behind it, where `new` (made with `map`) has it; a
/// removed item has none there.
pub fn attach(report: &mut Report, new: &Manifest, map: &SourceMap) {
    if map.is_empty() {
        return;
    }
    let tools = new.tool_values();
    for change in &mut report.changes {
        let Some(value) = tool_named(&tools, &change.tool) else { continue };
        if let Some(location) = map.locate(&change.tool, value, &change.pointer) {
            let (line, column) = location.line_col();
            let file = annotation_path(&location.file.path);
            change.context.source = Some(SourcePoint { file, line, column, location: Some(location), revision: None });
        }
    }
}

/// Point the changes that removed something at where it was written at git revision `rev`, in
/// `old` (the manifest at `rev`), by `map`: the source map of the manifest generated in the tree
/// of `rev`, unpacked with `cwd` the directory in it that stands for the current one (the
/// generation is [`crate::drift`]'s). The files are shown as they are here, marked `(at REV)`.
pub fn attach_removed(report: &mut Report, old: &Manifest, rev: &str, map: &SourceMap, cwd: &Path) {
    let tools = old.tool_values();
    for change in report.changes.iter_mut().filter(|c| removed(c)) {
        let Some(value) = tool_named(&tools, &change.tool) else { continue };
        let Some(location) = map.locate(&change.tool, value, &change.pointer) else { continue };
        let (line, column) = location.line_col();
        // The file as it is here, with the text it had at `rev` (the tree is deleted after).
        let rel =
            location.file.path.strip_prefix(cwd).map(Path::to_path_buf).unwrap_or_else(|_| location.file.path.clone());
        let file = Arc::new(SourceFile::new(
            PathBuf::from(format!("{} (at {rev})", shown_path(&rel))),
            Arc::from(location.file.text()),
        ));
        let at = Location { file, start: location.start, len: location.len };
        // What `attach` found in the head revision for a removed item is its nearest ancestor.
        change.context.removed_from = change.context.source.take().filter(|s| s.revision.is_none());
        change.context.source = Some(SourcePoint {
            file: annotation_path(&rel),
            line,
            column,
            location: Some(at),
            revision: Some(rev.to_owned()),
        });
    }
}

/// Whether the report removed something, which only the baseline's sources can point at: what
/// is gone from the new side was written somewhere at the baseline, which beats the place the
/// new side can offer (the type or fn that lost it).
pub fn removes_something(report: &Report) -> bool {
    report.changes.iter().any(removed)
}

/// Whether a change removed something (a tool, or a value the old side had).
fn removed(change: &Change) -> bool {
    (change.new.is_none() && change.old.is_some()) || change.rule.id == "tool-removed"
}

/// The tool object named `name` among a manifest's tools.
fn tool_named<'a>(tools: &'a [Value], name: &str) -> Option<&'a Value> {
    tools.iter().find(|t| t.get("name").and_then(Value::as_str) == Some(name))
}

/// A source path as annotations need it: relative to the repository's root on GitHub Actions
/// (`GITHUB_WORKSPACE`), else as the run shows it.
fn annotation_path(path: &Path) -> String {
    let shown = shown_path(path);
    let Some(workspace) = std::env::var_os("GITHUB_WORKSPACE").map(PathBuf::from) else { return shown };
    let absolute = std::env::current_dir().map(|cwd| cwd.join(path)).unwrap_or_else(|_| path.to_path_buf());
    let absolute = absolute.canonicalize().unwrap_or(absolute);
    let workspace = workspace.canonicalize().unwrap_or(workspace);
    absolute.strip_prefix(&workspace).map_or(shown, |rel| rel.display().to_string())
}
