//! Crates written to attack the run (issue 32's classes), built in a temporary directory: what a
//! pull request can make the tool read, publish, hang on or crash on. Each run is a transcript
//! (the temp dir written `[DIR]`), compared whole with its insta snapshot; docs/security.md says
//! what is read and what is refused.

use crate::support;

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// The run, killed (and the test failed) after 60 s: a FIFO or a walk of `/` must not hang it.
fn run(args: &[&str], dir: &Path) -> Output {
    run_env(args, dir, &[])
}

/// [`run`] with more environment variables.
fn run_env(args: &[&str], dir: &Path, env: &[(&str, &Path)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_mcp-schema"));
    command.args(args).current_dir(dir).env("NO_COLOR", "1").envs(env.iter().copied());
    support::output_within(&mut command, Duration::from_secs(60))
        .unwrap_or_else(|| panic!("`mcp-schema {}` hung", args.join(" ")))
}

/// No panic, and the given exit status; the run's transcript.
fn expect(o: &Output, code: i32, dir: &Path) -> String {
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("panicked"), "panic: {err}");
    assert_eq!(o.status.code(), Some(code), "{err}");
    support::transcript_in(o, dir)
}

fn file(dir: &Path, name: &str, text: impl AsRef<[u8]>) {
    let p = dir.join(name);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

const MANIFEST: &str = "[package]\nname = \"hostile\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n\n\
     [dependencies]\nrmcp = { version = \"=3.11.0\", features = [\"server\", \"macros\", \"schemars\"] }\n";

/// An rmcp server whose `#[tool_router]` impl holds `tools`, in a checkout (`.git/` holding the
/// token actions/checkout persists) at `dir/repo`.
fn server(dir: &Path, manifest_extra: &str, tools: &str) -> std::path::PathBuf {
    let repo = dir.join("repo");
    file(&repo, ".git/config", "[http \"https://github.com/\"]\n\textraheader = AUTHORIZATION: basic SECRET\n");
    file(&repo, "Cargo.toml", format!("{MANIFEST}{manifest_extra}"));
    file(
        &repo,
        "src/main.rs",
        format!(
            "use rmcp::{{handler::server::router::tool::ToolRouter, tool, tool_handler, tool_router, ServerHandler}};\n\n\
             #[derive(Clone)]\npub struct Server {{\n    tool_router: ToolRouter<Self>,\n}}\n\n\
             #[tool_router]\nimpl Server {{\n{tools}}}\n\n#[tool_handler]\nimpl ServerHandler for Server {{}}\n\nfn main() {{}}\n"
        ),
    );
    repo
}

fn doc_tool(name: &str, path: &str) -> String {
    format!(
        "    #[doc = include_str!(\"{path}\")]\n    #[tool]\n    async fn {name}(&self) -> String {{\n        String::new()\n    }}\n\n"
    )
}

/// Class 1: `include_str!` in a doc reads within the project only: not the runner's
/// environment, not the token in `.git/config`, not a device, not a FIFO (which would hang).
#[test]
fn include_str_reads_only_regular_files_of_the_project() {
    let dir = tempfile::tempdir().unwrap();
    let tools = ["ok", "environ", "git_config", "zero", "outside"]
        .iter()
        .zip(["doc.md", "/proc/self/environ", "../.git/config", "/dev/zero", "../../outside.md"])
        .map(|(name, path)| doc_tool(name, path))
        .collect::<String>();
    let repo = server(dir.path(), "", &tools);
    file(&repo, "src/doc.md", "Read from the crate.");
    file(dir.path(), "outside.md", "SECRET from outside the checkout");
    let o = run(&["generate", "--rmcp-version", "3.11.0", "-W", "opaque"], &repo);
    let text = expect(&o, 0, dir.path());
    assert!(!text.contains("SECRET"), "{text}");
    insta::assert_snapshot!("include_str_outside", text);
}

#[cfg(unix)]
#[test]
fn include_str_of_a_fifo_does_not_hang() {
    let dir = tempfile::tempdir().unwrap();
    let repo = server(dir.path(), "", &doc_tool("fifo", "fifo.md"));
    let made = Command::new("mkfifo").arg(repo.join("src/fifo.md")).status().unwrap();
    assert!(made.success(), "mkfifo");
    let o = run(&["generate", "--rmcp-version", "3.11.0", "-W", "opaque"], &repo);
    insta::assert_snapshot!("include_str_fifo", expect(&o, 0, dir.path()));
}

/// Class 2: the configuration's `[schemas]` files are read within the project.
#[test]
fn schema_files_are_read_within_the_project() {
    let dir = tempfile::tempdir().unwrap();
    let repo = server(dir.path(), "", &doc_tool("ok", "doc.md"));
    file(&repo, "src/doc.md", "Read from the crate.");
    file(dir.path(), "secret.json", "{\"SECRET\": true}");
    file(&repo, "mcp-schema.toml", "[schemas]\n\"ok.inputSchema\" = \"../secret.json\"\n");
    let o = run(&["generate", "--rmcp-version", "3.11.0"], &repo);
    let text = expect(&o, 2, dir.path());
    assert!(!text.contains("SECRET"), "{text}");
    insta::assert_snapshot!("schemas_outside", text);
    file(&repo, "mcp-schema.toml", "[schemas]\n\"ok.inputSchema\" = \".git/config\"\n");
    let o = run(&["generate", "--rmcp-version", "3.11.0"], &repo);
    let text = expect(&o, 2, dir.path());
    assert!(!text.contains("SECRET"), "{text}");
    insta::assert_snapshot!("schemas_git", text);
}

/// Class 2: a `[[bin]]` path out of the project is not read (nor shown in a snippet).
#[test]
fn target_paths_are_read_within_the_project() {
    let dir = tempfile::tempdir().unwrap();
    let bin = "\n[[bin]]\nname = \"hostile\"\npath = \"../secret.rs\"\n";
    let repo = server(dir.path(), bin, "");
    file(dir.path(), "secret.rs", "SECRET is not Rust\n");
    let o = run(&["generate", "--rmcp-version", "3.11.0"], &repo);
    let text = expect(&o, 2, dir.path());
    assert!(!text.contains("SECRET"), "{text}");
    insta::assert_snapshot!("bin_path_outside", text);
}

/// Class 11: workspace members out of the workspace are refused before any walk.
#[test]
fn workspace_members_outside_the_workspace_are_not_walked() {
    let dir = tempfile::tempdir().unwrap();
    let repo = dir.path().join("repo");
    file(&repo, "Cargo.toml", "[workspace]\nmembers = [\"/usr/**\", \"../*\", \"member\"]\n");
    file(&repo, "member/Cargo.toml", "[package]\nname = \"member\"\nversion = \"0.1.0\"\nedition = \"2021\"\n");
    file(&repo, "member/src/lib.rs", "");
    let start = Instant::now();
    let o = run(&["generate", "--profile", "rmcp", "--rmcp-version", "3.11.0"], &repo);
    assert!(start.elapsed() < Duration::from_secs(20), "took {:?}", start.elapsed());
    insta::assert_snapshot!("members_outside", expect(&o, 0, dir.path()));
}

/// Class 9: a dependency or a workspace member whose root file does not parse is a syntax error
/// at its place, not a panic (the crate is there, with nothing in it).
#[test]
fn a_dependency_that_does_not_parse_is_a_syntax_error() {
    let dir = tempfile::tempdir().unwrap();
    let tool = "    #[tool(description = \"d\")]\n    async fn t(&self, Parameters(p): Parameters<dep::P>) -> String {\n        \
                String::new()\n    }\n";
    let repo = server(dir.path(), "dep = { path = \"dep\" }\n", tool);
    let main = std::fs::read_to_string(repo.join("src/main.rs")).unwrap();
    file(
        &repo,
        "src/main.rs",
        main.replace("ServerHandler};", "ServerHandler};\nuse rmcp::handler::server::wrapper::Parameters;"),
    );
    file(&repo, "dep/Cargo.toml", "[package]\nname = \"dep\"\nversion = \"0.1.0\"\nedition = \"2021\"\n");
    file(&repo, "dep/src/lib.rs", "pub struct P { pub a: i64\n");
    let o = run(&["generate", "--rmcp-version", "3.11.0"], &repo);
    insta::assert_snapshot!("dependency_syntax_error", expect(&o, 2, dir.path()));
    // The same crate as a workspace member, run from the workspace root.
    let cargo = std::fs::read_to_string(repo.join("Cargo.toml")).unwrap();
    file(&repo, "Cargo.toml", cargo.replace("[workspace]\n", "[workspace]\nmembers = [\"dep\"]\n"));
    let o = run(&["generate", "--rmcp-version", "3.11.0"], &repo);
    insta::assert_snapshot!("member_syntax_error", expect(&o, 2, dir.path()));
}

/// Class 6: a syntax error in a fn body (one the fast parse skips: a helper the router is built
/// with) is an error on both parses, and `generate -o` leaves the committed manifest as it was.
#[test]
fn a_syntax_error_in_a_body_keeps_the_committed_manifest() {
    let dir = tempfile::tempdir().unwrap();
    let tool = "    #[tool(description = \"d\")]\n    async fn t(&self) -> String {\n        helper()\n    }\n";
    let repo = server(dir.path(), "", tool);
    let main = std::fs::read_to_string(repo.join("src/main.rs")).unwrap();
    file(&repo, "src/main.rs", format!("{main}\nfn helper() -> String {{\n    let x = ;\n    String::new()\n}}\n"));
    let committed = "{\n  \"tools\": [\n    {\n      \"name\": \"t\"\n    }\n  ]\n}\n";
    file(&repo, "mcp-tools.json", committed);
    // The helper's grammar is checked by the full parse (the fast path lexes it, and parses
    // only the bodies it reads: the helper changes no schema).
    let args = ["generate", "--rmcp-version", "3.11.0", "-o", "mcp-tools.json", "--full-parse"];
    let o = run(&args, &repo);
    insta::assert_snapshot!("body_syntax_error", expect(&o, 2, dir.path()));
    assert_eq!(std::fs::read_to_string(repo.join("mcp-tools.json")).unwrap(), committed);
    // A body that does not even lex is an error on the fast path too.
    file(&repo, "src/main.rs", format!("{main}\nfn helper() -> String {{\n    \"unclosed\n}}\n"));
    let o = run(&args[..5], &repo);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(repo.join("mcp-tools.json")).unwrap(), committed);
}

