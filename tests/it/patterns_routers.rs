//! Routers in long flat chains, written on the fly. The router fixtures (statement by statement,
//! handed in by the caller, route by route, behind a hand-written `list_tools`) are transcripts
//! of their cases (`cmd.toml`, tests/it/patterns.rs).

use crate::support;

use std::path::Path;

use support::{run_in, testdata, Run};

fn names(run: &Run) -> Vec<String> {
    let manifest: serde_json::Value = serde_json::from_str(&run.stdout).expect("a manifest");
    manifest["tools"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap().to_owned()).collect()
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
