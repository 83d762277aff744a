//! `diff` of the pairs of testdata/drift-cases/ (its README says what each shows): the human
//! report and the GitHub annotations, as snapshots (tests/it/snapshots/it__drift_cases__*.snap).

use crate::support::{run_in, testdata};

fn diff(case: &str, format: &str) -> String {
    let dir = testdata("drift-cases");
    let run =
        run_in(&dir, &["diff", &format!("{case}/before.json"), &format!("{case}/after.json"), "--format", format]);
    run.transcript()
}

#[test]
fn i32_to_f64_is_one_widening_per_field() {
    insta::assert_snapshot!([diff("i32-to-f64", "human"), diff("i32-to-f64", "github")].join("\n"));
}
