//! `mcp-schema init [PATH] [--dry-run]`: set a crate up with the configuration, its first
//! manifest, a pre-commit hook and a GitHub Actions workflow. A file that exists is never
//! touched: what would have been written is printed instead.

use std::path::{Path, PathBuf};

use clap::Args;
use mcp_schema::views::init::{self, Setup};

use crate::SourceArgs;

pub const EXAMPLES: &str = "\
Examples:
  mcp-schema init --dry-run           every file it would write (the manifest summarised),
                                      written nowhere
  mcp-schema init                     write them (an existing file is kept, and what it would
                                      have held is printed), then say what to commit
  mcp-schema init crates/server       a crate below the repository root

Exit status: 0 done, 2 an error was reported";

#[derive(Args)]
pub struct InitArgs {
    /// The crate directory [default: the crate around the current directory]
    #[arg(value_name = "PATH")]
    path: Option<PathBuf>,
    /// Write nothing: print every file that would be written (the manifest as its number of
    /// tools and size: `generate` prints it)
    #[arg(long)]
    dry_run: bool,
    #[command(flatten)]
    pub(crate) source: SourceArgs,
}

/// The manifest `init` names in the configuration, relative to the crate root.
const MANIFEST: &str = "mcp-tools.json";

/// A file `init` makes.
struct Planned {
    path: PathBuf,
    text: String,
    /// What to add by hand when the file exists (the whole text when `None`).
    entry: Option<String>,
    /// Shown in place of the text (the manifest: its tools and size, not pages of JSON).
    summary: Option<String>,
}

pub fn run(args: InitArgs) -> u8 {
    let crate_dir = mcp_schema::config::crate_dir(args.path.as_deref()).unwrap_or_else(|| PathBuf::from("."));
    if !crate_dir.join("Cargo.toml").is_file() {
        eprintln!("error: {} has no Cargo.toml: give the directory of the crate to set up", crate_dir.display());
        return 2;
    }
    let (manifest, provenance, config) = match super::generate(args.path.as_deref(), &args.source) {
        Ok(made) => made,
        Err(code) => return code,
    };
    let repo_root = repository_root(&crate_dir);
    let crate_rel = relative(&crate_dir, &repo_root);
    let profile = provenance.profile_name().unwrap_or_else(|| "auto".to_owned());
    let setup = Setup { profile: &profile, manifest: MANIFEST, crate_dir: &crate_rel };
    let mut files = Vec::new();
    if config.source().is_none() {
        files.push(Planned {
            path: in_dir(&crate_dir, mcp_schema::config::FILE_NAME),
            text: init::config(&setup),
            entry: None,
            summary: None,
        });
    } else if !super::quiet() {
        eprintln!("kept the configuration in {}", config.source().unwrap_or(Path::new("")).display());
    }
    let manifest_path = config.manifest_path(None);
    let shown_manifest = mcp_schema::config::shown_path(&manifest_path);
    let text = manifest.to_pretty_string();
    let summary = Some(init::tools_and_size(manifest.len(), text.len()));
    files.push(Planned { path: manifest_path, text, entry: None, summary });
    files.push(Planned {
        path: in_dir(&repo_root, ".pre-commit-config.yaml"),
        text: init::precommit_config(&setup),
        entry: Some(init::precommit_entry(&setup)),
        summary: None,
    });
    files.push(Planned {
        path: in_dir(&repo_root, ".github/workflows/mcp-schema.yml"),
        text: init::workflow(&setup),
        entry: None,
        summary: None,
    });
    let mut status = 0;
    for file in &files {
        status = status.max(if args.dry_run { show(file) } else { write_new(file) });
    }
    if !super::quiet() && !args.dry_run {
        eprintln!("set up with {provenance}; `mcp-schema check` now compares the sources with {shown_manifest}");
    }
    if !super::quiet() && status == 0 {
        // A kept configuration is one of the files to commit too.
        let kept_config = config.source().map(Path::to_path_buf);
        let paths: Vec<String> =
            kept_config.iter().chain(files.iter().map(|f| &f.path)).map(|p| p.display().to_string()).collect();
        let crate_arg = args.path.as_ref().map(|p| p.display().to_string()).unwrap_or_default();
        eprint!("{}", init::next_steps(&paths, &crate_arg, &shown_manifest, args.dry_run));
    }
    status
}

/// `--dry-run`: the file's path and text (or summary).
fn show(file: &Planned) -> u8 {
    let exists = if file.path.exists() { " (exists: it would be kept)" } else { "" };
    let shown = file.path.display().to_string();
    match &file.summary {
        Some(summary) => super::print(&format!("{}{exists}\n\n", init::manifest_summary(&shown, summary))),
        None => super::print(&format!("==> {shown}{exists} <==\n{}\n", file.text)),
    }
}

/// Create the file, or print what it would have held when it exists.
fn write_new(file: &Planned) -> u8 {
    if file.path.exists() {
        if let Some(summary) = &file.summary {
            eprintln!("kept {} (it exists); the sources now make {summary}", file.path.display());
            return 0;
        }
        let (what, text) = match &file.entry {
            Some(entry) => ("add this entry to it", entry),
            None => ("it would have written", &file.text),
        };
        eprintln!("kept {} (it exists); {what}:", file.path.display());
        return super::print(&format!("{text}\n"));
    }
    let made = file.path.parent().filter(|p| !p.as_os_str().is_empty()).map_or(Ok(()), std::fs::create_dir_all);
    match made.and_then(|_| create_new(&file.path, &file.text)) {
        Ok(()) => {
            if !super::quiet() {
                eprintln!("created {}", file.path.display());
            }
            0
        }
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", file.path.display());
            2
        }
    }
}

/// Write a file that must not exist (`create_new`: never replaces one made meanwhile).
fn create_new(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut f = std::fs::OpenOptions::new().write(true).create_new(true).open(path)?;
    f.write_all(text.as_bytes())
}

/// The nearest directory at or above `dir` that holds `.git`, else `dir`: where the pre-commit
/// configuration and `.github/` live. Shown relative to the current directory when below it.
fn repository_root(dir: &Path) -> PathBuf {
    let Ok(absolute) = dir.canonicalize() else { return dir.to_path_buf() };
    let Some(root) = absolute.ancestors().find(|d| d.join(".git").exists()) else { return dir.to_path_buf() };
    let cwd = std::env::current_dir().and_then(|d| d.canonicalize()).unwrap_or_default();
    match root.strip_prefix(&cwd) {
        Ok(rest) if rest.as_os_str().is_empty() => PathBuf::from("."),
        Ok(rest) => rest.to_path_buf(),
        Err(_) => root.to_path_buf(),
    }
}

/// `dir` relative to `root` (`crates/server`), `/`-separated; empty when they are the same.
fn relative(dir: &Path, root: &Path) -> String {
    let (Ok(dir), Ok(root)) = (dir.canonicalize(), root.canonicalize()) else { return String::new() };
    let rest = dir.strip_prefix(&root).unwrap_or(Path::new(""));
    rest.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/")
}

/// `dir/name`, or `name` when `dir` is `.`: the paths users typed.
fn in_dir(dir: &Path, name: &str) -> PathBuf {
    if dir == Path::new(".") {
        PathBuf::from(name)
    } else {
        dir.join(name)
    }
}
