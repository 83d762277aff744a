//! The hostile set: a minimal crate of our own for each of issue 32's classes (and variants),
//! generated here, each run through `generate`, `check`, `list` and `docs` (and `validate` for
//! recordings): no panic, no abort, no hang (killed after 60 s), exit 0 or 2 only, and no secret
//! of the machine (the environment, `.git/config`'s token, a file beside the checkout) on stdout.
//! It is the set to run against a release build, `#[ignore]`d for its 150-odd runs: the release
//! step of `.ci/run` runs it. What each case prints is held by the snapshots of
//! `tests/it/hostile*.rs`; this holds the rules over every case and command.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// A secret no run may print: in `.git/config`, beside the checkout, and in the environment.
const SECRET: &str = "SECRET-8c1f";

const MANIFEST: &str = "[package]\nname = \"hostile\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n\n\
     [dependencies]\nrmcp = { version = \"=3.11.0\", features = [\"server\", \"macros\", \"schemars\"] }\n\
     schemars = \"1\"\nserde = { version = \"1\", features = [\"derive\"] }\n";

/// An rmcp server with `items` before its router and `tools` in it.
fn server(items: &str, tools: &str) -> String {
    format!(
        "use rmcp::{{handler::server::router::tool::ToolRouter, handler::server::wrapper::Parameters}};\n\
         use rmcp::{{tool, tool_handler, tool_router, ServerHandler}};\n\n{items}\n\n#[derive(Clone)]\npub struct Server {{\n    \
         tool_router: ToolRouter<Self>,\n}}\n\n#[tool_router]\nimpl Server {{\n{tools}}}\n\n#[tool_handler]\nimpl ServerHandler for Server {{}}\n\nfn main() {{}}\n"
    )
}

fn tool(attr: &str, name: &str, params: &str) -> String {
    format!(
        "    {attr}\n    #[tool]\n    async fn {name}(&self{params}) -> String {{\n        String::new()\n    }}\n\n"
    )
}

/// One case: files (relative path, bytes) on top of the base crate; `None` as the main.rs keeps
/// the base server.
struct Case {
    name: &'static str,
    files: Vec<(&'static str, Vec<u8>)>,
}

fn case(name: &'static str, files: Vec<(&'static str, String)>) -> Case {
    Case { name, files: files.into_iter().map(|(p, t)| (p, t.into_bytes())).collect() }
}

fn main_rs(items: &str, tools: &str) -> (&'static str, String) {
    ("src/main.rs", server(items, tools))
}

fn nested(open: &str, close: &str, depth: usize, inner: &str) -> String {
    format!("{}{inner}{}", open.repeat(depth), close.repeat(depth))
}

