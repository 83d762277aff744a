//! Files → module tree. walkdir lists the `.rs` files under the crate root (never following a
//! symlink out of it), syn parses them, and the tree is then laid out by following
//! `mod` declarations from the crate root file: `mod x;` (x.rs or x/mod.rs), `#[path = "…"]`, and
//! inline `mod x { … }`. Files no `mod` reaches are not part of the crate and are dropped.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use rayon::prelude::*;

use super::cargo::CargoManifest;
use super::cfg::{CfgPass, EnabledFeatures};
use super::deferred::{DeferredItems, KeptAttributes};
use super::skeleton::{skeletonize, Skeleton};
use super::{Crate, Lines, ParseMode, ParsedFile};
use crate::diagnostics::{Code, Diagnostic, Diagnostics, SourceFile};
use crate::read::{Root, RootKind};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ModuleId(pub usize);

/// One module of a crate, with the items written directly in it. The items of an inline
/// `mod x { … }` are moved into that child's own `Module`.
#[derive(Debug)]
pub struct Module {
    /// The path from the crate root (`[]` for the root, `["net", "types"]`).
    pub path: Vec<String>,
    pub parent: Option<ModuleId>,
    /// Index into `Crate::files`.
    pub file: usize,
    pub items: Vec<syn::Item>,
    pub children: HashMap<String, ModuleId>,
}

/// A file as read and parsed, before it has a place in the tree.
struct Loaded {
    /// `None` when the file cannot be read or is not UTF-8.
    read: Option<ReadFile>,
    /// Why it was not read (see [`crate::read`]).
    failure: Option<Failure>,
    ast: Option<syn::File>,
    skeleton: Option<Skeleton>,
    deferred: DeferredItems,
    /// Whether the file's own `#![cfg(...)]` holds (a module switched off from inside).
    active: bool,
    /// `cfg` predicates that could not be read (their items were kept).
    unreadable_cfg: Vec<proc_macro2::Span>,
}

/// What is kept of a file's text once read.
#[derive(Clone)]
struct ReadFile {
    lines: Lines,
    /// The text itself, kept only when the file is parsed in full (the fast path reads it again
    /// when a body or a snippet needs it).
    text: Option<Arc<str>>,
}

/// Modules nested deeper than this are refused (they can only come from a generated or hostile
/// tree, and the walk would otherwise recurse without bound).
const MAX_MODULE_DEPTH: usize = 128;

/// What identifies a crate to load: a package target, or a single file.
pub struct CrateRoot {
    pub name: String,
    /// The package directory, or the single file's directory: nothing outside it is read.
    pub dir: PathBuf,
    pub root_file: PathBuf,
    pub manifest: Option<Arc<CargoManifest>>,
    pub is_lib: bool,
}

/// The files of one package, read and skeletonized once for all its targets: each target parses
/// those it reaches (a file two targets declare is parsed for each, as each crate has its own
/// tree).
///
/// On the fast path the files are read and skeletonized on the thread pool while this thread
/// parses them, in module order, as they come: whichever of the two comes to a file first
/// prepares it, and the other waits for it. (Syntax trees are not `Send`, so the parsing itself
/// stays on this thread; reading everything first left it idle for a third of a run.)
#[derive(Default)]
pub struct PackageFiles {
    prepared: HashMap<PathBuf, Arc<OnceLock<Prepared>>>,
    /// The package directory: the files read ahead are read within it.
    root: Option<Root>,
    /// Whether the fn bodies of its files are checked for syntax errors: those of the crates
    /// the run is about, not those of a registry, vendored or git dependency (cargo built them).
    bodies: bool,
    /// The attributes that keep an item parsed when the files are parsed (see [`KeptAttributes`]).
    kept: KeptAttributes,
}

