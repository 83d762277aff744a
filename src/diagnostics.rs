//! Diagnostics as data. The core never prints: it collects [`Diagnostic`]s, and the CLI renders
//! them with miette (file, line, column and a source snippet).

use std::borrow::Cow;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use miette::{LabeledSpan, SourceSpan};

pub mod codes;
pub(crate) mod lints;
pub use codes::Code;
pub use lints::{check_level, Group, Level, LevelError, LintName, Lints, GROUPS};

/// How bad a diagnostic is. Levels ([`Lints`]) and `--strict` make warnings errors; notes stay
/// notes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Worth knowing, never wrong: the manifest is complete (a runtime condition that selects
    /// some tools, say).
    Note,
    /// Worth fixing; the manifest is still written. Levels can drop it or make it an error.
    Warning,
    /// The manifest would be wrong: none is written.
    Error,
}

impl Severity {
    /// The severity as every output names it (`error`, `warning`, `note`; SARIF's levels too).
    pub fn name(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// How a file is opened for reading again (see [`SourceFile::on_disk`]).
pub type Opener = fn(&Path) -> std::io::Result<std::fs::File>;

/// A source file as the diagnostics see it: its path (as given on the command line) and its text.
///
/// The text of a source file read on the fast path is not kept in memory (it is as large as the
/// crate): it is read again, on first use, from the file it came from (see [`SourceFile::on_disk`]).
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// The path diagnostics show for the file.
    pub path: PathBuf,
    text: std::sync::OnceLock<Arc<str>>,
    /// Where to read the text again, and the line starts it had when first read.
    reread: Option<Arc<Reread>>,
}

/// How many files' text [`Reread::recent_text`] keeps, per thread.
const RECENT_FILES: usize = 4;
/// The largest file it keeps.
const RECENT_MAX_BYTES: usize = 4 << 20;

thread_local! {
    static RECENT: std::cell::RefCell<Vec<(PathBuf, Arc<str>)>> = const { std::cell::RefCell::new(Vec::new()) };
}

#[derive(Debug)]
struct Reread {
    disk: PathBuf,
    /// How the file is opened again: the read boundary (`crate::read`).
    open: Opener,
    len: usize,
    line_starts: Arc<[u32]>,
}

impl SourceFile {
    /// A file with its text in memory.
    pub fn new(path: PathBuf, text: Arc<str>) -> Self {
        SourceFile { path, text: std::sync::OnceLock::from(text), reread: None }
    }

    /// A file whose text is read from `disk` when first asked for. It was `len` bytes long, with
    /// lines starting at `line_starts`; should it have changed since (or vanished), the text is
    /// that many spaces with the newlines where they were, so every offset taken from the first
    /// read stays valid.
    pub fn on_disk(path: PathBuf, disk: PathBuf, open: Opener, len: usize, line_starts: Arc<[u32]>) -> Self {
        let reread = Reread { disk, open, len, line_starts };
        SourceFile { path, text: std::sync::OnceLock::new(), reread: Some(Arc::new(reread)) }
    }

    /// The whole text (read again from disk on first use, for a file made by [`SourceFile::on_disk`]).
    pub fn text(&self) -> &str {
        self.text.get_or_init(|| {
            let Some(r) = &self.reread else { return Arc::from("") };
            let read = || -> std::io::Result<String> {
                let mut text = String::with_capacity(r.len + 1);
                let file = (r.open)(&r.disk)?;
                std::io::Read::read_to_string(&mut std::io::Read::take(file, r.len as u64 + 1), &mut text)?;
                Ok(text)
            };
            match read().ok() {
                Some(t) if t.len() == r.len => Arc::from(t),
                _ => Arc::from(r.blank(0..r.len)),
            }
        })
    }

    /// The text of one byte range (empty when it is not one of the text). A file read again from
    /// disk is read only there, and not kept: a profile that looks into a few hundred fn bodies
    /// must not hold the text of every file they are in.
    pub fn slice(&self, range: std::ops::Range<usize>) -> Cow<'_, str> {
        match (self.text.get(), &self.reread) {
            (None, Some(r)) => Cow::Owned(r.read_range(range)),
            _ => Cow::Borrowed(self.text().get(range).unwrap_or_default()),
        }
    }
}

