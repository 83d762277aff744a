//! Bad input gets a clear answer: a diagnostic and exit status 2 (or a warning), never a panic,
//! a hang, a stack overflow or a lost manifest. What a run prints is a transcript (exit status,
//! stdout, stderr; the temp dir written `[DIR]`), compared whole with its insta snapshot.

use crate::support;

use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, Output};

fn run(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mcp-schema")).args(args).current_dir(dir).env("NO_COLOR", "1").output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// No panic, and the given exit status; the run's transcript, the temp dir `dir` written `[DIR]`.
fn expect(o: &Output, code: i32, dir: &Path) -> String {
    let err = stderr(o);
    assert!(!err.contains("panicked"), "panic: {err}");
    assert_eq!(o.status.code(), Some(code), "{err}");
    support::transcript_in(o, dir)
}

fn file(dir: &Path, name: &str, bytes: impl AsRef<[u8]>) {
    let p = dir.join(name);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, bytes).unwrap();
}

fn krate(dir: &Path) {
    file(dir, "Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n");
}

#[test]
fn arbitrary_bytes_truncation_non_utf8_and_nul() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let bytes: Vec<u8> = (0..4096u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    file(d, "random.rs", &bytes);
    insta::assert_snapshot!("random_bytes", expect(&run(&["generate", "random.rs"], d), 2, d));

    let case = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/python-sdk/cases/out_td_nested.rs"),
    )
    .unwrap();
    file(d, "truncated.rs", &case[..case.len() / 2]);
    insta::assert_snapshot!("truncated", expect(&run(&["generate", "truncated.rs"], d), 2, d));

    file(d, "latin1.rs", b"/// caf\xe9\n#[tool]\nfn f() {}\n");
    insta::assert_snapshot!("latin1", expect(&run(&["generate", "latin1.rs"], d), 2, d));

    file(d, "nul.rs", b"#[tool]\nfn f(\0) {}\n");
    insta::assert_snapshot!("nul", expect(&run(&["generate", "nul.rs"], d), 2, d));
}

#[test]
fn empty_crates_and_files_list_no_tools() {
    let dir = tempfile::tempdir().unwrap();
    krate(dir.path());
    file(dir.path(), "src/lib.rs", "");
    let out = run(&["generate", "."], dir.path());
    insta::assert_snapshot!("empty_crate", expect(&out, 0, dir.path()));
    file(dir.path(), "empty.rs", "");
    insta::assert_snapshot!("empty_file", expect(&run(&["generate", "empty.rs"], dir.path()), 0, dir.path()));
}

/// 10 MiB of source and a 200,000-line body: a minute of a debug build, a few seconds of a release
/// one, so it runs in release mode in its own CI step.
#[test]
#[ignore = "release mode: .ci/run runs it with `cargo test --release --test it -- --ignored`"]
fn huge_files_and_long_bodies() {
    let dir = tempfile::tempdir().unwrap();
    let mut big = String::with_capacity(11 << 20);
    let mut i = 0;
    while big.len() < 10 << 20 {
        writeln!(
            big,
            "pub struct S{i} {{ pub a: i64, pub b: Vec<String> }}\nfn f{i}(x: i64) -> i64 {{ let y = x * 2 + {i}; y }}"
        )
        .unwrap();
        i += 1;
    }
    big.push_str("#[tool]\nfn last(s: S0) -> S1 { todo!() }\n");
    file(dir.path(), "big.rs", &big);
    let out = run(&["generate", "big.rs"], dir.path());
    insta::assert_snapshot!("huge_file", expect(&out, 0, dir.path()));

    let mut long = String::from("#[tool]\nfn long(x: i64) -> i64 {\n    let mut a = x;\n");
    for n in 0..200_000 {
        writeln!(long, "    a = a.wrapping_add({n});").unwrap();
    }
    long.push_str("    a\n}\n");
    file(dir.path(), "long.rs", &long);
    insta::assert_snapshot!("long_body", expect(&run(&["generate", "long.rs"], dir.path()), 0, dir.path()));
}