impl PackageFiles {
    /// The `.rs` files under the directories of the package's target roots that are below the
    /// package directory (`src/`, `examples/`), inside `boundary` and not excluded.
    pub fn read(
        crate_dir: &Path,
        roots: &[PathBuf],
        exclude: &[PathBuf],
        mode: ParseMode,
        kept: KeptAttributes,
        bodies: bool,
    ) -> Self {
        let boundary = crate_dir.canonicalize().unwrap_or_else(|_| crate_dir.to_path_buf());
        let mut dirs: Vec<PathBuf> = Vec::new();
        for root in roots {
            // The first directory below the package one: walking the package directory itself
            // would walk `target/`.
            let Ok(rel) = root.strip_prefix(crate_dir) else { continue };
            let Some(first) = rel.components().next().filter(|_| rel.components().count() > 1) else { continue };
            let dir = crate_dir.join(first);
            if !dirs.contains(&dir) {
                dirs.push(dir);
            }
        }
        let files: Vec<PathBuf> = dirs.iter().flat_map(|d| list_rs_files(d, &boundary, exclude, crate_dir)).collect();
        let cells: Vec<(PathBuf, Arc<OnceLock<Prepared>>)> =
            files.into_iter().map(|p| (p, Arc::new(OnceLock::new()))).collect();
        let prepared = cells.iter().map(|(p, cell)| (p.clone(), cell.clone())).collect();
        let root = Root::new(RootKind::Crate, crate_dir);
        let within = root.clone();
        match mode {
            ParseMode::Skeleton => rayon::spawn(move || {
                cells.into_par_iter().for_each(|(p, cell)| {
                    // A panic here would abort the process (a spawned job has no caller): the
                    // cell then stays empty, and the parsing thread prepares the file itself,
                    // panicking there as it did when it waited for the whole batch.
                    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        cell.get_or_init(|| prepare(&within, &p, mode, bodies, kept));
                    }));
                });
            }),
            ParseMode::Full => cells.iter().for_each(|(p, cell)| {
                cell.get_or_init(|| prepare(&within, p, mode, bodies, kept));
            }),
        }
        PackageFiles { prepared, root: Some(root), bodies, kept }
    }

    /// No files read ahead (a single file outside a package): each is read when reached.
    pub fn none(kept: KeptAttributes) -> Self {
        PackageFiles { prepared: HashMap::new(), root: None, bodies: true, kept }
    }
}

pub fn load_crate(
    spec: CrateRoot,
    files: &PackageFiles,
    features: &Arc<EnabledFeatures>,
    mode: ParseMode,
    diagnostics: &mut Diagnostics,
) -> Crate {
    let CrateRoot { name, dir: root, root_file, manifest, is_lib } = spec;
    let first_new = diagnostics.0.len();
    let crate_dir = root.as_path();
    let root_file = root_file.as_path();
    let boundary = crate_dir.canonicalize().unwrap_or_else(|_| crate_dir.to_path_buf());
    let mut krate = Crate {
        name,
        manifest,
        files: Vec::new(),
        modules: Vec::new(),
        is_lib,
        features: (**features).clone(),
        externs: HashMap::new(),
        is_registry: false,
        scopes: Vec::new(),
        read_root: Root::project(&boundary),
    };
    let mut builder = TreeBuilder {
        crate_root: Root::new(RootKind::Crate, &boundary),
        project_root: krate.read_root.clone(),
        boundary,
        pool: files,
        features: features.clone(),
        used: HashSet::new(),
        diagnostics,
        krate: &mut krate,
        mode,
    };
    builder.add_file_module(root_file, Vec::new(), None, true, None);
    if builder.krate.modules.is_empty() {
        // The root file was not read, did not parse or is switched off (reported): the crate is
        // there with nothing in it, so a path into it resolves to nothing.
        let source = Arc::new(SourceFile::new(root_file.to_path_buf(), Arc::from("")));
        builder.krate.files.push(ParsedFile::new(source, Lines::of(""), None, DeferredItems::default()));
        let dir = root_file.parent().unwrap_or(Path::new("")).to_path_buf();
        builder.add_module(Vec::new(), None, 0, Vec::new(), dir.clone(), Some(dir));
    }
    // What loading found is about this crate's sources: its per-crate lint levels apply.
    for d in &mut diagnostics.0[first_new..] {
        d.krate = Some(krate.name.clone());
    }
    krate
}