impl Reread {
    fn read_range(&self, range: std::ops::Range<usize>) -> String {
        use std::io::{Read, Seek, SeekFrom};
        if range.start > range.end || range.end > self.len {
            return String::new();
        }
        // A scan asks for many ranges of one file in a row (each fn body of it): the last few
        // files' whole text is kept, so that a file is read once per run of asks, not once per
        // body. Large files are read by range only, so the cache stays small.
        if self.len <= RECENT_MAX_BYTES {
            if let Some(text) = self.recent_text() {
                return text.get(range.clone()).map(str::to_owned).unwrap_or_else(|| self.blank(range));
            }
        }
        let read = || -> std::io::Result<Option<String>> {
            let mut file = (self.open)(&self.disk)?;
            if file.metadata()?.len() != self.len as u64 {
                return Ok(None);
            }
            file.seek(SeekFrom::Start(range.start as u64))?;
            let mut bytes = vec![0; range.len()];
            file.read_exact(&mut bytes)?;
            Ok(String::from_utf8(bytes).ok())
        };
        read().ok().flatten().unwrap_or_else(|| self.blank(range))
    }

    /// The whole text from the recent files' cache, read (and cached) on a miss; `None` when the
    /// file cannot be read as it was.
    fn recent_text(&self) -> Option<Arc<str>> {
        RECENT.with(|recent| {
            let mut recent = recent.borrow_mut();
            if let Some(i) = recent.iter().position(|(p, t)| *p == self.disk && t.len() == self.len) {
                let hit = recent.remove(i);
                let text = hit.1.clone();
                recent.insert(0, hit);
                return Some(text);
            }
            let mut text = String::with_capacity(self.len + 1);
            let file = (self.open)(&self.disk).ok()?;
            std::io::Read::read_to_string(&mut std::io::Read::take(file, self.len as u64 + 1), &mut text).ok()?;
            if text.len() != self.len {
                return None;
            }
            let text: Arc<str> = Arc::from(text);
            recent.insert(0, (self.disk.clone(), text.clone()));
            recent.truncate(RECENT_FILES);
            Some(text)
        })
    }

    /// Spaces with the newlines where the file had them when first read: what stands for a text
    /// that changed or vanished since, so that every offset taken from the first read stays valid.
    fn blank(&self, range: std::ops::Range<usize>) -> String {
        let mut blank = vec![b' '; range.len()];
        let first = self.line_starts.partition_point(|&s| (s as usize) <= range.start);
        for &start in &self.line_starts[first..] {
            let newline = start as usize - 1;
            if newline >= range.end {
                break;
            }
            blank[newline - range.start] = b'\n';
        }
        String::from_utf8(blank).expect("ASCII")
    }
}

/// A byte range in one source file.
#[derive(Debug, Clone)]
pub struct Location {
    /// The file.
    pub file: Arc<SourceFile>,
    /// The byte offset of the start.
    pub start: usize,
    /// The length in bytes.
    pub len: usize,
}

impl Location {
    /// 1-based line and column of the start of the range.
    pub fn line_col(&self) -> (usize, usize) {
        let text = self.file.text();
        let before = text.get(..self.start.min(text.len())).unwrap_or_default();
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
    }
}

/// One finding of a run: an error (the run fails with status 2) or a warning.
#[derive(Debug, Clone)]
pub struct Diagnostic {
    /// How bad it is.
    pub severity: Severity,
    /// A stable code such as [`Code::UnknownType`]; shown as `mcp_schema::unknown-type`.
    pub code: Code,
    /// What is wrong, in a sentence.
    pub message: String,
    /// The span it is about, if any: shown as `path:line:col` and a snippet.
    pub location: Option<Location>,
    /// The text under the caret in the snippet.
    pub label: Option<String>,
    /// What to do about it, if anything.
    pub help: Option<String>,
    /// A file the diagnostic is about when there is no span in it (an unreadable file, say).
    pub path: Option<PathBuf>,
    /// The published name of the tool it is about, for stages that match findings to it.
    pub tool: Option<String>,
    /// The crate whose sources it is about, when source loading made it: per-crate lint levels
    /// (`[lints.crates.NAME]`) apply to it.
    pub krate: Option<String>,
}

