//! Mutation test: the testdata sources, mangled at the byte and token level (deleted, duplicated
//! and swapped ranges, truncation, random bytes), must never make the generator panic.
//!
//! By default 80 mutants run (a count, so that a busy machine runs the same test); set
//! `MCP_SCHEMA_MUTANTS=N` to run N, and `MCP_SCHEMA_MUTATION_SEED` to replay a seed. A panicking mutant is saved under
//! `target/mutants/` for reproduction.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use mcp_schema::diagnostics::Code;
use mcp_schema::ParseMode;
use mcp_schema::{generate, GenerateOptions, ProfileChoice};

/// A source to mutate: its text, and for a crate's root file the crate's directory (its
/// Cargo.toml and Cargo.lock go along, so that the rmcp profile sees the real release).
struct Source {
    text: Vec<u8>,
    crate_dir: Option<PathBuf>,
}

fn sources() -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata");
    let mut out = Vec::new();
    for entry in walkdir::WalkDir::new(&root).sort_by_file_name().into_iter().filter_map(Result::ok) {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "rs") {
            let crate_dir = (path.file_name().is_some_and(|n| n == "main.rs")
                && path.parent().is_some_and(|p| p.ends_with("src"))
                && path.parent().and_then(Path::parent).is_some_and(|c| c.join("Cargo.lock").is_file()))
            .then(|| path.parent().unwrap().parent().unwrap().to_path_buf());
            out.push(Source { text: std::fs::read(path).unwrap(), crate_dir });
        }
    }
    assert!(out.len() > 70, "testdata sources are missing");
    assert!(out.iter().any(|s| s.crate_dir.is_some()), "the rmcp crates are missing");
    out
}

/// Token boundaries, roughly: runs of identifier characters, single punctuation, whitespace.
fn token_ranges(src: &[u8]) -> Vec<(usize, usize)> {
    let mut ranges = Vec::new();
    let mut i = 0;
    while i < src.len() {
        let start = i;
        let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
        if ident(src[i]) {
            while i < src.len() && ident(src[i]) {
                i += 1;
            }
        } else if src[i].is_ascii_whitespace() {
            while i < src.len() && src[i].is_ascii_whitespace() {
                i += 1;
            }
            continue;
        } else {
            i += 1;
        }
        ranges.push((start, i));
    }
    ranges
}

fn range(rng: &mut fastrand::Rng, len: usize) -> (usize, usize) {
    if len == 0 {
        return (0, 0);
    }
    let a = rng.usize(..len);
    let b = (a + rng.usize(1..=64.min(len - a))).min(len);
    (a, b)
}

fn token_range(rng: &mut fastrand::Rng, tokens: &[(usize, usize)]) -> (usize, usize) {
    if tokens.is_empty() {
        return (0, 0);
    }
    let a = rng.usize(..tokens.len());
    let b = (a + rng.usize(0..8)).min(tokens.len() - 1);
    (tokens[a].0, tokens[b].1)
}

/// Line ranges, for mutations that keep most of the syntax intact.
fn line_ranges(src: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, b) in src.iter().enumerate() {
        if *b == b'\n' {
            out.push((start, i + 1));
            start = i + 1;
        }
    }
    if start < src.len() {
        out.push((start, src.len()));
    }
    out
}

/// Mutations that often keep the file parseable, so that the later stages see odd input too:
/// whole lines deleted, duplicated or swapped, and identifiers replaced by others of the file.
fn mutate_gently(rng: &mut fastrand::Rng, s: &mut Vec<u8>) {
    let lines = line_ranges(s);
    if lines.len() < 2 {
        return;
    }
    let (a, b) = lines[rng.usize(..lines.len())];
    match rng.u8(..4) {
        0 => {
            s.drain(a..b);
        }
        1 => {
            let dup = s[a..b].to_vec();
            s.splice(a..a, dup);
        }
        2 => {
            let (c, d) = lines[rng.usize(..lines.len())];
            if b <= c {
                let x = s[a..b].to_vec();
                let y = s[c..d].to_vec();
                s.splice(c..d, x);
                s.splice(a..b, y);
            }
        }
        _ => {
            let idents: Vec<(usize, usize)> =
                token_ranges(s).into_iter().filter(|(x, _)| s[*x].is_ascii_alphabetic()).collect();
            if idents.len() >= 2 {
                let (x, y) = idents[rng.usize(..idents.len())];
                let (p, q) = idents[rng.usize(..idents.len())];
                let replacement = s[p..q].to_vec();
                s.splice(x..y, replacement);
            }
        }
    }
}