fn cases() -> Vec<Case> {
    let p = |t: &str| format!(", Parameters(p): Parameters<{t}>");
    let q = "#[derive(serde::Deserialize, schemars::JsonSchema)]\npub struct Q {\n    pub a: i64,\n}";
    let doc = |path: &str| format!("#[doc = include_str!(\"{path}\")]");
    let mut out = vec![
        // 1: include_str!/include_bytes! of anything but the project's regular files.
        case("1-environ", vec![main_rs("", &tool(&doc("/proc/self/environ"), "t", ""))]),
        case("1-git-config", vec![main_rs("", &tool(&doc("../.git/config"), "t", ""))]),
        case("1-dev-zero", vec![main_rs("", &tool(&doc("/dev/zero"), "t", ""))]),
        case("1-outside", vec![main_rs("", &tool(&doc("../../outside.txt"), "t", ""))]),
        case(
            "1-include-bytes-default",
            vec![main_rs(
                "const D: &[u8] = include_bytes!(\"/proc/self/environ\");\nfn d() -> String { String::from_utf8_lossy(D).into_owned() }\n\
                 #[derive(serde::Deserialize, schemars::JsonSchema)]\npub struct Q {\n    #[serde(default = \"d\")]\n    pub a: String,\n}",
                &tool("/// d", "t", &p("Q")),
            )],
        ),
        // 2: config schema files and target paths out of the project.
        case(
            "2-schemas-outside",
            vec![
                main_rs(q, &tool("/// d", "t", &p("Q"))),
                ("mcp-schema.toml", "[schemas]\n\"crate::Q\" = \"../../outside.json\"\n".into()),
            ],
        ),
        case(
            "2-schemas-git",
            vec![main_rs(q, &tool("/// d", "t", &p("Q"))), ("mcp-schema.toml", "[schemas]\n\"crate::Q\" = \"../.git/config\"\n".into())],
        ),
        case("2-bin-path-outside", vec![("Cargo.toml", format!("{MANIFEST}\n[[bin]]\nname = \"x\"\npath = \"../../outside.txt\"\n"))]),
        case("2-lib-path-device", vec![("Cargo.toml", format!("{MANIFEST}\n[lib]\npath = \"/dev/zero\"\n"))]),
        case(
            "2-vendor-root",
            vec![(".cargo/config.toml", "[source.crates-io]\nreplace-with = \"v\"\n\n[source.v]\ndirectory = \"/\"\n".into())],
        ),
        case(
            "2-vendor-outside",
            vec![
                (".cargo/config.toml", "[source.crates-io]\nreplace-with = \"v\"\n\n[source.v]\ndirectory = \"../vendor\"\n".into()),
                ("Cargo.toml", MANIFEST.replace("[dependencies]\n", "[dependencies]\ndep = \"0.1\"\n")),
                (
                    "Cargo.lock",
                    "version = 4\n\n[[package]]\nname = \"dep\"\nversion = \"0.1.0\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\n\n\
                     [[package]]\nname = \"hostile\"\nversion = \"0.1.0\"\ndependencies = [\"dep\"]\n"
                        .into(),
                ),
                main_rs("", &tool("/// d", "t", &p("dep::P"))),
                ("../vendor/dep/Cargo.toml", "[package]\nname = \"dep\"\nversion = \"0.1.0\"\n".into()),
                (
                    "../vendor/dep/src/lib.rs",
                    format!("#[derive(serde::Deserialize, schemars::JsonSchema)]\npub struct P {{\n    /// {SECRET}\n    pub a: i64,\n}}\n"),
                ),
            ],
        ),
        // 3 and 4: workflow commands, control characters and Markdown in crate text.
        case(
            "3-workflow-command",
            vec![main_rs(
                "",
                "    #[tool(name = \"a\\n::error file=src/main.rs::forged\\n::stop-commands::x\")]\n    async fn t(&self) -> String {\n        String::new()\n    }\n",
            )],
        ),
        case(
            "3-control-characters",
            vec![main_rs("", "    /// bell \u{7} escape \u{1b}[31m red \u{1b}]8;;x\u{7}link\n    #[tool]\n    async fn t(&self) -> String {\n        String::new()\n    }\n")],
        ),
        case(
            "4-markdown",
            vec![main_rs(
                "",
                "    #[tool(name = \"x|y\\n# heading @octocat ![i](https://e.x/i.png) <img src=x>\")]\n    async fn t(&self) -> String {\n        String::new()\n    }\n",
            )],
        ),
        // 5 and 8: BOM and CRLF.
        case("5-bom", vec![("src/main.rs", format!("\u{feff}{}", server(q, &tool("/// d", "t", &p("Q")))))]),
        case("8-crlf", vec![("src/main.rs", server(q, &tool("/** a\n b */", "t", &p("Q"))).replace('\n', "\r\n"))]),
        // 6: code that does not parse, missing roots.
        case("6-body-syntax-error", vec![main_rs("fn helper() -> String { let = ; }", &tool("/// d", "t", ""))]),
        case("6-main-missing", vec![("src/lib.rs", "pub fn f() {}\n".into()), ("src/main.rs", String::new())]),
        case("6-lib-path-missing", vec![("Cargo.toml", format!("{MANIFEST}\n[lib]\npath = \"src/nothing.rs\"\n"))]),
        case("6-unclosed", vec![("src/main.rs", server("", &tool("/// d", "t", "")).replace("fn main() {}", "fn main() {"))]),
        // 7: a conflicted lock.
        case(
            "7-conflicted-lock",
            vec![("Cargo.lock", "version = 4\n<<<<<<< HEAD\n[[package]]\nname = \"rmcp\"\nversion = \"3.11.0\"\n=======\n>>>>>>> x\n".into())],
        ),
        // 9: dependencies whose root does not parse.
        case(
            "9-path-dependency",
            vec![
                ("Cargo.toml", MANIFEST.replace("[dependencies]\n", "[dependencies]\ndep = { path = \"dep\" }\n")),
                main_rs("", &tool("/// d", "t", &p("dep::P"))),
                ("dep/Cargo.toml", "[package]\nname = \"dep\"\nversion = \"0.1.0\"\n".into()),
                ("dep/src/lib.rs", "pub struct P { pub a: i64\n".into()),
            ],
        ),
        // 10: size and depth.
        case(
            "10-format-doubling",
            vec![main_rs(
                "const S: &str = \"ab\";\nfn d() -> String {\n    let mut s = String::from(S);\n    for _ in 0..40 {\n        s = format!(\"{s}{s}\");\n    }\n    s\n}\n\
                 #[derive(serde::Deserialize, schemars::JsonSchema)]\npub struct Q {\n    #[serde(default = \"d\")]\n    pub a: String,\n}",
                &tool("/// d", "t", &p("Q")),
            )],
        ),
        case(
            "10-json-doubling",
            vec![main_rs(
                "fn d() -> serde_json::Value {\n    let mut v = serde_json::json!([1]);\n    loop {\n        v = serde_json::json!([v.clone(), v]);\n    }\n}\n\
                 #[derive(serde::Deserialize, schemars::JsonSchema)]\npub struct Q {\n    #[serde(default = \"d\")]\n    pub a: serde_json::Value,\n}",
                &tool("/// d", "t", &p("Q")),
            )],
        ),
        case(
            "10-growing-generic",
            vec![main_rs(
                "#[derive(serde::Deserialize, schemars::JsonSchema)]\npub struct G<T> {\n    pub v: T,\n    pub next: Option<Box<G<(T, T)>>>,\n}",
                &tool("/// d", "t", &p("G<u8>")),
            )],
        ),
        case("10-nested-generics", vec![main_rs(&format!("type Deep = {};", nested("Vec<", ">", 100_000, "u8")), &tool("/// d", "t", ""))]),
        case("10-nested-blocks", vec![main_rs(&format!("fn deep() {{ {} }}", nested("{", "}", 1_000_000, "")), &tool("/// d", "t", ""))]),
        // 11: workspace members out of the workspace.
        case("11-members-usr", vec![("Cargo.toml", MANIFEST.replace("[workspace]\n", "[workspace]\nmembers = [\"/usr/**\", \"../*\"]\n"))]),
        // 12: super-linear shapes, small.
        case(
            "12-cfg-depth",
            vec![main_rs(&format!("#[cfg({})]\nfn gated() {{}}", nested("all(", ")", 5_000, "unix")), &tool("/// d", "t", ""))],
        ),
        case(
            "12-big-unused-body",
            vec![main_rs(&format!("fn big() {{\n{}}}", "    let x = 1 + 2 * 3;\n".repeat(200_000)), &tool("/// d", "t", ""))],
        ),
    ];
    // The same with a symlink out of the crate, where the system makes one.
    out.push(case(
        "1-symlink-module",
        vec![main_rs("#[path = \"../link/secret.rs\"]\nmod secret;", &tool("/// d", "t", ""))],
    ));
    out
}

