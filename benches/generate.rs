//! Benchmark: `mcp-schema generate` on synthetic rmcp crates of 50, 600 and 3,000 files, against
//! the reference floor measured in the same run (a plain single-threaded pass that reads every
//! `.rs` file and parses it in full with `syn::parse_file`).
//!
//!     cargo bench --bench generate [-- SIZES...]
//!
//! Prints, per size: source size, floor and generate wall times (best of several runs), their
//! ratio, and the peak resident memory of the generate process against the source size.
//!
//! The floor runs in a child process (this binary again, with `--floor DIR`): Linux gives a
//! child the peak RSS of the process it was spawned from, so a parent that had parsed the whole
//! crate would inflate every figure. For the same reason the parent never holds a manifest: it
//! counts the tools without building JSON values.

mod synth;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const RUNS: usize = 5;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--floor") {
        let nanos = floor(Path::new(&args[i + 1])).as_nanos();
        println!("{nanos}");
        return;
    }
    let mut sizes: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    if sizes.is_empty() {
        sizes = vec![50, 600, 3000];
    }
    let lock =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/rmcp/v3_11/Cargo.lock")).unwrap();
    let bin = env!("CARGO_BIN_EXE_mcp-schema");
    println!(
        "machine: {} cores; {RUNS} runs per figure, best wall time",
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    println!("fixed cost: generate peaks at {:.1}MB on a crate with no tools", empty_run_rss_kb(bin) as f64 / 1e3);
    println!(
        "{:>6} {:>9} {:>10} {:>11} {:>7} {:>10} {:>9}",
        "files", "source", "floor", "generate", "ratio", "peak RSS", "RSS/src"
    );
    for n in sizes {
        // MCP_SCHEMA_BENCH_KEEP=DIR keeps the generated crates there, for inspection.
        let dir = match std::env::var_os("MCP_SCHEMA_BENCH_KEEP") {
            Some(keep) => {
                std::fs::create_dir_all(&keep).unwrap();
                tempfile::Builder::new()
                    .prefix(&format!("synthetic-{n}-"))
                    .disable_cleanup(true)
                    .tempdir_in(keep)
                    .unwrap()
            }
            None => tempfile::tempdir().unwrap(),
        };
        let bytes = synth::write_crate(dir.path(), n, &lock).unwrap();
        let tools = expected_tools(n);
        let floor = (0..RUNS).map(|_| floor_in_child(dir.path())).min().unwrap();
        let mut best = Duration::MAX;
        let mut peak_kb = 0;
        for _ in 0..RUNS {
            let (wall, rss_kb, listed) = generate(bin, dir.path(), Stdio::inherit());
            assert_eq!(listed, tools, "generate listed {listed} tools, expected {tools}");
            best = best.min(wall);
            peak_kb = peak_kb.max(rss_kb);
        }
        let mb = bytes as f64 / 1e6;
        println!(
            "{n:>6} {:>7.1}MB {:>8.1}ms {:>9.1}ms {:>6.2}x {:>8.1}MB {:>8.2}x",
            mb,
            ms(floor),
            ms(best),
            best.as_secs_f64() / floor.as_secs_f64(),
            peak_kb as f64 / 1e3,
            peak_kb as f64 * 1e3 / bytes as f64,
        );
    }
}

/// The peak RSS of a run on a one-line rmcp crate: the program itself (its code, libc, the
/// allocator's first pages), which every figure below includes. Its warnings (no lock, no server)
/// are not shown.
fn empty_run_rss_kb(bin: &str) -> i64 {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("src")).unwrap();
    std::fs::write(
        dir.path().join("Cargo.toml"),
        "[package]\nname = \"empty\"\nversion = \"0.1.0\"\n\n[dependencies]\nrmcp = \"0.8\"\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("src/main.rs"), "fn main() {}\n").unwrap();
    (0..RUNS).map(|_| generate(bin, dir.path(), Stdio::null())).map(|(_, rss, listed)| (rss, listed)).fold(
        0,
        |peak, (rss, listed)| {
            assert_eq!(listed, 0);
            peak.max(rss)
        },
    )
}

fn expected_tools(files: usize) -> usize {
    files.div_ceil(3) * 3
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// The floor, measured by a child process.
fn floor_in_child(root: &Path) -> Duration {
    let out = Command::new(std::env::current_exe().unwrap()).arg("--floor").arg(root).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    Duration::from_nanos(String::from_utf8(out.stdout).unwrap().trim().parse().unwrap())
}

/// The reference floor: read every `.rs` file and parse it in full, on one thread.
fn floor(root: &Path) -> Duration {
    let start = Instant::now();
    let mut items = 0;
    for entry in walkdir::WalkDir::new(root.join("src")).into_iter().filter_map(Result::ok) {
        if entry.path().extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(entry.path()).unwrap();
            items += syn::parse_file(&text).unwrap().items.len();
        }
    }
    assert!(items > 0);
    start.elapsed()
}

/// One `generate` run: wall time, peak RSS in kB (from wait4), and the number of tools listed.
fn generate(bin: &str, root: &Path, stderr: Stdio) -> (Duration, i64, usize) {
    let out = tempfile::NamedTempFile::new().unwrap();
    let start = Instant::now();
    #[allow(clippy::zombie_processes)] // reaped by wait4 below, which also gives its peak memory
    let child = Command::new(bin)
        .args(["generate", "--profile", "rmcp"])
        .arg(root)
        .stdout(Stdio::from(out.reopen().unwrap()))
        .stderr(stderr)
        .spawn()
        .unwrap();
    let mut status = 0;
    // SAFETY: rusage is plain data, and the pid is our own child, reaped here exactly once.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = unsafe { libc::wait4(child.id() as i32, &mut status, 0, &mut usage) };
    let wall = start.elapsed();
    assert_eq!(pid, child.id() as i32);
    assert!(libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0, "generate failed");
    (wall, usage.ru_maxrss, count_tools(out.path()))
}

/// The number of tools in a manifest, read without building its values.
fn count_tools(path: &Path) -> usize {
    #[derive(serde::Deserialize)]
    struct Doc {
        tools: Vec<serde::de::IgnoredAny>,
    }
    let reader = std::io::BufReader::new(std::fs::File::open(path).unwrap());
    let doc: Doc = serde_json::from_reader(reader).unwrap();
    doc.tools.len()
}
