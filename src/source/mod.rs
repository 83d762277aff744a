//! The source stage: find the crates behind the paths the user gave, find their files (walkdir),
//! parse them (syn, in parallel), lay their items out as a module tree, and resolve names.
//!
//! Nothing here knows about MCP; the profiles ask this stage questions.

mod cargo;
pub mod cfg;
mod deferred;
pub mod impls;
mod index;
mod modules;
mod nesting;
mod packages;
mod registry;
mod serde_order;
mod skeleton;

use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use cargo::{find_lock, read_manifest, DependencySpec};
pub use cargo::{CargoManifest, LockedPackage};
pub use deferred::KeptAttributes;
pub use index::{ItemKind, ItemRef, Namespace, Resolved};
pub use modules::{unraw as unraw_ident, Module, ModuleId};
pub use serde_order::SerdeJsonOrder;

use crate::diagnostics::{Code, Diagnostic, Diagnostics, Location, SourceFile};

/// Where the lines of a file start, read once when the file is (on a worker thread).
#[derive(Debug, Clone)]
pub(crate) struct Lines {
    /// The file's length in bytes.
    len: usize,
    /// Byte offset of the start of every line. Offsets fit in u32: proc-macro2's spans do too.
    starts: Arc<[u32]>,
    /// The (0-based) lines holding a non-ASCII char: only there does a column need the text.
    non_ascii: Vec<u32>,
}

impl Lines {
    pub(crate) fn of(text: &str) -> Self {
        let starts: Arc<[u32]> =
            std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i as u32 + 1)).collect();
        let mut non_ascii = Vec::new();
        if !text.is_ascii() {
            for (i, &start) in starts.iter().enumerate() {
                let end = starts.get(i + 1).map_or(text.len(), |&e| e as usize);
                if !text.as_bytes()[start as usize..end].is_ascii() {
                    non_ascii.push(i as u32);
                }
            }
        }
        Lines { len: text.len(), starts, non_ascii }
    }
}

/// A parsed source file. Its AST (held by the modules) is that of its skeleton: function bodies
/// are parsed only when asked for, with [`ParsedFile::body`].
#[derive(Debug)]
pub struct ParsedFile {
    /// The original text, for snippets and bodies (read again from disk when first needed, on the
    /// fast path).
    pub source: Arc<SourceFile>,
    /// For turning syn's line/column into byte offsets without the text (on ASCII lines).
    lines: Lines,
    corrections: Vec<skeleton::Correction>,
    bodies: Vec<skeleton::BodyRange>,
    /// Each deferred body once parsed, or its syntax error ([`ParsedFile::body_errors`]).
    parsed_bodies: Vec<OnceCell<Result<syn::Block, syn::Error>>>,
    deferred: deferred::DeferredItems,
}

impl ParsedFile {
    fn new(
        source: Arc<SourceFile>,
        lines: Lines,
        skeleton: Option<&skeleton::Skeleton>,
        deferred: deferred::DeferredItems,
    ) -> Self {
        let (corrections, bodies) = match skeleton {
            Some(s) => (s.corrections.clone(), s.bodies.clone()),
            None => (Vec::new(), Vec::new()),
        };
        let parsed_bodies = bodies.iter().map(|_| OnceCell::new()).collect();
        ParsedFile { source, lines, corrections, bodies, parsed_bodies, deferred }
    }

    /// The location of a syn span in this file.
    pub fn location(&self, span: proc_macro2::Span) -> Location {
        let start = self.offset(span, span.start());
        let end = self.offset(span, span.end()).max(start);
        Location { file: self.source.clone(), start, len: end - start }
    }

    /// The location of a span of the original text parsed whole (not of the skeleton).
    fn original_location(&self, span: proc_macro2::Span) -> Location {
        let (s, e) = (span.start(), span.end());
        let start = self.original_offset(s.line, s.column);
        let end = self.original_offset(e.line, e.column).max(start);
        Location { file: self.source.clone(), start, len: end - start }
    }

    /// The byte offset of `lc`, a position of `span`: of the skeleton, or of a text parsed again
    /// alone (a body parsed on demand, of the original; a deferred item, of the skeleton).
    fn offset(&self, span: proc_macro2::Span, lc: proc_macro2::LineColumn) -> usize {
        let (line, column) = match self.deferred.placed.place(span, lc) {
            Some((line, column, false)) => (line, column),
            Some((line, column, true)) => skeleton::original_position(&self.corrections, line, column),
            None => skeleton::original_position(&self.corrections, lc.line, lc.column),
        };
        self.original_offset(line, column)
    }

