//! Benchmark: `mcp-schema generate` on synthetic rmcp crates of two shapes, against the reference
//! floor measured in the same run (a plain single-threaded pass that reads every `.rs` file and
//! parses it in full with `syn::parse_file`):
//!
//! * `big`: crates of 50, 600 and 3,000 files with long fn bodies ([`synth::write_crate`]);
//! * `small`: 600 short files of type definitions, 600 tools, one `+` chain of 200 routers
//!   ([`synth::write_small_crate`]; 631 files with the `mod.rs` files and `main.rs`).
//!
//! ```sh
//! cargo bench --bench generate [-- [big|small]... [SIZES...]]
//! MCP_SCHEMA_BENCH_BASELINE=/path/to/old/mcp-schema cargo bench --bench generate -- 600
//! MCP_SCHEMA_BENCH_BASELINE=/path/to/old/mcp-schema cargo bench --bench generate -- commands big 600
//! ```
//!
//! `commands` measures `list` and `check` instead of `generate` ([`run_commands`]): what counting
//! tokens adds to them (docs/tokens.md).
//!
//! Sizes, when given, apply to every shape selected. Prints, per shape and size: source size,
//! floor and generate wall times (best of several runs), their ratio, and the peak resident
//! memory of the generate process against the source size. With a baseline binary, each figure
//! is given for the baseline and for this build side by side, their runs alternating.
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

#[derive(Clone, Copy, PartialEq)]
enum Shape {
    Big,
    Small,
    /// The small-file shape with ordinary methods on the tools' types.
    Methods,
    /// The methods, an output-schema helper the tools call, and a startup rewrite.
    RealServer,
    /// The methods and eight server types in one `[[servers]]` configuration: all of them
    /// against one of them ([`run_servers_shape`]).
    Servers,
}

impl Shape {
    fn name(self) -> &'static str {
        match self {
            Shape::Big => "big",
            Shape::Small => "small",
            Shape::Methods => "methods",
            Shape::RealServer => "server",
            Shape::Servers => "servers",
        }
    }

    fn default_sizes(self) -> &'static [usize] {
        match self {
            Shape::Big => &[50, 600, 3000],
            Shape::Small | Shape::Methods | Shape::RealServer | Shape::Servers => &[600],
        }
    }

    fn write(self, root: &Path, files: usize, lock: &str) -> u64 {
        match self {
            Shape::Big => synth::write_crate(root, files, lock),
            Shape::Small => synth::write_small_crate(root, files, lock),
            Shape::Methods => synth::write_small_crate_with(root, files, lock, synth::Extra::Methods),
            Shape::RealServer => synth::write_small_crate_with(root, files, lock, synth::Extra::RealServer),
            Shape::Servers => synth::write_small_crate_with(root, files, lock, synth::Extra::Servers),
        }
        .unwrap()
    }
}

/// The binaries compared: the optional baseline first, then this build.
struct Bin {
    label: &'static str,
    path: String,
}

