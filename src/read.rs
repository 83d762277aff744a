//! The one boundary for reading files. Every file the tool reads on the strength of what a
//! crate or a configuration says (modules, `include_str!`, target roots, Cargo.toml and
//! Cargo.lock, `[schemas]` files, registry sources) is read here, resolved against the root it
//! belongs to (the crate, the project, a registry), and refused when it is outside that root,
//! inside a `.git` directory, not a regular file (a device, a FIFO, a directory: checked before
//! it is opened, and opened without blocking), or larger than [`MAX_FILE_BYTES`]. Files the user
//! names on the command line are read by [`read_given`], with the same checks but no root.
//! docs/security.md says what is read and what is refused; `tests/it/structure.rs` fails on a
//! direct file read anywhere else in `src/`.

use std::fmt;
use std::io::Read;
use std::path::{Component, Path, PathBuf};

/// No file over this many bytes is read (64 MiB: many times the largest real source file).
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// `path` made absolute with every symlink resolved, as [`Path::canonicalize`] makes it, at a
/// fraction of its cost on a tree of many files: the directory a file is in is resolved once per
/// run and kept, and the file itself costs one `lstat` (a symlink is resolved in full). A crate
/// of a thousand files deep in a checkout otherwise pays a `readlink` per component per ask.
/// Directories are taken as they were when first resolved: the tree of a run is not expected to
/// change under it (the same assumption every check-then-open makes).
pub fn canonical(path: &Path) -> std::io::Result<PathBuf> {
    // A trailing `/` asks for a directory (`Path::components` drops it): resolved in full.
    let trailing_slash = path.as_os_str().as_encoded_bytes().ends_with(b"/");
    let (Some(Component::Normal(name)), Some(parent), false) =
        (path.components().next_back(), path.parent(), trailing_slash)
    else {
        return path.canonicalize();
    };
    let parent = if parent.as_os_str().is_empty() { Path::new(".") } else { parent };
    let candidate = canonical_dir(parent)?.join(name);
    if std::fs::symlink_metadata(&candidate)?.file_type().is_symlink() {
        return candidate.canonicalize();
    }
    Ok(candidate)
}

/// How many resolved directories [`canonical`] keeps (a bound on its memory; past it, it starts
/// again).
const CANONICAL_DIRS_KEPT: usize = 4096;

/// `dir` canonical, from the directories resolved before (keyed by their absolute path as
/// asked, so that a change of the working directory cannot mix them up).
fn canonical_dir(dir: &Path) -> std::io::Result<PathBuf> {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock, PoisonError};
    static DIRS: OnceLock<Mutex<HashMap<PathBuf, PathBuf>>> = OnceLock::new();
    let key = if dir.is_absolute() { dir.to_path_buf() } else { std::env::current_dir()?.join(dir) };
    let dirs = DIRS.get_or_init(Default::default);
    if let Some(known) = dirs.lock().unwrap_or_else(PoisonError::into_inner).get(&key) {
        return Ok(known.clone());
    }
    let resolved = key.canonicalize()?;
    let mut dirs = dirs.lock().unwrap_or_else(PoisonError::into_inner);
    if dirs.len() >= CANONICAL_DIRS_KEPT {
        dirs.clear();
    }
    dirs.insert(key, resolved.clone());
    Ok(resolved)
}

/// What a root is, for the messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RootKind {
    /// A package's directory: its modules.
    Crate,
    /// The project a crate belongs to (its git work tree, else its workspace or package
    /// directory): target roots, `include_str!`, Cargo.toml and Cargo.lock, `[schemas]` files.
    Project,
    /// The directory cargo unpacked a registry, vendored or git dependency in.
    Registry,
}

impl RootKind {
    fn name(self) -> &'static str {
        match self {
            RootKind::Crate => "crate",
            RootKind::Project => "project",
            RootKind::Registry => "dependency",
        }
    }
}

/// A directory nothing outside of is read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Root {
    /// What the root is.
    pub kind: RootKind,
    /// Canonical when it exists.
    pub dir: PathBuf,
}