fn mutate(rng: &mut fastrand::Rng, src: &[u8]) -> Vec<u8> {
    let mut s = src.to_vec();
    if rng.bool() {
        for _ in 0..rng.usize(1..=4) {
            mutate_gently(rng, &mut s);
        }
        return s;
    }
    for _ in 0..rng.usize(1..=3) {
        let tokens = token_ranges(&s);
        let by_token = rng.bool();
        let pick =
            |rng: &mut fastrand::Rng, s: &[u8]| if by_token { token_range(rng, &tokens) } else { range(rng, s.len()) };
        match rng.u8(..6) {
            0 => {
                let (a, b) = pick(rng, &s);
                s.drain(a..b);
            }
            1 => {
                let (a, b) = pick(rng, &s);
                let dup = s[a..b].to_vec();
                let at = rng.usize(..=s.len());
                s.splice(at..at, dup);
            }
            2 => {
                let (a, b) = pick(rng, &s);
                let (c, d) = pick(rng, &s);
                if b <= c || d <= a {
                    let (first, second) = if b <= c { ((a, b), (c, d)) } else { ((c, d), (a, b)) };
                    let x = s[first.0..first.1].to_vec();
                    let y = s[second.0..second.1].to_vec();
                    s.splice(second.0..second.1, x);
                    s.splice(first.0..first.1, y);
                }
            }
            3 => {
                let at = rng.usize(..=s.len());
                s.truncate(at);
            }
            4 => {
                let at = rng.usize(..=s.len());
                let junk: Vec<u8> = (0..rng.usize(1..16)).map(|_| rng.u8(..)).collect();
                s.splice(at..at, junk);
            }
            _ => {
                // Insert a random piece of Rust punctuation or keyword.
                const BITS: &[&str] = &[
                    "<",
                    ">",
                    "{",
                    "}",
                    "(",
                    ")",
                    "[",
                    "]",
                    "#[tool]",
                    "#[serde(flatten)]",
                    "Option<",
                    "Vec<",
                    "mod x;",
                    "type A = A;",
                    "::",
                    "r#",
                    "\"",
                    "'",
                    "/*",
                    "///",
                    "impl",
                    "Box<Self>",
                ];
                let at = rng.usize(..=s.len());
                s.splice(at..at, BITS[rng.usize(..BITS.len())].bytes());
            }
        }
    }
    s
}