/// The best wall time and the peak RSS (kB) of one binary over the runs of one crate.
#[derive(Clone, Copy)]
struct Figure {
    best: Duration,
    peak_kb: i64,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--floor") {
        let nanos = floor(Path::new(&args[i + 1])).as_nanos();
        println!("{nanos}");
        return;
    }
    // `cargo bench` passes `--bench`; anything that is neither a shape nor a size is ignored.
    let sizes: Vec<usize> = args.iter().skip(1).filter_map(|a| a.parse().ok()).collect();
    let mut shapes: Vec<Shape> = args
        .iter()
        .skip(1)
        .filter_map(|a| match a.as_str() {
            "big" => Some(Shape::Big),
            "small" => Some(Shape::Small),
            "methods" => Some(Shape::Methods),
            "server" => Some(Shape::RealServer),
            "servers" => Some(Shape::Servers),
            _ => None,
        })
        .collect();
    if shapes.is_empty() {
        shapes = vec![Shape::Big, Shape::Small, Shape::Methods, Shape::RealServer, Shape::Servers];
    }
    // `--limits`: fail when a ratio is far past its goal (the release step runs the smallest sizes).
    let limits = args.iter().any(|a| a == "--limits");
    let commands = args.iter().any(|a| a == "commands");
    let lock =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/rmcp/v3_11/Cargo.lock")).unwrap();
    let mut bins = Vec::new();
    if let Some(baseline) = std::env::var_os("MCP_SCHEMA_BENCH_BASELINE") {
        bins.push(Bin { label: "baseline", path: baseline.into_string().expect("a UTF-8 path") });
    }
    bins.push(Bin { label: "current", path: env!("CARGO_BIN_EXE_mcp-schema").to_owned() });
    println!(
        "machine: {} cores; {RUNS} runs per figure, best wall time{}",
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        if bins.len() > 1 { "; baseline and current runs alternate" } else { "" }
    );
    if commands {
        for &shape in &shapes {
            let sizes = if sizes.is_empty() { vec![600] } else { sizes.clone() };
            for &n in &sizes {
                run_commands(shape, n, &lock, &bins);
            }
        }
        return;
    }
    for bin in &bins {
        println!(
            "fixed cost ({}): generate peaks at {:.1}MB on a crate with no tools",
            bin.label,
            empty_run_rss_kb(&bin.path) as f64 / 1e3
        );
    }
    print!("{:>5} {:>6} {:>9} {:>10}", "shape", "files", "source", "floor");
    for bin in &bins {
        let tag = if bins.len() > 1 { &bin.label[..4] } else { "" };
        print!(" {:>11} {:>7} {:>10} {:>8}", format!("{tag} gen"), "ratio", "peak RSS", "RSS/src");
    }
    println!();
    for &shape in &shapes {
        let sizes = if sizes.is_empty() { shape.default_sizes().to_vec() } else { sizes.clone() };
        for &n in &sizes {
            let ratio = if shape == Shape::Servers {
                run_servers_shape(n, &lock, &bins)
            } else {
                run_size(shape, n, &lock, &bins)
            };
            if limits && ratio > shape.limit(n) {
                eprintln!("{} {n}: {ratio:.2}x, far past the goal (limit {:.2}x)", shape.name(), shape.limit(n));
                std::process::exit(1);
            }
        }
    }
}

impl Shape {
    /// The ratio `--limits` fails beyond: well past each goal (big 0.07x of the floor, the small
    /// shapes 0.5x, eight servers 2x one), so that only a regression of the size of issue 34's
    /// (1.60x on big 50 files, 1.34x on small files at 600) trips it on this shared machine. Under
    /// 200 files the process's start-up is most of a small crate's run, and the limit is wider.
    fn limit(self, files: usize) -> f64 {
        match (self, files < 200) {
            (Shape::Big, _) => 0.4,
            (Shape::Small | Shape::Methods | Shape::RealServer, true) => 2.5,
            (Shape::Small | Shape::Methods | Shape::RealServer, false) => 1.5,
            (Shape::Servers, _) => 4.0,
        }
    }
}

/// Eight servers of one crate (`generate` at the `[[servers]]` configuration, writing eight
/// manifests) against one of them (`--server s0`): the floor column is the one server. Returns
/// this build's ratio.
fn run_servers_shape(n: usize, lock: &str, bins: &[Bin]) -> f64 {
    let dir = bench_dir(Shape::Servers, n);
    let bytes = Shape::Servers.write(dir.path(), n, lock);
    let run = |bin: &Bin, one: bool| {
        let mut cmd = Command::new(&bin.path);
        cmd.arg("generate").arg(dir.path()).stdout(Stdio::null()).stderr(Stdio::null());
        if one {
            cmd.args(["--server", "s0"]);
        }
        let start = Instant::now();
        let status = cmd.status().unwrap();
        assert!(status.success(), "{} generate failed", bin.label);
        start.elapsed()
    };
    let mut one = vec![Duration::MAX; bins.len()];
    let mut all = vec![Duration::MAX; bins.len()];
    for _ in 0..RUNS {
        for (i, bin) in bins.iter().enumerate() {
            one[i] = one[i].min(run(bin, true));
            all[i] = all[i].min(run(bin, false));
        }
    }
    for k in 0..synth::SERVERS {
        assert!(dir.path().join(format!("m{k}.json")).is_file(), "no manifest of server s{k}");
    }
    print!("{:>7} {n:>6} {:>7.1}MB", "servers", bytes as f64 / 1e6);
    for (bin, (one, all)) in bins.iter().zip(one.iter().zip(&all)) {
        print!(
            "  {}: one {:.1}ms, {} {:.1}ms, {:.2}x",
            bin.label,
            ms(*one),
            synth::SERVERS,
            ms(*all),
            all.as_secs_f64() / one.as_secs_f64()
        );
    }
    println!();
    all.last().unwrap().as_secs_f64() / one.last().unwrap().as_secs_f64()
}

