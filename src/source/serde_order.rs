//! Whether serde_json's `preserve_order` feature is on in the server binary's build.
//!
//! With it, `serde_json::Map` keeps keys in insertion order, so every schema the SDK sends has its
//! keys in the order schemars and the SDK insert them; without it, sorted. Cargo unifies the
//! features of one package over the whole build, so any crate of the binary's dependency graph
//! can turn it on. It is worked out as cargo resolves features for the binary (resolver 2): over
//! the normal dependencies of the roots, from the manifests on disk (the workspace's, and the
//! locked registry crates' where cargo put them), with build-dependencies and the dependencies of
//! proc-macros apart (their features are the host's). The lock alone cannot say it: `serde_json`
//! listing `indexmap` there may come from a build-dependency.

use std::collections::BTreeSet;
use std::sync::Arc;

use super::cargo::CargoManifest;
use super::packages::{self, Package, Resolution};
use crate::FeatureSelection;

/// How serde_json orders object keys in the server binary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SerdeJsonOrder {
    /// `preserve_order` is off: keys sorted.
    Sorted,
    /// `preserve_order` is on: keys in insertion order. `by` names the crates that ask for it.
    Insertion { by: Vec<String> },
    /// Off as far as the manifests on disk say, but these crates of the build (`name version`, or
    /// the name alone when no Cargo.lock names it) could not be read.
    Unknown { unread: Vec<String> },
}

/// The order serde_json keeps in the build of `roots` with the `selection` of features.
/// What the user says (`--serde-json-preserve-order`, the config key) beats the manifests; `by`
/// is then empty.
pub(crate) fn serde_json_order(roots: &[Arc<CargoManifest>], selection: &FeatureSelection) -> SerdeJsonOrder {
    match selection.serde_json_preserve_order {
        Some(true) => return SerdeJsonOrder::Insertion { by: Vec::new() },
        Some(false) => return SerdeJsonOrder::Sorted,
        None => {}
    }
    let packages = packages::discover_build_graph(roots.to_vec());
    // A feature the user asked for that no package has is the run's error, told elsewhere.
    let Ok(resolution) = packages::resolve(&packages, selection) else {
        return SerdeJsonOrder::Unknown { unread: Vec::new() };
    };
    let by = enablers(&packages, &resolution);
    if !by.is_empty() {
        return SerdeJsonOrder::Insertion { by };
    }
    let unread = unread(&packages, &resolution);
    if unread.is_empty() {
        SerdeJsonOrder::Sorted
    } else {
        SerdeJsonOrder::Unknown { unread }
    }
}

/// The active packages that turn on `preserve_order` of a serde_json dependency that is on: in
/// the entry itself (`features = ["preserve_order"]`), or through one of their features that are on
/// (`json-order = ["serde_json/preserve_order"]`), or (when serde_json's own manifest was read)
/// whatever reached its feature.
fn enablers(packages: &[Package], r: &Resolution) -> Vec<String> {
    let mut by = BTreeSet::new();
    for (p, package) in packages.iter().enumerate().filter(|(p, _)| r.active[*p]) {
        for &d in &r.deps_on[p] {
            let dep = &package.deps[d];
            if dep.package != "serde_json" {
                continue;
            }
            let asked = |entry: &str| {
                entry
                    .split_once('/')
                    .is_some_and(|(key, f)| key.trim_end_matches('?') == dep.key && f == "preserve_order")
            };
            let by_feature = package.features_on(&r.features[p]).any(asked);
            if dep.features.iter().any(|f| f == "preserve_order") || by_feature {
                by.insert(package.name().to_owned());
            }
        }
    }
    let serde_json_on = packages
        .iter()
        .enumerate()
        .any(|(p, package)| r.active[p] && package.name() == "serde_json" && r.features[p].contains("preserve_order"));
    if serde_json_on && by.is_empty() {
        by.insert("serde_json".to_owned());
    }
    by.into_iter().collect()
}

/// The dependencies that are on and whose manifests are not on disk.
fn unread(packages: &[Package], r: &Resolution) -> Vec<String> {
    let mut unread = BTreeSet::new();
    for (p, package) in packages.iter().enumerate().filter(|(p, _)| r.active[*p]) {
        for &d in &r.deps_on[p] {
            let dep = &package.deps[d];
            if package.local[d].is_none() && dep.path.is_none() {
                unread.insert(package.locked_label(&dep.package));
            }
        }
    }
    unread.into_iter().collect()
}