#[test]
fn mutants_never_panic() {
    // A count, not a time budget: the same mutants run on a busy CI runner as on a quiet machine
    // (about 2.5 s in a debug build on 2 cores; .ci/run runs 1,000 in release).
    // `MCP_SCHEMA_MUTANTS=5000` for a long run.
    let count: usize = std::env::var("MCP_SCHEMA_MUTANTS").ok().and_then(|v| v.parse().ok()).unwrap_or(40);
    let seed: u64 = std::env::var("MCP_SCHEMA_MUTATION_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0x6d63_7073);
    // `generate` runs on a deep stack of its own; this test also parses mutants with syn itself,
    // which recurses over nested code.
    let worker = std::thread::Builder::new().stack_size(256 * 1024 * 1024).spawn(move || run(count, seed)).unwrap();
    let tally = worker.join().unwrap();
    eprintln!(
        "mutation test: {count} mutants in {:.1}s (seed {seed}), {} panicked",
        tally.elapsed.as_secs_f64(),
        tally.panics.len()
    );
    assert!(tally.panics.is_empty(), "mutants that panicked (saved):\n{}", tally.panics.join("\n"));
    // A mutator that only makes garbage proves little: the later stages must see mutants too,
    // and enough of them must be compared with the full parse. The default seed gives 18 and 12
    // of 40 (189 and 133 of 400); the floors leave room for other seeds and counts.
    assert!(
        tally.parsed * 3 >= count,
        "only {} of {count} mutants went through every stage (at least a third should)",
        tally.parsed
    );
    assert!(
        tally.compared * 5 >= count,
        "only {} of {count} mutants were compared with the full parse (at least a fifth should)",
        tally.compared
    );
}

/// What one run of the mutation test saw.
struct Tally {
    /// The mutants that panicked, or whose fast and full parses differ (saved, by path).
    panics: Vec<String>,
    /// Mutants without a syntax error: they went through every stage.
    parsed: usize,
    /// Mutants that parse in full, so that the fast path was compared with the full parse.
    compared: usize,
    elapsed: Duration,
}

fn run(count: usize, seed: u64) -> Tally {
    let sources = sources();
    let crates: Vec<&Source> = sources.iter().filter(|s| s.crate_dir.is_some()).collect();
    let mut rng = fastrand::Rng::with_seed(seed);
    let dir = tempfile::tempdir().unwrap();
    let saved = Path::new(env!("CARGO_TARGET_TMPDIR")).join("mutants");
    let start = Instant::now();
    let mut panics = Vec::new();
    let mut parsed = 0;
    let mut compared = 0;
    let quiet = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    for i in 0..count {
        // Half the mutants are of a whole rmcp crate, the rest of the single-file cases.
        let src = if rng.bool() { crates[rng.usize(..crates.len())] } else { &sources[rng.usize(..sources.len())] };
        let mutant = mutate(&mut rng, &src.text);
        let (input, profile) = match &src.crate_dir {
            Some(original) => {
                // The crate, with the mutant as its root file; auto picks rmcp from its lock.
                let krate = dir.path().join("crate");
                std::fs::create_dir_all(krate.join("src")).unwrap();
                for f in ["Cargo.toml", "Cargo.lock"] {
                    std::fs::copy(original.join(f), krate.join(f)).unwrap();
                }
                std::fs::write(krate.join("src/main.rs"), &mutant).unwrap();
                (krate, ProfileChoice::Auto)
            }
            None => {
                let file: PathBuf = dir.path().join("mutant.rs");
                std::fs::write(&file, &mutant).unwrap();
                (file, if i % 2 == 0 { ProfileChoice::PythonSdk } else { ProfileChoice::Rmcp })
            }
        };
        let opts = GenerateOptions { paths: vec![input], profile, ..Default::default() };
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| generate(&opts)));
        // Differential check: a mutant that parses in full must give the same answer with
        // function bodies skipped as with the straightforward full parse.
        if let Ok(fast) = &result {
            if std::str::from_utf8(&mutant).ok().is_some_and(|t| syn::parse_file(t).is_ok()) {
                let full_opts = GenerateOptions { parse_mode: ParseMode::Full, ..opts.clone() };
                if let Ok(full) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| generate(&full_opts))) {
                    let show = |o: &mcp_schema::Outcome| {
                        (
                            o.manifest.as_ref().map(|m| m.to_pretty_string()),
                            o.diagnostics.iter().map(|d| d.to_string()).collect::<Vec<_>>(),
                        )
                    };
                    if show(fast) != show(&full) {
                        std::fs::create_dir_all(&saved).unwrap();
                        let path = saved.join(format!("differs-{seed}-{i}.rs"));
                        std::fs::write(&path, &mutant).unwrap();
                        panics.push(format!("{} (skeleton and full parse differ)", path.display()));
                    }
                    compared += 1;
                }
            }
        }
        if let Ok(outcome) = &result {
            if !outcome.diagnostics.iter().any(|d| d.code == Code::SyntaxError) {
                parsed += 1;
            }
        }
        if result.is_err() {
            std::fs::create_dir_all(&saved).unwrap();
            let path = saved.join(format!("mutant-{seed}-{i}.rs"));
            std::fs::write(&path, &mutant).unwrap();
            panics.push(path.display().to_string());
        }
    }
    std::panic::set_hook(quiet);
    eprintln!("mutation test: {parsed} of {count} mutants parsed and went through every stage; {compared} compared with the full parse");
    Tally { panics, parsed, compared, elapsed: start.elapsed() }
}