/// Generates one crate, then measures the floor and every binary on it. Returns this build's ratio.
fn run_size(shape: Shape, n: usize, lock: &str, bins: &[Bin]) -> f64 {
    let dir = bench_dir(shape, n);
    let bytes = shape.write(dir.path(), n, lock);
    let tools = expected_tools(n);
    let floor = (0..RUNS).map(|_| floor_in_child(dir.path())).min().unwrap();
    let mut figures = vec![Figure { best: Duration::MAX, peak_kb: 0 }; bins.len()];
    for _ in 0..RUNS {
        for (bin, figure) in bins.iter().zip(&mut figures) {
            let (wall, rss_kb, listed) = generate(&bin.path, dir.path(), Stdio::inherit());
            assert_eq!(listed, tools, "{} listed {listed} tools, expected {tools}", bin.label);
            figure.best = figure.best.min(wall);
            figure.peak_kb = figure.peak_kb.max(rss_kb);
        }
    }
    print!("{:>5} {n:>6} {:>7.1}MB {:>8.1}ms", shape.name(), bytes as f64 / 1e6, ms(floor));
    for figure in &figures {
        print!(
            " {:>9.1}ms {:>6.2}x {:>8.1}MB {:>7.2}x",
            ms(figure.best),
            figure.best.as_secs_f64() / floor.as_secs_f64(),
            figure.peak_kb as f64 / 1e3,
            figure.peak_kb as f64 * 1e3 / bytes as f64,
        );
    }
    println!();
    figures.last().unwrap().best.as_secs_f64() / floor.as_secs_f64()
}

/// The directory a crate is generated in: a temporary one, kept in MCP_SCHEMA_BENCH_KEEP=DIR
/// when that is set, for inspection.
fn bench_dir(shape: Shape, n: usize) -> tempfile::TempDir {
    match std::env::var_os("MCP_SCHEMA_BENCH_KEEP") {
        Some(keep) => {
            std::fs::create_dir_all(&keep).unwrap();
            tempfile::Builder::new()
                .prefix(&format!("synthetic-{}-{n}-", shape.name()))
                .disable_cleanup(true)
                .tempdir_in(keep)
                .unwrap()
        }
        None => tempfile::tempdir().unwrap(),
    }
}

