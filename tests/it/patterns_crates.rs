//! Items switched on and off by cargo features, through the library's `FeatureSelection`, from
//! the member crate's directory and from the workspace root, which must give the same manifest.
//! The CLI's runs of the workspace fixtures (sibling crates, example targets, generic servers,
//! default features) are transcripts of their cases (`cmd.toml`, tests/it/patterns.rs).

use std::path::PathBuf;

use mcp_schema::{generate, FeatureSelection, GenerateOptions, ProfileChoice};

use crate::support::testdata;

fn pattern(rel: &str) -> PathBuf {
    testdata(&format!("rmcp/patterns/{rel}"))
}

/// The manifest for a feature selection, from the member and from the root (the same).
fn with_features(selection: FeatureSelection) -> Result<String, String> {
    let mut outputs = Vec::new();
    for dir in [pattern("cargo-features/library"), pattern("cargo-features")] {
        let opts = GenerateOptions {
            paths: vec![dir],
            profile: ProfileChoice::Rmcp,
            features: selection.clone(),
            ..GenerateOptions::default()
        };
        let outcome = generate(&opts);
        outputs.push(match outcome.manifest {
            Some(m) if !outcome.failed() => Ok(m.to_pretty_string()),
            _ => Err(outcome
                .diagnostics
                .iter()
                .map(|d| format!("{}: {}", d.code, d.message))
                .collect::<Vec<_>>()
                .join("\n")),
        });
    }
    assert_eq!(outputs[0], outputs[1], "{selection:?}: the member and the root differ");
    outputs.remove(0)
}

fn features(list: &[&str]) -> FeatureSelection {
    FeatureSelection { features: list.iter().map(|f| f.to_string()).collect(), ..FeatureSelection::default() }
}

#[test]
fn no_default_features() {
    let selection = FeatureSelection { no_default_features: true, ..FeatureSelection::default() };
    insta::assert_snapshot!("cargo_features_no_default", with_features(selection).unwrap());
}

#[test]
fn a_feature_that_enables_features_of_the_crate_and_of_a_path_dependency() {
    insta::assert_snapshot!("cargo_features_admin", with_features(features(&["admin"])).unwrap());
}

#[test]
fn optional_path_dependencies_by_implicit_feature_and_by_dep_prefix() {
    // `package/feature`, and two features in one argument separated by a space.
    let out = with_features(features(&["library-server/reports loans"])).unwrap();
    insta::assert_snapshot!("cargo_features_optional_deps", out);
    let same = with_features(features(&["reports,loans"])).unwrap();
    assert_eq!(same, out, "comma-separated, unqualified");
}

#[test]
fn all_features() {
    let selection = FeatureSelection { all_features: true, ..FeatureSelection::default() };
    let all = with_features(selection).unwrap();
    let named = with_features(features(&["admin", "reports", "loans"])).unwrap();
    assert_eq!(all, named, "--all-features is every feature of the package");
    insta::assert_snapshot!("cargo_features_all", all);
}

#[test]
fn an_unknown_feature_is_an_error() {
    let err = with_features(features(&["telepathy"])).unwrap_err();
    insta::assert_snapshot!("cargo_features_unknown", err);
    let err = with_features(features(&["labels/none-such"])).unwrap_err();
    assert!(err.contains("unknown-feature"), "{err}");
}