/// The workspace the whole-crate mutants are made of (`tests/data/mutation-workspace`): a server
/// member whose tools take types of a path dependency (`shared`, also a member) and of a
/// registry crate vendored by `.cargo/config.toml` (`vendor/pager`, kept in the repository as
/// `cargo-config/` so that it configures nothing here), with its Cargo.lock.
fn workspace_files() -> Vec<(PathBuf, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/mutation-workspace");
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(&root).sort_by_file_name().into_iter().filter_map(Result::ok) {
        if entry.file_type().is_file() {
            let rel = entry.path().strip_prefix(&root).unwrap();
            let rel = match rel.strip_prefix("cargo-config") {
                Ok(rest) => Path::new(".cargo").join(rest),
                Err(_) => rel.to_path_buf(),
            };
            files.push((rel, std::fs::read(entry.path()).unwrap()));
        }
    }
    assert_eq!(files.len(), 10, "the mutation workspace is incomplete");
    files
}

/// What a whole-crate mutant must never do (besides panic): run past this, write an empty
/// manifest without saying anything, or lose tools without a word when the file it mutated does
/// not parse (a mutant that parses may well have fewer tools: a `#[tool]` deleted).
const MUTANT_TIME_LIMIT: Duration = Duration::from_secs(20);

/// Whole-crate mutants: one file of the workspace (a source of the server, of the path
/// dependency or of the vendored crate, a Cargo.toml, the Cargo.lock or the cargo config) is
/// mutated, and `generate` runs on the server member or on the workspace root. No panic, no hang,
/// no silent empty manifest, and no silent loss of tools to code that does not parse: a manifest
/// with fewer tools than the workspace's then comes with a warning or an error. 24 mutants by default (about 3 s in a debug build), and a few of them through the
/// binary, whose exit status must be 0 or 2; `MCP_SCHEMA_CRATE_MUTANTS=2000 cargo test --release
/// --test it mutation::whole_workspace -- --nocapture` is the long run (docs/testing.md).
#[test]
fn whole_workspace_mutants_never_panic_hang_or_lose_tools_silently() {
    let count: usize = std::env::var("MCP_SCHEMA_CRATE_MUTANTS").ok().and_then(|v| v.parse().ok()).unwrap_or(24);
    let seed: u64 = std::env::var("MCP_SCHEMA_MUTATION_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0x7773_7063);
    let worker =
        std::thread::Builder::new().stack_size(256 * 1024 * 1024).spawn(move || run_workspace(count, seed)).unwrap();
    let (failures, lost, elapsed) = worker.join().unwrap();
    eprintln!(
        "whole-workspace mutation test: {count} mutants in {:.1}s (seed {seed}), {lost} lost tools with a diagnostic, {} failed",
        elapsed.as_secs_f64(),
        failures.len()
    );
    assert!(failures.is_empty(), "whole-workspace mutants that failed (saved):\n{}", failures.join("\n"));
}

fn write_tree(dir: &Path, files: &[(PathBuf, Vec<u8>)]) {
    for (rel, bytes) in files {
        let path = dir.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
}

fn run_workspace(count: usize, seed: u64) -> (Vec<String>, usize, Duration) {
    let files = workspace_files();
    let saved = Path::new(env!("CARGO_TARGET_TMPDIR")).join("mutants");
    let start = Instant::now();
    // The workspace as it is: its tool count is what no mutant may lose without a word.
    let pristine = tempfile::tempdir().unwrap();
    write_tree(pristine.path(), &files);
    let opts = |path: PathBuf| GenerateOptions { paths: vec![path], ..Default::default() };
    let clean = generate(&opts(pristine.path().join("server")));
    let tools = clean.manifest.as_ref().map_or(0, |m| m.len());
    assert!(tools == 2 && clean.diagnostics.iter().all(|d| d.code != Code::SyntaxError), "the workspace itself");
    let mut rng = fastrand::Rng::with_seed(seed);
    let (mut failures, mut lost) = (Vec::new(), 0);
    let quiet = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    for i in 0..count {
        // Sources most often; the manifests, the lock and the config too.
        let which = if rng.u8(..4) > 0 {
            let sources: Vec<usize> =
                (0..files.len()).filter(|&f| files[f].0.extension().is_some_and(|e| e == "rs")).collect();
            sources[rng.usize(..sources.len())]
        } else {
            rng.usize(..files.len())
        };
        let mut tree = files.clone();
        tree[which].1 = mutate(&mut rng, &files[which].1);
        let dir = tempfile::tempdir().unwrap();
        write_tree(dir.path(), &tree);
        let target = if i % 3 == 2 { dir.path().to_path_buf() } else { dir.path().join("server") };
        let began = Instant::now();
        let through_binary = i % 8 == 7;
        let verdict = if through_binary {
            binary_verdict(&target, tools, parses(&tree[which]))
        } else {
            match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| generate(&opts(target.clone())))) {
                Err(_) => Some("panicked".to_string()),
                Ok(outcome) => {
                    let said =
                        outcome.diagnostics.iter().any(|d| d.severity >= mcp_schema::diagnostics::Severity::Warning);
                    match outcome.manifest.as_ref().map(|m| m.len()) {
                        Some(n) if n < tools && !said && (n == 0 || !parses(&tree[which])) => {
                            Some(format!("{n} of {tools} tools, and no warning or error"))
                        }
                        Some(n) if n < tools => {
                            lost += 1;
                            None
                        }
                        _ => None,
                    }
                }
            }
        };
        let verdict = verdict.or_else(|| {
            (began.elapsed() > MUTANT_TIME_LIMIT).then(|| format!("took {:.1}s", began.elapsed().as_secs_f64()))
        });
        if let Some(why) = verdict {
            let path = saved.join(format!("workspace-{seed}-{i}"));
            std::fs::create_dir_all(&path).unwrap();
            write_tree(&path, &tree);
            failures.push(format!("{} ({}, {why})", path.display(), files[which].0.display()));
        }
    }
    std::panic::set_hook(quiet);
    (failures, lost, start.elapsed())
}

