//! Servers whose code spreads over the crates of a repository: types in sibling crates reached
//! through `path` dependencies, servers in example targets, generic servers, and items switched on
//! and off by cargo features. Each fixture is run from the member crate's directory and from the
//! workspace root, which must give the same manifest.

use crate::support;

use std::path::PathBuf;

use mcp_schema::{generate, FeatureSelection, GenerateOptions, ProfileChoice};
use support::{run_in, testdata, Run};

fn pattern(rel: &str) -> PathBuf {
    testdata(&format!("rmcp/patterns/{rel}"))
}

/// `generate --profile rmcp ARGS` from the member and from the workspace root: the same output,
/// which is returned.
fn member_and_root(root: &str, member: &str, args: &[&str]) -> Run {
    let mut full = vec!["generate", "--profile", "rmcp"];
    full.extend_from_slice(args);
    let from_member = run_in(&pattern(&format!("{root}/{member}")), &full);
    let from_root = run_in(&pattern(root), &full);
    assert_eq!(from_member.code, Some(0), "{root}/{member} {args:?}: {}", from_member.stderr);
    assert_eq!(from_member.stdout, from_root.stdout, "{root} {args:?}: the member and the root differ");
    assert_eq!(from_member.code, from_root.code);
    full.push("--full-parse");
    let full_parse = run_in(&pattern(&format!("{root}/{member}")), &full);
    assert_eq!(full_parse.stdout, from_member.stdout, "{root} {args:?}: the full parse reads the same");
    from_member
}

#[test]
fn types_from_a_renamed_workspace_path_dependency_and_its_own_path_dependency() {
    let run = member_and_root("sibling-crate", "server", &[]);
    insta::assert_snapshot!("sibling_crate", run.stdout);
}

#[test]
fn every_example_target_is_a_crate_and_server_picks_one() {
    for server in ["Weather", "Notes", "Stopwatch"] {
        let run = member_and_root("examples-targets", "servers", &["--server", server]);
        insta::assert_snapshot!(format!("examples_targets_{server}"), run.stdout);
    }
}

#[test]
fn servers_of_the_same_name_in_two_packages_are_told_apart_by_the_package() {
    let args = |server| ["generate", "--profile", "rmcp", "--server", server];
    let from_member = run_in(&pattern("examples-targets/servers"), &args("Clock"));
    assert_eq!(from_member.code, Some(0), "{}", from_member.stderr);
    insta::assert_snapshot!("examples_targets_Clock", from_member.stdout);
    let at_root = run_in(&pattern("examples-targets"), &args("Clock"));
    assert_eq!(at_root.code, Some(2));
    insta::assert_snapshot!("examples_targets_ambiguous_at_root", at_root.transcript());
    let qualified = run_in(&pattern("examples-targets"), &args("demo_servers::Clock"));
    assert_eq!(qualified.stdout, from_member.stdout);
    let unnamed = run_in(&pattern("examples-targets"), &["generate", "--profile", "rmcp"]);
    insta::assert_snapshot!("examples_targets_several_at_root", unnamed.transcript());
}

#[test]
fn several_servers_across_targets_are_listed_once_each() {
    let run = run_in(&pattern("examples-targets/servers"), &["generate", "--profile", "rmcp"]);
    assert_eq!(run.code, Some(2));
    insta::assert_snapshot!("examples_targets_several", run.transcript());
}

#[test]
fn a_generic_server_is_keyed_by_its_type() {
    let run = member_and_root("generic-server", "store-server", &[]);
    insta::assert_snapshot!("generic_server", run.stdout);
}

#[test]
fn default_features_decide_modules_tools_fields_variants_and_cfg_attr() {
    let run = member_and_root("cargo-features", "library", &["--verbose"]);
    insta::assert_snapshot!("cargo_features_default", run.transcript());
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

#[test]
fn a_single_file_is_read_with_its_package_features() {
    // A single file is read alone: the path dependency that defines `Label` is given beside it.
    let args = ["generate", "--profile", "rmcp", "src/main.rs", "../labels"];
    let run = run_in(&pattern("cargo-features/library"), &args);
    let manifest: serde_json::Value = serde_json::from_str(&run.stdout).expect("a manifest");
    let names: Vec<&str> = manifest["tools"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["remove", "search", "shelve"], "`search` is a default feature");
}
