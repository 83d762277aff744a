//! `mcp-schema init [PATH] [--dry-run]`: set a crate up with the configuration, its first
//! manifest, a pre-commit hook and a GitHub Actions workflow. A file that exists is never
//! touched: what would have been written is printed instead.

use std::path::{Path, PathBuf};

use clap::Args;
use mcp_schema::session::{Checks, Made, Plan, Servers, Session};
use mcp_schema::views::init::{self, Setup};
use mcp_schema::ProfileChoice;

use super::args::SourceArgs;

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
        say!("error: {} has no Cargo.toml: give the directory of the crate to set up", crate_dir.display());
        return 2;
    }
    let session = match super::session::plan(args.source.flags(args.path.iter().cloned().collect())) {
        Plan::Servers(Ok(servers)) => {
            return mcp_schema::sharing_sources(|| set_up_servers(&args, &crate_dir, &servers))
        }
        Plan::Servers(Err(d)) => return super::diagnostics::fail(d),
        Plan::One(session) => session,
    };
    if let Some(found) = server_crates(&crate_dir, &args.source) {
        return set_up_workspace(&args, &crate_dir, found);
    }
    let session = match session {
        Ok(session) => session,
        Err(d) => return super::diagnostics::fail(d),
    };
    let (manifest, provenance) = match super::session::read(&session) {
        Ok(made) => made,
        Err(code) => return code,
    };
    let config = session.config();
    let repo_root = repository_root(&crate_dir);
    let crate_rel = relative(&crate_dir, &repo_root);
    let profile = provenance.profile.unwrap_or_default();
    let setup = Setup { profile, manifest: MANIFEST, crate_dir: &crate_rel };
    let mut files = Vec::new();
    if config.source().is_none() {
        files.push(Planned {
            path: in_dir(&crate_dir, mcp_schema::config::FILE_NAME),
            text: init::config(&setup),
            entry: None,
            summary: None,
        });
    } else if !super::quiet() {
        say!("kept the configuration in {}", config.source().unwrap_or(Path::new("")).display());
    }
    let manifest_path = config.manifest_path(None);
    let shown_manifest = mcp_schema::config::shown_path(&manifest_path);
    let text = manifest.to_pretty_string();
    let summary = Some(init::tools_and_size(manifest.len(), text.len()));
    files.push(Planned { path: manifest_path, text, entry: None, summary });
    files.extend(hook_and_workflow(&repo_root, &setup));
    let status = write_all(&files, args.dry_run);
    if !super::quiet() && !args.dry_run {
        say!("set up with {provenance}; `mcp-schema check` now compares the sources with {shown_manifest}");
    }
    if !super::quiet() && status == 0 {
        // A kept configuration is one of the files to commit too.
        let kept_config = config.source().map(Path::to_path_buf);
        let paths: Vec<String> =
            kept_config.iter().chain(files.iter().map(|f| &f.path)).map(|p| p.display().to_string()).collect();
        let crate_arg = args.path.as_ref().map(|p| p.display().to_string()).unwrap_or_default();
        super::eprint_text(&init::next_steps(&paths, &crate_arg, &shown_manifest, args.dry_run));
    }
    status
}

/// Write (or with `dry_run` show) every file; the worst status.
fn write_all(files: &[Planned], dry_run: bool) -> u8 {
    let mut status = 0;
    for file in files {
        status = status.max(if dry_run { show(file) } else { write_new(file) });
    }
    status
}

/// A server crate `init` found below a workspace root: where, and what it lists.
struct Found {
    dir: PathBuf,
    /// The server type, for a crate with several.
    server: Option<String>,
    manifest: mcp_schema::Manifest,
    provenance: mcp_schema::Provenance,
    diagnostics: mcp_schema::diagnostics::Diagnostics,
    /// The crate's server types, as `--server` takes them.
    server_types: Vec<String>,
}

/// The servers of the workspace at `root` (its members and the root package; the crate alone
/// when it is no workspace), when there are several: each crate is read on its own, as
/// `generate` in its directory reads it; a crate that lists at least one tool is a server, and
/// a crate with several server types is one server per type. A crate that lists what another
/// lists, the same server types with the same tools (a binary that runs a server of a library
/// it depends on, whose sources it reads), is that server, said once. `None` for fewer than two,
/// which the single-crate setup covers.
fn server_crates(root: &Path, source: &SourceArgs) -> Option<Vec<Found>> {
    let mut dirs = mcp_schema::config::workspace_crates(root);
    if dirs.is_empty() {
        dirs.push(root.to_path_buf());
    }
    // One read per crate, shared by its server types (and by the runs of one crate's types).
    let progress = Progress::new(dirs.len());
    let read: Vec<Found> = mcp_schema::sharing_sources(|| {
        let mut read = Vec::new();
        for (i, dir) in dirs.into_iter().enumerate() {
            progress.at(i, &dir);
            read.extend(servers_of(dir, source));
        }
        read
    });
    progress.done();
    let mut found: Vec<Found> = Vec::new();
    for f in read {
        let same = found.iter().find(|o| o.server_types == f.server_types && o.manifest == f.manifest);
        match same {
            Some(first) if !super::quiet() => say!(
                "{} lists the tools of {} (the same server): one server",
                relative_or_root(&f.dir, root),
                relative_or_root(&first.dir, root)
            ),
            Some(_) => {}
            None => found.push(f),
        }
    }
    (found.len() >= 2).then_some(found)
}