/// The binary under test: this build's, or `MCP_SCHEMA_HOSTILE_BIN` (another build, an older
/// release: `MCP_SCHEMA_HOSTILE_BIN=/path/to/mcp-schema cargo test --test it hostile_set --
/// --ignored`).
pub(crate) fn binary() -> PathBuf {
    std::env::var_os("MCP_SCHEMA_HOSTILE_BIN")
        .map_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_mcp-schema")), PathBuf::from)
}

/// The run, killed after 60 s.
fn run(args: &[&str], dir: &Path, stdin: Option<&Path>) -> Result<std::process::Output, String> {
    let mut command = Command::new(binary());
    command
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("HOSTILE_SECRET", SECRET)
        .env("CARGO_HOME", dir.join("cargo-home"))
        .stdin(stdin.map_or(Stdio::null(), |p| Stdio::from(std::fs::File::open(p).unwrap())));
    crate::support::output_within(&mut command, Duration::from_secs(60))
        .ok_or_else(|| "hung (killed after 60 s)".into())
}

/// What is wrong with a run, if anything.
fn verdict(out: &std::process::Output) -> Option<String> {
    let err = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    if err.contains("panicked") || err.contains("stack overflow") || err.contains("memory allocation") {
        return Some(format!("crashed: {}", err.lines().last().unwrap_or("")));
    }
    if stdout.contains(SECRET) || err.contains(SECRET) {
        return Some("printed a secret".into());
    }
    match out.status.code() {
        Some(0 | 2) => None,
        other => {
            Some(format!("exit {other:?} (signal {:?})", std::os::unix::process::ExitStatusExt::signal(&out.status)))
        }
    }
}