/// Whether a mutated file still parses: Rust as syn reads it, TOML as the toml crate does.
fn parses((path, bytes): &(PathBuf, Vec<u8>)) -> bool {
    let Ok(text) = std::str::from_utf8(bytes) else { return false };
    match path.extension().and_then(|e| e.to_str()) {
        Some("rs") => syn::parse_file(text).is_ok(),
        _ => text.parse::<toml::Table>().is_ok(),
    }
}

/// One mutant through the binary: killed past the time limit; exit 0 or 2, no panic, and no
/// manifest with fewer tools without a diagnostic on stderr.
fn binary_verdict(target: &Path, tools: usize, parses: bool) -> Option<String> {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_mcp-schema"));
    command.arg("generate").arg(target).env("NO_COLOR", "1");
    let Some(out) = crate::support::output_within(&mut command, MUTANT_TIME_LIMIT) else {
        return Some("hung (killed)".to_string());
    };
    let err = String::from_utf8_lossy(&out.stderr);
    if err.contains("panicked") {
        return Some("panicked".to_string());
    }
    match out.status.code() {
        Some(0) => {
            let listed = serde_json::from_slice::<serde_json::Value>(&out.stdout)
                .ok()
                .and_then(|v| v.get("tools").and_then(|t| t.as_array()).map(Vec::len));
            match listed {
                None => Some("exit 0 without a manifest on stdout".to_string()),
                Some(n) if n < tools && (n == 0 || !parses) && !err.contains("mcp_schema::") => {
                    Some(format!("{n} of {tools} tools, and no diagnostic"))
                }
                Some(_) => None,
            }
        }
        Some(2) => None,
        other => Some(format!("exit {other:?}")),
    }
}