impl Root {
    /// The root `dir` (made canonical when it exists).
    pub fn new(kind: RootKind, dir: &Path) -> Self {
        Root { kind, dir: dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf()) }
    }

    /// The project root of `dir`: the nearest directory at or above it holding `.git` (a pull
    /// request's checkout), else the nearest holding a Cargo.toml with a `[workspace]`, else `dir`.
    pub fn project(dir: &Path) -> Self {
        let abs = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
        let found = abs.ancestors().find(|d| d.join(".git").exists()).or_else(|| {
            abs.ancestors().find(|d| {
                let toml = d.join("Cargo.toml");
                toml.is_file() && read_given(&toml).is_ok_and(|t| t.lines().any(|l| l.trim() == "[workspace]"))
            })
        });
        Root { kind: RootKind::Project, dir: found.unwrap_or(&abs).to_path_buf() }
    }

    /// The git work tree `dir` is in (the nearest directory at or above it holding `.git`).
    pub fn checkout(dir: &Path) -> Option<Self> {
        let abs = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
        let found = abs.ancestors().find(|d| d.join(".git").exists())?;
        Some(Root { kind: RootKind::Project, dir: found.to_path_buf() })
    }

    /// Whether `path` (made absolute and canonical when it exists) is inside this root.
    pub fn holds(&self, path: &Path) -> bool {
        let abs = canonical(path).unwrap_or_else(|_| lexical(path));
        abs.starts_with(&self.dir)
    }
}

/// Why a file was not read.
#[derive(Debug)]
pub enum Why {
    /// Outside its root, once symlinks are resolved.
    Outside(Root),
    /// Inside a `.git` directory.
    Git,
    /// A device, a FIFO, a socket or a directory.
    NotAFile,
    /// Larger than [`MAX_FILE_BYTES`] (its size, or what was read of it).
    TooLarge(u64),
    /// Not UTF-8 (when read as text).
    NotUtf8,
    /// Missing or unreadable.
    Io(std::io::Error),
}

/// A file the boundary did not read, and why.
#[derive(Debug)]
pub struct Refused {
    /// The file, as it was asked for.
    pub path: PathBuf,
    /// Why it was not read.
    pub why: Why,
}

impl Refused {
    /// Whether the file does not exist.
    pub fn is_not_found(&self) -> bool {
        matches!(&self.why, Why::Io(e) if e.kind() == std::io::ErrorKind::NotFound)
    }
}

impl Refused {
    /// The message, naming the file `shown` (as the user would name it).
    pub fn shown_as(&self, shown: &Path) -> String {
        message(shown, &self.why)
    }
}

fn message(path: &Path, why: &Why) -> String {
    let path = path.display();
    match why {
        Why::Outside(root) => {
            format!("{path} is outside the {} root {}; not read", root.kind.name(), root.dir.display())
        }
        Why::Git => format!("{path} is inside a `.git` directory; not read"),
        Why::NotAFile => format!("{path} is not a regular file; not read"),
        Why::TooLarge(len) => format!("{path} is {len} bytes, over the {MAX_FILE_BYTES}-byte limit; not read"),
        Why::NotUtf8 => format!("{path} is not valid UTF-8"),
        Why::Io(e) => format!("cannot read {path}: {e}"),
    }
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&message(&self.path, &self.why))
    }
}

impl std::error::Error for Refused {}

/// The text of `path`, which must be inside `root`.
pub fn read_within(root: &Root, path: &Path) -> Result<String, Refused> {
    text(path, read_bytes_within(root, path)?)
}

/// The bytes of `path`, which must be inside `root`.
pub fn read_bytes_within(root: &Root, path: &Path) -> Result<Vec<u8>, Refused> {
    read_checked(Some(root), path)
}

/// The text of a file the user named (a configuration, a manifest, a recording): no root, the
/// other checks as [`read_within`].
pub fn read_given(path: &Path) -> Result<String, Refused> {
    text(path, read_checked(None, path)?)
}