/// Class 6: a syntax error in the `main` that builds a tower-mcp router is an error, not an
/// empty manifest.
#[test]
fn a_syntax_error_in_a_tower_mcp_main_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let repo = dir.path().join("repo");
    file(&repo, "Cargo.toml", "[package]\nname = \"t\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n\n[dependencies]\ntower-mcp = \"=0.25.0\"\n");
    file(
        &repo,
        "src/main.rs",
        "use tower_mcp::{CallToolResult, McpRouter, ToolBuilder};\n\nfn main() {\n    let router = McpRouter::new()\n        \
         .tool(ToolBuilder::new(\"ok\").no_params_handler(|| async { Ok(CallToolResult::text(\"\")) }).build())\n    \
         let _ = router;\n}\n",
    );
    let o = run(&["generate"], &repo);
    insta::assert_snapshot!("tower_mcp_main_syntax_error", expect(&o, 2, dir.path()));
}

/// Class 6: a package without its target root (a renamed src/main.rs, a `[lib] path` to no
/// file) is an error, as cargo's is.
#[test]
fn a_missing_target_root_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let repo = server(dir.path(), "", "");
    std::fs::rename(repo.join("src/main.rs"), repo.join("src/server.rs")).unwrap();
    let o = run(&["generate", "--rmcp-version", "3.11.0"], &repo);
    insta::assert_snapshot!("renamed_main", expect(&o, 2, dir.path()));
    let cargo = std::fs::read_to_string(repo.join("Cargo.toml")).unwrap();
    file(&repo, "Cargo.toml", format!("{cargo}\n[lib]\npath = \"src/gone.rs\"\n"));
    std::fs::rename(repo.join("src/server.rs"), repo.join("src/main.rs")).unwrap();
    let o = run(&["generate", "--rmcp-version", "3.11.0"], &repo);
    insta::assert_snapshot!("missing_lib_path", expect(&o, 2, dir.path()));
}