/// `dir` from `root`, `.` for the root itself.
fn relative_or_root(dir: &Path, root: &Path) -> String {
    let path = relative(dir, root);
    if path.is_empty() {
        ".".to_owned()
    } else {
        path
    }
}

/// A progress line on a terminal's stderr, once the crates of a workspace take more than a
/// second to read: `reading crate 3 of 12: crates/server`, rewritten in place, cleared at the end.
struct Progress {
    crates: usize,
    start: std::time::Instant,
    shown: std::sync::atomic::AtomicBool,
    terminal: bool,
}

impl Progress {
    fn new(crates: usize) -> Progress {
        use std::io::IsTerminal;
        let terminal = !super::quiet() && std::io::stderr().is_terminal();
        Progress { crates, start: std::time::Instant::now(), shown: Default::default(), terminal }
    }

    fn at(&self, i: usize, dir: &Path) {
        if self.terminal && self.start.elapsed() >= std::time::Duration::from_secs(1) {
            let shown = mcp_schema::escape::terminal(&dir.display().to_string());
            eprint!("\r\x1b[Kreading crate {} of {}: {shown}", i + 1, self.crates);
            self.shown.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    }

    fn done(&self) {
        if self.shown.load(std::sync::atomic::Ordering::Relaxed) {
            eprint!("\r\x1b[K");
        }
    }
}

/// The servers of the crate in `dir`: the crate, when it lists a tool; each of its server types,
/// when it has several.
fn servers_of(dir: PathBuf, source: &SourceArgs) -> Vec<Found> {
    let Ok(session) = Session::discover_in(Some(&dir), source.flags(Vec::new())) else { return Vec::new() };
    let run = |server: Option<&String>| session.with_server_type(server.map(String::as_str)).make(Checks::default());
    let made = run(None);
    let several = made.diagnostics.iter().any(|d| d.code == mcp_schema::diagnostics::Code::SeveralServers);
    let types = if several { made.server_types.clone() } else { Vec::new() };
    let found = |made: Made, server: Option<&String>| {
        let manifest = made.result.ok().filter(|m| !m.is_empty())?;
        let (provenance, diagnostics, server_types) = (made.provenance, made.diagnostics, made.server_types);
        Some(Found { dir: dir.clone(), server: server.cloned(), manifest, provenance, diagnostics, server_types })
    };
    if types.is_empty() {
        return found(made, None).into_iter().collect();
    }
    types.iter().filter_map(|t| found(run(Some(t)), Some(t))).collect()
}

/// `init` at a workspace root with several servers: a `[[servers]]` configuration listing them,
/// each one's manifest beside its crate, and one hook and workflow that check them all.
fn set_up_workspace(args: &InitArgs, root: &Path, found: Vec<Found>) -> u8 {
    let mut entries: Vec<init::ServerEntry> = Vec::new();
    for f in &found {
        let path = relative(&f.dir, root);
        let path = if path.is_empty() { ".".to_owned() } else { path };
        let in_crate = |file: &str| if path == "." { file.to_owned() } else { format!("{path}/{file}") };
        let profile = f.provenance.profile.unwrap_or_default();
        let (name, manifest) = match &f.server {
            Some(server) => {
                let name = unique_name(&kebab(server.rsplit("::").next().unwrap_or(server)), &path, &entries);
                let manifest = in_crate(&format!("mcp-tools.{name}.json"));
                (Some(name), manifest)
            }
            None => (None, in_crate(MANIFEST)),
        };
        entries.push(init::ServerEntry { name, path, server: f.server.clone(), profile, manifest });
    }
    let config_path = in_dir(root, mcp_schema::config::FILE_NAME);
    let config_file = Planned { path: config_path, text: init::servers_config(&entries), entry: None, summary: None };
    let manifests: Vec<Planned> = found
        .iter()
        .zip(&entries)
        .map(|(f, e)| {
            super::diagnostics::print_diagnostics(&f.diagnostics);
            manifest_file(in_dir(root, &e.manifest), &f.manifest)
        })
        .collect();
    let said = format!(
        "set up {} servers: {}",
        found.len(),
        entries.iter().map(|e| e.name.as_deref().unwrap_or(&e.path)).collect::<Vec<_>>().join(", ")
    );
    finish_servers(args, root, Some(config_file), None, manifests, &said)
}

/// `init` where a configuration lists `[[servers]]` already: it is kept; each server's manifest,
/// the hook and the workflow are set up.
fn set_up_servers(args: &InitArgs, crate_dir: &Path, servers: &Servers) -> u8 {
    let (config, servers) = (&servers.config, &servers.servers);
    let mut manifests = Vec::new();
    let mut failed = false;
    for server in servers {
        match super::session::read_server(server, &args.source.flags(Vec::new())) {
            Ok((manifest, _)) => manifests.push(manifest_file(server.config.manifest_path(None), &manifest)),
            Err(why) => {
                say!("error: {}: {why}", server.name);
                failed = true;
            }
        }
    }
    if failed {
        say!("error: nothing written: a server's tools cannot be read");
        return 2;
    }
    let root = config.source().and_then(Path::parent).map_or_else(|| crate_dir.to_path_buf(), Path::to_path_buf);
    let root = if root.as_os_str().is_empty() { PathBuf::from(".") } else { root };
    let said = format!("set up {} servers", servers.len());
    finish_servers(args, &root, None, config.source(), manifests, &said)
}

/// `FooBar` as `foo-bar`: a server type as a name.
fn kebab(ty: &str) -> String {
    let mut out = String::new();
    for (i, c) in ty.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push('-');
        }
        out.extend(c.to_lowercase());
    }
    out.replace('_', "-")
}