    fn original_offset(&self, line: usize, column: usize) -> usize {
        let index = line.saturating_sub(1);
        let Some(&line_start) = self.lines.starts.get(index) else {
            return self.lines.len;
        };
        let line_start = line_start as usize;
        // On an ASCII line, a column is a byte count (up to the line's end).
        let line_end = self.lines.starts.get(index + 1).map_or(self.lines.len, |&e| e as usize);
        if line_start + column <= line_end && self.lines.non_ascii.binary_search(&(index as u32)).is_err() {
            return line_start + column;
        }
        let rest = self.source.slice(line_start..line_end);
        let col = rest.char_indices().nth(column).map_or(rest.len(), |(i, _)| i);
        line_start + col
    }

    /// The original text of a skipped body, braces included.
    fn body_text(&self, i: usize) -> std::borrow::Cow<'_, str> {
        self.source.slice(self.bodies[i].open..self.bodies[i].close + 1)
    }

    /// Which skipped body a placeholder block stands for.
    fn skipped(&self, block: &syn::Block) -> Option<usize> {
        if !block.stmts.is_empty() || self.bodies.is_empty() {
            return None;
        }
        let open = block.brace_token.span.open();
        let open = self.offset(open, open.start());
        self.bodies.binary_search_by_key(&open, |b| b.open).ok()
    }

    /// Whether the text of a fn body mentions `word`: a cheap test before asking for the parsed
    /// body. A body parsed already (with the file under `--full-parse`, or on demand) is tested
    /// on its text too, so that what a scan visits does not depend on the parse mode or on what
    /// was parsed before (a scan that visited every parsed body printed notes of bodies the
    /// fast path never visits).
    pub fn body_mentions(&self, block: &syn::Block, word: &str) -> bool {
        match self.skipped(block) {
            Some(i) => self.body_text(i).contains(word),
            None => self.parsed_body_text(block).map_or(true, |text| text.contains(word)),
        }
    }

    /// The text of a parsed fn body, braces included, if its span maps into this file.
    fn parsed_body_text(&self, block: &syn::Block) -> Option<std::borrow::Cow<'_, str>> {
        let (open, close) = (block.brace_token.span.open(), block.brace_token.span.close());
        let (start, end) = (self.offset(open, open.start()), self.offset(close, close.end()));
        (start < end && end <= self.lines.len).then(|| self.source.slice(start..end))
    }

    /// The original text of this file, read once (a file read again from disk is read there on
    /// every [`SourceFile::slice`]), to test several words on the file, its impl blocks and its
    /// skipped fn bodies: cheap tests before a scan that would parse the file's deferred bodies
    /// and item lists.
    pub fn read_text(&self) -> FileText<'_> {
        FileText { file: self, text: self.source.slice(0..self.lines.len) }
    }
    /// How many deferred fn bodies and impl item lists of this file have been parsed so far.
    #[cfg(test)]
    pub(crate) fn parsed_deferred(&self) -> usize {
        self.parsed_bodies.iter().filter(|b| b.get().is_some()).count() + self.deferred.parsed_impls()
    }

    /// The items of an impl block of this file: always use this rather than `imp.items`, which
    /// is empty when the block's items were deferred (see [`deferred`]).
    pub fn impl_items<'a>(&'a self, imp: &'a syn::ItemImpl) -> &'a [syn::ImplItem] {
        self.deferred.impl_items(imp)
    }

    /// The items of a trait of this file (like [`ParsedFile::impl_items`]: `t.items` is empty
    /// when they were deferred).
    pub fn trait_items<'a>(&'a self, t: &'a syn::ItemTrait) -> &'a [syn::TraitItem] {
        self.deferred.trait_items(t)
    }

    /// `item` itself, or the whole item when `item` is the shell a deferred item left in the
    /// tree (see [`deferred`]); [`Workspace::item`] goes through it.
    pub fn whole_item<'a>(&'a self, item: &'a syn::Item) -> &'a syn::Item {
        self.deferred.whole_item(item)
    }

    /// Whether `item` (of this file) may mention `word`: a cheap test before asking for a
    /// deferred item whole (see [`ParsedFile::body_mentions`]).
    pub fn item_mentions(&self, item: &syn::Item, word: &str) -> bool {
        self.deferred.mentions(item, word)
    }

    /// The real body of a function whose body the skeleton left out (parsed on first use), or
    /// `block` itself when it is not such a placeholder.
    pub fn body<'a>(&'a self, block: &'a syn::Block) -> &'a syn::Block {
        let Some(i) = self.skipped(block) else { return block };
        let parsed = self.parsed_bodies[i].get_or_init(|| {
            let b = self.bodies[i];
            // Lexed as it is, its source file noted as starting where the body does.
            let at = Placement { line: b.line, column: b.column, in_skeleton: false };
            self.deferred
                .placed
                .lex(&self.body_text(i), at)
                .map_err(syn::Error::from)
                .and_then(syn::parse2::<syn::Block>)
        });
        parsed.as_ref().unwrap_or(block)
    }

    /// The syntax errors of the deferred bodies parsed so far: a body that does not parse is
    /// read as empty, and the run says so (no manifest from code that did not parse).
    pub fn body_errors(&self) -> impl Iterator<Item = Diagnostic> + '_ {
        self.parsed_bodies.iter().filter_map(|cell| cell.get()?.as_ref().err()).map(|e| {
            Diagnostic::error(Code::SyntaxError, format!("syntax error: {e}"))
                .at(Some(self.location(e.span())))
                .with_label(e.to_string())
                .in_file(&self.source.path)
        })
    }
}