/// Classes 5 and 8: a file is read as rustc reads it: a byte order mark at its start removed,
/// CRLF made LF (in a block doc comment and a raw string too). The three spellings of one crate
/// list the same tools.
#[test]
fn a_byte_order_mark_and_crlf_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let tools = "    /** First line.\n     Second line. */\n    #[tool]\n    async fn t(&self, Parameters(p): Parameters<P>) -> String {\n        \
                 String::new()\n    }\n\n    #[tool(description = r\"raw\ntwo\")]\n    async fn u(&self) -> String {\n        String::new()\n    }\n";
    let repo = server(dir.path(), "", tools);
    let main = std::fs::read_to_string(repo.join("src/main.rs")).unwrap().replace(
        "ServerHandler};",
        "ServerHandler};\nuse rmcp::handler::server::wrapper::Parameters;\n\n\
         #[derive(serde::Deserialize, schemars::JsonSchema)]\npub struct P {\n    /// The city.\n    pub city: String,\n}",
    );
    let mut runs = Vec::new();
    for text in [main.clone(), format!("\u{feff}{main}"), format!("\u{feff}{}", main.replace('\n', "\r\n"))] {
        file(&repo, "src/main.rs", text);
        for parse in [&[][..], &["--full-parse"][..]] {
            let o = run(&[&["generate", "--rmcp-version", "3.11.0"][..], parse].concat(), &repo);
            runs.push(expect(&o, 0, dir.path()));
        }
    }
    assert!(runs.iter().all(|r| *r == runs[0]), "{runs:#?}");
    insta::assert_snapshot!("bom_and_crlf", runs[0]);
}

