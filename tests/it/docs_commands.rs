//! Docs as tests: every shell command in the fenced blocks of README.md and docs/*.md (`sh`,
//! `bash`, `shell` blocks line by line, and the `run:` steps of `yaml` blocks) is run, as a user
//! would paste it, in a sandbox repository: the `testdata/pull-request/shop` crate at the root and again
//! at `crates/server`, each with its manifest, committed, with `origin/main` pointing at the
//! commit. Every command must exit 0.
//!
//! The commands that can run here are those of mcp-schema and git. Any other command (an install,
//! a call to GitHub) must be named by an annotation just before its block, which the reader does
//! not see:
//!
//! ```text
//! <!-- docs-test: skip "cargo install" "gh " (why) -->
//! ```
//!
//! and a command containing one of the quoted strings is not run. A command that is neither runs
//! nor is named fails the test, so a new command in the docs is either tested or explicitly not.
//!
//! `cargo run --release -- ARGS` (the README's first command, in a clone) runs as `mcp-schema ARGS`:
//! the binary under test is that build of the same sources.

use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_mcp-schema");

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn doc_files() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    assert!(docs.len() >= 10, "only {} pages in docs/", docs.len());
    files.extend(docs);
    files
}

/// One command of the docs.
#[derive(Debug)]
struct DocCommand {
    file: String,
    line: usize,
    text: String,
    /// The strings of the annotation before its block.
    skip: Vec<String>,
}

/// A fenced block: its language, first line number, lines and the annotation before it.
struct Block {
    lang: String,
    line: usize,
    lines: Vec<String>,
    skip: Vec<String>,
}

fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    let mut skip: Vec<String> = Vec::new();
    while let Some((i, line)) = lines.next() {
        if let Some(rest) = line.trim().strip_prefix("<!-- docs-test: skip") {
            skip = rest.split('"').skip(1).step_by(2).map(str::to_owned).collect();
            continue;
        }
        let Some(lang) = line.trim_start().strip_prefix("```") else {
            if !line.trim().is_empty() {
                skip.clear();
            }
            continue;
        };
        let mut body = Vec::new();
        for (_, l) in lines.by_ref() {
            if l.trim_start().starts_with("```") {
                break;
            }
            body.push(l.to_owned());
        }
        out.push(Block { lang: lang.trim().to_owned(), line: i + 2, lines: body, skip: std::mem::take(&mut skip) });
    }
    out
}

fn commands_of(file: &str, block: &Block) -> Vec<DocCommand> {
    let command = |offset: usize, text: String| DocCommand {
        file: file.to_owned(),
        line: block.line + offset,
        text,
        skip: block.skip.clone(),
    };
    let mut out = Vec::new();
    match block.lang.as_str() {
        "sh" | "bash" | "shell" => {
            let mut pending = String::new();
            let mut start = 0;
            for (i, l) in block.lines.iter().enumerate() {
                let l = l.strip_prefix("$ ").unwrap_or(l);
                if pending.is_empty() {
                    start = i;
                    if l.trim().is_empty() || l.trim_start().starts_with('#') {
                        continue;
                    }
                }
                match l.strip_suffix('\\') {
                    Some(head) => pending.push_str(head),
                    None => {
                        pending.push_str(l);
                        out.push(command(start, std::mem::take(&mut pending)));
                    }
                }
            }
        }
        "yaml" | "yml" => {
            let mut i = 0;
            while i < block.lines.len() {
                let l = &block.lines[i];
                let key = l.trim_start().trim_start_matches("- ");
                let indent = l.len() - l.trim_start().len();
                if let Some(value) = key.strip_prefix("run:") {
                    let value = value.trim();
                    if value == "|" || value == ">" {
                        let script: Vec<&str> = block.lines[i + 1..]
                            .iter()
                            .take_while(|s| s.trim().is_empty() || s.len() - s.trim_start().len() > indent)
                            .map(String::as_str)
                            .collect();
                        let dedent = script
                            .iter()
                            .filter(|s| !s.trim().is_empty())
                            .map(|s| s.len() - s.trim_start().len())
                            .min()
                            .unwrap_or(0);
                        let text: Vec<&str> = script.iter().map(|s| s.get(dedent..).unwrap_or("")).collect();
                        out.push(command(i, text.join("\n")));
                        i += script.len();
                    } else {
                        out.push(command(i, value.to_owned()));
                    }
                }
                i += 1;
            }
        }
        _ => {}
    }
    out
}

fn all_commands() -> Vec<DocCommand> {
    let mut out = Vec::new();
    for path in doc_files() {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.strip_prefix(root()).unwrap().display().to_string();
        for block in blocks(&text) {
            out.extend(commands_of(&name, &block));
        }
    }
    out
}

fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git")
        .args(["-c", "user.name=Docs", "-c", "user.email=docs@example.com", "-c", "commit.gpgsign=false"])
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