/// The text of one [`ParsedFile`], read once (see [`ParsedFile::read_text`]).
pub struct FileText<'f> {
    file: &'f ParsedFile,
    text: std::borrow::Cow<'f, str>,
}

impl FileText<'_> {
    fn any_in(&self, range: std::ops::Range<usize>, words: &[&str]) -> bool {
        let text = self.text.get(range).unwrap_or_default();
        words.iter().any(|w| text.contains(w))
    }

    /// Whether the file's text mentions one of `words`.
    pub fn mentions(&self, words: &[&str]) -> bool {
        words.iter().any(|w| self.text.contains(w))
    }

    /// Whether the text of an impl block of this file, between its braces, mentions one of
    /// `words`.
    pub fn impl_mentions(&self, imp: &syn::ItemImpl, words: &[&str]) -> bool {
        let (open, close) = (imp.brace_token.span.open(), imp.brace_token.span.close());
        let open_at = self.file.offset(open, open.start());
        let close = self.file.offset(close, close.end()).max(open_at);
        let open = open_at;
        self.any_in(open..close, words)
    }

    /// Whether the text of a fn body of this file may mention one of `words` (always true for a
    /// body that was parsed with the file, as [`ParsedFile::body_mentions`]).
    pub fn body_mentions(&self, block: &syn::Block, words: &[&str]) -> bool {
        match self.file.skipped(block) {
            Some(i) => self.any_in(self.file.bodies[i].open..self.file.bodies[i].close + 1, words),
            None => true,
        }
    }
}

/// Where a text parsed alone starts: a line (1-based) and column (0-based, in chars) of the
/// original text, or of the skeleton.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Placement {
    pub line: usize,
    pub column: usize,
    pub in_skeleton: bool,
}

/// Where the texts of one file parsed alone start (its fn bodies parsed on demand, its deferred
/// items parsed again), by the proc-macro2 source file each became. Each is parsed as it is and
/// its spans are mapped through its placement: padding a text to its own line instead made
/// proc-macro2 keep a line table as long as the file for every text, so N tools or N types in
/// one file cost N² time and memory.
#[derive(Debug, Default)]
pub(crate) struct Placements(RefCell<HashMap<(std::thread::ThreadId, usize), Placement>>);

impl Placements {
    /// Lex `text`, placed at `at`.
    pub(crate) fn lex(&self, text: &str, at: Placement) -> Result<proc_macro2::TokenStream, proc_macro2::LexError> {
        let lexed = text.parse::<proc_macro2::TokenStream>();
        let first = match &lexed {
            Ok(tokens) => tokens.clone().into_iter().next().map(|t| t.span()),
            Err(e) => Some(e.span()),
        };
        if let Some(file) = first.and_then(source_file_of) {
            self.0.borrow_mut().insert(file, at);
        }
        lexed
    }

    /// Where `lc`, a position of `span`, is when `span` is of a text parsed alone: the line and
    /// column, and whether they are of the skeleton (else of the original text).
    pub(crate) fn place(&self, span: proc_macro2::Span, lc: proc_macro2::LineColumn) -> Option<(usize, usize, bool)> {
        let placed = self.0.borrow();
        if placed.is_empty() {
            return None;
        }
        let at = *placed.get(&source_file_of(span)?)?;
        let (line, column) =
            if lc.line <= 1 { (at.line, at.column + lc.column) } else { (at.line + lc.line - 1, lc.column) };
        Some((line, column, at.in_skeleton))
    }
}

/// The proc-macro2 source file (of this thread: each thread has its own) a span is of: every
/// text parsed is one, named `<parsed string N>`; `None` for a span of none (`Span::call_site`).
fn source_file_of(span: proc_macro2::Span) -> Option<(std::thread::ThreadId, usize)> {
    let name = span.file();
    let n = name.strip_prefix("<parsed string ")?.strip_suffix('>')?.parse().ok()?;
    Some((std::thread::current().id(), n))
}