/// Class 7: a Cargo.lock with merge-conflict markers is an error at the marker, in every profile
/// (cargo refuses it too), not a lock taken as empty or as missing.
#[test]
fn a_cargo_lock_that_does_not_parse_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let lock = "version = 4\n\n[[package]]\nname = \"rmcp\"\n<<<<<<< HEAD\nversion = \"3.11.0\"\n=======\nversion = \"3.10.0\"\n>>>>>>> theirs\n";
    let repo = server(dir.path(), "", &doc_tool("ok", "doc.md"));
    file(&repo, "src/doc.md", "Read from the crate.");
    file(&repo, "Cargo.lock", lock);
    let o = run(&["generate", "--profile", "rmcp"], &repo);
    insta::assert_snapshot!("conflicted_lock_rmcp", expect(&o, 2, dir.path()));
    let tower = dir.path().join("tower");
    file(&tower, "Cargo.toml", "[package]\nname = \"t\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n\n[dependencies]\ntower-mcp = \"0.25\"\n");
    file(&tower, "src/main.rs", "fn main() {}\n");
    file(&tower, "Cargo.lock", lock.replace("rmcp", "tower-mcp"));
    let o = run(&["generate"], &tower);
    insta::assert_snapshot!("conflicted_lock_tower_mcp", expect(&o, 2, dir.path()));
}

