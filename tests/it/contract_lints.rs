//! The `contract` lint group (docs/lints.md): each lint on its fixture (`testdata/contract/`), on
//! every profile, off unless asked for, turned on by `-W contract` or `[lints] contract = "warn"`.
//! What each run prints on stderr is a snapshot (tests/it/snapshots/it__contract_lints__*.snap).

use crate::support::{run_in, testdata};

/// The fixtures, one per lint, then one per profile other than rmcp.
const FIXTURES: &[&str] = &[
    "undescribed-tool",
    "undescribed-parameter",
    "undescribed-variants",
    "long-description",
    "repeated-description",
    "python-sdk",
    "rust-mcp-sdk",
];

fn contract(case: &str) -> std::path::PathBuf {
    testdata(&format!("contract/{case}"))
}

#[test]
fn each_lint_is_reported_at_its_rust_span_with_the_group_on() {
    for case in FIXTURES {
        let run = run_in(&contract(case), &["generate", "-W", "contract"]);
        assert_eq!(run.code, Some(0), "{case}: {}", run.stderr);
        insta::assert_snapshot!(format!("warn_{case}"), run.stderr);
    }
}

#[test]
fn the_group_is_off_by_default_even_with_strict() {
    for case in FIXTURES {
        let plain = run_in(&contract(case), &["generate", "--strict"]);
        assert_eq!(plain.code, Some(0), "{case}: {}", plain.stderr);
        assert_eq!(plain.stderr.lines().count(), 1, "{case}: only the provenance line: {}", plain.stderr);
    }
}

#[test]
fn deny_makes_the_group_errors_and_a_code_level_beats_the_groups() {
    let denied = run_in(&contract("undescribed-tool"), &["generate", "-D", "contract"]);
    assert_eq!(denied.code, Some(2));
    insta::assert_snapshot!("deny_undescribed_tool", denied.transcript());
    let one =
        run_in(&contract("undescribed-parameter"), &["generate", "-W", "contract", "-A", "undescribed-parameter"]);
    assert_eq!(one.code, Some(0));
    assert_eq!(one.stderr.lines().count(), 1, "{}", one.stderr);
}

#[test]
fn the_configuration_turns_the_group_on() {
    let dir = tempfile::tempdir().unwrap();
    let case = contract("undescribed-tool");
    std::fs::create_dir(dir.path().join("src")).unwrap();
    for file in ["Cargo.toml", "Cargo.lock", "src/main.rs"] {
        std::fs::copy(case.join(file), dir.path().join(file)).unwrap();
    }
    std::fs::write(dir.path().join("mcp-schema.toml"), "[lints]\ncontract = \"warn\"\n").unwrap();
    let configured = run_in(dir.path(), &["generate"]);
    let flagged = run_in(&case, &["generate", "-W", "contract"]);
    assert_eq!(configured.code, Some(0), "{}", configured.stderr);
    assert_eq!(configured.stderr, flagged.stderr);
    let misspelt = std::fs::write(dir.path().join("mcp-schema.toml"), "[lints]\ncontrat = \"warn\"\n");
    misspelt.unwrap();
    let run = run_in(dir.path(), &["generate"]);
    assert_eq!(run.code, Some(2));
    insta::assert_snapshot!("config_misspelt_group", run.stderr);
}

#[test]
fn explain_prints_the_groups_page() {
    let run = run_in(&contract("undescribed-tool"), &["explain", "contract"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    insta::assert_snapshot!("explain_contract", run.stdout);
}

/// A flood of lint warnings (testdata/contract/flood: 12 tools, each with an undescribed
/// parameter, and a committed manifest one description behind; issue 33, point 8): `check` ends
/// the warnings with a count by code, and `--format github` puts the drift before them (GitHub
/// shows ten warning annotations a step, the first ten).
#[test]
fn a_flood_of_warnings_is_counted_and_comes_after_the_drift() {
    let human = run_in(&contract("flood"), &["check"]);
    assert_eq!(human.code, Some(1), "{}", human.transcript());
    let lines: Vec<&str> = human.stderr.lines().collect();
    let tail = &lines[lines.len().saturating_sub(2)..];
    let github = run_in(&contract("flood"), &["check", "--format", "github"]);
    let first = github.stdout.lines().next().unwrap_or("");
    assert!(
        first.starts_with("::warning file=src/main.rs,line=94,col=5,title=mcp-schema description-changed"),
        "{first}"
    );
    insta::assert_snapshot!(format!("{}\n=== github\n{}", tail.join("\n"), github.stdout));
}

/// The mcp-attr and turbomcp profiles keep a source map too: a lint points at the tool and the
/// parameter as written (their catalogues' undocumented tool and parameters).
#[test]
fn mcp_attr_and_turbomcp_lints_point_at_the_rust_line() {
    for sdk in ["mcp-attr", "turbomcp"] {
        let run = run_in(&testdata(&format!("{sdk}/catalogue")), &["list", "-W", "undescribed-tool"]);
        insta::assert_snapshot!(format!("rust_line_{sdk}"), run.stderr);
    }
}