/// One compilation unit: a library, a binary, or a single file given on the command line.
#[derive(Debug)]
pub struct Crate {
    /// The name other crates use for it in paths (`my_lib`), or the file stem.
    pub name: String,
    /// The package's Cargo.toml, when there is one.
    pub manifest: Option<Arc<CargoManifest>>,
    pub files: Vec<ParsedFile>,
    /// Module 0 is the crate root.
    pub modules: Vec<Module>,
    /// A library (other crates of the workspace can name it) rather than a binary.
    pub is_lib: bool,
    /// The cargo features enabled for this crate's package; `#[cfg(feature = "…")]` is read
    /// against them (see [`cfg`]).
    pub features: cfg::EnabledFeatures,
    /// The crates of the run its dependencies are, by the name its code uses for each.
    pub externs: std::collections::HashMap<String, usize>,
    /// Read from where cargo put a registry, vendored or git dependency: its types are read, but
    /// what it declares as tools or servers is not the server's (a profile skips it).
    pub is_registry: bool,
    /// One scope per module, parallel to `modules`.
    scopes: Vec<index::ModuleScope>,
    /// What its code may read (`include_str!`): its project, or its own directory for a
    /// registry crate (see [`crate::read`]).
    pub read_root: crate::read::Root,
}

impl Crate {
    pub fn root_module(&self) -> ModuleId {
        ModuleId(0)
    }

    pub fn module(&self, id: ModuleId) -> &Module {
        &self.modules[id.0]
    }

    pub fn file_of(&self, module: ModuleId) -> &ParsedFile {
        &self.files[self.modules[module.0].file]
    }
}

/// Every crate the run reads, and what went wrong while reading them.
#[derive(Debug, Default)]
pub struct Workspace {
    pub crates: Vec<Crate>,
    pub diagnostics: Diagnostics,
    /// The directory the run is about: the crate or workspace root, or the file's directory.
    pub root: PathBuf,
    /// The package manifests that were read, with the path of each.
    pub packages: Vec<Arc<CargoManifest>>,
    pub mode: ParseMode,
    /// The attributes the profile scans every item for, kept parsed on the skeleton path.
    pub kept: KeptAttributes,
    /// The glob lookups under way (crate, module, name), against cycles of glob re-exports.
    globs_in_progress: std::cell::RefCell<std::collections::HashSet<(usize, ModuleId, String, Namespace)>>,
    /// Every impl block with its self type resolved, found on first use (see
    /// [`impls::ImplIndex::new`]): however many indexes a run makes, the workspace is scanned once.
    pub(crate) impl_heads: std::sync::OnceLock<Vec<impls::ImplHead>>,
    /// The extern names of the registry, vendored and git dependencies of the packages read.
    registry_deps: std::collections::BTreeSet<String>,
    /// Those a type lowered during the run came from (see [`Workspace::want_registry_crate`]).
    registry_wanted: std::cell::RefCell<std::collections::BTreeSet<String>>,
    /// The root packages and the features asked for them: the build [`Workspace::serde_json_order`]
    /// is about.
    build_roots: (Vec<Arc<CargoManifest>>, crate::options::FeatureSelection),
    serde_json_order: std::sync::OnceLock<SerdeJsonOrder>,
    /// What each package's load made (see [`PackageLoad`]).
    package_loads: Vec<PackageLoad>,
}

/// The crates one package's load made, and what the load reported: the next load of the same
/// run (another round for registry crates, [`load_wanting`]'s `previous`) takes them instead of
/// reading and parsing the package again, when it loads the same targets with the same features.
#[derive(Debug)]
struct PackageLoad {
    key: PackageKey,
    /// Its crates, in [`Workspace::crates`].
    crates: std::ops::Range<usize>,
    /// What loading them pushed to [`Workspace::diagnostics`], in order.
    diagnostics: Vec<Diagnostic>,
}

/// What decides a package's crates: its directory, whether it is a registry one, the target
/// roots loaded, and its enabled features.
#[derive(Debug, Clone, PartialEq)]
struct PackageKey {
    dir: PathBuf,
    is_registry: bool,
    roots: Vec<PathBuf>,
    features: std::collections::BTreeSet<String>,
}

impl Workspace {
    /// Whether serde_json keeps keys in insertion order in the server binary (see
    /// [`serde_order`]); worked out on first use, from the manifests on disk.
    pub fn serde_json_order(&self) -> &SerdeJsonOrder {
        self.serde_json_order.get_or_init(|| serde_order::serde_json_order(&self.build_roots.0, &self.build_roots.1))
    }

    /// [`Workspace::serde_json_order`] if a run asked for it.
    pub fn serde_json_order_known(&self) -> Option<SerdeJsonOrder> {
        self.serde_json_order.get().cloned()
    }

    /// Set [`Workspace::serde_json_order`] to what a previous load of the same build worked out.
    pub fn know_serde_json_order(&self, order: SerdeJsonOrder) {
        let _ = self.serde_json_order.set(order);
    }