#[test]
fn deeply_nested_types_are_a_bounded_error() {
    let dir = tempfile::tempdir().unwrap();
    let depth = 5000;
    let vecs = format!("{}i64{}", "Vec<".repeat(depth), ">".repeat(depth));
    file(dir.path(), "vecs.rs", format!("#[tool]\nfn deep(x: {vecs}) {{}}\n"));
    insta::assert_snapshot!("vecs", expect(&run(&["generate", "vecs.rs"], dir.path()), 2, dir.path()));

    let generics = format!("{}u8{}", "W<".repeat(depth), ">".repeat(depth));
    file(
        dir.path(),
        "generics.rs",
        format!("pub struct W<T> {{ pub w: T }}\n#[tool]\nfn deep() -> {generics} {{ todo!() }}\n"),
    );
    insta::assert_snapshot!("generics", expect(&run(&["generate", "generics.rs"], dir.path()), 2, dir.path()));
}

#[test]
fn recursive_aliases_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    file(dir.path(), "mutual.rs", "type A = B;\ntype B = A;\n#[tool]\nfn f(a: A) {}\n");
    insta::assert_snapshot!("mutual", expect(&run(&["generate", "mutual.rs"], dir.path()), 2, dir.path()));
    file(dir.path(), "selfref.rs", "type A = Vec<A>;\n#[tool]\nfn f() -> A { todo!() }\n");
    insta::assert_snapshot!("selfref", expect(&run(&["generate", "selfref.rs"], dir.path()), 2, dir.path()));
}

#[test]
fn recursive_structs_through_every_container() {
    let dir = tempfile::tempdir().unwrap();
    file(
        dir.path(),
        "rec.rs",
        "use std::collections::*; use std::rc::Rc; use std::sync::Arc;\n\
         pub struct N {\n pub v: Vec<N>, pub o: Option<Box<N>>, pub m: HashMap<String, N>, pub b: BTreeMap<u32, N>,\n\
         pub s: HashSet<N>, pub t: (N, u8), pub a: [Box<N>; 2], pub r: Rc<N>, pub c: Arc<N>, pub d: VecDeque<N>, pub e: Option<Vec<Option<N>>> }\n\
         #[tool]\nfn tree(n: N) -> N { n }\n",
    );
    let out = run(&["generate", "rec.rs"], dir.path());
    insta::assert_snapshot!(expect(&out, 0, dir.path()));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let output = &doc["tools"][0]["outputSchema"];
    assert_eq!(output["$defs"]["N"]["properties"]["v"]["items"]["$ref"], "#/$defs/N");
    assert_eq!(output["properties"]["r"]["$ref"], "#/$defs/N");
}

/// 2^60 nodes cut at the bound: 2 s of CPU in a debug build, so in the release step.
#[test]
#[ignore = "slow in debug: .ci/run runs it with `cargo test --release --test it -- --ignored`"]
fn exponential_types_are_a_bounded_error() {
    let dir = tempfile::tempdir().unwrap();
    let mut src = String::from("pub struct P<T>(pub T, pub T);\ntype A0 = u8;\n");
    for i in 1..=60 {
        writeln!(src, "type A{i} = P<A{}>;", i - 1).unwrap();
    }
    src.push_str("#[tool]\nfn big() -> A60 { todo!() }\n");
    file(dir.path(), "pairs.rs", &src);
    insta::assert_snapshot!("pairs", expect(&run(&["generate", "pairs.rs"], dir.path()), 2, dir.path()));

    let mut src = String::from("type A0 = u8;\n");
    for i in 1..=60 {
        writeln!(src, "type A{i} = (A{0}, A{0});", i - 1).unwrap();
    }
    src.push_str("#[tool]\nfn big(x: A60) {}\n");
    file(dir.path(), "tuples.rs", &src);
    insta::assert_snapshot!("tuples", expect(&run(&["generate", "tuples.rs"], dir.path()), 2, dir.path()));
}

#[test]
fn module_cycles_through_path_attributes() {
    let dir = tempfile::tempdir().unwrap();
    krate(dir.path());
    file(dir.path(), "src/lib.rs", "#[path = \"a.rs\"]\nmod a;\n");
    file(dir.path(), "src/a.rs", "#[path = \"lib.rs\"]\nmod again;\n#[tool]\nfn t() -> i64 { 1 }\n");
    let out = run(&["generate", "."], dir.path());
    insta::assert_snapshot!(expect(&out, 0, dir.path()));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["tools"].as_array().unwrap().len(), 1);
}