#[cfg(test)]
thread_local! {
    /// How many times this thread opened a file again (what shows a scan reads a file once).
    pub(crate) static REOPENED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// A file read before, opened again for a snippet or a body (a [`crate::diagnostics::Opener`]),
/// with the same checks.
pub fn reopen(path: &Path) -> std::io::Result<std::fs::File> {
    #[cfg(test)]
    REOPENED.with(|n| n.set(n.get() + 1));
    let canonical = checked_path(None, path).map_err(std::io::Error::other)?;
    open(&canonical)
        .map(|(file, _)| file)
        .map_err(|why| std::io::Error::other(Refused { path: path.to_path_buf(), why }))
}

fn text(path: &Path, bytes: Vec<u8>) -> Result<String, Refused> {
    String::from_utf8(bytes).map_err(|_| Refused { path: path.to_path_buf(), why: Why::NotUtf8 })
}

fn checked_path(root: Option<&Root>, path: &Path) -> Result<PathBuf, Refused> {
    let refuse = |why| Refused { path: path.to_path_buf(), why };
    let canonical = canonical(path).map_err(|e| refuse(Why::Io(e)))?;
    let inside = match root {
        Some(root) => match canonical.strip_prefix(&root.dir) {
            Ok(rel) => rel,
            Err(_) => return Err(refuse(Why::Outside(root.clone()))),
        },
        None => canonical.as_path(),
    };
    if inside.components().any(|c| c.as_os_str() == ".git") {
        return Err(refuse(Why::Git));
    }
    Ok(canonical)
}

fn read_checked(root: Option<&Root>, path: &Path) -> Result<Vec<u8>, Refused> {
    let canonical = checked_path(root, path)?;
    let refuse = |why| Refused { path: path.to_path_buf(), why };
    let (file, len) = open(&canonical).map_err(refuse)?;
    // Room for the whole file and one byte more (what shows it grew past the limit): read in
    // one or two calls, not in the doubling chunks an empty buffer would take.
    let len = len.min(MAX_FILE_BYTES);
    let mut bytes = Vec::with_capacity(len as usize + 1);
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(|e| refuse(Why::Io(e)))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(refuse(Why::TooLarge(bytes.len() as u64)));
    }
    Ok(bytes)
}

/// Open a regular file: its type is checked before it is opened (a FIFO is never opened), it is
/// opened without blocking, and checked again once open. With the open file's length.
fn open(canonical: &Path) -> Result<(std::fs::File, u64), Why> {
    let meta = std::fs::metadata(canonical).map_err(Why::Io)?;
    if !meta.is_file() {
        return Err(Why::NotAFile);
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(Why::TooLarge(meta.len()));
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(all(
        target_os = "linux",
        any(target_arch = "x86_64", target_arch = "x86", target_arch = "aarch64", target_arch = "arm")
    ))]
    {
        use std::os::unix::fs::OpenOptionsExt;
        const O_NONBLOCK: i32 = 0o4000;
        options.custom_flags(O_NONBLOCK);
    }
    let file = options.open(canonical).map_err(Why::Io)?;
    let opened = file.metadata().map_err(Why::Io)?;
    if !opened.is_file() {
        return Err(Why::NotAFile);
    }
    Ok((file, opened.len()))
}

/// `file` as diagnostics name it: relative to `dir` (where the user pointed) when below it.
pub fn shown(dir: &Path, file: &Path) -> PathBuf {
    let abs = canonical(dir).unwrap_or_else(|_| dir.to_path_buf());
    match file.strip_prefix(&abs) {
        Ok(rel) => dir.join(rel),
        Err(_) => file.to_path_buf(),
    }
}