/// `name`, or `DIR-name` when an entry has it already (two crates with a `Server` type).
fn unique_name(name: &str, path: &str, entries: &[init::ServerEntry]) -> String {
    let last = |path: &str| path.rsplit('/').next().filter(|d| *d != ".").unwrap_or("root").to_owned();
    // An entry without a name is named after its directory.
    let taken = |n: &str| entries.iter().any(|e| e.name.clone().unwrap_or_else(|| last(&e.path)) == n);
    if !taken(name) {
        return name.to_owned();
    }
    format!("{}-{name}", last(path))
}

/// A manifest to write, shown as its tools and size.
fn manifest_file(path: PathBuf, manifest: &mcp_schema::Manifest) -> Planned {
    let text = manifest.to_pretty_string();
    let summary = Some(init::tools_and_size(manifest.len(), text.len()));
    Planned { path, text, entry: None, summary }
}

/// The files of a setup of several servers whose configuration is in `root`: the configuration
/// (`new_config`, or the `kept` one), the manifests, the hook and the workflow, which run
/// `mcp-schema check` where the configuration is and so cover every server.
fn finish_servers(
    args: &InitArgs,
    root: &Path,
    new_config: Option<Planned>,
    kept: Option<&Path>,
    manifests: Vec<Planned>,
    said: &str,
) -> u8 {
    let repo_root = repository_root(root);
    let root_rel = relative(root, &repo_root);
    let setup = Setup { profile: ProfileChoice::Auto, manifest: MANIFEST, crate_dir: &root_rel };
    let mut files: Vec<Planned> = new_config.into_iter().chain(manifests).collect();
    files.extend(hook_and_workflow(&repo_root, &setup));
    if let (Some(kept), false) = (kept, super::quiet()) {
        say!("kept the configuration in {}", kept.display());
    }
    let status = write_all(&files, args.dry_run);
    if !super::quiet() && !args.dry_run {
        say!("{said}; `mcp-schema check` now compares each with its manifest");
    }
    if !super::quiet() && status == 0 {
        let paths: Vec<String> = kept
            .map(Path::to_path_buf)
            .iter()
            .chain(files.iter().map(|f| &f.path))
            .map(|p| p.display().to_string())
            .collect();
        let root_arg = if root == Path::new(".") { String::new() } else { root.display().to_string() };
        super::eprint_text(&init::servers_next_steps(&paths, &root_arg, args.dry_run));
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
            say!("kept {} (it exists); the sources now make {summary}", file.path.display());
            return 0;
        }
        let (what, text) = match &file.entry {
            Some(entry) => ("add this entry to it", entry),
            None => ("it would have written", &file.text),
        };
        say!("kept {} (it exists); {what}:", file.path.display());
        return super::print(&format!("{text}\n"));
    }
    let made = file.path.parent().filter(|p| !p.as_os_str().is_empty()).map_or(Ok(()), std::fs::create_dir_all);
    match made.and_then(|_| create_new(&file.path, &file.text)) {
        Ok(()) => {
            if !super::quiet() {
                say!("created {}", file.path.display());
            }
            0
        }
        Err(e) => {
            say!("error: cannot write {}: {e}", file.path.display());
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
/// The pre-commit hook and the CI workflow, at the repository root: one pair for every server the
/// run sets up, whether it is one crate or a workspace.
fn hook_and_workflow(repo_root: &Path, setup: &Setup) -> [Planned; 2] {
    [
        Planned {
            path: in_dir(repo_root, ".pre-commit-config.yaml"),
            text: init::precommit_config(setup),
            entry: Some(init::precommit_entry(setup)),
            summary: None,
        },
        Planned {
            path: in_dir(repo_root, ".github/workflows/mcp-schema.yml"),
            text: init::workflow(setup),
            entry: None,
            summary: None,
        },
    ]
}

fn in_dir(dir: &Path, name: &str) -> PathBuf {
    if dir == Path::new(".") {
        PathBuf::from(name)
    } else {
        dir.join(name)
    }
}
