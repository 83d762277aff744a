//! Routers as real servers build them (issue "Real servers: list what real rmcp servers serve"):
//! statement by statement, handed in by the caller, route by route, in long flat chains, and
//! behind a hand-written `list_tools`. Each fixture is run as a user would, from its directory.

use crate::support;

use std::path::Path;

use support::{run_in, testdata, Run};

fn generate(fixture: &str, extra: &[&str]) -> Run {
    let dir = testdata(&format!("rmcp/patterns/{fixture}"));
    let mut args = vec!["generate", "--profile", "rmcp"];
    args.extend_from_slice(extra);
    run_in(&dir, &args)
}

fn names(run: &Run) -> Vec<String> {
    let manifest: serde_json::Value = serde_json::from_str(&run.stdout).expect("a manifest");
    manifest["tools"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap().to_owned()).collect()
}

#[test]
fn router_built_by_statements() {
    let run = generate("router-statements", &[]);
    // `purge` is removed; `open_in_notepad` is `#[cfg(windows)]` and `export_pdf` needs a feature
    // that is not a default one; `rebuild_index` and `restore` are listed with a note each.
    assert_eq!(names(&run), ["find", "open_in_editor", "read_page", "rebuild_index", "restore"]);
    assert_eq!(run.code, Some(0));
    insta::assert_snapshot!(run.transcript());
}

#[test]
fn runtime_conditions_are_notes_that_strict_leaves_alone() {
    let run = generate("router-statements", &["--strict"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stderr.contains("served only when `options.admin`"), "{}", run.stderr);
}

#[test]
fn router_composed_by_the_caller() {
    let run = generate("router-from-caller", &[]);
    // Every router a call site can give is listed; the test module's `debug_router` is not.
    assert_eq!(names(&run), ["book", "list_notes", "send_mail", "write_note"]);
    insta::assert_snapshot!(run.transcript());
}

#[test]
fn router_handed_in_from_another_crate() {
    let run = generate("router-from-outside", &[]);
    // Nobody here calls `Desk::new`: every router `Desk` owns, and a warning on the field.
    assert_eq!(names(&run), ["book", "dump_state", "list_notes", "send_mail", "write_note"]);
    insta::assert_snapshot!(run.transcript());
}

#[test]
fn hand_written_list_tools_over_the_router() {
    let run = generate("handwritten-list-tools", &["--server", "Paged"]);
    assert_eq!(names(&run), ["alpha", "beta"]);
    insta::assert_snapshot!(run.transcript());
}

#[test]
fn hand_written_list_tools_from_elsewhere() {
    let run = generate("handwritten-list-tools", &["--server", "Renamed"]);
    // Never an empty manifest: the routers `Renamed` owns, with a warning on `fn list_tools`.
    assert_eq!(names(&run), ["goodbye", "hello"]);
    insta::assert_snapshot!(run.transcript());
}

#[test]
fn router_assembled_route_by_route() {
    let run = generate("tool-router-new", &[]);
    assert_eq!(names(&run), ["menu", "open_till", "order"]);
    insta::assert_snapshot!(run.transcript());
}

/// A crate whose server serves `Self::r0() + … + Self::r{n-1}()` written on one line, one tool
/// per router; `bad` replaces one term with a router that does not exist.
fn long_chain(dir: &Path, n: usize, bad: Option<usize>) {
    let fixture = testdata("rmcp/patterns/router-statements");
    std::fs::create_dir_all(dir.join("src")).unwrap();
    let toml = std::fs::read_to_string(fixture.join("Cargo.toml")).unwrap();
    std::fs::write(dir.join("Cargo.toml"), toml.replace("router-statements", "long-chain")).unwrap();
    let lock = std::fs::read_to_string(fixture.join("Cargo.lock")).unwrap();
    std::fs::write(dir.join("Cargo.lock"), lock.replace("router-statements", "long-chain")).unwrap();
    let terms: Vec<String> =
        (0..n).map(|i| if Some(i) == bad { "Self::missing()".to_owned() } else { format!("Self::r{i}()") }).collect();
    let mut src = String::from(
        "use rmcp::handler::server::router::tool::ToolRouter;\nuse rmcp::{tool, tool_handler, tool_router, ServerHandler};\n\n\
         #[derive(Clone)]\npub struct Wide {\n    tool_router: ToolRouter<Self>,\n}\n\n",
    );
    src.push_str(&format!(
        "impl Wide {{\n    pub fn new() -> Self {{\n        Self {{ tool_router: {} }}\n    }}\n}}\n\n",
        terms.join(" + ")
    ));
    for i in 0..n {
        src.push_str(&format!(
            "#[tool_router(router = r{i})]\nimpl Wide {{\n    /// Tool {i}.\n    #[tool]\n    async fn t{i}(&self) -> String {{\n        String::new()\n    }}\n}}\n\n"
        ));
    }
    src.push_str("#[tool_handler(router = self.tool_router)]\nimpl ServerHandler for Wide {}\n\nfn main() {}\n");
    std::fs::write(dir.join("src/main.rs"), src).unwrap();
}

#[test]
fn a_chain_of_600_routers_is_followed_in_full() {
    let dir = tempfile::tempdir().unwrap();
    long_chain(dir.path(), 600, None);
    let run = run_in(dir.path(), &["generate", "--profile", "rmcp"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stderr, "600 tools listed with profile rmcp (rmcp 3.11.0)\n", "no diagnostic");
    let mut expected: Vec<String> = (0..600).map(|i| format!("t{i}")).collect();
    expected.sort();
    assert_eq!(names(&run), expected);
}

#[test]
fn a_snippet_on_a_long_line_shows_a_window_around_the_span() {
    let dir = tempfile::tempdir().unwrap();
    long_chain(dir.path(), 600, Some(300));
    let run = run_in(dir.path(), &["generate", "--profile", "rmcp"]);
    assert_eq!(names(&run).len(), 599);
    assert!(run.stderr.lines().all(|l| l.chars().count() < 200), "{}", run.stderr);
    insta::assert_snapshot!(run.stderr);
}

/// Depends on the features work (the package loader filling `Crate::features` with the default
/// features); until it is merged every feature reads as off and only `record` is listed.
#[test]
fn statement_cfgs_follow_the_default_features() {
    let run = generate("router-default-feature", &[]);
    assert_eq!(names(&run), ["past_entries", "record"]);
    assert_eq!(run.stderr, "2 tools listed with profile rmcp (rmcp 3.11.0)\n", "no diagnostic");
}