impl Diagnostic {
    /// An error of `code`.
    pub fn error(code: Code, message: impl Into<String>) -> Self {
        Diagnostic::new(Severity::Error, code, message.into())
    }

    /// A warning of `code`, with its code's documented fix as the help line (a warning says what
    /// to do about it); `with_help` gives a more particular one.
    pub fn warning(code: Code, message: impl Into<String>) -> Self {
        let fix = code.doc().fix.replace('\n', " ");
        Diagnostic::new(Severity::Warning, code, message.into()).with_help(fix)
    }

    /// A note of `code`.
    pub fn note(code: Code, message: impl Into<String>) -> Self {
        Diagnostic::new(Severity::Note, code, message.into())
    }

    fn new(severity: Severity, code: Code, message: String) -> Self {
        // docs/diagnostics.md says what each code is raised as; this keeps it true.
        debug_assert!(
            code.kind().allows(severity),
            "`{code}` is documented as {:?}, raised as {severity:?}",
            code.kind()
        );
        Diagnostic {
            severity,
            code,
            message,
            location: None,
            label: None,
            help: None,
            path: None,
            tool: None,
            krate: None,
        }
    }

    /// The tool the diagnostic is about (its published name).
    pub fn for_tool(mut self, name: &str) -> Self {
        self.tool = Some(name.to_owned());
        self
    }

    /// A diagnostic saying that `tool`'s `key` (`inputSchema`, `outputSchema`) was left out of
    /// the manifest, and `why`: `tool `fetch`: inputSchema left out: WHY`, marked with the tool.
    pub fn left_out(severity: Severity, code: Code, tool: &str, key: &str, why: &str) -> Self {
        let message = format!("tool `{tool}`: {key} left out: {why}");
        let d = match severity {
            Severity::Error => Diagnostic::error(code, message),
            _ => Diagnostic::warning(code, message),
        };
        d.for_tool(tool)
    }

    /// For a diagnostic made by [`Diagnostic::left_out`]: the key it left out and why.
    pub fn left_out_key(&self) -> Option<(&'static str, &str)> {
        let tool = self.tool.as_deref()?;
        let rest = self.message.strip_prefix("tool `")?.strip_prefix(tool)?.strip_prefix("`: ")?;
        ["inputSchema", "outputSchema"]
            .into_iter()
            .find_map(|key| Some((key, rest.strip_prefix(key)?.strip_prefix(" left out: ")?)))
    }

    /// The span the diagnostic is about.
    pub fn at(mut self, location: Option<Location>) -> Self {
        self.location = location;
        self
    }

    /// The text under the caret.
    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    /// What to do about it.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// The file it is about, when there is no span in it.
    pub fn in_file(mut self, path: &Path) -> Self {
        self.path = Some(path.to_path_buf());
        self
    }

    /// Whether it is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The file this diagnostic points at, if any.
    pub fn file_path(&self) -> Option<&Path> {
        self.location.as_ref().map(|l| l.file.path.as_path()).or(self.path.as_deref())
    }

    /// This diagnostic as a `miette::Diagnostic` (with its source snippet and label), for a
    /// front end to render, e.g. through `miette::Report::new`.
    pub fn to_miette(&self) -> impl miette::Diagnostic + Send + Sync + 'static {
        Rendered {
            severity: self.severity,
            code: self.code.id(),
            message: self.message.clone(),
            location: self.location.clone(),
            label: self.label.clone(),
            help: self.help.clone(),
            path: self.path.clone(),
        }
    }
}