    /// The real body of a fn written in `module` of `krate` (see [`ParsedFile::body`]).
    pub fn block<'a>(&'a self, krate: usize, module: ModuleId, block: &'a syn::Block) -> &'a syn::Block {
        self.crates[krate].file_of(module).body(block)
    }

    /// The items of an impl block written in `module` of `krate` (see [`ParsedFile::impl_items`]).
    pub fn impl_items<'a>(&'a self, krate: usize, module: ModuleId, imp: &'a syn::ItemImpl) -> &'a [syn::ImplItem] {
        self.crates[krate].file_of(module).impl_items(imp)
    }

    /// The items of a trait written in `module` of `krate` (see [`ParsedFile::trait_items`]).
    pub fn trait_items<'a>(&'a self, krate: usize, module: ModuleId, t: &'a syn::ItemTrait) -> &'a [syn::TraitItem] {
        self.crates[krate].file_of(module).trait_items(t)
    }

    /// See [`ParsedFile::body_mentions`].
    pub fn block_mentions(&self, krate: usize, module: ModuleId, block: &syn::Block, word: &str) -> bool {
        self.crates[krate].file_of(module).body_mentions(block, word)
    }

    /// Note that a type the run needs comes from the extern crate `name`, which was not read: when
    /// it is a registry dependency, the next load reads it ([`load_wanting`]). Only what a tool's
    /// type reaches is ever read, so a big dependency tree costs nothing.
    pub fn want_registry_crate(&self, name: &str) {
        if self.registry_deps.contains(name) {
            self.registry_wanted.borrow_mut().insert(name.to_owned());
        }
    }

    /// Start again with no registry crate wanted: a run on sources an earlier run used (see
    /// [`Workspace::want_registry_crate`]).
    pub fn forget_wanted_registry_crates(&self) {
        self.registry_wanted.borrow_mut().clear();
    }

    /// The registry crates the run wanted (see [`Workspace::want_registry_crate`]).
    pub fn wanted_registry_crates(&self) -> std::collections::BTreeSet<String> {
        self.registry_wanted.borrow().clone()
    }

    /// The library crate `name` means in paths written in `krate` (for `use other_crate::Type`):
    /// a dependency by the name `krate` gives it (a rename included), else a library of the
    /// workspace by its own name.
    pub fn crate_named(&self, krate: usize, name: &str) -> Option<usize> {
        self.crates[krate]
            .externs
            .get(name)
            .copied()
            .or_else(|| self.crates.iter().position(|c| c.name == name && c.is_lib))
    }
}

/// The same tree without the spare capacity parsing left in its vectors (they grow by doubling
/// as syn pushes): a clone allocates each at its exact size, a third less memory for trees held
/// until the end of the run.
pub(crate) fn compacted<T: Clone>(tree: &T) -> T {
    tree.clone()
}

/// Load what the paths point at. An error here means nothing could be read at all.
#[cfg(test)]
pub fn load(paths: &[PathBuf], exclude: &[PathBuf]) -> Result<Workspace, Diagnostic> {
    load_with(paths, exclude, ParseMode::Skeleton)
}

/// How files are parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ParseMode {
    /// Read and strip function bodies in parallel, parse the skeletons (bodies on demand).
    #[default]
    Skeleton,
    /// The straightforward path: parse every file in full, on one thread. The output is the
    /// same; tests compare the two.
    Full,
}

/// [`load_selected`] with the default features.
#[cfg(test)]
pub fn load_with(paths: &[PathBuf], exclude: &[PathBuf], mode: ParseMode) -> Result<Workspace, Diagnostic> {
    load_selected(paths, exclude, mode, &crate::options::FeatureSelection::default(), KeptAttributes(&["tool"]))
}

/// Load what the paths point at, with the cargo features `features` selects; items carrying one
/// of `kept` stay parsed on the skeleton path (the profile scans for them).
#[cfg(test)]
pub fn load_selected(
    paths: &[PathBuf],
    exclude: &[PathBuf],
    mode: ParseMode,
    features: &crate::options::FeatureSelection,
    kept: KeptAttributes,
) -> Result<Workspace, Diagnostic> {
    load_wanting(paths, exclude, mode, features, kept, &Default::default(), None)
}