#[cfg(unix)]
#[test]
fn symlinks_never_lead_out_of_the_root() {
    let outside = tempfile::tempdir().unwrap();
    file(outside.path(), "secret.rs", "#[tool]\nfn secret() -> i64 { 1 }\n");
    let dir = tempfile::tempdir().unwrap();
    krate(dir.path());
    file(dir.path(), "src/lib.rs", "mod secret;\nmod looped;\n#[tool]\nfn inside() -> i64 { 1 }\n");
    std::os::unix::fs::symlink(outside.path().join("secret.rs"), dir.path().join("src/secret.rs")).unwrap();
    // A directory symlink loop inside the tree.
    std::os::unix::fs::symlink(dir.path().join("src"), dir.path().join("src/looped")).unwrap();
    let out = run(&["generate", "."], dir.path());
    insta::assert_snapshot!(expect(&out, 0, dir.path()));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let names: Vec<&str> = doc["tools"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["inside"], "the file behind the symlink must not be read");
}

/// A file this process may not read is an error naming it. Permissions do not stop root (which CI
/// runs as), so a privileged run drops to `nobody` for the binary, with the tree and a link to the
/// binary where `nobody` can reach them; the test is skipped, saying why, only when the system
/// refuses that switch.
#[cfg(unix)]
#[test]
fn unreadable_files_are_reported() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    krate(dir.path());
    file(dir.path(), "src/lib.rs", "mod hidden;\n");
    file(dir.path(), "src/hidden.rs", "#[tool]\nfn t() {}\n");
    let hidden = dir.path().join("src/hidden.rs");
    std::fs::set_permissions(&hidden, std::fs::Permissions::from_mode(0o000)).unwrap();
    let out = if std::fs::read(&hidden).is_err() {
        run(&["generate", "."], dir.path())
    } else {
        match run_as_nobody(&["generate", "."], dir.path()) {
            Ok(out) => out,
            Err(e) => {
                eprintln!("skipped: privileged, and the binary cannot run as nobody here ({e})");
                return;
            }
        }
    };
    insta::assert_snapshot!(expect(&out, 2, dir.path()));
}

/// Run the binary as the unprivileged user `nobody` (65534) from `dir`, which is opened to it.
#[cfg(unix)]
fn run_as_nobody(args: &[&str], dir: &Path) -> std::io::Result<Output> {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;
    const NOBODY: u32 = 65_534;
    for entry in walkdir::WalkDir::new(dir).into_iter().filter_map(Result::ok) {
        if entry.file_type().is_dir() {
            std::fs::set_permissions(entry.path(), std::fs::Permissions::from_mode(0o755))?;
        }
    }
    // The binary's own directory may be closed to `nobody` (a checkout under /root): a hard link
    // in the open tree (a copy across file systems) is reachable.
    let bin = dir.join("mcp-schema");
    let built = Path::new(env!("CARGO_BIN_EXE_mcp-schema"));
    if std::fs::hard_link(built, &bin).is_err() {
        std::fs::copy(built, &bin)?;
    }
    Command::new(&bin).args(args).current_dir(dir).env("NO_COLOR", "1").uid(NOBODY).gid(NOBODY).output()
}

#[test]
fn nesting_past_what_the_stack_holds_is_an_error_at_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let n = 100_000;
    let generics = format!("#[tool]\nfn deep(x: {}u8{}) {{}}\n", "Option<\n".repeat(n), ">".repeat(n));
    file(dir.path(), "generics.rs", generics);
    insta::assert_snapshot!("nested_generics", expect(&run(&["generate", "generics.rs"], dir.path()), 2, dir.path()));
    let n = 1_000_000;
    let blocks = format!("#[tool]\nfn deep() {{\n{}{}\n}}\n", "{\n".repeat(n), "}".repeat(n));
    file(dir.path(), "blocks.rs", blocks);
    insta::assert_snapshot!("nested_blocks", expect(&run(&["generate", "blocks.rs"], dir.path()), 2, dir.path()));
}

/// A module that cannot be read is named as the user names it (`./src/bad.rs`) whichever thread
/// read it first: the reading threads read every file by its canonical path while the tree is
/// built, and a long crate root gives them the time to reach the module first (the message used
/// to carry the path of whoever read it: absolute on a loaded machine).
#[test]
fn a_refused_module_is_named_as_the_user_names_it() {
    let dir = tempfile::tempdir().unwrap();
    krate(dir.path());
    let mut lib = String::from("mod bad;\n");
    for i in 0..3_000 {
        lib.push_str(&format!("pub struct S{i} {{ pub a: u32, pub b: Option<Vec<String>> }}\n"));
    }
    file(dir.path(), "src/lib.rs", lib);
    file(dir.path(), "src/bad.rs", b"/// caf\xe9\nfn f() {}\n");
    insta::assert_snapshot!(expect(&run(&["generate", "."], dir.path()), 2, dir.path()));
}