/// A finding that is not a diagnostic, rendered as one: a drift change of `check`, shown under
/// the id of its rule (`mcp_schema::type-changed`) with a snippet of the Rust line behind it.
pub(crate) fn rule_report(
    severity: Severity,
    rule_id: &'static str,
    message: String,
    at: Location,
    label: &str,
) -> miette::Report {
    miette::Report::new(Rendered {
        severity,
        code: rule_id,
        message,
        location: Some(at),
        label: Some(label.to_owned()),
        help: None,
        path: None,
    })
}

impl fmt::Display for Diagnostic {
    /// A one-line form: `path:line:col: error[code]: message`. Used in tests and `--format github`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sev = self.severity.name();
        if let Some(loc) = &self.location {
            let (line, col) = loc.line_col();
            write!(f, "{}:{}:{}: ", loc.file.path.display(), line, col)?;
        } else if let Some(path) = &self.path {
            write!(f, "{}: ", path.display())?;
        }
        write!(f, "{sev}[{}]: {}", self.code, self.message)
    }
}

/// The miette view of a [`Diagnostic`] (or of a drift change, [`rule_report`]).
#[derive(Debug)]
struct Rendered {
    severity: Severity,
    /// The id shown as `mcp_schema::ID`.
    code: &'static str,
    message: String,
    location: Option<Location>,
    label: Option<String>,
    help: Option<String>,
    path: Option<PathBuf>,
}

impl fmt::Display for Rendered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        if self.location.is_none() {
            if let Some(path) = &self.path {
                write!(f, "\n  in {}", path.display())?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for Rendered {}

impl miette::Diagnostic for Rendered {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(format!("mcp_schema::{}", self.code)))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.severity {
            Severity::Note => miette::Severity::Advice,
            Severity::Warning => miette::Severity::Warning,
            Severity::Error => miette::Severity::Error,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help.as_ref().map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.location.as_ref().map(|l| &*l.file as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let loc = self.location.as_ref()?;
        // On a line too long to show whole, the caret stays within the part that is shown.
        let len = match window(loc.file.text(), loc.start) {
            Some(w) => loc.len.min(w.end.saturating_sub(loc.start)),
            None => loc.len,
        };
        let span = SourceSpan::new(loc.start.into(), len);
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(self.label.clone(), span))))
    }
}

impl miette::SourceCode for SourceFile {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let text: &'a str = self.text();
        if let Some(w) = window(text, span.offset()) {
            // A long line (generated code, a chain of hundreds of terms): only a window of it,
            // around the span, without context lines.
            let line = text[..w.start].matches('\n').count();
            // The column of the span (miette's header), not of the window.
            let at = span.offset().min(text.len());
            let line_start = text[..w.start].rfind('\n').map_or(0, |i| i + 1);
            let column = text[line_start..at].chars().count();
            return Ok(Box::new(miette::MietteSpanContents::new_named(
                self.path.display().to_string(),
                &text.as_bytes()[w.clone()],
                SourceSpan::new(w.start.into(), w.len()),
                line,
                column,
                1,
            )));
        }
        let mut contents = text.read_span(span, context_lines_before, context_lines_after)?;
        if contents.data().split(|&b| b == b'\n').any(|l| l.len() > LONG_LINE) {
            // The span's own line is short, but a context line is not: no context.
            contents = text.read_span(span, 0, 0)?;
        }
        Ok(Box::new(miette::MietteSpanContents::new_named(
            self.path.display().to_string(),
            contents.data(),
            *contents.span(),
            contents.line(),
            contents.column(),
            contents.line_count(),
        )))
    }
}

/// Lines longer than this (in bytes) are shown as a window around the span.
const LONG_LINE: usize = 160;

/// Bytes of a long line shown before the span's start.
const WINDOW_BEFORE: usize = 60;