/// [`load_selected`], reading also the registry dependencies whose extern names are in `wanted`
/// (as the packages' code names them), with their own dependencies' sources found the same way.
/// `previous` is an earlier load of the same paths, options and profile (the round before, with
/// fewer registry crates wanted): a package it loaded alike is taken from it, not read again.
pub fn load_wanting(
    paths: &[PathBuf],
    exclude: &[PathBuf],
    mode: ParseMode,
    features: &crate::options::FeatureSelection,
    kept: KeptAttributes,
    wanted: &std::collections::BTreeSet<String>,
    previous: Option<Workspace>,
) -> Result<Workspace, Diagnostic> {
    let default = [PathBuf::from(".")];
    let paths = if paths.is_empty() { &default[..] } else { paths };
    let mut ws = Workspace { mode, kept, ..Workspace::default() };
    let mut roots = Vec::new();
    for path in paths {
        find_roots(path, exclude, features, &mut ws, &mut roots)?;
    }
    let mut locks = std::collections::BTreeSet::new();
    for dir in roots.iter().map(|m| m.dir.clone()).chain([ws.root.clone()]) {
        if let Some((lock, d)) = cargo::unreadable_lock(&dir) {
            if locks.insert(lock) {
                ws.diagnostics.push(d);
            }
        }
    }
    let single_file_package = ws.packages.first().filter(|_| roots.is_empty()).cloned();
    ws.build_roots = (roots.iter().cloned().chain(single_file_package).collect(), features.clone());
    let packages = packages::discover(roots, wanted, &mut ws.diagnostics);
    ws.registry_deps = packages::registry_dependencies(&packages);
    let resolution = packages::resolve(&packages, features)?;
    if let Some(bin) = &features.bin {
        check_bin(&packages, bin)?;
    }
    let previous = previous.filter(|p| p.mode == mode && p.kept == kept);
    load_packages(&packages, &resolution, exclude, features.bin.as_deref(), &mut ws, previous);
    index::build(&mut ws);
    Ok(ws)
}

/// The packages `path` is about (pushed to `roots`); a single file, or a directory of sources
/// without a Cargo.toml, is loaded at once.
fn find_roots(
    path: &Path,
    exclude: &[PathBuf],
    features: &crate::options::FeatureSelection,
    ws: &mut Workspace,
    roots: &mut Vec<Arc<CargoManifest>>,
) -> Result<(), Diagnostic> {
    let meta = std::fs::metadata(path).map_err(|e| bad_path(path, e))?;
    if ws.root.as_os_str().is_empty() {
        ws.root =
            if meta.is_dir() { path.to_path_buf() } else { path.parent().unwrap_or(Path::new(".")).to_path_buf() };
    }
    if meta.is_file() {
        let manifest = cargo::find_package_above(path);
        let name = path.file_stem().map_or("main".into(), |s| s.to_string_lossy().replace('-', "_"));
        let root = path.parent().map(Path::to_path_buf).unwrap_or_default();
        let files = if manifest.is_some() && path.starts_with(root.join("src")) {
            modules::PackageFiles::read(&root, &[path.to_path_buf()], exclude, ws.mode, ws.kept, true)
        } else {
            modules::PackageFiles::none(ws.kept)
        };
        let spec = modules::CrateRoot {
            name,
            dir: root,
            root_file: path.to_path_buf(),
            manifest: manifest.clone(),
            is_lib: false,
        };
        let features = Arc::new(single_file_features(manifest.as_ref(), features, &mut ws.diagnostics)?);
        let krate = modules::load_crate(spec, &files, &features, ws.mode, &mut ws.diagnostics);
        if let Some(m) = manifest {
            ws.packages.push(m);
        }
        ws.crates.push(krate);
        return Ok(());
    }
    let toml_path = path.join("Cargo.toml");
    if !toml_path.is_file() {
        // A bare directory of sources: read src/lib.rs or src/main.rs if there, else fail clearly.
        for candidate in ["src/lib.rs", "src/main.rs", "lib.rs", "main.rs"] {
            let file = path.join(candidate);
            if file.is_file() {
                return find_roots(&file, exclude, features, ws, roots);
            }
        }
        return Err(Diagnostic::error(
            Code::NoCrate,
            format!("{} has no Cargo.toml and no src/lib.rs or src/main.rs", path.display()),
        )
        .in_file(path)
        .with_help("give a crate directory, a workspace root, or a single .rs file"));
    }
    let manifest = cargo::read_manifest(&toml_path)?;
    for member in manifest.workspace_members(path, &mut ws.diagnostics) {
        match cargo::read_manifest(&member.join("Cargo.toml")) {
            Ok(m) => roots.push(Arc::new(m)),
            Err(d) => ws.diagnostics.push(d),
        }
    }
    if manifest.package_name.is_some() {
        roots.push(Arc::new(manifest));
    }
    Ok(())
}