/// Every `.rs` file under `dir`, canonical, inside `boundary`; symlinks are followed only when
/// their target stays inside it.
fn list_rs_files(dir: &Path, boundary: &Path, exclude: &[PathBuf], crate_dir: &Path) -> Vec<PathBuf> {
    let excluded: Vec<PathBuf> = exclude.iter().map(|e| crate_dir.join(e)).collect();
    walkdir::WalkDir::new(dir)
        .follow_links(false)
        .into_iter()
        .filter_entry(|e| !excluded.iter().any(|x| e.path().starts_with(x)))
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "rs"))
        .filter_map(|e| crate::read::canonical(e.path()).ok())
        .filter(|p| p.starts_with(boundary) && p.is_file())
        .collect()
}

/// Why a file was not read: the boundary's refusal, as the diagnostic it becomes.
#[derive(Clone)]
struct Failure {
    /// Refused (outside the root: a warning, as `#[path]` out of the crate always was) rather
    /// than unreadable.
    outside: bool,
    not_utf8: bool,
    /// The refusal, named in the message by the path the file is shown by when reported (the
    /// reading threads prepare a file by its canonical path, the tree builder by the user's: the
    /// message must not depend on which came first).
    refused: Arc<crate::read::Refused>,
}

/// A file read from disk, with its skeleton.
#[derive(Clone)]
struct Prepared {
    read: Option<ReadFile>,
    failure: Option<Failure>,
    /// The full text, on the path that parses it.
    full: Option<String>,
    skeleton: Option<Skeleton>,
}

/// `bodies`: whether its fn bodies are checked (see [`bodies_parse`]), `attrs`: the profile's
/// attributes (a body naming one is parsed there).
fn prepare(root: &Root, path: &Path, mode: ParseMode, bodies: bool, attrs: KeptAttributes) -> Prepared {
    // A file that cannot be read or decoded has no AST; `report_unparsable` says why.
    let text = match crate::read::read_within(root, path) {
        Ok(text) => text,
        Err(refused) => {
            let failure = Failure {
                outside: matches!(refused.why, crate::read::Why::Outside(_)),
                not_utf8: matches!(refused.why, crate::read::Why::NotUtf8),
                refused: Arc::new(refused),
            };
            return Prepared { read: None, failure: Some(failure), full: None, skeleton: None };
        }
    };
    let (text, changed) = as_rustc_reads(text);
    let lines = Lines::of(&text);
    // A text that is no longer the bytes on disk is kept: a snippet or a body must not read the
    // file again.
    let kept = changed.then(|| Arc::<str>::from(text.as_str()));
    if super::nesting::too_deep(&text).is_some() {
        // Deeper than syn and the walkers of its tree can recurse: not parsed, and
        // `report_unparsable` says where.
        return Prepared { read: Some(ReadFile { lines, text: kept }), failure: None, full: None, skeleton: None };
    }
    match mode {
        ParseMode::Skeleton => Prepared {
            read: Some(ReadFile { lines, text: kept }),
            failure: None,
            full: None,
            skeleton: Some(skeletonize(&text)).filter(|s| !bodies || bodies_parse(&text, s, attrs)),
        },
        ParseMode::Full => {
            Prepared { read: Some(ReadFile { lines, text: None }), failure: None, full: Some(text), skeleton: None }
        }
    }
}

/// The text of a source file as rustc reads it (the Reference's input format): a byte order mark
/// at the start removed, and each CRLF made LF (in block doc comments and raw strings too; a lone
/// CR stays). Whether it changed.
fn as_rustc_reads(text: String) -> (String, bool) {
    let without_bom = text.strip_prefix('\u{feff}');
    if without_bom.is_none() && !text.contains("\r\n") {
        return (text, false);
    }
    (without_bom.unwrap_or(&text).replace("\r\n", "\n"), true)
}