/// The part of the line holding `offset` that a snippet shows, when the line is too long to be
/// shown whole: from a little before `offset`, [`LONG_LINE`] bytes at most, on char boundaries.
fn window(text: &str, offset: usize) -> Option<std::ops::Range<usize>> {
    let offset = offset.min(text.len());
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    if line_end - line_start <= LONG_LINE {
        return None;
    }
    let mut start = offset.saturating_sub(WINDOW_BEFORE).max(line_start);
    while !text.is_char_boundary(start) {
        start += 1;
    }
    let mut end = (start + LONG_LINE).min(line_end);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    Some(start..end)
}

/// The diagnostics of one run, in the order they were found.
#[derive(Debug, Default, Clone)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// Add one at the end.
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }

    /// Whether any is an error.
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(Diagnostic::is_error)
    }

    /// Each, in order.
    pub fn iter(&self) -> impl Iterator<Item = &Diagnostic> {
        self.0.iter()
    }

    /// Add `other`'s at the end.
    pub fn extend(&mut self, other: Diagnostics) {
        self.0.extend(other.0);
    }
}

/// A path as messages show it: without a leading `./`.
pub fn shown_path(path: &Path) -> String {
    path.strip_prefix(".").unwrap_or(path).display().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_read_again_is_the_file_or_blanks_of_its_shape() {
        let dir = tempfile::tempdir().unwrap();
        let disk = dir.path().join("a.rs");
        std::fs::write(&disk, "fn a() {}\nfn é() {}\n").unwrap();
        let starts: Arc<[u32]> = Arc::from(vec![0u32, 10, 21]);
        let same = SourceFile::on_disk("a.rs".into(), disk.clone(), |p| std::fs::File::open(p), 21, starts.clone());
        assert_eq!(same.text(), "fn a() {}\nfn é() {}\n");
        // Changed (or gone) since it was first read: the same length and lines, nothing else.
        std::fs::write(&disk, "fn b() {}\n").unwrap();
        let changed = SourceFile::on_disk("a.rs".into(), disk.clone(), |p| std::fs::File::open(p), 21, starts);
        assert_eq!(changed.text(), format!("{}\n{}\n", " ".repeat(9), " ".repeat(10)));
    }

    #[test]
    fn a_slice_does_not_make_the_file_keep_its_text() {
        let dir = tempfile::tempdir().unwrap();
        let disk = dir.path().join("a.rs");
        std::fs::write(&disk, "fn a() {}\nfn é() {}\n").unwrap();
        let starts: Arc<[u32]> = Arc::from(vec![0u32, 10, 21]);
        let file = SourceFile::on_disk("a.rs".into(), disk.clone(), |p| std::fs::File::open(p), 21, starts.clone());
        assert_eq!(file.slice(7..13), "{}\nfn ");
        assert_eq!(file.slice(13..15), "é", "a range on char boundaries");
        assert_eq!(file.slice(14..15), " ", "not one: blanks");
        assert_eq!(file.slice(20..22), "", "out of the file");
        assert!(file.text.get().is_none(), "the whole text was never kept by the file");
        // Changed since: the text read first still gives the ranges (what was parsed), until it
        // leaves the recent files; then the range has the old shape.
        std::fs::write(&disk, "fn b() {}\n").unwrap();
        assert_eq!(file.slice(7..13), "{}\nfn ");
        RECENT.with(|r| r.borrow_mut().clear());
        assert_eq!(file.slice(7..13), "  \n   ");
        assert_eq!(file.slice(9..21), format!("\n{}\n", " ".repeat(10)));
    }

    #[test]
    fn long_lines_are_shown_as_a_window_on_char_boundaries() {
        assert_eq!(window("short\nline", 7), None);
        let line = "é".repeat(300);
        let text = format!("a\n{line}\nb");
        let at = 2 + 200; // inside the long line, on a char boundary
        let w = window(&text, at).expect("a window");
        assert!(text.is_char_boundary(w.start) && text.is_char_boundary(w.end));
        assert!(w.start <= at && at - w.start <= WINDOW_BEFORE && w.len() <= LONG_LINE);
        assert!(w.start >= 2 && w.end <= 2 + line.len(), "within the line");
    }
}