fn lay_out(root: &Path, c: &Case) -> PathBuf {
    let repo = root.join(c.name).join("repo");
    let write = |rel: &str, bytes: &[u8]| {
        let path = repo.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    };
    write(".git/config", format!("[http]\n\textraheader = AUTHORIZATION: basic {SECRET}\n").as_bytes());
    write("Cargo.toml", MANIFEST.as_bytes());
    write("src/main.rs", server("", &tool("/// d", "t", "")).as_bytes());
    for (rel, bytes) in &c.files {
        write(rel, bytes);
    }
    std::fs::create_dir_all(repo.join("cargo-home")).unwrap();
    std::fs::write(root.join(c.name).join("outside.txt"), SECRET).unwrap();
    std::fs::write(root.join(c.name).join("outside.json"), format!("{{\"description\": \"{SECRET}\"}}")).unwrap();
    std::fs::create_dir_all(root.join(c.name).join("link")).unwrap();
    std::fs::write(root.join(c.name).join("link/secret.rs"), format!("/// {SECRET}\npub struct S;\n")).unwrap();
    repo
}

/// Recordings that attack `validate` (class 14): a BOM, nesting past 128, control characters, an
/// unterminated line.
fn recordings(dir: &Path) -> Vec<PathBuf> {
    let deep = format!("{{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}}\n", nested("[", "]", 200, "1"));
    let texts = [
        "\u{feff}{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}\n".to_string(),
        deep,
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"t\u{1b}[2J\\u001b]8;;\"}}\n"
            .to_string(),
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":".repeat(10_000),
    ];
    texts
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let p = dir.join(format!("recording-{i}.jsonl"));
            std::fs::write(&p, t).unwrap();
            p
        })
        .collect()
}

#[test]
#[ignore = "150-odd runs of the binary: the release step runs it"]
fn the_hostile_set_never_panics_hangs_aborts_or_leaks() {
    let dir = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    let mut runs = 0;
    let cases = cases();
    for c in &cases {
        let repo = lay_out(dir.path(), c);
        if c.name == "1-symlink-module" {
            #[cfg(unix)]
            std::os::unix::fs::symlink(dir.path().join(c.name).join("link"), repo.join("link")).unwrap();
        }
        let fifo = repo.join("fifo.txt");
        let _ = Command::new("mkfifo").arg(&fifo).status();
        for args in [
            &["generate", "--rmcp-version", "3.11.0", "-o", "-"][..],
            &["generate", "--rmcp-version", "3.11.0", "--full-parse", "-o", "-"],
            &["check", "--rmcp-version", "3.11.0", "--format", "github"],
            &["check", "--rmcp-version", "3.11.0", "--format", "markdown"],
            &["list", "--rmcp-version", "3.11.0"],
            &["docs", "--rmcp-version", "3.11.0"],
        ] {
            runs += 1;
            match run(args, &repo, None) {
                Ok(out) => {
                    if let Some(why) = verdict(&out) {
                        failures.push(format!("{} `{}`: {why}", c.name, args.join(" ")));
                    }
                }
                Err(why) => failures.push(format!("{} `{}`: {why}", c.name, args.join(" "))),
            }
        }
    }
    // The FIFO and the recordings, against the base crate's manifest.
    let base = lay_out(dir.path(), &Case { name: "base", files: Vec::new() });
    let _ = run(&["generate", "--rmcp-version", "3.11.0"], &base, None);
    let fifo = base.join("fifo.txt");
    let _ = Command::new("mkfifo").arg(&fifo).status();
    let doc_fifo = lay_out(
        dir.path(),
        &case("1-fifo", vec![main_rs("", &tool("#[doc = include_str!(\"../fifo.txt\")]", "t", ""))]),
    );
    let _ = Command::new("mkfifo").arg(doc_fifo.join("fifo.txt")).status();
    let mut extra: Vec<(Vec<String>, PathBuf, Option<PathBuf>)> = vec![
        (
            vec!["generate".into(), "--rmcp-version".into(), "3.11.0".into(), "-o".into(), "fifo.txt".into()],
            base.clone(),
            None,
        ),
        (vec!["generate".into(), "--rmcp-version".into(), "3.11.0".into()], doc_fifo, None),
    ];
    for r in recordings(dir.path()) {
        extra.push((vec!["validate".into(), r.display().to_string()], base.clone(), None));
        extra.push((vec!["validate".into(), "-".into()], base.clone(), Some(r)));
    }
    for (args, at, stdin) in &extra {
        runs += 1;
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        match run(&args, at, stdin.as_deref()) {
            Ok(out) => {
                if let Some(why) = verdict(&out) {
                    failures.push(format!("`{}`: {why}", args.join(" ")));
                }
            }
            Err(why) => failures.push(format!("`{}`: {why}", args.join(" "))),
        }
    }
    eprintln!("hostile set: {} cases, {runs} runs, {} failed", cases.len() + 1, failures.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
