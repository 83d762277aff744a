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
use crate::options::FeatureSelection;

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
    // serde_json's `preserve_order` needs `indexmap`: a lock in which serde_json does not depend
    // on it rules the feature out, whatever the crates not on disk ask. (The converse does not
    // hold: a lock is resolved for every build, build-dependencies included.)
    let ruled_out = packages.iter().any(|p| p.is_root && p.lock_rules_out("serde_json", "indexmap"));
    if unread.is_empty() || ruled_out {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::cargo::read_manifest;

    const SERDE_JSON: &str = "[package]\nname = \"serde_json\"\nversion = \"1.0.0\"\n\
                              [features]\npreserve_order = []\n";

    /// The order in a build of `app` (its Cargo.toml given) next to crates named by `others`
    /// (name, Cargo.toml), each in `<name>/`; dependencies between them are `path` ones.
    fn order(app: &str, others: &[(&str, &str)]) -> SerdeJsonOrder {
        order_locked(app, others, None)
    }

    /// [`order`], with this Cargo.lock above the crates.
    fn order_locked(app: &str, others: &[(&str, &str)], lock: Option<&str>) -> SerdeJsonOrder {
        let dir = tempfile::tempdir().unwrap();
        if let Some(lock) = lock {
            std::fs::write(dir.path().join("Cargo.lock"), lock).unwrap();
        }
        for (name, text) in others.iter().copied().chain([("serde_json", SERDE_JSON), ("app", app)]) {
            std::fs::create_dir_all(dir.path().join(name).join("src")).unwrap();
            std::fs::write(dir.path().join(name).join("Cargo.toml"), text).unwrap();
        }
        let root = Arc::new(read_manifest(&dir.path().join("app/Cargo.toml")).unwrap());
        serde_json_order(&[root], &FeatureSelection::default())
    }

    fn app(edition: &str, deps: &str) -> String {
        format!("[package]\nname = \"app\"\nversion = \"0.1.0\"\nedition = \"{edition}\"\n[workspace]\n{deps}")
    }

    const KIT: &str = "[package]\nname = \"kit\"\nversion = \"0.1.0\"\n\
                       [dependencies]\nserde_json = { path = \"../serde_json\", optional = true }\n\
                       [features]\nordered = [\"serde_json?/preserve_order\"]\njson = [\"dep:serde_json\"]\n";

    fn on(by: &[&str]) -> SerdeJsonOrder {
        SerdeJsonOrder::Insertion { by: by.iter().map(|s| s.to_string()).collect() }
    }

    #[test]
    fn a_weak_feature_counts_once_its_dependency_is_on() {
        let kit_dep = "[dependencies]\nkit = { path = \"../kit\", features = [\"ordered\"] }\n";
        assert_eq!(order(&app("2021", kit_dep), &[("kit", KIT)]), SerdeJsonOrder::Sorted);
        let both = "[dependencies]\nkit = { path = \"../kit\", features = [\"ordered\", \"json\"] }\n";
        assert_eq!(order(&app("2021", both), &[("kit", KIT)]), on(&["kit"]));
    }

    #[test]
    fn build_dependencies_and_proc_macros_reach_the_binary_only_under_resolver_1() {
        let via_build = "[dependencies]\nserde_json = { path = \"../serde_json\" }\n\
                         [build-dependencies]\nserde_json = { path = \"../serde_json\", features = [\"preserve_order\"] }\n";
        assert_eq!(order(&app("2021", via_build), &[]), SerdeJsonOrder::Sorted);
        assert_eq!(order(&app("2018", via_build), &[]), on(&["app"]));
        let mac = "[package]\nname = \"mac\"\nversion = \"0.1.0\"\n[lib]\nproc-macro = true\n\
                   [dependencies]\nserde_json = { path = \"../serde_json\", features = [\"preserve_order\"] }\n";
        let via_mac = "[dependencies]\nmac = { path = \"../mac\" }\nserde_json = { path = \"../serde_json\" }\n";
        assert_eq!(order(&app("2021", via_mac), &[("mac", mac)]), SerdeJsonOrder::Sorted);
        assert_eq!(order(&app("2015", via_mac), &[("mac", mac)]), on(&["mac"]));
    }

    #[test]
    fn a_dependency_not_on_disk_leaves_it_unknown_and_the_user_says_it() {
        let unread = "[dependencies]\nserde_json = { path = \"../serde_json\" }\nelsewhere = \"1\"\n";
        assert_eq!(order(&app("2021", unread), &[]), SerdeJsonOrder::Unknown { unread: vec!["elsewhere".into()] });
        // A lock whose serde_json does not depend on indexmap rules the feature out.
        let lock = |serde_json_deps: &str| {
            format!(
                "version = 4\n[[package]]\nname = \"app\"\nversion = \"0.1.0\"\ndependencies = [\"elsewhere\", \"serde_json\"]\n\
                 [[package]]\nname = \"elsewhere\"\nversion = \"1.0.0\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\n\
                 [[package]]\nname = \"serde_json\"\nversion = \"1.0.0\"\ndependencies = [{serde_json_deps}]\n"
            )
        };
        assert_eq!(order_locked(&app("2021", unread), &[], Some(&lock("\"itoa\""))), SerdeJsonOrder::Sorted);
        assert_eq!(
            order_locked(&app("2021", unread), &[], Some(&lock("\"indexmap\", \"itoa\""))),
            SerdeJsonOrder::Unknown { unread: vec!["elsewhere 1.0.0".into()] }
        );
        let said = FeatureSelection { serde_json_preserve_order: Some(true), ..FeatureSelection::default() };
        assert_eq!(serde_json_order(&[], &said), on(&[]));
    }
}