/// The features of the package a single file belongs to (none outside a package).
fn single_file_features(
    manifest: Option<&Arc<CargoManifest>>,
    selection: &crate::options::FeatureSelection,
    diagnostics: &mut Diagnostics,
) -> Result<cfg::EnabledFeatures, Diagnostic> {
    let Some(m) = manifest else { return Ok(cfg::EnabledFeatures::default()) };
    let packages = packages::discover(vec![m.clone()], &Default::default(), diagnostics);
    let resolution = packages::resolve(&packages, selection)?;
    Ok(resolution.features.first().map(|f| cfg::EnabledFeatures::new(f.iter().cloned())).unwrap_or_default())
}

/// `--bin NAME` names a binary of a root package, or the error cargo would give (with the
/// binaries there are).
fn check_bin(packages: &[packages::Package], bin: &str) -> Result<(), Diagnostic> {
    let bins: Vec<String> = packages
        .iter()
        .filter(|p| p.is_root)
        .flat_map(|p| p.manifest.targets())
        .filter(|t| t.kind == cargo::TargetKind::Bin)
        .map(|t| t.name)
        .collect();
    if bins.iter().any(|b| b == bin) {
        return Ok(());
    }
    let help = if bins.is_empty() {
        "the package has no binary target".to_owned()
    } else {
        format!("binaries: {}", bins.join(", "))
    };
    Err(Diagnostic::error(Code::UnknownBin, format!("--bin `{bin}`: no binary target of that name")).with_help(help))
}

/// Whether a root package's `target` is built: every target, or with `--bin NAME` the library
/// and that binary (as `cargo run --bin NAME`).
fn built(target: &cargo::Target, bin: Option<&str>) -> bool {
    match bin {
        None => true,
        Some(name) => target.is_lib() || (target.kind == cargo::TargetKind::Bin && target.name == name),
    }
}

/// Load the packages that are built: every target of a root package (or those `--bin` keeps),
/// the library of a dependency (each taken from `previous` when it loaded it alike); then tell
/// each crate which crate each of its dependency names means.
fn load_packages(
    packages: &[packages::Package],
    resolution: &packages::Resolution,
    exclude: &[PathBuf],
    bin: Option<&str>,
    ws: &mut Workspace,
    previous: Option<Workspace>,
) {
    let mut previous = previous.map(Previous::new);
    // Per package: the index of its library crate.
    let mut libs: Vec<Option<usize>> = vec![None; packages.len()];
    let mut crates_of: Vec<std::ops::Range<usize>> = vec![0..0; packages.len()];
    for (p, package) in packages.iter().enumerate() {
        if !resolution.active[p] {
            continue;
        }
        let manifest = &package.manifest;
        let targets: Vec<cargo::Target> = if package.is_root {
            manifest.targets().into_iter().filter(|t| built(t, bin)).collect()
        } else {
            manifest.lib_target().into_iter().collect()
        };
        let key = PackageKey {
            dir: manifest.dir.clone(),
            is_registry: package.is_registry,
            roots: targets.iter().map(|t| t.root_file.clone()).collect(),
            features: resolution.features[p].clone(),
        };
        let first = ws.crates.len();
        let first_diagnostic = ws.diagnostics.0.len();
        if let Some((crates, diagnostics)) = previous.as_mut().and_then(|prev| prev.take(&key)) {
            ws.diagnostics.0.extend(diagnostics);
            ws.crates.extend(crates);
        } else {
            load_package(package, targets, &key, exclude, ws);
        }
        libs[p] = (first..ws.crates.len()).find(|&k| ws.crates[k].is_lib);
        crates_of[p] = first..ws.crates.len();
        let diagnostics = ws.diagnostics.0[first_diagnostic..].to_vec();
        ws.package_loads.push(PackageLoad { key, crates: first..ws.crates.len(), diagnostics });
        if !package.is_registry {
            ws.packages.push(manifest.clone());
        }
    }
    for (p, package) in packages.iter().enumerate() {
        let mut externs: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
        for (dep, local) in package.deps.iter().zip(&package.local) {
            if let Some(lib) = local.and_then(|q| libs[q]) {
                externs.insert(dep.key.replace('-', "_"), lib);
            }
        }
        for k in crates_of[p].clone() {
            let mut own = externs.clone();
            // A binary or an example names its own package's library.
            if let Some(lib) = libs[p].filter(|&l| l != k) {
                own.insert(ws.crates[lib].name.clone(), lib);
            }
            ws.crates[k].externs = own;
        }
    }
}