/// Whether every fn body the skeleton left out is made of Rust tokens (its literals, comments and
/// delimiters lex): checked here, on the thread that reads the file, for every body, so that a
/// half-edited body (an unclosed string, a stray bracket) is an error of the file as on the full
/// parse. Lexing is a fraction of a parse (a syn parse of every body made the big-file shape
/// three times slower); the grammar of a body is checked when a profile parses it, and a body
/// that does not parse then is a syntax error of the run ([`super::ParsedFile::body_errors`]),
/// never a body taken as empty. `--full-parse` checks the grammar of every body.
///
/// A body whose text names one of the profile's kept attributes (`#[tool]`) and a `#` is parsed
/// here in full: a brace moved by a half-edited change can put the next tool fn inside the
/// body before it, which still lexes, and the tool would be lost without a word.
fn bodies_parse(text: &str, skeleton: &Skeleton, kept: KeptAttributes) -> bool {
    skeleton.bodies.iter().all(|b| {
        let Some(body) = text.get(b.open..b.close + 1) else { return false };
        if body.contains('#') && kept.0.iter().any(|k| body.contains(k)) {
            return syn::parse_str::<syn::Block>(body).is_ok();
        }
        body.parse::<proc_macro2::TokenStream>().is_ok()
    })
}

/// Parse a prepared file and apply `cfg` to it (before anything is deferred: a shell keeps no
/// attributes).
fn parse_prepared(prep: Prepared, features: &Arc<EnabledFeatures>, kept: KeptAttributes) -> Loaded {
    let Prepared { mut read, failure, full, skeleton } = prep;
    let mut deferred = DeferredItems::default();
    let mut pass = CfgPass::new(features);
    let mut active = true;
    let mut apply_cfg = |ast: &mut syn::File| {
        active = pass.attrs(&mut ast.attrs);
        pass.items(&mut ast.items);
    };
    let ast = match (&skeleton, &full) {
        (Some(s), _) => syn::parse_file(&s.text).ok().map(|mut ast| {
            apply_cfg(&mut ast);
            deferred = DeferredItems::take(&mut ast.items, &s.text, features.clone(), kept);
            super::compacted(&ast)
        }),
        (None, Some(t)) => syn::parse_file(t).ok().map(|mut ast| {
            apply_cfg(&mut ast);
            ast
        }),
        (None, None) => None,
    };
    if let (Some(r), Some(t)) = (&mut read, full) {
        r.text = Some(Arc::from(t));
    }
    Loaded { read, failure, ast, skeleton, deferred, active, unreadable_cfg: pass.unreadable }
}

struct TreeBuilder<'a> {
    boundary: PathBuf,
    /// What a module file is read within (the package directory).
    crate_root: Root,
    /// What the crate root file (a target's `path`) is read within.
    project_root: Root,
    pool: &'a PackageFiles,
    features: Arc<EnabledFeatures>,
    used: HashSet<PathBuf>,
    diagnostics: &'a mut Diagnostics,
    krate: &'a mut Crate,
    mode: ParseMode,
}

