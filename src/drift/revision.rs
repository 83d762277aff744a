//! The sources as they were at a git revision (`check --baseline REV`): the tree of `REV`
//! unpacked in a temporary directory and the manifest generated there, for its source map, so
//! that a change that removed something points at where it was written.

use std::path::PathBuf;

use crate::check::{baseline, Report};
use crate::config::Flags;
use crate::session::Session;
use crate::source_map::changes;
use crate::Manifest;

/// Point the changes of `report` that removed something from `old` (the manifest at `rev`) at
/// where it was written at `rev`: the manifest is generated in the tree of `rev` with `flags`,
/// their paths taken inside that tree. Best effort: a baseline that cannot be rebuilt leaves
/// those changes without a source.
pub(super) fn attach_removed(report: &mut Report, old: &Manifest, rev: &str, flags: &Flags) {
    if !changes::removes_something(report) {
        return;
    }
    let Ok((tree, cwd)) = baseline::extract(rev) else { return };
    let there: Vec<PathBuf> =
        if flags.paths.is_empty() { vec![cwd.clone()] } else { flags.paths.iter().map(|p| cwd.join(p)).collect() };
    let Ok(session) = Session::discover(Flags { paths: there, ..flags.clone() }) else { return };
    let outcome = session.generate();
    changes::attach_removed(report, old, rev, &outcome.source_map, &cwd);
    drop(tree);
}