/// Read and parse the `targets` of one package (`key` says where and with which features).
fn load_package(
    package: &packages::Package,
    targets: Vec<cargo::Target>,
    key: &PackageKey,
    exclude: &[PathBuf],
    ws: &mut Workspace,
) {
    let manifest = &package.manifest;
    if package.is_root {
        for d in manifest.missing_targets() {
            ws.diagnostics.push(d);
        }
    }
    // No profile looks for tools in another crate's sources: nothing there is kept parsed.
    let kept = if package.is_registry { KeptAttributes(&[]) } else { ws.kept };
    let files = modules::PackageFiles::read(&manifest.dir, &key.roots, exclude, ws.mode, kept, !package.is_registry);
    let features = Arc::new(cfg::EnabledFeatures::new(key.features.iter().cloned()));
    for target in targets {
        let spec = modules::CrateRoot {
            name: target.crate_name.clone(),
            dir: manifest.dir.clone(),
            root_file: target.root_file.clone(),
            manifest: Some(manifest.clone()),
            is_lib: target.is_lib(),
        };
        let mut krate = modules::load_crate(spec, &files, &features, ws.mode, &mut ws.diagnostics);
        krate.is_registry = package.is_registry;
        if package.is_registry {
            krate.read_root = crate::read::Root::new(crate::read::RootKind::Registry, &manifest.dir);
        }
        ws.crates.push(krate);
    }
}

/// An earlier load's crates, each taken at most once.
struct Previous {
    crates: Vec<Option<Crate>>,
    loads: Vec<PackageLoad>,
}

impl Previous {
    fn new(ws: Workspace) -> Self {
        Previous { crates: ws.crates.into_iter().map(Some).collect(), loads: ws.package_loads }
    }

    /// The crates and diagnostics of the package loaded as `key`, if the earlier load made them.
    fn take(&mut self, key: &PackageKey) -> Option<(Vec<Crate>, Vec<Diagnostic>)> {
        let at = self.loads.iter().position(|l| l.key == *key)?;
        let load = self.loads.swap_remove(at);
        let crates: Option<Vec<Crate>> = self.crates[load.crates].iter_mut().map(Option::take).collect();
        Some((crates?, load.diagnostics))
    }
}

/// A diagnostic for a path the user gave that cannot be used.
pub(crate) fn bad_path(path: &std::path::Path, why: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(Code::BadPath, format!("cannot read {}: {why}", path.display())).in_file(path)
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;
    use std::sync::Arc;

    use super::*;
    use crate::options::FeatureSelection;

    fn server() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("testdata/crates/registry/path")
    }

    fn load_again(features: &FeatureSelection, previous: Option<Workspace>) -> Workspace {
        let kept = crate::profile::RMCP_KEPT_ATTRIBUTES;
        load_wanting(&[server()], &[], ParseMode::Skeleton, features, kept, &Default::default(), previous).unwrap()
    }

    /// The source file of each crate's root module, by crate name.
    fn roots(ws: &Workspace) -> Vec<(String, Arc<crate::diagnostics::SourceFile>)> {
        ws.crates.iter().map(|k| (k.name.clone(), k.file_of(k.root_module()).source.clone())).collect()
    }

    /// A second round of a run (more registry crates wanted) takes the packages the first read
    /// alike: the same parsed files, the same crates and diagnostics as a fresh load.
    #[test]
    fn a_later_round_takes_the_packages_the_round_before_read_alike() {
        let features = FeatureSelection::default();
        let first = load_again(&features, None);
        let before = roots(&first);
        let fresh = load_again(&features, None);
        let again = load_again(&features, Some(first));
        let after = roots(&again);
        assert_eq!(before.len(), 2, "{before:?}");
        for ((name, was), (now_name, now)) in before.iter().zip(&after) {
            assert_eq!(name, now_name);
            assert!(Arc::ptr_eq(was, now), "{name} was read again");
        }
        assert_eq!(format!("{:?}", again.diagnostics), format!("{:?}", fresh.diagnostics));
        let externs = |ws: &Workspace| ws.crates.iter().map(|k| format!("{:?}", k.externs)).collect::<Vec<_>>();
        assert_eq!(externs(&again), externs(&fresh));
    }

    /// A package asked for with other features, or for other targets, is not taken: only the
    /// load it had is.
    #[test]
    fn a_package_loaded_otherwise_is_not_taken() {
        let first = load_again(&FeatureSelection::default(), None);
        let key = |ws: &Workspace, name: &str| {
            let load = ws.package_loads.iter().find(|l| ws.crates[l.crates.start].name == name).expect("loaded");
            load.key.clone()
        };
        let api = key(&first, "api_types");
        assert!(api.features.contains("tracing"), "{api:?}");
        let mut previous = Previous::new(first);
        let other_features = PackageKey { features: Default::default(), ..api.clone() };
        let other_roots = PackageKey { roots: Vec::new(), ..api.clone() };
        assert!(previous.take(&other_features).is_none());
        assert!(previous.take(&other_roots).is_none());
        let (crates, _) = previous.take(&api).expect("the same load is taken");
        assert_eq!(crates.iter().map(|k| k.name.as_str()).collect::<Vec<_>>(), ["api_types"]);
        assert!(previous.take(&api).is_none(), "each load is taken once");
    }
}
