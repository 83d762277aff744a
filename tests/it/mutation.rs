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
    // (about 6 s in a debug build on 2 cores). `MCP_SCHEMA_MUTANTS=5000` for a long run.
    let count: usize = std::env::var("MCP_SCHEMA_MUTANTS").ok().and_then(|v| v.parse().ok()).unwrap_or(80);
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
    // and enough of them must be compared with the full parse. The default seed gives 42 and 28
    // of 80; the floors leave room for other seeds and counts.
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