/// `path` made absolute and with `.` and `..` folded, without touching the disk.
fn lexical(path: &Path) -> PathBuf {
    let abs = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().map(|d| d.join(path)).unwrap_or_else(|_| path.to_path_buf())
    };
    let mut out = PathBuf::new();
    for c in abs.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_what_is_outside_git_special_and_large() {
        let dir = tempfile::tempdir().unwrap();
        let root = Root::new(RootKind::Crate, &dir.path().join("c"));
        std::fs::create_dir_all(dir.path().join("c/.git")).unwrap();
        std::fs::write(dir.path().join("c/a.rs"), "fn a() {}").unwrap();
        std::fs::write(dir.path().join("c/.git/config"), "token").unwrap();
        std::fs::write(dir.path().join("out.rs"), "x").unwrap();
        let root = Root::new(root.kind, &root.dir);
        assert_eq!(read_within(&root, &dir.path().join("c/a.rs")).unwrap(), "fn a() {}");
        let why = |p: &Path| read_within(&root, p).unwrap_err().why;
        assert!(matches!(why(&dir.path().join("c/../out.rs")), Why::Outside(_)));
        assert!(matches!(why(&dir.path().join("c/.git/config")), Why::Git));
        assert!(matches!(why(&dir.path().join("c")), Why::NotAFile));
        assert!(matches!(why(Path::new("/proc/self/environ")), Why::Outside(_)));
        assert!(matches!(read_given(Path::new("/dev/zero")).unwrap_err().why, Why::NotAFile));
        let big = dir.path().join("c/big.rs");
        std::fs::File::create(&big).unwrap().set_len(MAX_FILE_BYTES + 1).unwrap();
        assert!(matches!(why(&big), Why::TooLarge(_)));
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_without_opening_it() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("f.rs");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo failed");
        let root = Root::new(RootKind::Crate, dir.path());
        assert!(matches!(read_within(&root, &fifo).unwrap_err().why, Why::NotAFile));
    }

    /// [`canonical`] answers what [`Path::canonicalize`] answers: plain files, a symlinked file
    /// and directory (inside and out), `.` and `..`, a relative path, a missing file; also when
    /// asked again (the directories kept).
    #[cfg(unix)]
    #[test]
    fn canonical_is_canonicalize() {
        let dir = tempfile::tempdir().unwrap();
        let base = dir.path();
        std::fs::create_dir_all(base.join("c/src/deep")).unwrap();
        std::fs::create_dir_all(base.join("out")).unwrap();
        std::fs::write(base.join("c/src/lib.rs"), "").unwrap();
        std::fs::write(base.join("c/src/deep/m.rs"), "").unwrap();
        std::fs::write(base.join("out/secret.rs"), "").unwrap();
        std::os::unix::fs::symlink(base.join("out/secret.rs"), base.join("c/src/link.rs")).unwrap();
        std::os::unix::fs::symlink(base.join("out"), base.join("c/src/outdir")).unwrap();
        std::os::unix::fs::symlink("deep", base.join("c/src/near")).unwrap();
        let asked = [
            "c/src/lib.rs",
            "c/src/deep/m.rs",
            "c/src/link.rs",
            "c/src/outdir/secret.rs",
            "c/src/near/m.rs",
            "c/src/./deep/../lib.rs",
            "c/src/deep/..",
            "c/src/.",
            "c/src/missing.rs",
            "c/missing/lib.rs",
            "c/src/lib.rs/x",
            "c/src/lib.rs/",
            "c/src/deep/",
            "c/src/near/",
        ];
        for _ in 0..2 {
            for rel in asked {
                let path = base.join(rel);
                let (ours, std) = (canonical(&path), path.canonicalize());
                assert_eq!(ours.as_ref().ok(), std.as_ref().ok(), "{rel}");
                assert_eq!(ours.is_err(), std.is_err(), "{rel}");
            }
        }
        for rel in ["Cargo.toml", "src", "src/read.rs", "./src/../Cargo.toml", "."] {
            assert_eq!(canonical(Path::new(rel)).ok(), Path::new(rel).canonicalize().ok(), "{rel}");
        }
        let root = Root::new(RootKind::Crate, &base.join("c"));
        assert!(matches!(read_within(&root, &base.join("c/src/link.rs")).unwrap_err().why, Why::Outside(_)));
        assert!(matches!(read_within(&root, &base.join("c/src/outdir/secret.rs")).unwrap_err().why, Why::Outside(_)));
        assert!(read_within(&root, &base.join("c/src/near/m.rs")).is_ok());
    }
}
