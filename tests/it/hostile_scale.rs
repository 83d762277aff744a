//! Issue 32's class 12 at size: a pull request can make a crate large, and the run must grow
//! linearly with it. Slow in a debug build, so `#[ignore]`d: the release step of `.ci/run` runs
//! them (`cargo test --release -- --ignored`).

use std::path::Path;
use std::process::{Command, Stdio};

/// An rmcp crate with `tools` tools in one `#[tool_router]` impl, each body naming `iter_mut`
/// (a word the startup-rewrite scan parses a body for: every body is parsed).
fn tools_in_one_impl(dir: &Path, tools: usize) {
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(
        dir.join("Cargo.toml"),
        "[package]\nname = \"many\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n\n[dependencies]\n\
         rmcp = { version = \"=3.11.0\", features = [\"server\", \"macros\", \"schemars\"] }\n",
    )
    .unwrap();
    let mut main = String::from(
        "use rmcp::{handler::server::router::tool::ToolRouter, handler::server::wrapper::Parameters};\n\
         use rmcp::{tool, tool_handler, tool_router, ServerHandler};\n\n#[derive(Clone)]\npub struct Server {\n    \
         tool_router: ToolRouter<Self>,\n}\n\n#[derive(serde::Deserialize, schemars::JsonSchema)]\npub struct Q {\n    \
         pub text: String,\n}\n\n#[tool_router]\nimpl Server {\n",
    );
    for i in 0..tools {
        main.push_str(&format!(
            "    /// Tool {i}.\n    #[tool]\n    async fn tool_{i}(&self, Parameters(q): Parameters<Q>) -> String {{\n        \
             let mut v = vec![q.text.len() + {i}];\n        for x in v.iter_mut() {{\n            *x += 1;\n        }}\n        \
             format!(\"{{}}\", v[0])\n    }}\n\n"
        ));
    }
    main.push_str("}\n\n#[tool_handler]\nimpl ServerHandler for Server {}\n\nfn main() {}\n");
    std::fs::write(dir.join("src/main.rs"), main).unwrap();
}

/// The best of three `generate` runs: CPU seconds (user and system) and peak RSS in kB (both
/// from wait4: CPU rather than wall time, which a loaded machine stretches).
fn best_run(dir: &Path, tools: usize) -> (f64, i64) {
    let mut best = (f64::MAX, i64::MAX);
    for _ in 0..3 {
        #[allow(clippy::zombie_processes)] // reaped by wait4 below
        let mut child = Command::new(crate::hostile_set::binary())
            .args(["generate", "--rmcp-version", "3.11.0", "-o", "-"])
            .current_dir(dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let reader = std::thread::spawn(move || {
            let mut out = Vec::new();
            std::io::Read::read_to_end(&mut stdout, &mut out).unwrap();
            out
        });
        let mut status = 0;
        // SAFETY: rusage is plain data, and the pid is our own child, reaped here exactly once.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let pid = unsafe { libc::wait4(child.id() as i32, &mut status, 0, &mut usage) };
        assert!(pid > 0 && libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0, "generate failed");
        let out: serde_json::Value = serde_json::from_slice(&reader.join().unwrap()).unwrap();
        assert_eq!(out["tools"].as_array().map(Vec::len), Some(tools));
        let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
        let cpu = secs(usage.ru_utime) + secs(usage.ru_stime);
        best = (best.0.min(cpu), best.1.min(usage.ru_maxrss));
    }
    best
}

/// An rmcp server with `tools` tools in one file, each taking a struct of its own defined in
/// that file (each struct a deferred item, parsed again when its tool asks for it).
fn types_in_one_file(dir: &Path, tools: usize) {
    tools_in_one_impl(dir, 0);
    let mut main = String::from(
        "use rmcp::{handler::server::router::tool::ToolRouter, handler::server::wrapper::Parameters};\n\
         use rmcp::{tool, tool_handler, tool_router, ServerHandler};\n\n#[derive(Clone)]\npub struct Server {\n    \
         tool_router: ToolRouter<Self>,\n}\n\n",
    );
    for i in 0..tools {
        main.push_str(&format!(
            "#[derive(serde::Deserialize, schemars::JsonSchema)]\npub struct Q{i} {{\n    /// The text.\n    pub text: String,\n    \
             pub n: Option<u32>,\n}}\n\n"
        ));
    }
    main.push_str("#[tool_router]\nimpl Server {\n");
    for i in 0..tools {
        main.push_str(&format!(
            "    /// Tool {i}.\n    #[tool]\n    async fn tool_{i}(&self, Parameters(q): Parameters<Q{i}>) -> String {{\n        \
             q.text\n    }}\n\n"
        ));
    }
    main.push_str("}\n\n#[tool_handler]\nimpl ServerHandler for Server {}\n\nfn main() {}\n");
    std::fs::write(dir.join("src/main.rs"), main).unwrap();
}

/// Twice the tools cost at most 2.5 times the peak memory and 3 times the CPU (CPU time is the
/// noisier on a loaded machine; N² doubles to 4 times either, and the previous main's runs were
/// 3.2 to 3.7 times the memory).
fn grows_linearly(shape: &str, write: fn(&Path, usize)) {
    let dir = tempfile::tempdir().unwrap();
    let mut runs = Vec::new();
    for tools in [4_000, 8_000] {
        let krate = dir.path().join(format!("t{tools}"));
        write(&krate, tools);
        runs.push(best_run(&krate, tools));
    }
    let [(cpu_1, rss_1), (cpu_2, rss_2)] = [runs[0], runs[1]];
    eprintln!("{shape}: 4,000 tools {cpu_1:.2}s {rss_1} kB, 8,000 tools {cpu_2:.2}s {rss_2} kB");
    assert!(cpu_2 <= 3.0 * cpu_1 + 0.05, "{shape}: CPU grows faster than linearly: {cpu_1:.2}s, then {cpu_2:.2}s");
    assert!(
        rss_2 as f64 <= 2.5 * rss_1 as f64,
        "{shape}: memory grows faster than linearly: {rss_1} kB, then {rss_2} kB"
    );
}

/// Tools in one impl (each body parsed on demand used to be padded to its own line, and
/// proc-macro2 kept a line table as long as the file for each: 4,000 tools took 1.3 GB).
#[test]
#[ignore = "seconds in a debug build: the release step runs it"]
fn tools_in_one_impl_grow_linearly() {
    grows_linearly("tools in one impl", tools_in_one_impl);
}

/// Types in one file (each deferred item parsed again was padded the same way: 4,000 took 616 MB).
#[test]
#[ignore = "seconds in a debug build: the release step runs it"]
fn types_in_one_file_grow_linearly() {
    grows_linearly("types in one file", types_in_one_file);
}