impl TreeBuilder<'_> {
    /// Load `path` as the module `mod_path` and everything it declares.
    fn add_file_module(
        &mut self,
        path: &Path,
        mod_path: Vec<String>,
        parent: Option<ModuleId>,
        mod_rs_like: bool,
        declared_at: Option<crate::diagnostics::Location>,
    ) -> Option<ModuleId> {
        let canonical = match crate::read::canonical(path) {
            Ok(c) => c,
            Err(e) => {
                self.diagnostics.push(
                    Diagnostic::error(Code::UnreadableFile, format!("cannot read {}: {e}", path.display()))
                        .in_file(path)
                        .at(declared_at),
                );
                return None;
            }
        };
        if !canonical.starts_with(&self.boundary) && !self.krate.files.is_empty() {
            self.diagnostics.push(
                Diagnostic::warning(
                    Code::OutsideRoot,
                    format!("{} is outside the crate root {}; not read", path.display(), self.boundary.display()),
                )
                .at(declared_at),
            );
            return None;
        }
        if !self.used.insert(canonical.clone()) {
            self.diagnostics.push(
                Diagnostic::warning(
                    Code::ModuleCycle,
                    format!("{} is already a module of this crate; not read again", path.display()),
                )
                .at(declared_at),
            );
            return None;
        }
        let root = if self.krate.files.is_empty() { &self.project_root } else { &self.crate_root };
        let prepared = match self.pool.prepared.get(&canonical) {
            Some(cell) => {
                let within = self.pool.root.as_ref().unwrap_or(root);
                cell.get_or_init(|| prepare(within, &canonical, self.mode, self.pool.bodies, self.pool.kept)).clone()
            }
            None => prepare(root, &canonical, self.mode, self.pool.bodies, self.pool.kept),
        };
        let loaded = parse_prepared(prepared, &self.features, self.pool.kept);
        // Diagnostics name the file as the user would: relative to where they pointed us.
        let shown = path.to_path_buf();
        let (source, lines) = match loaded.read {
            Some(ReadFile { lines, text: Some(text) }) => (SourceFile::new(shown, text), lines),
            Some(ReadFile { lines, text: None }) => (
                SourceFile::on_disk(shown, canonical.clone(), crate::read::reopen, lines.len, lines.starts.clone()),
                lines,
            ),
            None => (SourceFile::new(shown, Arc::from("")), Lines::of("")),
        };
        let parsed = ParsedFile::new(Arc::new(source), lines, loaded.skeleton.as_ref(), loaded.deferred);
        let ast = match loaded.ast {
            Some(ast) => ast,
            None => {
                self.report_unparsable(loaded.failure, &parsed, declared_at);
                return None;
            }
        };
        for span in &loaded.unreadable_cfg {
            self.diagnostics.push(
                Diagnostic::warning(Code::UnreadableCfg, "this `cfg` predicate cannot be read; taken as on")
                    .at(Some(parsed.location(*span))),
            );
        }
        if !loaded.active {
            return None;
        }
        let file_index = self.krate.files.len();
        self.krate.files.push(parsed);
        let dir = path.parent().unwrap_or(Path::new("")).to_path_buf();
        let child_dir = if mod_rs_like { dir.clone() } else { dir.join(path.file_stem().unwrap_or_default()) };
        Some(self.add_module(mod_path, parent, file_index, ast.items, child_dir, Some(dir)))
    }

    fn report_unparsable(
        &mut self,
        failure: Option<Failure>,
        parsed: &ParsedFile,
        declared_at: Option<crate::diagnostics::Location>,
    ) {
        let path = &parsed.source.path;
        let d = match failure {
            // A module out of the crate is left out, as `#[path]` out of it always was; a crate
            // root that cannot be read leaves no crate.
            Some(f) if f.outside && !self.krate.files.is_empty() => {
                Diagnostic::warning(Code::OutsideRoot, f.refused.shown_as(path)).at(declared_at)
            }
            Some(f) if f.not_utf8 => Diagnostic::error(Code::NotUtf8, f.refused.shown_as(path)).in_file(path),
            Some(f) => Diagnostic::error(Code::UnreadableFile, f.refused.shown_as(path)).in_file(path).at(declared_at),
            None if super::nesting::too_deep(parsed.source.text()).is_some() => {
                let at = super::nesting::too_deep(parsed.source.text()).unwrap_or(0);
                let limit = super::nesting::MAX_NESTING;
                let location = crate::diagnostics::Location { file: parsed.source.clone(), start: at, len: 1 };
                Diagnostic::error(Code::SyntaxError, format!("the code nests more than {limit} levels deep"))
                    .at(Some(location))
                    .with_label(format!("level {}", limit + 1))
                    .with_help("brackets, braces, parentheses and generic arguments count; real code nests a few dozen")
                    .in_file(path)
            }
            // The whole text, as the full parse reads it: the same error at the same place on
            // both paths, in a body as anywhere else.
            None => match syn::parse_file(parsed.source.text()) {
                Err(e) => Diagnostic::error(Code::SyntaxError, format!("syntax error: {e}"))
                    .at(Some(parsed.original_location(e.span())))
                    .with_label(e.to_string())
                    .in_file(path),
                Ok(_) => Diagnostic::error(Code::SyntaxError, "syntax error").in_file(path),
            },
        };
        self.diagnostics.push(d);
    }

    /// `path_base`: the directory `#[path]` is relative to for `mod` items of this module
    /// (`None` inside an inline module, where it is `child_dir`).
    fn add_module(
        &mut self,
        mod_path: Vec<String>,
        parent: Option<ModuleId>,
        file: usize,
        mut items: Vec<syn::Item>,
        child_dir: PathBuf,
        path_base: Option<PathBuf>,
    ) -> ModuleId {
        let id = ModuleId(self.krate.modules.len());
        self.krate.modules.push(Module {
            path: mod_path.clone(),
            parent,
            file,
            items: Vec::new(),
            children: HashMap::new(),
        });
        if mod_path.len() > MAX_MODULE_DEPTH {
            self.diagnostics.push(Diagnostic::error(
                Code::ModuleTooDeep,
                format!("modules nest more than {MAX_MODULE_DEPTH} levels deep at {}", mod_path.join("::")),
            ));
            return id;
        }
        for item in &mut items {
            let syn::Item::Mod(m) = item else { continue };
            let name = unraw(&m.ident.to_string());
            let mut child_path = mod_path.clone();
            child_path.push(name.clone());
            let attr_path = path_attr(&m.attrs);
            let child = if let Some((_, inner)) = m.content.take() {
                let dir = match &attr_path {
                    Some(p) => child_dir.join(p),
                    None => child_dir.join(&name),
                };
                Some(self.add_module(child_path, Some(id), file, inner, dir, None))
            } else {
                let location = Some(self.krate.files[file].location(m.ident.span()));
                match &attr_path {
                    Some(p) => {
                        let base = path_base.clone().unwrap_or_else(|| child_dir.clone());
                        let target = base.join(p);
                        self.add_file_module(&target, child_path, Some(id), true, location)
                    }
                    None => {
                        let flat = child_dir.join(format!("{name}.rs"));
                        let nested = child_dir.join(&name).join("mod.rs");
                        if flat.is_file() {
                            self.add_file_module(&flat, child_path, Some(id), false, location)
                        } else if nested.is_file() {
                            self.add_file_module(&nested, child_path, Some(id), true, location)
                        } else {
                            self.diagnostics.push(
                                Diagnostic::warning(Code::MissingModule, format!("file not found for module `{name}`"))
                                    .at(location)
                                    .with_help(format!(
                                        "looked for {} and {}: create one or remove the `mod`; if a build script writes it, allow the code for this crate alone (`[lints.crates.{}]` `missing-module = \"allow\"`)",
                                        flat.display(),
                                        nested.display(),
                                        self.krate.name
                                    )),
                            );
                            None
                        }
                    }
                }
            };
            if let Some(child) = child {
                self.krate.modules[id.0].children.insert(name, child);
            }
        }
        self.krate.modules[id.0].items = items;
        id
    }
}

fn path_attr(attrs: &[syn::Attribute]) -> Option<String> {
    attrs.iter().find_map(|a| {
        if !a.path().is_ident("path") {
            return None;
        }
        match &a.meta {
            syn::Meta::NameValue(nv) => match &nv.value {
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        }
    })
}

/// `r#type` → `type`.
pub fn unraw(ident: &str) -> String {
    ident.strip_prefix("r#").unwrap_or(ident).to_owned()
}