/// Class 2: a `.cargo/config.toml` source replacement is a registry root read only inside the
/// project or the cargo home: a `directory` out of the checkout is refused at its line, and a
/// vendored package that is a symlink out of the vendor directory is not followed (the crate's
/// types are then unknown, said once, rather than read from elsewhere on disk).
#[test]
fn a_vendor_directory_is_read_within_the_project_or_the_cargo_home() {
    let dir = tempfile::tempdir().unwrap();
    let tool = "    #[tool(description = \"d\")]\n    async fn t(&self, Parameters(p): Parameters<dep::P>) -> String {\n        \
                String::new()\n    }\n";
    let repo = server(dir.path(), "dep = \"0.1\"\nschemars = \"1\"\n", tool);
    let main = std::fs::read_to_string(repo.join("src/main.rs")).unwrap();
    file(
        &repo,
        "src/main.rs",
        main.replace("ServerHandler};", "ServerHandler};\nuse rmcp::handler::server::wrapper::Parameters;"),
    );
    let registry = "source = \"registry+https://github.com/rust-lang/crates.io-index\"\n";
    file(
        &repo,
        "Cargo.lock",
        format!(
            "version = 4\n\n[[package]]\nname = \"dep\"\nversion = \"0.1.0\"\n{registry}\n[[package]]\nname = \"hostile\"\n\
             version = \"0.1.0\"\ndependencies = [\"dep\", \"rmcp\"]\n\n[[package]]\nname = \"rmcp\"\nversion = \"3.11.0\"\n{registry}"
        ),
    );
    let outside = dir.path().join("outside/dep");
    file(&outside, "Cargo.toml", "[package]\nname = \"dep\"\nversion = \"0.1.0\"\nedition = \"2021\"\n");
    file(
        &outside,
        "src/lib.rs",
        "#[derive(serde::Deserialize, schemars::JsonSchema)]\npub struct P {\n    pub secret_from_outside: i64,\n}\n",
    );
    let home = dir.path().join("cargo-home");
    std::fs::create_dir_all(&home).unwrap();
    let config = "[source.crates-io]\nreplace-with = \"vendored\"\n\n[source.vendored]\ndirectory = \"../outside\"\n";
    file(&repo, ".cargo/config.toml", config);
    let o = run_env(&["generate", "--rmcp-version", "3.11.0"], &repo, &[("CARGO_HOME", &home)]);
    insta::assert_snapshot!("vendor_directory_outside", expect(&o, 2, dir.path()));
    #[cfg(unix)]
    {
        file(&repo, ".cargo/config.toml", config.replace("../outside", "vendor"));
        std::fs::create_dir_all(repo.join("vendor")).unwrap();
        std::os::unix::fs::symlink(&outside, repo.join("vendor/dep")).unwrap();
        let o = run_env(&["generate", "--rmcp-version", "3.11.0"], &repo, &[("CARGO_HOME", &home)]);
        insta::assert_snapshot!("vendor_package_linked_outside", expect(&o, 2, dir.path()));
    }
}

/// Class 6: a brace moved by a half-edited change puts the next `#[tool]` fn inside the body
/// before it; the body still lexes, but the tool would be lost without a word. A body naming
/// the profile's attribute is parsed with the file: a syntax error, as with `--full-parse`.
#[test]
fn a_tool_moved_into_the_body_before_it_is_a_syntax_error() {
    let dir = tempfile::tempdir().unwrap();
    let tools = "    #[tool(description = \"a\")]\n    async fn a(&self) -> String {\n        String::new()\n\n    \
                 #[tool(description = \"b\")]\n    async fn b(&self) -> String {\n        String::new()\n    }\n    }\n";
    let repo = server(dir.path(), "", tools);
    let o = run(&["generate", "--rmcp-version", "3.11.0"], &repo);
    insta::assert_snapshot!(expect(&o, 2, dir.path()));
}