/// `list` and `check` on one crate, each binary's runs alternating, best wall time of [`RUNS`]:
/// `list` (this build counts every tool), `check` of an up-to-date manifest (nothing to count),
/// `check` of a manifest without its first tool (drift: this build counts both manifests), and,
/// for this build only, `check` with a budget set (every tool counted on every run). Each with
/// the per-user cache of counts filled by a run before (a cache directory of the benchmark's own)
/// and without it (`MCP_SCHEMA_NO_CACHE=1`, as a first run on new tools); the baseline ignores both.
fn run_commands(shape: Shape, n: usize, lock: &str, bins: &[Bin]) {
    let dir = bench_dir(shape, n);
    shape.write(dir.path(), n, lock);
    let manifest = dir.path().join("mcp-tools.json");
    let current = &bins.last().unwrap().path;
    let mut made = Command::new(current);
    made.args(["generate", "--profile", "rmcp", "-o"]).arg(&manifest).arg(dir.path()).stderr(Stdio::null());
    assert!(made.status().unwrap().success(), "generate -o failed");
    let drifted = dir.path().join("drifted.json");
    write_without_first_tool(&manifest, &drifted);
    let root = dir.path().to_str().unwrap();
    let drifted = drifted.to_str().unwrap();
    let cache = tempfile::tempdir().unwrap();
    let cache = cache.path().to_str().unwrap().to_owned();
    let cached = [("XDG_CACHE_HOME", cache.as_str())];
    let uncached = [("XDG_CACHE_HOME", cache.as_str()), ("MCP_SCHEMA_NO_CACHE", "1")];
    let cases: [(&str, Vec<&str>, i32); 3] = [
        ("list", vec!["list", "--profile", "rmcp", root], 0),
        ("check, up to date", vec!["check", "--profile", "rmcp", root], 0),
        ("check, drift", vec!["check", "--profile", "rmcp", "--manifest", drifted, root], 1),
    ];
    println!("{} {n} files: best of {RUNS} wall times", shape.name());
    // What counting adds, within one run: `list` against `generate` (the same read, nothing
    // counted, a bigger output), and `check` with drift against `check` up to date (the same two
    // manifests read, nothing counted, no change to report). Upper bounds: the references do less.
    let generate = ["generate", "--profile", "rmcp", root];
    best_times(&bins[bins.len() - 1..], &generate, 0, 1, &cached);
    let reference = best_times(&bins[bins.len() - 1..], &generate, 0, RUNS, &cached)[0];
    println!("  {:<28}  current {:>8.1}ms  (the reference of list: nothing counted)", "generate", ms(reference));
    for (mode, env) in [("cached", &cached[..]), ("no cache", &uncached[..])] {
        let mut up_to_date = Duration::MAX;
        for (label, args, status) in &cases {
            // Fills the cache (and the page cache) before the runs measured.
            best_times(&bins[bins.len() - 1..], args, *status, 1, env);
            let best = best_times(bins, args, *status, RUNS, env);
            print!("  {:<28}", format!("{label}, {mode}"));
            for (bin, time) in bins.iter().zip(&best) {
                print!("  {} {:>8.1}ms", bin.label, ms(*time));
            }
            if best.len() == 2 {
                print!("  {:+.1}%", (best[1].as_secs_f64() / best[0].as_secs_f64() - 1.0) * 100.0);
            }
            match *label {
                "list" => print!("  {:+.1}% over generate", percent(best[best.len() - 1], reference)),
                "check, drift" => print!("  {:+.1}% over check up to date", percent(best[best.len() - 1], up_to_date)),
                _ => up_to_date = best[best.len() - 1],
            }
            println!();
        }
        // A budget no tool reaches: every run counts every tool, and warns of nothing.
        let own = dir.path().join("mcp-schema.toml");
        std::fs::write(&own, "[budget]\ntotal = 1000000000\n").unwrap();
        let budget = best_times(&bins[bins.len() - 1..], &cases[1].1, 0, RUNS, env);
        std::fs::remove_file(&own).unwrap();
        println!("  {:<28}  current {:>8.1}ms", format!("check, budget set, {mode}"), ms(budget[0]));
    }
}

/// How much longer `time` is than `reference`, in percent.
fn percent(time: Duration, reference: Duration) -> f64 {
    (time.as_secs_f64() / reference.as_secs_f64() - 1.0) * 100.0
}

/// The best wall time of `runs` runs of each binary running `args` with `env`, their runs
/// alternating; each run must exit with `status`.
fn best_times(bins: &[Bin], args: &[&str], status: i32, runs: usize, env: &[(&str, &str)]) -> Vec<Duration> {
    let mut best = vec![Duration::MAX; bins.len()];
    for _ in 0..runs {
        for (bin, best) in bins.iter().zip(&mut best) {
            let start = Instant::now();
            let out = Command::new(&bin.path)
                .args(args)
                .envs(env.iter().copied())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .unwrap();
            *best = (*best).min(start.elapsed());
            assert_eq!(out.code(), Some(status), "{} {args:?}", bin.label);
        }
    }
    best
}

/// `from` without its first tool, written to `to`: a manifest that has drifted.
fn write_without_first_tool(from: &Path, to: &Path) {
    let mut doc: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(from).unwrap()).unwrap();
    doc["tools"].as_array_mut().unwrap().remove(0);
    std::fs::write(to, serde_json::to_string_pretty(&doc).unwrap()).unwrap();
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