/// The repository a reader is assumed to be in.
fn sandbox() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let shop = root().join("testdata/pull-request/shop");
    for base in ["", "crates/server/"] {
        for rel in ["Cargo.toml", "Cargo.lock", "src/lib.rs", "mcp-tools.json"] {
            let to = dir.path().join(format!("{base}{rel}"));
            std::fs::create_dir_all(to.parent().unwrap()).unwrap();
            std::fs::copy(shop.join(rel), to).unwrap();
        }
    }
    // The README's quick start runs from the repository root, on its two example crates.
    for example in ["testdata/forecast", "testdata/weather"] {
        copy_tree(&root().join(example), &dir.path().join(example));
    }
    git(dir.path(), &["init", "-q", "-b", "main"]);
    git(dir.path(), &["add", "-A"]);
    git(dir.path(), &["commit", "-q", "-m", "base"]);
    git(dir.path(), &["update-ref", "refs/remotes/origin/main", "HEAD"]);
    dir
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// What a clone runs mcp-schema with before installing it.
const CARGO_RUN: &str = "cargo run --release -- ";

/// Whether the test can run `text` here: its commands are mcp-schema's and git's.
fn runnable(text: &str) -> bool {
    text.split(['|', ';', '\n'])
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .all(|part| part.starts_with("mcp-schema ") || part == "mcp-schema" || part.starts_with("git "))
}

#[test]
fn every_command_in_the_docs_runs_or_is_marked() {
    let bin_dir = Path::new(BIN).parent().unwrap();
    let path = std::env::join_paths(
        std::iter::once(bin_dir.to_path_buf())
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .unwrap();
    let (mut ran, mut skipped) = (0, 0);
    let mut problems = Vec::new();
    for c in all_commands() {
        if c.skip.iter().any(|s| c.text.contains(s.as_str())) {
            skipped += 1;
            continue;
        }
        let text = c.text.replace("${{ github.base_ref }}", "main").replace(CARGO_RUN, "mcp-schema ");
        if !runnable(&text) || text.contains("${{") {
            problems.push(format!("{}:{}: neither runnable here nor marked: {}", c.file, c.line, c.text));
            continue;
        }
        let dir = sandbox();
        let out = Command::new("sh")
            .arg("-c")
            .arg(&text)
            .current_dir(dir.path())
            .env("PATH", &path)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        ran += 1;
        if !out.status.success() {
            problems.push(format!(
                "{}:{}: `{}` exited {:?}\n{}{}",
                c.file,
                c.line,
                c.text,
                out.status.code(),
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    eprintln!("docs commands: {ran} ran, {skipped} not run (marked)");
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
    assert!(ran >= 8, "the docs' mcp-schema commands were found and run ({ran} ran, {skipped} skipped)");
}

/// A fresh clone runs the README's first command as written, before anything is installed: the
/// first command is `cargo run`, and `cargo install` comes after it.
#[test]
fn the_readme_runs_mcp_schema_before_it_installs_it() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let commands: Vec<DocCommand> = blocks(&readme).iter().flat_map(|b| commands_of("README.md", b)).collect();
    let first = commands.first().expect("the README has commands");
    assert!(first.text.starts_with(CARGO_RUN) && first.skip.is_empty(), "the first command: {first:?}");
    let install = readme.find("cargo install").expect("the README says how to install");
    let first_at = readme.find(&first.text).unwrap();
    assert!(first_at < install, "`cargo install` is mentioned before the first command");
}

#[test]
fn the_docs_link_only_inside_the_repository() {
    for path in doc_files() {
        let text = std::fs::read_to_string(&path).unwrap();
        for (i, line) in text.lines().enumerate() {
            for scheme in ["](http://", "](https://", "<http://", "<https://"] {
                assert!(!line.contains(scheme), "{}:{}: a link outside the repository: {line}", path.display(), i + 1);
            }
        }
    }
}

#[test]
fn no_placeholder_stands_where_a_user_pastes() {
    for path in doc_files() {
        let text = std::fs::read_to_string(&path).unwrap();
        for block in blocks(&text) {
            for (i, line) in block.lines.iter().enumerate() {
                for placeholder in ["OWNER", "<this repository>", "<url>", "YOUR_", "<your"] {
                    assert!(
                        !line.contains(placeholder),
                        "{}:{}: a placeholder in a block users paste: {line}",
                        path.display(),
                        block.line + i
                    );
                }
            }
        }
    }
}

#[test]
fn the_extractor_reads_shell_lines_and_yaml_run_steps() {
    let doc = "<!-- docs-test: skip \"cargo install\" (installs) -->\n```yaml\nsteps:\n  - run: mcp-schema check\n  - name: x\n    run: |\n      a \\\n        b\n      c\n  - uses: y\n```\n\n```sh\n# a comment\nmcp-schema generate \\\n  -o m.json   # once\n```\n";
    let blocks = blocks(doc);
    let yaml = commands_of("d.md", &blocks[0]);
    let texts: Vec<&str> = yaml.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(texts, ["mcp-schema check", "a \\\n  b\nc"]);
    assert_eq!(yaml[0].skip, ["cargo install"]);
    let sh = commands_of("d.md", &blocks[1]);
    assert_eq!(sh.iter().map(|c| c.text.as_str()).collect::<Vec<_>>(), ["mcp-schema generate   -o m.json   # once"]);
    assert!(sh[0].skip.is_empty(), "an annotation holds for the next block only");
    assert!(runnable("git show origin/main:m.json | mcp-schema diff - m.json") && !runnable("cargo install x"));
}
